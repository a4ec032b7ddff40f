/* agent_names.h — the agents' names as the help and the game batches show them: the one place
 * of the default agent of --agent/--agent1/--agent2 (greedy, issue 12) and of
 * the names the help lists and the shell completes (bsk_agent_parse decides what is accepted).
 * Plain macros: the help generator includes this with nothing else. */
#ifndef BERSERK_CLI_AGENT_NAMES_H
#define BERSERK_CLI_AGENT_NAMES_H

#define CLI_DEFAULT_AGENT "greedy"
#define CLI_AGENT_CHOICES "passive random greedy search" /* for the shell */
#define CLI_AGENT_LIST "passive, random, greedy, search"  /* for the help */

#endif
