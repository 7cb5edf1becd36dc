/* dupreport: a group of duplicates as the report gives it: each copy's
 * relation to the kept one, its differences and boards, and which copy to
 * keep and why. */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/paths.h"
#include "core/record.h"
#include "engine/board.h"

/* ---- the report ---- */

static const char *const sym_names[16] = {
	"as it is", "mirrored left to right", "mirrored top to bottom", "turned 180 degrees",
	/* x, y to y, x (the diagonal from the upper left); to y, w-1-x (the
	 * upper left to the lower left, anticlockwise); to h-1-y, x
	 * (clockwise); to h-1-y, w-1-x */
	"mirrored along the diagonal", "turned 90 degrees anticlockwise",
	"turned 90 degrees clockwise", "mirrored along the other diagonal",
};

/* Point p of a canonical key in the orientation of a game whose image
 * under symmetry sym the key is (transform undone), as y * MAX_SIDE + x. */
static unsigned untransform(unsigned p, int sym, int width, int height)
{
	if (p == DUP_PASS)
		return p;
	unsigned x = p % MAX_SIDE, y = p / MAX_SIDE;
	int s = sym & 7;
	if (s & 4) {
		unsigned t = x;
		x = y;
		y = t;
	}
	if (s & 1)
		x = (unsigned)width - 1 - x;
	if (s & 2)
		y = (unsigned)height - 1 - y;
	return y * MAX_SIDE + x;
}

/* The point of canonical element e in game g's own orientation, as
 * players name it ("D16", "pass"). */
static void point_text(const struct entry *g, uint16_t e, int width, int height, char *out,
		       size_t len)
{
	unsigned p = untransform(DUP_POINT(e), g->sym, width, height);
	if (p == DUP_PASS) {
		snprintf(out, len, "pass");
		return;
	}
	unsigned x = p % MAX_SIDE, y = p / MAX_SIDE;
	char name[POINT_NAME_SIZE];
	if (point_name(width, height, x, y, name))
		snprintf(out, len, "%s", name);
	else
		snprintf(out, len, "x %u, y %u", x, y);
}

/* Two points that tell the symmetries of a w×h board apart (on any board
 * of two lines or more), as y * MAX_SIDE + x. */
static unsigned probe_point(int i, int w, int h)
{
	static const unsigned probe[2][2] = { { 1, 2 }, { 3, 0 } };
	return probe[i][1] % (unsigned)h * MAX_SIDE + probe[i][0] % (unsigned)w;
}

/* The symmetry of the board (0-7) that takes the probe points to want,
 * or -1. */
static int sym_taking(const unsigned want[2], int w, int h)
{
	for (int r = 0; r < 8; r++)
		if (dup_sym_ok(r, w, h, false) && dup_transform(probe_point(0, w, h), r, w, h) == want[0] &&
		    dup_transform(probe_point(1, w, h), r, w, h) == want[1])
			return r;
	return -1;
}

/* Which symmetry takes the kept copy k's board to e's (k's and e's
 * images under their own symmetries are the same key). */
static int relative_sym(const struct entry *k, const struct entry *e, int w, int h)
{
	unsigned want[2];
	for (int i = 0; i < 2; i++)   /* k's image of the point, undone as e's */
		want[i] = untransform(dup_transform(probe_point(i, w, h), k->sym & 7, w, h), e->sym, w, h);
	int r = sym_taking(want, w, h);
	return r < 0 ? 0 : r;
}

/* What the report compares after the facts (fact_names'): comments, and
 * markup. */
enum { FACT_COMMENTS = FACT_COUNT, FACT_MARKUP };

/* Whether e gives fact which (a player named, not a placeholder:
 * dup_no_player), comments or markup (on any node: a variation's too). */
static bool has_fact(const struct dup_set *s, const struct entry *e, int which)
{
	if (which <= FACT_WHITE)
		return !dup_no_player(dup_fact(s, e, which));
	return which < FACT_COUNT ? e->fact_len[which] > 0
	       : which == FACT_COMMENTS ? e->comments > 0 || e->comment_items > 0
	       : e->mark_items > 0;
}

static void add_string(json_object *o, const char *key, const char *v)
{
	if (v)
		dom_add(o, key, dom_string(v));
}

json_object *dup_game_place(const struct dup_set *s, const struct entry *e)
{
	json_object *o = dom_object();
	dom_add(o, "path", dom_string(s->sources[e->source]));
	if (e->count > 1)
		dom_add(o, "game", dom_uint(e->index + 1));
	return o;
}

json_object *dup_member_json(const struct dup_set *s, const struct entry *e)
{
	json_object *m = dup_game_place(s, e);
	dom_add(m, "format", dom_string(e->format));
	dom_add(m, "moves", dom_uint(e->moves));
	if (e->handicap_moves)
		dom_add(m, "handicapMoves", dom_uint(e->handicap_moves));
	add_string(m, "black", dup_fact(s, e, FACT_BLACK));
	add_string(m, "white", dup_fact(s, e, FACT_WHITE));
	add_string(m, "date", dup_fact(s, e, FACT_DATE));
	add_string(m, "result", dup_fact(s, e, FACT_RESULT));
	add_string(m, "event", dup_fact(s, e, FACT_EVENT));
	const char *komi = dup_fact(s, e, FACT_KOMI), *handicap = dup_fact(s, e, FACT_HANDICAP);
	if (komi)
		dom_add(m, "komi", dom_double_s(strtod(komi, NULL), komi));
	if (handicap)
		dom_add(m, "handicap", dom_int(strtoll(handicap, NULL, 10)));
	add_string(m, "rules", dup_fact(s, e, FACT_RULES));
	dom_add(m, "comments", dom_uint(e->comments));
	if (e->mark_items)   /* (none: said by leaving it out, as a report before them) */
		dom_add(m, "markup", dom_uint(e->mark_items));
	if (e->illegal)
		dom_add(m, "illegal", dom_uint(e->illegal));
	if (e->variations)   /* (none: said by leaving it out, as a report before them) */
		dom_add(m, "variations", dom_uint(e->variations));
	if (e->vars_unknown)   /* too many nodes to read: its variations not compared */
		dom_add(m, "variationsCompared", dom_bool(false));
	if (e->indexed)
		dom_add(m, "indexed", dom_bool(true));
	if (e->position)
		dom_add(m, "position", dom_bool(true));
	return m;
}


