/* server: the LSP 3.17 server's main loop. The main thread owns every
 * document and answers requests; it never lints. Linting, fixing and
 * converting run on worker threads, on immutable snapshots of a document's
 * text, one job at a time per document; each document counts its
 * generations (one per change) and a result is kept only when it is of the
 * current generation. Requests that need a result (hover, code actions,
 * pulled diagnostics) wait for it, so they can be cancelled, and are
 * answered ContentModified when the document changes under them.
 *
 * The server is a front end on the library's public header and the base
 * layer (allocation that fails as the whole program does, json-c through
 * base/dom, strings, the line table of base/locate); tests/layers.py holds
 * it to lib/ and base/.
 *
 * Its files call one way, each only those below it (tests/layers.py
 * refuses a call circle between them); each has its header (rpc.h, the
 * error codes, and doc.h, a document and its jobs' state, have none), and
 * each includes the headers of what it uses:
 *
 *     server.c     options and the main loop
 *     dispatch.c   messages in (the envelope, the lifecycle, each method
 *                  to its handler)
 *     requests.c   requests that wait for a job (hover, diagnostics,
 *                  commands and code actions), answered when it is done
 *     commands.c   workspace/executeCommand (the convert action's command,
 *                  and jgflint.convertToSgf)
 *     actions.c    code actions
 *     ignore.c     the "ignore this rule" action's edit of .jgflint.json
 *     documents.c  open documents, what their jobs bring back, and every
 *                  document again when a configuration changes
 *     waiting.c    the requests waiting, failed when their document changes
 *     jobs.c       the worker threads: lint, fix-all and convert jobs
 *     settings.c   the client's settings and the configuration files
 *     edits.c      TextEdit, WorkspaceEdit and CreateFile
 *     session.c    what initialize negotiated, and the messages out
 *     transport.c  Content-Length framing on two threads
 *     events.c     the main loop's queue (messages in, jobs done)
 *     ids.c        request ids as the client wrote them
 *     texts.c      documents' texts taken out of messages before json-c
 *     text.c       snapshots of a text, LSP positions, file:// URIs
 *     places.c     findings placed in the editor's text (a file the editor
 *                  decoded in another character set)
 *     markdown.c   a rule's documentation for hovers
 *     log.c        what the server says on standard error */
#include "server/server.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>

#include "lib/jgflint.h"
#include "server/commands.h"
#include "server/dispatch.h"
#include "server/documents.h"
#include "server/events.h"
#include "server/jobs.h"
#include "server/log.h"
#include "server/requests.h"
#include "server/rpc.h"
#include "server/session.h"
#include "server/settings.h"
#include "server/text.h"
#include "server/texts.h"
#include "server/transport.h"
#include "server/waiting.h"

static void handle_event(struct event *e)
{
	switch (e->kind) {
	case EV_MESSAGE:
		texts_handling(e->texts);
		handle_message(e->msg);
		texts_handling(NULL);
		json_object_put(e->msg);
		texts_free(e->texts);
		break;
	case EV_BAD_MESSAGE:
		send_error(NULL, e->code, "%s", e->text ? e->text : "bad message");
		break;
	case EV_EOF:
		if (S.state != ST_SHUTDOWN)
			slog("the input ended without shutdown and exit");
		S.exit_code = S.state == ST_SHUTDOWN ? 0 : 1;
		break;
	case EV_JOB_DONE:
		retry_waiting(job_done(e->job));
		break;
	}
	free(e->text);
	free(e);
}

/* Drops the events queued, freeing what they carry. */
static void events_drain(void)
{
	for (struct event *e; (e = events_try_pop());) {
		json_object_put(e->msg);
		texts_free(e->texts);
		free(e->text);
		if (e->kind == EV_JOB_DONE)
			job_free(e->job);
		free(e);
	}
}

int server_main(const struct server_options *opts)
{
	server_verbose = opts->verbose;
	if (opts->max_memory)
		jgf_set_memory_budget(opts->max_memory);
	signal(SIGPIPE, SIG_IGN);
	/* Nothing but protocol on standard output: the protocol gets its own
	 * descriptor, and whatever else writes to descriptor 1 goes to
	 * standard error. */
	fflush(stdout);
	int proto = fcntl(1, F_DUPFD_CLOEXEC, 3);
	if (proto < 0 || dup2(2, 1) < 0) {
		fprintf(stderr, "jgflint server: cannot set up standard output: %s\n", strerror(errno));
		return 2;
	}
	int status = server_session(0, proto);
	/* Workers may be inside the library still: then leave without
	 * unwinding (exit handlers could pull tables from under them). */
	if (workers_busy())
		_exit(status);
	return status;
}

int server_session(int in, int out)
{
	S.enc = ENC_UTF16;
	S.exit_code = -1;
	jgf_rule_count();   /* the library's tables, before the threads */
	if (!workers_start()) {
		fprintf(stderr, "jgflint server: cannot start a thread\n");
		return 2;
	}
	transport_start(in, out);
	while (S.exit_code < 0)
		handle_event(events_pop());
	/* Every request is answered, if only with this. */
	fail_waiting(0, (unsigned long)-1, E_REQUEST_FAILED, "the server is exiting");
	transport_flush();
	transport_reap();
	fflush(stderr);
	return S.exit_code;
}

void server_session_reset(void)
{
	server_writes_files = false;
	transport_stop();
	events_drain();
	docs_free();
	workers_quiesce();
	events_drain();   /* the jobs that came back meanwhile */
	requests_free();
	client_settings_free();
	S = (struct session){ 0 };
}
