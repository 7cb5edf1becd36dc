/* repair: from the JavaScript of the specifications' examples to JSON, in
 * one pass over the text that copies every byte it does not repair, noting
 * each problem it repairs and where its output came from in the text. */
#include "read/repair.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/locate.h"
#include "read/load.h"

/* Deeper nesting than this is no copied example: leave it alone. */
#define MAX_DEPTH 512

static bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The end of the comment starting at i, or 0 if there is none there (or it
 * is an unterminated block comment). A line comment ends before its line
 * break. */
static size_t comment_end(const char *t, size_t len, size_t i)
{
	if (i + 1 >= len || t[i] != '/')
		return 0;
	if (t[i + 1] == '/') {
		size_t j = i + 2;
		while (j < len && t[j] != '\n' && t[j] != '\r')
			j++;
		return j;
	}
	if (t[i + 1] == '*') {
		for (size_t j = i + 2; j + 1 < len; j++)
			if (t[j] == '*' && t[j + 1] == '/')
				return j + 2;
	}
	return 0;
}

/* The first byte after white space and comments from i. */
static size_t skip_blank(const char *t, size_t len, size_t i)
{
	for (;;) {
		while (i < len && blank(t[i]))
			i++;
		size_t end = comment_end(t, len, i);
		if (!end)
			return i;
		i = end;
	}
}

/* One pass of the repair: what it notes along the way. */
struct pass {
	struct buf out;
	struct repair_count count;
	struct repair_problems *problems;  /* NULL: not noted */
	struct repair_mark *marks;
	size_t nmarks, marks_cap;
	size_t fail_at;                    /* where it gave up */
	char *fail_why;                    /* why (NULL: it did not) */
	const char *text;                  /* the text, for positions in messages */
	size_t len;
	struct locator *loc;               /* built when a message needs one */
};

__attribute__((format(printf, 3, 4)))
static struct repair_problem *problem(struct pass *ps, size_t at, const char *fmt, ...)
{
	if (!ps->problems)
		return NULL;
	char msg[512];   /* a message of the scanner's, a key of 40 bytes at most */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct repair_problems *p = ps->problems;
	p->items = xgrow(p->items, &p->cap, p->len + 1, sizeof *p->items);
	p->items[p->len] = (struct repair_problem){ .at = at, .message = xstrdup(msg) };
	return &p->items[p->len++];
}

/* From here on, output follows the text from byte in. A comment dropped
 * with the blanks before it takes the output back: marks past its end no
 * longer hold. */
static void mark(struct pass *ps, size_t in)
{
	while (ps->nmarks && ps->marks[ps->nmarks - 1].out >= ps->out.len)
		ps->nmarks--;
	ps->marks = xgrow(ps->marks, &ps->marks_cap, ps->nmarks + 1, sizeof *ps->marks);
	ps->marks[ps->nmarks++] = (struct repair_mark){ ps->out.len, in };
}

__attribute__((format(printf, 3, 4)))
static void give_up(struct pass *ps, size_t at, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ps->fail_at = at;
	ps->fail_why = xstrdup(msg);
}

/* Where the repair gives up, as a return value. */
#define GIVE_UP SIZE_MAX

/* The repair of problem p (NULL: not noted): the bytes [start, end) of
 * the text become the output from out_from on. */
static void repaired(struct pass *ps, struct repair_problem *p, size_t start, size_t end,
		     size_t out_from)
{
	if (!p)
		return;
	p->start = start;
	p->end = end;
	p->text = xstrndup(ps->out.data ? ps->out.data + out_from : "", ps->out.len - out_from);
}

/* Removes the comment [i, end): with its whole line when nothing else
 * stands on it, else with the blanks before it, as far back as the output
 * copies the text (a comma taken out before them keeps those before it:
 * each repair's edit is apart from the others). Returns where to go on;
 * *start: where the bytes dropped begin in the text. */
static size_t drop_comment(struct pass *ps, const char *t, size_t len, size_t end, size_t *start)
{
	struct buf *out = &ps->out;
	const struct repair_mark *copy = &ps->marks[ps->nmarks - 1];   /* since then, a copy */
	size_t keep = out->len;
	while (keep > copy->out && (out->data[keep - 1] == ' ' || out->data[keep - 1] == '\t'))
		keep--;
	*start = copy->in + (keep - copy->out);
	size_t after = end;
	while (after < len && (t[after] == ' ' || t[after] == '\t'))
		after++;
	bool alone = (keep == 0 || out->data[keep - 1] == '\n' || out->data[keep - 1] == '\r') &&
		     (after == len || t[after] == '\n' || t[after] == '\r');
	buf_truncate(out, keep);
	if (!alone)
		return end;
	if (after < len && t[after] == '\r')
		after++;
	if (after < len && t[after] == '\n')
		after++;
	return after;
}

