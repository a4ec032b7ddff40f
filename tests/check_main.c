/* check_main.c — runs every Check suite; `CK_RUN_SUITE=name` runs one.
 *
 * BSK_TEST_SUITES="a b" runs only the suites named (default: every one but, in a build with the
 * sanitizers, the statistical ones marked OPTIMISED, which run there only when named).
 * BSK_TEST_JOBS=N (default 1) runs the suites N at a time, each in a child process of its own (a job
 * pool: the next suite starts when one ends, the longest first). A child's output is kept in a
 * temporary file and printed whole when it ends, so the suites' reports never interleave.
 * BSK_TEST_TIMES=FILE appends one line per suite, `SECONDS<TAB>unit/SUITE`, and BSK_TEST_XML=DIR writes
 * Check's XML report of each suite to DIR/SUITE.xml (each test's duration: tests/slowest.py reads
 * both). The last line is `N passed, M failed` over every check; the exit status is 0 only when
 * nothing failed. */
#define _POSIX_C_SOURCE 200809L

#include "suites.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    const char *name; /* as suite_create names it: CK_RUN_SUITE's value */
    Suite *(*create)(void);
    int optimised; /* a statistical claim about the optimised build: left out under the sanitizers */
} suite_entry;

#define SUITE(name) {#name, name##_suite, 0}
#define OPTIMISED(name) {#name, name##_suite, 1}

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif
/* Longest first (measured on 2 cores), so the pool ends with the short ones. */
static const suite_entry SUITES[] = {
    SUITE(match),    SUITE(agent),     SUITE(real_decks),     SUITE(store_query), SUITE(recruit),    SUITE(deck),
    SUITE(store),    SUITE(rng),       SUITE(decklist),    SUITE(deal),       SUITE(pool),
    SUITE(assertions02), SUITE(format), SUITE(codec),      SUITE(card_table), SUITE(history),
    SUITE(position), SUITE(placement), SUITE(board),       SUITE(keywords),   SUITE(synthetic),
    SUITE(scenario), SUITE(name),      SUITE(assertions0103), SUITE(figures), SUITE(sim_report),
    SUITE(legal_oracle), SUITE(effects), SUITE(life),   SUITE(filter),
    SUITE(agents_features), OPTIMISED(agent_strength),
};
enum { SUITE_COUNT = sizeof SUITES / sizeof SUITES[0], MAX_JOBS = 64 };

typedef struct {
    pid_t pid;
    int index;
    FILE *output; /* the child's stdout and stderr */
    struct timespec start;
} job;

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Runs one suite in this process; its counts go to *passed and *failed. */
static void run_suite(const suite_entry *suite, int *passed, int *failed)
{
    SRunner *runner = srunner_create(suite->create());
    const char *xml_dir = getenv("BSK_TEST_XML");
    char xml_path[4096];
    if (xml_dir != NULL && xml_dir[0] != '\0') {
        snprintf(xml_path, sizeof xml_path, "%s/%s.xml", xml_dir, suite->name);
        srunner_set_xml(runner, xml_path);
    }
    srunner_run_all(runner, CK_NORMAL);
    int run = srunner_ntests_run(runner);
    *failed = srunner_ntests_failed(runner);
    *passed = run - *failed;
    srunner_free(runner);
}

static void record_time(const char *name, double seconds)
{
    const char *path = getenv("BSK_TEST_TIMES");
    if (path == NULL || path[0] == '\0')
        return;
    FILE *f = fopen(path, "a");
    if (f == NULL)
        return;
    fprintf(f, "%.2f\tunit/%s\n", seconds, name);
    fclose(f);
}

/* Waits for one child of the pool, prints its output and adds its counts (its exit status: the number
 * of failed checks, 255 for a child that did not report). */
static void reap(job *jobs, int *running, int *failed_total, int *crashed)
{
    int status;
    pid_t pid = wait(&status);
    if (pid < 0)
        return;
    for (int j = 0; j < *running; j++) {
        if (jobs[j].pid != pid)
            continue;
        fflush(stdout);
        rewind(jobs[j].output);
        char buf[8192];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, jobs[j].output)) > 0)
            fwrite(buf, 1, n, stdout);
        fclose(jobs[j].output);
        const char *name = SUITES[jobs[j].index].name;
        record_time(name, seconds_since(&jobs[j].start));
        if (!WIFEXITED(status)) {
            printf("suite %s: the runner died (signal %d)\n", name, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
            (*crashed)++;
        } else if (WEXITSTATUS(status) == 255) {
            printf("suite %s: the runner did not report\n", name);
            (*crashed)++;
        } else {
            *failed_total += WEXITSTATUS(status);
        }
        fflush(stdout);
        jobs[j] = jobs[--*running];
        return;
    }
}

/* The suite is among BSK_TEST_SUITES (a list separated by spaces), or that list is unset or empty
 * (then not an OPTIMISED suite in a sanitized build). */