/* The position after element last of key (setup, n stones: its setup,
 * or another copy's where its line is aligned under another head; then
 * its line up to and with last, captures taken), as seen in the
 * orientation and colours of the game whose symmetry is sym: {"move" (the
 * moves up to there), "color", "x", "y" (of element last, when marked;
 * none for a pass), "rows" (of '.', 'X' and 'O', from the top)}. */
static json_object *board_at(const uint16_t *key, size_t last, bool mark, int sym, int width,
			     int height, const uint16_t *setup, size_t n)
{
	struct board *b = xmalloc(sizeof *b);
	board_init(b, width, height);
	size_t head = dup_key_head(key), number = 0;
	bool swap = sym & 8;
	json_object *o = dom_object();
	for (size_t i = head; i <= last; i++)
		number += DUP_TAG(key[i]) <= DUP_W;
	dom_add(o, "move", dom_uint(number));
	for (size_t i = 3; i <= last; i++) {
		if (i < head && i - 3 >= n)
			continue;
		uint16_t el = i < head ? setup[i - 3] : key[i];
		unsigned tag = DUP_TAG(el), p = DUP_POINT(el);
		int color = tag == DUP_B || tag == DUP_AB ? CELL_BLACK
			  : tag == DUP_W || tag == DUP_AW ? CELL_WHITE : CELL_EMPTY;
		if (swap && color)
			color ^= 3;
		if (i == last && mark)
			dom_add(o, "color", dom_string(color == CELL_WHITE ? "white" : "black"));
		if (p == DUP_PASS)
			continue;
		p = untransform(p, sym, width, height);
		int x = (int)(p % MAX_SIDE), y = (int)(p / MAX_SIDE), cell = board_cell(b, x, y);
		if (i == last && mark) {
			dom_add(o, "x", dom_uint((unsigned)x));
			dom_add(o, "y", dom_uint((unsigned)y));
		}
		if (i < head || tag >= DUP_AB) {
			board_put(b, cell, (unsigned char)color);
		} else {
			size_t len;
			board_play(b, color, cell, true, &len);
		}
	}
	json_object *rows = dom_array();
	char *row = xmalloc((size_t)width + 1);
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++)
			row[x] = ".XO"[board_color(b, board_cell(b, x, y)) % 3];
		row[width] = 0;
		dom_push(rows, dom_string(row));
	}
	dom_add(o, "rows", rows);
	free(row);
	free(b);
	return o;
}

/* Which symmetry takes a game to the image under r of its image under
 * sym (the colours' bit too). */
static int compose(int sym, int r, int w, int h)
{
	unsigned want[2];
	for (int i = 0; i < 2; i++)
		want[i] = dup_transform(dup_transform(probe_point(i, w, h), sym & 7, w, h), r & 7, w, h);
	int c = sym_taking(want, w, h);
	return c < 0 ? sym : c | ((sym ^ r) & 8);
}

/* What element e is, as the report names its colour. */
static const char *element_color(uint16_t e, int sym)
{
	unsigned tag = DUP_TAG(e);
	if ((sym & 8) && tag <= DUP_AW)
		tag ^= 1;   /* as this copy has it, colours swapped back */
	static const char *const names[] = { "black", "white", "setup black", "setup white",
					     "setup empty" };
	return tag < 5 ? names[tag] : "";
}

/* The alignment of e's line (under the symmetry that aligns it, into
 * *img) with k's within --max-differ edits (the kept copy's moves after
 * e's last free): its steps, or NULL when there is none (e is beyond the
 * bounds of k: left out of its group). *sym gets e's symmetry for that
 * image. */
static struct edit *align_copies(struct dup_set *s, const struct entry *k, const uint16_t *kk,
				 const struct entry *e, const uint16_t *ke, uint16_t **img,
				 size_t *nsteps, int *sym, int *turn, uint16_t *setup, int width,
				 int height)
{
	size_t head = dup_key_head(kk), he = dup_key_head(ke), nb = e->len - he;
	size_t band = s->o.max_differ > 0 ? (size_t)s->o.max_differ : 1;
	int r = 0;
	if (dup_aligned(s, kk, k->len, ke, e->len, band, true, &r) > band)
		return NULL;
	*turn = r;
	/* its line under the kept copy's head (a copy that dropped the
	 * handicap's stones, or the kept copy did: dup_stones_dropped); its
	 * own setup, as aligned, to setup (at most 9 stones then) */
	uint16_t *own = xmalloc(e->len * sizeof *own);
	dup_key_image(ke, e->len, r, own);
	*img = xmalloc((head + nb) * sizeof **img);
	memcpy(*img, kk, head * sizeof **img);
	memcpy(*img + head, own + he, nb * sizeof **img);
	if (he != head)
		memcpy(setup, own + 3, (he - 3) * sizeof *setup);
	free(own);
	size_t na = k->len - head, end;
	uint16_t *rows = xmalloc((na + 1) * (2 * band + 1) * sizeof *rows);
	dup_edit_band(kk + head, na, *img + head, nb, band, true, rows, &end);
	struct edit *steps = dup_edit_trace(kk + head, *img + head, nb, band, rows, end, nsteps);
	free(rows);
	*sym = compose(e->sym, r, width, height);
	return steps;
}

/* The relations of a group's copy to the kept one, weakest last:
 * REL_UNCOMPARED the same main line, the variations of one of them too
 * many to read (not said to agree, nor to differ). */
enum { REL_IDENTICAL, REL_UNCOMPARED, REL_SAME_LINE, REL_PREFIX, REL_NEAR, REL_MIDDLE };

