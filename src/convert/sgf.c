/* sgf: the lenient SGF text reader (as SGFC reads: it repairs what it can
 * and says where), a game at a time, into the property tree (sgftree.c):
 * its game trees, their nodes and the text outside them; a property is
 * sgfproperty.c's, the line and column sgfcursor.c's (sgfreader.h). */
#include "convert/sgf.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/sgfahead.h"
#include "convert/say.h"
#include "convert/sgfreader.h"
#include "core/catalog.h"
#include "read/scan.h"

/* What the SGF reader says of the text around properties (convert/say.h):
 * each repair of its trees and nodes, at its line:col. */
#define SAY_CUT_IN_NODE &rule_sgf_cut_short, \
	"the file ends %s: it was cut short here, and what followed is lost"
#define SAY_CUT_AFTER_ID "after a property's identifier, before its value"
#define SAY_CUT_AFTER_SEMICOLON "after a `;`, before the node's first property"
#define SAY_CUT_AFTER_PAREN "after a game tree's `(`, before its first node"
#define SAY_TEXT_OUTSIDE &rule_sgf_text_outside, "text outside a game tree is ignored"
#define SAY_NODES_AFTER_GAME &rule_sgf_nodes_after_game, \
	"nodes after the game tree's end (its `)` at %" PRIu32 ":%" PRIu32 ", one too many?): " \
	"not read, the game ends before them"
#define SAY_NODES_LOST_OPEN &rule_sgf_nodes_after_game, \
	"nodes outside every game tree, ended by a `)` (their game's `(` lost?): not read"
#define SAY_PROPS_LOST_OPEN &rule_sgf_nodes_after_game, \
	"properties outside every game tree, ended by a `)` (a game whose `(;` were lost?): " \
	"not read; --fix leaves them"
#define SAY_STRAY_PAREN &rule_sgf_stray_paren, "`)` without a `(`: ignored; --fix leaves it"
#define SAY_UNCLOSED_BEFORE_GAME &rule_sgf_unclosed_tree, \
	"%zu `)` missing before the next game (this `(` starts a node with GM or " \
	"FF, and no `)` closes the game before it): the game tree%s read as closed here"
#define SAY_UNCLOSED_AT_END &rule_sgf_unclosed_tree, \
	"%zu `)` missing at the end of the file: the game tree%s read as closed there"
#define SAY_TREES_ARE "s are"
#define SAY_TREE_IS " is"
#define SAY_OPEN_AGAIN &rule_sgf_empty_variation, \
	"`(` right after another `(`, before any node: ignored (the variation starts at " \
	"its first node); --fix leaves it"
#define SAY_EMPTY_VARIATION &rule_sgf_empty_variation, \
	"an empty variation `()`: ignored; --fix leaves it"
#define SAY_DEEP_NESTING &rule_sgf_deep_nesting, \
	"game trees nested deeper than %d levels: read as one line; --fix leaves them"
#define SAY_NODE_AFTER_VARIATIONS &rule_sgf_node_after_variations, \
	"a node after the variations of its game tree (SGF allows none there): read as one " \
	"more variation; --fix leaves it, --convert --to sgf writes it so"
#define SAY_NO_SEMICOLON &rule_sgf_missing_semicolon, \
	"properties outside a node (no `;` before them): read as a node"
#define SAY_STRAY_TEXT &rule_sgf_stray_text, "unexpected `%.*s`: ignored; --fix leaves it"
#define SAY_VALUE_ALONE &rule_sgf_value_without_property, \
	"a value without a property: ignored; --fix leaves it"

/* Whether the text at s starts a property (`ID[`) after white space. */
static bool starts_property(const char *s, size_t len)
{
	size_t i = 0, n = 0;
	while (i < len && sgf_blank(s[i]))
		i++;
	while (i < len && sgf_letter(s[i]))
		i++, n++;
	while (i < len && sgf_blank(s[i]))
		i++;
	return n && i < len && s[i] == '[';
}

/* Whether the text after a `(` outside any game tree starts one: `;`, or
 * a property (`ID[`), after white space. A `(` in other text does not. */
static bool starts_game(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && sgf_blank(s[i]))
		i++;
	return (i < len && s[i] == ';') || starts_property(s + i, len - i);
}

