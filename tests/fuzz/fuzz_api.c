/* libFuzzer target over the public library API (jgflint.h), as a program
 * that links libjgflint calls it: a configuration built by its functions
 * or parsed from text, jgf_lint with and without fixes, every accessor of
 * every finding, every report format, jgf_convert, the rule catalogue and
 * jgf_explain. Built by `make fuzz`; any crash, leak or sanitizer report is
 * a bug, and so is a broken promise of the API: a finding's offsets outside
 * the text it is about, edits outside it or out of order, a report that is
 * not UTF-8 (or, for json, sarif and gitlab, not JSON), and a fixed text
 * that a second jgf_lint with the same fixes changes again (one call
 * reaches the fixed point). And a fix never makes the record worse (issue
 * 27, as tests/fix_property.py over the fixtures): the fixed text has no
 * more errors of any rule outside the go category than the text had, no
 * more duplicate keys (counted with the default settings, whatever the
 * configuration ignores), and every string, number and boolean outside the
 * bytes the fixes of its findings edit is still in it, as written.
 *
 * The first byte chooses what is done (when the input has more than one):
 *   bit 0  JGF_FIX, bit 1 JGF_UNSAFE_FIXES;
 *   bit 2  the bytes up to the first NUL are a configuration file's text
 *          (jgf_config_parse), the rest the record;
 *   bit 3  ignore the rule (or, when the second byte's high bit is set,
 *          its category) the second byte indexes;
 *   bit 4  report it as an error; bit 5 at most (second byte % 4)
 *          findings a rule;
 *   bit 6  also convert the bytes (jgf_convert, as an SGF file);
 *   bit 7  explain the rule (or category). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "base/jstring.h"
#include "lib/jgflint.h"

static void die(const char *why, const char *detail)
{
	fprintf(stderr, "%s%s%.300s\n", why, detail ? ": " : "", detail ? detail : "");
	abort();
}

static bool utf8_ok(const char *s)
{
	for (size_t i = 0, len = strlen(s); i < len;) {
		size_t n = utf8_sequence_length(s + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

/* Every accessor of every finding of r, about text (len bytes). */
static void check_findings(const jgf_result *r, size_t len)
{
	size_t n = jgf_result_count(r), by_severity = 0;
	for (int s = JGF_INFO; s <= JGF_ERROR; s++)
		by_severity += jgf_result_count_severity(r, (enum jgf_severity)s);
	if (by_severity != n)
		die("the counts by severity do not add up", NULL);
	for (size_t i = 0; i < n; i++) {
		const char *rule = jgf_finding_rule(r, i), *message = jgf_finding_message(r, i);
		/* A url only where a page is to link (jgflint.h): none is fine. */
		const char *url = jgf_finding_url(r, i);
		if (!rule || jgf_rule_find(rule) < 0 || !message || !utf8_ok(message) ||
		    (url && (!*url || !utf8_ok(url))))
			die("a finding without a known rule, a UTF-8 message or a url that is one", message);
		const char *pointer = jgf_finding_pointer(r, i);
		if (pointer && !utf8_ok(pointer))
			die("a pointer that is not UTF-8", pointer);
		size_t at = jgf_finding_offset(r, i), end = jgf_finding_end_offset(r, i);
		if (jgf_finding_line(r, i) && (at > len || end > len || end < at))
			die("a finding's span is outside the text", message);
		if (jgf_finding_end_line(r, i) && jgf_finding_end_line(r, i) < jgf_finding_line(r, i))
			die("a finding ends before it starts", message);
		size_t edits = jgf_finding_edit_count(r, i), last = 0;
		if (edits && !jgf_finding_fix(r, i))
			die("edits without a fix", message);
		for (size_t k = 0; k < edits; k++) {
			size_t start, stop;
			const char *text;
			if (jgf_finding_edit(r, i, k, &start, &stop, &text) != 0 || !text ||
			    start > stop || stop > len || start < last)
				die("an edit outside the text, or out of order", message);
			last = stop;
		}
	}
}

static void check_reports(const jgf_result *r)
{
	static const char *const formats[] = { "text", "concise", "json", "sarif", "github",
					      "gitlab" };
	for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
		char *report = jgf_result_report(r, formats[f]);
		if (!report)
			die("no report", formats[f]);
		if (!utf8_ok(report))
			die("a report that is not UTF-8", formats[f]);
		if (!strcmp(formats[f], "json") || !strcmp(formats[f], "sarif") ||
		    !strcmp(formats[f], "gitlab")) {
			json_tokener *tok = json_tokener_new();
			json_object *v = json_tokener_parse_ex(tok, report, (int)strlen(report));
			if (!v)
				die("a report that is not JSON", formats[f]);
			json_object_put(v);
			json_tokener_free(tok);
		}
		jgf_free(report);
	}
}

/* Errors of r by rule outside the go category, into count[] (by rule
 * index); the total. */
