/* inplace: checking in place (inplace_check): the findings of one input,
 * located in the text its games were read from, and with a sink
 * (--convert) each game's record. */
#include "convert/inplace.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/record.h"
#include "convert/conversion_int.h"
#include "convert/convert.h"
#include "convert/decode.h"
#include "convert/named.h"
#include "convert/posmap.h"
#include "convert/sgfedit.h"
#include "convert/sgfplace.h"
#include "convert/sgfround.h"
#include "lint/pipeline.h"
#include "read/scan.h"
#include "read/sniff.h"

/* What a check in place says of a game its findings cannot be of, and of
 * a converter bug, beside the report. */
#define SAY_NOT_CHECKED "game %zu was not checked: %s"
#define SAY_NOT_CHECKED_OVER "game %zu was not checked: converting and checking it would " \
	"take more than the %s memory budget (--max-memory): it has more than %zu nodes"
#define SAY_NOT_CHECKED_DEEP "game %zu was not checked: its variations nest %zu levels of " \
	"JSON deep, more than the %d jgflint checks"
#define SAY_BUG "jgflint: %s: converter bug: the record game %zu reads as has this finding: " \
	"%s [%s] (please report this)\n"

struct in_place {
	struct diag_list found;
	const char *text;         /* decoded: the lines of the source */
	size_t len;
	bool sgf;                 /* the text is SGF: a finding spans what it names */
	size_t games;             /* how many it holds (a node's name says which when several;
				   * read ahead, those read so far) */
	size_t notes_said;        /* the conversion's notes already found */
	bool fixes_given;         /* one of them gave its fix to its finding (n->fix NULL) */
	struct locator *loc;
	const struct lint_settings *ls;
	const char *src;          /* the input, as messages show it */
	struct buf *bugs;
	size_t nbugs;
	const struct conversion_sink *sink;   /* --convert: each game's record */
	bool repairs;             /* the readers' repairs get their fixes */
	/* A check's (not --fix's rounds, not --convert's): each record is
	 * checked by the rules whose findings are the game's only, which are
	 * all it shows (lint_settings' source_only) */
	bool source_only;
	struct sgf_digest *digest;   /* when not NULL: gets each game as read */
	struct sgf_local *local;     /* when not NULL: each game's nodes as read (the offer's) */
	struct sgf_far far;          /* sgf_span_end's, for the findings of text */
};

/* The byte of the decoded text at pos (its column counts code points):
 * found from the locator's marks, as findings of a game on one long line
 * come in the order its walk meets them (10,000 nested variations: a walk
 * from the last one's byte was 14,000 instructions a finding). */
static size_t offset_of(struct in_place *p, struct sgf_pos pos)
{
	if (!locator_has_line(p->loc, pos.line))
		return 0;
	return locator_offset(p->loc, pos.line, pos.col);
}

static struct diag *found_at(struct in_place *p, const struct rule *rule, struct sgf_pos pos,
			     const char *message)
{
	if (!pos.line)
		return diag_file(&p->found, rule, "%s", message);
	size_t at = offset_of(p, pos);
	struct diag *d = diag_at(&p->found, rule, at, NULL, "%s", message);
	if (p->sgf)
		d->end_offset = sgf_span_end(p->text, p->len, at, &p->far);
	return d;
}

/* A note's finding, its words the finding's now (n->text NULL): read
 * by nothing after (a node's later note counted into them is one of the
 * node's, read before its notes are found). */
static struct diag *note_found(struct in_place *p, struct sgf_note *n)
{
	if (!n->pos.line || !n->text)
		return found_at(p, n->rule, n->pos, n->text);
	size_t at = offset_of(p, n->pos);
	struct diag *d = diag_at_given(&p->found, n->rule, at, n->text);
	n->text = NULL;
	if (p->sgf)
		d->end_offset = sgf_span_end(p->text, p->len, at, &p->far);
	return d;
}

/* A reader's notes that name a rule are findings; the others (the set a
 * byte order mark chose, ...) are no fault of the file. A note's fix
 * becomes its finding's (sgf_fix_attach); returns whether one did. */
static bool notes_found_from(struct in_place *p, struct sgf_notes *notes, size_t from)
{
	bool given = false;
	for (size_t i = from; i < notes->len; i++) {
		struct sgf_note *n = &notes->items[i];
		if (!n->rule)
			continue;
		struct diag *d = note_found(p, n);
		if (p->repairs && n->fix && locator_has_line(p->loc, n->fix_at.line))
			given |= sgf_fix_attach(d, n, p->text, p->len, offset_of(p, n->fix_at),
						n->fix_also ? offset_of(p, n->also_at) : 0);
	}
	return given;
}

static void notes_found(struct in_place *p, struct sgf_notes *notes)
{
	notes_found_from(p, notes, 0);
}

