/* html: one self-contained page for a whole run, to look at (an archive
 * keeper opens it from a CI job's artifacts): the totals, a bar chart of the
 * findings per rule, the files with the most findings, then each file's
 * findings with their source excerpts and, for a finding about a position,
 * its board in inline SVG. No script, and a Content-Security-Policy that
 * lets the page fetch nothing: what a record holds is text on it, escaped.
 *
 * The findings come document by document, before the totals are known:
 * they are written to a spool (a temporary file; memory in the library) and
 * copied under the totals at the end. Each board draws only its stones and
 * marks (a stone is a zero-length stroke with round caps, a few bytes);
 * the lines, star points and coordinates of each board size are drawn once
 * and used by reference. Sections are laid out only when scrolled to
 * (content-visibility), so a page of 10,000 records opens in seconds. */
#include "output/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

#include "base/buf.h"
#include "base/fail.h"
#include "base/jstring.h"
#include "base/paths.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "engine/replay.h"

/* A file with findings, or a rule's count. */
struct html_file {
	char *path;
	size_t counts[3];
	size_t id;
};
struct html_rule {
	const struct rule *rule;
	size_t count;
	enum severity worst;
	size_t *files;            /* the ids of the files it is found in */
	size_t nfiles, files_cap;
};

struct html {
	FILE *body;               /* the findings, spooled */
	char *mem;                /* its memory, for a memory stream */
	size_t mem_len;
	struct html_file *files;
	size_t nfiles, files_cap;
	struct html_rule *rules;
	size_t nrules, rules_cap;
	unsigned *sizes;          /* the board sizes drawn, width << 16 | height */
	size_t nsizes, sizes_cap;
	size_t shown;             /* the current document's findings, so far */
};

static const char *const severity_class[] = { "i", "w", "e" };

/* Text as HTML character data or an attribute value (report_put_xml's
 * escapes: invisible characters and bytes that are not UTF-8 shown). */
static void put_text(FILE *out, const char *s, size_t n)
{
	struct buf b = BUF_INIT;
	buf_add(&b, s, n);
	report_put_xml(out, b.data ? b.data : "");
	buf_free(&b);
}

static void put(FILE *out, const char *s)
{
	report_put_xml(out, s);
}

/* A rule's id, linked to its page when the page is on the web: the report
 * is read where it is copied to (a CI artifact), where no file:// page of
 * the machine that wrote it is; else the command that explains it. */
static void rule_link(FILE *out, const struct rule *rule, const char *class)
{
	const char *url = report_web_doc_url(rule);
	if (url) {
		fprintf(out, "<a%s%s href=\"", class ? " class=" : "", class ? class : "");
		put(out, url);
		fprintf(out, "\">%s</a>", rule->id);
	} else {
		fprintf(out, "<span%s%s title=\"jgflint --explain %s\">%s</span>",
			class ? " class=" : "", class ? class : "", rule->id, rule->id);
	}
}

static void begin(struct reporter *r)
{
	struct html *h = xcalloc(1, sizeof *h);
	r->state = h;
	h->body = r->opts.in_memory ? NULL : temp_file();
	if (!h->body)
		h->body = open_memstream(&h->mem, &h->mem_len);
	if (!h->body)
		die_oom();
}

static void document_begin(struct reporter *r, const struct document *doc, size_t shown)
{
	struct html *h = r->state;
	h->shown = 0;
	if (!shown)
		return;
	h->files = xgrow(h->files, &h->files_cap, h->nfiles + 1, sizeof *h->files);
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	struct html_file *f = &h->files[h->nfiles++];
	*f = (struct html_file){ .path = buf_detach(&path), .id = h->nfiles };
	/* The rules of its findings, for the rule filter. */
	fputs("<section class=\"file", h->body);
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (r->opts.quiet && d->severity != SEV_ERROR)
			continue;
		size_t k = 0;
		while (k < i && (doc->diags.items[k].rule != d->rule ||
				 (r->opts.quiet && doc->diags.items[k].severity != SEV_ERROR)))
			k++;
		if (k == i)
			fprintf(h->body, " k-%s", d->rule->id);
	}
	fprintf(h->body, "\" id=f%zu><h2>", f->id);
	put(h->body, f->path);
	fprintf(h->body, " <small>%zu finding%s</small></h2>\n", shown, shown == 1 ? "" : "s");
}

