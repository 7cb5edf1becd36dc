/* dupkeep: which copy of a group to keep, and why (dup/dupset.h): never
 * one with an illegal move where another has none; then the moves most of
 * the group's games agree with, the centre (the moves the others are
 * closest to), the solution most copies give; then the facts as written
 * (not the players exchanged, not a date without the day); then the most
 * complete. */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

bool dup_gives(const struct dup_set *s, const struct entry *e, int f)
{
	if (f <= FACT_WHITE)   /* a player named, not a placeholder */
		return !dup_no_player(dup_fact(s, e, f));
	if (f == FACT_BLACK_RANK || f == FACT_WHITE_RANK)   /* apart, or after the name */
		return dup_rank_given(dup_fact(s, e, f - FACT_BLACK_RANK), dup_fact(s, e, f));
	return f < FACT_COUNT && e->fact_len[f] > 0;
}

bool dup_lackable(int f)
{
	return f < FACT_KOMI || f == FACT_BLACK_RANK || f == FACT_WHITE_RANK;
}

/* How many of the facts a keeper copies into the kept copy from another
 * (dup_lackable) e gives: of two copies, the one that gives what the
 * other lacks is kept. */
static int facts_given(const struct dup_set *s, const struct entry *e)
{
	int n = 0;
	for (int f = 0; f < FACT_COUNT; f++)
		n += dup_lackable(f) && dup_gives(s, e, f);
	return n;
}

/* The consensus can be counted within groups of at most this many
 * distinct keys (pairs of them are compared); a larger group keeps its
 * longest copy as the consensus. */
#define KEEP_DISTINCT_MAX 256

struct keep_view {
	size_t id;          /* the game */
	size_t support;     /* the group's games whose moves are its beginning or all of it */
	size_t same;        /* the group's games with its moves */
	bool maximal;       /* the beginning of no other copy */
	size_t solution;    /* a position with a solution: the group's copies with
			     * its very tree (its solution), itself counted */
	size_t far;         /* the edits of the group's games from its moves, each
			     * at most --max-differ + 1 (0: not counted) */
	bool inserted;      /* of a group of two distinct moves, its are the other's
			     * with moves inserted, not only after its end */
	bool paired;        /* ... a group of two distinct moves: inserted looked for */
	size_t line;        /* the first of the distinct moves of its line (dup_same_line:
			     * the passes after the last move counting for neither);
			     * SIZE_MAX where not counted */
	size_t exchanged;   /* the group's games that write its players the other
			     * way round, less those that write them its way or
			     * neither, itself counted (count_bent; a pair's two
			     * ways: 0) */
	size_t dayless;     /* ... its date only without the day (dup_date_holds) */
};

bool dup_same_line(const struct entry *a, const uint16_t *ka, const struct entry *b,
		   const uint16_t *kb)
{
	size_t la = a->len, lb = b->len, n = la < lb ? la : lb;
	return !a->position && !b->position && !dup_cmp_key(ka, kb, n) &&
	       dup_passes_only(la > lb ? ka : kb, n, la > lb ? la : lb);
}

/* Whether copies a and b have the same moves: the same key, and a
 * position (whose key is its stones) the same solution too. */
static bool same_moves(const struct entry *a, const struct entry *b)
{
	return a->whole == b->whole && a->len == b->len && (!a->position || a->tree == b->tree);
}

/* Whether the copies of views a and b have the same moves as the keep
 * weighs them: one line (dup_same_line, as count_support found: the
 * passes after the last move counting for neither), a position the same
 * solution too; where the lines were not counted, the same key. */
static bool same_line_of(const struct dup_set *s, const struct keep_view *a,
			 const struct keep_view *b)
{
	const struct entry *x = &s->games[a->id], *y = &s->games[b->id];
	if (a->line == SIZE_MAX || b->line == SIZE_MAX)
		return same_moves(x, y);
	return a->line == b->line && (!x->position || x->tree == y->tree);
}

