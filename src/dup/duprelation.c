/* duprelation: how a group's copy stands to the kept one, as the report
 * gives it: its line aligned with the kept copy's, its differences and the
 * boards at the first, its orientation, and how its comments and marks
 * stand to the kept copy's (dupreport.c lists the copies and says which to
 * keep). */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "core/record.h"
#include "engine/board.h"

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
	return dup_transform(p, dup_sym_inverse(sym & 7), width, height);
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

const char *dup_rel_name(int rel, bool position)
{
	static const char *const names[] = { "identical", "same-line", "same-line", "prefix",
					     "near", "middle" };
	return position && (rel == REL_UNCOMPARED || rel == REL_SAME_LINE) ? "same-position"
	       : names[rel];
}

bool dup_same_tree(const struct entry *a, const struct entry *b)
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
 * played so: its line is aligned with the other's as it was written.
 * Passes after e's last move that k has not count for neither where the
 * whole lines are too far apart (as dup_relation's retry reads them). */
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
	size_t extra = e->passes_after > k->passes_after ? e->passes_after - k->passes_after : 0;
	uint16_t *out = xmalloc(lg * sizeof *out);
	/* e against the beginning of k, as align_copies aligns them; then
	 * without the passes */
	const size_t cuts[2] = { 0, extra };
	for (int i = 0; i < 1 + !!extra; i++) {
		size_t cut = cuts[i], lgc = kept_stones ? lg : lg - cut, lpc = kept_stones ? lp - cut : lp;
		if (dup_played(s, *g, lgc, p, lpc, band, kept_stones ? 1 : 2, out, NULL) <= band) {
			/* (e's passes after, as written) */
			memcpy(out + lgc, *g + lgc, (lg - lgc) * sizeof *out);
			free(*g);
			*g = out;
			return;
		}
	}
	free(out);
}

/* The steps of e's line aligned with the kept copy k's, the passes after
 * the last move of each left out (align_copies: into *img, *sym e's
 * symmetry for it, *turn the one that aligns their keys, setup e's own),
 * else of the lines as written, else of a middle excerpt of k (*from its
 * first move in k); NULL where none is within bounds. */
static struct edit *aligned_steps(struct dup_set *s, const struct entry *k, const uint16_t *kk,
				  const struct entry *e, const uint16_t *ke, uint16_t **img,
				  size_t *nsteps, int *sym, int *turn, uint16_t *setup, size_t *from,
				  int width, int height)
{
	struct entry kline = *k, line = *e;   /* their lines, the passes after left out */
	kline.len = (uint32_t)DUP_LINE(k), line.len = (uint32_t)DUP_LINE(e);
	struct edit *steps = align_copies(s, &kline, kk, &line, ke, img, nsteps, sym, turn, setup,
					  width, height);
	if (!steps && (kline.len != k->len || line.len != e->len))   /* (as written) */
		steps = align_copies(s, k, kk, e, ke, img, nsteps, sym, turn, setup, width, height);
	if (!steps && (steps = dup_middle_steps(s, kk, k->len, ke, e->len, img, nsteps, turn,
						from)))
		*sym = compose(e->sym, *turn, width, height);
	return steps;
}

int dup_relation(struct dup_set *s, const struct entry *k, const struct entry *e,
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
	size_t nsetup = dup_key_head(ke) - 3, eline = DUP_LINE(e) - dup_key_head(ke);
	if (nsetup == head - 3)
		nsetup = SIZE_MAX;
	/* A copy longer than the kept one is not its prefix, even where the
	 * kept copy is its beginning (a group whose copies all begin other
	 * games keeps the first read): its moves after are inserted. Passes
	 * after the last move count for neither length nor beginning (one
	 * line: dup_same_line, as the keep weighs it): a copy whose line is
	 * the kept copy's (same-line) or its beginning (prefix), the passes
	 * after each left out, is placed element by element, and a near
	 * copy's are no moves inserted; where a copy's passes after are other
	 * than the kept copy's, both are said. */
	size_t le = DUP_LINE(e), lk = DUP_LINE(k);
	bool passes = e->passes_after != k->passes_after && !e->position && !k->position;
	if (le > lk || dup_cmp_key(kk, ke, le)) {
		steps = aligned_steps(s, k, kk, e, ke, &img, &nsteps, &view.sym, &turn, setup, &from,
				      width, height);
		if (!steps) {
			free(kk);
			free(ke);
			return -1;
		}
	} else {   /* identical, or its beginning: place by place */
		img = xmalloc((e->len ? e->len : 1) * sizeof *img);
		memcpy(img, ke, e->len * sizeof *img);
		steps = xmalloc((n + 1) * sizeof *steps);
		for (size_t i = head; i < le; i++)
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
	int rel = from ? REL_MIDDLE : *ndiffs ? REL_NEAR : lk - head != eline ? REL_PREFIX
		  : !passes && dup_same_tree(k, e) ? REL_IDENTICAL
		  : k->vars_unknown || e->vars_unknown ? REL_UNCOMPARED : REL_SAME_LINE;
	dom_add(m, "relation", dom_string(dup_rel_name(rel, k->position)));
	if (passes && !from) {   /* the passes after the last move, this copy's and the kept one's */
		dom_add(m, "passesAfter", dom_uint(e->passes_after));
		dom_add(m, "keptPassesAfter", dom_uint(k->passes_after));
	}
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