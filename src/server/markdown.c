/* markdown: a rule's documentation as Markdown for hovers, rendered as the
 * rule pages (build-aux/rule-docs.sh) render `jgflint --explain`: an
 * unindented line is a section title; a line indented four spaces or more,
 * or starting with a JSON bracket, is an example (a code block) unless it
 * continues a list item; other indented lines are prose. */
#include "server/server_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mbuf {
	char *data;
	size_t len, cap;
};

static void madd(struct mbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *p = realloc(b->data, cap);
		if (!p)
			abort();
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void madds(struct mbuf *b, const char *s)
{
	madd(b, s, strlen(s));
}

static void explanation(struct mbuf *b, const char *text)
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
				madds(b, "```\n"), code = false;
			madds(b, "\n#### ");
			madd(b, line, n);
			madds(b, "\n");
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
			madds(b, "```\n"), code = false;
		if (blank)
			madds(b, "\n"), blank = false;
		if (is_code && !code)
			madds(b, "```json\n"), code = true;
		madd(b, l, ln);
		madds(b, "\n");
	}
	if (code)
		madds(b, "```\n");
}

char *rule_markdown(size_t rule, const char *message, const char *severity)
{
	struct mbuf b = { 0 };
	const char *url = jgf_rule_url(rule);
	static const char *const fixes[] = { "", ", fixable", ", fixable with unsafe fixes",
					     ", fixable (some fixes unsafe)" };
	unsigned f = jgf_rule_fixes(rule) & 3;
	char *head = xasprintf("**jgflint** `%s` (%s, %s%s)", jgf_rule_id(rule),
			       jgf_rule_category(rule), severity, fixes[f]);
	madds(&b, head);
	free(head);
	if (url) {
		madds(&b, " · [rule page](");
		madds(&b, url);
		madds(&b, ")");
	}
	madds(&b, "\n\n");
	if (message) {
		madds(&b, message);
		madds(&b, "\n\n---\n\n");
	}
	madds(&b, "*");
	madds(&b, jgf_rule_summary(rule));
	madds(&b, "*\n");
	explanation(&b, jgf_rule_explanation(rule));
	return b.data;
}