/* Whether a is better kept than b, and by which reason (*why). */
static bool keep_before(const struct dup_set *s, const struct keep_view *a,
			const struct keep_view *b, enum keep_reason *why)
{
	const struct entry *x = &s->games[a->id], *y = &s->games[b->id];
	long long c[KEEP_TIE] = {
		/* never a copy with an illegal move where one has none */
		(long long)!x->illegal - !y->illegal,
		(long long)a->support - (long long)b->support,
		/* then the centre: the moves the other copies are closest to,
		 * not a copy's with a move inserted the others lack */
		(long long)b->far - (long long)a->far,
		/* then one whose players take turns where another's do not: a
		 * move inserted or lost in copying, where nothing above told
		 * (after the consensus: a game's own two moves of one colour,
		 * a pass not written, are its copies' too, REVIEW.md R145) */
		(long long)!x->out_of_turn - !y->out_of_turn,
		/* then, of two moves (no centre), the one without moves the
		 * other has within it, not at its end (inserted in copying,
		 * where no count of copies tells; a truncated copy's game is
		 * longer by its end only, and kept) */
		(long long)b->inserted - a->inserted,
		(long long)(x->moves > 0) - (y->moves > 0),   /* games: always both */
		(long long)a->solution - (long long)b->solution,
		/* then the handicap as SGF's HA and AB write it, not black
		 * moves with white passes between: moves the others lack,
		 * which shift every move's number (before the most complete:
		 * comments can be copied into the right record) */
		(long long)!x->handicap_moves - !y->handicap_moves,
		/* then the facts as written: not a copy whose players and date
		 * are the game's only read exchanged or by the month alone
		 * (the keeper can copy comments into the right record; wrong
		 * facts kept are silent damage) */
		(long long)(b->exchanged + b->dayless) - (long long)(a->exchanged + a->dayless),
		(long long)!!x->fact_len[FACT_RESULT] - !!y->fact_len[FACT_RESULT],
		(long long)x->comments - (long long)y->comments,
		/* then the more commentary, not the first read */
		(long long)x->comment_bytes - (long long)y->comment_bytes,
		/* then the more markup (a problem's labels of its answers) */
		(long long)x->mark_items - (long long)y->mark_items,
		/* a copy with variations kept (the other deleted loses none) */
		(long long)x->variations - (long long)y->variations,
		(long long)facts_given(s, x) - facts_given(s, y),
		/* the longer, passes after the last move counting for neither
		 * (the game's end written or not: no copy is the more complete
		 * for them, and one with a move changed is not kept by them) */
		(long long)DUP_PLAYED(x) - (long long)DUP_PLAYED(y),
		(long long)x->indexed - y->indexed,
	};
	for (int k = 0; k < KEEP_TIE; k++)
		if (c[k]) {
			*why = (enum keep_reason)k;
			return c[k] > 0;
		}
	*why = KEEP_TIE;
	return a->id < b->id;   /* read first */
}

/* The centre is looked for among at most this many distinct moves of a
 * group (pairs of them aligned: a dense collection's groups hold many). */
#define CENTRE_DISTINCT_MAX 16

/* The edits of a copy of a game's middle (of x and y, the one of fewer
 * moves) from the other's moves there (dup_middle_of), band + 1 where it
 * is none: a middle agrees with the copy whose moves it has, not with
 * one with a move changed within its span. */
static size_t middle_edits(const struct dup_set *s, const struct entry *ex, const uint16_t *kx,
			   const struct entry *ey, const uint16_t *ky, size_t band)
{
	bool x_long = ex->moves >= ey->moves;
	const struct entry *el = x_long ? ex : ey, *es = x_long ? ey : ex;
	const uint16_t *kl = x_long ? kx : ky, *ks = x_long ? ky : kx;
	int r = 0;
	size_t off = dup_middle_of(s, kl, el->len, ks, es->len, band, &r);
	return off ? dup_middle(s, kl, el->len, ks, es->len, off, band, &r) : band + 1;
}

/* Each copy's distance from the group's games (v[].far): the edits that
 * take its moves to each game's (a game that is its beginning, or whose
 * beginning it is, as the kept copy's relation counts them; a middle
 * excerpt's from its moves there, middle_edits), at most
 * --max-differ + 1 each, by the games with those moves; of the nd
 * distinct moves keys[] (each the moves of count[] games, game i's
 * of[i]). Where all are as far, or too many to compare, left 0. */
static void centre(const struct dup_set *s, const size_t *ids, size_t n, struct keep_view *v,
		   uint16_t *const *keys, const size_t *rep, const size_t *count, size_t nd,
		   const size_t *of)
{
	if (nd < 3 || nd > CENTRE_DISTINCT_MAX)
		return;
	size_t band = s->o.max_differ > 0 ? (size_t)s->o.max_differ : 1;
	size_t far[CENTRE_DISTINCT_MAX] = { 0 };
	for (size_t a = 0; a < nd; a++)
		for (size_t b = 0; b < nd; b++) {
			if (a == b)
				continue;
			const struct entry *ea = &s->games[ids[rep[a]]], *eb = &s->games[ids[rep[b]]];
			int r;
			size_t d = ea->len >= eb->len
				   ? dup_aligned(s, keys[a], ea->len, keys[b], eb->len, band, true, &r)
				   : dup_aligned(s, keys[b], eb->len, keys[a], ea->len, band, true, &r);
			if (d > band)
				d = middle_edits(s, ea, keys[a], eb, keys[b], band);
			far[a] += (d > band ? band + 1 : d) * count[b];
		}
	for (size_t i = 0; i < n; i++)
		v[i].far = far[of[i]] + 1;
}

