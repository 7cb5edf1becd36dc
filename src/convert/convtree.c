/* convtree: the tree of a converted game, written node by node as it is
 * converted (convtree.h). */
#include "convert/convtree.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/digits.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "convert/keep.h"
#include "convert/nodejson.h"
#include "convert/nodeprops.h"
#include "convert/plainmove.h"
#include "convert/say.h"
#include "convert/sgfprops.h"
#include "convert/sgfrules.h"
#include "core/catalog.h"

/* What the tree's mapping says (convert/say.h). */
#define SAY_MOVE_IN_ROOT &rule_sgf_move_in_root, \
	"a move in the root node: read as the first node after the root; --fix leaves it, " \
	"--convert --to sgf writes it so"
#define SAY_SETUP_WITH_MOVE &rule_sgf_setup_with_move, \
	"setup and a move in one node: the setup read as a node of its own before the move; " \
	"--fix leaves it, --convert --to sgf writes it so"
#define SAY_TURN_WITH_MOVE &rule_sgf_setup_with_move, \
	"PL (setup) and a move of the colour it names in one node: the turn read as a node of " \
	"its own before the move; --fix leaves it, --convert --to sgf writes it so"
#define SAY_EMPTY_NODE &rule_sgf_empty_node, "a node without properties: left out of the record"

/* "/i" added to out: a segment of a node's pointer, two a node (printf's
 * was 3% of a check in place). */
static void add_index(struct buf *out, size_t i)
{
	char d[DIGITS_MAX + 1], *p = digits_before(d + sizeof d, i);
	*--p = '/';
	buf_add(out, p, (size_t)(d + sizeof d - p));
}

static void node_pointer(struct conv *c, const struct seq *seq, struct buf *out)
{
	buf_truncate(out, 0);
	buf_add(out, c->ptr.data, c->ptr.len);
	add_index(out, seq->count);
}

/* Writes node (and frees it) as the next of seq, from pos in the source. */
static void add_node(struct conv *c, struct seq *seq, json_object *node, struct sgf_pos pos)
{
	bool move = json_object_object_get_ex(node, "move", NULL);
	c->moves += move;
	posmap_node_at(c->map, seq->id, seq->count, pos, c->moves, move);
	size_t extent;   /* its nesting, and its points in c->extent */
	if (seq->array) {
		extent = node_extent(node, c->extent);
		dom_push(seq->array, node);
	} else {
		if (seq->count)
			buf_addc(c->out, ',');
		new_line(c, seq->level);
		/* The same values, with no invisible character raw in the record a
		 * terminal (--output -) or an editor shows. */
		size_t mark = c->out->len;
		if (!write_value(c->out, node, c->extent, &extent)) {
			size_t len;
			const char *json = dom_json(node, NODE_FLAGS, &len);
			buf_truncate(c->out, mark);
			json_escape_invisible(c->out, json, len);
			extent = node_extent(node, c->extent);
		}
		dom_give_back(node, extent);
	}
	size_t depth = c->json_depth + extent - 1;
	if (depth > c->deepest)
		c->deepest = depth;
	seq->count++;
}

/* key: a literal, kept by json-c as it is, and one node has not yet (a
 * node's keys are each put once: dom_add_new) */
static void put(json_object *node, const char *key, json_object *v)
{
	if (v)
		dom_add_ex(node, key, v,
			   JSON_C_OBJECT_ADD_CONSTANT_KEY | JSON_C_OBJECT_ADD_KEY_IS_NEW);
}

/* The node about to be added to seq takes its `turn` from n's PL: its
 * place, which a finding about the turn names. */
static void map_turn(struct conv *c, struct seq *seq, const struct sgf_node *n)
{
	const struct sgf_prop *pl = sgf_prop_find(n, "PL");
	if (!pl)
		return;
	struct buf p = BUF_INIT;
	node_pointer(c, seq, &p);
	buf_adds(&p, "/turn");
	posmap_add(c->map, p.data, pl->pos);
	buf_free(&p);
}

/* Where each entry of key (setup, markup) of the node seq is given next
 * was read (the property, node_parts's setup_at, markup_at): a finding of
 * a setup stone, or of an XM's markup type, is placed there, as SGFC
 * places its own. */