/* Parenthesis nesting deeper than this is read as if flat: no record the
 * scanner reads is nested deeper, so every SGF --to sgf writes is read
 * whole (see SGF_MAX_NESTING in scan.h). */
#define MAX_NESTING SGF_MAX_NESTING

static bool stream_more_next(struct sgf_more *more, struct sgf_node *root, struct sgf_node *last);
static void stream_more_free(struct sgf_more *more);

void sgf_stream_init(struct sgf_stream *st, const char *text, size_t len,
		     struct sgf_notes *notes)
{
	*st = (struct sgf_stream){ .text = text, .len = len, .i = 0, .pos = { 1, 1 }, .notes = notes,
				   .eol = sgf_blank_line(text, len), .pause_from = SIZE_MAX,
				   .more = { stream_more_next, stream_more_free, 0 } };
}

/* Where the nodes outside every game tree from byte i of the len bytes
 * at s end: at a `)` that closes more than they open (values passed
 * over: C[a (variation) in words] is a value's), their game's `(` lost
 * (`;GM[1];B[pd](;W[dp])(;W[dd]))`); SIZE_MAX when a `(` that starts a
 * game (GM or FF in its first node) or the end of the text comes first,
 * as after a note (`;B[aa] was the first move` then the game). The
 * answer from the first `;` of a run of text outside holds for each `;`
 * after it up to there (asked once, not once a `;`: a game of 100,000
 * nodes that lost its `(` and ends at the next game's). */
static size_t lost_open_end(struct sgf_stream *st, const char *s, size_t len, size_t i)
{
	if (i < st->outside_to)
		return st->outside_end;
	size_t depth = 0, j = i;
	for (; j < len; j++) {
		if (s[j] == '[') {
			j = sgf_value_close(s, j + 1, len);
		} else if (s[j] == '(') {
			if (sgf_opens_game(s + j + 1, len - j - 1))
				break;
			depth++;
		} else if (s[j] == ')' && !depth--) {
			break;
		}
	}
	st->outside_to = j;
	st->outside_end = j < len && s[j] == ')' ? j : SIZE_MAX;
	return st->outside_end;
}

/* A game tree's `(` the file ends after: nothing but blanks, a `;` or a
 * property's identifier to the end (starts_game wants a value). */
static bool opens_cut_game(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && (sgf_blank(s[i]) || sgf_letter(s[i]) || s[i] == ';'))
		i++;
	return i == len;
}

/* Outside every game tree: text or a stray `)`, ignored with a note. */
/* A `)` in such text, `Game (1) (;GM[1]...)`, is the text's (as SGFC
 * skips it): only one after a game tree, where no text came since, is a
 * stray `)`. Nodes that a `)` ends are a game whose `(` was lost (at
 * the file's start, after a game or after text), said and passed over;
 * right after a game's `)`, nodes that hold no GM nor FF are that game's,
 * its `)` one too many. */
/* Values without a property at a node's start are passed over, this many
 * of them at most: each `;` of text outside is asked (`;[x][;[x][;[x]`
 * would read on through every later value from each `;`), each value's
 * `]` looked for through the reader's far look (sgfahead.c's sgf_far: a
 * `;[` in text outside with no `]` after it is read to the end once). */
#define STRAY_VALUES 16

/* Where a node's properties begin after its `;` (i: the byte after it):
 * after values without a property, which the reader ignores (`;[x]` then
 * GM[1]...: REVIEW.md R73), STRAY_VALUES of them at most, however long
 * (R84: a bound of 256 bytes left a longer one's game read from its
 * second node). */
static size_t past_stray_values(struct reader *r, size_t i)
{
	for (int n = 0; n <= STRAY_VALUES; n++) {
		while (i < r->len && sgf_blank(r->s[i]))
			i++;
		if (i >= r->len || r->s[i] != '[' || n == STRAY_VALUES)
			return i;
		size_t k = sgf_far_close(&r->far, r->s, i + 1, r->len);
		if (k >= r->len)
			return i;
		i = k + 1;
	}
	return i;
}