/* Of a group of two distinct moves (keys[0], keys[1], the moves of
 * games ids[rep[0]] and ids[rep[1]]), whether one is the other with moves
 * inserted, some not after its end (v[].inserted of its games): its
 * line within the band of the other's, by insertions alone (as many
 * edits as it is longer), and the other not its beginning. */
static void inserted_within(const struct dup_set *s, const size_t *ids, size_t n,
			    struct keep_view *v, uint16_t *const *keys, const size_t *rep,
			    const size_t *of)
{
	const struct entry *a = &s->games[ids[rep[0]]], *b = &s->games[ids[rep[1]]];
	size_t longer = a->len > b->len ? 0 : 1;
	const struct entry *l = longer ? b : a, *sh = longer ? a : b;
	size_t more = l->len - sh->len;   /* (keys of one head: dup_aligned compares heads) */
	size_t band = s->o.max_differ > 0 ? (size_t)s->o.max_differ : 1;
	int r;
	if (!more || more > band || dup_key_head(keys[0]) != dup_key_head(keys[1]) ||
	    !dup_cmp_key(keys[longer], keys[!longer], sh->len) ||
	    dup_aligned(s, keys[longer], l->len, keys[!longer], sh->len, more, false, &r) > more)
		return;
	for (size_t i = 0; i < n; i++)
		v[i].inserted = of[i] == longer;
}

/* Whether copy a (key ka) is b's (kb) without its handicap's stones
 * (dup_stones_dropped), b's line or its beginning (dup_bare_key), the
 * passes after the last move counting for neither. It is b's beginning,
 * as a cut copy is: copies that dropped the stones are no consensus over
 * the game with them (duplicates_truth.py --wide seed 4's 0409: three
 * such copies and the game, one of them kept). */
static bool stones_dropped(const struct dup_set *s, const struct entry *a, const uint16_t *ka,
			   const struct entry *b, const uint16_t *kb)
{
	if (a->position || b->position || !dup_stones_dropped(s, ka, kb, b->len))
		return false;
	uint16_t *bare = xmalloc(b->len * sizeof *bare);
	size_t n = dup_bare_key(s, kb, b->len, bare);
	bool begins = DUP_LINE(a) <= n - (n > b->passes_after ? b->passes_after : 0) &&
		      !dup_cmp_key(ka, bare, DUP_LINE(a));
	free(bare);
	return begins;
}

/* Each copy's distance from the group's games (v[].far) as its line's
 * nearest (of nd distinct moves): the passes after the last move count
 * for neither, so a copy that writes them is no nearer a near copy that
 * writes them too (duplicates_truth.py --aside --wide seed 37: a copy
 * without players, date or result was kept over its game for them). */
static void centre_by_line(struct keep_view *v, size_t n, size_t nd)
{
	size_t *near = xmalloc(nd * sizeof *near);
	for (size_t d = 0; d < nd; d++)
		near[d] = SIZE_MAX;
	for (size_t i = 0; i < n; i++)
		if (v[i].far && v[i].far < near[v[i].line])
			near[v[i].line] = v[i].far;
	for (size_t i = 0; i < n; i++)
		if (v[i].far)
			v[i].far = near[v[i].line];
	free(near);
}

/* The support of each copy of the group ids (n games) in v: the games
 * whose moves are its or its beginning, those with its line (the passes
 * after the last move counting for neither: dup_same_line), and whether
 * it is the beginning of no other (a key another extends by passes only
 * is not its beginning). False when the group has too many distinct keys
 * to compare pairs of (v as it was). */