static size_t errors_by_rule(const jgf_result *r, size_t *count)
{
	size_t total = 0;
	for (size_t i = 0; i < jgf_result_count(r); i++) {
		long k = jgf_rule_find(jgf_finding_rule(r, i));
		if (k < 0 || jgf_finding_severity(r, i) != JGF_ERROR ||
		    !strcmp(jgf_rule_category((size_t)k), "go"))
			continue;
		count[k]++;
		total++;
	}
	return total;
}

static size_t count_rule(const jgf_result *r, const char *rule)
{
	size_t n = 0;
	for (size_t i = 0; i < jgf_result_count(r); i++)
		n += !strcmp(jgf_finding_rule(r, i), rule);
	return n;
}

/* The end of the JSON literal (string, number, true, false) at s[i], in
 * text that is JSON. */
static size_t literal_end(const char *s, size_t i, size_t len)
{
	if (s[i] == '"') {
		for (i++; i < len && s[i] != '"'; i++)
			i += s[i] == '\\';
		return i < len ? i + 1 : len;
	}
	while (i < len && (strchr("+-.eE", s[i]) || (s[i] >= '0' && s[i] <= '9') ||
			   (s[i] >= 'a' && s[i] <= 'z')))
		i++;
	return i;
}

/* Whether the bytes [at, end) meet an edit of a fix of before (safe ones,
 * or all with unsafe). */
static bool edited(const jgf_result *before, bool unsafe, size_t at, size_t end)
{
	for (size_t i = 0; i < jgf_result_count(before); i++) {
		unsigned fix = jgf_finding_fix(before, i);
		if (!fix || (!unsafe && fix != JGF_FIX))
			continue;
		for (size_t k = 0; k < jgf_finding_edit_count(before, i); k++) {
			size_t start, stop;
			const char *t;
			if (jgf_finding_edit(before, i, k, &start, &stop, &t) == 0 &&
			    (at < stop || (at == start && start == stop)) && end > start)
				return true;
		}
	}
	return false;
}

/* Whether the n bytes at p occur in hay (hlen bytes). */
static bool occurs(const char *hay, size_t hlen, const char *p, size_t n)
{
	for (size_t i = 0; n <= hlen && i + n <= hlen; i++)
		if (!memcmp(hay + i, p, n))
			return true;
	return false;
}

