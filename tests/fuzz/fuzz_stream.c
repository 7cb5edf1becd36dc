/* libFuzzer target: arbitrary bytes as the standard input of `jgflint
 * --stream` (and, when the first byte is odd, `--stream --fix`, with
 * --unsafe-fixes when its second bit is set too), through stream_run itself:
 * the line reader, the ring of lines in flight, the pipeline on each line
 * and the JSON lines written. Built by `make fuzz`; any crash, leak or
 * sanitizer report is a bug, and so is output that breaks --stream's
 * promise: exactly one line out per line in (a last line without its LF
 * counts), in order; without --fix each is a JSON object whose "line" is
 * its number, every byte of it UTF-8 (with --fix a line is the record,
 * fixed, or the input line as it came). Standard input and output are
 * memory files (the input there, the output read back after each run). */
#define _GNU_SOURCE   /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <json-c/json.h>

#include "base/jstring.h"
#include "cli/run.h"
#include "cli/stream.h"

static int in_fd = -1, out_fd = -1;

static void die(const char *why, const char *line, size_t len)
{
	fprintf(stderr, "%s: %.*s\n", why, (int)(len > 300 ? 300 : len), line ? line : "");
	abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	in_fd = memfd_create("fuzz-stream-in", 0);
	out_fd = memfd_create("fuzz-stream-out", 0);
	if (in_fd < 0 || out_fd < 0)
		abort();
	return 0;
}

/* Whether the len bytes at s are well-formed UTF-8. */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bool fix = size && (data[0] & 1), unsafe = fix && (data[0] & 2);
	if (ftruncate(in_fd, 0) != 0 || pwrite(in_fd, data, size, 0) != (ssize_t)size ||
	    lseek(in_fd, 0, SEEK_SET) != 0 || ftruncate(out_fd, 0) != 0 ||
	    lseek(out_fd, 0, SEEK_SET) != 0)
		abort();
	int saved_in = dup(STDIN_FILENO), saved_out = dup(STDOUT_FILENO);
	fflush(stdout);
	if (dup2(in_fd, STDIN_FILENO) < 0 || dup2(out_fd, STDOUT_FILENO) < 0)
		abort();
	struct run_options o = { .fix = fix, .unsafe = unsafe, .jobs = 1, .no_config = true };
	settings_init(&o.cli);
	/* With --fix, the findings that remain go to a report (-o), here
	 * /dev/null, not to standard error. */
	int status = stream_run(&o, size > 1 && (data[1] & 1) ? "game.name" : NULL,
				fix ? "/dev/null" : NULL, NULL);
	fflush(stdout);
	settings_free(&o.cli);
	dup2(saved_in, STDIN_FILENO);
	dup2(saved_out, STDOUT_FILENO);
	close(saved_in);
	close(saved_out);
	if (status < 0 || status > 1)
		die("--stream exited with status 2 on bytes it can read", NULL, 0);

	off_t len = lseek(out_fd, 0, SEEK_END);
	char *out = malloc((size_t)len + 1);
	if (!out || pread(out_fd, out, (size_t)len, 0) != len)
		abort();
	out[len] = '\0';
	size_t lines_in = 0;
	for (size_t i = 0; i < size; i++)
		lines_in += data[i] == '\n';
	lines_in += size && data[size - 1] != '\n';
	size_t lines_out = 0;
	for (off_t i = 0; i < len; i++)
		lines_out += out[i] == '\n';
	if (lines_out != lines_in || (len && out[len - 1] != '\n')) {
		fprintf(stderr, "%zu lines in, %zu out\n", lines_in, lines_out);
		die("not one line out per line in", out, (size_t)len);
	}
	if (!fix && !utf8_ok(out, (size_t)len))
		die("an output line is not UTF-8", out, (size_t)len);
	const char *line = out;
	for (size_t n = 1; n <= lines_out; n++) {
		const char *end = memchr(line, '\n', (size_t)(out + len - line));
		if (!fix) {
			json_tokener *tok = json_tokener_new();
			json_object *v = json_tokener_parse_ex(tok, line, (int)(end - line));
			json_object *num;
			if (!v || json_tokener_get_parse_end(tok) != (size_t)(end - line) ||
			    !json_object_object_get_ex(v, "line", &num) ||
			    json_object_get_int64(num) != (int64_t)n)
				die("an output line is not the JSON object of its line", line,
				    (size_t)(end - line));
			json_object_put(v);
			json_tokener_free(tok);
		}
		line = end + 1;
	}
	free(out);
	return 0;
}