/* A relation's name (a position's same line is the same position). */
static const char *rel_name(int rel, bool position)
{
	static const char *const names[] = { "identical", "same-line", "same-line", "prefix",
					     "near", "middle" };
	return position && (rel == REL_UNCOMPARED || rel == REL_SAME_LINE) ? "same-position"
	       : names[rel];
}

/* Whether a and b, of the same key, have the same variations (and, a
 * position, the same solution): their hashes compared, each read. */
static bool same_tree(const struct entry *a, const struct entry *b)
{
	return a->tree == b->tree && !a->vars_unknown && !b->vars_unknown;
}

/* A step of the alignment where the copies differ, as the report gives it:
 * the move's number and point in this copy (view, as aligned) and in the
 * kept copy k, what the step is, and the colours. */
static json_object *difference(const struct edit *st, const struct entry *k,
			       const struct entry *view, uint16_t a, uint16_t b, size_t kept_no,
			       size_t this_no, int width, int height)
{
	static const char *const ops[] = { "", "differs", "deleted", "inserted" };
	char here[32], kept[32];
	json_object *d = dom_object();
	dom_add(d, "move", dom_uint(st->op == EDIT_DELETED ? kept_no : this_no));
	if (st->op != EDIT_DELETED) {
		point_text(view, b, width, height, here, sizeof here);
		dom_add(d, "this", dom_string(here));
	}
	if (st->op != EDIT_INSERTED) {
		point_text(k, a, width, height, kept, sizeof kept);
		dom_add(d, "kept", dom_string(kept));
	}
	dom_add(d, "edit", dom_string(ops[st->op]));
	if (st->op != EDIT_DELETED)
		dom_add(d, "color", dom_string(element_color(b, view->sym)));
	if (st->op != EDIT_INSERTED)
		dom_add(d, "keptColor", dom_string(element_color(a, k->sym)));
	if (st->op == EDIT_DIFFERS)
		dom_add(d, "keptMove", dom_uint(kept_no));
	return d;
}

/* The boards at the first difference, move no: both copies after their
 * move there (the copy without it, after its move before), as this copy
 * is turned (sym). */
static json_object *first_boards(const struct edit *st, size_t head, const uint16_t *kk,
				 const uint16_t *img, int sym, size_t no, int width, int height,
				 const uint16_t *setup, size_t nsetup)
{
	json_object *boards = dom_object();
	size_t ai = head + st->ai, bj = head + st->bj;
	dom_add(boards, "move", dom_uint(no));
	dom_add(boards, "this", st->op == EDIT_DELETED
		? board_at(img, bj - 1, bj > head, sym, width, height, setup, nsetup)
		: board_at(img, bj, true, sym, width, height, setup, nsetup));
	dom_add(boards, "kept", st->op == EDIT_INSERTED
		? board_at(kk, ai - 1, ai > head, sym, width, height, kk + 3, head - 3)
		: board_at(kk, ai, true, sym, width, height, kk + 3, head - 3));
	return boards;
}

/* How a copy's comments (or markup) stand to the kept copy's: the same
 * texts after the same moves, all of them among the kept copy's, or some
 * not there (deleted with the copy, lost). A copy's texts[] of the group
 * hold both: its comments' (TEXTS_OF), its markup's (MARKS_OF). */
enum { TEXTS_SAME, TEXTS_AMONG, TEXTS_LOST };
#define TEXTS_OF(t) ((t) & 3)
#define MARKS_OF(t) ((t) >> 2)

/* How e's comment items (marks: its marks) stand to the kept copy k's,
 * each of e's texts looked for after the move of k its move is aligned
 * with (the steps of e's line, as aligned into img, against kk's; a text
 * after a move k lacks is lost), each of k's answering one. */
static int texts_kept(struct dup_set *s, const struct entry *k, const struct entry *e,
		      const struct edit *steps, size_t nsteps, const uint16_t *kk, const uint16_t *img,
		      size_t head, bool marks, int r, int width, int height)
{
	size_t en = marks ? e->mark_items : e->comment_items;
	size_t kn = marks ? k->mark_items : k->comment_items;
	if (!en)
		return kn ? TEXTS_AMONG : TEXTS_SAME;
	size_t *at = xmalloc((e->moves + 1) * sizeof *at);   /* e's move number to k's */
	for (size_t i = 0; i <= e->moves; i++)
		at[i] = SIZE_MAX;
	at[0] = 0;   /* the root's texts: before the first move of each */
	size_t kept_no = dup_moves_before(steps, nsteps, kk, head), this_no = 0;
	for (size_t x = 0; x < nsteps; x++) {
		const struct edit *st = &steps[x];
		bool kept_move = st->op != EDIT_INSERTED && DUP_TAG(kk[head + st->ai]) <= DUP_W;
		bool this_move = st->op != EDIT_DELETED && DUP_TAG(img[head + st->bj]) <= DUP_W;
		kept_no += kept_move;
		this_no += this_move;
		if (this_move && this_no <= e->moves)
			at[this_no] = kept_move ? kept_no : SIZE_MAX;
	}
	/* moves after the key's (a position's solution, compared by the tree's
	 * hash) as many after the kept copy's */
	for (size_t i = this_no + 1; i <= e->moves; i++)
		at[i] = kept_no + (i - this_no);
	bool moved = false;   /* a move numbered otherwise (the sum then says nothing) */
	for (size_t i = 0; i <= e->moves && !moved; i++)
		moved = at[i] != i;
	if (!moved && en == kn &&
	    (marks ? e->mark_hash == k->mark_hash : e->comment_hash == k->comment_hash)) {
		free(at);
		return TEXTS_SAME;
	}
	uint64_t *its = marks ? dup_load_marks(s, e) : dup_load_comments(s, e);
	uint64_t *kept = marks ? dup_load_marks(s, k) : dup_load_comments(s, k);
	uint64_t mask = (UINT64_C(1) << DUP_TEXT_BITS) - 1;
	size_t lost = 0;
	for (size_t i = 0; i < en; i++) {
		if (marks)   /* its point as the alignment turns e's line */
			its[i] = dup_mark_turned(its[i], r, width, height);
		uint64_t place = its[i] >> DUP_TEXT_BITS;
		if (place == DUP_TEXT_ANYWHERE)
			continue;
		place = place <= e->moves ? at[place] : SIZE_MAX;
		its[i] = place == SIZE_MAX ? UINT64_MAX : dup_comment_item(place, its[i] & mask);
		lost += its[i] == UINT64_MAX;
	}
	sort_items(its, en, sizeof *its, dup_cmp_u64);
	size_t placed = en - lost;
	for (size_t a = 0, b = 0; a < placed; a++) {
		while (b < kn && kept[b] < its[a])
			b++;
		if (b == kn || kept[b] != its[a])
			lost++;
		else
			b++;   /* each text of the kept copy answers one */
	}
	int rel = lost ? TEXTS_LOST : en == kn ? TEXTS_SAME : TEXTS_AMONG;
	free(its);
	free(kept);
	free(at);
	return rel;
}

