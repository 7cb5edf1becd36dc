/* api_tool: the library's answers on standard output, for tests/api.sh to
 * compare with the program's (the one pipeline behind both):
 *   api_tool report FORMAT NAME < FILE     jgf_result_report
 *   api_tool fix [--unsafe] NAME < FILE    the text of jgf_lint(JGF_FIX)
 *   api_tool diff [--unsafe] NAME < FILE   jgf_result_diff of jgf_lint(JGF_FIX)
 *   api_tool convert NAME DIR < FILE       each record, written to DIR/BASENAME
 *                                          of its name; messages on stdout
 *   api_tool convert-to TARGET NAME DIR < FILE  the same of jgf_convert_to
 *   api_tool position NAME POINTERS < FILE jgf_position_json at each pointer of
 *                                          the file POINTERS (one a line), a line
 *                                          each: of jgf_position_read,
 *                                          jgf_result_position and
 *                                          jgf_positions_at in turn
 *   api_tool finding-positions NAME < FILE jgf_position_json of
 *                                          jgf_finding_position for each finding
 *                                          of jgf_lint, a line each
 *   api_tool spans NAME TEXT < FILE        each finding of jgf_lint, a line
 *                                          each: rule, line, column, end line,
 *                                          end column, offset, end offset and
 *                                          message, tab-separated; the text they
 *                                          are offsets of (jgf_result_text)
 *                                          written to the file TEXT
 *   api_tool batch < LIST                  each line of LIST, tab-separated:
 *                                          FILE, OUT, then a command above and
 *                                          its arguments; the command's standard
 *                                          output written to OUT, FILE its input
 *                                          (one process for a test's hundreds) */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/jgflint.h"

static char *read_all(FILE *in, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *data = malloc(cap);
	for (size_t got; data && (got = fread(data + n, 1, cap - n, in)) > 0;) {
		n += got;
		if (n == cap)
			data = realloc(data, cap *= 2);
	}
	*len = n;
	return data;
}

