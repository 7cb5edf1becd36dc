/* conversion: one input of --convert, from bytes to records. */
#include "convert/conversion.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "core/catalog.h"
#include "core/record.h"
#include "convert/convert.h"
#include "convert/decode.h"
#include "convert/gib.h"
#include "convert/ngf.h"
#include "convert/sgfjson.h"
#include "convert/ugf.h"
#include "lint/pipeline.h"
#include "read/scan.h"
#include "read/sniff.h"

bool conversion_read(struct conversion *c, struct document *doc)
{
	return conversion_read_as(c, doc, NULL);
}

/* What converting a game takes, a node of its tree, as the budget counts
 * it. bench/convert-scale.sh measured 243 bytes a move at the peak for one
 * game of 1,000,000 moves (its tree, the record's text and the map of
 * positions at once; the record is then checked as it streams, and the
 * loader counts it so: read/load.c estimate_streamed), rounded up. */
#define CONVERT_COST_NODE 300

static size_t max_nodes(void)
{
	size_t n = load_memory_budget() / CONVERT_COST_NODE;
	return n ? n : 1;
}

bool conversion_read_as(struct conversion *c, struct document *doc, const char *encoding)
{
	*c = (struct conversion){ .source = "sgf", .games.max_nodes = max_nodes() };
	if (!doc->io_failed && doc->len == strspn(doc->text ? doc->text : "", " \t\r\n"))
		c->blank = doc->len ? 2 : 1;
	enum text_format kind = sniff_text(doc->text, doc->len);
	if (kind == TEXT_SGF) {
		/* A collection is not held whole (200 MB of SGF took 43 times its
		 * size, its games' property trees all at once): the games are
		 * counted here, each freed as soon as read, and read again one at
		 * a time as conversion_game converts them. */
		struct buf text = BUF_INIT;
		decode_sgf(doc->text, doc->len, encoding, &text, &c->notes);
		c->text_len = text.len;
		/* Held while its games are converted: at its size */
		c->text = text.data ? xrealloc(buf_detach(&text), c->text_len + 1) : xstrdup("");
		struct sgf_stream count;
		sgf_stream_init(&count, c->text, c->text_len, &c->notes);
		count.max_nodes = c->games.max_nodes;
		for (struct sgf_node *g; (g = sgf_stream_next(&count));) {
			sgf_node_free(g);
			c->games.len++;
		}
		sgf_stream_free(&count);
		c->format = "SGF";
		return true;
	}
	if (kind == TEXT_GIB || kind == TEXT_NGF) {
		struct buf text = BUF_INIT;
		bool gib = kind == TEXT_GIB;
		decode_plain(doc->text, doc->len, NULL, encoding, gib ? "GIB" : "NGF", &text, &c->notes);
		(gib ? gib_read : ngf_read)(text.data, text.len, &c->games, &c->notes);
		buf_free(&text);
		c->format = gib ? "GIB" : "NGF";
		c->source = gib ? "gib" : "ngf";
		return true;
	}
	if (kind == TEXT_UGF) {
		struct buf text = BUF_INIT;
		decode_plain(doc->text, doc->len, "CP932", encoding, "UGF", &text, &c->notes);
		ugf_read(text.data, text.len, &c->games, &c->notes);
		buf_free(&text);
		c->format = "UGF";
		c->source = "ugf";
		return true;
	}
	struct record_info rec;
	if (doc->parsed)
		record_classify(doc->root, &rec);
	if (!doc->parsed || !rec.convertible)
		return false;
	sgfjson_read(doc, &c->games, &c->notes);
	c->format = "SGF-in-JSON";
	return true;
}

void conversion_free(struct conversion *c)
{
	if (c->text) {
		c->games.len = 0;   /* held by none */
		if (c->next)
			sgf_stream_free(&c->stream);
		free(c->text);
	}
	sgf_games_free(&c->games);
	sgf_notes_free(&c->notes);
}

/* Game g, the caller's to free: for SGF read now from the text (in order,
 * as callers ask; from the start again otherwise), else held since read
 * (and NULL when asked again); *info gets its first byte and whether it is
 * over the budget. */
static struct sgf_node *game_at(struct conversion *c, size_t g, struct sgf_game_info *info)
{
	if (!c->text) {
		/* Converted once: the tree is the caller's, freed before the lint
		 * of its record (a game of GIB or NGF is held from the start). */
		struct sgf_node *game = c->games.games[g];
		c->games.games[g] = NULL;
		if (game)
			*info = (struct sgf_game_info){ game->pos, c->games.over };
		return game;
	}
	struct sgf_notes again = { 0 };   /* said when the games were counted */
	if (!c->next || g < c->next - 1) {
		if (c->next)
			sgf_stream_free(&c->stream);
		sgf_stream_init(&c->stream, c->text, c->text_len, &again);
		c->stream.max_nodes = c->games.max_nodes;
		c->next = 1;
	}
	c->stream.notes = &again;
	struct sgf_node *game = NULL;
	while (c->next - 1 <= g) {
		sgf_node_free(game);
		game = sgf_stream_next(&c->stream);
		c->next++;
	}
	c->stream.notes = NULL;
	sgf_notes_free(&again);
	*info = c->stream.last;
	return game;
}