static void stream_outside(struct sgf_stream *st, struct reader *r)
{
	char c = r->s[r->i];
	size_t props = c == ';' ? past_stray_values(r, r->i + 1) : 0;
	bool nodes = c == ';' && starts_property(r->s + props, r->len - props);
	/* (GM[1]PB[Lee]RE[B+R]): no `;` either, where text outside begins */
	bool bare = !nodes && !st->junk && starts_property(r->s + r->i, r->len - r->i);
	size_t end = nodes || bare ? lost_open_end(st, r->s, r->len, r->i) : SIZE_MAX;
	if (bare && end != SIZE_MAX) {
		/* properties a `)` ends are a game's, its `(;` lost (REVIEW.md
		 * R108: SGFC's critical error 8), not a header nor a note; which
		 * game, and where its nodes begin, a fix could only guess */
		sgf_say(r->notes, r->pos, SAY_PROPS_LOST_OPEN);
	} else if (nodes && !st->junk && st->closed_at.line &&
	    (end == SIZE_MAX || !sgf_opens_game(r->s + props, r->len - props))) {
		/* (;B[pd];W[dp]);B[pp]): a `)` one too many ended the game, the
		 * nodes after it lost; the fix deletes that `)` */
		sgf_say(r->notes, r->pos, SAY_NODES_AFTER_GAME, st->closed_at.line, st->closed_at.col);
		sgf_note_fix(r->notes, st->closed_at, 1, "", true);
	} else if (end != SIZE_MAX) {
		/* the fix writes the `(`, so that the nodes are a game's */
		sgf_say(r->notes, r->pos, SAY_NODES_LOST_OPEN);
		sgf_note_fix(r->notes, r->pos, 0, "(", true);
	} else if (c == '(' && opens_cut_game(r->s + r->i + 1, r->len - r->i - 1)) {
		sgf_advance_to(r, r->len);
		sgf_say(r->notes, r->pos, SAY_CUT_IN_NODE, SAY_CUT_AFTER_PAREN);
		return;
	} else if (!st->junk && c != ')')
		sgf_say(r->notes, r->pos, SAY_TEXT_OUTSIDE);
	else if (!st->junk)
		sgf_say(r->notes, r->pos, SAY_STRAY_PAREN);
	if (end != SIZE_MAX) {
		/* the nodes, said once, passed over up to the `)` that ends them */
		sgf_advance_to(r, end + 1);
		st->junk = false;
		st->closed_at = (struct sgf_pos){ 0, 0 };
		return;
	}
	st->junk = st->junk || c != ')';
	sgf_advance(r);
}

/* A `(` where a variation has no node yet (`((;W[dd]))`) starts none:
 * it is ignored, as SGFC ignores it, so that the tree's `)` close the
 * levels SGFC closes (the `)` of `(;GM[1]((;C[a]))` ends the game, and
 * a game after it is a game of its own). */
static void stream_open(struct sgf_stream *st, struct reader *r)
{
	if (st->depth == 0) {
		st->cur = st->game = NULL;
		st->open = r->pos;
		st->closes = 0;
		st->outside_to = 0;   /* what was read ahead outside is behind */
		st->ignored = 0;
	} else if (sgf_opens_game(r->s + r->i + 1, r->len - r->i - 1) &&
		   (st->closes ? st->closes : (st->closes = sgf_trees_close(&st->ahead, r->s, r->len, r->i,
				st->depth + st->flat) ? 1 : -1)) < 0) {
		size_t open = st->depth + st->flat + st->ignored;
		sgf_say(r->notes, r->pos, SAY_UNCLOSED_BEFORE_GAME, open,
			open > 1 ? SAY_TREES_ARE : SAY_TREE_IS);
		struct buf close = BUF_INIT;
		for (size_t i = 0; i < open && i < 1000; i++)
			buf_addc(&close, ')');
		sgf_note_fix(r->notes, r->pos, 0, close.data, false);
		buf_free(&close);
		st->depth = st->flat = 0;
		st->fresh = st->after_tree = false;
		return;   /* the `(` read again outside every tree: the next game */
	} else if (st->fresh) {
		sgf_say(r->notes, r->pos, SAY_OPEN_AGAIN);
		st->ignored++;
		sgf_advance(r);
		return;
	}
	st->paren = r->pos;
	if (st->depth >= MAX_NESTING) {
		if (!st->flat)
			sgf_say(r->notes, r->pos, SAY_DEEP_NESTING, MAX_NESTING);
		st->flat++;
	} else {
		st->stack = xgrow(st->stack, &st->cap, st->depth + 1, sizeof *st->stack);
		st->stack[st->depth++] = st->cur;
	}
	st->fresh = true;
	sgf_advance(r);
}