static void document_end(struct reporter *r, const struct document *doc, size_t shown)
{
	(void)doc;
	struct html *h = r->state;
	if (shown)
		fputs("</section>\n", h->body);
}

static void count_rule(struct html *h, const struct diag *d)
{
	size_t i = 0;
	while (i < h->nrules && h->rules[i].rule != d->rule)
		i++;
	if (i == h->nrules) {
		h->rules = xgrow(h->rules, &h->rules_cap, h->nrules + 1, sizeof *h->rules);
		h->rules[h->nrules++] = (struct html_rule){ .rule = d->rule, .worst = d->severity };
	}
	struct html_rule *rule = &h->rules[i];
	rule->count++;
	if (d->severity > rule->worst)
		rule->worst = d->severity;
	/* Files come one after the other: a new one is not the last listed. */
	size_t file = h->files[h->nfiles - 1].id;
	if (!rule->nfiles || rule->files[rule->nfiles - 1] != file) {
		rule->files = xgrow(rule->files, &rule->files_cap, rule->nfiles + 1, sizeof *rule->files);
		rule->files[rule->nfiles++] = file;
	}
}

/* Source text [from, to) as the text format quotes it: a tab as spaces to
 * the next stop of 8 columns (*column counts them from the first character
 * shown), the rest as put_text shows it. */
static void put_source(FILE *out, const char *t, size_t from, size_t to, size_t *column)
{
	size_t run = from;
	for (size_t i = from; i < to;) {
		uint32_t cp;
		size_t n = utf8_next(t + i, to - i, &cp);
		char esc[13];
		if (cp == '\t') {
			put_text(out, t + run, i - run);
			size_t w = 8 - *column % 8;
			fprintf(out, "%*s", (int)w, "");
			*column += w;
			run = i + n;
		} else {
			*column += report_shown_escape(esc, t + i, n, cp) ? strlen(esc) : (size_t)char_width(cp);
		}
		i += n;
	}
	put_text(out, t + run, to - run);
}

/* The quoted line, the finding's span in <mark>: the characters from its
 * column to its end column, or the one at its column (the `{` of an object,
 * where the text format puts its caret) when it gives no end there. */
static void excerpt(FILE *out, const struct diag *d, const struct doc_view *view,
		    const struct finding_view *v)
{
	const char *t = view->text;
	size_t end = v->at;
	unsigned long chars = d->end_line == d->line && d->end_col > d->col ? d->end_col - d->col : 1;
	for (unsigned long c = 0; c < chars && end < v->to; c++) {
		uint32_t cp;
		end += utf8_next(t + end, v->to - end, &cp);
	}
	size_t column = 0;
	fprintf(out, "<pre><span class=n>%lu</span> %s", d->line, v->cut_left ? "…" : "");
	put_source(out, t, v->from, v->at, &column);
	fputs("<mark>", out);
	put_source(out, t, v->at, end, &column);
	fputs("</mark>", out);
	put_source(out, t, end, v->to, &column);
	fprintf(out, "%s</pre>\n", v->cut_right ? "…" : "");
}

/* A board's column (or row) names along one edge, at `at`, as one <text>
 * that places each character: every board's <use> copies its grid, and a
 * <text> per name made 1.8 million nodes of 12,631 boards, 6.8 s to open in
 * Chromium (one per edge: 0.74 million, 3.6 s). The names of [from, to). */
static void put_labels(FILE *out, const struct position *p, bool columns, int at, int from, int to)
{
	struct buf xs = BUF_INIT, ys = BUF_INIT, names = BUF_INIT;
	for (int i = from; i < to; i++) {
		char name[8];
		if (columns)
			board_column_label(p, i, name);
		else
			board_row_label(p, i, name);
		size_t k = strlen(name);
		for (size_t j = 0; j < k; j++) {
			/* The characters of a name side by side, centred on its point. */
			double off = ((double)j - (double)(k - 1) / 2) * .26;
			buf_printf(&xs, "%s%g", xs.len ? " " : "", columns ? i + off : at + off);
			buf_printf(&ys, "%s%d", ys.len ? " " : "", columns ? at : i);
			buf_add(&names, name + j, 1);
		}
	}
	fputs("<text x=\"", out);
	put(out, xs.data ? xs.data : "");
	fputs("\" y=\"", out);
	put(out, ys.data ? ys.data : "");
	fputs("\">", out);
	put(out, names.data ? names.data : "");
	fputs("</text>", out);
	buf_free(&xs);
	buf_free(&ys);
	buf_free(&names);
}

