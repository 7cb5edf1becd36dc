/* test_api: libjgflint's public API (jgflint.h) only: findings with their
 * rule, severity, line, column and pointer; configurations; fixing and the
 * fixed text; the catalogue; and the same results from several threads. */
#include <pthread.h>
#include <string.h>

#include "lib/jgflint.h"
#include "tap.h"

static const char record[] =
	"{\"record\": {\"format\": \"JGF\", \"version\": \"2.0.0\"},\n"
	" \"tree\": [{}], \"x\": 1,\n"
	" \"rules\": {\"komi\": \"6.5\"}}";

static int find(const jgf_result *r, const char *rule)
{
	for (size_t i = 0; i < jgf_result_count(r); i++)
		if (strcmp(jgf_finding_rule(r, i), rule) == 0)
			return (int)i;
	return -1;
}

/* Lints the record in a thread: 0 when the result is the one expected. */
static void *lint_many(void *arg)
{
	const jgf_config *cfg = arg;
	for (int k = 0; k < 200; k++) {
		jgf_result *r = jgf_lint(cfg, "t.jgf", record, sizeof record - 1, 0);
		int i = find(r, "wrong-type");
		bool ok = jgf_result_count(r) == 3 && i >= 0 && jgf_finding_line(r, (size_t)i) == 3;
		jgf_result_free(r);
		if (!ok)
			return (void *)1;
	}
	return NULL;
}

int main(void)
{
	tap_init();
	jgf_result *r = jgf_lint(NULL, "t.jgf", record, sizeof record - 1, 0);
	tap_ok(jgf_result_count(r) == 3, "three findings (%zu)", jgf_result_count(r));
	int i = find(r, "wrong-type");
	tap_ok(i >= 0 && jgf_finding_severity(r, (size_t)i) == JGF_ERROR &&
	       jgf_finding_line(r, (size_t)i) == 3 && jgf_finding_column(r, (size_t)i) == 20 &&
	       strcmp(jgf_finding_pointer(r, (size_t)i), "/rules/komi") == 0 &&
	       strstr(jgf_finding_message(r, (size_t)i), "must be a number"),
	       "wrong-type: error at 3:20, /rules/komi, its message");
	i = find(r, "unknown-key");
	tap_ok(i >= 0 && jgf_finding_severity(r, (size_t)i) == JGF_WARNING &&
	       jgf_finding_line(r, (size_t)i) == 2 && jgf_finding_column(r, (size_t)i) == 16,
	       "unknown-key: warning at 2:16");
	tap_ok(jgf_result_count_severity(r, JGF_ERROR) == 1 &&
	       jgf_result_count_severity(r, JGF_WARNING) == 2, "counts by severity");
	size_t len;
	tap_ok(strcmp(jgf_result_text(r, &len), record) == 0 && len == sizeof record - 1 &&
	       jgf_result_fixes(r) == 0, "without JGF_FIX the text is the input");
	tap_ok(jgf_finding_rule(r, 99) == NULL && jgf_finding_line(r, 99) == 0,
	       "out of range: NULL and 0");
	jgf_result_free(r);

	r = jgf_lint(NULL, NULL, record, sizeof record - 1, JGF_FIX);
	const char *fixed = jgf_result_text(r, &len);
	tap_ok(jgf_result_fixes(r) == 2 && strstr(fixed, "\"version\": 2}") &&
	       strstr(fixed, "\"komi\": 6.5}") && find(r, "seki-version-string") < 0 &&
	       find(r, "wrong-type") < 0 && find(r, "unknown-key") >= 0,
	       "JGF_FIX: the version and komi fixed, in the text; what remains is reported");
	jgf_result_free(r);

	jgf_config *cfg = jgf_config_new();
	tap_ok(jgf_config_ignore(cfg, "unknown-key") == 0 &&
	       jgf_config_severity(cfg, "wrong-type", JGF_INFO) == 0, "a configuration");
	tap_ok(jgf_config_ignore(cfg, "unknown-key,no-such-rule") == -1 &&
	       jgf_config_select(cfg, "nothing") == -1 &&
	       jgf_config_severity(cfg, "no-such-rule", JGF_ERROR) == -1 &&
	       jgf_config_severity(cfg, "wrong-type", (enum jgf_severity)7) == -1,
	       "unknown rules and severities are refused");
	r = jgf_lint(cfg, "t.jgf", record, sizeof record - 1, 0);
	i = find(r, "wrong-type");
	tap_ok(jgf_result_count(r) == 2 && find(r, "unknown-key") < 0 && i >= 0 &&
	       jgf_finding_severity(r, (size_t)i) == JGF_INFO, "… applies");
	jgf_result_free(r);
	jgf_config_free(cfg);

	cfg = jgf_config_new();
	tap_ok(jgf_config_select(cfg, "json") == 0, "select a category");
	r = jgf_lint(cfg, "t.jgf", "{\"a\": 1,}", 9, 0);
	tap_ok(jgf_result_count(r) == 1 && strcmp(jgf_finding_rule(r, 0), "json-syntax") == 0,
	       "a syntax error (%zu findings)", jgf_result_count(r));
	jgf_result_free(r);
	r = jgf_lint(cfg, "t.jgf", NULL, 0, JGF_FIX);
	tap_ok(jgf_result_count(r) == 1 && jgf_result_text(r, &len)[0] == 0 && len == 0,
	       "no data: a finding, an empty text");
	jgf_result_free(r);
	jgf_config_free(cfg);

	size_t n = jgf_rule_count();
	bool found = false, all = n > 40;
	for (size_t k = 0; k < n; k++) {
		all &= jgf_rule_id(k) && jgf_rule_category(k) && jgf_rule_summary(k) &&
		       jgf_rule_explanation(k);
		if (strcmp(jgf_rule_id(k), "seki-version-string") == 0)
			found = jgf_rule_severity(k) == JGF_WARNING && (jgf_rule_fixes(k) & JGF_FIX);
	}
	tap_ok(all && found && jgf_rule_id(n) == NULL, "the catalogue: %zu rules", n);
	tap_ok(strlen(jgf_version()) > 0, "version %s", jgf_version());

	cfg = jgf_config_new();
	pthread_t t[4];
	void *res[4] = { 0 };
	for (int k = 0; k < 4; k++)
		pthread_create(&t[k], NULL, lint_many, cfg);
	for (int k = 0; k < 4; k++)
		pthread_join(t[k], &res[k]);
	tap_ok(!res[0] && !res[1] && !res[2] && !res[3], "4 threads sharing a configuration");
	jgf_config_free(cfg);
	return tap_done();
}