static bool count_support(struct dup_set *s, const size_t *ids, size_t n, struct keep_view *v,
			  const bool *begins)
{
	if (n > 4 * KEEP_DISTINCT_MAX)
		return false;
	/* The distinct keys (by their hash, then compared) */
	size_t *rep = xmalloc(n * sizeof *rep), nd = 0;
	size_t *of = xmalloc(n * sizeof *of);
	uint16_t **keys = xcalloc(n, sizeof *keys);
	size_t *count = xcalloc(n, sizeof *count);
	bool counted = true;
	for (size_t i = 0; i < n && counted; i++) {
		const struct entry *e = &s->games[ids[i]];
		size_t d = 0;
		uint16_t *k = dup_load_key(s, e);
		for (; d < nd; d++) {
			const struct entry *r = &s->games[ids[rep[d]]];
			if (r->whole == e->whole && r->len == e->len && !dup_cmp_key(keys[d], k, e->len))
				break;
		}
		if (d == nd) {
			if (nd == KEEP_DISTINCT_MAX) {
				counted = false;
				free(k);
				break;
			}
			rep[nd] = i;
			keys[nd++] = k;
		} else {
			free(k);
		}
		of[i] = d;
		count[d]++;
	}
	if (counted)
		centre(s, ids, n, v, keys, rep, count, nd, of);
	if (counted && nd == 2) {
		inserted_within(s, ids, n, v, keys, rep, of);
		for (size_t i = 0; i < n; i++)
			v[i].paired = true;
	}
	if (counted) {
		size_t *sup = xcalloc(nd, sizeof *sup), *line = xmalloc(nd * sizeof *line);
		size_t *same = xcalloc(nd, sizeof *same);
		bool *maximal = xmalloc(nd * sizeof *maximal);
		for (size_t d = 0; d < nd; d++) {
			sup[d] = count[d];
			maximal[d] = true;
			line[d] = d;
		}
		for (size_t a = 0; a < nd; a++)
			for (size_t b = 0; b < nd; b++) {
				const struct entry *ea = &s->games[ids[rep[a]]], *eb = &s->games[ids[rep[b]]];
				if (a == b)
					continue;
				if (ea->len < eb->len && dup_same_line(ea, keys[a], eb, keys[b])) {
					sup[b] += count[a];
					sup[a] += count[b];   /* one line: each the other's */
					size_t hi = a > b ? a : b, lo = a > b ? b : a;
					line[hi] = lo < line[hi] ? lo : line[hi];
				} else if ((DUP_LINE(ea) < DUP_LINE(eb) &&   /* (the passes after
					   * the last move left out: a cut copy ended by passes) */
					    !dup_cmp_key(keys[a], keys[b], DUP_LINE(ea))) ||
					   stones_dropped(s, ea, keys[a], eb, keys[b])) {
					sup[b] += count[a];
					maximal[a] = false;   /* a is b's beginning */
				} else if (ea->len < eb->len &&
					   !middle_edits(s, ea, keys[a], eb, keys[b], 1)) {
					/* a is b's middle, its moves whole: two such
					 * copies outvoted the game (its first 10 and
					 * last 20 moves cut), which its report then
					 * left out (one run over duplicates_truth.py
					 * --games 3000 --seed 5 --aside --wide) */
					sup[b] += count[a];
					maximal[a] = false;
				}
			}
		for (size_t d = 0; d < nd; d++)
			same[line[d]] += count[d];
		for (size_t i = 0; i < n; i++) {
			v[i].support = sup[of[i]];
			v[i].maximal = maximal[of[i]] && !begins[ids[i]];
			v[i].line = line[of[i]];
			v[i].same = same[line[of[i]]];
		}
		centre_by_line(v, n, nd);
		free(sup);
		free(line);
		free(same);
		free(maximal);
	}
	for (size_t d = 0; d < nd; d++)
		free(keys[d]);
	free(keys);
	free(count);
	free(rep);
	free(of);
	return counted;
}

/* Whether e names both players (placeholders name none). */
static bool names_both(const struct dup_set *s, const struct entry *e)
{
	return !dup_no_player(dup_fact(s, e, FACT_BLACK)) &&
	       !dup_no_player(dup_fact(s, e, FACT_WHITE));
}

/* Whether e writes the players exchanged against r
 * (dup_players_exchanged, its colours read as r's where swapped). */
static bool players_exchanged(const struct dup_set *s, const struct entry *e,
			      const struct entry *r)
{
	return dup_players_exchanged(s, e, r, (e->sym ^ r->sym) & 8);
}

/* How e, not exchanged against r, writes the players: 1, as r does (a
 * player of a colour the same); 3, neither (other names, or in another
 * script). */
static unsigned char players_way(const struct dup_set *s, const struct entry *e,
				 const struct entry *r)
{
	bool swapped = (e->sym ^ r->sym) & 8;
	int b = swapped ? FACT_WHITE : FACT_BLACK, w = swapped ? FACT_BLACK : FACT_WHITE;
	return dup_same_player(dup_fact(s, e, b), dup_fact(s, r, FACT_BLACK)) ||
	       dup_same_player(dup_fact(s, e, w), dup_fact(s, r, FACT_WHITE)) ? 1 : 3;
}

/* Each copy's v[].exchanged and v[].dayless. The players: each copy that
 * names both against the first that does (r): exchanged, and where one
 * is, the others as r writes them or neither (players_way), and one of
 * neither way against the first exchanged (x: as x writes them,
 * exchanged; exchanged against x, as r); of the two ways, a copy of
 * the fewer is put behind by as many more games write them the other way
 * than its way or neither (a pair's two ways: neither is). The date: the
 * copies whose day a date of the month or year alone lacks
 * (dup_date_holds), of those that give a day. Each copy is compared with
 * r (and x), not with each other copy: a dense group's many copies cost
 * as many comparisons, not their square. */
