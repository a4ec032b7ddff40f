/* seed.c — fresh seeds from the system's entropy (seed.h). Two runs in the same second
 * get different seeds, which time(NULL) alone did not give. */
#include "seed.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 25))
#include <sys/random.h>
#define HAVE_GETRANDOM 1
#endif

/* Fills the buffer from getrandom(2); false when the call is missing or fails. */
static bool from_getrandom(unsigned char *buffer, size_t size)
{
#ifdef HAVE_GETRANDOM
    size_t got = 0;
    while (got < size) {
        ssize_t n = getrandom(buffer + got, size - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        got += (size_t)n;
    }
    return true;
#else
    (void)buffer;
    (void)size;
    return false;
#endif
}

static bool from_urandom(unsigned char *buffer, size_t size)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, buffer + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    return got == size;
}

/* SplitMix64's finaliser: spreads the clock and pid over all bits. */
static uint64_t mix(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

uint64_t cli_random_seed(void)
{
    unsigned char bytes[8];
    uint64_t seed = 0;
    if (from_getrandom(bytes, sizeof bytes) || from_urandom(bytes, sizeof bytes)) {
        for (size_t i = 0; i < sizeof bytes; i++)
            seed = seed << 8 | bytes[i];
    } else {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        seed = mix((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec) ^ mix((uint64_t)getpid());
    }
    return seed >> 1; /* 0..2^63-1, the range --seed accepts */
}