static int run(int argc, char **argv, char *data, size_t len)
{
	if (argc < 3)
		return 2;
	int status = 0;
	if (strcmp(argv[1], "report") == 0 && argc == 4) {
		jgf_result *r = jgf_lint(NULL, argv[3], data, len, 0);
		char *text = r ? jgf_result_report(r, argv[2]) : NULL;
		if (!text)
			return 2;
		fputs(text, stdout);
		jgf_free(text);
		jgf_result_free(r);
	} else if (strcmp(argv[1], "fix") == 0 || strcmp(argv[1], "diff") == 0) {
		bool unsafe = argc == 4 && strcmp(argv[2], "--unsafe") == 0;
		jgf_result *r = jgf_lint(NULL, argv[argc - 1], data, len,
					 JGF_FIX | (unsafe ? JGF_UNSAFE_FIXES : 0));
		if (!r)
			return 2;
		if (argv[1][0] == 'd') {
			char *diff = jgf_result_diff(r);
			if (!diff)
				return 2;
			fputs(diff, stdout);
			jgf_free(diff);
		} else {
			size_t n;
			const char *text = jgf_result_text(r, &n);
			fwrite(text, 1, n, stdout);
		}
		jgf_result_free(r);
	} else if ((strcmp(argv[1], "convert") == 0 && argc == 4) ||
		   (strcmp(argv[1], "convert-to") == 0 && argc == 5)) {
		bool to = strcmp(argv[1], "convert-to") == 0;
		jgf_conversion *c = to ? jgf_convert_to(argv[3], data, len, argv[2]) :
					 jgf_convert(argv[2], data, len);
		if (!c)
			return 2;
		if (to)
			argv++;   /* NAME and DIR where convert has them */
		fputs(jgf_conversion_messages(c), stdout);
		for (size_t i = 0; i < jgf_conversion_count(c); i++) {
			const char *name = jgf_conversion_name(c, i), *slash = strrchr(name, '/');
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[3], slash ? slash + 1 : name);
			FILE *f = fopen(path, "wb");
			size_t n;
			const char *text = jgf_conversion_text(c, i, &n);
			if (!f || fwrite(text, 1, n, f) != n || fclose(f) != 0)
				return 2;
		}
		status = jgf_conversion_status(c);
		jgf_conversion_free(c);
	} else if (strcmp(argv[1], "position") == 0 && argc == 4) {
		FILE *list = fopen(argv[3], "r");
		jgf_result *r = jgf_lint(NULL, argv[2], data, len, 0);
		jgf_positions *ps = jgf_positions_read(argv[2], data, len);
		char line[65536];
		for (size_t k = 0; list && r && ps && fgets(line, sizeof line, list); k++) {
			line[strcspn(line, "\n")] = '\0';
			jgf_position *p = k % 3 == 1 ? jgf_result_position(r, line) :
					  k % 3 == 2 ? jgf_positions_at(ps, line) :
					  jgf_position_read(argv[2], data, len, line);
			char *json = p ? jgf_position_json(p) : NULL;
			if (!json)
				return 2;
			puts(json);
			jgf_free(json);
			jgf_position_free(p);
		}
		if (!list || !r || !ps)
			return 2;
		fclose(list);
		jgf_result_free(r);
		jgf_positions_free(ps);
	} else if (strcmp(argv[1], "finding-positions") == 0 && argc == 3) {
		jgf_result *r = jgf_lint(NULL, argv[2], data, len, 0);
		for (size_t i = 0; r && i < jgf_result_count(r); i++) {
			jgf_position *p = jgf_finding_position(r, i);
			char *json = p ? jgf_position_json(p) : NULL;
			if (!json)
				return 2;
			printf("%s %s\n", jgf_finding_rule(r, i), json);
			jgf_free(json);
			jgf_position_free(p);
		}
		if (!r)
			return 2;
		jgf_result_free(r);
	} else if (strcmp(argv[1], "spans") == 0 && argc == 4) {
		jgf_result *r = jgf_lint(NULL, argv[2], data, len, 0);
		FILE *f = fopen(argv[3], "wb");
		size_t n;
		const char *text = r ? jgf_result_text(r, &n) : NULL;
		if (!text || !f || fwrite(text, 1, n, f) != n || fclose(f) != 0)
			return 2;
		for (size_t i = 0; i < jgf_result_count(r); i++)
			printf("%s\t%lu\t%lu\t%lu\t%lu\t%zu\t%zu\t%s\n", jgf_finding_rule(r, i),
			       jgf_finding_line(r, i), jgf_finding_column(r, i),
			       jgf_finding_end_line(r, i), jgf_finding_end_column(r, i),
			       jgf_finding_offset(r, i), jgf_finding_end_offset(r, i),
			       jgf_finding_message(r, i));
		jgf_result_free(r);
	} else if (strcmp(argv[1], "finding-boards") == 0 && argc == 3) {
		jgf_result *r = jgf_lint(NULL, argv[2], data, len, 0);
		for (size_t i = 0; r && i < jgf_result_count(r); i++) {
			char *board = jgf_finding_board(r, i);
			if (board)
				printf("%s [%s]\n%s", jgf_finding_message(r, i), jgf_finding_rule(r, i),
				       board);
			jgf_free(board);
		}
		if (!r)
			return 2;
		jgf_result_free(r);
	} else {
		return 2;
	}
	return status;
}

/* batch: each line of standard input FILE, OUT, ARGS... (tab-separated). */
static int batch(void)
{
	static char line[65536];
	int status = 0;
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = '\0';
		char *args[16] = { "api_tool" };
		int n = 1;
		for (char *p = line; p && n < 16; n++) {
			args[n] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = '\0';
		}
		if (n < 3)
			return 2;
		FILE *in = fopen(args[1], "rb");
		size_t len;
		char *data = in ? read_all(in, &len) : NULL;
		if (in)
			fclose(in);
		if (!data || !freopen(args[2], "wb", stdout))
			return 2;
		/* FILE and OUT out: the command's argv as its one run's. */
		args[2] = args[0];
		if (run(n - 2, args + 2, data, len) != 0)
			status = 1;
		fflush(stdout);
		free(data);
	}
	return status;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "batch") == 0)
		return batch();
	size_t len;
	char *data = read_all(stdin, &len);
	if (!data)
		return 2;
	int status = run(argc, argv, data, len);
	free(data);
	return status;
}
