/* hooks: the test suite's switches, read from the environment by the
 * test program alone (tests/jgflint-hooks, which make check builds from
 * the same objects as jgflint and src/cli/hooks.c). The program a user
 * builds and installs links src/cli/nohooks.c instead: it reads none of
 * them, and --version says nothing of them. The library never reads the
 * environment (its callers, the page, npm and the editor server, must
 * not be steered by it). */
#ifndef JGF_HOOKS_H
#define JGF_HOOKS_H

#include "cli/cmdline.h"

/* Reads the switches that apply to the subcommand sub, once, before any
 * thread: JGFLINT_TEST_BREAK_RECORD, JGFLINT_TEST_NO_LHASA,
 * JGFLINT_TEST_PAUSE_BEFORE_RENAME, JGFLINT_STREAM_MIN,
 * JGFLINT_TEST_AGAIN_WHOLE and JGFLINT_TEST_MERGE_LOSES for a check;
 * JGFLINT_TEST_QUERY_PLAN and JGFLINT_TEST_AGAINST_WHOLE for jgflint
 * duplicates. */
void cli_test_hooks(enum cli_command sub);
/* The line --version adds for the test program (what it reads), or NULL. */
const char *cli_test_hooks_version(void);

#endif
