/* parse-floor: the parse-only floor for the jgflint benchmark.
 *
 * Build:
 *   cc -O2 $(pkg-config --cflags json-c) bench/parse-floor.c $(pkg-config --libs json-c) -o parse-floor
 *
 * Usage: parse-floor FILE...
 *
 * For each file: read it whole into memory and parse it with json-c's own
 * parser (heap parse stack of depth 20000, one json_tokener_parse_ex call over
 * the whole buffer including the final NUL, then free everything).  No rules
 * and no output except errors on stderr.  Exit status: 0 if every file
 * parsed, 1 if any file could not be read or parsed, 2 on usage error.
 * This is what any tool pays to get json-c's DOM of the same files before it
 * checks anything.  (jgflint builds the identical DOM in its own strict scan,
 * src/read/scan.c, instead of calling json_tokener.)
 */
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_DEPTH 20000

/* Read the whole of path into *buf (grown as needed, reused across files)
 * and append a NUL.  Returns the length without the NUL, or -1. */
static long read_file(const char *path, char **buf, size_t *cap)
{
	FILE *f = fopen(path, "rb");
	size_t len = 0;

	if (!f)
		return -1;
	for (;;) {
		if (*cap - len < 2) { /* room for at least one byte and the NUL */
			size_t ncap = *cap ? *cap * 2 : 64 * 1024;
			char *nbuf = realloc(*buf, ncap);

			if (!nbuf) {
				fclose(f);
				return -1;
			}
			*buf = nbuf;
			*cap = ncap;
		}
		size_t n = fread(*buf + len, 1, *cap - len - 1, f);

		len += n;
		if (n == 0)
			break;
	}
	int bad = ferror(f);

	fclose(f);
	if (bad || len > LONG_MAX)
		return -1;
	(*buf)[len] = '\0';
	return (long)len;
}

int main(int argc, char **argv)
{
	char *buf = NULL;
	size_t cap = 0;
	int status = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		long len = read_file(argv[i], &buf, &cap);

		if (len < 0 || len >= INT_MAX) { /* parse_ex takes an int length */
			fprintf(stderr, "%s: cannot read file (or too large)\n", argv[i]);
			status = 1;
			continue;
		}
		json_tokener *tok = json_tokener_new_ex(MAX_DEPTH);

		if (!tok) {
			fprintf(stderr, "%s: out of memory\n", argv[i]);
			return 1;
		}
		/* The length includes the NUL: without it an empty file or a bare
		 * top-level number returns json_tokener_continue, not a result. */
		json_object *obj = json_tokener_parse_ex(tok, buf, (int)len + 1);

		if (!obj) {
			enum json_tokener_error err = json_tokener_get_error(tok);

			/* A document that is JSON null also yields NULL, with success. */
			if (err != json_tokener_success) {
				fprintf(stderr, "%s: byte %zu: %s\n", argv[i],
				        json_tokener_get_parse_end(tok),
				        json_tokener_error_desc(err));
				status = 1;
			}
		}
		json_object_put(obj);
		json_tokener_free(tok);
	}
	free(buf);
	return status;
}