/* The edges of a window inside the board: the lines and stones beyond it
 * covered, and its columns' and rows' names there, as the text board
 * names them. */
static void window_edges(FILE *out, const struct position *p, const struct board_window *w)
{
	int wide = w->x1 - w->x0 + 2, high = w->y1 - w->y0 + 2;
	if (w->y0 > 0)
		fprintf(out, "<rect class=bg x=%g y=%g width=%d height=1 />", w->x0 - 1.5, w->y0 - 1.5, wide);
	if (w->y1 < p->height)
		fprintf(out, "<rect class=bg x=%g y=%g width=%d height=1 />", w->x0 - 1.5, w->y1 - .5, wide);
	if (w->x0 > 0)
		fprintf(out, "<rect class=bg x=%g y=%g width=1 height=%d />", w->x0 - 1.5, w->y0 - 1.5, high);
	if (w->x1 < p->width)
		fprintf(out, "<rect class=bg x=%g y=%g width=1 height=%d />", w->x1 - .5, w->y0 - 1.5, high);
	if (w->y0 > 0)
		put_labels(out, p, true, w->y0 - 1, w->x0, w->x1);
	if (w->y1 < p->height)
		put_labels(out, p, true, w->y1, w->x0, w->x1);
	if (w->x0 > 0)
		put_labels(out, p, false, w->x0 - 1, w->y0, w->y1);
	if (w->x1 < p->width)
		put_labels(out, p, false, w->x1, w->y0, w->y1);
}

/* The board's parts under the grid p's size draws: what the cut-offs hide
 * shaded, the stones, and the marks of the text board (board_mark,
 * board_char): the move or setup point in a square, the others in a
 * circle, one a point; a stone the position does not hold (lower case
 * there) drawn faint. */
static void board_svg(FILE *out, const struct diag *d, const struct position *p)
{
	if (p->cut_top)
		fprintf(out, "<rect class=cut x=-.5 y=-.5 width=%d height=%d />", p->width, p->cut_top);
	if (p->cut_bottom)
		fprintf(out, "<rect class=cut x=-.5 y=%g width=%d height=%d />",
			p->height - p->cut_bottom - .5, p->width, p->cut_bottom);
	if (p->cut_left)
		fprintf(out, "<rect class=cut x=-.5 y=-.5 width=%d height=%d />", p->cut_left, p->height);
	if (p->cut_right)
		fprintf(out, "<rect class=cut x=%g y=-.5 width=%d height=%d />",
			p->width - p->cut_right - .5, p->cut_right, p->height);
	for (int color = STONE_BLACK; color <= STONE_WHITE; color++) {
		char cls[8];
		snprintf(cls, sizeof cls, "%s", color == STONE_BLACK ? "sb" : "sw");
		bool any = false;
		struct buf d_attr = BUF_INIT;
		for (int y = 0; y < p->height; y++)
			for (int x = 0; x < p->width; x++)
				if (board_stone(p, x, y) == color) {
					buf_printf(&d_attr, "M%d %dh0", x, y);
					any = true;
				}
		if (any) {
			fprintf(out, "<path class=%s d=\"%s\"/>", cls, d_attr.data);
			if (color == STONE_WHITE)
				fprintf(out, "<path class=sf d=\"%s\"/>", d_attr.data);
		}
		buf_free(&d_attr);
	}
	for (size_t i = 0; i < d->npoints; i++) {
		const struct diag_point *pt = &d->points[i], *shown;
		if (pt->x < 0 || pt->y < 0 || pt->x >= p->width || pt->y >= p->height)
			continue;
		char mark = board_mark(d, pt->x, pt->y, &shown);
		if (shown != pt)
			continue;   /* marked as another point there */
		char c = board_char(p, pt->x, pt->y, pt);
		if (c == 'x' || c == 'o')
			fprintf(out, "<path class=\"%s g\" d=\"M%d %dh0\"/>", c == 'x' ? "sb" : "sw",
				pt->x, pt->y);
		if (mark == '[')
			fprintf(out, "<rect class=m x=%g y=%g width=.8 height=.8 />", pt->x - .4,
				pt->y - .4);
		else
			fprintf(out, "<circle class=m cx=%d cy=%d r=.25 />", pt->x, pt->y);
	}
}

