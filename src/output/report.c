/* report: the reporter every format shares: documents in, findings to the
 * format (output/FORMAT.c), statistics, and the end. Document formats
 * (json, sarif, gitlab) are built with json-c and written at the end, except
 * their findings: each is serialised as it comes into a spool file and
 * spliced into the document at the end, so that a million findings never
 * live as json-c objects at once (9.6 GB for SARIF). Text from the input
 * (keys in messages, paths) may hold control characters: line formats
 * escape them so that a finding stays one line. */
#include "output/report.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/dom.h"
#include "base/fail.h"
#include "base/jstring.h"
#include "core/settings.h"
#include "base/paths.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "engine/replay.h"
#include "output/format.h"

/* Every format, in the order --help lists them. The page's module
 * (web/api.js) asks json alone, and the converter's messages are concise's
 * lines (report_concise_text): its build leaves the other formats' code
 * out (27 KB of the site's budget); the npm package's program, which is
 * the command line, compiles this file again with JGFLINT_ALL_FORMATS
 * (web/wasm.sh). */
static const struct format *const formats[] = {
#if defined(__EMSCRIPTEN__) && !defined(JGFLINT_ALL_FORMATS)
	&format_concise, &format_json,
#else
	&format_text, &format_concise, &format_json, &format_sarif, &format_github, &format_gitlab,
	&format_junit, &format_checkstyle, &format_rdjson, &format_html,
#endif
};
#define NFORMATS (sizeof formats / sizeof *formats)

const struct format *format_find(const char *name)
{
	for (size_t i = 0; i < NFORMATS; i++)
		if (strcmp(name, formats[i]->name) == 0)
			return formats[i];
	return NULL;
}

const char *format_name(const struct format *f)
{
	return f->name;
}

const char *const *format_names(void)
{
	static const char *names[NFORMATS + 1];
	for (size_t i = 0; i < NFORMATS; i++)
		names[i] = formats[i]->name;
	return names;
}

const char *format_names_text(void)
{
	static char text[256];
	if (!text[0]) {
		size_t at = 0;
		for (size_t i = 0; i < NFORMATS; i++)
			at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", i ? ", " : "",
					       formats[i]->name);
	}
	return text;
}

bool format_for_terminal(const struct format *f)
{
	return f->terminal;
}

void summary_add(struct summary *sum, const struct document *doc, bool unsafe)
{
	for (int s = SEV_INFO; s <= SEV_ERROR; s++)
		sum->counts[s] += diag_list_count(&doc->diags, (enum severity)s);
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		if (f && (f->safety != FIX_UNSAFE || unsafe))
			sum->fixable++;
		else if (f)
			sum->unsafe_fixable++;
	}
}

struct reporter *reporter_new(const struct format *format, FILE *out,
			      const struct report_options *opts)
{
	struct reporter *r = xcalloc(1, sizeof *r);
	r->format = format;
	r->out = out;
	r->opts = *opts;
	if (format->document) {
		r->results = dom_array();
		r->spool = opts->in_memory ? NULL : temp_file();
	}
	if (format->begin)
		format->begin(r);
	return r;
}

/* Writes doc, whose results array is the placeholder string, with the
 * spooled results in its place. */
static void write_spliced(struct reporter *r, json_object *doc)
{
	const char *text = dom_json(doc, JSON_FLAGS, NULL);
	const char *at = strstr(text, "\"\\u0001results\"");
	if (!at)
		fail("report: the results placeholder is lost");
	/* A spool that lost findings (a full temporary directory) would make a
	 * report that looks whole: fail instead, before writing any of it. */
	errno = 0;
	if (fflush(r->spool) != 0 || ferror(r->spool))
		fail(xasprintf("%s report: the findings could not be spooled: %s", r->format->name,
			       errno ? strerror(errno) : "the temporary directory is full?"));
	report_write_escaped(r->out, text, (size_t)(at - text));
	fputs("[\n", r->out);
	rewind(r->spool);
	char chunk[65536];
	for (size_t n; (n = fread(chunk, 1, sizeof chunk, r->spool));)
		fwrite(chunk, 1, n, r->out);
	if (ferror(r->spool))
		fail(xasprintf("%s report: the spooled findings could not be read back", r->format->name));
	if (r->nspooled)
		putc('\n', r->out);
	report_indent(r->out, r->format->results_level);
	putc(']', r->out);
	at += strlen("\"\\u0001results\"");
	report_write_escaped(r->out, at, strlen(at));
	putc('\n', r->out);
}

