/* convert: SGF properties (FF[1]-FF[4], GM[1]) to JGF v2. Root properties
 * fill the record's sections (rootprops.c); node properties become moves,
 * setup, turn, comments, names, markup and score (nodeprops.c). A value JGF
 * cannot hold as it is goes to meta.sgf with a note (keep.c); values are
 * read (sgfvalue.c) and checked against the grammars the linter applies,
 * so that the record is clean. This file assembles the record: its
 * sections, then its tree, written as it is converted (convtree.c, its
 * nodes' text nodejson.c and plainmove.c); posmap.c maps its pointers to
 * the source. */
#include "convert/convert.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "convert/conv.h"
#include "convert/convtree.h"
#include "convert/inforepair.h"
#include "convert/keep.h"
#include "convert/nodejson.h"
#include "convert/nodeprops.h"
#include "convert/rootprops.h"
#include "convert/say.h"
#include "convert/sgfprops.h"
#include "convert/sgfrules.h"
#include "convert/sgfvalue.h"
#include "read/load.h"
#include "read/scan.h"
#include "core/catalog.h"

/* What the record's assembly says (convert/say.h). */
#define SAY_NOT_GO &rule_sgf_not_go, "GM[%lld] is not Go (GM[1]): this game is not read"
#define SAY_KEPT_VALUES "more than one value"   /* note_kept's words (keep.c) */

/* The record's text: its sections as json-c writes them (indented), then
 * the tree written node by node, which out holds (and keeps: a long game's
 * tree is not copied); *depth gets the sections' JSON nesting. rec is
 * freed, or with a shape kept as its head, and the tree's spans (from the
 * tree's text, first the tree's own, of nodes) moved past the head; or
 * with a shape asked whole, rec gets the tree, nodes's DOM, and no text. */
