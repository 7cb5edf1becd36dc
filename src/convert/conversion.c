/* conversion: one input of --convert, from bytes to records (its check in
 * place: inplace.c). */
#include "convert/conversion.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/dom.h"
#include "base/locate.h"
#include "base/jstring.h"
#include "core/catalog.h"
#include "core/record.h"
#include "convert/conversion_int.h"
#include "convert/convert.h"
#include "convert/decode.h"
#include "convert/gib.h"
#include "convert/ngf.h"
#include "convert/ogs.h"
#include "convert/sgfjson.h"
#include "convert/sgfplace.h"
#include "convert/ugf.h"
#include "convert/ugz.h"
#include "lint/pipeline.h"
#include "read/scan.h"
#include "read/sniff.h"

/* What --convert says of an input and its games, a line of its log each
 * (a reader's findings are worded in its table: convert/say.h). */
#define SAY_NESTING "%s: note: its variations nest %zu levels deep: those deeper than %d " \
	"are written on one line\n"
#define SAY_OVER "%s: error: not written: converting and checking this game would take " \
	"more than the %s memory budget (--max-memory): it has more than %zu nodes, and each " \
	"takes about %d bytes\n"
#define SAY_TOO_DEEP "%s: error: not written: its variations nest %zu levels of JSON deep, " \
	"more than the %d jgflint checks\n"
#define SAY_BUG "%s:%lu:%lu: error: %sconverter bug: the record it made has this finding: " \
	"%s [%s]\n"
#define SAY_BUG_REFUSED "not written: "
#define SAY_UNCHECKED "%s: error: not written: jgflint could not check the record: %s [%s]\n"
#define SAY_JSON_ERROR "%s: error: nothing to convert: its JSON does not parse: "
#define SAY_NOTHING_BLANK "%s: error: %s: nothing to convert\n"
#define SAY_EMPTY_FILE "empty file"
#define SAY_WHITE_SPACE "the file holds only white space"
#define SAY_NOT_READ "%s: error: not %sSGF, SGF-in-JSON, UGF/UGI, GIB, NGF or OGS: nothing " \
	"to convert\n"
#define SAY_NOT_READ_JGF "JGF, "
#define SAY_NO_GAME "%s: error: no game found in this %s file\n"
#define SAY_KEPT "%s: kept under meta.%s: %s\n"

bool conversion_read(struct conversion *c, struct document *doc)
{
	return conversion_read_as(c, doc, NULL);
}

static void keep_plain(struct conversion *c, struct buf *text, bool keep)
{
	if (keep) {
		c->plain_len = text->len;
		c->plain = text->data ? buf_detach(text) : xstrdup("");
	}
	buf_free(text);
}

static size_t max_nodes(void)
{
	size_t n = load_memory_budget() / CONVERT_COST_NODE;
	return n ? n : 1;
}

/* The bytes *bytes (len *len) are the text as they are: text takes them,
 * the document holds none after (a copy beside them was the peak of
 * reading a large UGF: its review's nodes made whole with both). */
static void take_bytes(struct buf *text, char **bytes, size_t *len)
{
	buf_free(text);
	*text = (struct buf){ .data = *bytes, .len = *len, .cap = *len + 1 };
	*bytes = NULL;
	*len = 0;
}

/* keep: GIB, NGF and UGF keep their decoded text (plain), which a check in
 * place shows (SGF's is text already). take: SGF whose bytes read as
 * themselves takes doc's text as its own (doc->text NULL after), rather
 * than a copy of it. */
/* SGF: the text decoded and held (taken from doc with take, when its bytes
 * are the text), and its games counted with count. */
static bool read_sgf(struct conversion *c, struct document *doc, const char *encoding,
		     bool take, bool count)
{
	/* A collection is not held whole (200 MB of SGF took 43 times its
	 * size, its games' property trees all at once): the games are
	 * counted here, each freed as soon as read, and read again one at
	 * a time as conversion_game converts them (but a lone game). */
	struct buf text = BUF_INIT;
	size_t skip;
	if (take && decode_sgf_same_in(doc->text, doc->len, encoding, &text, &skip, &c->notes,
				       c->set)) {
		/* The bytes are the text: held once (a copy beside them took its size again) */
		c->text_len = doc->len - skip;
		c->text = doc->text;
		c->taken = skip + 1;
		memmove(c->text, c->text + skip, c->text_len + 1);
		doc->text = NULL;
		doc->len = 0;
	} else {
		if (!take)   /* else decode_sgf_same decoded it into text */
			decode_sgf_in(doc->text, doc->len, encoding, &text, &c->notes, c->set);
		c->text_len = text.len;
		/* Held while its games are converted: at its size */
		c->text = text.data ? xrealloc(buf_detach(&text), c->text_len + 1)
				    : xstrdup("");
	}
	c->format = "SGF";
	c->streamed = !count;
	if (count)
		c->games.len = sgf_count_games(c->text, c->text_len, &c->notes,
					       c->games.max_nodes, &c->first, &c->first_info);
	return true;
}