/* A finding's board: the window around its points the text board shows,
 * and when that is not the whole board, the whole one on demand (the same
 * drawing, by reference). id names it in the page. */
static void board(FILE *out, struct html *h, const struct diag *d, const struct position *p,
		  const char *id)
{
	unsigned size = (unsigned)p->width << 16 | (unsigned)p->height;
	size_t k = 0;
	while (k < h->nsizes && h->sizes[k] != size)
		k++;
	if (k == h->nsizes) {
		h->sizes = xgrow(h->sizes, &h->sizes_cap, h->nsizes + 1, sizeof *h->sizes);
		h->sizes[h->nsizes++] = size;
	}
	struct board_window w;
	board_window(p, d, BOARD_SPAN, &w);
	bool whole = w.x0 == 0 && w.y0 == 0 && w.x1 == p->width && w.y1 == p->height;
	struct buf caption = BUF_INIT;
	board_caption(&caption, p);
	fprintf(out, "<figure><svg class=b viewBox=\"%g %g %d %d\" role=img aria-label=\"",
		w.x0 - 1.5, w.y0 - 1.5, w.x1 - w.x0 + 2, w.y1 - w.y0 + 2);
	put(out, caption.data);
	fputs("\">", out);
	if (!whole)
		fprintf(out, "<g id=%s>", id);
	fprintf(out, "<use href=\"#g%dx%d\"/>", p->width, p->height);
	board_svg(out, d, p);
	if (!whole) {
		fputs("</g>", out);
		window_edges(out, p, &w);
	}
	fputs("</svg><figcaption>", out);
	put(out, caption.data);
	buf_free(&caption);
	/* The legend as the text board words it. */
	struct buf legend = BUF_INIT;
	board_legend(&legend, p, d);
	if (legend.len) {
		fputs("<br>", out);
		put(out, legend.data);
	}
	buf_free(&legend);
	fputs("</figcaption>", out);
	if (!whole)
		fprintf(out, "<details><summary>the whole board</summary><svg class=whole "
			"viewBox=\"-1.5 -1.5 %d %d\" role=img aria-label=\"the whole board\">"
			"<use href=\"#%s\"/></svg></details>", p->width + 2, p->height + 2, id);
	fputs("</figure>\n", out);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)nth;
	struct html *h = r->state;
	const struct diag *d = &doc->diags.items[i];
	const struct finding_view *v = finding_view_of(view, d, i);
	FILE *out = h->body;
	struct html_file *f = &h->files[h->nfiles - 1];
	f->counts[d->severity]++;
	count_rule(h, d);
	size_t id = ++h->shown;
	fprintf(out, "<div class=\"d %s k-%s\" id=f%zu-%zu><p><b>%s</b> <a href=\"#f%zu-%zu\">",
		severity_class[d->severity], d->rule->id, f->id, id, severity_name(d->severity), f->id, id);
	if (d->line)
		fprintf(out, "%lu:%lu", d->line, d->col);
	else
		fputs("file", out);
	fputs("</a> ", out);
	if (report_fixable(r, d))
		fputs("<i title=\"jgflint --fix repairs it\">[*]</i> ", out);
	put(out, d->message);
	fputc(' ', out);
	rule_link(out, d->rule, "r");
	fputs("</p>\n", out);
	if (v->quoted)
		excerpt(out, d, view, v);
	if (d->pointer && d->pointer[0]) {
		fputs("<p class=p>", out);
		put(out, d->pointer);
		if (v->point[0])
			put(out, v->point);
		fputs("</p>\n", out);
	}
	if (v->board && d->node && !r->opts.no_board) {
		char board_id[48];
		snprintf(board_id, sizeof board_id, "b%zu-%zu", f->id, id);
		board(out, h, d, v->board, board_id);
	}
	fputs("</div>\n", out);
}

static int by_count(const void *a, const void *b)
{
	const struct html_rule *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->rule->id, y->rule->id);
}

