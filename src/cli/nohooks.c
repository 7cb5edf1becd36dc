/* nohooks: the program a user builds and installs reads none of the test
 * suite's switches (cli/hooks.h): src/cli/hooks.c is the test program's. */
#include "cli/hooks.h"

#include <stddef.h>

void cli_test_hooks(enum cli_command sub)
{
	(void)sub;
}

const char *cli_test_hooks_version(void)
{
	return NULL;
}