/* A JSON document the converter reads: OGS's game JSON or SGF-in-JSON;
 * false when it is neither (or not JSON). */
static bool read_json(struct conversion *c, struct document *doc, bool keep)
{
	struct record_info rec;
	if (doc->parsed)
		record_classify(doc->root, &rec);
	if (!doc->parsed || !rec.convertible)
		return false;
	document_whole(doc);   /* read through its DOM (loaded streamed: --to sgf's inputs) */
	if (record_ogs(doc->root)) {
		/* Checked in place, it is shown as it is (after a byte order
		 * mark, which the locator's columns do not count). */
		ogs_read(doc, &c->games, &c->notes);
		if (keep) {
			c->plain_len = doc->len - doc->body;
			c->plain = xstrndup(doc->text + doc->body, c->plain_len);
		}
		c->format = "OGS";
		c->source = "ogs";
		return true;
	}
	sgfjson_read(doc, &c->games, &c->notes);
	c->format = "SGF-in-JSON";
	return true;
}

/* conversion_read_input; lazy: a UGF game's [Data] read as the converter
 * asks (ugf_read's), for the check in place alone (nothing else walks the
 * game before the converter frees it); bare: its records made bare
 * (ugf_read's). */
static bool read_input(struct conversion *c, struct document *doc, const char *encoding,
		       bool keep, bool take, bool count, bool lazy, bool bare)
{
	*c = (struct conversion){ .source = "sgf", .games.max_nodes = max_nodes() };
	if (!doc->io_failed && doc->len == strspn(doc->text ? doc->text : "", " \t\r\n"))
		c->blank = doc->len ? 2 : 1;
	enum text_format kind = sniff_text(doc->text, doc->len);
	if (kind == TEXT_SGF)
		return read_sgf(c, doc, encoding, take, count);
	if (kind == TEXT_GIB || kind == TEXT_NGF) {
		struct buf text = BUF_INIT;
		bool gib = kind == TEXT_GIB;
		decode_plain(doc->text, doc->len, NULL, encoding, gib ? "GIB" : "NGF", &text, &c->notes);
		(gib ? gib_read : ngf_read)(text.data, text.len, &c->games, &c->notes);
		keep_plain(c, &text, keep);
		c->format = gib ? "GIB" : "NGF";
		c->source = gib ? "gib" : "ngf";
		return true;
	}
	if (kind == TEXT_UGF) {
		struct buf text = BUF_INIT;
		if (decode_plain_same(doc->text, doc->len, "CP932", encoding, "UGF", &text, &c->notes,
				      take && keep))
			take_bytes(&text, &doc->text, &doc->len);
		ugf_read(text.data, text.len, &c->games, &c->notes, lazy && keep, bare);
		keep_plain(c, &text, keep);
		c->format = "UGF";
		c->source = "ugf";
		return true;
	}
	if (kind == TEXT_UGZ) {
		/* Without liblhasa, none of the formats this build reads: the
		 * loader's finding, and --convert's error, say how to build
		 * one that does. */
		if (!sniff_ugz_readable()) {
			c->why_not = sniff_ugz_unreadable;
			return false;
		}
		struct buf ugf = BUF_INIT, text = BUF_INIT;
		c->format = "UGZ";
		c->source = "ugf";
		if (ugz_inflate(doc->text, doc->len, load_memory_budget(), CONVERT_COST_NODE,
				&ugf, &c->notes)) {
			if (decode_plain_same(ugf.data, ugf.len, "CP932", encoding, "UGF", &text,
					      &c->notes, true))
				text = ugf;   /* the member inflated is its text */
			else
				buf_free(&ugf);
			ugf_read(text.data, text.len, &c->games, &c->notes, lazy && keep, bare);
		} else {
			c->unreadable = true;   /* no game: the note says why */
		}
		keep_plain(c, &text, keep);
		return true;
	}
	return read_json(c, doc, keep);
}

bool conversion_read_input(struct conversion *c, struct document *doc, const char *encoding,
		       bool keep, bool take, bool count)
{
	return read_input(c, doc, encoding, keep, take, count, false, false);
}

bool conversion_read_as(struct conversion *c, struct document *doc, const char *encoding)
{
	return conversion_read_input(c, doc, encoding, false, false, true);
}

bool conversion_read_taking(struct conversion *c, struct document *doc, const char *encoding)
{
	return conversion_read_input(c, doc, encoding, false, true, true);
}

bool conversion_read_streaming(struct conversion *c, struct document *doc, const char *encoding)
{
	return conversion_read_input(c, doc, encoding, false, true, false);
}