/* The files that need attention first: the most errors, then the most
 * warnings, then infos; in the run's order among equals. */
static int by_severity(const void *a, const void *b)
{
	const struct html_file *const *x = a, *const *y = b;
	for (int sev = SEV_ERROR; sev >= SEV_INFO; sev--)
		if ((*x)->counts[sev] != (*y)->counts[sev])
			return (*x)->counts[sev] > (*y)->counts[sev] ? -1 : 1;
	return (*x)->id < (*y)->id ? -1 : 1;
}

/* The lines, star points and coordinates of a board of each size drawn. */
static void board_defs(FILE *out, const struct html *h)
{
	if (!h->nsizes)
		return;
	fputs("<svg class=defs aria-hidden=true><defs>", out);
	for (size_t k = 0; k < h->nsizes; k++) {
		struct position p = { .width = (int)(h->sizes[k] >> 16),
				      .height = (int)(h->sizes[k] & 0xFFFF) };
		fprintf(out, "<g id=g%dx%d><rect class=bg x=-1.5 y=-1.5 width=%d height=%d />"
			"<path class=l d=\"", p.width, p.height, p.width + 2, p.height + 2);
		for (int y = 0; y < p.height; y++)
			fprintf(out, "M0 %dH%d", y, p.width - 1);
		for (int x = 0; x < p.width; x++)
			fprintf(out, "M%d 0V%d", x, p.height - 1);
		fputs("\"/><path class=h d=\"", out);
		for (int y = 0; y < p.height; y++)
			for (int x = 0; x < p.width; x++)
				if (board_star(&p, x, y))
					fprintf(out, "M%d %dh0", x, y);
		fputs("\"/>", out);
		put_labels(out, &p, true, -1, 0, p.width);
		put_labels(out, &p, true, p.height, 0, p.width);
		put_labels(out, &p, false, -1, 0, p.height);
		put_labels(out, &p, false, p.width, 0, p.height);
		fputs("</g>", out);
	}
	fputs("</defs></svg>\n", out);
}

static const char style[] =
	REPORT_HTML_BASE_STYLE
	"h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.1em;margin:1.2em 0 .4em;"
	"word-break:break-all}h2 small{color:var(--mute);font-weight:normal}"
	"table{border-collapse:collapse;max-width:100%}td,th{padding:.1em .6em .1em 0;"
	"text-align:left;vertical-align:middle;overflow-wrap:anywhere}td.n,th.n{text-align:right}"
	"@media(max-width:30em){body{font-size:13px;padding:.5em}th.n{font-size:.8em}}"
	".bar{height:.8em;min-width:1px;background:var(--i)}.bar.e{background:var(--e)}"
	".bar.w{background:var(--w)}td.c{width:40%}"
	".totals b{font-size:1.2em}.e b:first-child,.totals .e{color:var(--e)}"
	".w b:first-child,.totals .w{color:var(--w)}.i b:first-child,.totals .i{color:var(--i)}"
	"section.file{content-visibility:auto;contain-intrinsic-size:auto 20em;"
	"border-top:1px solid var(--line)}"
	".d{margin:.6em 0 1em}.d p{margin:.2em 0}.d i{font-style:normal;color:var(--mute)}"
	"a{color:inherit}.r{color:var(--mute)}.p{color:var(--mute);font-size:.9em}"
	"pre{margin:.3em 0;padding:.3em .5em;overflow-x:auto;background:rgba(127,127,127,.12)}"
	"pre .n{color:var(--mute);user-select:none}mark{background:none;color:inherit;"
	"text-decoration:underline wavy var(--e)}.w mark{text-decoration-color:var(--w)}"
	".i mark{text-decoration-color:var(--i)}"
	"figure{margin:.4em 0;display:flex;gap:1em;align-items:flex-start;flex-wrap:wrap}"
	"figcaption{font-size:.9em;color:var(--mute);max-width:30em}"
	"svg.b{width:16em;max-width:100%;height:auto;flex:none}"
	"svg.defs{position:absolute;width:0;height:0}"
	"figure details{flex-basis:100%;font-size:.9em;color:var(--mute)}"
	"svg.whole{display:block;width:30em;max-width:100%;height:auto;margin-top:.3em}"
	".bg{fill:var(--wood)}.l{stroke:#000;stroke-width:.04;fill:none}"
	".h{stroke:#000;stroke-width:.22;stroke-linecap:round}"
	"text{font:.45px sans-serif;fill:#000;text-anchor:middle;dominant-baseline:central}"
	".sb,.sw,.sf{fill:none;stroke-linecap:round}.sb,.sw{stroke:#111;stroke-width:.94}"
	".sf{stroke:#f4f4f4;stroke-width:.84}"
	".g{opacity:.45}.m{fill:none;stroke:var(--mark);stroke-width:.12}"
	".cut{fill:#000;opacity:.28}"
	"div.filter{display:inline;font-weight:bold;margin-right:.3em}label{margin-right:.6em}details.of{margin:.1em 0}details.of p{margin:.2em 0 .6em 1em}";