/* A `;` (or properties without one): a node, the root of a game when it
 * is the first of its tree; then a property, if one follows. */
static void stream_node(struct sgf_stream *st, struct reader *r)
{
	char c = r->s[r->i];
	/* Properties right after a `(` are the variation's own first node
	 * (its `;` lost), as SGFC reads them, not more of the node before. */
	if (c == ';' || !st->cur || st->fresh || st->after_tree) {
		bool after_tree = st->after_tree && !st->fresh;
		st->fresh = st->after_tree = false;
		if (st->cur && st->max_nodes && st->game_nodes >= st->max_nodes) {
			/* Past the budget: read and dropped, the game refused. */
			st->info[st->ready.len - 1].over = true;
			struct sgf_node *dropped = sgf_node_new(r->pos);
			if (c == ';')
				sgf_advance(r);
			if (r->i < r->len && sgf_letter(r->s[r->i]))
				sgf_read_property(r, dropped);
			sgf_node_free(dropped);
			return;
		}
		struct sgf_node *n = sgf_node_in(st->cur ? st->game : NULL, r->pos);
		st->game_nodes++;
		if (after_tree)
			sgf_say(r->notes, r->pos, SAY_NODE_AFTER_VARIATIONS);
		if (!after_tree && c != ';') {
			sgf_say(r->notes, r->pos, SAY_NO_SEMICOLON);
			sgf_note_fix(r->notes, r->pos, 0, ";", false);
		}
		if (st->cur) {
			sgf_node_add_kid(st->cur, n);
		} else {
			struct sgf_games *out = &st->ready;
			out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
			st->info = xgrow(st->info, &st->info_cap, out->len + 1, sizeof *st->info);
			/* The game's first byte: its `(`, or this node for a second root */
			st->info[out->len] = (struct sgf_game_info){ st->game ? r->pos : st->open, false };
			out->games[out->len++] = n;
			st->game = n;
			st->game_nodes = 1;
			st->pause_tried = false;
		}
		st->cur = n;
		if (c == ';')
			sgf_advance(r);
	}
	if (r->i < r->len && sgf_letter(r->s[r->i]))
		sgf_read_property(r, st->cur);
}

/* Anything else in a game tree: a value without a property, or stray
 * characters, ignored with a note. */
static void stream_stray(struct reader *r)
{
	struct sgf_pos at = r->pos;
	const char *text = r->s;
	size_t n = 0;
	/* (text[r->i] may be a NUL byte, which strchr would find) */
	while (r->i < r->len && !sgf_blank(text[r->i]) &&
	       (!text[r->i] || !strchr("();[", text[r->i])) && !sgf_letter(text[r->i]))
		sgf_advance(r), n++;
	if (n) {
		sgf_say(r->notes, at, SAY_STRAY_TEXT, (int)n, text + r->i - n);
		return;
	}
	struct sgf_prop p = { .id = "?" };   /* a `[` without a property */
	while (r->i < r->len && text[r->i] == '[') {
		sgf_read_value(r, &p, false);
		sgf_skip_space(r);
	}
	sgf_prop_clear(&p);
	sgf_say(r->notes, at, SAY_VALUE_ALONE);
}

/* How a file that ends in an open game tree ends inside a node, cut
 * short there: after a `;` or a property's identifier (a value left open
 * is sgf_read_value's); NULL when its last node is whole. */
static const char *cut_in_node(const char *s, size_t len)
{
	while (len && sgf_blank(s[len - 1]))
		len--;
	if (!len)
		return NULL;
	if (s[len - 1] == ';')
		return SAY_CUT_AFTER_SEMICOLON;
	return sgf_letter(s[len - 1]) ? SAY_CUT_AFTER_ID : NULL;
}

/* The game trees a file that ends after a whole node left open: said and
 * closed there, unless a value left open reads to the end (a `)` written
 * there would be the value's). */
