/* dupread: the games of one input, whatever its format, into a dup_set. */
#include "dup/dupread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "convert/conversion.h"
#include "convert/convert.h"
#include "convert/named.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "core/record.h"
#include "read/scan.h"

/* A game of another format, through the one mapping --convert uses, so
 * that a game and the record --convert makes of it are read alike: the
 * record made as a DOM, as the check in place makes it, with no text. */
static bool read_converted(struct dup_game *g, const struct sgf_node *root, const char *source)
{
	struct sgf_notes notes = { 0 };
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	struct convert_shape shape = { .tree.tree = SIZE_MAX, .whole = true };
	size_t depth = 0, nesting = 0;
	bool go = convert_record(root, source, &notes, &map, &kept, &text, &depth, &nesting,
				 &shape);
	if (go && depth <= JGF_MAX_DEPTH) {
		dup_game_from_jgf(g, shape.head);
	} else {
		g->readable = false;
		snprintf(g->why, sizeof g->why, "%s", go ? "its variations nest too deeply"
			 : notes.len ? notes.items[notes.len - 1].text : "it is not a game of Go");
	}
	json_put_deep(shape.head, depth);   /* variations past a first empty node stay */
	shape.head = NULL;
	convert_shape_free(&shape);
	buf_free(&text);
	buf_free(&kept);
	posmap_free(&map);
	sgf_notes_free(&notes);
	return g->readable;
}

/* A node of the property tree, read as dup_game_from_jgf reads the
 * record's (its move, a pass as [] or, up to 19x19, [tt]; its comments
 * after it), onto the main line or, g->in_var, the variations. False
 * where the converter would repair or keep aside what is read otherwise:
 * setup, markup, two moves, a move that is no point of the board. */
static bool read_node(struct dup_game *g, const struct sgf_node *n)
{
	bool moved = false, commented = false;
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		const struct sgf_propdef *d = sgf_prop_def(p->id);   /* the one table's row */
		enum sgf_kind kind = d ? d->kind : SGF_K_KEPT;
		if (kind == SGF_K_COMMENT) {   /* read after the node's move, as the record's */
			commented = true;
			continue;
		}
		/* setup, and markup (read as the record gives it: the mapping
		 * reads lists, labels and FF[3]'s L) */
		if (kind == SGF_K_SETUP || kind == SGF_K_MARK || kind == SGF_K_LABEL ||
		    kind == SGF_K_OLD_LABEL || kind == SGF_K_CUSTOM_MARK)
			return false;
		/* arrows, lines, dimmed points: marks the record keeps under
		 * meta.sgf, which dup_game_from_jgf reads (REVIEW.md R170) */
		if (kind == SGF_K_KEPT && d && (d->type == SGF_T_LINES || !strcmp(d->id, "DD")))
			return false;
		if (kind != SGF_K_MOVE)
			continue;
		if (moved || p->nvals != 1)
			return false;
		moved = true;
		const struct sgf_value *v = &p->vals[0];
		int x = -1, y = -1;
		bool pass = sgf_move_pass(v->raw, v->len, g->width, g->height);
		if (!pass && !(sgf_point_of(v->raw, v->len, &x, &y) && x < g->width && y < g->height))
			return false;
		dup_game_add_move(g, !strcmp(d->entry, "white"), pass ? -1 : x, y);
	}
	for (uint32_t i = 0; commented && i < n->nprops; i++) {
		const struct sgf_propdef *d = sgf_prop_def(n->props[i].id);
		for (uint32_t j = 0; d && d->kind == SGF_K_COMMENT && j < n->props[i].nvals; j++) {
			char *text = sgf_text_of(&n->props[i].vals[j], false);
			dup_game_comment(g, text, strlen(text));
			free(text);
		}
	}
	g->comments += commented && !g->in_var;
	return true;
}

/* A variation off the main line (its first node v), its moves between
 * dup_game_var_open and dup_game_var_close, the variations off it nested
 * so, each before the line it continues on, as dup_game_from_jgf reads
 * a record's; by a stack of its own (a tree can nest deep). False, as
 * read_node, and for a node without properties (the record may leave a
 * variation of empty nodes out). */