/* The page's head: its style, and the filters' rules for each rule. */
static void page_head(FILE *out, const struct html *h)
{
	fputs("<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n"
	      "<meta name=viewport content=\"width=device-width,initial-scale=1\">\n"
	      "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n"
	      "<title>jgflint report</title>\n<style>", out);
	fputs(style, out);
	/* The filters, without a script: a finding is hidden when its severity's
	 * box is cleared or another rule is chosen, and so is a file's section
	 * without the chosen rule. The boxes precede <main> as its siblings
	 * (body:has() made Chromium open a page of 3,000 records in 12 s, not 3). */
	fputs("#se:not(:checked)~main .d.e,#sw:not(:checked)~main .d.w,"
	      "#si:not(:checked)~main .d.i{display:none}", out);
	for (size_t i = 0; i < h->nrules; i++) {
		const char *id = h->rules[i].rule->id;
		fprintf(out, "#k-%s:checked~main .d:not(.k-%s),#k-%s:checked~main section.file:not(.k-%s)"
			"{display:none}", id, id, id, id);
	}
}

/* The totals under the title. */
static void page_totals(FILE *out, const struct summary *sum)
{
	fprintf(out, "<p class=totals><b>%zu</b> file%s checked: <b class=e>%zu</b> error%s, "
		"<b class=w>%zu</b> warning%s, <b class=i>%zu</b> info%s", sum->files,
		sum->files == 1 ? "" : "s", sum->counts[SEV_ERROR],
		sum->counts[SEV_ERROR] == 1 ? "" : "s", sum->counts[SEV_WARNING],
		sum->counts[SEV_WARNING] == 1 ? "" : "s", sum->counts[SEV_INFO],
		sum->counts[SEV_INFO] == 1 ? "" : "s");
	if (sum->fixable)
		fprintf(out, "; [*] %zu fixable with <code>jgflint --fix</code>", sum->fixable);
	if (sum->unsafe_fixable)
		fprintf(out, "; %zu more with <code>--fix --unsafe-fixes</code>", sum->unsafe_fixable);
	if (sum->baselined)
		fprintf(out, "; %zu in the baseline, not shown", sum->baselined);
	fprintf(out, ". jgflint %s.</p>\n</header>\n", PACKAGE_VERSION);
}

/* The filters, the findings per rule, the files of each rule and the files
 * that need attention most (h has rules). */