static void count_bent(const struct dup_set *s, const size_t *ids, size_t n, struct keep_view *v)
{
	if (n > 4 * KEEP_DISTINCT_MAX)
		return;
	const struct entry *r = NULL, *x = NULL;   /* (x: the first exchanged) */
	static const unsigned char of_x[] = { 0, 2, 1, 3 };   /* x's way as r's (1: 2) */
	unsigned char *way = xcalloc(n, 1);   /* 0: names none; 1: as r; 2: exchanged; 3: neither */
	size_t ways[4] = { 0 }, *day = xmalloc(n * sizeof *day), ndays = 0;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (dup_day_given(s, e))
			day[ndays++] = i;
		if (!names_both(s, e))
			continue;
		if (!r)
			r = e;
		way[i] = e != r && players_exchanged(s, e, r) ? 2 : 1;
		if (way[i] == 2 && !x)
			x = e;
	}
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (x && way[i] == 1 && e != r)
			way[i] = players_way(s, e, r);
		if (x && way[i] == 3)   /* neither way of r's: maybe of x's */
			way[i] = players_exchanged(s, e, x) ? 1 : of_x[players_way(s, e, x)];
		ways[way[i]]++;
	}
	for (size_t i = 0; i < n; i++) {
		size_t against = way[i] == 1 ? ways[2] : way[i] == 2 ? ways[1] : 0;
		size_t along = ways[way[i]] + ways[3];
		v[i].exchanged = against > along ? against - along : 0;
		const struct entry *e = &s->games[ids[i]];
		if (!dup_fact(s, e, FACT_DATE) || dup_day_given(s, e))
			continue;
		for (size_t k = 0; k < ndays; k++)
			v[i].dayless += dup_date_holds(s, e, &s->games[ids[day[k]]]);
	}
	free(way);
	free(day);
}

/* Of a group of positions, the copies with each copy's solution (its
 * tree): the solution most copies give is kept, not the one of the
 * copy with the longest comment. */
static void count_solutions(const struct dup_set *s, const size_t *ids, size_t n,
			    struct keep_view *v)
{
	if (n > 4 * KEEP_DISTINCT_MAX)
		return;
	for (size_t i = 0; i < n; i++) {
		const struct entry *x = &s->games[ids[i]];
		for (size_t j = 0; x->position && x->moves && j < n; j++) {
			const struct entry *y = &s->games[ids[j]];
			v[i].solution += same_moves(x, y) && !x->vars_unknown && !y->vars_unknown;
		}
	}
}

/* How the copy of view b reads as the game's against more of the group's
 * games than the kept one (a): its players exchanged against more (of
 * two ways of writing them, the fewer's); its date without the day of
 * copies that give one, where a's gives it, or of more of them
 * (keep_why.written_moves). */
static unsigned written_by(const struct keep_view *a, const struct keep_view *b)
{
	return (b->exchanged > a->exchanged ? DUP_WRITTEN_EXCHANGED : 0) |
	       (b->dayless > a->dayless ? a->dayless ? DUP_WRITTEN_MORE_DAYLESS
		: DUP_WRITTEN_DAYLESS : 0);
}

/* Where a copy would be kept over v[best] for what follows the facts as
 * written (its comments, variations, ...) but for them, and the next best
 * copies (keep_reasons) were not told apart by them: the first such, the
 * reason it would be kept for (why->over) and how it reads as the game's
 * (why->written_over), for the keep line to say what decided. */
static void written_over(const struct dup_set *s, const struct keep_view *v, size_t n,
			 size_t best, struct keep_why *why)
{
	enum keep_reason r;
	for (size_t i = 0; i < n; i++) {
		if (i == best || !v[i].maximal || !keep_before(s, &v[best], &v[i], &r) ||
		    r != KEEP_WRITTEN)
			continue;
		struct keep_view alike = v[i];
		alike.exchanged = v[best].exchanged;
		alike.dayless = v[best].dayless;
		if (keep_before(s, &alike, &v[best], &why->over) && why->over < KEEP_TIE) {
			why->written_over = written_by(&v[best], &v[i]);
			return;
		}
	}
}

/* What decided between v[best] and the next best copy of other moves
 * (why->moves) and of its own moves (why->copy). */
