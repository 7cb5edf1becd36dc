/* server: `jgflint server`, a Language Server Protocol 3.17 server over
 * standard input and output, built on the public library (jgflint.h). */
#ifndef JGF_SERVER_H
#define JGF_SERVER_H

#include <stdbool.h>
#include <stddef.h>

/* What `jgflint server`'s options ask for (the command line's table,
 * cli/cmdline.c, parses them; --stdio and --clientProcessId are ignored). */
struct server_options {
	bool verbose;        /* -v, --verbose: log each message's method */
	size_t max_memory;   /* --max-memory SIZE; 0: the library's default */
};

/* Serves one session over standard input and output. Returns the exit
 * status: 0 after shutdown then exit, 1 for an exit without shutdown or
 * the end of the input, 2 when it cannot start. */
int server_main(const struct server_options *opts);

/* One session over the descriptors in (the client's messages, to their
 * end or exit) and out; returns its exit status as server_main's. Waiting
 * requests are answered with an error when it ends. */
int server_session(int in, int out);
/* For tests/fuzz/fuzz_server.c, many sessions in one process: after a
 * session, forgets everything it had (documents, jobs, settings), and
 * the sessions write no files. */
void server_session_reset(void);

#endif