static void close_at_end(const struct sgf_stream *st, struct reader *r)
{
	size_t open = st->depth + st->ignored;
	sgf_say(r->notes, r->pos, SAY_UNCLOSED_AT_END, open, open > 1 ? SAY_TREES_ARE : SAY_TREE_IS);
	bool open_value = sgf_notes_have(r->notes, &rule_sgf_unclosed_value);
	struct buf close = BUF_INIT;
	for (size_t i = 0; i < open && i < 1000; i++)
		buf_addc(&close, ')');
	if (!open_value)
		sgf_note_fix(r->notes, r->pos, 0, close.data, false);
	buf_free(&close);
}

/* Whether the game being read, one line from its root to st->cur so far,
 * stays that line to the end of the text from byte i: nothing after the
 * first `)` but `)` and blanks, no `(` that may start a game, no more
 * bytes than the budget leaves nodes (a node takes one at least). Read
 * from the bytes, values and all: a `(` or `)` in a value only says no. */
static bool line_to_end(const struct sgf_stream *st, size_t i)
{
	const char *s = st->text, *close = memchr(s + i, ')', st->len - i);
	size_t end = close ? (size_t)(close - s) : st->len, n = 1;
	if (st->max_nodes && (st->len - i > st->max_nodes ||
			      st->game_nodes > st->max_nodes - (st->len - i)))
		return false;
	for (size_t k = end; k < st->len; k++)
		if (s[k] != ')' && !sgf_blank(s[k]))
			return false;
	/* (GM's or FF's capitals: GaMe is FF[3]'s GM) */
	bool ids = memchr(s + i, 'M', st->len - i) || memchr(s + i, 'F', st->len - i);
	for (const char *p = s + i; ids && (p = memchr(p, '(', (size_t)(s + end - p))); p++)
		if (sgf_opens_game(p + 1, st->len - (size_t)(p - s) - 1))
			return false;
	const struct sgf_node *at = st->game;
	for (; at != st->cur; at = at->kids[0], n++)
		if (at->nkids != 1)
			return false;
	return n == st->game_nodes && !at->nkids;
}

/* Whether the reader stops before the `(` or `;` at byte i: a game read
 * as asked (paused) once the node asked for is whole, the next begun; a
 * game of pause_from nodes to be read so, when line_to_end lets it. */
static bool stream_pauses(struct sgf_stream *st, size_t i)
{
	if (st->paused)
		return st->game_nodes > st->asked;
	if (st->pause_tried || !st->depth || !st->cur)
		return false;
	st->pause_tried = true;
	if (!line_to_end(st, i) || !sgf_game_set_more(st->game, &st->more))
		return false;
	st->paused = true;
	st->more.pending = st->len - i;
	return true;
}

/* Reads on from where st stopped: up to a game whole (back outside every
 * game tree: a later `)` can no longer add to it), the end, or a pause. */
static void stream_read(struct sgf_stream *st)
{
	struct reader r = { .s = st->text, .len = st->len, .i = st->i, .pos = st->pos,
			    .notes = st->notes, .out = &st->ready, .merge.eol = st->eol,
			    .game = (const struct sgf_node *const *)&st->game, .far = st->far };
	while (r.i < r.len && !(st->depth == 0 && st->taken < st->ready.len)) {
		char c = r.s[r.i];
		if (sgf_blank(c)) {
			sgf_advance(&r);
			continue;
		}
		if ((c == '(' || c == ';') && st->game_nodes >= st->pause_from &&
		    stream_pauses(st, r.i))
			break;
		if (st->depth == 0 && (c != '(' || !starts_game(r.s + r.i + 1, r.len - r.i - 1))) {
			stream_outside(st, &r);
			continue;
		}
		st->junk = false;
		if (c == '(') {
			stream_open(st, &r);
		} else if (c == ')') {
			bool empty = st->fresh;
			if (empty)
				sgf_say(r.notes, st->paren, SAY_EMPTY_VARIATION);
			st->fresh = false;
			if (st->flat)
				st->flat--;
			else
				st->cur = st->stack[--st->depth];
			st->closed_at = st->depth ? (struct sgf_pos){ 0, 0 } : r.pos;
			/* (an empty variation is as if it were not there) */
			if (!empty)
				st->after_tree = st->depth > 0;
			sgf_advance(&r);
		} else if (c == ';' || sgf_letter(c)) {
			stream_node(st, &r);
		} else {
			stream_stray(&r);
		}
	}
	if (r.i >= r.len && st->depth && !st->ended && !r.cut) {
		/* (a file cut inside a value: said by sgf_read_value, r.cut) */
		const char *cut_after = cut_in_node(r.s, r.len);
		if (cut_after)
			sgf_say(r.notes, r.pos, SAY_CUT_IN_NODE, cut_after);
		else
			close_at_end(st, &r);
	}
	if (r.i >= r.len) {
		st->ended = true;
		st->depth = 0;
	}
	sgf_merge_free(&r.merge);
	st->i = r.i;
	st->pos = r.pos;
	st->far = r.far;
}