/* One line: the values a note quotes are the file's, shown escaped; a
 * finding of a reading rule ends with its id. */
static void print_note(struct buf *out, const char *src, const struct sgf_note *n,
		       const char *severity)
{
	if (n->pos.line)
		buf_printf(out, "%s:%" PRIu32 ":%" PRIu32 ": %s: ", src, n->pos.line, n->pos.col,
			   severity);
	else
		buf_printf(out, "%s: %s: ", src, severity);
	shown_text(out, n->text);
	if (n->rule)
		buf_printf(out, " [%s]", n->rule->id);
	buf_addc(out, '\n');
}

void conversion_print_notes(struct buf *out, const char *src, const struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++) {
		const struct sgf_note *n = &notes->items[i];
		print_note(out, src, n, n->rule ? severity_name(n->rule->severity) : "note");
	}
}

/* The nodes of a game's tree. */
static size_t count_nodes(const struct sgf_node *root)
{
	size_t n = 0, len = 0, cap = 0;
	const struct sgf_node **stack = xgrow(NULL, &cap, 16, sizeof *stack);
	stack[len++] = root;
	while (len) {
		const struct sgf_node *node = stack[--len];
		n++;
		stack = xgrow(stack, &cap, len + node->nkids, sizeof *stack);
		for (size_t i = 0; i < node->nkids; i++)
			stack[len++] = node->kids[i];
	}
	free(stack);
	return n;
}

/* "12 KB", "563 MB", "1.5 GB", as the budget's messages write sizes. */
static void size_words(char *out, size_t len, size_t n)
{
	if (n >= (size_t)1 << 30)
		snprintf(out, len, "%.1f GB", (double)n / (1 << 30));
	else if (n >= (size_t)1 << 20)
		snprintf(out, len, "%zu MB", (n + (1 << 19)) >> 20);
	else
		snprintf(out, len, "%zu KB", (n + 512) >> 10);
}

/* Lints the record: go findings, and those of rules about the game itself
 * (about_game), are the source game's own and are reported
 * at its positions. A record the linter could not check (too large for
 * its limit or the memory budget, nested too deeply) is refused: never
 * written. Anything else is a converter bug, and a record with an error of
 * that kind (invalid UTF-8, a duplicate key) is refused too: jgflint never
 * writes what it would itself refuse. */
static void lint_record(struct converted *out, const char *src, const char *name,
			struct posmap *map)
{
	struct document loaded;
	/* The record is held once while it is checked, by the document: its
	 * text is taken back after (a long game's record is 55 bytes a move).
	 * It is streamed: its tree's nodes are read, checked and freed one at
	 * a time, never held as a DOM (850 bytes a move). */
	document_load_record(&loaded, name, out->text, out->len);
	out->text = NULL;
	struct checked c;
	check_document(&c, &loaded, &(struct check_request){ 0 });
	out->text = c.doc.text;
	c.doc.text = NULL;
	const struct document *doc = &c.doc;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->rule == &rule_json_too_large || d->rule == &rule_json_depth ||
		    d->rule == &rule_io_error) {
			buf_printf(&out->log, "%s: error: not written: jgflint could not check the "
				   "record: %s [%s]\n", name, d->message, d->rule->id);
			out->refused = true;
		} else if (!strcmp(d->rule->category, "go") || d->rule->about_game) {
			struct sgf_pos pos = d->pointer ? posmap_find(map, d->pointer) : (struct sgf_pos){0};
			buf_printf(&out->log, "%s:%" PRIu32 ":%" PRIu32 ": %s: %s [%s]\n", src,
				   pos.line, pos.col,
				   severity_name(d->severity), d->message, d->rule->id);
			out->errors |= d->severity == SEV_ERROR;
		} else {
			bool broken = d->severity == SEV_ERROR;
			buf_printf(&out->log, "%s:%lu:%lu: error: %sconverter bug: the record it made "
				   "has this finding: %s [%s]\n", name, d->line, d->col,
				   broken ? "not written: " : "", d->message, d->rule->id);
			out->errors = true;
			out->refused |= broken;
			out->bugs++;
		}
	}
	checked_free(&c);
	if (out->refused) {
		free(out->text);
		out->text = NULL;
		out->len = 0;
	}
}

/* Test hook, for the test suite only: with JGFLINT_TEST_BREAK_RECORD set,
 * the record gets a byte 0xF8 (never in UTF-8) after its first `{`, a
 * converter bug the check must catch: the record is then not written. */
static void test_break(struct converted *out)
{
	const char *hook = getenv("JGFLINT_TEST_BREAK_RECORD");
	char *brace = hook && *hook ? memchr(out->text, '{', out->len) : NULL;
	if (!brace)
		return;
	struct buf b = BUF_INIT;
	buf_add(&b, out->text, (size_t)(brace - out->text) + 1);
	buf_adds(&b, "\"\xF8\": 0, ");
	buf_add(&b, brace + 1, out->len - (size_t)(brace - out->text) - 1);
	free(out->text);
	out->len = b.len;
	out->text = buf_detach(&b);
}

