/* libFuzzer target: `jgflint server`'s framing and dispatch, a whole
 * session per input, in process (server_session over memory files). When
 * the first byte is even, the rest is the server's standard input as it
 * comes (headers, bodies, garbage); when odd, the rest is the bodies of
 * messages separated by NUL bytes, which this target frames, followed by
 * shutdown and exit. Built by `make fuzz`; any crash, hang, leak or
 * sanitizer report is a bug, and so is output that breaks the protocol:
 * every message out is Content-Length framed, UTF-8 and a JSON-RPC 2.0
 * object, and (framed inputs) every request the session read is answered
 * exactly once. Seeds: tests/fuzz/corpus_server/ (real sessions). */
#define _GNU_SOURCE   /* memfd_create */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <json-c/json.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "server/server.h"

static int in_fd = -1, out_fd = -1;

static _Noreturn void die(const char *why, const char *text, size_t len)
{
	fprintf(stderr, "%s: %.*s\n", why, (int)(len > 500 ? 500 : len), text ? text : "");
	abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	in_fd = memfd_create("fuzz-server-in", 0);
	out_fd = memfd_create("fuzz-server-out", 0);
	if (in_fd < 0 || out_fd < 0)
		abort();
	return 0;
}

static bool utf8_ok(const char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		size_t n = utf8_sequence_length(s + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

/* A body as the server's transport parses it: one JSON value and nothing
 * after it but whitespace; NULL otherwise. */
static json_object *parse(const char *body, size_t len)
{
	json_tokener *tok = json_tokener_new_ex(256);
	json_object *o = json_tokener_parse_ex(tok, body, (int)len);
	size_t end = json_tokener_get_parse_end(tok);
	bool whole = o && json_tokener_get_error(tok) == json_tokener_success;
	while (whole && end < len && body[end] && strchr(" \t\r\n", body[end]))
		end++;
	json_tokener_free(tok);
	if (!whole || end < len) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/* Ids asked and answered, as JSON text, with their counts. */
struct tally {
	char **ids;
	long *count;
	size_t n;
};

static void tally_add(struct tally *t, json_object *id, long by)
{
	const char *text = json_object_to_json_string_ext(id, JSON_C_TO_STRING_PLAIN);
	for (size_t i = 0; i < t->n; i++) {
		if (!strcmp(t->ids[i], text)) {
			t->count[i] += by;
			return;
		}
	}
	t->ids = realloc(t->ids, (t->n + 1) * sizeof *t->ids);
	t->count = realloc(t->count, (t->n + 1) * sizeof *t->count);
	if (!t->ids || !t->count)
		abort();
	t->ids[t->n] = strdup(text);
	t->count[t->n++] = by;
}

static void tally_free(struct tally *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->ids[i]);
	free(t->ids);
	free(t->count);
}

static bool is_type(json_object *o, const char *key, enum json_type type, json_object **v)
{
	return json_object_object_get_ex(o, key, v) && json_object_is_type(*v, type);
}

/* A message the server answers by its id: an object with an id that is a
 * number or a string, and a method, or neither a result nor an error (then
 * it is not a response to the server's requests). A string id that is not
 * UTF-8 comes back as U+FFFD: not counted. */
static json_object *request_id(json_object *m)
{
	json_object *id, *v;
	if (!json_object_is_type(m, json_type_object) || !json_object_object_get_ex(m, "id", &id) ||
	    (!json_object_object_get_ex(m, "method", &v) &&
	     (json_object_object_get_ex(m, "result", &v) || json_object_object_get_ex(m, "error", &v))))
		return NULL;
	if (json_object_is_type(id, json_type_int))
		return id;
	if (json_object_is_type(id, json_type_string) &&
	    utf8_ok(json_object_get_string(id), (size_t)json_object_get_string_len(id)))
		return id;
	return NULL;
}

/* The exit notification, which ends the session (as dispatch.c takes it). */
static bool is_exit(json_object *m)
{
	json_object *v, *params;
	if (!json_object_is_type(m, json_type_object) || json_object_object_get_ex(m, "id", &v) ||
	    !is_type(m, "jsonrpc", json_type_string, &v) || strcmp(json_object_get_string(v), "2.0") ||
	    !is_type(m, "method", json_type_string, &v) || strcmp(json_object_get_string(v), "exit"))
		return false;
	return !json_object_object_get_ex(m, "params", &params) || !params ||
	       json_object_is_type(params, json_type_object) ||
	       json_object_is_type(params, json_type_array);
}

/* Frames the NUL-separated bodies, then shutdown and exit; counts the
 * requests the session reads (up to an exit). */
static void frame(struct buf *in, const char *data, size_t size, struct tally *asked)
{
	static const char tail[] = "{\"jsonrpc\":\"2.0\",\"id\":\"fuzz-shutdown\",\"method\":\"shutdown\"}"
				   "\0{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}";
	bool ended = false;
	for (int part = 0; part < 2; part++) {
		const char *p = part ? tail : data, *end = part ? tail + sizeof tail - 1 : data + size;
		while (p <= end) {
			const char *nul = memchr(p, '\0', (size_t)(end - p));
			size_t len = (size_t)((nul ? nul : end) - p);
			buf_printf(in, "Content-Length: %zu\r\n\r\n", len);
			buf_add(in, p, len);
			json_object *m = ended ? NULL : parse(p, len);
			json_object *id = m ? request_id(m) : NULL;
			if (id)
				tally_add(asked, id, 1);
			ended |= m && is_exit(m);
			json_object_put(m);
			p += len + 1;
		}
	}
}

/* Checks every message out; counts the responses. */
static void check_output(const char *out, size_t len, struct tally *answered)
{
	for (size_t i = 0; i < len;) {
		size_t n;
		int used;
		if (sscanf(out + i, "Content-Length: %zu\r\n\r\n%n", &n, &used) != 1 || used <= 0 ||
		    i + (size_t)used + n > len)
			die("not a framed message", out + i, len - i);
		const char *body = out + i + used;
		if (!utf8_ok(body, n))
			die("a message that is not UTF-8", body, n);
		json_object *m = parse(body, n), *v, *id;
		if (!m || !json_object_is_type(m, json_type_object) ||
		    !is_type(m, "jsonrpc", json_type_string, &v) || strcmp(json_object_get_string(v), "2.0"))
			die("a message that is not a JSON-RPC 2.0 object", body, n);
		if (!json_object_object_get_ex(m, "method", &v) && json_object_object_get_ex(m, "id", &id) &&
		    id)
			tally_add(answered, id, 1);
		json_object_put(m);
		i += (size_t)used + n;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf in = BUF_INIT;
	struct tally asked = { 0 }, answered = { 0 };
	bool framed = size && (data[0] & 1);
	if (framed)
		frame(&in, (const char *)data + 1, size - 1, &asked);
	else if (size)
		buf_add(&in, data + 1, size - 1);
	if (ftruncate(in_fd, 0) != 0 || pwrite(in_fd, in.data ? in.data : "", in.len, 0) !=
	    (ssize_t)in.len || lseek(in_fd, 0, SEEK_SET) != 0 || ftruncate(out_fd, 0) != 0 ||
	    lseek(out_fd, 0, SEEK_SET) != 0)
		abort();
	buf_free(&in);
	server_session(in_fd, out_fd);
	server_session_reset();
	off_t len = lseek(out_fd, 0, SEEK_END);
	char *out = malloc((size_t)len + 1);
	if (!out || pread(out_fd, out, (size_t)len, 0) != len)
		abort();
	out[len] = '\0';   /* sscanf reads the header as a string */
	check_output(out, (size_t)len, &answered);
	free(out);
	for (size_t i = 0; framed && i < asked.n; i++) {
		long got = 0;
		for (size_t k = 0; k < answered.n; k++)
			if (!strcmp(asked.ids[i], answered.ids[k]))
				got = answered.count[k];
		if (got != asked.count[i]) {
			fprintf(stderr, "request id %s: asked %ld times, answered %ld\n", asked.ids[i],
				asked.count[i], got);
			abort();
		}
	}
	tally_free(&asked);
	tally_free(&answered);
	return 0;
}
