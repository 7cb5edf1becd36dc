/* markdown: a rule's documentation for hovers, as Markdown rendered as the
 * rule pages (build-aux/rule-docs.sh) render `jgflint --explain`: an
 * unindented line is a section title; a line indented four spaces or more,
 * or starting with a JSON bracket, is an example (a code block) unless it
 * continues a list item; other indented lines are prose. A client that
 * shows plain text gets the text as --explain prints it. */
#include "server/markdown.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "base/buf.h"
#include "lib/jgflint.h"

static void explanation(struct buf *b, const char *text)
{
	bool code = false, item = false, blank = false;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *line = p;
		p += n + (nl ? 1 : 0);
		if (n == 0) {
			blank = true;
			item = false;
			continue;
		}
		if (line[0] != ' ') {
			if (code)
				buf_adds(b, "```\n"), code = false;
			buf_adds(b, "\n#### ");
			buf_add(b, line, n);
			buf_adds(b, "\n");
			blank = true;
			continue;
		}
		const char *l = line;
		size_t ln = n;
		if (ln >= 2 && l[0] == ' ' && l[1] == ' ')
			l += 2, ln -= 2;
		bool two = ln >= 2 && l[0] == ' ' && l[1] == ' ';
		bool dash = ln >= 2 && l[0] == '-' && l[1] == ' ';
		bool is_code = (two && !item) || (ln && strchr("[{}]", l[0]));
		if (!is_code && item && !(dash || two))
			blank = true;
		if (!is_code)
			item = dash || (item && two);
		if (code && !is_code)
			buf_adds(b, "```\n"), code = false;
		if (blank)
			buf_adds(b, "\n"), blank = false;
		if (is_code && !code)
			buf_adds(b, "```json\n"), code = true;
		buf_add(b, l, ln);
		buf_adds(b, "\n");
	}
	if (code)
		buf_adds(b, "```\n");
}

/* The same for a client that shows plain text: the explanation as
 * `jgflint --explain` prints it, no Markdown syntax. */
static void rule_plain(struct buf *b, size_t rule, const char *message,
		       enum jgf_severity severity, const char *fixes)
{
	const char *url = jgf_rule_url(rule);
	buf_printf(b, "jgflint %s (%s, %s%s)\n", jgf_rule_id(rule), jgf_rule_category(rule),
		   jgf_severity_name(severity), fixes);
	if (url)
		buf_printf(b, "rule page: %s\n", url);
	buf_adds(b, "\n");
	if (message)
		buf_printf(b, "%s\n\n---\n\n", message);
	buf_printf(b, "%s\n\n%s\n", jgf_rule_summary(rule), jgf_rule_explanation(rule));
}

char *rule_hover(size_t rule, const char *message, enum jgf_severity severity, bool markdown)
{
	struct buf b = BUF_INIT;
	static const char *const fixes[] = { "", ", fixable", ", fixable with unsafe fixes",
					     ", fixable (some fixes unsafe)" };
	unsigned f = jgf_rule_fixes(rule) & 3;
	if (!markdown) {
		rule_plain(&b, rule, message, severity, fixes[f]);
		return buf_detach(&b);
	}
	const char *url = jgf_rule_url(rule);
	buf_printf(&b, "**jgflint** `%s` (%s, %s%s)", jgf_rule_id(rule), jgf_rule_category(rule),
		   jgf_severity_name(severity), fixes[f]);
	if (url) {
		buf_adds(&b, " · [rule page](");
		buf_adds(&b, url);
		buf_adds(&b, ")");
	}
	buf_adds(&b, "\n\n");
	if (message) {
		buf_adds(&b, message);
		buf_adds(&b, "\n\n---\n\n");
	}
	buf_adds(&b, "*");
	buf_adds(&b, jgf_rule_summary(rule));
	buf_adds(&b, "*\n");
	explanation(&b, jgf_rule_explanation(rule));
	return buf_detach(&b);
}
