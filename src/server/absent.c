/* absent: jgflint server in the npm package's program (web/wasm.sh with
 * WASM_NODE_PROGRAM=1), which is linked with this file instead of the
 * server: the server runs its lints on a thread of their own, and that
 * program has one thread. */
#ifdef __EMSCRIPTEN__
#include "server/server.h"

#include <stdio.h>

int server_main(const struct server_options *opts)
{
	(void)opts;
	fputs("jgflint server: not in the npm package's jgflint (the editor server needs threads);"
	      " install jgflint's Debian package or static program for it\n", stderr);
	return 2;
}
#endif
