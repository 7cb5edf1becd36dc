/* conversion: one input of --convert, from bytes to records. */
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

static bool read_input(struct conversion *c, struct document *doc, const char *encoding,
		       bool keep, bool take, bool count)
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
		decode_plain(doc->text, doc->len, "CP932", encoding, "UGF", &text, &c->notes);
		ugf_read(text.data, text.len, &c->games, &c->notes);
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
			decode_plain(ugf.data, ugf.len, "CP932", encoding, "UGF", &text, &c->notes);
			buf_free(&ugf);
			ugf_read(text.data, text.len, &c->games, &c->notes);
		} else {
			c->unreadable = true;   /* no game: the note says why */
		}
		keep_plain(c, &text, keep);
		return true;
	}
	return read_json(c, doc, keep);
}

bool conversion_read_as(struct conversion *c, struct document *doc, const char *encoding)
{
	return read_input(c, doc, encoding, false, false, true);
}

bool conversion_read_taking(struct conversion *c, struct document *doc, const char *encoding)
{
	return read_input(c, doc, encoding, false, true, true);
}

bool conversion_read_streaming(struct conversion *c, struct document *doc, const char *encoding)
{
	return read_input(c, doc, encoding, false, true, false);
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

void conversion_print_plain_notes(struct buf *out, const char *src, const struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++)
		if (!notes->items[i].rule)
			print_note(out, src, &notes->items[i], "note");
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

/* What a finding of a record made from a source game is to that game. */
enum record_finding {
	RECORD_UNCHECKED,   /* the record could not be checked (too large, too deep) */
	RECORD_SOURCE,      /* the source game's own: a go rule's, or about_game */
	RECORD_BUG,         /* anything else: the converter's doing */
};

static enum record_finding record_finding(const struct diag *d)
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
static void say_converter_bug(struct converted *out, const char *name, const struct diag *d)
{
	bool broken = d->severity == SEV_ERROR;
	buf_printf(&out->log, "%s:%lu:%lu: error: %sconverter bug: the record it made "
		   "has this finding: %s [%s]\n", name, d->line, d->col,
		   broken ? "not written: " : "", d->message, d->rule->id);
	out->errors = true;
	out->refused |= broken;
	out->bugs++;
}

/* The record made could not be checked (deeper than jgflint reads, too
 * large): said in out's log, and not written. */
static void say_unchecked(struct converted *out, const char *name, const struct diag *d)
{
	buf_printf(&out->log, "%s: error: not written: jgflint could not check the "
		   "record: %s [%s]\n", name, d->message, d->rule->id);
	out->refused = true;
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
		enum record_finding kind = record_finding(d);
		if (kind == RECORD_UNCHECKED) {
			say_unchecked(out, name, d);
		} else if (kind == RECORD_SOURCE) {
			struct sgf_pos pos = d->pointer ? posmap_find(map, d->pointer) : (struct sgf_pos){0};
			buf_printf(&out->log, "%s:%" PRIu32 ":%" PRIu32 ": %s: %s [%s]\n", src,
				   pos.line, pos.col,
				   severity_name(d->severity), d->message, d->rule->id);
			out->errors |= d->severity == SEV_ERROR;
		} else {
			say_converter_bug(out, name, d);
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

/* The test hook (conversion_test_break_records): the record gets a byte
 * 0xF8 (never in UTF-8) after its first `{`, a converter bug the check
 * must catch: --convert then does not write the record, and a check in
 * place says so beside its report. */
static void test_break(char **text, size_t *len)
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
		test_break(&out->text, &out->len);
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

struct sgf_node *conversion_next_game(struct conversion *c, bool *end)
{
	struct sgf_game_info info = { { 1, 1 }, false };
	struct sgf_node *game = game_at(c, c->next ? c->next - 1 : 0, &info);
	*end = !game;
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

/* A text that opens as JSON does ('{' or '[') and did not parse: its first
 * syntax error, ", and its JSON does not parse: 2:3: comments are not
 * allowed in JSON" (nothing otherwise). */
static void json_error(struct buf *out, const struct document *doc)
{
	if (!doc || doc->parsed || !doc->text)
		return;
	size_t at = doc->body + strspn(doc->text + doc->body, " \t\r\n");
	if (at >= doc->len || (doc->text[at] != '{' && doc->text[at] != '['))
		return;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (!d->rule || strncmp(d->rule->id, "json-", 5) != 0)
			continue;
		unsigned long line = d->line, col = d->col;
		if (!line && d->has_offset && doc->loc)
			locator_linecol(doc->loc, d->offset, &line, &col);
		buf_adds(out, ", and its JSON does not parse: ");
		if (line)
			buf_printf(out, "%lu:%lu: ", line, col);
		buf_adds(out, d->message);
		return;
	}
}

bool conversion_nothing(struct buf *out, const char *src, const struct conversion *c,
			const struct document *doc, bool to_sgf)
{
	if (!c->format && c->why_not)
		buf_printf(out, "%s: error: %s\n", src, c->why_not);
	else if (!c->format && c->blank)
		buf_printf(out, "%s: error: %s: nothing to convert\n", src,
			   c->blank == 1 ? "empty file" : "the file holds only white space");
	else if (!c->format) {
		/* --to sgf takes JGF records too */
		buf_printf(out, "%s: error: not %sSGF, SGF-in-JSON, UGF/UGI, GIB, NGF or OGS: nothing "
			   "to convert", src, to_sgf ? "JGF, " : "");
		json_error(out, doc);
		buf_adds(out, "\n");
	}
	else if (!c->games.len && !c->unreadable)
		buf_printf(out, "%s: error: no game found in this %s file\n", src, c->format);
	else
		buf_adds(out, "");   /* a UGZ not inflated: its finding says why */
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

/* Checking in place (conversion_check): the findings of one input, located
 * in the text its games were read from. */
struct in_place {
	struct diag_list found;
	const char *text;         /* decoded: the lines of the source */
	size_t len;
	bool sgf;                 /* the text is SGF: a finding spans what it names */
	size_t games;             /* how many it holds (a node's name says which when several) */
	struct locator *loc;
	const struct lint_settings *ls;
	const char *src;          /* the input, as messages show it */
	struct buf *bugs;
	size_t nbugs;
	const struct conversion_sink *sink;   /* --convert: each game's record */
	bool repairs;             /* the readers' repairs get their fixes */
	/* offset_of's cursor: the byte at line cur_line, column cur_col, so
	 * that findings met along one line cost the way between them, not the
	 * line's length each (a collection on one line). */
	uint32_t cur_line, cur_col;
	size_t cur_at;
};

/* The byte of the decoded text at pos (its column counts code points). */
static size_t offset_of(struct in_place *p, struct sgf_pos pos)
{
	if (!pos.line || pos.line > locator_line_count(p->loc))
		return 0;
	size_t at, end;
	locator_line_bounds(p->loc, pos.line, &at, &end);
	uint32_t col = 1;
	size_t start = at;
	if (p->cur_line == pos.line)
		col = p->cur_col, at = p->cur_at;
	for (; col > pos.col && at > start; col--)   /* a fix's place before its finding */
		do
			at--;
		while (at > start && ((unsigned char)p->text[at] & 0xC0) == 0x80);
	for (; col < pos.col && at < end; col++)
		do
			at++;
		while (at < end && ((unsigned char)p->text[at] & 0xC0) == 0x80);
	p->cur_line = pos.line, p->cur_col = col, p->cur_at = at;
	return at;
}

static struct diag *found_at(struct in_place *p, const struct rule *rule, struct sgf_pos pos,
			     const char *message)
{
	if (!pos.line)
		return diag_file(&p->found, rule, "%s", message);
	size_t at = offset_of(p, pos);
	struct diag *d = diag_at(&p->found, rule, at, NULL, "%s", message);
	if (p->sgf)
		d->end_offset = sgf_span_end(p->text, p->len, at);
	return d;
}

/* A reader's notes that name a rule are findings; the others (the set a
 * byte order mark chose, ...) are no fault of the file. */
static void notes_found(struct in_place *p, const struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++) {
		const struct sgf_note *n = &notes->items[i];
		if (!n->rule)
			continue;
		struct diag *d = found_at(p, n->rule, n->pos, n->text);
		if (p->repairs && n->fix && n->fix_at.line &&
		    n->fix_at.line <= locator_line_count(p->loc))
			sgf_fix_attach(d, n, p->text, p->len, offset_of(p, n->fix_at));
	}
}

/* The findings of the record game g reads as: the source game's own at
 * their positions in the source, with their points and position (the
 * boards); a converter bug is said in bugs, never shown as the file's.
 * With a sink (--convert), rec gets the record's text back (NULL when it
 * is refused: it could not be checked, or its check finds it broken) and
 * what --convert says of it, as conversion_game says it. */
static void record_found(struct in_place *p, size_t g, char *text, size_t len,
			 struct posmap *map, struct sgf_pos start, struct converted *rec,
			 const char *name, struct convert_shape *shape, size_t depth)
{
	struct document loaded;
	if (shape->head && shape->whole) {   /* made as a DOM: no text */
		free(text);
		document_load_dom(&loaded, p->src, shape->head, depth);
		shape->head = NULL;
	} else if (shape->head) {   /* not scanned again: what its scan would read is made */
		document_load_shaped(&loaded, p->src, text, len, shape->head, depth, &shape->tree);
		shape->head = NULL;
	} else {
		test_break(&text, &len);
		document_load_record(&loaded, p->src, text, len);
	}
	/* SGF's findings name its properties and places */
	struct sgf_words_ctx wctx = { map, p->games > 1 ? g + 1 : 0 };
	struct words words;
	sgf_words(&words, &wctx);
	if (p->sgf)
		loaded.words = &words;
	struct checked c;
	/* The record is gone once checked: the positions kept for boards are
	 * all there is to show, each stone's move and node traced with them
	 * when asked (the library's: jgf_finding_position). */
	struct lint_settings ls = p->ls ? *p->ls : (struct lint_settings){ 0 };
	ls.traced |= ls.positions && ls.traced_in_place;
	check_document(&c, &loaded, &(struct check_request){ p->ls ? &ls : NULL, false, false });
	if (rec) {
		rec->text = c.doc.text;
		rec->len = c.doc.len;
		c.doc.text = NULL;
	}
	for (size_t i = 0; i < c.doc.diags.len; i++) {
		struct diag *d = &c.doc.diags.items[i];
		enum record_finding kind = record_finding(d);
		if (kind == RECORD_BUG && rec) {
			say_converter_bug(rec, name, d);
			continue;
		}
		if (kind == RECORD_BUG) {
			buf_printf(p->bugs, "jgflint: %s: converter bug: the record game %zu reads as "
				   "has this finding: %s [%s] (please report this)\n", p->src, g + 1,
				   d->message, d->rule->id);
			p->nbugs++;
			continue;
		}
		if (kind == RECORD_UNCHECKED && rec) {
			say_unchecked(rec, name, d);
		}
		struct sgf_pos pos = kind == RECORD_SOURCE && d->pointer ?
				     posmap_find(map, d->pointer) : start;
		struct diag *n = kind == RECORD_SOURCE ? found_at(p, d->rule, pos, d->message) :
			found_at(p, d->rule, start, "");
		if (kind == RECORD_UNCHECKED) {
			free(n->message);
			n->message = xasprintf("game %zu was not checked: %s", g + 1, d->message);
			continue;
		}
		n->severity = d->severity;
		if (rec && d->severity == SEV_ERROR)
			rec->errors = true;
		/* Its node, as the record names it ("/tree/3"), is what the
		 * boards under it are captioned with. */
		n->node = d->node;
		d->node = NULL;
		n->position = d->position;
		d->position = NULL;
		n->points = d->points;
		n->npoints = d->npoints;
		d->points = NULL;
		d->npoints = 0;
		sgf_name_nodes(n, map, wctx.game);
		/* A point's pointer is the record's: the source has its place. */
		for (size_t k = 0; k < n->npoints; k++) {
			struct diag_point *pt = &n->points[k];
			struct sgf_pos at = pt->pointer ? posmap_find(map, pt->pointer) : pos;
			free(pt->pointer);
			pt->pointer = NULL;
			pt->line = at.line, pt->col = at.col;
			pt->end_line = pt->end_col = 0;
			pt->start = pt->end = 0;
		}
	}
	checked_free(&c);
	if (rec && rec->refused) {
		free(rec->text);
		rec->text = NULL;
		rec->len = 0;
	}
}

/* One game of p's input: what its conversion notes, and the findings of
 * the record it reads as; with a sink, the record goes to it. */
static void check_game(struct in_place *p, struct conversion *c, size_t g)
{
	struct sgf_notes notes = { 0 };
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	struct sgf_game_info info = { { 1, 1 }, false };
	size_t depth = 0, nesting = 0;
	const struct conversion_sink *sink = p->sink;
	const char *name = sink ? sink->name(sink->ctx, c, g) : NULL;
	struct converted rec = { .log = BUF_INIT };
	struct sgf_node *game = game_at(c, g, &info);
	size_t nodes = game ? count_nodes(game) : 0;
	bool over = game && (info.over || nodes > c->games.max_nodes);
	/* The record's shape comes with it, unless it is written (--convert:
	 * what it writes is read as any record is, to the byte) or broken on
	 * purpose (the test hook) */
	struct convert_shape shape = { .tree.tree = SIZE_MAX,
					.whole = game && !over && convert_made_whole(nodes, p->sgf) };
	bool go = game && !over &&
		  convert_record(game, c->source, &notes, &map, &kept, &text, &depth, &nesting,
				 sink || break_records ? NULL : &shape);
	sgf_node_free(game);
	posmap_add(&map, "", info.start);
	notes_found(p, &notes);   /* a game that is not Go: sgf-not-go, an error */
	if (sink) {
		/* A note that names no rule is no fault of the file: --convert
		 * says it, a check in place does not. */
		for (size_t i = 0; i < notes.len; i++)
			if (!notes.items[i].rule)
				print_note(&rec.log, sink->src, &notes.items[i],
					   game && !over && !go && i + 1 == notes.len ? "error" : "note");
		if (go && nesting > CONVERT_FLAT_DEPTH && depth <= JGF_MAX_DEPTH)
			buf_printf(&rec.log, "%s: note: its variations nest %zu levels deep: those "
				   "deeper than %d are written on one line\n", name, nesting,
				   CONVERT_FLAT_DEPTH);
		rec.log_notes = rec.log.len;
		rec.errors = game && !over && !go;
	}
	if (over) {
		char have[32], *why;
		size_words(have, sizeof have, load_memory_budget());
		why = xasprintf("game %zu was not checked: converting and checking it would take "
				"more than the %s memory budget (--max-memory): it has more than "
				"%zu nodes", g + 1, have, c->games.max_nodes);
		found_at(p, &rule_json_too_large, info.start, why);
		free(why);
		if (sink) {
			buf_printf(&rec.log, "%s: error: not written: converting and checking this "
				   "game would take more than the %s memory budget (--max-memory): it "
				   "has more than %zu nodes, and each takes about %d bytes\n", name,
				   have, c->games.max_nodes, CONVERT_COST_NODE);
			rec.refused = true;
		}
	} else if (go && depth > JGF_MAX_DEPTH) {
		char *why = xasprintf("game %zu was not checked: its variations nest %zu levels of "
				      "JSON deep, more than the %d jgflint checks", g + 1, depth,
				      JGF_MAX_DEPTH);
		found_at(p, &rule_json_depth, info.start, why);
		free(why);
		if (sink) {
			buf_printf(&rec.log, "%s: error: not written: its variations nest %zu levels "
				   "of JSON deep, more than the %d jgflint checks\n", name, depth,
				   JGF_MAX_DEPTH);
			rec.refused = true;
		}
	} else if (go) {
		size_t len = text.len;
		record_found(p, g, buf_detach(&text), len, &map, info.start, sink ? &rec : NULL,
			     name, &shape, depth);
	}
	convert_shape_free(&shape);
	buf_free(&text);
	if (sink) {
		if (kept.len)
			rec.kept = buf_detach(&kept);
		sink->game(sink->ctx, c, g, &rec);
	}
	converted_free(&rec);
	buf_free(&kept);
	posmap_free(&map);
	sgf_notes_free(&notes);
}

/* Whether lint mode checks doc in place: SGF, UGF/UGI, GIB or NGF text
 * (the loader named it in a foreign-format finding), not too large, or an
 * OGS game record the loader found nothing in. */
static bool checked_in_place(struct document *doc)
{
	if (doc->io_failed || !doc->text)
		return false;
	if (doc->parsed) {
		if (doc->diags.len || doc->streamed)
			return false;
		return document_record(doc)->convertible;   /* OGS, SGF-in-JSON */
	}
	bool named = false;
	for (size_t i = 0; i < doc->diags.len; i++) {
		if (doc->diags.items[i].rule != &rule_foreign_format)
			return false;
		named = true;
	}
	return named && sniff_text(doc->text, doc->len) != TEXT_OTHER;
}

/* The findings of c's games (read from doc), each game's record given to
 * sink when there is one; out's document is the text shown. foreign: the
 * foreign-format finding of an input asked to be JGF (not_jgf), or NULL. */
static size_t check_games(struct checked *out, struct conversion *c, struct document *doc,
			  const struct check_request *req, struct buf *bugs,
			  const struct conversion_sink *sink, const char *foreign, bool repairs)
{
	*out = (struct checked){ .doc = *doc, .read_as = c->format };
	*doc = (struct document){ 0 };
	struct document *d = &out->doc;
	/* foreign-format: it is read here; SGF-in-JSON's findings of JSON
	 * (none on a record that reads) are the document's */
	bool json = !c->text && !c->plain;
	if (!json) {
		diag_list_free(&d->diags);
		/* The games are read from c's text (the input's own bytes when
		 * they read as themselves: taken already), or were read whole:
		 * the input's bytes are not needed again, and holding them
		 * beside it kept a collection twice. */
		free(d->text);
		locator_free(d->loc);
		d->text = NULL;
		d->loc = NULL;
		json_put_deep(d->root, d->depth);   /* an OGS record's: plain is what is shown */
		d->root = NULL;
		d->parsed = false;
	}
	/* Shown as decoded (the source's lines, in UTF-8): the text SGF's games
	 * are read from as they are converted. SGF-in-JSON: the JSON itself. */
	char *shown = c->text ? c->text : c->plain ? c->plain : d->text;
	size_t shown_len = c->text ? c->text_len : c->plain ? c->plain_len : d->len;
	struct in_place p = { .text = shown, .len = shown_len, .sgf = c->text,
			      .games = c->games.len, .ls = req->settings,
			      .src = d->path, .bugs = bugs, .sink = sink, .repairs = repairs };
	p.loc = json ? d->loc : locator_new(shown, shown_len, 0);
	if (json)
		p.found = d->diags, d->diags = (struct diag_list){ 0 };
	if (foreign && json)
		diag_ptr(&p.found, &rule_foreign_format, "", false, "%s", foreign);
	else if (foreign)
		diag_at(&p.found, &rule_foreign_format, 0, NULL, "%s", foreign);
	notes_found(&p, &c->notes);
	for (size_t g = 0; g < c->games.len; g++)
		check_game(&p, c, g);
	if (p.sgf)   /* what baselines match */
		sgf_places(&p.found, shown, shown_len);
	/* The document is the decoded text now, its locator the one used. */
	if (c->text) {
		if (c->next)
			sgf_stream_free(&c->stream);
		c->next = 0;
		c->games.len = 0;
		c->text = NULL;
	} else {
		c->plain = NULL;
	}
	conversion_free(c);
	if (!json) {
		d->text = shown;
		d->len = shown_len;
		d->body = 0;
		d->loc = p.loc;
	}
	d->diags = p.found;
	settings_apply(req->settings, &d->diags);
	document_locate(d);
	return p.nbugs;
}

/* check_games; with offer, a check of SGF marks what --fix repairs (its
 * findings carry the fixes --fix places in the file's bytes, as for JGF):
 * not a .jgf that holds SGF (--fix leaves it), nor a --stream line. The
 * bytes are the text when taken; else they are kept to place the fixes in. */
static size_t check_offering(struct checked *out, struct conversion *c, struct document *doc,
			     const struct check_request *req, struct buf *bugs,
			     const struct conversion_sink *sink, const char *foreign, bool repairs,
			     bool offer)
{
	char set[64], *bytes = NULL;
	size_t bytes_len = 0;
	offer = offer && c->text && !named_jgf(doc);
	memcpy(set, c->set, sizeof set);
	if (offer && !c->taken && !sgf_fix_set_writable(set)) {
		*set = '\0';   /* nothing is written in it (UTF-16, several sets) */
	} else if (offer && !c->taken) {
		bytes = doc->text, bytes_len = doc->len;
		doc->text = NULL, doc->len = 0;
	}
	size_t nbugs = check_games(out, c, doc, req, bugs, sink, foreign, repairs || offer);
	if (offer)
		sgf_fix_offer(&out->doc, bytes ? bytes : out->doc.text,
			      bytes ? bytes_len : out->doc.len, set);
	free(bytes);
	return nbugs;
}

size_t conversion_check_held(struct checked *out, struct document *doc,
			     const struct check_request *req, struct buf *bugs, bool line,
			     bool repairs)
{
	if (!req->fix)
		conversion_no_game(doc);
	if (req->fix && !line && checked_in_place(doc) && sniff_text(doc->text, doc->len) == TEXT_SGF &&
	    !named_jgf(doc))
		return sgf_fix_in_place(out, doc, req, bugs);
	if (req->fix || !checked_in_place(doc)) {
		check_document(out, doc, req);
		return 0;
	}
	char *foreign = named_not_jgf(doc, line);
	struct conversion c;
	read_input(&c, doc, NULL, true, true, true);
	if (!c.games.len && !c.unreadable) {   /* foreign-format says what it is */
		if (c.taken) {   /* doc's text back, as it was */
			size_t skip = c.taken - 1;
			memmove(c.text + skip, c.text, c.text_len + 1);
			memcpy(c.text, "\xEF\xBB\xBF", skip);
			doc->text = c.text;
			doc->len = c.text_len + skip;
			c.text = NULL;
		}
		conversion_free(&c);
		free(foreign);
		check_document(out, doc, req);
		return 0;
	}
	size_t nbugs = check_offering(out, &c, doc, req, bugs, NULL, foreign, repairs,
				      !repairs && !line && !foreign);
	free(foreign);
	return nbugs;
}

bool conversion_check_read(struct conversion *c, struct document *doc, const char *encoding)
{
	if (doc->io_failed)
		return false;
	return read_input(c, doc, encoding, true, true, true);
}

size_t conversion_check_games(struct checked *out, struct conversion *c, struct document *doc,
			      const struct check_request *req, struct buf *bugs,
			      const struct conversion_sink *sink, bool offer)
{
	return check_offering(out, c, doc, req, bugs, sink, NULL, false, offer);
}
