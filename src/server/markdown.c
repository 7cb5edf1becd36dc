/* markdown: a rule's documentation for hovers, as Markdown rendered as the
 * rule pages (build-aux/rule-docs.sh) render `jgflint --explain`: an
 * unindented line is a section title; a line indented four spaces or more,
 * or starting with a JSON bracket, is an example (a code block) unless it
 * continues a list item, and so is one starting with a JSON member
 * ("key": ) that continues no paragraph; other indented lines are prose
 * (a table's rows "| a | b |" a Markdown table). An example is shown less
 * the indentation its lines share (an SGF one is indented four spaces),
 * fenced as JSON when it is. A client that shows plain text gets the text
 * as --explain prints it. */
#include "server/markdown.h"

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "base/buf.h"
#include "lib/jgflint.h"

/* The next line of an explanation at *p (p moves past it), less the two
 * spaces of its section; false at the end. title: an unindented line. */
static bool next_line(const char **p, const char **l, size_t *n, bool *title)
{
	if (!**p)
		return false;
	const char *nl = strchr(*p, '\n');
	*l = *p;
	*n = nl ? (size_t)(nl - *p) : strlen(*p);
	*p += *n + (nl ? 1 : 0);
	*title = *n && (*l)[0] != ' ';
	if (*n >= 2 && (*l)[0] == ' ' && (*l)[1] == ' ')
		*l += 2, *n -= 2;
	return true;
}

static size_t spaces(const char *l, size_t n)
{
	size_t k = 0;
	while (k < n && l[k] == ' ')
		k++;
	return k;
}

/* "key": at the line's start (a JSON member). */
static bool member(const char *l, size_t n)
{
	size_t k = 1;
	if (n < 4 || l[0] != '"')
		return false;
	while (k < n && isalpha((unsigned char)l[k]))
		k++;
	return k > 1 && k + 2 < n && l[k] == '"' && l[k + 1] == ':' && l[k + 2] == ' ';
}

/* Whether a line is an example's (the rules above). */
static bool code_line(const char *l, size_t n, bool item, bool paragraph_starts)
{
	return (spaces(l, n) >= 2 && !item) || (n && strchr("[{}]", l[0])) ||
	       (paragraph_starts && member(l, n));
}

/* The indentation the lines of the example from p share, its first
 * line's (less it) in first: blank lines go on with it. */
static size_t example_indent(const char *p, const char **first, size_t *first_n)
{
	size_t least = (size_t)-1;
	const char *l;
	size_t n;
	bool title;
	*first = NULL;
	while (next_line(&p, &l, &n, &title) && !title) {
		if (n == 0)
			continue;
		if (!code_line(l, n, false, true))
			break;
		if (!*first)
			*first = l, *first_n = n;
		if (spaces(l, n) < least)
			least = spaces(l, n);
	}
	if (!*first)
		return 0;
	*first += least, *first_n -= least;
	return least;
}

static void explanation(struct buf *b, const char *text)
{
	bool code = false, item = false, blank = false, fresh = true, was_code = false, title;
	size_t strip = 0;
	const char *line, *p = text, *at = text;
	size_t n;
	for (; next_line(&p, &line, &n, &title); at = p) {
		const char *l = line;
		size_t ln = n;
		if (n == 0) {
			blank = fresh = true;
			item = false;
			continue;
		}
		if (title) {
			if (code)
				buf_adds(b, "```\n"), code = false;
			buf_adds(b, "\n#### ");
			buf_add(b, line, n);
			buf_adds(b, "\n");
			blank = fresh = true;
			continue;
		}
		bool two = spaces(l, ln) >= 2;
		bool dash = ln >= 2 && l[0] == '-' && l[1] == ' ';
		bool is_code = code_line(l, ln, item, fresh || was_code);
		fresh = false;
		was_code = is_code;
		if (!is_code && item && !(dash || two))
			blank = true;
		if (!is_code)
			item = dash || (item && two);
		if (code && !is_code)
			buf_adds(b, "```\n"), code = false;
		if (blank)
			buf_adds(b, "\n"), blank = false;
		if (is_code && !code) {
			const char *first;
			size_t first_n;
			strip = example_indent(at, &first, &first_n);
			bool json = first && (first[0] == '{' || first[0] == '"' ||
					      (first[0] == '[' && !(first_n > 1 && isalpha((unsigned char)first[1]))));
			buf_adds(b, json ? "```json\n" : "```\n");
			code = true;
		}
		if (is_code) {
			size_t k = spaces(l, ln) < strip ? spaces(l, ln) : strip;
			l += k, ln -= k;
		}
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