/* The single-quoted string at t[i] in double quotes (in_object: a key may
 * stand there); where the text goes on, or GIVE_UP. */
static size_t single_quoted(const char *t, size_t len, size_t i, bool in_object, struct pass *ps)
{
	size_t at = i;
	struct buf *out = &ps->out;
	size_t out_from = out->len;
	buf_addc(out, '"');
	mark(ps, i + 1);
	for (i++;; i++) {
		if (i >= len || t[i] == '\n' || t[i] == '\r') {
			give_up(ps, at, "a single-quoted string is not closed on its line");
			return GIVE_UP;
		}
		if (t[i] == '\'')
			break;
		if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\'') {
			buf_addc(out, '\'');
			i++;
			mark(ps, i + 1);
		} else if (t[i] == '\\' && i + 1 < len) {
			buf_add(out, t + i, 2);
			i++;
		} else if (t[i] == '"') {
			buf_adds(out, "\\\"");
			mark(ps, i + 1);
		} else {
			buf_addc(out, t[i]);
		}
	}
	buf_addc(out, '"');
	i++;
	mark(ps, i);
	size_t after = skip_blank(t, len, i);
	bool key = in_object && after < len && t[after] == ':';
	repaired(ps, problem(ps, at, key ? "object keys must be in double quotes, not single quotes"
					 : "strings must be in double quotes, not single quotes"),
		 at, i, out_from);
	ps->count.safe++;
	return i;
}

/* The comment at t[i], gone (with unsafe); where the text goes on, or
 * GIVE_UP. */
static size_t comment(const char *t, size_t len, size_t i, bool unsafe, struct pass *ps)
{
	size_t end = comment_end(t, len, i);
	if (!end) {
		give_up(ps, i, t[i + 1 < len ? i + 1 : i] == '*' ? "a block comment is not closed"
								 : "a `/` outside a string");
		return GIVE_UP;
	}
	if (!unsafe) {
		give_up(ps, i, "comments are removed only with --unsafe-fixes (their text is lost)");
		return GIVE_UP;
	}
	struct repair_problem *p = problem(ps, i, "comments are not allowed in JSON");
	size_t start;
	i = drop_comment(ps, t, len, end, &start);
	repaired(ps, p, start, i, ps->out.len);
	mark(ps, i);
	ps->count.unsafe++;
	return i;
}

/* The word at t[i], in double quotes when it is a key (key_place: where
 * an object's key may stand, after its `{` or a comma; before a colon):
 * `true` in `"ai": true :` is a value, whatever follows it. Where the
 * text goes on. */
static size_t word(const char *t, size_t len, size_t i, bool key_place, struct pass *ps)
{
	size_t j = i;
	while (j < len && ident_char(t[j]))
		j++;
	size_t k = skip_blank(t, len, j);
	bool key = key_place && k < len && t[k] == ':';
	static const char *const literals[] = { "true", "false", "null", "NaN", "Infinity" };
	bool literal = false;
	for (size_t n = 0; n < sizeof literals / sizeof *literals && !literal; n++)
		literal = strlen(literals[n]) == j - i && memcmp(t + i, literals[n], j - i) == 0;
	if (!key && !literal) {
		/* No JavaScript either: text a quote left out of its string,
		 * whose quotes would pair wrongly from here on. */
		give_up(ps, i, "unexpected word `%.*s`: strings must be in double quotes",
			(int)(j - i > 40 ? 40 : j - i), t + i);
		return GIVE_UP;
	}
	size_t out_from = ps->out.len;
	struct repair_problem *p = NULL;
	if (key) {
		p = problem(ps, i, "object keys must be strings in double quotes: write `\"%.*s\"`",
			    (int)(j - i > 40 ? 40 : j - i), t + i);
		buf_addc(&ps->out, '"');
		mark(ps, i);
	}
	buf_add(&ps->out, t + i, j - i);
	if (key) {
		buf_addc(&ps->out, '"');
		repaired(ps, p, i, j, out_from);
		mark(ps, j);
		ps->count.safe++;
	}
	return j;
}

/* "L:C" of offset at in the text, for a message. */
static const char *where(struct pass *ps, size_t at, char out[48])
{
	unsigned long line, col;
	if (!ps->loc)
		ps->loc = locator_new(ps->text, ps->len, 0);
	locator_linecol(ps->loc, ps->loc ? at : 0, &line, &col);
	snprintf(out, 48, "%lu:%lu", line, col);
	return out;
}

/* The string at t[i] meets a line break at eol: a closing quote is
 * missing. A reader resumes as if the string had ended on its line: a key
 * before its `:`, a value before the commas and brackets that end the line. The guess makes the rest readable, never a fix. Returns
 * where the text goes on. */