void conversion_game(struct conversion *c, size_t g, const char *src, const char *name,
		     struct converted *out)
{
	*out = (struct converted){ .log = BUF_INIT };
	struct sgf_notes notes = { 0 };
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	struct sgf_game_info info = { { 1, 1 }, false };
	size_t depth = 0, nesting = 0;
	struct sgf_node *game = game_at(c, g, &info);
	bool over = game && (info.over || count_nodes(game) > c->games.max_nodes);
	bool go = game && !over &&
		  convert_game(game, c->source, &notes, &map, &kept, &text, &depth, &nesting);
	sgf_node_free(game);
	/* A finding of nothing the source holds is shown at the game's first byte. */
	posmap_add(&map, "", info.start);
	/* A game not converted: why is convert_game's last note, and an error
	 * (which -q keeps), not a note. */
	struct sgf_note why = { 0 };
	if (game && !over && !go && notes.len)
		why = notes.items[--notes.len];
	conversion_print_notes(&out->log, src, &notes);
	if (go && nesting > CONVERT_FLAT_DEPTH && depth <= JGF_MAX_DEPTH)
		buf_printf(&out->log, "%s: note: its variations nest %zu levels deep: those deeper "
			   "than %d are written on one line\n", name, nesting, CONVERT_FLAT_DEPTH);
	out->log_notes = out->log.len;
	if (over) {
		char have[32];
		size_words(have, sizeof have, load_memory_budget());
		buf_printf(&out->log, "%s: error: not written: converting and checking this game "
			   "would take more than the %s memory budget (--max-memory): it has more "
			   "than %zu nodes, and each takes about %d bytes\n", name, have,
			   c->games.max_nodes, CONVERT_COST_NODE);
		out->refused = true;
	} else if (!go) {
		if (why.text)
			print_note(&out->log, src, &why, "error");
		free(why.text);
		out->errors = true;
	} else if (depth > JGF_MAX_DEPTH) {
		buf_printf(&out->log, "%s: error: not written: its variations nest %zu levels of JSON "
			   "deep, more than the %d jgflint checks\n", name, depth, JGF_MAX_DEPTH);
		out->refused = true;
	} else {
		out->len = text.len;
		out->text = xrealloc(buf_detach(&text), out->len + 1);   /* held at its size */
		test_break(out);
		lint_record(out, src, name, &map);
	}
	buf_free(&text);
	if (kept.len)
		out->kept = buf_detach(&kept);
	buf_free(&kept);
	posmap_free(&map);
	sgf_notes_free(&notes);
}

struct sgf_node *conversion_take_game(struct conversion *c, size_t g)
{
	struct sgf_game_info info = { { 1, 1 }, false };
	struct sgf_node *game = game_at(c, g, &info);
	if (game && (info.over || count_nodes(game) > c->games.max_nodes)) {
		sgf_node_free(game);
		return NULL;
	}
	return game;
}

void converted_free(struct converted *out)
{
	free(out->text);
	free(out->kept);
	buf_free(&out->log);
	*out = (struct converted){ 0 };
}

/* The record's path: beside the input, or in DIR (below DIR, the input's
 * directories under the walked directory root, when it came from a walk),
 * named BASE.jgf or BASE-N.jgf. */
char *conversion_record_name(const char *input, const char *root, const char *dir, size_t game,
			 size_t ngames)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	if (!strcmp(input, "-"))
		base = "stdin";
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	struct buf b = BUF_INIT;
	if (dir) {
		buf_printf(&b, "%s/", dir);
		size_t rootlen = root ? strlen(root) : 0;
		while (rootlen > 0 && root[rootlen - 1] == '/')   /* the walk writes "games/x" */
			rootlen--;
		if (root && slash && (size_t)(slash - input) > rootlen)
			buf_add(&b, input + rootlen + 1, (size_t)(slash - input) - rootlen);
	} else if (slash) {
		buf_add(&b, input, (size_t)(slash - input) + 1);
	}
	buf_add(&b, base, stem);
	if (ngames > 1)
		buf_printf(&b, "-%zu", game + 1);
	buf_adds(&b, ".jgf");
	return buf_detach(&b);
}

bool conversion_nothing(struct buf *out, const char *src, const struct conversion *c)
{
	if (!c->format && c->blank)
		buf_printf(out, "%s: error: %s: nothing to convert\n", src,
			   c->blank == 1 ? "empty file" : "the file holds only white space");
	else if (!c->format)
		buf_printf(out, "%s: error: not SGF, SGF-in-JSON, UGF/UGI, GIB or NGF: nothing to "
			   "convert\n", src);
	else if (!c->games.len)
		buf_printf(out, "%s: error: no game found in this %s file\n", src, c->format);
	return !c->format || !c->games.len;
}

void conversion_kept(struct buf *out, const char *name, const struct conversion *c,
		     const struct converted *rec)
{
	if (rec->kept)
		buf_printf(out, "%s: kept under meta.%s: %s\n", name, c->source, rec->kept);
	else
		buf_adds(out, "");
}