static bool read_variation(struct dup_game *g, const struct sgf_node *v)
{
	enum { NODE, OPEN, CLOSE };
	struct step { int what; const struct sgf_node *n; } *todo = NULL;
	size_t n = 0, cap = 0;
	bool ok = true;
	g->in_var = true;
	todo = xgrow(todo, &cap, 3, sizeof *todo);
	todo[n++] = (struct step){ CLOSE, NULL };
	todo[n++] = (struct step){ NODE, v };
	todo[n++] = (struct step){ OPEN, NULL };
	while (n && ok) {   /* popped last pushed first */
		struct step st = todo[--n];
		if (st.what != NODE) {
			if (st.what == OPEN)
				dup_game_var_open(g);
			else
				dup_game_var_close(g);
			continue;
		}
		ok = st.n->nprops && read_node(g, st.n);
		todo = xgrow(todo, &cap, n + 3 * st.n->nkids + 1, sizeof *todo);
		if (st.n->nkids)   /* the line it continues on last, each variation before */
			todo[n++] = (struct step){ NODE, st.n->kids[0] };
		for (uint32_t k = st.n->nkids; k-- > 1;) {
			todo[n++] = (struct step){ CLOSE, NULL };
			todo[n++] = (struct step){ NODE, st.n->kids[k] };
			todo[n++] = (struct step){ OPEN, NULL };
		}
	}
	g->in_var = false;
	free(todo);
	return ok;
}

/* The main line after the root, read from the property tree as
 * dup_game_from_jgf reads it from the record --convert makes of the game,
 * without making the record: a game's record costs five times the
 * reading of its moves (issue 41's 100,000 games); with variations, each
 * where it branches (a problem collection's solutions: converted whole,
 * five times the CPU). False where the record would read otherwise
 * (read_node, read_variation), and at a first variation that begins with
 * an empty node (the record leaves out a variation of empty nodes).
 * Every other property of a node leaves the record's move, setup and
 * comments as they are: game information outside the root goes under
 * meta. */
static bool main_line(struct dup_game *g, const struct sgf_node *root, bool variations)
{
	for (const struct sgf_node *n = root; n->nkids;) {
		if (n->nkids > 1 && !n->kids[0]->nprops)
			return false;
		for (uint32_t k = 1; variations && k < n->nkids; k++)
			if (!read_variation(g, n->kids[k]))
				return false;
		n = n->kids[0];
		if (!read_node(g, n))
			return false;
	}
	return true;
}

/* Hides the variations after the first child of each node of the main
 * line, as far as that first child has properties (a first variation
 * without them the record may leave out: from there on the tree stays as
 * it is); the record's main line, all that is read of it, is the same
 * without them. A collection with one unclosed parenthesis makes every
 * game after it a variation of its game: converted whole, 1.3 MB of real
 * games took 350 MB. Returns each node's nkids (*n of them) for
 * show_variations. */
static uint32_t *hide_variations(struct sgf_node *root, size_t *n)
{
	uint32_t *saved = NULL;
	size_t len = 0, cap = 0;
	for (struct sgf_node *node = root; node->nkids && node->kids[0]->nprops;
	     node = node->kids[0]) {
		saved = xgrow(saved, &cap, len + 1, sizeof *saved);
		saved[len++] = node->nkids;
		node->nkids = 1;
	}
	*n = len;
	return saved;
}

static void show_variations(struct sgf_node *root, const uint32_t *saved, size_t n)
{
	struct sgf_node *node = root;
	for (size_t i = 0; i < n; node = node->kids[0], i++)
		node->nkids = saved[i];
}

/* A game of the property tree: its root through --convert's mapping (the
 * players, date, result, event, board size and setup as its record has
 * them), its main line read by main_line, or, where that cannot, the
 * main line through the mapping (its variations hidden); a game with
 * variations off its main line of at most VARIATION_NODES nodes in all,
 * through the mapping whole, so that they are compared; the variations
 * counted. */