/* The game after those read, held in first (games.len counts it). */
static void read_ahead(struct conversion *c)
{
	c->first = sgf_stream_next(&c->stream);
	if (c->first) {
		c->first_info = c->stream.last;
		c->games.len++;
	}
}

bool conversion_read_ahead(struct conversion *c, struct document *doc, const char *encoding,
			   size_t line_from, bool bare)
{
	bool read = read_input(c, doc, encoding, true, true, false, true, bare);
	if (c->text) {
		c->streamed = false;
		c->ahead = true;
		sgf_stream_init(&c->stream, c->text, c->text_len, &c->notes);
		c->stream.max_nodes = c->games.max_nodes;
		c->stream.pause_from = line_from ? line_from : SIZE_MAX;
		c->next = 1;
		read_ahead(c);
	}
	return read;
}

void conversion_free(struct conversion *c)
{
	sgf_node_free(c->first);
	free(c->plain);
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
struct sgf_node *conversion_game_at(struct conversion *c, size_t g, struct sgf_game_info *info)
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
	if (c->ahead) {   /* in order: g is the one read ahead */
		struct sgf_node *game = g + 1 == c->games.len ? c->first : NULL;
		if (game) {
			*info = c->first_info;
			read_ahead(c);
		}
		return game;
	}
	if (c->first && g == 0 && !c->next) {
		struct sgf_node *game = c->first;
		c->first = NULL;
		*info = c->first_info;
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
void conversion_print_note(struct buf *out, const char *src, const struct sgf_note *n,
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
		conversion_print_note(out, src, n, n->rule ? severity_name(n->rule->severity) : "note");
	}
}

void conversion_print_plain_notes(struct buf *out, const char *src, const struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++)
		if (!notes->items[i].rule)
			conversion_print_note(out, src, &notes->items[i], "note");
}

/* The nodes of a game's tree, those still to read too. */
size_t conversion_count_nodes(const struct sgf_node *root)
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
	return n + sgf_game_pending(root);
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

void conversion_budget_words(char *out, size_t len)
{
	size_words(out, len, load_memory_budget());
}

enum record_finding conversion_finding(const struct diag *d)
{
	if (d->rule == &rule_json_too_large || d->rule == &rule_json_depth ||
	    d->rule == &rule_io_error)
		return RECORD_UNCHECKED;
	if (!strcmp(d->rule->category, "go") || d->rule->about_game)
		return RECORD_SOURCE;
	return RECORD_BUG;
}

/* A finding of the record made (named name) that is a converter bug,
 * said in out's log and counted; an error keeps the record from being
 * written. */
void conversion_say_bug(struct converted *out, const char *name, const struct diag *d)
{
	bool broken = d->severity == SEV_ERROR;
	buf_printf(&out->log, SAY_BUG, name, d->line, d->col, broken ? SAY_BUG_REFUSED : "",
		   d->message, d->rule->id);
	out->errors = true;
	out->refused |= broken;
	out->bugs++;
}

/* The record made could not be checked (deeper than jgflint reads, too
 * large): said in out's log, and not written. */
void conversion_say_unchecked(struct converted *out, const char *name, const struct diag *d)
{
	buf_printf(&out->log, SAY_UNCHECKED, name, d->message, d->rule->id);
	out->refused = true;
}

void conversion_say_nesting(struct buf *log, const char *name, size_t nesting)
{
	buf_printf(log, SAY_NESTING, name, nesting, CONVERT_FLAT_DEPTH);
}

void conversion_say_over(struct buf *log, const char *name, size_t max_nodes)
{
	char have[32];
	conversion_budget_words(have, sizeof have);
	buf_printf(log, SAY_OVER, name, have, max_nodes, CONVERT_COST_NODE);
}

void conversion_say_too_deep(struct buf *log, const char *name, size_t depth)
{
	buf_printf(log, SAY_TOO_DEEP, name, depth, JGF_MAX_DEPTH);
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
		enum record_finding kind = conversion_finding(d);
		if (kind == RECORD_UNCHECKED) {
			conversion_say_unchecked(out, name, d);
		} else if (kind == RECORD_SOURCE) {
			struct sgf_pos pos = d->pointer ? posmap_find(map, d->pointer) : (struct sgf_pos){0};
			buf_printf(&out->log, "%s:%" PRIu32 ":%" PRIu32 ": %s: %s [%s]\n", src,
				   pos.line, pos.col,
				   severity_name(d->severity), d->message, d->rule->id);
			out->errors |= d->severity == SEV_ERROR;
		} else {
			conversion_say_bug(out, name, d);
		}
	}
	checked_free(&c);
	if (out->refused) {
		free(out->text);
		out->text = NULL;
		out->len = 0;
	}
}

static bool break_records;   /* the test hook's */

void conversion_test_break_records(bool on)
{
	break_records = on;
}

bool conversion_breaks_records(void)
{
	return break_records;
}

