/* transport: JSON-RPC messages framed by Content-Length headers over two
 * file descriptors. A reader thread frames and parses what arrives and hands
 * it to the main loop as events; a writer thread writes what the server
 * sends, so that the main loop never blocks on a client that is not reading
 * (a client blocked writing to us while we block writing to it would be a
 * deadlock). */
#include "server/transport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "server/events.h"
#include "server/ids.h"
#include "server/log.h"
#include "server/rpc.h"
#include "server/text.h"
#include "server/texts.h"


/* texts, text: owned, or NULL. */
static void push_event(enum event_kind kind, json_object *msg, struct texts *texts, int code,
		       char *text)
{
	struct event *e = xcalloc(1, sizeof *e);
	e->kind = kind;
	e->msg = msg;
	e->texts = texts;
	e->code = code;
	e->text = text;
	events_push(e);
}

/* ---- reading ---- */

static int in_fd = 0;
/* Written to end the reader (transport_reap) while it waits for input the
 * client may never send or close: it is then always joined. */
static int wake_fds[2] = { -1, -1 };

static struct {
	char *data;
	size_t start, end, cap;
	bool eof;
} in;

/* Reads more input; false at the end of it. */
static bool fill(void)
{
	if (in.eof)
		return false;
	if (in.start > 0 && in.start == in.end)
		in.start = in.end = 0;
	if (in.end == in.cap) {
		if (in.start > 0) {
			memmove(in.data, in.data + in.start, in.end - in.start);
			in.end -= in.start;
			in.start = 0;
		} else {
			size_t cap = in.cap ? in.cap * 2 : 65536;
			in.data = xrealloc(in.data, cap);
			in.cap = cap;
		}
	}
	for (;;) {
		struct pollfd p[2] = { { .fd = in_fd, .events = POLLIN }, { .fd = wake_fds[0], .events = POLLIN } };
		if (poll(p, 2, -1) < 0 && errno == EINTR)
			continue;
		if (p[1].revents) {
			in.eof = true;
			return false;
		}
		ssize_t n = read(in_fd, in.data + in.end, in.cap - in.end);
		if (n > 0) {
			in.end += (size_t)n;
			return true;
		}
		if (n < 0 && errno == EINTR)
			continue;
		in.eof = true;
		return false;
	}
}

#define MAX_HEADER_LINE 8192
#define MAX_HEADER_BLOCK 65536

/* The next header line (without its CR LF or LF), NUL-terminated in the
 * buffer; *len its length. NULL at the end of the input; *too_long when
 * the line is longer than MAX_HEADER_LINE (it is then consumed up to that). */
static char *read_line(size_t *len, bool *too_long)
{
	*too_long = false;
	size_t scanned = 0;
	for (;;) {
		/* (in.data is NULL before the first read.) */
		char *nl = in.end - in.start > scanned ?
			   memchr(in.data + in.start + scanned, '\n', in.end - in.start - scanned) : NULL;
		if (nl) {
			char *line = in.data + in.start;
			size_t n = (size_t)(nl - line);
			in.start += n + 1;
			if (n > 0 && line[n - 1] == '\r')
				n--;
			line[n] = '\0';
			*len = n;
			return line;
		}
		scanned = in.end - in.start;
		if (scanned > MAX_HEADER_LINE) {
			*too_long = true;
			in.start += scanned;
			return NULL;
		}
		if (!fill())
			return NULL;
	}
}

/* After a framing error: drops input up to the next "Content-Length:"
 * (in any case), which then starts the next message. false at the end. */
static bool resync(void)
{
	static const char key[] = "content-length:";
	const size_t k = sizeof key - 1;
	for (;;) {
		for (size_t i = in.start; i + k <= in.end; i++) {
			if (strncasecmp(in.data + i, key, k) == 0) {
				in.start = i;
				return true;
			}
		}
		if (in.end - in.start >= k)
			in.start = in.end - (k - 1);
		if (!fill())
			return false;
	}
}

/* Drops n bytes of input (a body too large to keep). */
static bool skip(size_t n)
{
	while (n > 0) {
		size_t have = in.end - in.start;
		if (have >= n) {
			in.start += n;
			return true;
		}
		n -= have;
		in.start = in.end;
		if (!fill())
			return false;
	}
	return true;
}

static bool parse_length(const char *v, size_t *out)
{
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v < '0' || *v > '9')
		return false;
	size_t n = 0;
	for (; *v >= '0' && *v <= '9'; v++) {
		if (n > (SIZE_MAX - 9) / 10)
			return false;
		n = n * 10 + (size_t)(*v - '0');
	}
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v)
		return false;
	*out = n;
	return true;
}