static void write_record(struct buf *out, json_object *rec, size_t *depth,
			 struct convert_shape *shape, const struct seq *nodes)
{
	int unused[4] = { 0 };
	*depth = node_extent(rec, unused);
	if (nodes->array) {   /* the record whole, no text */
		dom_add_literal(rec, "tree", nodes->array);
		shape->head = rec;
		return;
	}
	size_t count = nodes->count;
	size_t len;
	/* json-c keeps the text it writes with the object written, until that
	 * is freed: a head kept for the lint (shape) is written from a copy of
	 * its members, whose text goes with the copy (a [Figure] of a comment
	 * a move, kept under meta, as large as the record: its text was held
	 * through the record's check) */
	json_object *written = rec;
	if (shape) {
		written = dom_object();
		json_object_object_foreach(rec, key, val)
			dom_add(written, key, json_object_get(val));
	}
	const char *json = dom_json(written, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
				    JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	while (len && json[len - 1] != '}')   /* "{\n  ...\n}": the tree goes before the } */
		len--;
	if (len)
		len--;
	while (len && (json[len - 1] == '\n' || json[len - 1] == ' '))
		len--;
	/* The head escaped straight into its place before the tree's text (a
	 * copy of it beside json-c's and out was the peak of such a record) */
	static const char open[] = ",\n  \"tree\": [", tail[] = "\n  ]\n}\n";
	size_t head = json_escape_invisible(NULL, json, len) + sizeof open - 1;
	size_t tree = out->len;
	buf_reserve(out, head + sizeof tail);
	memmove(out->data + head, out->data, tree);
	char first = out->data[head];   /* the tree's, which the head's NUL goes on */
	out->len = 0;   /* (within its room: the tree's text stays) */
	json_escape_invisible(out, json, len);
	buf_adds(out, open);
	out->data[head] = first;
	out->len = head + tree;
	buf_adds(out, tail);
	if (written != rec)
		json_object_put(written);   /* its text with it */
	if (shape) {
		dom_add_literal(rec, "tree", dom_array());
		shape->head = rec;
		struct scan_tree *t = &shape->tree;
		if (head + tree + sizeof tail >= UINT32_MAX)
			die_oom();
		for (size_t i = 1; i < t->len; i++) {
			t->seqs[i].start += (uint32_t)head;
			t->seqs[i].end += (uint32_t)head;
		}
		/* its `]` after the tree's text and a line break and indent */
		t->seqs[0] = (struct scan_seq){ .start = (uint32_t)head - 1,
						.end = (uint32_t)(head + tree + 4),
						.count = (uint32_t)count, .after = (uint32_t)t->len };
		t->tree = 0;
	} else {
		json_object_put(rec);
	}
}

/* A DOM holds about 2 KB a node (json-c's tables of 16 members); a
 * streamed record one node's at a time, and a node that is a move with
 * its comments, labels and marks is written without a DOM and read once.
 * Streamed from 65 nodes (bench/sgfc.sh, issue 52): 100 games of 300
 * nodes 23% fewer instructions than made whole, the SGF set 1.3% more
 * (a tree of deep variations, setup in its nodes, costs 33% more); the
 * set's peak 260 KB lower, such a game's 400 KB. */
#define WHOLE_MAX_NODES 64

bool convert_made_whole(size_t nodes, bool sgf)
{
	size_t min = load_stream_min(false);   /* SIZE_MAX: the hook is not set */
	if (!sgf)
		return false;
	if (min != SIZE_MAX)
		return min > 1;   /* the test hook: 0 streams all, 2G none */
	return nodes <= WHOLE_MAX_NODES;
}

void convert_shape_free(struct convert_shape *shape)
{
	json_object_put(shape->head);
	scan_tree_free(&shape->tree);
	*shape = (struct convert_shape){ .tree.tree = SIZE_MAX };
}


/* A new record: its record and game sections, then the others in the
 * order of the spec (empty ones go at the end). */
static json_object *new_record(void)
{
	json_object *rec = dom_object();
	json_object *record = record_section(rec, "record");
	dom_add_literal(record, "format", dom_string("JGF"));
	dom_add_literal(record, "version", dom_int(2));
	dom_add_literal(record, "charset", dom_string("UTF-8"));
	dom_add_literal(record, "generator",
			       dom_string("jgflint " PACKAGE_VERSION " --convert"));
	json_object *game = record_section(rec, "game");
	dom_add_literal(game, "type", dom_string("go"));
	record_section(rec, "players");
	return rec;
}

/* The root's properties into rec's sections (rootprops.c), what has no
 * place in them kept; the board section, returned, from SZ. */
static json_object *root_sections(struct conv *c, const struct sgf_node *root, json_object *rec)
{
	json_object *board = dom_object();
	const struct sgf_prop *sz = sgf_prop_find(root, "SZ");
	if (!board_size_of(c, sz, board))
		keep_root(c, sz);
	json_object *black = dom_object(), *white = dom_object();
	dom_add_literal(black, "color", dom_string("black"));
	dom_add_literal(white, "color", dom_string("white"));
	/* What ranks and KO are read with: who the record comes from, and KM. */
	c->has_km = root_has_km(root);
	c->pro_source = names_pro_body(root, c->source, &c->pro_event);
	for (size_t i = 0; i < root->nprops; i++) {
		const struct sgf_prop *p = &root->props[i];
		if (!strcmp(p->id, "SZ") || !strcmp(p->id, "VW") || !is_root_info(p->id))
			continue;
		if (!p->nvals || !root_property(c, rec, p, black, white))
			keep_root(c, p);
		else if (p->nvals > 1)
			note_kept(c, p, SAY_KEPT_VALUES);
	}
	json_object *players = dom_array();
	if (json_object_object_length(black) > 1 || json_object_object_length(white) > 1) {
		dom_push(players, black);
		dom_push(players, white);
	} else {
		json_object_put(black);
		json_object_put(white);
	}
	dom_add_literal(rec, "players", players);
	dom_add_literal(rec, "board", board);
	return board;
}

/* After the tree's walk: the sections that stayed empty dropped, and what
 * was kept put under meta.SOURCE. */
static void close_sections(struct conv *c, json_object *rec)
{
	json_object *players = json_object_object_get(rec, "players");
	if (!json_object_array_length(players))
		json_object_object_del(rec, "players");
	static const char *const sections[] = { "source", "event", "rules", NULL };
	for (const char *const *s = sections; *s; s++) {
		json_object *o;
		if (json_object_object_get_ex(rec, *s, &o) && !json_object_object_length(o))
			json_object_object_del(rec, *s);
	}
	if (json_object_object_length(c->meta_nodes))
		dom_add_literal(c->meta, "nodes", c->meta_nodes);
	else
		json_object_put(c->meta_nodes);
	if (json_object_object_length(c->meta)) {
		json_object *meta = dom_object();
		dom_add(meta, c->source, c->meta);
		dom_add_literal(rec, "meta", meta);
	} else {
		json_object_put(c->meta);
	}
}

/* convert_record; with freed (root itself), its first line freed behind. */
static bool convert_with(const struct sgf_node *root, struct sgf_node *freed, const char *source,
			 struct sgf_notes *notes, struct posmap *map, struct buf *kept,
			 struct buf *out, size_t *depth, size_t *nesting, struct convert_shape *shape)
{
	struct conv c = { .notes = notes, .map = map, .kept = kept, .source = source, .out = out,
			  .json_depth = 3, .extent = { INT_MAX, INT_MAX, INT_MIN, INT_MIN },
			  .game = freed };
	if (shape) {
		bool whole = shape->whole, bare = shape->bare;
		*shape = (struct convert_shape){ .tree.tree = SIZE_MAX, .whole = whole, .bare = bare };
		c.bare = bare;
		c.seqs = whole ? NULL : &shape->tree;
		c.tight = !whole;
	}
	const struct sgf_prop *gm = sgf_prop_find(root, "GM");
	long long game_type;
	if (gm && sgf_number_of(&gm->vals[0], &game_type) && game_type != 1) {
		sgf_say(notes, gm->pos, SAY_NOT_GO, game_type);
		return false;
	}
	size_t notes_from = notes->len;   /* the root's (its annotations' said here) */
	bool sgf = !strcmp(source, "sgf");
	if (sgf)
		sgf_rules_check(root, notes, c.rules_size);
	/* A line read as it is converted: its later nodes' notes as if checked
	 * with the others, before the conversion's */
	size_t late_at = notes->len;
	c.rules_late = sgf && freed && sgf_game_pending(freed);
	c.late.bare = notes->bare;
	json_object *rec = new_record();
	c.meta = dom_object();
	c.meta_nodes = dom_object();
	json_object *board = root_sections(&c, root, rec);
	struct unheld_plan unheld;
	json_object *rules, *km;   /* the komi, which --to sgf writes as KM */
	bool has_komi = json_object_object_get_ex(rec, "rules", &rules) &&
			json_object_object_get_ex(rules, "komi", &km);
	double komi = has_komi ? json_object_get_double(km) : 0;
	root_unheld_plan(&c, root, notes_from, has_komi ? &komi : NULL, &unheld);
	buf_adds(&c.ptr, "/tree");
	struct seq seq = { 0, 1, shape && shape->whole ? dom_array() : NULL, posmap_tree(map) };
	convert_tree(&c, root, &seq);
	root_unheld_attach(&c, &unheld, notes_from);
	sgf_notes_insert(notes, late_at, &c.late);
	buf_free(&c.ptr);
	buf_free(&c.unknown);
	const struct sgf_prop *vw = sgf_prop_find(root, "VW");
	if (vw)
		board_view(&c, vw, board);   /* before meta is assembled: it may keep VW */
	close_sections(&c, rec);
	write_record(out, rec, depth, shape, &seq);
	if (c.deepest > *depth)
		*depth = c.deepest;
	*nesting = c.deepest_variation;
	return true;
}

bool convert_record(const struct sgf_node *root, const char *source, struct sgf_notes *notes,
		    struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		    size_t *nesting, struct convert_shape *shape)
{
	return convert_with(root, NULL, source, notes, map, kept, out, depth, nesting, shape);
}

bool convert_record_freeing(struct sgf_node *root, const char *source, struct sgf_notes *notes,
			    struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
			    size_t *nesting, struct convert_shape *shape)
{
	return convert_with(root, root, source, notes, map, kept, out, depth, nesting, shape);
}

bool convert_game(struct sgf_node *root, const char *source, struct sgf_notes *notes,
		  struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		  size_t *nesting)
{
	return convert_record_freeing(root, source, notes, map, kept, out, depth, nesting, NULL);
}