/* A fix never makes the record worse: see the top of the file. */
static void check_never_worse(jgf_config *cfg, const char *text, size_t len, const char *fixed,
			      size_t fixed_len, unsigned flags)
{
	if (fixed_len == len && !memcmp(fixed, text, len))
		return;
	size_t nrules = jgf_rule_count();
	size_t *was = calloc(nrules, sizeof *was), *now = calloc(nrules, sizeof *now);
	jgf_result *before = jgf_lint(cfg, "fuzz.jgf", text, len, 0);
	jgf_result *after = jgf_lint(cfg, "fuzz.jgf", fixed, fixed_len, 0);
	jgf_config *plain = jgf_config_new();
	jgf_result *dups_before = jgf_lint(plain, "fuzz.jgf", text, len, 0);
	jgf_result *dups_after = jgf_lint(plain, "fuzz.jgf", fixed, fixed_len, 0);
	if (!was || !now || !before || !after || !plain || !dups_before || !dups_after)
		die("out of memory in the fuzz target", NULL);
	errors_by_rule(before, was);
	errors_by_rule(after, now);
	/* A text that does not parse has no known format: the fix of its
	 * syntax may show it is another format's (a .jgf holding SGF-in-JSON
	 * with a trailing comma), which foreign-format then says. */
	bool unparsed = false;
	for (size_t k = 0; k < nrules; k++)
		unparsed |= was[k] && !strcmp(jgf_rule_id(k), "json-syntax");
	for (size_t k = 0; k < nrules; k++)
		if (now[k] > was[k] && !(unparsed && !strcmp(jgf_rule_id(k), "foreign-format"))) {
			fprintf(stderr, "fixed: %.*s\n", (int)fixed_len, fixed);
			die("a fix added an error", jgf_rule_id(k));
		}
	if (count_rule(dups_after, "json-duplicate-key") > count_rule(dups_before, "json-duplicate-key"))
		die("a fix added a duplicate key", NULL);
	/* Values: only when the text was JSON (a repaired one's literals are
	 * not JSON's), literal by literal; a key (a string before a colon) is
	 * no value. */
	if (!count_rule(dups_before, "json-syntax") && !count_rule(dups_before, "json-encoding")) {
		for (size_t i = 0; i < len;) {
			char c = text[i];
			if (c != '"' && c != '-' && !(c >= '0' && c <= '9') && c != 't' && c != 'f') {
				i++;
				continue;
			}
			size_t end = literal_end(text, i, len), after_ws = end;
			while (after_ws < len && strchr(" \t\r\n", text[after_ws]))
				after_ws++;
			bool key = c == '"' && after_ws < len && text[after_ws] == ':';
			/* a string may be written into a longer one: its content */
			size_t from = c == '"' ? i + 1 : i, to = c == '"' && end > i + 1 ? end - 1 : end;
			if (!key && to > from && !edited(before, flags & JGF_UNSAFE_FIXES, i, end) &&
			    !occurs(fixed, fixed_len, text + from, to - from)) {
				fprintf(stderr, "fixed: %.*s\n", (int)fixed_len, fixed);
				die("a fix lost a value it was not about", text + i);
			}
			i = end > i ? end : i + 1;
		}
	}
	jgf_result_free(before);
	jgf_result_free(after);
	jgf_result_free(dups_before);
	jgf_result_free(dups_after);
	jgf_config_free(plain);
	free(was);
	free(now);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t ctl = size > 1 ? data[0] : 0, arg = size > 1 ? data[1] : 0;
	const char *text = (const char *)data + (size > 1 ? 2 : 0);
	size_t len = size > 1 ? size - 2 : size;
	unsigned flags = (ctl & 1 ? JGF_FIX : 0) | (ctl & 2 ? JGF_UNSAFE_FIXES : 0);
	size_t nrules = jgf_rule_count();
	const char *rule = jgf_rule_id(arg % nrules);
	const char *named = arg & 0x80 ? jgf_rule_category(arg % nrules) : rule;

	jgf_config *cfg = NULL;
	jgf_result *problems = NULL;
	if (ctl & 4) {
		const char *nul = memchr(text, '\0', len);
		size_t clen = nul ? (size_t)(nul - text) : len;
		cfg = jgf_config_parse(".jgflint.json", text, clen, "/fuzz", &problems);
		if (problems) {
			check_findings(problems, clen);
			jgf_result_free(problems);
		}
		text += nul ? clen + 1 : clen;
		len -= nul ? clen + 1 : clen;
	} else {
		cfg = jgf_config_new();
	}
	if (!cfg)
		die("no configuration", NULL);
	if (ctl & 8)
		jgf_config_ignore(cfg, named);
	if (ctl & 16)
		jgf_config_severity(cfg, named, JGF_ERROR);
	if (ctl & 32)
		jgf_config_max_findings(cfg, arg % 4);

	jgf_result *r = jgf_lint(cfg, "fuzz.jgf", text, len, flags);
	if (!r)
		die("jgf_lint returned NULL", NULL);
	size_t fixed_len = len;
	const char *fixed = jgf_result_text(r, &fixed_len);
	/* The findings are placed in the text the check read: with JGF_FIX,
	 * a text kept in its own character set (an SGF fixed where it is, a
	 * file of another format left as it is) decoded, as a check of it
	 * without JGF_FIX reads it (jgflint.h) */
	size_t shown_len = fixed ? fixed_len : len;
	if (fixed && (flags & JGF_FIX)) {
		jgf_result *shown = jgf_lint(cfg, "fuzz.jgf", fixed, fixed_len, 0);
		if (!shown)
			die("jgf_lint returned NULL", NULL);
		jgf_result_text(shown, &shown_len);
		jgf_result_free(shown);
	}
	check_findings(r, shown_len);
	check_reports(r);
	if (fixed && (flags & JGF_FIX)) {
		/* One call reaches the fixed point: a second changes nothing. */
		jgf_result *again = jgf_lint(cfg, "fuzz.jgf", fixed, fixed_len, flags);
		size_t again_len = 0;
		const char *twice = again ? jgf_result_text(again, &again_len) : NULL;
		if (!twice || again_len != fixed_len || memcmp(twice, fixed, fixed_len) != 0 ||
		    jgf_result_fixes(again) != 0) {
			fprintf(stderr, "fixed once:  %.*s\nfixed twice: %.*s\n", (int)fixed_len, fixed,
				(int)again_len, twice ? twice : "");
			die("a second jgf_lint with the same fixes changes the fixed text", NULL);
		}
		jgf_result_free(again);
		check_never_worse(cfg, text, len, fixed, fixed_len, flags);
	}
	jgf_result_free(r);
	jgf_config_free(cfg);

	if (ctl & 64) {
		jgf_conversion *c = jgf_convert("fuzz.sgf", text, len);
		if (!c)
			die("jgf_convert returned NULL", NULL);
		for (size_t i = 0; i < jgf_conversion_count(c); i++) {
			size_t n;
			if (!jgf_conversion_name(c, i) || !jgf_conversion_text(c, i, &n))
				die("a converted record without a name or text", NULL);
		}
		if (!jgf_conversion_messages(c))
			die("a conversion without messages", NULL);
		jgf_conversion_free(c);
	}
	if (ctl & 128) {
		char *page = jgf_explain(named);
		if (!page || !utf8_ok(page))
			die("jgf_explain of a known name", named);
		jgf_free(page);
		long k = jgf_rule_find(rule);
		/* Its page may be none: the pages not installed. */
		if (k < 0 || !jgf_rule_summary((size_t)k) || !jgf_rule_explanation((size_t)k))
			die("a rule of the catalogue without its texts", rule);
	}
	return 0;
}