/* Where one of copies k and e (keys *kk, *ke) has a handicap's stones and
 * the other none, and the other plays them as its first black moves (two
 * black moves in a row read as stones: dup_played, as they were linked),
 * the key of the one with stones is replaced by its key with the stones
 * played so: its line is aligned with the other's as it was written. */
static void played_as_moves(struct dup_set *s, const struct entry *k, uint16_t **kk,
			    const struct entry *e, uint16_t **ke)
{
	size_t band = s->o.max_differ > 0 ? (size_t)s->o.max_differ : 1;
	int r = 0;
	if (!(*kk)[2] == !(*ke)[2] ||
	    dup_aligned(s, *kk, k->len, *ke, e->len, band, true, &r) <= band)
		return;
	bool kept_stones = (*kk)[2] != 0;
	uint16_t **g = kept_stones ? kk : ke, *p = kept_stones ? *ke : *kk;
	size_t lg = kept_stones ? k->len : e->len, lp = kept_stones ? e->len : k->len;
	uint16_t *out = xmalloc(lg * sizeof *out);
	/* e against the beginning of k, as align_copies aligns them */
	if (dup_played(s, *g, lg, p, lp, band, kept_stones ? 1 : 2, out, NULL) <= band) {
		free(*g);
		*g = out;
	} else {
		free(out);
	}
}

/* How member e stands to the kept copy k, in m; the weakest relation
 * (REL_IDENTICAL to REL_NEAR) is returned, -1 when e is beyond the
 * bounds of k (more than --max-differ edits from it). A near copy's differences
 * are the steps of the alignment of its line with the kept copy's (the
 * kept copy's moves after the last this copy has cost nothing, as for a
 * prefix), each by move number and point: a move that differs, one this
 * copy has and the kept copy has not (inserted), one the kept copy has
 * and this copy has not (deleted). *texts: how its comments stand to the
 * kept copy's through that alignment (texts_kept). */
static int relation(struct dup_set *s, const struct entry *k, const struct entry *e,
		    json_object *m, int width, int height, size_t *ndiffs, unsigned char *texts)
{
	uint16_t *kk = dup_load_key(s, k), *ke = dup_load_key(s, e), *img = NULL;
	played_as_moves(s, k, &kk, e, &ke);
	size_t head = dup_key_head(kk);
	size_t n = k->len < e->len ? k->len : e->len;
	struct entry view = *e;   /* e as its line is aligned with k's */
	struct edit *steps = NULL;
	size_t nsteps = 0, from = 0;   /* from: a middle excerpt's first move in k */
	int turn = 0;   /* the symmetry e's key is aligned with k's under */
	/* this copy's setup where its line is aligned under another head (a
	 * handicap's stones dropped, by it or by the kept copy) */
	uint16_t setup[9];
	size_t nsetup = dup_key_head(ke) - 3, eline = e->len - dup_key_head(ke);
	if (nsetup == head - 3)
		nsetup = SIZE_MAX;
	/* A copy longer than the kept one is not its prefix, even where the
	 * kept copy is its beginning (a group whose copies all begin other
	 * games keeps the first read): its moves after are inserted. */
	if (dup_cmp_key(kk, ke, n) || e->len > k->len) {
		steps = align_copies(s, k, kk, e, ke, &img, &nsteps, &view.sym, &turn, setup, width,
				     height);
		if (!steps && e->passes_after > k->passes_after) {   /* passes after the last
			 * move count for neither: its line without those the kept copy has not */
			struct entry line = *e;
			line.len -= e->passes_after - k->passes_after;
			steps = align_copies(s, k, kk, &line, ke, &img, &nsteps, &view.sym, &turn,
					     setup, width, height);
		}
		if (!steps && (steps = dup_middle_steps(s, kk, k->len, ke, e->len, &img, &nsteps,
							&turn, &from)))
			view.sym = compose(e->sym, turn, width, height);
		if (!steps) {
			free(kk);
			free(ke);
			return -1;
		}
	} else {   /* identical, or its beginning: place by place */
		img = xmalloc((e->len ? e->len : 1) * sizeof *img);
		memcpy(img, ke, e->len * sizeof *img);
		steps = xmalloc((n + 1) * sizeof *steps);
		for (size_t i = head; i < n; i++)
			steps[nsteps++] = (struct edit){ kk[i] == ke[i] ? EDIT_SAME : EDIT_DIFFERS,
							 i - head, i - head };
	}
	json_object *diffs = dom_array(), *boards = NULL;
	size_t kept_no = dup_moves_before(steps, nsteps, kk, head), this_no = 0;
	for (size_t x = 0; x < nsteps; x++) {
		const struct edit *st = &steps[x];
		/* Only the elements the step has: a move inserted after the kept
		 * copy's last has none of the kept copy's (ai is its end), one
		 * deleted after this copy's last none of this copy's. */
		uint16_t a = st->op != EDIT_INSERTED ? kk[head + st->ai] : 0;
		uint16_t b = st->op != EDIT_DELETED ? img[head + st->bj] : 0;
		if (st->op != EDIT_INSERTED)
			kept_no += DUP_TAG(a) <= DUP_W;
		if (st->op != EDIT_DELETED)
			this_no += DUP_TAG(b) <= DUP_W;
		if (st->op == EDIT_SAME)
			continue;
		dom_push(diffs, difference(st, k, &view, a, b, kept_no, this_no, width, height));
		if (!boards)
			boards = first_boards(st, head, kk, img, view.sym,
					      st->op == EDIT_DELETED ? kept_no : this_no, width, height,
					      nsetup == SIZE_MAX ? kk + 3 : setup,
					      nsetup == SIZE_MAX ? head - 3 : nsetup);
	}
	*ndiffs = json_object_array_length(diffs);
	*texts = (unsigned char)(texts_kept(s, k, e, steps, nsteps, kk, img, head, false, turn,
					    width, height) |
				 texts_kept(s, k, e, steps, nsteps, kk, img, head, true, turn, width,
					    height) << 2);
	int rel = from ? REL_MIDDLE : *ndiffs ? REL_NEAR : k->len - head != eline ? REL_PREFIX
		  : same_tree(k, e) ? REL_IDENTICAL
		  : k->vars_unknown || e->vars_unknown ? REL_UNCOMPARED : REL_SAME_LINE;
	dom_add(m, "relation", dom_string(rel_name(rel, k->position)));
	if (from)   /* the kept copy's moves it spans, first and last aligned (as a
		     * fragment's prefixOf says them: dup_moves_through) */
		dom_add(m, "from", dom_uint(from)),
		dom_add(m, "to", dom_uint(dup_moves_through(steps, nsteps, kk, head)));
	if (rel == REL_UNCOMPARED && !e->vars_unknown)   /* (the kept copy's not read) */
		dom_add(m, "variationsCompared", dom_bool(false));
	if (*ndiffs)
		dom_add(m, "differences", diffs);
	else
		json_object_put(diffs);
	if (boards)
		dom_add(m, "boards", boards);
	dom_add(m, "orientation", dom_string(sym_names[relative_sym(k, &view, width, height)]));
	if ((view.sym ^ k->sym) & 8)
		dom_add(m, "colorsSwapped", dom_bool(true));
	free(steps);
	free(img);
	free(kk);
	free(ke);
	return rel;
}