static size_t close_on_line(const char *t, size_t i, size_t eol, bool key, struct pass *ps)
{
	size_t close = eol;
	const char *colon = key ? memchr(t + i + 1, ':', eol - i - 1) : NULL;
	if (colon)
		close = (size_t)(colon - t);
	while (close > i + 1 && (t[close - 1] == ' ' || t[close - 1] == '\t' ||
				 (!colon && (t[close - 1] == ',' || t[close - 1] == '}' ||
					     t[close - 1] == ']'))))
		close--;
	char at[48];
	struct repair_problem *p =
		problem(ps, eol, "line break inside the string that starts at %s: is a closing `\"` "
			"missing? (a line break inside a string is written `\\n`)", where(ps, i, at));
	if (p) {
		p->guess = true;
		p->unsure = "where the string ends is not certain";
	}
	ps->count.guessed++;
	buf_add(&ps->out, t + i, close - i);
	buf_addc(&ps->out, '"');
	mark(ps, close);
	return close;
}

/* The comma at t[i], then only white space, then the bracket at t[j], then
 * what the container takes after a comma (a key in an object, a value in
 * an array): the bracket is one too many (read/scan.c says so). A reader
 * resumes without it: a guess, never a fix. */
static bool stray_closer(const char *t, size_t len, size_t i, size_t j, bool in_object)
{
	for (size_t k = i + 1; k < j; k++)
		if (!blank(t[k]))
			return false;
	size_t k = j + 1;
	while (k < len && blank(t[k]))
		k++;
	if (k >= len)
		return false;
	char c = t[k];
	return in_object ? c == '"' :
	       c == '"' || c == '{' || c == '[' || c == '-' || ident_char(c);
}

/* The string whose `"` is at t[i] (a key when key), copied, or closed on
 * its line where it runs past it; where the next token starts, or
 * GIVE_UP. A JSON string ends on its line: a quote further on is another
 * string's, never this one's end. */
static size_t string(const char *t, size_t len, size_t i, bool key, struct pass *ps)
{
	size_t j = i + 1;
	while (j < len && t[j] != '"' && t[j] != '\n' && t[j] != '\r')
		j += t[j] == '\\' && j + 1 < len && t[j + 1] != '\n' && t[j + 1] != '\r' ? 2 : 1;
	if (j >= len) {
		give_up(ps, i, "unterminated string: it is not closed before the end of the file");
		return GIVE_UP;
	}
	if (t[j] != '"')
		return close_on_line(t, i, j, key, ps);
	buf_add(&ps->out, t + i, j + 1 - i);
	return j + 1;
}

/* The comma at t[i] (in an object, or an array): a closer after it is one
 * too many (a guess) or the comma is a trailing one (taken out); where the
 * next token starts. */
static size_t comma(const char *t, size_t len, size_t i, bool in_object, struct pass *ps)
{
	size_t j = skip_blank(t, len, i + 1);
	if (j < len && (t[j] == '}' || t[j] == ']') && stray_closer(t, len, i, j, in_object)) {
		struct repair_problem *p =
			problem(ps, j, "found `%c` after a comma, where %s should stand: is this "
				"`%c` one too many?", t[j], in_object ? "a key" : "a value", t[j]);
		if (p) {
			p->guess = true;
			p->unsure = "whether the bracket is one too many is not certain";
		}
		ps->count.guessed++;
		buf_add(&ps->out, t + i, j - i);   /* the comma and the blanks */
		mark(ps, j + 1);
		return j + 1;
	}
	if (j < len && (t[j] == '}' || t[j] == ']')) {
		struct repair_problem *tc =
			problem(ps, i, "trailing comma before `%c`; remove the comma", t[j]);
		if (tc)
			tc->closer = j;
		repaired(ps, tc, i, i + 1, ps->out.len);
		ps->count.safe++;
		mark(ps, i + 1);
	} else {
		buf_addc(&ps->out, ',');
	}
	return i + 1;
}

