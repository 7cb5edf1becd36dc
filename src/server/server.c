/* server: the LSP 3.17 server's main loop. The main thread owns every
 * document and answers requests; it never lints. Linting, fixing and
 * converting run on worker threads, on immutable snapshots of a document's
 * text, one job at a time per document; each document counts its
 * generations (one per change) and a result is kept only when it is of the
 * current generation. Requests that need a result (hover, code actions,
 * pulled diagnostics) wait for it, so they can be cancelled, and are
 * answered ContentModified when the document changes under them. */
#include "server/server.h"
#include "server/server_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