static void keep_reasons(const struct dup_set *s, const struct keep_view *v, size_t n,
			 size_t best, bool counted, struct keep_why *why)
{
	const struct entry *b = &s->games[v[best].id];
	size_t other = SIZE_MAX, own = SIZE_MAX, prefixes = 0, fewer = 0, dropped = 0;
	bool passes = false;
	enum keep_reason r;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[v[i].id];
		bool same = same_line_of(s, &v[i], &v[best]);
		/* its moves, linked as its beginning: a short game's copy that
		 * gives fewer of the players and date (linked())*/
		fewer += !v[i].maximal && same;
		prefixes += !v[i].maximal && !same;
		/* (a beginning without its stones: a copy that dropped them) */
		dropped += !v[i].maximal && !same && b->stones && !e->stones;
		passes |= same && e->len != b->len;   /* (its line: counted, dup_same_line) */
		if (i == best || !v[i].maximal)
			continue;
		size_t *slot = same ? &own : &other;
		if (*slot == SIZE_MAX || keep_before(s, &v[i], &v[*slot], &r))
			*slot = i;
	}
	*why = (struct keep_why){ KEEP_NONE, KEEP_NONE, v[best].support, 1, counted,
				  v[best].far > 0, v[best].paired, false, false, false, passes, 0, 0,
				  KEEP_NONE, 0 };
	for (size_t i = 0; i < n; i++) {
		why->indexed |= s->games[v[i].id].indexed;
		why->stones |= s->games[v[i].id].stones;
		why->written |= v[i].exchanged || v[i].dayless;
	}
	if (other != SIZE_MAX) {
		keep_before(s, &v[best], &v[other], &why->moves);
		if (why->moves == KEEP_WRITTEN)
			why->written_moves = written_by(&v[best], &v[other]);
	} else if (prefixes)
		why->moves = prefixes == dropped ? KEEP_HANDICAP : KEEP_ONLY;
	if (why->moves == KEEP_CONSENSUS && !counted)
		why->moves = KEEP_LONGER;
	if (own != SIZE_MAX) {
		keep_before(s, &v[best], &v[own], &why->copy);
		if (why->copy == KEEP_WRITTEN)
			why->written_copy = written_by(&v[best], &v[own]);
		/* (a position's copies with its moves: those with its solution) */
		why->same = !counted ? 2 : v[best].solution ? v[best].solution : v[best].same;
	} else if (fewer) {
		why->copy = KEEP_FACTS;
		why->same = counted ? v[best].same : 2;
	}
	if (why->moves != KEEP_WRITTEN && why->copy != KEEP_WRITTEN)
		written_over(s, v, n, best, why);
}

/* The copy of the group ids (n games, in the order read) to keep: the one
 * whose moves most of the group's games agree with (those that are it or
 * its beginning), of those that are the beginning of no other; then the
 * one with a result, the most comments, the most variations, the most
 * facts; then the
 * longest, the one in the index, the first read. *why: what decided
 * between it and the next best; *support, of how many. */
size_t dup_choose_keep(struct dup_set *s, const size_t *ids, size_t n, struct keep_why *why,
			  const bool *begins)
{
	struct keep_view *v = xcalloc(n, sizeof *v);
	for (size_t i = 0; i < n; i++)   /* the beginning of another (a prefix link): no candidate */
		v[i] = (struct keep_view){ ids[i], 1, 1, !begins[ids[i]], 0, 0, false, false,
					   SIZE_MAX, 0, 0 };
	count_solutions(s, ids, n, v);
	count_bent(s, ids, n, v);
	bool counted = count_support(s, ids, n, v, begins);
	if (!counted)   /* too many to compare: the longest is the consensus */
		for (size_t i = 0; i < n; i++)
			v[i].support = s->games[ids[i]].moves;
	size_t best = SIZE_MAX;
	enum keep_reason r;
	for (size_t i = 0; i < n; i++)
		if (v[i].maximal && (best == SIZE_MAX || keep_before(s, &v[i], &v[best], &r)))
			best = i;
	if (best == SIZE_MAX)
		best = 0;
	keep_reasons(s, v, n, best, counted, why);
	size_t keep = v[best].id;
	free(v);
	return keep;
}

bool dup_kept_beside_moves(const struct keep_why *why)
{
	switch (why->moves) {
	case KEEP_WRITTEN: case KEEP_RESULT: case KEEP_COMMENTS: case KEEP_COMMENT_TEXT: case KEEP_MARKUP:
	case KEEP_VARIATIONS: case KEEP_FACTS: case KEEP_INDEXED:
		return true;
	default:
		return false;
	}
}

/* What each reason compares, as a tie says the copies were equal in it:
 * keep_before's list, in its order. */