/* The results for a document format, which the caller takes: the real
 * array, or the placeholder that write_spliced replaces. */
static json_object *results_for(struct reporter *r)
{
	json_object *results = r->results;
	r->results = NULL;
	if (!r->spool)
		return results;
	json_object_put(results);
	return dom_string("\001results");
}

struct same_place {
	const char *rule;
	const struct diag *d;
	size_t index;
};

static int by_rule_pointer_index(const void *a, const void *b)
{
	const struct same_place *x = a, *y = b;
	int c = strcmp(x->rule, y->rule);
	if (!c)
		c = report_where_cmp(x->d, y->d);
	return c ? c : x->index < y->index ? -1 : x->index > y->index;
}

/* For each finding, how many earlier findings share its rule and pointer
 * (on SGF checked in place, its place in the game tree). */
static size_t *occurrences(const struct diag_list *l)
{
	struct same_place *places = xcalloc(l->len + 1, sizeof *places);
	size_t *nth = xcalloc(l->len + 1, sizeof *nth);
	for (size_t i = 0; i < l->len; i++)
		places[i] = (struct same_place){ l->items[i].rule->id, &l->items[i], i };
	sort_items(places, l->len, sizeof *places, by_rule_pointer_index);
	for (size_t i = 1; i < l->len; i++)
		if (!strcmp(places[i].rule, places[i - 1].rule) &&
		    !report_where_cmp(places[i].d, places[i - 1].d))
			nth[places[i].index] = nth[places[i - 1].index] + 1;
	free(places);
	return nth;
}

static void count_rule(struct reporter *r, const struct diag *d)
{
	size_t i = 0;
	while (i < r->nstats && r->stats[i].rule != d->rule)
		i++;
	if (i == r->nstats) {
		r->stats = xgrow(r->stats, &r->stats_cap, r->nstats + 1, sizeof *r->stats);
		r->stats[r->nstats++] = (struct rule_count){ d->rule, 0, 0 };
	}
	r->stats[i].count++;
	r->stats[i].fixable += report_fixable(r, d);
}

void reporter_document(struct reporter *r, const struct document *doc,
		       const struct doc_view *view)
{
	bool statistics = r->opts.statistics && r->format->statistics;
	size_t *nth = r->format->occurrences && !statistics ? occurrences(&doc->diags) : NULL;
	/* The text and html formats quote from a view: made here when the
	 * caller kept the whole document. */
	struct doc_view made = { 0 };
	if (r->format->view && !view && !statistics) {
		text_view(doc, r->opts.columns, !r->opts.no_board, &made);
		view = &made;
	}
	size_t shown = 0;
	for (size_t i = 0; i < doc->diags.len; i++)
		shown += !r->opts.quiet || doc->diags.items[i].severity == SEV_ERROR;
	if (r->format->document_begin && !statistics)
		r->format->document_begin(r, doc, shown);
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (r->opts.quiet && d->severity != SEV_ERROR)
			continue;
		if (statistics)
			count_rule(r, d);
		else
			r->format->finding(r, doc, view, i, nth ? nth[i] : 0);
	}
	if (r->format->document_end && !statistics)
		r->format->document_end(r, doc, shown);
	free(nth);
	doc_view_free(&made);
}

static int by_count(const void *a, const void *b)
{
	const struct rule_count *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->rule->id, y->rule->id);
}