/* ---- parsing ---- */

static void parse_body(char *body, size_t len)
{
	json_tokener *tok = json_tokener_new_ex(256);
	if (!tok)
		die_oom();
	size_t end;
	struct texts *texts;
	json_object *o = parse_taking_texts(tok, body, len, &end, &texts);
	enum json_tokener_error err = json_tokener_get_error(tok);
	if (o && err == json_tokener_success) {
		while (end < len && strchr(" \t\r\n", body[end]) && body[end])
			end++;
		if (end < len) {
			push_event(EV_BAD_MESSAGE, NULL, NULL, E_PARSE, xasprintf(
				"Parse error: text after the JSON value at byte %zu of the body", end));
			json_object_put(o);
			texts_free(texts);
		} else {
			keep_id_texts(o, body, len);
			push_event(EV_MESSAGE, o, texts, 0, NULL);
		}
	} else {
		if (o)
			json_object_put(o);
		push_event(EV_BAD_MESSAGE, NULL, NULL, E_PARSE, xasprintf(
			"Parse error: %s at byte %zu of the body", err == json_tokener_continue ?
			"the JSON value is incomplete" : json_tokener_error_desc(err), end));
	}
	json_tokener_free(tok);
}

/* Reads a message's headers: false at the end of the input. *length is
 * its Content-Length, or *bad says what is wrong with them. */
static bool read_headers(size_t *length, const char **bad)
{
	bool have_length = false;
	size_t block = 0;
	*bad = NULL;
	for (;;) {
		size_t n;
		bool too_long;
		char *line = read_line(&n, &too_long);
		if (too_long) {
			*bad = "a header line longer than 8 KiB";
			return true;
		}
		if (!line)
			return false;
		if (n == 0) {
			if (!have_length && block == 0)
				continue;   /* blank lines between messages */
			break;
		}
		block += n;
		if (block > MAX_HEADER_BLOCK) {
			*bad = "headers longer than 64 KiB";
			return true;
		}
		char *colon = memchr(line, ':', n);
		if (!colon) {
			*bad = "a header line without `:`";
			return true;
		}
		*colon = '\0';
		if (strcasecmp(line, "Content-Length") == 0) {
			size_t v;
			if (!parse_length(colon + 1, &v)) {
				*bad = "a Content-Length that is not a number";
				return true;
			}
			if (have_length && v != *length) {
				*bad = "two different Content-Length headers";
				return true;
			}
			*length = v;
			have_length = true;
		}
	}
	if (!have_length)
		*bad = "a header without Content-Length";
	return true;
}

/* Reads a body of length bytes into the buffer, whole, from in.start:
 * false at the end of the input. */
static bool read_body(size_t length)
{
	while (in.end - in.start < length) {
		/* Make room for the whole body at once. */
		if (in.cap - in.start < length + 1) {
			memmove(in.data, in.data + in.start, in.end - in.start);
			in.end -= in.start;
			in.start = 0;
			if (in.cap < length + 1) {
				in.data = xrealloc(in.data, length + 1);
				in.cap = length + 1;
			}
		}
		if (!fill()) {
			if (in.end > in.start)
				slog("the input ended inside a message body (%zu of %zu bytes)",
				     in.end - in.start, length);
			return false;
		}
	}
	return true;
}

/* After a large body: its buffer is not kept. */
static void shrink_input(void)
{
	if (in.cap > (size_t)16 << 20 && in.end - in.start < 65536) {
		char *p = xmalloc(65536);
		memcpy(p, in.data + in.start, in.end - in.start);
		free(in.data);
		in.data = p;
		in.end -= in.start;
		in.start = 0;
		in.cap = 65536;
	}
}

/* Reads the next message and queues it (or what was wrong with it): false
 * at the end of the input. */
static bool read_message(void)
{
	size_t length = 0;
	const char *bad;
	if (!read_headers(&length, &bad))
		return false;
	if (bad) {
		push_event(EV_BAD_MESSAGE, NULL, NULL, E_PARSE,
			   xasprintf("Parse error: malformed header: %s", bad));
		return resync();
	}
	if (length > MAX_MESSAGE_BYTES) {
		push_event(EV_BAD_MESSAGE, NULL, NULL, E_INVALID_REQUEST, xasprintf(
			"a message of %zu bytes: larger than the %zu bytes the server reads",
			length, MAX_MESSAGE_BYTES));
		return skip(length);
	}
	if (!read_body(length))
		return false;
	parse_body(in.data + in.start, length);
	in.start += length;
	shrink_input();
	return true;
}