/* The nodes a paused game's line is read by (a call a node was 0.6% of a
 * check of the real set, a third of it the reader's state made again). */
#define SGF_LINE_READ 256

/* The nodes after the last of a paused game's line (more's next). */
static bool stream_more_next(struct sgf_more *more, struct sgf_node *root, struct sgf_node *last)
{
	struct sgf_stream *st = (struct sgf_stream *)(void *)((char *)more -
							      offsetof(struct sgf_stream, more));
	(void)root, (void)last;   /* (the line's: line_to_end) */
	size_t had = st->game_nodes;
	st->asked = had + SGF_LINE_READ - 1;
	stream_read(st);
	if (st->i >= st->len) {
		st->paused = false;
		more->pending = 0;
	} else {
		more->pending = st->len - st->i;
	}
	return st->game_nodes > had;
}

/* A paused game freed before its line was asked for whole (a game that is
 * not Go): the rest read all the same, for what the reader says of it. */
static void stream_more_free(struct sgf_more *more)
{
	struct sgf_stream *st = (struct sgf_stream *)(void *)((char *)more -
							      offsetof(struct sgf_stream, more));
	if (!st->paused)
		return;
	st->asked = SIZE_MAX;
	stream_read(st);
	st->paused = false;
	more->pending = 0;
}

/* The reader's state lives in st between the games it hands out; a game is
 * handed out once the text is back outside every game tree, at the end,
 * or paused (its other nodes read as asked: nothing follows it). */
struct sgf_node *sgf_stream_next(struct sgf_stream *st)
{
	if (st->paused)
		return NULL;
	stream_read(st);
	if (st->taken >= st->ready.len)
		return NULL;
	st->last = st->info[st->taken];
	struct sgf_node *g = st->ready.games[st->taken];
	st->ready.games[st->taken++] = NULL;   /* the caller's now */
	return g;
}

void sgf_stream_free(struct sgf_stream *st)
{
	for (size_t i = st->taken; i < st->ready.len; i++)
		sgf_node_free(st->ready.games[i]);
	free(st->ready.games);
	free(st->info);
	free(st->stack);
	sgf_ahead_free(&st->ahead);
	*st = (struct sgf_stream){ 0 };
}

size_t sgf_count_games(const char *text, size_t len, struct sgf_notes *notes, size_t max_nodes,
		       struct sgf_node **first, struct sgf_game_info *first_info)
{
	/* The one game of most files, read again to be converted, was read
	 * twice (6% of checking a large one in place): when nothing after
	 * it can begin another, it is kept, the tree converting it holds
	 * anyway. */
	struct sgf_stream st;
	size_t n = 0;
	*first = NULL;
	sgf_stream_init(&st, text, len, notes);
	st.max_nodes = max_nodes;
	for (struct sgf_node *g; (g = sgf_stream_next(&st));) {
		if (!n++ && !memchr(text + st.i, '(', len - st.i)) {
			*first = g;
			*first_info = st.last;
		} else {
			sgf_node_free(g);
		}
	}
	sgf_stream_free(&st);
	return n;
}

void sgf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes)
{
	struct sgf_stream st;
	sgf_stream_init(&st, text, len, notes);
	for (struct sgf_node *g; (g = sgf_stream_next(&st));) {
		out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
		out->games[out->len++] = g;
	}
	sgf_stream_free(&st);
}
