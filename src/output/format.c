/* format: the helpers the output formats share (format.h). */
#include "output/format.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/ascii.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "core/catalog.h"
#include "core/fixop.h"

void report_indent(FILE *out, int level)
{
	for (int i = 0; i < level; i++)
		fputs("  ", out);
}

void report_write_escaped(FILE *out, const char *t, size_t len)
{
	struct buf b = BUF_INIT;
	json_escape_invisible(&b, t, len);
	if (b.len)
		fwrite(b.data, 1, b.len, out);
	buf_free(&b);
}

/* Written to the spool exactly as json-c would print it as an element of
 * the results array (strings never hold a raw line break, so each line is
 * indented as a whole). */
void report_add_result(struct reporter *r, json_object *o)
{
	if (!r->spool) {
		dom_push(r->results, o);
		return;
	}
	const char *text = dom_json(o, JSON_FLAGS, NULL);
	if (r->nspooled++)
		fputs(",\n", r->spool);
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
		report_indent(r->spool, r->format->results_level + 1);
		report_write_escaped(r->spool, line, len);
		line += len;
	}
	json_object_put(o);
}



const char *report_shown_escape(char esc[13], const char *s, size_t n, uint32_t cp)
{
	if (cp == '\n' || cp == '\r' || cp == '\t')
		snprintf(esc, 13, "\\%c", cp == '\n' ? 'n' : cp == '\r' ? 'r' : 't');
	else if (char_invisible(cp))
		char_escape(esc, cp);
	else if (cp == 0xFFFD && n == 1)   /* a lone C1 byte acts on some terminals */
		snprintf(esc, 13, "\\x%02X", (unsigned char)*s);
	else
		return NULL;
	return esc;
}

/* Plain text goes out in runs, one fwrite each (a call per character was
 * most of a report's cost): printable ASCII is never escaped, and what
 * else is shown as it is joins the run. */
void report_put_escaped(FILE *out, const char *s)
{
	const char *run = s;
	for (size_t len = strlen(s); *s;) {
		if (*s >= 0x20 && *s < 0x7f) {
			size_t k = printable_span(s, len);
			s += k, len -= k;
			continue;
		}
		uint32_t cp;
		char esc[13];
		size_t n = utf8_next(s, len, &cp);
		if (report_shown_escape(esc, s, n, cp)) {
			fwrite(run, 1, (size_t)(s - run), out);
			fputs(esc, out);
			run = s + n;
		}
		s += n, len -= n;
	}
	fwrite(run, 1, (size_t)(s - run), out);
}

const char *report_paint(const struct reporter *r, const char *code)
{
	return r->opts.color ? code : "";
}

const char *report_severity_color(enum severity s)
{
	return s == SEV_ERROR ? RED : s == SEV_WARNING ? YELLOW : CYAN;
}

const char *report_web_doc_url(const struct rule *rule)
{
	const char *url = catalog_doc_url(rule);
	return url && (strncmp(url, "https://", 8) == 0 || strncmp(url, "http://", 7) == 0) ? url : NULL;
}

bool report_fixable(const struct reporter *r, const struct diag *d)
{
	return d->fix && (d->fix->safety != FIX_UNSAFE || r->opts.unsafe);
}