/* Set by the reader as it leaves, so the session may join it. */
static atomic_bool reader_done;

static void *reader(void *arg)
{
	(void)arg;
	while (read_message())
		;
	atomic_store(&reader_done, true);
	push_event(EV_EOF, NULL, NULL, 0, NULL);
	return NULL;
}

/* ---- writing ---- */

struct outmsg {
	char *data;
	size_t len;
	struct outmsg *next;
};

static int out_fd = 1;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t out_cond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t out_idle = PTHREAD_COND_INITIALIZER;
static struct outmsg *out_head, *out_tail;
static bool out_busy, out_dead;

static void *writer(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&out_lock);
		while (!out_head) {
			out_busy = false;
			pthread_cond_broadcast(&out_idle);
			pthread_cond_wait(&out_cond, &out_lock);
		}
		struct outmsg *m = out_head;
		out_head = m->next;
		if (!out_head)
			out_tail = NULL;
		out_busy = true;
		bool dead = out_dead;
		pthread_mutex_unlock(&out_lock);
		for (size_t done = 0; !dead && done < m->len;) {
			ssize_t n = write(out_fd, m->data + done, m->len - done);
			if (n > 0)
				done += (size_t)n;
			else if (n < 0 && errno == EINTR)
				continue;
			else
				dead = true;
		}
		if (dead && !out_dead) {
			pthread_mutex_lock(&out_lock);
			out_dead = true;
			pthread_mutex_unlock(&out_lock);
		}
		free(m->data);
		free(m);
	}
	return NULL;
}

void transport_send_bytes(const char *body, size_t len)
{
	/* Every message is UTF-8, whatever the client sent: bytes that are not
	 * (in an id, a URI, a method name, a document's text) go out as a
	 * client's decoder reads them, U+FFFD. */
	size_t fixed_len;
	char *fixed = utf8_repaired(body, len, &fixed_len);
	if (fixed) {
		body = fixed;
		len = fixed_len;
	}
	struct outmsg *m = xcalloc(1, sizeof *m);
	char head[64];
	int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
	m->data = xmalloc((size_t)h + len);
	memcpy(m->data, head, (size_t)h);
	memcpy(m->data + h, body, len);
	m->len = (size_t)h + len;
	free(fixed);
	pthread_mutex_lock(&out_lock);
	if (out_tail)
		out_tail->next = m;
	else
		out_head = m;
	out_tail = m;
	out_busy = true;
	pthread_cond_signal(&out_cond);
	pthread_mutex_unlock(&out_lock);
}

void transport_send(json_object *msg)
{
	size_t len;
	const char *s = dom_json(
		msg, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	transport_send_bytes(s, len);
	json_object_put(msg);
}

void transport_flush(void)
{
	pthread_mutex_lock(&out_lock);
	while ((out_head || out_busy) && !out_dead)
		pthread_cond_wait(&out_idle, &out_lock);
	pthread_mutex_unlock(&out_lock);
}

static pthread_t reader_thread;
static bool reader_joined;
static bool writer_started;

void transport_start(int infd, int outfd)
{
	in_fd = infd;
	pthread_mutex_lock(&out_lock);
	out_fd = outfd;
	out_dead = false;
	pthread_mutex_unlock(&out_lock);
	/* The writer lives as long as the process; a reader per session. */
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_t t;
	bool started = writer_started || pthread_create(&t, &attr, writer, NULL) == 0;
	pthread_attr_destroy(&attr);
	writer_started = started;
	atomic_store(&reader_done, false);
	reader_joined = false;
	if (!started || pipe(wake_fds) != 0 || fcntl(wake_fds[0], F_SETFD, FD_CLOEXEC) != 0 ||
	    fcntl(wake_fds[1], F_SETFD, FD_CLOEXEC) != 0 ||
	    pthread_create(&reader_thread, NULL, reader, NULL) != 0) {
		slog("cannot start threads");
		_exit(2);
	}
}

void transport_reap(void)
{
	if (reader_joined)
		return;
	/* Ended, or ending now (a thread that ends unjoined leaks). */
	if (write(wake_fds[1], "", 1) < 0)
		slog("cannot wake the reader");
	pthread_join(reader_thread, NULL);
	reader_joined = true;
	close(wake_fds[0]);
	close(wake_fds[1]);
	wake_fds[0] = wake_fds[1] = -1;
}

void transport_stop(void)
{
	transport_reap();
	free(in.data);
	memset(&in, 0, sizeof in);
}