static int wanted(const suite_entry *suite)
{
    const char *name = suite->name;
    const char *list = getenv("BSK_TEST_SUITES");
    int by_default = !(SANITIZED && suite->optimised);
    if (list == NULL)
        return by_default;
    size_t length = strlen(name);
    int any = 0;
    for (const char *p = list; *p != '\0';) {
        while (*p == ' ')
            p++;
        const char *end = p;
        while (*end != '\0' && *end != ' ')
            end++;
        if (end > p) {
            any = 1;
            if ((size_t)(end - p) == length && strncmp(p, name, length) == 0)
                return 1;
        }
        p = end;
    }
    return !any && by_default;
}

int main(void)
{
    const char *only = getenv("CK_RUN_SUITE");
    const char *jobs_env = getenv("BSK_TEST_JOBS");
    int jobs_wanted = jobs_env != NULL ? atoi(jobs_env) : 1;
    if (jobs_wanted < 1 || jobs_wanted > MAX_JOBS)
        jobs_wanted = 1;

    int chosen = 0;
    for (int i = 0; i < SUITE_COUNT; i++)
        chosen += wanted(&SUITES[i]);
    if (chosen == 0) {
        fprintf(stderr, "run_tests: BSK_TEST_SUITES=\"%s\" names no suite (they are:", getenv("BSK_TEST_SUITES"));
        for (int i = 0; i < SUITE_COUNT; i++)
            fprintf(stderr, " %s", SUITES[i].name);
        fprintf(stderr, ")\n");
        return 2;
    }
    for (int i = 0; i < SUITE_COUNT; i++)
        if (SANITIZED && SUITES[i].optimised && !wanted(&SUITES[i]))
            printf("suite %s: left to the optimised build (a statistical claim; make test-plain runs it)\n",
                   SUITES[i].name);
    int passed_total = 0, failed_total = 0, crashed = 0;
    if (jobs_wanted == 1 || (only != NULL && only[0] != '\0')) {
        /* One runner over every suite (or the one CK_RUN_SUITE names), as Check does it. */
        SRunner *runner = srunner_create(NULL);
        for (int i = 0; i < SUITE_COUNT; i++)
            if (wanted(&SUITES[i]))
                srunner_add_suite(runner, SUITES[i].create());
        const char *xml_dir = getenv("BSK_TEST_XML");
        char xml_path[4096];
        if (xml_dir != NULL && xml_dir[0] != '\0') {
            snprintf(xml_path, sizeof xml_path, "%s/all.xml", xml_dir);
            srunner_set_xml(runner, xml_path);
        }
        struct timespec start;
        clock_gettime(CLOCK_MONOTONIC, &start);
        srunner_run_all(runner, CK_NORMAL);
        record_time(only != NULL && only[0] != '\0' ? only : "all", seconds_since(&start));
        failed_total = srunner_ntests_failed(runner);
        passed_total = srunner_ntests_run(runner) - failed_total;
        srunner_free(runner);
    } else {
        /* The counts of passed checks come back through a pipe: one line per suite. */
        int counts[2];
        if (pipe(counts) != 0) {
            perror("run_tests: pipe");
            return EXIT_FAILURE;
        }
        job pool[MAX_JOBS];
        int running = 0;
        for (int i = 0; i < SUITE_COUNT; i++) {
            if (!wanted(&SUITES[i]))
                continue;
            while (running >= jobs_wanted)
                reap(pool, &running, &failed_total, &crashed);
            FILE *output = tmpfile();
            if (output == NULL) {
                perror("run_tests: tmpfile");
                return EXIT_FAILURE;
            }
            fflush(stdout);
            fflush(stderr);
            job *j = &pool[running];
            j->index = i;
            j->output = output;
            clock_gettime(CLOCK_MONOTONIC, &j->start);
            j->pid = fork();
            if (j->pid < 0) {
                perror("run_tests: fork");
                return EXIT_FAILURE;
            }
            if (j->pid == 0) {
                close(counts[0]);
                dup2(fileno(output), STDOUT_FILENO);
                dup2(fileno(output), STDERR_FILENO);
                int passed, failed;
                run_suite(&SUITES[i], &passed, &failed);
                char line[64];
                int len = snprintf(line, sizeof line, "%d\n", passed);
                if (write(counts[1], line, (size_t)len) != len)
                    _exit(255);
                fflush(stdout);
                _exit(failed > 254 ? 254 : failed);
            }
            running++;
        }
        while (running > 0)
            reap(pool, &running, &failed_total, &crashed);
        close(counts[1]);
        FILE *in = fdopen(counts[0], "r");
        int n;
        while (in != NULL && fscanf(in, "%d", &n) == 1)
            passed_total += n;
        if (in != NULL)
            fclose(in);
    }
    printf("%d passed, %d failed\n", passed_total, failed_total + crashed);
    return failed_total == 0 && crashed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
