/* lint: checks JGF files with libjgflint and prints each finding as
 * PATH:LINE:COL: SEVERITY: MESSAGE [RULE-ID], like `jgflint --format
 * concise`. With -r, lists the rule catalogue instead.
 *
 *     cc lint.c $(pkg-config --cflags --libs jgflint) -o lint
 *     ./lint game.jgf
 *
 * Exit status: 0 without errors, 1 with, 2 when a file cannot be read. */
#include <jgflint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const severities[] = { "info", "warning", "error" };

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *data = NULL;
	size_t cap = 0;
	*len = 0;
	for (;;) {
		if (*len == cap) {
			char *more = realloc(data, cap = cap ? 2 * cap : 65536);
			if (!more)
				break;
			data = more;
		}
		size_t n = fread(data + *len, 1, cap - *len, f);
		if (n == 0)
			break;
		*len += n;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(data);
		return NULL;
	}
	return data;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "-r") == 0) {
		for (size_t i = 0; i < jgf_rule_count(); i++)
			printf("%s %s %s\n", jgf_rule_id(i), jgf_rule_category(i),
			       severities[jgf_rule_severity(i)]);
		return 0;
	}
	int status = 0;
	jgf_config *cfg = jgf_config_new();
	for (int a = 1; a < argc; a++) {
		size_t len;
		char *data = slurp(argv[a], &len);
		if (!data) {
			perror(argv[a]);
			status = 2;
			continue;
		}
		jgf_result *r = jgf_lint(cfg, argv[a], data, len, 0);
		for (size_t i = 0; i < jgf_result_count(r); i++) {
			printf("%s", argv[a]);
			if (jgf_finding_line(r, i))
				printf(":%lu:%lu", jgf_finding_line(r, i), jgf_finding_column(r, i));
			printf(": %s: %s [%s]\n", severities[jgf_finding_severity(r, i)],
			       jgf_finding_message(r, i), jgf_finding_rule(r, i));
		}
		if (jgf_result_count_severity(r, JGF_ERROR) && status == 0)
			status = 1;
		jgf_result_free(r);
		free(data);
	}
	jgf_config_free(cfg);
	return status;
}
