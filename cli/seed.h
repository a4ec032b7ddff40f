/* seed.h — the seed a command uses when --seed is not given: drawn from the system's
 * entropy, in the range --seed accepts (0..2^63-1) so that it round-trips through
 * --seed, JSON outputs and game logs. */
#ifndef BERSERK_CLI_SEED_H
#define BERSERK_CLI_SEED_H

#include <stdint.h>

/* getrandom(2), else /dev/urandom, else the clock mixed with the process id. */
uint64_t cli_random_seed(void);

#endif