const char *report_project_path(const char *path)
{
	char cwd[4096];
	if (path[0] == '/' && getcwd(cwd, sizeof cwd)) {
		size_t n = strlen(cwd);
		if (strncmp(path, cwd, n) == 0 && path[n] == '/')
			path += n + 1;
	}
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

const char *report_where(const struct diag *d, struct buf *words)
{
	if (d->pointer)
		return d->pointer;
	return diag_place_words(d, words) ? words->data : "";
}

int report_where_cmp(const struct diag *a, const struct diag *b)
{
	/* A place's words ("game 1, ...") are never a pointer ("/...", ""). */
	bool pa = !a->pointer && a->places, pb = !b->pointer && b->places;
	if (pa && pb)
		return diag_place_cmp(a, b);
	if (pa != pb)
		return pa - pb;
	return strcmp(a->pointer ? a->pointer : "", b->pointer ? b->pointer : "");
}

/* It survives edits elsewhere in the file and rewordings of messages
 * (which may quote positions); the file is named as reports name it,
 * however the command line spelt it: a.jgf, ./a.jgf or $PWD/a.jgf. */
char *report_fingerprint(const struct document *doc, const struct diag *d, size_t nth)
{
	uint64_t h = 14695981039346656037u;
	char n[24];
	snprintf(n, sizeof n, "%zu", nth);
	struct buf words = BUF_INIT;
	const char *parts[] = { d->rule->id, report_project_path(doc->path), report_where(d, &words), n };
	for (size_t i = 0; i < 4; i++) {
		for (const char *s = parts[i]; *s; s++)
			h = (h ^ (unsigned char)*s) * 1099511628211u;
		h = (h ^ 0xFF) * 1099511628211u;
	}
	buf_free(&words);
	struct buf b = BUF_INIT;
	buf_printf(&b, "%016llx", (unsigned long long)h);
	return buf_detach(&b);
}

void report_put_xml(FILE *out, const char *s)
{
	struct buf valid = BUF_INIT;
	utf8_escape_invalid(&valid, s);
	const char *t = valid.data, *run = t;
	for (size_t len = valid.len; len;) {
		if (*t >= 0x20 && *t < 0x7f && !strchr("&<>\"'", *t)) {
			t++, len--;   /* plain: joins the run (report_put_escaped) */
			continue;
		}
		uint32_t cp;
		char esc[13];
		size_t n = utf8_next(t, len, &cp);
		const char *shown = report_shown_escape(esc, t, n, cp);
		if (!shown && (cp == 0xFFFE || cp == 0xFFFF))
			snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp), shown = esc;
		else if (!shown)
			shown = cp == '&' ? "&amp;" : cp == '<' ? "&lt;" : cp == '>' ? "&gt;" :
				cp == '"' ? "&quot;" : cp == '\'' ? "&apos;" : NULL;
		if (shown) {
			fwrite(run, 1, (size_t)(t - run), out);
			fputs(shown, out);
			run = t + n;
		}
		t += n, len -= n;
	}
	if (t != run)
		fwrite(run, 1, (size_t)(t - run), out);
	buf_free(&valid);
}

void report_point_text(struct buf *out, const struct diag_point *p)
{
	static const char *const colors[] = { "no", "black", "white" };
	const char *color = colors[p->color <= 2 ? p->color : 0];
	char at[48];
	if (p->name[0])
		snprintf(at, sizeof at, "%s (%d, %d)", p->name, p->x, p->y);
	else
		snprintf(at, sizeof at, "(%d, %d)", p->x, p->y);
	char by[40] = "set up";
	if (p->move)
		snprintf(by, sizeof by, "of move %lu", p->move);
	switch ((enum point_role)p->role) {
	case ROLE_MOVE:
		buf_printf(out, "move %lu, %s at %s", p->move, color, at);
		break;
	case ROLE_STONE:
		buf_printf(out, "the %s stone %s, at %s", color, by, at);
		break;
	case ROLE_CAPTURE:
		buf_printf(out, "a %s stone it captures (%s), at %s", color, by, at);
		break;
	case ROLE_CHAIN:
		buf_printf(out, "a %s stone of the chain without liberties (%s), at %s", color, by, at);
		break;
	case ROLE_SETUP:
		if (p->color)
			buf_printf(out, "the setup of a %s stone at %s", color, at);
		else
			buf_printf(out, "the setup that clears %s", at);
		break;
	case ROLE_PREVIOUS:
		buf_printf(out, "the move before it, move %lu, %s at %s", p->move, color, at);
		break;
	}
}

void report_finding_text(struct buf *out, const struct document *doc, const struct diag *d)
{
	report_finding_marked(out, doc, d, false);
}

void report_finding_marked(struct buf *out, const struct document *doc, const struct diag *d,
			   bool fixable)
{
	buf_adds(out, doc->path);
	if (d->line)
		buf_printf(out, ":%lu:%lu", d->line, d->col);
	buf_printf(out, ": %s: %s%s [%s]", severity_name(d->severity), fixable ? "[*] " : "",
		   d->message, d->rule->id);
}

void report_fixable_text(struct buf *out, const struct summary *sum, bool unsafe)
{
	if (!sum->fixable && !sum->unsafe_fixable)
		return;
	/* As ruff does: what `[*]` marks, counted. */
	if (sum->fixable)
		buf_printf(out, "[*] %zu fixable with `--fix%s`", sum->fixable,
			   unsafe ? " --unsafe-fixes" : "");
	if (sum->unsafe_fixable)
		buf_printf(out, "%s%zu %s with `--fix --unsafe-fixes`", sum->fixable ? ", " : "",
			   sum->unsafe_fixable, sum->fixable ? "more" : "fixable");
	buf_addc(out, '\n');
}