/* The repair of t; false when it gives up (ps->fail_at, ps->fail_why). */
static bool repair(const char *t, size_t len, bool unsafe, struct pass *ps)
{
	char stack[MAX_DEPTH];
	size_t depth = 0, i = 0;
	bool expect_key = false;   /* a key may stand next (after `{` or an object's `,`) */
	struct buf *out = &ps->out;
	mark(ps, 0);
	while (i < len) {
		char c = t[i];
		bool in_object = depth && stack[depth - 1] == '{';
		if (c == '"') {
			i = string(t, len, i, expect_key, ps);
			if (i == GIVE_UP)
				return false;
			expect_key = false;
		} else if (c == '\'' || c == '/') {
			i = c == '/' ? comment(t, len, i, unsafe, ps) : single_quoted(t, len, i, in_object, ps);
			if (i == GIVE_UP)
				return false;
			expect_key = expect_key && c == '/';
		} else if (c == ',') {
			expect_key = in_object;
			i = comma(t, len, i, in_object, ps);
		} else if (c == '{' || c == '[') {
			if (depth == MAX_DEPTH) {
				give_up(ps, i, "nested more than %d levels deep", MAX_DEPTH);
				return false;
			}
			stack[depth++] = c;
			expect_key = c == '{';
			buf_addc(out, c);
			i++;
		} else if (c == '}' || c == ']') {
			depth -= depth > 0;
			expect_key = false;
			buf_addc(out, c);
			i++;
		} else if (ident_start(c)) {
			i = word(t, len, i, in_object && expect_key, ps);
			if (i == GIVE_UP)
				return false;
			expect_key = false;
		} else if ((c >= '0' && c <= '9') || c == '-') {
			expect_key = false;
			/* a number, exponent letters and all */
			size_t j = i + 1;
			while (j < len && strchr("0123456789+-.eE", t[j]) && t[j])
				j++;
			buf_add(out, t + i, j - i);
			i = j;
		} else {
			/* a run of blanks copied at once (a pretty-printed text is
			 * mostly its indentation) */
			size_t j = i + 1;
			while (blank(c) && j < len && blank(t[j]))
				j++;
			if (c == ':')
				expect_key = false;
			if (j - i == 1)
				buf_addc(out, c);
			else
				buf_add(out, t + i, j - i);
			i = j;
		}
	}
	return true;
}

static void pass_free(struct pass *ps)
{
	locator_free(ps->loc);
	buf_free(&ps->out);
	free(ps->marks);
	free(ps->fail_why);
}

struct mark_ask {
	const struct repair_mark *marks;
	size_t at;
};

static bool mark_past(const void *ctx, size_t i)
{
	const struct mark_ask *a = ctx;
	return a->marks[i].out > a->at;
}

/* The offset in the text of byte at of the output (marks[0].out is 0). */
static size_t map_marks(const struct repair_mark *marks, size_t nmarks, size_t at)
{
	struct mark_ask a = { marks, at };
	size_t lo = bound_first(1, nmarks, mark_past, &a) - 1;   /* the last mark at or before at */
	return marks[lo].in + (at - marks[lo].out);
}

static size_t map_back(const struct pass *ps, size_t at)
{
	return map_marks(ps->marks, ps->nmarks, at);
}

bool repair_problems(const char *name, const char *t, size_t len, bool unsafe,
		     struct repair_problems *out)
{
	*out = (struct repair_problems){ 0 };
	struct pass ps = { .out = BUF_INIT, .problems = out, .text = t, .len = len };
	bool repairs = false;
	if (!repair(t, len, unsafe, &ps)) {
		problem(&ps, ps.fail_at, "%s", ps.fail_why)->blocks = true;
	} else if (ps.count.safe + ps.count.unsafe + ps.count.guessed) {
		/* What the repair leaves: the first error of the repaired text,
		 * where it stands in t. */
		struct document *next = xmalloc(sizeof *next);
		document_load_buffer(next, name, ps.out.data ? ps.out.data : "", ps.out.len);
		const struct diag *first = NULL;
		for (size_t i = 0; !next->parsed && i < next->diags.len; i++) {
			const struct diag *d = &next->diags.items[i];
			if (d->severity == SEV_ERROR && d->has_offset && (!first || d->offset < first->offset))
				first = d;
		}
		if (first) {
			struct repair_problem *p = problem(&ps, map_back(&ps, first->offset), "%s",
							   first->message);
			p->blocks = true;
			p->rule = first->rule;
		}
		repairs = !first && !ps.count.guessed;
		if (repairs && next->parsed && ps.count.safe + ps.count.unsafe) {
			out->count = ps.count;
			out->text_len = ps.out.len;
			out->text = buf_detach(&ps.out);
		}
		out->read = next;
		out->marks = ps.marks;
		out->nmarks = ps.nmarks;
		ps.marks = NULL;
	}
	pass_free(&ps);
	return repairs;
}

void repair_problems_free(struct repair_problems *p)
{
	for (size_t i = 0; i < p->len; i++) {
		free(p->items[i].message);
		free(p->items[i].text);
	}
	free(p->items);
	free(p->text);
	if (p->read)
		document_free(p->read);
	free(p->read);
	free(p->marks);
	*p = (struct repair_problems){ 0 };
}

size_t repair_problems_map(const struct repair_problems *p, size_t at)
{
	return map_marks(p->marks, p->nmarks, at);
}