bool report_concise_text(struct document *doc, struct buf *lines, struct buf *end)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		die_oom();
	diag_list_sort(&doc->diags);
	struct summary sum = { 0 };
	summary_add(&sum, doc, false);
	bool errors = sum.counts[SEV_ERROR] > 0;
	sum.status = errors ? EXIT_FINDINGS : EXIT_CLEAN;
	struct reporter *r = reporter_new(&format_concise, out,
					  &(struct report_options){ .in_memory = true });
	reporter_document(r, doc, NULL);
	if (fflush(out) != 0)
		die_oom();
	size_t reported = len;
	buf_add(lines, text, reported);
	reporter_finish(r, &sum);
	if (fclose(out) != 0)
		die_oom();
	buf_add(end, text + reported, len - reported);
	free(text);
	return errors;
}

void reporter_finish(struct reporter *r, const struct summary *sum)
{
	if (r->nstats)
		sort_items(r->stats, r->nstats, sizeof *r->stats, by_count);
	bool statistics = r->opts.statistics && r->format->statistics;
	if (r->format->document) {
		/* With --statistics the document holds counts, not findings. */
		json_object *doc = r->format->wrap(r, statistics ? NULL : results_for(r), sum);
		if (r->spool && !statistics) {
			write_spliced(r, doc);
		} else {
			const char *t = dom_json(doc, JSON_FLAGS, NULL);
			report_write_escaped(r->out, t, strlen(t));
			putc('\n', r->out);
		}
		json_object_put(doc);
	} else if (statistics) {
		/* As ruff marks them: [*] every finding of the rule is fixable
		 * (with --unsafe-fixes, unsafely too), [~] some are. */
		int width = 24;   /* the id column: as wide as its longest id */
		for (size_t i = 0; i < r->nstats; i++)
			if (strlen(r->stats[i].rule->id) > (size_t)width)
				width = (int)strlen(r->stats[i].rule->id);
		for (size_t i = 0; i < r->nstats; i++) {
			const struct rule_count *c = &r->stats[i];
			fprintf(r->out, "%6zu  %-*s %-8s %s%s\n", c->count, width, c->rule->id,
				severity_name(c->rule->severity), c->fixable == c->count ? "[*] " :
				c->fixable ? "[~] " : "    ", c->rule->summary);
		}
	}
	if (r->format->end)
		r->format->end(r, sum);
	if (r->format->terminal && !r->opts.quiet) {
		struct buf line = BUF_INIT;
		report_fixable_text(&line, sum, r->opts.unsafe);
		fwrite(line.data ? line.data : "", 1, line.len, r->out);
		buf_free(&line);
	}
	if (r->spool)
		fclose(r->spool);
	json_object_put(r->results);
	free(r->stats);
	free(r);
}

bool report_needs_text(const struct format *format, const struct document *doc)
{
	if (format->byte_columns && doc->diags.len)
		return true;   /* columns in bytes, from the text's lines */
	if (!format->edits)
		return false;   /* the text format keeps a view of its own */
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].fix)
			return true;   /* the edits of a fix are located in the text */
	return false;
}

bool format_wants_view(const struct format *f)
{
	return f->view;
}

bool format_reads_places(const struct format *f)
{
	return f->places;
}

void report_view(struct document *doc, bool keep_text, bool quotes, bool boards, size_t columns,
		 struct doc_view *view)
{
	*view = (struct doc_view){ 0 };
	if (quotes) {
		text_view(doc, columns, boards, view);
		/* Findings may be dropped before they are reported (a baseline,
		 * --max-findings): each keeps its item. */
		view->by_diag = true;
		for (size_t i = 0; i < doc->diags.len; i++)
			doc->diags.items[i].view = i + 1;
	}
	/* Its part of a shared budget goes back now, kept text or not: the
	 * document waits to be reported, and the next job must not wait for it. */
	if (keep_text) {
		load_release(doc);
		return;
	}
	dom_give_back(doc->root, doc->depth);
	doc->root = NULL;
	locator_free(doc->loc);
	doc->loc = NULL;
	free(doc->text);
	doc->text = NULL;
	charset_file_free(doc->file);
	doc->file = NULL;
	doc->len = doc->body = 0;
	load_release(doc);
}

void doc_view_free(struct doc_view *view)
{
	for (size_t i = 0; i < view->len; i++) {
		free(view->items[i].point);
	}
	free(view->items);
	free(view->text);
	*view = (struct doc_view){ 0 };
}