static void map_entries(struct conv *c, struct seq *seq, const char *key,
			const struct sgf_pos *at, size_t n)
{
	struct buf p = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		node_pointer(c, seq, &p);
		buf_addc(&p, '/');
		buf_adds(&p, key);
		add_index(&p, i);
		posmap_add(c->map, p.data, at[i]);
	}
	buf_free(&p);
}

/* The times of more than one value read on pt's moves, kept at their
 * moves' nodes: the first move's at index at of the sequence, the
 * second's after it. */
static void keep_move_times(struct conv *c, const struct parts *pt, size_t at)
{
	struct buf p = BUF_INIT;
	for (size_t i = 0; i < pt->nmove_kept && at != SIZE_MAX; i++) {
		buf_truncate(&p, 0);
		buf_add(&p, c->ptr.data, c->ptr.len);
		add_index(&p, at + pt->move_kept[i].second);
		keep_node(c, p.data, pt->move_kept[i].prop);
	}
	buf_free(&p);
}

/* PL beside a move of the other colour says who plays after it (as
 * editors write it: W[mo]PL[B]): taken out of pt, the turn of a node after
 * the move's. Beside its own colour it comes before the move (NULL). */
static json_object *turn_after_move(struct parts *pt)
{
	json_object *last = pt->move2 ? pt->move2 : pt->move;
	if (!pt->turn || !last ||
	    !strcmp(json_object_get_string(pt->turn),
		    json_object_get_string(json_object_object_get(last, "color"))))
		return NULL;
	json_object *after = pt->turn;
	pt->turn = NULL;
	return after;
}

/* The node's setup and turn, mapped: a node of their own, added before
 * the move when there is one (or in the root), else in the node returned,
 * which the move and the rest then join; *pos is that node's place. */
static json_object *setup_node(struct conv *c, struct seq *seq, const struct sgf_node *n,
			       const struct parts *pt, bool root, struct sgf_pos *pos)
{
	struct sgf_pos setup_pos = pt->setup_pos.line ? pt->setup_pos : n->pos;
	json_object *node = dom_object();
	put(node, "setup", pt->setup);
	put(node, "turn", pt->turn);
	if (pt->turn)
		map_turn(c, seq, n);
	/* for the node added next: it holds the setup */
	map_entries(c, seq, "setup", pt->setup_at, pt->nsetup_at);
	*pos = n->pos;
	if ((pt->setup || pt->turn || root) && pt->move) {
		add_node(c, seq, node, setup_pos);
		return dom_object();
	}
	if (pt->setup || pt->turn)
		*pos = setup_pos;
	return node;
}

/* An SGF node that gives an empty JGF node carries nothing: left out.
 * One without properties is said (by the SGF reader: the other readers'
 * own), and its `;` goes when a node follows it, or when it follows a
 * node of its sequence (follows): a variation's only node would leave
 * `()`, none at all. A last one goes too: `;B[];;C[]`, its empty node's
 * and its empty text's fixes made, left `;B[];` (REVIEW.md R42). */
static void drop_empty(struct conv *c, const struct sgf_node *n, json_object *node,
		       bool follows)
{
	json_object_put(node);
	if (n->nprops || strcmp(c->source, "sgf"))
		return;
	sgf_say(c->notes, n->pos, SAY_EMPTY_NODE);
	if (n->nkids || follows)
		sgf_note_fix(c->notes, n->pos, 1, "", false);
}

/* What has no place in JGF (of node n): the root's under meta itself, a node's by
 * pointer (written only for a node that keeps something), the node at
 * index at of the sequence (SIZE_MAX: none was added). */
static void keep_parts(struct conv *c, const struct sgf_node *n, const struct parts *pt, bool root,
		       size_t at)
{
	struct buf p = BUF_INIT;
	for (size_t i = 0; i < pt->nkept; i++) {
		if (!pt->kept[i])
			continue;
		bool at_root = root && !(pt->move && conv_kept_with_move(c, pt->kept[i]));
		if (!at_root && !p.data && at != SIZE_MAX) {
			buf_add(&p, c->ptr.data, c->ptr.len);
			add_index(&p, at);
		}
		if (at_root && pt->move)
			conv_say_root_misfit(c, pt->kept[i]);
		if (at_root)
			keep_root(c, pt->kept[i]);
		else
			keep_node(c, p.data ? p.data : "", pt->kept[i]);
		/* A property of the root freed behind (c->game) that is only kept
		 * (none the converter reads: no definition) is the meta's now: its
		 * values go (a UGF's [Figure] kept whole, a line a value, held
		 * beside the record's text as it grew: twice the record) */
		if (c->game == n && !sgf_prop_def(pt->kept[i]->id))
			sgf_prop_clear(&c->game->props[pt->kept[i] - n->props]);
	}
	keep_move_times(c, pt, at);
	buf_free(&p);
}