static const char *const fact_names[FACT_MARKUP + 1] = { "black", "white", "date", "result",
	"event", "komi", "handicap", "rules", "round", "black's rank", "white's rank", "comments",
	"markup" };

static bool same_fact(const struct dup_set *s, const struct entry *e, int f, bool swapped,
		      const char *w);

/* Whether copies a and b give the same players (as written: a rank
 * after one is no other player, but what deleting the copy loses), date,
 * result, event and comments (texts and where they stand), a's colours
 * read as b's. */
static bool same_record(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	bool swapped = (a->sym ^ b->sym) & 8;
	for (int f = 0; f < FACT_KOMI; f++) {
		const char *w = dup_fact(s, b, f);
		if (!same_fact(s, a, f, swapped, w))
			return false;
		const char *v = dup_fact(s, a, swapped && f <= FACT_WHITE ? f ^ 1 : f);
		if (f <= FACT_WHITE && v && w && !dup_same_text(v, w))
			return false;
		/* (the ranks given apart where both give one, as written) */
		v = f <= FACT_WHITE ? dup_fact(s, a, FACT_BLACK_RANK + (swapped ? f ^ 1 : f)) : NULL;
		w = v ? dup_fact(s, b, FACT_BLACK_RANK + f) : NULL;
		if (v && w && !dup_same_text(v, w))
			return false;
	}
	return a->comments == b->comments && a->comment_hash == b->comment_hash &&
	       a->mark_items == b->mark_items && a->mark_hash == b->mark_hash;
}

/* A copy (ids[i], its member m) the same as one listed before it (not
 * the kept one: its relation says so) says which ("sameAs"): the same
 * moves and variations, terms, facts and comments, what a keeper drops
 * without reading on. */
static void same_as(struct dup_set *s, const size_t *ids, size_t i, json_object *const *shown,
		    json_object *m)
{
	const struct entry *e = &s->games[ids[i]];
	for (size_t j = 0; j < i; j++) {
		const struct entry *o = &s->games[ids[j]];
		if (!shown[j] || o->whole != e->whole || o->len != e->len || !dup_same_terms(s, o, e) ||
		    !same_tree(o, e) || !same_record(s, e, o))
			continue;
		uint16_t *ko = dup_load_key(s, o), *ke = dup_load_key(s, e);
		bool same = !dup_cmp_key(ko, ke, e->len);
		free(ko);
		free(ke);
		if (same) {
			dom_add(m, "sameAs", dup_game_place(s, o));
			return;
		}
	}
}

/* What in[i] of a group's game says: left out of it, in it, or in it with
 * its colours swapped against the kept copy (--swap-colors). */
enum { OUT, IN, IN_SWAPPED };

/* The members of the group ids (n games) pushed to members after the
 * kept copy k: each copy within the bounds the report gives, its
 * relation to k; in[i] says which are (k too) and how. Returns the weakest
 * relation (REL_IDENTICAL to REL_NEAR); texts[i], how each one's comments
 * stand to k's (texts_kept); *listed, the copies listed;
 * *terms, whether a copy of k's moves or their beginning was played under
 * other terms (its relation then "same-moves", never "identical" nor
 * "prefix": a keeper told so deletes the copy with the true komi). */