static const char *const tie_words[KEEP_TIE] = {
	[KEEP_LEGAL] = "in their legality",
	[KEEP_CONSENSUS] = "in the number that agree",
	[KEEP_CENTRE] = "in how close the other copies are to each",
	[KEEP_IN_TURN] = "in taking turns",
	[KEEP_UNINSERTED] = "in having moves inserted among the other's",
	[KEEP_SOLUTION] = "in having a solution",
	[KEEP_SOLUTIONS] = "in the number that give their solution",
	[KEEP_WRITTEN] = "in writing the players and date as the others do",
	[KEEP_RESULT] = "in giving a result or not",
	[KEEP_COMMENTS] = "in the number of comments",
	[KEEP_COMMENT_TEXT] = "the length of their text",
	[KEEP_MARKUP] = "the number of marks",
	[KEEP_VARIATIONS] = "of variations",
	[KEEP_FACTS] = "of facts",
	[KEEP_LONGER] = "in length",
	[KEEP_INDEXED] = "in being in the index or not",
	[KEEP_STONES] = "in giving the handicap as stones or as moves",
};

/* Whether a tie between copies of the same moves (same) or of other
 * moves was decided by none of reason r, compared: not the moves' own
 * (copies of the same moves are alike in them), not the consensus where
 * too many moves to count, the centre, inserted moves or a solution where
 * not looked for, the index or the stones where no copy has them. */
static bool tie_compared(enum keep_reason r, const struct keep_why *why, const struct entry *k,
			 bool same)
{
	switch (r) {
	case KEEP_LEGAL: case KEEP_LONGER:
		return !same;
	case KEEP_CONSENSUS:
		return !same && why->counted;
	case KEEP_CENTRE:
		return !same && why->centred;
	case KEEP_UNINSERTED:
		return !same && why->paired;
	case KEEP_SOLUTION: case KEEP_SOLUTIONS:
		return !same && k->position;
	case KEEP_WRITTEN:
		return why->written;
	case KEEP_INDEXED:
		return why->indexed;
	case KEEP_STONES:
		return why->stones;
	default:
		return true;
	}
}

/* The tie's sentence: lead, then each reason compared (tie_compared),
 * keep_before's list, then the first read. */
static void tie_text(char *out, size_t len, const char *lead, const struct keep_why *why,
		     const struct entry *k, bool same)
{
	size_t at = (size_t)snprintf(out, len, "%s, equal", lead), last = KEEP_TIE;
	for (size_t r = 0; r < KEEP_TIE; r++)
		if (tie_compared((enum keep_reason)r, why, k, same))
			last = r;
	for (size_t r = 0; r < KEEP_TIE && at < len; r++)
		if (tie_compared((enum keep_reason)r, why, k, same))
			at += (size_t)snprintf(out + at, len - at, "%s %s%s", r == last ? " and" : "",
					       tie_words[r], r == last ? "" : ",");
	if (at < len)
		snprintf(out + at, len - at, "; the first read is kept");
}

/* The keep of the longest, the other copies its beginning (KEEP_ONLY, not
 * a position), in words: what else they are, each where one is: a part
 * that begins none of it (middle), its line but for the passes after the
 * last move (why->passes: they count for neither, so it is the longest
 * however many a copy writes), a near copy linked as another's beginning
 * (near). The length of the words. */
static size_t only_words(const struct keep_why *why, bool middle, bool near, char *out,
			 size_t len)
{
	const char *also[] = { middle ? "its middle" : NULL, why->passes ? "its line" : NULL,
			       near ? "near it" : NULL };
	size_t n = sizeof also / sizeof *also, last = n;
	size_t at = (size_t)snprintf(out, len, "the longest%s: the other copies are its beginning",
				     why->passes ? " (passes after the last move counting for "
				     "neither)" : "");
	for (size_t i = 0; i < n; i++)
		if (also[i])
			last = i;
	for (size_t i = 0; i < n && at < len; i++)
		if (also[i])
			at += (size_t)snprintf(out + at, len - at, "%s%s", i == last ? " or " : ", ",
					       also[i]);
	return at < len ? at : len - 1;
}

/* KEEP_WRITTEN in words: how the copy decided against (who: "another
 * copy", "that copy") reads as the game's (how: keep_why.written_moves),
 * into out (len bytes). */
static void written_words(unsigned how, const char *who, char *out, size_t len)
{
	int at = 0;
	if (how & DUP_WRITTEN_EXCHANGED)
		at = snprintf(out, len, "more copies write the players as it does than as %s "
			      "does (exchanged)", who);
	if (how & DUP_WRITTEN_DAYLESS)
		snprintf(out + at, len - (size_t)at, "%sits date gives the day, where %s's gives "
			 "the month or year alone", at ? ", and " : "", who);
	else if (how & DUP_WRITTEN_MORE_DAYLESS)
		snprintf(out + at, len - (size_t)at, "%sits date lacks the day of fewer of the "
			 "other copies than %s's does", at ? ", and " : "", who);
}