/* Emits the JGF nodes of one SGF node into seq: a setup node before the
 * node with the move when the SGF node has both (JGF never combines them),
 * and no move in the root node (the first node of the tree); follows: n
 * comes after a node of its SGF sequence. */
static void emit(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root,
		 bool follows)
{
	if (emit_plain_move(c, n, seq, root))
		return;
	struct parts pt;
	node_parts(c, n, root, &pt);
	json_object *turn_after = turn_after_move(&pt);
	if (pt.move && root)
		sgf_say(c->notes, pt.move_pos, SAY_MOVE_IN_ROOT);
	else if (pt.move && pt.setup)
		sgf_say(c->notes, pt.move_pos, SAY_SETUP_WITH_MOVE);
	else if (pt.move && pt.turn)   /* PL of the move's own colour: before it */
		sgf_say(c->notes, sgf_prop_find(n, "PL")->pos, SAY_TURN_WITH_MOVE);
	struct sgf_pos pos;
	json_object *node = setup_node(c, seq, n, &pt, root, &pos);
	if (pt.move) {
		dom_add_new(node, "move", pt.move);
		pos = pt.move_pos;
	}
	put(node, "name", pt.name);
	put(node, "comments", pt.comments);
	put(node, "markup", pt.markup);
	put(node, "score", pt.score);
	size_t at = SIZE_MAX;   /* the node's index in seq, when it is added */
	if (!root && !pt.nkept && !json_object_object_length(node)) {
		drop_empty(c, n, node, follows);
	} else {
		at = seq->count;
		map_entries(c, seq, "markup", pt.markup_at, pt.nmarkup_at);
		add_node(c, seq, node, pos);
	}
	if (pt.move2) {
		json_object *m = dom_object();
		dom_add_new(m, "move", pt.move2);
		add_node(c, seq, m, pt.move2_pos);
	}
	if (turn_after) {
		json_object *t = dom_object();
		dom_add_new(t, "turn", turn_after);
		map_turn(c, seq, n);
		add_node(c, seq, t, sgf_prop_find(n, "PL")->pos);
	}
	keep_parts(c, n, &pt, root, at);
	parts_free(&pt);
}

/* Deeper variations than this are not nested further (see MAX_NESTING in
 * sgf.c): the JSON depth the scanner accepts bounds what a record holds. */
#define MAX_VARIATION_DEPTH (SGF_MAX_NESTING - 1)

static void convert_line(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root,
			 struct sgf_node *hold);

/* A sequence opens at out's end (its `[`): its entry in c->seqs, or
 * SIZE_MAX when no shape is kept. */
static size_t seq_open(struct conv *c)
{
	struct scan_tree *t = c->seqs;
	if (!t)
		return SIZE_MAX;
	if (c->out->len >= UINT32_MAX)
		die_oom();   /* a record of 4 GB: the loader stops at 1 GiB */
	t->seqs = xgrow(t->seqs, &t->cap, t->len + 1, sizeof *t->seqs);
	t->seqs[t->len] = (struct scan_seq){ .start = (uint32_t)c->out->len };
	return t->len++;
}

/* The sequence of entry k closes at out's end (its `]` comes next). */
static void seq_close(struct conv *c, size_t k, size_t count)
{
	if (k == SIZE_MAX)
		return;
	c->seqs->seqs[k].end = (uint32_t)c->out->len + 1;
	c->seqs->seqs[k].count = (uint32_t)count;
	c->seqs->seqs[k].after = (uint32_t)c->seqs->len;
}

/* Drops the entries from mark on (sequences written and then left out). */
static void seq_drop(struct conv *c, size_t mark)
{
	if (c->seqs)
		c->seqs->len = mark;
}

/* The variations node after a node with several children: each variation
 * of empty nodes only is left out, and the node when all of them are.
 * hold: n, where the game's line is still being read (convert_line). */