static int list_members(struct dup_set *s, const size_t *ids, size_t n, size_t keep,
			json_object *members, unsigned char *in, unsigned char *texts, size_t *listed,
			bool *terms)
{
	const struct entry *k = &s->games[keep];
	uint16_t *kk = dup_load_key(s, k);
	int width = kk[0], height = kk[1], worst = 0;
	free(kk);
	json_object **shown = xcalloc(n, sizeof *shown);
	*listed = 0;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (ids[i] == keep) {
			in[i] = IN;
			continue;
		}
		json_object *m = dup_member_json(s, e);
		size_t ndiffs = 0;
		int rel = relation(s, k, e, m, width, height, &ndiffs, &texts[i]);
		if (rel < 0 || (rel == REL_NEAR && ndiffs > (size_t)s->o.max_differ)) {
			json_object_put(m);   /* beyond the bounds: not a copy of the kept one */
			continue;
		}
		in[i] = json_object_object_get_ex(m, "colorsSwapped", NULL) ? IN_SWAPPED : IN;
		worst = rel > worst ? rel : worst;
		if (rel <= REL_PREFIX && !dup_same_terms(s, k, e)) {
			dom_add(m, "relation", dom_string("same-moves"));
			*terms = true;
		}
		if (rel)
			same_as(s, ids, i, shown, m);
		shown[i] = m;
		dom_push(members, m);
		(*listed)++;
	}
	free(shown);
	return worst;
}

/* Whether a copy's fact f (its colours swapped against the kept copy's
 * with swapped: its white player is the kept copy's black, its W+R is B+R)
 * is the kept copy's w. */
static bool same_fact(const struct dup_set *s, const struct entry *e, int f, bool swapped,
		      const char *w)
{
	const char *v = dup_fact(s, e, swapped && f <= FACT_WHITE ? f ^ 1 : f);
	if (f <= FACT_WHITE && dup_no_player(v))
		v = NULL;   /* a placeholder names no player: as none given */
	if (f <= FACT_WHITE && dup_no_player(w))
		w = NULL;
	if (!v || !w)
		return !v && !w;
	if (f == FACT_KOMI || f == FACT_HANDICAP)   /* as numbers: 6.5 is 6.50 */
		return strtod(v, NULL) == strtod(w, NULL);
	if (f <= FACT_WHITE)   /* one name: LEE, Sedol is Lee Sedol 9p */
		return dup_same_text(v, w) || dup_same_player(v, w);
	if (f == FACT_DATE)   /* one day: 2016.3.9 is 2016-03-09 */
		return dup_same_date(v, w);
	if (f != FACT_RESULT)
		return dup_same_text(v, w);
	if (!swapped || !strchr("BWbw", v[0]) || !v[0] || v[1] != '+')
		return dup_same_result(v, w);   /* B+13.50 is B+13.5 */
	char *t = xstrdup(v);
	t[0] = strchr("Bb", v[0]) ? 'W' : 'B';
	bool same = dup_same_result(t, w);
	free(t);
	return same;
}

/* Whether copy e gives fact f, which the kept copy k lacks, as a value
 * k can take (its colours read as k's when swapped): a player k names
 * of the other colour is no black (or white) to copy into it, but the
 * players written exchanged (players_exchanged says so). */
static bool gives_lacked(const struct dup_set *s, const struct entry *e, int f, bool swapped,
			 const struct entry *k)
{
	int g = swapped && f <= FACT_WHITE ? f ^ 1 : f;
	if (!has_fact(s, e, g))
		return false;
	return f > FACT_WHITE || !dup_same_player(dup_fact(s, e, g), dup_fact(s, k, f ^ 1));
}

/* Whether k and e name the same two players (dup_same_player), as written
 * or exchanged. */
static bool same_players(const struct dup_set *s, const struct entry *k, const struct entry *e)
{
	const char *kb = dup_fact(s, k, FACT_BLACK), *kw = dup_fact(s, k, FACT_WHITE);
	const char *eb = dup_fact(s, e, FACT_BLACK), *ew = dup_fact(s, e, FACT_WHITE);
	return (dup_same_player(kb, eb) && dup_same_player(kw, ew)) ||
	       (dup_same_player(kb, ew) && dup_same_player(kw, eb));
}

/* Whether copy e names as its player of colour f (FACT_BLACK, FACT_WHITE;
 * its colours read as k's where swapped) another player than the kept copy
 * k (dup_other_player: Park Junghwan and Park Younghwan, whatever words
 * they share), and a player of the other colour is named another too as
 * written exchanged: not a copy that writes the two exchanged, which has
 * its own advice (players_exchanged). */
static bool other_player_named(const struct dup_set *s, const struct entry *k,
			       const struct entry *e, bool swapped, int f)
{
	const char *kb = dup_fact(s, k, FACT_BLACK), *kw = dup_fact(s, k, FACT_WHITE);
	const char *eb = dup_fact(s, e, swapped ? FACT_WHITE : FACT_BLACK);
	const char *ew = dup_fact(s, e, swapped ? FACT_BLACK : FACT_WHITE);
	return dup_other_player(f == FACT_BLACK ? eb : ew, f == FACT_BLACK ? kb : kw) &&
	       (dup_other_player(eb, kw) || dup_other_player(ew, kb));
}

/* The facts the group's copies (those in[]) agree on with the kept copy
 * k, and those they differ in ("agree", "differ" of g), a copy of colours
 * swapped read as the kept copy's colours; the moves in one of them as
 * worst (the weakest relation) says; the terms that differ, and the
 * date, result or event two copies give otherwise, in terms (of len
 * bytes), "result, komi", "" when none; *comments: whether a copy has
 * comments the kept copy has not. */