/* The copy a reason after the facts as written would keep (keep_why.over). */
static const char *const over_words[KEEP_TIE] = {
	[KEEP_RESULT] = "a copy that gives a result",
	[KEEP_COMMENTS] = "a copy with comments on more nodes",
	[KEEP_COMMENT_TEXT] = "a copy whose comments have more text",
	[KEEP_MARKUP] = "a copy with more markup",
	[KEEP_VARIATIONS] = "a copy with more variations",
	[KEEP_FACTS] = "a copy that gives more of players, their ranks, date, result and event",
	[KEEP_LONGER] = "a longer copy",
	[KEEP_INDEXED] = "the copy in the index",
};

void dup_why_words(const struct keep_why *why, size_t n, const struct entry *k, bool middle,
		   bool near, char *why_text, size_t len)
{
	static const char *const reasons[] = {
		[KEEP_LEGAL] = "its main line has no illegal move, where another copy's has one",
		[KEEP_IN_TURN] = "its players take turns, where in another copy one plays twice in "
				 "a row (a move inserted or lost)",
		[KEEP_UNINSERTED] = "the other copy has its moves with moves inserted among them, "
				    "which it lacks",
		[KEEP_CENTRE] = "its moves are those the other copies are closest to (the fewest "
				"moves from theirs)",
		[KEEP_SOLUTION] = "it has the solution",
		[KEEP_SOLUTIONS] = "its solution is the one most copies give",
		[KEEP_HANDICAP] = "it has the handicap's stones, which another copy lacks",
		[KEEP_RESULT] = "it has a result",
		[KEEP_COMMENTS] = "it has the most comments",
		[KEEP_COMMENT_TEXT] = "its comments have the most text",
		[KEEP_MARKUP] = "it has the most markup",
		[KEEP_VARIATIONS] = "it has the most variations",
		[KEEP_FACTS] = "it gives the most of players, their ranks, date, result and event",
		[KEEP_LONGER] = "the longest of copies otherwise equal",
		[KEEP_INDEXED] = "the copy already in the index",
		[KEEP_STONES] = "it gives the handicap as stones, not as moves",
	};
	/* (whether a result is given, not which: the group's differ names
	 * results that differ; the amount of comments' text, not the text,
	 * and the number of marks: differ names comments and markup whose
	 * texts, marks or places differ) A position's copies of the same
	 * moves are the same position and solutions, their main lines maybe
	 * other answers first. */
	char tie[640];
	tie_text(tie, sizeof tie, k->position ? "a tie: copies of the same position and solutions"
		 : "a tie: copies of the same main line", why, k, true);
	char written[256];
	if (why->copy == KEEP_WRITTEN)
		written_words(why->written_copy, "another copy", written, sizeof written);
	const char *copy = why->copy == KEEP_TIE ? tie : why->copy == KEEP_WRITTEN ? written
			   : why->copy != KEEP_NONE ? reasons[why->copy] : NULL;
	size_t at = 0;
	if (why->moves == KEEP_CONSENSUS)
		at = (size_t)snprintf(why_text, len, "its moves are those most copies "
				      "agree on (%zu of %zu games)", why->support, n);
	else if (why->moves == KEEP_TIE) {
		tie_text(why_text, len, "a tie between copies whose moves differ", why, k, false);
		at = strlen(why_text);
	} else if (why->moves == KEEP_ONLY && k->position)   /* the others give no side to play */
		at = (size_t)snprintf(why_text, len, "%s: the other copies give the position "
				      "without a side to play", k->moves ? "it has the solution, "
				      "and so the side to play" : "it gives the side to play");
	else if (why->moves == KEEP_ONLY)
		at = only_words(why, middle, near, why_text, len);
	else if (why->moves == KEEP_WRITTEN) {
		written_words(why->written_moves, "another copy", why_text, len);
		at = strlen(why_text);
	} else if (why->moves != KEEP_NONE)
		at = (size_t)snprintf(why_text, len, "%s", reasons[why->moves]);
	if (copy && at)
		snprintf(why_text + at, len - at, "; of the %zu copies with its moves, %s", why->same,
			 copy);
	else if (copy)
		snprintf(why_text, len, "%s", copy);
	else if (!at)
		snprintf(why_text, len, "%s", tie);
	if (why->written_over) {   /* what kept it over a copy more complete otherwise */
		char w[256];
		written_words(why->written_over, "that copy", w, sizeof w);
		at = strlen(why_text);
		snprintf(why_text + at, len - at, "; not %s, as %s", over_words[why->over], w);
	}
}