static void convert_variations(struct conv *c, const struct sgf_node *n, struct seq *seq,
			       struct sgf_node *hold)
{
	size_t mark = c->out->len, ptr_mark = c->ptr.len;
	json_object *vars = seq->array ? dom_array() : NULL;   /* made as a DOM */
	if (!vars) {
		if (seq->count)
			buf_addc(c->out, ',');
		new_line(c, seq->level);
		buf_adds(c->out, "{ \"variations\": [ ");
	}
	add_index(&c->ptr, seq->count);
	buf_adds(&c->ptr, "/variations");
	posmap_variations_at(c->map, seq->id, n->kids[0]->pos);
	c->depth++;
	if (c->depth > c->deepest_variation)
		c->deepest_variation = c->depth;
	c->json_depth += 3;   /* the node, its variations, a variation */
	size_t kept = 0, seq_mark = c->seqs ? c->seqs->len : 0, last = SIZE_MAX, last_count = 0;
	unsigned long moves = c->moves;
	for (size_t i = 0; i < n->nkids; i++) {
		size_t vmark = c->out->len, vptr = c->ptr.len, vseq = c->seqs ? c->seqs->len : 0;
		c->moves = moves;
		if (kept && !vars) {
			new_line(c, seq->level);
			seq_close(c, last, last_count);
			buf_adds(c->out, "], ");
		}
		size_t k = vars ? SIZE_MAX : seq_open(c);
		if (!vars)
			buf_addc(c->out, '[');
		add_index(&c->ptr, kept);
		struct seq var = { 0, seq->level + 1, vars ? dom_array() : NULL,
				   posmap_variation(c->map, seq->id, seq->count, kept) };
		convert_line(c, n->kids[i], &var, false, i ? NULL : hold);
		buf_truncate(&c->ptr, vptr);
		if (var.count) {
			kept++;
			last = k, last_count = var.count;
			if (vars)
				dom_push(vars, var.array);
		} else {
			/* a variation of empty nodes only */
			json_object_put(var.array);
			buf_truncate(c->out, vmark);
			seq_drop(c, vseq);
		}
	}
	c->json_depth -= 3;
	c->depth--;
	buf_truncate(&c->ptr, ptr_mark);
	if (!kept) {
		json_object_put(vars);
		buf_truncate(c->out, mark);
		seq_drop(c, seq_mark);
		return;
	}
	if (vars) {
		json_object *node = dom_object();
		dom_add_new(node, "variations", vars);
		dom_push(seq->array, node);
	} else {
		new_line(c, seq->level);
		seq_close(c, last, last_count);
		buf_adds(c->out, "] ] }");
	}
	seq->count++;
}

static void convert_line(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root,
			 struct sgf_node *hold)
{
	/* The game's first line, node by node once converted: the root's
	 * first child is the node being converted, each node before it freed
	 * (a game of one line of 6,767 nodes held 917 KB of them beside its
	 * record's 352 KB of text). Up to a node of more children; past it,
	 * where the line is still to be read (a UGF review's, whose
	 * variations come with its nodes), on in its first variation, hold
	 * the node whose first child n is, kept for its other children. */
	struct sgf_node *game = root || hold ? c->game : NULL;
	bool follows = false;   /* n after its parent in one sequence of the text */
	while (n) {
		if (game && !n->nkids &&   /* (n is game or hold's first kid) */
		    sgf_game_read_more(game, hold ? hold->kids[0] : game) && c->rules_late)
			for (const struct sgf_node *k = n; k->nkids;)   /* (the nodes read: a line) */
				sgf_rules_node(k = k->kids[0], c->rules_size, &c->late);
		emit(c, n, seq, root, follows);
		root = false;
		follows = n->nkids == 1;
		bool reading = game && sgf_game_pending(game);
		if (n->nkids == 1 || (n->nkids > 1 && c->depth >= MAX_VARIATION_DEPTH)) {
			if (n->nkids > 1 && !reading)
				game = NULL;
			if (game && hold && n->nkids == 1) {
				hold->kids[0] = n->kids[0];
				sgf_node_release(game, (struct sgf_node *)n);
			} else if (game) {   /* the root, or a node whose variations are left out */
				hold = (struct sgf_node *)n;
			}
			n = game ? hold->kids[0] : n->kids[0];
			continue;
		}
		if (n->nkids)
			convert_variations(c, n, seq, reading ? (struct sgf_node *)n : NULL);
		return;
	}
}

void convert_tree(struct conv *c, const struct sgf_node *root, struct seq *seq)
{
	if (!seq->array)
		seq_open(c);   /* the tree's own, placed by write_record */
	convert_line(c, root, seq, true, NULL);
}