static void page_tables(FILE *out, struct html *h)
{
	sort_items(h->rules, h->nrules, sizeof *h->rules, by_count);
	fputs("<div class=filter>Show</div>\n<input type=checkbox id=se checked><label for=se>errors</label>\n"
	      "<input type=checkbox id=sw checked><label for=sw>warnings</label>\n"
	      "<input type=checkbox id=si checked><label for=si>infos</label>,\n"
	      "of <input type=radio name=k id=k-all checked><label for=k-all>every rule</label>\n", out);
	for (size_t i = 0; i < h->nrules; i++)
		fprintf(out, "<input type=radio name=k id=k-%s><label for=k-%s>%s</label>\n",
			h->rules[i].rule->id, h->rules[i].rule->id, h->rules[i].rule->id);
	size_t most = h->rules[0].count;
	fputs("<h2>Findings per rule</h2>\n<table class=rules>\n", out);
	for (size_t i = 0; i < h->nrules; i++) {
		const struct html_rule *rule = &h->rules[i];
		fputs("<tr><td>", out);
		rule_link(out, rule->rule, NULL);
		fprintf(out, "</td><td class=n>%zu</td><td class=c><div class=\"bar %s\" "
			"style=\"width:%.1f%%\"></div></td></tr>\n", rule->count,
			severity_class[rule->worst], 100.0 * (double)rule->count / (double)most);
	}
	fputs("</table>\n", out);
	/* Each rule's files, in the run's order, folded. */
	fputs("<h2>The files of each rule</h2>\n", out);
	for (size_t i = 0; i < h->nrules; i++) {
		const struct html_rule *rule = &h->rules[i];
		fprintf(out, "<details class=of><summary>%s: %zu file%s</summary><p>", rule->rule->id,
			rule->nfiles, rule->nfiles == 1 ? "" : "s");
		for (size_t k = 0; k < rule->nfiles; k++) {
			fprintf(out, "%s<a href=\"#f%zu\">", k ? "<br>" : "", rule->files[k]);
			put(out, h->files[rule->files[k] - 1].path);
			fputs("</a>", out);
		}
		fputs("</p></details>\n", out);
	}
	struct html_file **files = xcalloc(h->nfiles + 1, sizeof *files);
	for (size_t i = 0; i < h->nfiles; i++)
		files[i] = &h->files[i];
	sort_items(files, h->nfiles, sizeof *files, by_severity);
	size_t top = h->nfiles < 20 ? h->nfiles : 20;
	fprintf(out, "<h2>The files that need attention</h2>\n<table class=files>\n"
		"<tr><th>file</th><th class=n>errors</th><th class=n>warnings</th>"
		"<th class=n>infos</th></tr>\n");
	for (size_t i = 0; i < top; i++) {
		fprintf(out, "<tr><td><a href=\"#f%zu\">", files[i]->id);
		put(out, files[i]->path);
		fprintf(out, "</a></td><td class=n>%zu</td><td class=n>%zu</td>"
			"<td class=n>%zu</td></tr>\n", files[i]->counts[SEV_ERROR],
			files[i]->counts[SEV_WARNING], files[i]->counts[SEV_INFO]);
	}
	fputs("</table>\n", out);
	if (h->nfiles > top)
		fprintf(out, "<p>and %zu more files with findings, below.</p>\n", h->nfiles - top);
	free(files);
}

/* The findings spooled since begin(), copied into the page. */
static void page_findings(FILE *out, struct html *h)
{
	/* A spool that lost findings (a full temporary directory) would make a
	 * page that looks whole: fail instead. */
	errno = 0;
	if (fflush(h->body) != 0 || ferror(h->body))
		fail(xasprintf("html report: the findings could not be spooled: %s",
			       errno ? strerror(errno) : "the temporary directory is full?"));
	if (h->mem) {
		fwrite(h->mem, 1, h->mem_len, out);
	} else {
		rewind(h->body);
		char chunk[65536];
		for (size_t n; (n = fread(chunk, 1, sizeof chunk, h->body));)
			fwrite(chunk, 1, n, out);
		if (ferror(h->body))
			fail("html report: the spooled findings could not be read back");
	}
}

static void html_free(struct html *h)
{
	fclose(h->body);
	free(h->mem);
	for (size_t i = 0; i < h->nfiles; i++)
		free(h->files[i].path);
	free(h->files);
	for (size_t i = 0; i < h->nrules; i++)
		free(h->rules[i].files);
	free(h->rules);
	free(h->sizes);
	free(h);
}

static void end(struct reporter *r, const struct summary *sum)
{
	struct html *h = r->state;
	FILE *out = r->out;
	page_head(out, h);
	fputs("</style>\n</head>\n<body>\n<header><h1>jgflint report</h1>\n", out);
	size_t total = sum->counts[SEV_ERROR] + sum->counts[SEV_WARNING] + sum->counts[SEV_INFO];
	page_totals(out, sum);
	if (h->nrules)
		page_tables(out, h);
	else if (!total)
		fputs("<p>No findings.</p>\n", out);
	board_defs(out, h);
	fputs("<main>\n", out);
	page_findings(out, h);
	fputs("</main>\n</body>\n</html>\n", out);
	html_free(h);
	r->state = NULL;
}

const struct format format_html = {
	.name = "html",
	.view = true,
	.begin = begin,
	.document_begin = document_begin,
	.document_end = document_end,
	.finding = finding,
	.end = end,
};