static bool read_main(struct dup_game *g, struct sgf_node *root, const char *source,
		      bool variations);

/* The most nodes a game with variations has whose variations are read and
 * compared (a problem collection's tree, a commented game's): a larger
 * tree (a collection whose unclosed parenthesis made every later game a
 * variation, 1.3 MB of real games 350 MB converted whole) is read by its
 * main line, its variations said not compared. */
#define VARIATION_NODES 20000

/* The nodes of the tree at root, counted up to limit + 1. */
static size_t tree_nodes(const struct sgf_node *root, size_t limit)
{
	size_t n = 0;
	const struct sgf_node **todo = NULL;
	size_t len = 0, cap = 0;
	todo = xgrow(todo, &cap, 1, sizeof *todo);
	todo[len++] = root;
	while (len && n <= limit) {
		const struct sgf_node *x = todo[--len];
		n++;
		todo = xgrow(todo, &cap, len + x->nkids, sizeof *todo);
		for (uint32_t k = 0; k < x->nkids; k++)
			todo[len++] = x->kids[k];
	}
	free(todo);
	return n;
}

static bool read_game(struct dup_game *g, struct sgf_node *root, const char *source)
{
	size_t branches = 0;
	for (const struct sgf_node *n = root; n->nkids; n = n->kids[0])
		branches += n->nkids - 1;
	bool whole = branches && tree_nodes(root, VARIATION_NODES) <= VARIATION_NODES;
	bool read = read_main(g, root, source, whole);
	g->variations = branches;   /* the tree's, not the record's (whose variations
				     * may be hidden, or a first empty one left out) */
	g->vars_unknown = branches && !whole;
	return read;
}
static bool read_main(struct dup_game *g, struct sgf_node *root, const char *source,
		      bool variations)
{
	uint32_t nkids = root->nkids;
	root->nkids = 0;
	bool read = read_converted(g, root, source);
	root->nkids = nkids;
	if (!read || main_line(g, root, variations))
		return read;
	bool signatures = g->signatures;
	dup_game_free(g);
	g->signatures = signatures;
	if (variations)   /* the whole tree, as the record reads it */
		return read_converted(g, root, source);
	size_t n;
	uint32_t *saved = hide_variations(root, &n);
	read = read_converted(g, root, source);
	show_variations(root, saved, n);
	free(saved);
	return read;
}

static void skipped(struct buf *log, const char *name, size_t game, size_t count,
		    const char *why)
{
	if (count > 1)
		buf_printf(log, "%s: game %zu: not read: %s\n", name, game + 1, why);
	else
		buf_printf(log, "%s: not read: %s\n", name, why);
}

/* Game index of a file of count games (2: of more than one, the number
 * not yet known) to add, or its line in log; frees g. 1 when added. */
static size_t hand_on(dup_sink *add, void *ctx, struct dup_game *g, bool read, const char *name,
		      size_t index, size_t count, const char *format, struct buf *log)
{
	if (read)
		add(ctx, g, name, index, count, format);
	else
		skipped(log, name, index, count, g->why);
	dup_game_free(g);
	return read;
}

static void to_set(void *ctx, const struct dup_game *g, const char *name, size_t index,
		   size_t count, const char *format)
{
	dup_set_add(ctx, g, name, index, count, format);
}

size_t dup_read_document(struct dup_set *s, struct document *doc, const char *name,
			 const char *encoding, struct buf *log)
{
	return dup_read_games(to_set, s, dup_set_keys(s), doc, name, encoding, log);
}

/* What the check says first of a file it reads nothing of: its first
 * error (json-bom's warning comes before a blank .jgf's "empty file"). */
static const char *first_error(const struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].severity == SEV_ERROR)
			return doc->diags.items[i].message;
	return doc->diags.items[0].message;
}