static void agreement(struct dup_set *s, const size_t *ids, size_t n, const unsigned char *in,
		      const unsigned char *texts, const struct entry *k, int worst, json_object *g,
		      char *terms, char *lacks, size_t len, bool *comments, bool *markup)
{
	json_object *agree = dom_array(), *differ = dom_array();
	*terms = *lacks = '\0';
	*comments = *markup = false;
	for (int f = 0; f <= FACT_MARKUP; f++) {
		/* the round is read by records without moves only (dupfacts.c);
		 * the ranks with their players (ranks, below) */
		if (f == FACT_ROUND || f == FACT_BLACK_RANK || f == FACT_WHITE_RANK)
			continue;
		bool same = true, any = false, lacked = false, disputed = false, ranks = false;
		for (size_t i = 0; i < n; i++) {
			const struct entry *e = &s->games[ids[i]];
			if (!in[i])
				continue;
			any |= has_fact(s, e, f);
			/* a date, result or event both give, each another (the
			 * players written exchanged have their own advice) */
			disputed |= f >= FACT_DATE && f <= FACT_EVENT && has_fact(s, k, f) &&
				    has_fact(s, e, f) && !same_fact(s, e, f, in[i] == IN_SWAPPED,
								    dup_fact(s, k, f));
			/* a player named otherwise, where the moves say one game
			 * (a shorter game's copies are asked whether it is:
			 * short_doubt) */
			disputed |= f <= FACT_WHITE && e != k &&
				    (DUP_PLAYED(k) >= DUP_NEAR_MIN_MOVES || k->position) &&
				    other_player_named(s, k, e, in[i] == IN_SWAPPED, f);
			lacked |= f < FACT_KOMI && !has_fact(s, k, f) && gives_lacked(s, e, f,
				  in[i] == IN_SWAPPED, k);
			/* one player, a rank (given apart, or after the name)
			 * another (never compared where one gives none) */
			int c = in[i] == IN_SWAPPED && f <= FACT_WHITE ? f ^ 1 : f;
			ranks |= f <= FACT_WHITE && e != k &&
				 dup_ranks_differ(dup_fact(s, e, c), dup_fact(s, e, FACT_BLACK_RANK + c),
						  dup_fact(s, k, f), dup_fact(s, k, FACT_BLACK_RANK + f));
			if (f < FACT_COUNT)
				same &= same_fact(s, e, f, in[i] == IN_SWAPPED, dup_fact(s, k, f));
			else if (f == FACT_COMMENTS)   /* their texts, each after the move aligned with k's */
				same &= e == k || (e->comments == k->comments &&
						   TEXTS_OF(texts[i]) == TEXTS_SAME);
			else   /* each mark at its node, as a text */
				same &= e == k || MARKS_OF(texts[i]) == TEXTS_SAME;
		}
		if (any)
			dom_push(same ? agree : differ, dom_string(fact_names[f]));
		if (ranks)
			dom_push(differ, dom_string(fact_names[FACT_BLACK_RANK + f]));
		if ((any && !same && f >= FACT_KOMI && f <= FACT_RULES) || disputed)
			snprintf(terms + strlen(terms), len - strlen(terms), "%s%s", *terms ? ", " : "",
				 fact_names[f]);
		if (lacked)
			snprintf(lacks + strlen(lacks), len - strlen(lacks), "%s%s", *lacks ? ", " : "",
				 fact_names[f]);
	}
	/* A text another copy has that the kept copy has not after the same
	 * move: deleted with it, its commentary is lost. */
	for (size_t i = 0; i < n; i++) {
		*comments |= in[i] && TEXTS_OF(texts[i]) == TEXTS_LOST;
		*markup |= in[i] && MARKS_OF(texts[i]) == TEXTS_LOST;
	}
	/* Variations another copy holds: a copy kept for its facts (a short
	 * game's, over one with a variation) would lose them with the rest. */
	for (size_t i = 0; i < n; i++)
		if (in[i] && s->games[ids[i]].variations > k->variations) {
			snprintf(lacks + strlen(lacks), len - strlen(lacks), "%svariations",
				 *lacks ? ", " : "");
			break;
		}
	/* the moves of every variation (a position's solution) compared; not
	 * said where the copies' main lines agree and some variations were
	 * too many to read */
	if (worst != REL_UNCOMPARED)
		dom_push(worst != REL_IDENTICAL ? differ : agree, dom_string("moves"));
	dom_add(g, "agree", agree);
	dom_add(g, "differ", differ);
}

/* Whether copy e names a player of k's colour (its colours read as k's
 * where swapped) in a spelling only the fold of romanisations ties to
 * k's (dup_respelt_player). */
static bool respelt(const struct dup_set *s, const struct entry *k, const struct entry *e,
		    bool swapped)
{
	for (int f = FACT_BLACK; f <= FACT_WHITE; f++)
		if (dup_respelt_player(dup_fact(s, e, swapped ? f ^ 1 : f), dup_fact(s, k, f)))
			return true;
	return false;
}

/* Whether a copy listed (in[]) beside the kept copy k, a game of fewer
 * than DUP_NEAR_MIN_MOVES moves, may be another game, where two games can
 * share those moves: its players or date do not say it is k's game
 * (dup_facts_say: linked because nothing said it is another, names in
 * another script, a date one gives), or it names a player otherwise
 * (other_player_named: one game by its moves and day, the man page's
 * "whatever the other's names"), or in a spelling only the fold of
 * romanisations ties to k's (respelt: one player for grouping, maybe
 * two). A longer game's copies are one game by
 * their moves: a player named otherwise is a fact they disagree on
 * (agreement). */
static bool short_doubt(const struct dup_set *s, const size_t *ids, size_t n,
			const unsigned char *in, const struct entry *k)
{
	if (DUP_PLAYED(k) >= DUP_NEAR_MIN_MOVES || k->position)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (!in[i] || e == k)
			continue;
		if ((dup_facts_given(s, e) && dup_facts_say(s, k, e) != FACTS_ONE_GAME) ||
		    other_player_named(s, k, e, in[i] == IN_SWAPPED, FACT_BLACK) ||
		    other_player_named(s, k, e, in[i] == IN_SWAPPED, FACT_WHITE) ||
		    respelt(s, k, e, in[i] == IN_SWAPPED))
			return true;
	}
	return false;
}

/* Whether a copy listed (in[]) beside the kept copy k, records without a
 * move, names a player otherwise (in another script or romanisation, or
 * not at all): one game by their facts alone, one player, the day, the
 * event and the result (REVIEW.md R51), which a player's games of a day
 * can share. */
