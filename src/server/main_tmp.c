/* main_tmp: TEMPORARY, delete at merge (main.c will call server_main for
 * `jgflint server`). A stand-in jgflint for the tests: `server` runs the
 * server; anything else is handed to the real jgflint (JGFLINT_REAL, set
 * by build-tmp.sh). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "server/server.h"

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "server"))
		return server_main(argc - 1, argv + 1);
	argv[0] = (char *)JGFLINT_REAL;
	execv(JGFLINT_REAL, argv);
	perror(JGFLINT_REAL);
	return 2;
}