/* The input's notes not found yet: read ahead, they come game by game. */
static void input_notes_found(struct in_place *p, struct conversion *c)
{
	p->fixes_given |= notes_found_from(p, &c->notes, p->notes_said);
	p->notes_said = c->notes.len;
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
		conversion_test_break(&text, &len);
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
	struct lint_settings ls = p->ls ? *p->ls : (struct lint_settings){ .cli = &settings_defaults };
	ls.traced |= ls.positions && ls.traced_in_place;
	ls.source_only = p->source_only;
	check_document(&c, &loaded,
		       &(struct check_request){ p->ls || p->source_only ? &ls : NULL, false, false });
	if (rec) {
		rec->text = c.doc.text;
		rec->len = c.doc.len;
		c.doc.text = NULL;
	}
	/* Its findings are all that is left of the record: its text (3.5
	 * times a UGF record's) is gone before they are placed in the
	 * source, whose lines may be indexed now (issue 71). */
	struct diag_list found = c.doc.diags;
	c.doc.diags = (struct diag_list){ 0 };
	checked_free(&c);
	for (size_t i = 0; i < found.len; i++) {
		struct diag *d = &found.items[i];
		enum record_finding kind = conversion_finding(d);
		if (kind == RECORD_BUG && rec) {
			conversion_say_bug(rec, name, d);
			continue;
		}
		if (kind == RECORD_BUG) {
			buf_printf(p->bugs, SAY_BUG, p->src, g + 1, d->message, d->rule->id);
			p->nbugs++;
			continue;
		}
		if (kind == RECORD_UNCHECKED && rec) {
			conversion_say_unchecked(rec, name, d);
		}
		struct sgf_pos pos = kind == RECORD_SOURCE && d->pointer ?
				     posmap_find(map, d->pointer) : start;
		struct diag *n = kind == RECORD_SOURCE ? found_at(p, d->rule, pos, d->message) :
			found_at(p, d->rule, start, "");
		if (kind == RECORD_UNCHECKED) {
			free(n->message);
			n->message = xasprintf(SAY_NOT_CHECKED, g + 1, d->message);
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
	diag_list_free(&found);
	if (rec && rec->refused) {
		free(rec->text);
		rec->text = NULL;
		rec->len = 0;
	}
}

/* A large game's record text and position map are reserved whole before
 * it is converted: grown by doubling, each left its last block on the
 * heap when it outgrew it into a mapping of its own, resident for nothing
 * beside the game's nodes (a game of one line of 6,767 nodes, the real
 * set's peak). Reserved mapped, what is not written is not resident. */
#define LARGE_GAME_NODES 2048
#define TEXT_A_NODE 64

/* Game g's nodes taken for the offer (sgfround.c's local_of reads the
 * bytes again without them): where the file's first game holds a repair
 * to judge (a reader's note with a fix), each game read whole, the first's
 * digest where it is the only one so far. */
static void local_take(struct in_place *p, const struct conversion *c, const struct sgf_node *game,
		       size_t g, bool whole)
{
	struct sgf_local *l = p->local;
	bool fix = !g && p->fixes_given;   /* (its note's fix NULL now) */
	for (size_t i = 0; !g && i < c->notes.len && !fix; i++)
		fix = c->notes.items[i].fix != NULL;
	l->taken = whole && (g || fix);
	if (!l->taken)
		return;
	sgf_local_game(l, game, g + 1);
	if (!g && c->games.len == 1) {
		l->whole = (struct sgf_digest){ .text = BUF_INIT };
		sgf_digest_game(&l->whole, game);
		l->has_whole = true;
	}
}

/* One game of p's input: what its conversion notes, and the findings of
 * the record it reads as; with a sink, the record goes to it. */
static void check_game(struct in_place *p, struct conversion *c, size_t g)
{
	struct sgf_notes notes = { .reader = &c->notes };   /* (its unclosed values) */
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	struct sgf_game_info info = { { 1, 1 }, false };
	size_t depth = 0, nesting = 0;
	const struct conversion_sink *sink = p->sink;
	const char *name = sink ? sink->name(sink->ctx, c, g) : NULL;
	struct converted rec = { .log = BUF_INIT };
	struct sgf_node *game = conversion_game_at(c, g, &info);
	p->games = c->games.len;   /* the one after g read now, when read ahead */
	input_notes_found(p, c);
	size_t nodes = game ? conversion_count_nodes(game) : 0;
	/* (a line read as converted counts a node a byte at most: its guess, 6) */
	size_t pending = game ? sgf_game_pending(game) : 0;
	size_t guess = c->stream.paused ? nodes - pending + pending / 6 : nodes;
	if (game && p->digest)
		sgf_digest_game(p->digest, game);
	bool over = game && (info.over || nodes > c->games.max_nodes);
	if (p->local && (p->local->taken || !g))
		local_take(p, c, game, g, game && !over && !pending && !c->stream.paused);
	/* The record's shape comes with it, unless it is written (--convert:
	 * what it writes is read as any record is, to the byte) or broken on
	 * purpose (the test hook) */
	struct convert_shape shape = { .tree.tree = SIZE_MAX,
					.whole = game && !over && convert_made_whole(nodes, p->sgf),
					.bare = p->source_only };
	if (game && !over && !shape.whole && nodes >= LARGE_GAME_NODES)
		buf_reserve(&text, guess * TEXT_A_NODE);
	if (game && !over)   /* (a small game's grown 8, 16, 32...: 4 reallocs of 61 nodes) */
		posmap_reserve(&map, guess);
	bool go = game && !over &&
		  convert_record_freeing(game, c->source, &notes, &map, &kept, &text, &depth,
					 &nesting, sink || conversion_breaks_records() ? NULL : &shape);
	sgf_node_free(game);
	input_notes_found(p, c);   /* (a line read as converted: its reader's notes now) */
	posmap_add(&map, "", info.start);
	notes_found(p, &notes);   /* a game that is not Go: sgf-not-go, an error */
	if (sink) {
		/* A note that names no rule is no fault of the file: --convert
		 * says it, a check in place does not. */
		for (size_t i = 0; i < notes.len; i++)
			if (!notes.items[i].rule)
				conversion_print_note(&rec.log, sink->src, &notes.items[i],
					   game && !over && !go && i + 1 == notes.len ? "error" : "note");
		if (go && nesting > CONVERT_FLAT_DEPTH && depth <= JGF_MAX_DEPTH)
			conversion_say_nesting(&rec.log, name, nesting);
		rec.log_notes = rec.log.len;
		rec.errors = game && !over && !go;
	}
	if (over) {
		char have[32], *why;
		conversion_budget_words(have, sizeof have);
		why = xasprintf(SAY_NOT_CHECKED_OVER, g + 1, have, c->games.max_nodes);
		found_at(p, &rule_json_too_large, info.start, why);
		free(why);
		if (sink) {
			conversion_say_over(&rec.log, name, c->games.max_nodes);
			rec.refused = true;
		}
	} else if (go && depth > JGF_MAX_DEPTH) {
		char *why = xasprintf(SAY_NOT_CHECKED_DEEP, g + 1, depth, JGF_MAX_DEPTH);
		found_at(p, &rule_json_depth, info.start, why);
		free(why);
		if (sink) {
			conversion_say_too_deep(&rec.log, name, depth);
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

bool inplace_reads(struct document *doc)
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
			  const struct conversion_sink *sink, const char *foreign, bool repairs,
			  bool source_only, struct sgf_digest *digest, struct sgf_local *local)
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
			      .src = d->path, .bugs = bugs, .sink = sink, .repairs = repairs,
			      .source_only = source_only && !sink,
			      .digest = c->text ? digest : NULL, .local = c->text ? local : NULL };
	p.loc = json ? d->loc : locator_new(shown, shown_len, 0);
	if (json)
		p.found = d->diags, d->diags = (struct diag_list){ 0 };
	if (foreign && json)
		diag_ptr(&p.found, &rule_foreign_format, "", false, "%s", foreign);
	else if (foreign)
		diag_at(&p.found, &rule_foreign_format, 0, NULL, "%s", foreign);
	input_notes_found(&p, c);
	for (size_t g = 0; g < c->games.len; g++)
		check_game(&p, c, g);
	input_notes_found(&p, c);
	if (p.local)
		p.local->unclosed = sgf_notes_have(&c->notes, &rule_sgf_unclosed_value);
	/* what baselines match, and json, SARIF and GitLab say */
	if (p.sgf && !(req->settings && req->settings->no_places))
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

/* The file of doc's text, taken after a UTF-8 byte order mark. */
static char *file_with_bom(const struct document *doc, size_t *len)
{
	char *f = xmalloc(3 + doc->len + 1);
	memcpy(f, "\xEF\xBB\xBF", 3);
	memcpy(f + 3, doc->text, doc->len + 1);
	*len = 3 + doc->len;
	return f;
}

/* check_games; with offer, a check of SGF marks what --fix repairs (its
 * findings carry the fixes --fix places in the file's bytes, as for JGF):
 * not a .jgf that holds SGF (--fix leaves it), nor a --stream line. The
 * bytes are the text when taken; else they are kept to place the fixes in. */
static size_t check_offering(struct checked *out, struct conversion *c, struct document *doc,
			     const struct check_request *req, struct buf *bugs,
			     const struct conversion_sink *sink, const char *foreign, bool repairs,
			     bool offer, struct sgf_digest *digest)
{
	char set[64], *bytes = NULL;
	size_t bytes_len = 0;
	offer = offer && c->text && !named_jgf(doc);
	memcpy(set, c->set, sizeof set);
	if (offer && !sgf_fix_set_writable(set))
		*set = '\0';   /* not its bytes (UTF-16, several sets, escapes: sgfedit) */
	if (offer && !c->taken) {
		bytes = doc->text, bytes_len = doc->len;
		doc->text = NULL, doc->len = 0;
	}
	/* whether the bytes read as themselves (taken), no CA set aside; after
	 * a byte order mark (the bytes offered are the text after it) not known */
	int plain = c->taken > 1 ? -1 :
		    c->taken == 1 && !sgf_notes_have(&c->notes, &rule_charset_mismatch);
	/* The nodes the converter writes and the walk reads again are made
	 * from the values of those before them, and a game's record from the
	 * one before it: 1,024 of each kind, a game of up to some 500 moves
	 * (with 64, a game of 60 moves made half its objects anew: 15% of
	 * checking a collection). The thread's, when it has one (jgflint's
	 * run, file after file): one made for each file and freed with its
	 * values was 6% of checking the SGF files of testdata/, each a
	 * few games (32 KB cleared by calloc, the values made again). */
	bool encoding = req->settings && req->settings->cli->encoding;
	struct sgf_local *local = offer && plain == 1 && !encoding ? xcalloc(1, sizeof *local) : NULL;
	struct dom_pool *pool = dom_pool_in_use() ? NULL : dom_pool_new(1024);
	struct dom_pool *was = pool ? dom_pool_use(pool) : NULL;
	size_t nbugs = check_games(out, c, doc, req, bugs, sink, foreign, repairs || offer, !repairs,
				   digest, local);
	if (pool) {
		dom_pool_use(was);
		dom_pool_free(pool);
	}
	/* Bytes of several sets (or UTF-16): why no fix is written in them,
	 * decoded once for the offer and the bytes kept below. */
	bool unwritable = offer && !*set;
	if (unwritable)
		decode_sgf_unwritable_keep(true);
	if (offer)   /* the check's text, the guard's reading when no --encoding chose it */
		sgf_round_offer(&out->doc, bytes ? bytes : out->doc.text,
				bytes ? bytes_len : out->doc.len, set,
				encoding ? NULL : &(struct sgf_read_as){ out->doc.text, out->doc.len, plain, local });
	sgf_local_free(local);
	if (offer && !bytes && c->taken > 1)   /* the file's bytes after its BOM */
		sgf_fix_moved(&out->doc, c->taken - 1);
	if (offer && out->doc.diags.len && !bytes && c->taken == 4 && out->doc.text)
		bytes = file_with_bom(&out->doc, &bytes_len);
	if (offer && out->doc.diags.len && bytes)   /* where its findings are in it */
		out->doc.file = sgf_file_kept(bytes, bytes_len, set), bytes = NULL;
	if (unwritable)
		decode_sgf_unwritable_keep(false);
	free(bytes);
	return nbugs;
}

size_t inplace_check(struct checked *out, struct document *doc, const struct inplace_request *req)
{
	char *foreign = named_not_jgf(doc, req->line);
	struct conversion c;
	/* A long line read as it is checked: not where the tree is read whole
	 * anyway (a digest, --fix's rounds) or the record written on purpose
	 * broken (the test hook), nor a --stream line */
	bool line = !req->repairs && !req->digest && !req->line && !conversion_breaks_records();
	/* its records made bare exactly where check_game makes them so: a
	 * shape (no sink here, no test hook) of source_only (check_offering's
	 * !repairs); a --stream line and a .jgf holding UGF alike, whose
	 * records are the same */
	bool bare = !req->repairs && !conversion_breaks_records();
	conversion_read_ahead(&c, doc, req->settings ? req->settings->cli->encoding : NULL,
			      line ? LARGE_GAME_NODES : 0, bare);
	if (req->set)
		memcpy(req->set, c.set, sizeof c.set);
	struct check_request lint = { .settings = req->settings };
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
		check_document(out, doc, &lint);
		return 0;
	}
	size_t nbugs = check_offering(out, &c, doc, &lint, req->bugs, NULL, foreign, req->repairs,
				      !req->repairs && !req->line && !foreign, req->digest);
	free(foreign);
	return nbugs;
}

bool conversion_check_read(struct conversion *c, struct document *doc, const char *encoding)
{
	if (doc->io_failed)
		return false;
	return conversion_read_input(c, doc, encoding, true, true, true);
}

size_t conversion_check_games(struct checked *out, struct conversion *c, struct document *doc,
			      const struct check_request *req, struct buf *bugs,
			      const struct conversion_sink *sink, bool offer)
{
	return check_offering(out, c, doc, req, bugs, sink, NULL, false, offer, NULL);
}