/* A JGF record: its one game, or why it is not read. */
static size_t read_jgf(dup_sink *add, void *ctx, bool signatures, struct document *doc,
		       const char *name, struct buf *log)
{
	struct dup_game g;
	size_t added = 0;
	dup_game_init(&g);
	g.signatures = signatures;
	dup_game_from_jgf(&g, doc->root);
	json_object *meta, *ngf;
	if (g.readable && json_object_object_get_ex(doc->root, "meta", &meta) &&
	    json_object_object_get_ex(meta, "ngf", &ngf))
		dup_game_ngf_placeholders(&g);   /* a record --convert made of NGF */
	if (g.readable) {
		dup_game_normalise(&g);
		add(ctx, &g, name, 0, 1, "JGF");
		added++;
	} else {
		skipped(log, name, 0, 1, g.why);
	}
	dup_game_free(&g);
	return added;
}

/* Why a file gave no game. */
static const char *why_no_game(struct document *doc, const struct conversion *c,
			       const struct record_info *rec)
{
	/* after a byte order mark, as the check reads it */
	size_t body = doc->text && doc->body <= doc->len ? doc->body : 0;
	size_t lead = doc->text ? body + strspn(doc->text + body, " \t\r\n") : 0;
	bool json_like = lead < doc->len && (doc->text[lead] == '{' || doc->text[lead] == '[');
	/* A file of none of the formats: what the check says of it
	 * (sgf-no-game-tree's "it is empty", "it holds only a byte order
	 * mark"; a .jgf's json-syntax "empty file"), not a list of the
	 * formats it is none of */
	bool said = !doc->parsed && !c->format && doc->diags.len &&
		    (conversion_no_game(doc) || lead == doc->len);
	/* A UGZ file not inflated, or not read by this build: why */
	return c->unreadable && c->notes.len ? c->notes.items[c->notes.len - 1].text
	       : c->why_not ? c->why_not
	       : c->format ? "no game found in it"
	       : doc->parsed && rec->what ? rec->what
	       : said ? first_error(doc)
	       : !doc->parsed && json_like ? "it is not valid JSON (`jgflint FILE` says where; "
					     "`jgflint --fix FILE` repairs what it can)"
	       : "not JGF, SGF, SGF-in-JSON, UGF/UGI, UGZ, GIB or NGF";
}

size_t dup_read_games(dup_sink *add, void *ctx, bool signatures, struct document *doc,
		      const char *name, const char *encoding, struct buf *log)
{
	size_t added = 0;
	if (doc->io_failed) {
		buf_printf(log, "%s: not read: %s\n", name,
			   doc->diags.len ? doc->diags.items[0].message : "it cannot be read");
		return 0;
	}
	struct record_info rec = { 0 };
	if (doc->parsed)
		record_classify(doc->root, &rec);
	if (doc->parsed && rec.dialect == DIALECT_JGF)
		return read_jgf(add, ctx, signatures, doc, name, log);
	struct conversion c;
	bool read = conversion_read_streaming(&c, doc, encoding);
	/* A game is handed on when the next is read (or the file ends): an SGF
	 * collection is not counted first, and a game is named by its number
	 * only in a file of several. */
	struct dup_game g, last;
	bool held = false, last_read = false;
	size_t i = 0;
	for (; read; i++) {
		struct sgf_node *root;
		bool end = false;
		if (c.streamed)
			root = conversion_next_game(&c, &end);
		else if (i < c.games.len)
			root = conversion_take_game(&c, i);
		else
			break;
		if (end)
			break;
		dup_game_init(&g);
		g.signatures = signatures;
		bool ok = false;
		if (!root)
			snprintf(g.why, sizeof g.why, "it is larger than the memory budget");
		else if ((ok = read_game(&g, root, c.source))) {
			if (!strcmp(c.format, "NGF"))
				dup_game_ngf_placeholders(&g);
			dup_game_normalise(&g);
		}
		sgf_node_free(root);
		if (held)
			added += hand_on(add, ctx, &last, last_read, name, i - 1, 2, c.format, log);
		last = g;
		last_read = ok;
		held = true;
	}
	if (held)
		added += hand_on(add, ctx, &last, last_read, name, i - 1, i, c.format, log);
	if (!held)
		skipped(log, name, 0, 1, why_no_game(doc, &c, &rec));
	conversion_free(&c);
	return added;
}