/* The test hook (conversion_test_break_records): the record gets a byte
 * 0xF8 (never in UTF-8) after its first `{`, a converter bug the check
 * must catch: --convert then does not write the record, and a check in
 * place says so beside its report. */
void conversion_test_break(char **text, size_t *len)
{
	char *brace = break_records ? memchr(*text, '{', *len) : NULL;
	if (!brace)
		return;
	struct buf b = BUF_INIT;
	buf_add(&b, *text, (size_t)(brace - *text) + 1);
	buf_adds(&b, "\"\xF8\": 0, ");
	buf_add(&b, brace + 1, *len - (size_t)(brace - *text) - 1);
	free(*text);
	*len = b.len;
	*text = buf_detach(&b);
}

void conversion_game(struct conversion *c, size_t g, const char *src, const char *name,
		     struct converted *out)
{
	*out = (struct converted){ .log = BUF_INIT };
	struct sgf_notes notes = { .reader = &c->notes };   /* (its unclosed values) */
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	struct sgf_game_info info = { { 1, 1 }, false };
	size_t depth = 0, nesting = 0;
	struct sgf_node *game = conversion_game_at(c, g, &info);
	bool over = game && (info.over || conversion_count_nodes(game) > c->games.max_nodes);
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
		conversion_say_nesting(&out->log, name, nesting);
	out->log_notes = out->log.len;
	if (over) {
		conversion_say_over(&out->log, name, c->games.max_nodes);
		out->refused = true;
	} else if (!go) {
		if (why.text)
			conversion_print_note(&out->log, src, &why, "error");
		free(why.text);
		out->errors = true;
	} else if (depth > JGF_MAX_DEPTH) {
		conversion_say_too_deep(&out->log, name, depth);
		out->refused = true;
	} else {
		out->len = text.len;
		out->text = xrealloc(buf_detach(&text), out->len + 1);   /* held at its size */
		conversion_test_break(&out->text, &out->len);
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
	struct sgf_node *game = conversion_game_at(c, g, &info);
	if (game && (info.over || conversion_count_nodes(game) > c->games.max_nodes)) {
		sgf_node_free(game);
		return NULL;
	}
	return game;
}

struct sgf_node *conversion_next_game(struct conversion *c, bool *end)
{
	struct sgf_game_info info = { { 1, 1 }, false };
	struct sgf_node *game = conversion_game_at(c, c->next ? c->next - 1 : 0, &info);
	*end = !game;
	if (game && (info.over || conversion_count_nodes(game) > c->games.max_nodes)) {
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

/* A text that opens as JSON does ('{' or '[') and did not parse: the
 * error is its first syntax error, "nothing to convert: its JSON does not
 * parse: 2:3: comments are not allowed in JSON", not the formats it is not
 * (it is most likely one of them, written wrong). False otherwise. */
static bool json_error(struct buf *out, const char *src, const struct document *doc)
{
	if (!doc || doc->parsed || !doc->text)
		return false;
	size_t at = doc->body + strspn(doc->text + doc->body, " \t\r\n");
	if (at >= doc->len || (doc->text[at] != '{' && doc->text[at] != '['))
		return false;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (!d->rule || strncmp(d->rule->id, "json-", 5) != 0)
			continue;
		unsigned long line = d->line, col = d->col;
		if (!line && d->has_offset && doc->loc)
			locator_linecol(doc->loc, d->offset, &line, &col);
		buf_printf(out, SAY_JSON_ERROR, src);
		if (line)
			buf_printf(out, "%lu:%lu: ", line, col);
		buf_printf(out, "%s\n", d->message);
		return true;
	}
	return false;
}

bool conversion_nothing(struct buf *out, const char *src, const struct conversion *c,
			const struct document *doc, bool to_sgf)
{
	if (!c->format && c->why_not)
		buf_printf(out, "%s: error: %s\n", src, c->why_not);
	else if (!c->format && c->blank)
		buf_printf(out, SAY_NOTHING_BLANK, src,
			   c->blank == 1 ? SAY_EMPTY_FILE : SAY_WHITE_SPACE);
	else if (!c->format) {
		if (!json_error(out, src, doc))   /* --to sgf takes JGF records too */
			buf_printf(out, SAY_NOT_READ, src, to_sgf ? SAY_NOT_READ_JGF : "");
	} else if (!c->games.len && !c->unreadable)
		buf_printf(out, SAY_NO_GAME, src, c->format);
	else
		buf_adds(out, "");   /* a UGZ not inflated: its finding says why */
	return !c->format || !c->games.len;
}

void conversion_kept(struct buf *out, const char *name, const struct conversion *c,
		     const struct converted *rec)
{
	if (rec->kept)
		buf_printf(out, SAY_KEPT, name, c->source, rec->kept);
	else
		buf_adds(out, "");
}