static bool unplayed_doubt(const struct dup_set *s, const size_t *ids, size_t n,
			   const unsigned char *in, const struct entry *k)
{
	if (DUP_PLAYED(k) || k->position)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (in[i] && e != k && !same_players(s, k, e))
			return true;
	}
	return false;
}

/* Whether a copy listed (in[]) beside the kept copy k writes the players
 * exchanged against k or against the first other copy that names both
 * (k may name none: its copies can still disagree). */
static bool players_exchanged(const struct dup_set *s, const size_t *ids, size_t n,
			      const unsigned char *in, const struct entry *k)
{
	const struct entry *ref = NULL;
	bool ref_swapped = false;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (!in[i] || e == k)
			continue;
		bool swapped = in[i] == IN_SWAPPED;
		if (dup_players_exchanged(s, e, k, swapped) ||
		    (ref && dup_players_exchanged(s, e, ref, swapped != ref_swapped)))
			return true;
		if (!ref && dup_fact(s, e, FACT_BLACK) && dup_fact(s, e, FACT_WHITE))
			ref = e, ref_swapped = swapped;
	}
	return false;
}

/* Adds a reservation to why_text (len bytes), after what it holds. */
__attribute__((format(printf, 3, 4)))
static void but(char *why_text, size_t len, const char *fmt, ...)
{
	size_t at = strlen(why_text);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why_text + at, len - at, fmt, ap);
	va_end(ap);
}

/* The group of ids (n games, in the order read): its kept copy, each
 * other copy's relation to it. A copy whose relation is not within the
 * bounds the report gives (a near copy of a near copy, more than
 * --max-differ moves from the kept one) is left out of the group: it
 * links to it through another copy only; left gets those (*nleft of
 * them, in the order read). NULL when no copy is left but the kept one.
 * *copies: the copies listed, not kept. */
json_object *dup_group_json(struct dup_set *s, const size_t *ids, size_t n, size_t keep,
			       const struct keep_why *why, size_t *copies, size_t *left,
			       size_t *nleft)
{
	const struct entry *k = &s->games[keep];
	json_object *members = dom_array();
	json_object *kept = dup_member_json(s, k);
	dom_add(kept, "relation", dom_string("kept"));
	dom_push(members, kept);
	unsigned char *in = xcalloc(n, sizeof *in), *texts = xcalloc(n, sizeof *texts);
	size_t listed;
	bool other_terms = false;
	int worst = list_members(s, ids, n, keep, members, in, texts, &listed, &other_terms);
	*nleft = 0;
	for (size_t i = 0; i < n; i++)
		if (!in[i])
			left[(*nleft)++] = ids[i];
	if (!listed) {
		free(in);
		free(texts);
		json_object_put(members);
		return NULL;
	}
	*copies = listed;
	json_object *g = dom_object();
	dom_add(g, "class", dom_string(worst == REL_IDENTICAL && other_terms ? "same-moves"
				       : rel_name(worst, k->position)));
	dom_add(g, "moves", dom_uint(k->moves));
	char terms[48], lacks[48];
	bool other_comments, other_markup;
	agreement(s, ids, n, in, texts, k, worst, g, terms, lacks, sizeof terms, &other_comments,
		  &other_markup);
	bool doubt = short_doubt(s, ids, n, in, k), exchanged = players_exchanged(s, ids, n, in, k);
	bool unplayed = unplayed_doubt(s, ids, n, in, k);
	free(in);
	free(texts);
	dom_add(g, "keep", dom_string(s->sources[k->source]));
	if (k->count > 1)
		dom_add(g, "keepGame", dom_uint(k->index + 1));
	char why_text[768];
	/* (of the games listed) */
	dup_why_words(why, listed + 1, k, worst == REL_MIDDLE, why_text, sizeof why_text);
	if (*lacks)   /* kept for its moves, comments or variations: the rest would be lost */
		but(why_text, sizeof why_text, "; but other copies give the %s it lacks: copy them "
		    "into it before deleting them", lacks);
	if (other_comments)   /* commentary no count of comments weighs */
		but(why_text, sizeof why_text, "; but other copies have comments it has not: copy "
		    "them into it before deleting them");
	if (other_markup)   /* marks no count of them weighs (another label, another node) */
		but(why_text, sizeof why_text, "; but other copies have marks it has not: copy "
		    "them into it before deleting them");
	if (*terms)   /* which is true no count of copies tells: the keeper is asked */
		but(why_text, sizeof why_text, "; but the copies disagree on %s: find out which is "
		    "true before deleting any", terms);
	if (exchanged)   /* which copy writes them right no count tells */
		but(why_text, sizeof why_text, "; but a copy writes the players exchanged: find out "
		    "which is true before deleting any");
	if (doubt)   /* linked for nothing against it: the keeper is asked */
		but(why_text, sizeof why_text, "; but a copy names the players or date otherwise, "
		    "and two games can share fewer than %d moves: find out whether it is this game "
		    "before deleting it", DUP_NEAR_MIN_MOVES);
	if (unplayed)   /* one game by facts a player's games of a day can share */
		but(why_text, sizeof why_text, "; but these records have no moves, and a copy names "
		    "a player otherwise: find out whether it is this game before deleting it");
	if (why->moves == KEEP_UNINSERTED)   /* inserted in copying, or lost from this one */
		but(why_text, sizeof why_text, "; but find out whether the moves the other copy has "
		    "among these were played before deleting it");
	dom_add(g, "why", dom_string(why_text));
	dom_add(g, "games", members);
	return g;
}

/* A game as a fragment's entry names it: {"path", "game", "moves"}. */
json_object *dup_game_ref(const struct dup_set *s, const struct entry *e)
{
	json_object *o = dup_game_place(s, e);
	dom_add(o, "moves", dom_uint(e->moves));
	if (e->indexed)
		dom_add(o, "indexed", dom_bool(true));
	return o;
}
