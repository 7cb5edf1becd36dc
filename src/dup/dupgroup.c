/* dupgroup: the collection's games grouped (dup/dup.h, dup/dupset.h):
 * families linked (duplink.c) whose facts clash kept apart, truncated
 * copies joined to the one game they begin or reported as fragments of
 * several, and the report handed on group by group (dupreport.c makes
 * each). */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/dom.h"

/* What the facts of game e say against those of the games of family r
 * (its ring): FACTS_ONE_GAME with one of them (SAID_ONE), two games with
 * one (SAID_CLASH); SAID_UNSURE when the family has more games than are
 * compared. */
enum { SAID_ONE = 1, SAID_CLASH = 2, SAID_UNSURE = 4 };

/* Whether a family of roots[0..n) (root ids, their rings) has more games
 * than are compared (CLASH_MEMBERS): its answer is unsure, which names no
 * owner (fragment_owner, written_owner), whatever the facts; told by
 * its ring alone, not by comparing CLASH_MEMBERS games' facts for each
 * copy of the fragment (a dense collection's 100,000 games: 9,727
 * fragments, each beginning a family of hundreds: 53 times the facts
 * compared of its 10,000). */
static bool roots_unsure(const size_t *ring, const size_t *roots, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		size_t y = roots[k], j = 1;
		while (ring[y] != roots[k] && j <= CLASH_MEMBERS)
			y = ring[y], j++;
		if (j > CLASH_MEMBERS)
			return true;
	}
	return false;
}

/* The families settled into each root's group (resolve_prefixes): the
 * first of root r's, first[r], and each one's next, next[f]; SIZE_MAX
 * ends a list. A family is settled after every family it leads to, so a
 * fragment's roots hold all the families settled into them by then. */
struct led {
	size_t *first, *next;
};

/* What the facts of game e say against those of the first *budget games
 * of family r's ring (*budget less those compared): SAID_UNSURE where
 * the ring holds more. */
static unsigned ring_against(const struct dup_set *s, const size_t *ring,
			     const struct entry *e, size_t r, size_t *budget)
{
	unsigned said = SAID_UNSURE;
	for (size_t y = r; *budget; y = ring[y]) {
		--*budget;
		enum dup_facts_say say = dup_facts_say(s, e, &s->games[y]);
		said |= say == FACTS_ONE_GAME ? SAID_ONE
			: dup_facts_clash(s, e, &s->games[y]) ? SAID_CLASH : 0;
		if (ring[y] == r) {
			said &= ~(unsigned)SAID_UNSURE;
			break;
		}
	}
	return said;
}

/* What the facts of game e say against the group of root family r: its
 * own games', or where they say nothing (copies stripped of their facts,
 * or giving none that tell), those of the families settled into its
 * group (led, NULL for none). A near copy with passes after its end is
 * a family apart, the game it copies settled into its group: a cut copy
 * of another game with the same beginning named neither (one run over
 * duplicates_truth.py --games 3000 --seed 7 --aside --wide: two copies
 * not found). */
static unsigned facts_against(const struct dup_set *s, const size_t *ring,
			      const struct led *led, const struct entry *e, size_t r)
{
	size_t budget = CLASH_MEMBERS;
	unsigned said = ring_against(s, ring, e, r, &budget);
	if (said || !led)
		return said;
	for (size_t f = led->first[r]; f != SIZE_MAX && !(said & SAID_UNSURE); f = led->next[f])
		said |= budget ? ring_against(s, ring, e, f, &budget) : SAID_UNSURE;
	return said;
}

/* Whether family r (its ring) is of games that give no players and no
 * date (copies stripped of their facts), all of them compared: it says
 * nothing against the game another root's facts name (a cut copy naming
 * its game's players and day, that begins its game and a copy of it
 * without facts and a move changed near its end, which no link joins to
 * it: duplicates_truth.py --games 3000 --seed 19 --aside --wide, 5004). */
static bool family_bare(const struct dup_set *s, const size_t *ring, size_t r)
{
	size_t y = r;
	for (size_t j = 0; j < CLASH_MEMBERS; j++, y = ring[y]) {
		if (dup_facts_given(s, &s->games[y]) || s->games[y].position)
			return false;
		if (ring[y] == r)
			return true;
	}
	return false;
}

/* The root of roots[0..n) that the facts of game x name: one game with a
 * game of it (its copies may clash among themselves: one writes the
 * players exchanged), two with every game of each other root; or, where
 * more roots are one game with a game of theirs, the one root none of
 * whose games clash with x, every other root's games clashing with it
 * too (a 20-move cut copy of Takemiya Masaki and Bob Jansen's game, one
 * game on its day with a copy of Bob Jansen and 조치훈's, which the
 * copies naming Cho Chikun in Latin say is another game: one run over
 * duplicates_truth.py --games 3000 --seed 3 --aside --wide); SIZE_MAX
 * when none is so named. A fragment's owner is the root all its copies
 * name (fragment_owner). */
static size_t copy_owner(const struct dup_set *s, const size_t *ring, const struct led *led,
			 size_t x, const size_t *roots, size_t n)
{
	const struct entry *e = &s->games[x];
	if (e->position)   /* a problem's records name no players to tell */
		return SIZE_MAX;
	size_t named = SIZE_MAX, clean = SIZE_MAX, nnamed = 0, nclean = 0;
	for (size_t k = 0; k < n; k++) {
		unsigned said = facts_against(s, ring, led, e, roots[k]);
		if (said == SAID_ONE)
			clean = roots[k], nclean++;
		if (said == SAID_ONE || said == (SAID_ONE | SAID_CLASH))
			named = roots[k], nnamed++;
		else if (said != SAID_CLASH && !(said == 0 && family_bare(s, ring, roots[k])))
			return SIZE_MAX;
	}
	return nnamed == 1 ? named : nclean == 1 ? clean : SIZE_MAX;
}

/* Of the games roots[0..n) (families) that family f begins, the one the
 * facts of each of f's games name (copy_owner); SIZE_MAX when none is
 * named so (a copy without facts, or whose facts say nothing against
 * another). */
static size_t fragment_owner(const struct dup_set *s, const size_t *ring, const struct led *led,
			     size_t f, const size_t *roots, size_t n)
{
	size_t owner = SIZE_MAX, x = f;
	if (roots_unsure(ring, roots, n))
		return SIZE_MAX;
	for (size_t i = 0; i < CLASH_MEMBERS; i++, x = ring[x]) {
		size_t named = copy_owner(s, ring, led, x, roots, n);
		if (named == SIZE_MAX || (owner != SIZE_MAX && owner != named))
			return SIZE_MAX;
		owner = named;
		if (ring[x] == f)
			return owner;
	}
	return SIZE_MAX;   /* more copies than are compared */
}

/* How a game x of a fragment stands to root family r (its ring): its
 * players and date name the game as written (FACTS_ONE_GAME with a game
 * of r, its players not exchanged, WRITTEN_ONE) or only exchanged (each
 * game of r saying one game through the two players exchanged, or two
 * games, WRITTEN_EXCHANGED); one game with a game of r either way
 * (WRITTEN_SAYS_ONE); its moves the exact beginning of a game of r
 * (WRITTEN_BEGINS), a game of r as long as x or longer (WRITTEN_LONGER);
 * WRITTEN_UNSURE when r has more games than are compared. */
enum {
	WRITTEN_ONE = 1, WRITTEN_EXCHANGED = 2, WRITTEN_BEGINS = 4, WRITTEN_UNSURE = 8,
	WRITTEN_SAYS_ONE = 16, WRITTEN_LONGER = 32
};

static unsigned written_against(struct dup_set *s, const size_t *ring, size_t x,
				const uint16_t *kx, size_t r)
{
	const struct entry *e = &s->games[x];
	unsigned said = WRITTEN_UNSURE | WRITTEN_EXCHANGED;
	size_t y = r;
	for (size_t j = 0; j < CLASH_MEMBERS; j++, y = ring[y]) {
		const struct entry *g = &s->games[y];
		bool swapped = s->o.swap_colors && (e->sym >= 8) != (g->sym >= 8);
		bool one = dup_facts_say(s, e, g) == FACTS_ONE_GAME,
		     exchanged = dup_players_exchanged(s, e, g, swapped);
		if (one && !exchanged)
			said |= WRITTEN_ONE;
		if (one)
			said |= WRITTEN_SAYS_ONE;
		if (g->len >= e->len && !g->position)
			said |= WRITTEN_LONGER;
		if (!(one && exchanged) && !dup_facts_clash(s, e, g))
			said &= ~(unsigned)WRITTEN_EXCHANGED;
		if (!(said & WRITTEN_BEGINS) && g->len >= e->len && !g->position) {
			uint16_t *ky = dup_load_key(s, g);
			if (!dup_cmp_key(kx, ky, e->len))
				said |= WRITTEN_BEGINS;
			free(ky);
		}
		if (ring[y] == r) {
			said &= ~(unsigned)WRITTEN_UNSURE;
			break;
		}
	}
	return said;
}

/* Of the games roots[0..n) that family f begins, the one each of f's
 * games begins exactly and whose facts say one game with it (its players
 * as written or exchanged), where each other root it begins only within
 * --max-differ (its last moves another: a near prefix): the moves decide.
 * A pair's two games of a day, the colours exchanged, share an opening
 * and part, and a copy of the first cut a move or two after they part is
 * its copy, whichever way it writes the players (headers are what
 * collections damage; the moves past the parting point are the first's),
 * not the second's with its last moves wrong; cut at or before the
 * parting point it begins both, a fragment of both (fragment_owner
 * has found no owner); SIZE_MAX when there is none so. */
static size_t written_owner(struct dup_set *s, const size_t *ring, size_t f,
			    const size_t *roots, size_t n)
{
	size_t owner = SIZE_MAX, x = f;
	if (roots_unsure(ring, roots, n))
		return SIZE_MAX;
	for (size_t i = 0; i < CLASH_MEMBERS; i++, x = ring[x]) {
		const struct entry *e = &s->games[x];
		if (e->position)
			return SIZE_MAX;
		uint16_t *kx = dup_load_key(s, e);
		size_t named = SIZE_MAX;
		bool doubt = false;
		for (size_t k = 0; k < n && !doubt; k++) {
			unsigned said = written_against(s, ring, x, kx, roots[k]);
			if (said & WRITTEN_UNSURE)
				doubt = true;
			else if ((said & WRITTEN_BEGINS) && (said & WRITTEN_SAYS_ONE) &&
				 named == SIZE_MAX)
				named = roots[k];
			else if ((said & WRITTEN_BEGINS) || !(said & WRITTEN_LONGER))
				doubt = true;
		}
		free(kx);
		if (doubt || named == SIZE_MAX || (owner != SIZE_MAX && owner != named))
			return SIZE_MAX;
		owner = named;
		if (ring[x] == f)
			return owner;
	}
	return SIZE_MAX;   /* more copies than are compared */
}

/* Whether the games order[a..b) of a fragment may be copies of two
 * games: short games giving neither players nor date are linked as alike
 * (linked()), which they are no longer once two games begin with their
 * moves: no group then (a keeper would delete another game's copy). */
bool dup_fragment_doubt(const struct dup_set *s, const size_t *order, size_t a, size_t b,
			const size_t *roots, size_t n)
{
	bool stones = false;
	for (size_t k = 0; k < n && !stones; k++)
		stones = s->games[roots[k]].stones;
	for (size_t k = a; k < b; k++) {
		const struct entry *e = &s->games[order[k]];
		if ((DUP_PLAYED(e) < DUP_NEAR_MIN_MOVES && !e->position && !dup_facts_given(s, e)) ||
		    (stones && !e->stones))
			return true;
	}
	return false;
}


/* At most this many families a prefix link leads to are compared. */
#define CLASH_FAMILIES 64

/* A prefix link as dup_drop_clashes follows it: from the shorter game's
 * family to the longer game, edge its place in s->edges. */
/* A family among links sorted by family (each the family of its shorter
 * game << 32 | the link: games and links are numbered in 32 bits):
 * bound_first's test of those of it and after. */
struct family_past {
	const uint64_t *by;
	size_t family;
};

static bool family_reached(const void *ctx, size_t i)
{
	const struct family_past *p = ctx;
	return p->by[i] >> 32 >= p->family;
}

/* Whether family f's facts say short game a is another game (a copy of
 * f's game with other headers beside one with a's own does not). */
static bool other_game(const struct dup_set *s, const size_t *ring, size_t a, size_t f)
{
	return dup_families_clash(s, ring, a, f) && !dup_family_vouches(s, ring, a, f);
}

/* dup_families_part of families fa and fb, each pair weighed once: a
 * dense collection's links between two families grow as the square of
 * their copies. */
struct part_memo {
	struct u64set known, part;
};

static bool families_part(const struct dup_set *s, const size_t *ring, struct part_memo *m,
			  size_t fa, size_t fb)
{
	uint64_t key = (uint64_t)fa << 32 | fb;
	if (u64set_has(&m->known, key))
		return u64set_has(&m->part, key);
	u64set_add(&m->known, key);
	bool part = dup_families_part(s, ring, fa, fb);
	if (part)
		u64set_add(&m->part, key);
	return part;
}

/* A game's moves as dup_drop_clashes's order holds them, the passes after
 * its last left out (a copy ended by a pass is no longer than the game it
 * copies: counted, its link to that game was decided before the game's
 * own link to a longer game of other players, and followed it before it
 * was dropped; one run over duplicates_truth.py --games 3000 --seed 11
 * --aside --wide: three copies not found), 16 bits (a game of 65,535
 * moves or more sorts with those of 65,535). */
static uint64_t order_moves(const struct entry *e)
{
	size_t played = DUP_PLAYED(e);
	return played < 0xFFFF ? played : 0xFFFF;
}

/* Drops the prefix links (s->edges) of a short game's family to a family
 * that clashes with it (families_clash), or that leads to one through
 * further links (a cut copy without facts between a short game and a long
 * one of other players), checked once the families are whole (a link made
 * before the copy that tells was united). A link dropped leads nowhere:
 * the links are decided the longest shorter game first, each following
 * only those kept of the links decided before it (a short game's cut copy
 * followed the short game's link to the long one's cut copy without
 * facts, dropped for its own clash, and was dropped with it: in no group,
 * no fragment). A family reached speaks for its game through the long
 * games (DUP_NEAR_MIN_MOVES moves and more) it is longer than by passes
 * after its end only (passes_longer: the same game, not a beginning that
 * two games share), their links kept: a copy without facts, a move
 * changed and two passes after its last, was linked from a 29-move game
 * of other players it begins and from the 122-move game it copies, and
 * the short game was grouped as that game's beginning (one run over
 * duplicates_truth.py --games 3000 --seed 1 --aside --wide: 21 files of
 * another game to delete). */
void dup_drop_clashes(struct dup_set *s, size_t *up, const size_t *ring)
{
	size_t n = s->nedges;
	uint64_t *by = xmalloc((n ? n : 1) * sizeof *by);
	uint64_t *into = xmalloc((n ? n : 1) * sizeof *into);   /* by the longer's family */
	uint64_t *order = xmalloc((n ? n : 1) * sizeof *order);
	bool *dropped = xcalloc(n ? n : 1, sizeof *dropped);
	for (size_t i = 0; i < n; i++) {
		size_t a = (size_t)(s->edges[i] >> 32);
		by[i] = (uint64_t)dup_find(up, a) << 32 | i;
		into[i] = (uint64_t)dup_find(up, (size_t)(s->edges[i] & 0xFFFFFFFF)) << 32 | i;
		/* the shorter game's moves, the longer's, then the first link
		 * last: read from the end, the most moves first, a link to a
		 * longer game before one to a game as long (a copy giving fewer
		 * facts, linked as the other's beginning, follows that one's
		 * links as they were decided: a 28-move game's copy of the month
		 * followed its game's link to a cut copy without facts of a
		 * longer game of other players, and was dropped with it; one run
		 * over duplicates_truth.py --games 3000 --seed 12 --aside --wide) */
		size_t b = (size_t)(s->edges[i] & 0xFFFFFFFF);
		order[i] = order_moves(&s->games[a]) << 48 | order_moves(&s->games[b]) << 32 | (n - 1 - i);
	}
	/* (a dense collection's links grow as the square of a game's copies:
	 * at 100,000 games, 70 times those of its 10,000, each compared in
	 * these two sorts and the table's) */
	sort_u64(by, n);
	sort_u64(into, n);
	sort_u64(order, n);
	size_t near = DUP_NEAR_MIN_MOVES + (size_t)(s->o.max_differ > 0 ? s->o.max_differ : 0);
	size_t seen[CLASH_FAMILIES];
	struct part_memo parted = { { 0 }, { 0 } };
	for (size_t o = n; o-- > 0;) {
		size_t i = n - 1 - (size_t)(order[o] & 0xFFFFFFFF);
		size_t a = (size_t)(s->edges[i] >> 32), b = (size_t)(s->edges[i] & 0xFFFFFFFF);
		/* (a truncated copy with moves changed is its game's by its
		 * moves alone, where the facts do not say another game, as
		 * linked() links the pair: its family's facts tell as its own
		 * do; seed 6's 51-move game, parting from a longer one at its
		 * last move, was linked to that one through its own copy
		 * without facts; where both give all their facts, linked()
		 * has weighed them: a dense collection's near copies) */
		bool clash = u64set_has(&s->near_prefix, s->edges[i]) &&
			     (dup_facts_given(s, &s->games[a]) < 3 || dup_facts_given(s, &s->games[b]) < 3) &&
			     families_part(s, ring, &parted, dup_find(up, a), dup_find(up, b));
		size_t nseen = 0;
		if (!clash && s->games[a].moves < near)
			seen[nseen++] = dup_find(up, b);
		for (size_t k = 0; k < nseen && !clash; k++) {   /* breadth first */
			clash = other_game(s, ring, a, seen[k]);
			struct family_past begun = { into, seen[k] };   /* the long games that begin it */
			for (size_t j = bound_first(0, n, family_reached, &begun);
			     j < n && into[j] >> 32 == seen[k] && !clash; j++) {
				size_t edge = (size_t)(into[j] & 0xFFFFFFFF);
				size_t g = (size_t)(s->edges[edge] >> 32);
				if (dropped[edge] || edge == i || DUP_PLAYED(&s->games[g]) < DUP_NEAR_MIN_MOVES ||
				    !u64set_has(&s->passes_longer, s->edges[edge]))
					continue;
				clash = other_game(s, ring, a, dup_find(up, g));
			}
			struct family_past past = { by, seen[k] };   /* the links of family seen[k] */
			size_t lo = bound_first(0, n, family_reached, &past);
			for (; lo < n && by[lo] >> 32 == seen[k] && nseen < CLASH_FAMILIES; lo++) {
				size_t edge = (size_t)(by[lo] & 0xFFFFFFFF);
				if (dropped[edge])
					continue;
				size_t f = dup_find(up, (size_t)(s->edges[edge] & 0xFFFFFFFF)), j = 0;
				while (j < nseen && seen[j] != f)
					j++;
				if (j == nseen)
					seen[nseen++] = f;
			}
		}
		dropped[i] = clash;
	}
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (!dropped[i])
			s->edges[m++] = s->edges[i];
	s->nedges = m;
	u64set_free(&parted.known);
	u64set_free(&parted.part);
	free(dropped);
	free(order);
	free(into);
	free(by);
}

/* Family f settled, the families its links lead to settled before it
 * (state 2; one still on the stack closes a cycle, not followed): the
 * group it joins, target[f], that of the one game they lead to; or
 * itself, a fragment of the games roots[f] lists, when they lead to two
 * games or more, unless the facts of each of its copies name one of them
 * (fragment_owner), or each begins one exactly, naming its players
 * as written, and the others near, naming them exchanged (written_owner):
 * a cut copy of the players and date of one of two games sharing their
 * first 50 moves is its copy. */
static void settle_family(struct dup_set *s, const size_t *ring, struct led *led, size_t f,
			  const size_t *first, const unsigned char *state, size_t *target,
			  size_t **roots, size_t *nroots)
{
	size_t *r = NULL, nr = 0, cap = 0;
	for (size_t e = first[f]; e < first[f + 1]; e++) {
		size_t g = (size_t)(s->edges[e] & 0xFFFFFFFF);
		if (state[g] != 2)
			continue;   /* a cycle: not followed */
		size_t one = target[g];
		const size_t *from = roots[g] ? roots[g] : &one;
		size_t nfrom = roots[g] ? nroots[g] : 1;
		for (size_t k = 0; k < nfrom; k++) {
			size_t j = 0;
			while (j < nr && r[j] != from[k])
				j++;
			if (j == nr) {
				r = xgrow(r, &cap, nr + 1, sizeof *r);
				r[nr++] = from[k];
			}
		}
	}
	size_t owner = nr > 1 ? fragment_owner(s, ring, led, f, r, nr) : SIZE_MAX;
	if (owner == SIZE_MAX && nr > 1)
		owner = written_owner(s, ring, f, r, nr);
	if (owner != SIZE_MAX)
		r[0] = owner, nr = 1;
	if (nr > 1) {
		sort_items(r, nr, sizeof *r, dup_cmp_size);
		roots[f] = r;
		nroots[f] = nr;
		target[f] = f;
	} else {
		target[f] = nr ? r[0] : f;
		if (nr) {
			led->next[f] = led->first[r[0]];
			led->first[r[0]] = f;
		}
		free(r);
	}
}

/* Each copy of a fragment whose facts name one of the games it begins
 * (copy_owner) joins that game's group, where the copies together name
 * two (fragment_owner has found no one owner): the copies that drop
 * a handicap's stones of two games of the same moves and other stones
 * are one line, each naming its own game by its players and date. Each
 * begins its game as the fragment does (begins[]: the links are made by
 * one game of each key, which may have joined the other game). The
 * copies that name none stay the fragment; a fragment none is left of
 * is none. */
static void split_fragments(const struct dup_set *s, const size_t *ring, const struct led *led,
			    size_t *group, size_t **roots, size_t *nroots, bool *begins)
{
	size_t n = s->len, *left = xcalloc(n ? n : 1, sizeof *left);
	for (size_t i = 0; i < n; i++) {
		size_t f = group[i];
		if (!roots[f])
			continue;
		size_t owner = roots_unsure(ring, roots[f], nroots[f]) ? SIZE_MAX
			       : copy_owner(s, ring, led, i, roots[f], nroots[f]);
		if (owner != SIZE_MAX)
			group[i] = owner, begins[i] = true;
		else
			left[f]++;
	}
	for (size_t f = 0; f < n; f++)
		if (roots[f] && !left[f]) {
			free(roots[f]);
			roots[f] = NULL;
			nroots[f] = 0;
		}
	free(left);
}

/* Prefix links resolved: each family (games united as identical or near:
 * the same game) that is the beginning of other families joins the group
 * of the game they lead to; one that leads to two games that are not one
 * (a fragment of both) stays apart, and roots[f] lists them (root family
 * ids, nroots[f] of them). group[i] gets the group of game i. */
static void resolve_prefixes(struct dup_set *s, size_t *up, const size_t *ring, size_t *group,
			     size_t **roots, size_t *nroots, bool *begins)
{
	size_t n = s->len;
	/* The links game to game, kept for begins */
	s->edges0 = xmalloc((s->nedges ? s->nedges : 1) * sizeof *s->edges0);
	if (s->nedges)   /* memcpy from NULL is undefined, even of nothing */
		memcpy(s->edges0, s->edges, s->nedges * sizeof *s->edges);
	s->nedges0 = s->nedges;
	/* The links between families, each once, as a table by the shorter;
	 * a family begins another where one of its longest lines does (the
	 * passes after the end aside): a truncated copy joined to its game
	 * as a near copy (a move wrong, and one cut) that begins another
	 * game as well, two games parting at their last move, does not lead
	 * its game's family into that game's group (one run over
	 * duplicates_truth.py --games 3000 --seed 2 --aside --wide: two
	 * files of another game to delete) */
	size_t *line = xcalloc(n ? n : 1, sizeof *line);
	for (size_t i = 0; i < n; i++) {
		size_t f = dup_find(up, i);
		if (DUP_LINE(&s->games[i]) > line[f])
			line[f] = DUP_LINE(&s->games[i]);
	}
	size_t m = 0;
	for (size_t i = 0; i < s->nedges; i++) {
		size_t g = (size_t)(s->edges[i] >> 32);
		size_t a = dup_find(up, g), b = dup_find(up, (size_t)(s->edges[i] & 0xFFFFFFFF));
		if (a != b && DUP_LINE(&s->games[g]) >= line[a])
			s->edges[m++] = (uint64_t)a << 32 | b;
	}
	free(line);
	sort_u64(s->edges, m);
	size_t u = 0;
	for (size_t i = 0; i < m; i++)
		if (!u || s->edges[i] != s->edges[u - 1])
			s->edges[u++] = s->edges[i];
	m = u;
	size_t *first = xcalloc(n + 1, sizeof *first);
	for (size_t i = 0; i < m; i++)
		first[(size_t)(s->edges[i] >> 32) + 1]++;
	for (size_t f = 0; f < n; f++)
		first[f + 1] += first[f];
	/* Depth first, by a stack of its own (chains of prefixes can be long) */
	unsigned char *state = xcalloc(n, 1);   /* 0 unseen, 1 on the stack, 2 done */
	struct led led = { xmalloc((n ? n : 1) * sizeof *led.first),
			   xmalloc((n ? n : 1) * sizeof *led.next) };
	for (size_t f = 0; f < n; f++)
		led.first[f] = led.next[f] = SIZE_MAX;
	size_t *target = xmalloc((n ? n : 1) * sizeof *target);
	size_t *stack = xmalloc((n ? n : 1) * sizeof *stack), *next = xmalloc((n ? n : 1) *
									   sizeof *next);
	for (size_t f0 = 0; f0 < n; f0++) {
		if (dup_find(up, f0) != f0 || state[f0])
			continue;
		size_t depth = 0;
		stack[depth] = f0;
		next[depth++] = first[f0];
		state[f0] = 1;
		while (depth) {
			size_t f = stack[depth - 1];
			if (next[depth - 1] < first[f + 1]) {
				size_t g = (size_t)(s->edges[next[depth - 1]++] & 0xFFFFFFFF);
				if (!state[g]) {
					state[g] = 1;
					stack[depth] = g;
					next[depth++] = first[g];
				}
				continue;
			}
			settle_family(s, ring, &led, f, first, state, target, roots, nroots);
			state[f] = 2;
			depth--;
		}
	}
	for (size_t i = 0; i < n; i++)
		group[i] = target[dup_find(up, i)];
	split_fragments(s, ring, &led, group, roots, nroots, begins);
	/* A game that begins another of its group is a truncated copy (not
	 * one that another is longer than by passes after its end only) */
	for (size_t i = 0; i < s->nedges0; i++) {
		size_t a = (size_t)(s->edges0[i] >> 32), b = (size_t)(s->edges0[i] & 0xFFFFFFFF);
		if (group[a] == group[b] && dup_find(up, a) != dup_find(up, b) &&
		    !u64set_has(&s->passes_longer, s->edges0[i]))
			begins[a] = true;
	}
	free(first);
	free(state);
	free(led.first);
	free(led.next);
	free(target);
	free(stack);
	free(next);
}

/* The games grouped: each game's group (the root family of its own), the
 * fragments' roots, the games read in their groups' order, and the copy
 * each group keeps. */
struct grouping {
	size_t *up, *group, **roots, *nroots;
	size_t *ring;      /* each game's next of its family */
	bool *begins;      /* a truncated copy of another of its group */
	size_t *order;     /* the games, group by group (each group's in the order read) */
	size_t *start;     /* a group's first in order */
	size_t *keep;      /* a group's kept copy, SIZE_MAX until chosen */
};

/* Whether the games of order[a..b) hold one not from an index, or
 * the report covers indexed games too. */
static bool has_fresh(const struct dup_set *s, const size_t *order, size_t a, size_t b)
{
	bool fresh = !s->o.only_new;
	for (size_t k = a; k < b && !fresh; k++)
		fresh = !s->games[order[k]].indexed;
	return fresh;
}

/* The games linked, their prefixes resolved, and ordered by group. */
static void group_games(struct dup_set *s, struct grouping *gr)
{
	size_t n = s->len ? s->len : 1;
	gr->up = xmalloc(n * sizeof *gr->up);
	for (size_t i = 0; i < s->len; i++)
		gr->up[i] = i;
	gr->ring = xmalloc(n * sizeof *gr->ring);
	for (size_t i = 0; i < s->len; i++)
		gr->ring[i] = i;
	struct linking l = { .up = gr->up, .ring = gr->ring };
	dup_link_all(s, &l);
	if (s->o.max_differ > 0)
		dup_link_near(s, &l);
	dup_drop_loose(s, &l);
	u64set_free(&l.begun);
	gr->group = xmalloc(n * sizeof *gr->group);
	gr->roots = xcalloc(n, sizeof *gr->roots);
	gr->nroots = xcalloc(n, sizeof *gr->nroots);
	gr->begins = xcalloc(n, sizeof *gr->begins);
	dup_drop_clashes(s, gr->up, gr->ring);
	resolve_prefixes(s, gr->up, gr->ring, gr->group, gr->roots, gr->nroots, gr->begins);
	/* The groups in the order their first game was read */
	gr->order = xmalloc(n * sizeof *gr->order);
	for (size_t i = 0; i < s->len; i++)
		gr->order[i] = gr->group[i] * (s->len + 1) + i;   /* group, then the game */
	sort_items(gr->order, s->len, sizeof *gr->order, dup_cmp_size);
	gr->start = xmalloc(n * sizeof *gr->start);
	gr->keep = xmalloc(n * sizeof *gr->keep);
	for (size_t i = 0; i < s->len; i++)
		gr->keep[i] = SIZE_MAX;
}

/* The report as it is made: the sink each piece goes to, what it counts. */
struct emit {
	const struct dup_report_sink *sink;
	struct dup_totals *totals;
};

/* A piece of the report to the sink's hook (none: dropped), then freed. */
static void hand_on(void (*hook)(void *, json_object *), void *ctx, json_object *piece)
{
	if (hook)
		hook(ctx, piece);
	json_object_put(piece);
}

/* The games ids (n of them, a group's) reported as groups, each handed
 * on: the kept copy's, then, of the copies left out of it (beyond
 * --max-differ of the kept copy: they were linked to it through another
 * copy only), a group of their own where they are copies of each other,
 * and so on until fewer than two are left. A copy is only ever listed
 * beside a kept copy it is within the bounds of; none is lost because the
 * copy that linked it went to another group. *keep: the first kept copy. */
static void report_group(struct dup_set *s, const struct grouping *gr, const size_t *ids,
			 size_t n, const struct emit *to, size_t *keep)
{
	size_t *rest = xmalloc(n * sizeof *rest), *left = xmalloc(n * sizeof *left);
	memcpy(rest, ids, n * sizeof *rest);
	for (bool first = true; n > 1; first = false) {
		bool fresh = has_fresh(s, rest, 0, n);
		if (!fresh && !first)
			break;
		struct keep_why why;
		size_t kept = dup_choose_keep(s, rest, n, &why, gr->begins);
		if (first)
			*keep = kept;
		if (!fresh)   /* --against: only indexed games (kept for the fragments) */
			break;
		size_t listed = 0, nleft = 0;
		json_object *g = dup_group_json(s, rest, n, kept, &why, &listed, left, &nleft);
		if (g) {
			to->totals->groups++;
			to->totals->duplicates += listed;
			hand_on(to->sink->group, to->sink->ctx, g);
		}
		memcpy(rest, left, nleft * sizeof *rest);
		n = nleft;
	}
	free(rest);
	free(left);
}

/* Each group of two games or more (with a game not from an index, or
 * the beginning of a fragment) chooses its kept copy; those reported
 * are handed on, but for a fragment's whose copies may be of two games
 * (dup_fragment_doubt: the fragment lists them). */
static void report_groups(struct dup_set *s, struct grouping *gr, const struct emit *to)
{
	size_t *order = gr->order;
	for (size_t i = 0; i < s->len;) {
		size_t root = order[i] / (s->len + 1), j = i;
		while (j < s->len && order[j] / (s->len + 1) == root)
			order[j] %= s->len + 1, j++;
		gr->start[root] = i;
		if (j - i > 1 && (has_fresh(s, order, i, j) || gr->roots[root]) &&
		    !(gr->roots[root] &&
		      dup_fragment_doubt(s, order, i, j, gr->roots[root], gr->nroots[root])))
			report_group(s, gr, order + i, j - i, to, &gr->keep[root]);
		else if (j - i == 1)
			gr->keep[root] = order[i];
		i = j;
	}
}

/* A fragment reported (fresh), and the least of the kept copies of the
 * games it may begin: fragments of one game name the same kept copies
 * and, ordered by it, meet them one after another. */
struct frag_at {
	size_t least, f;
};

static int cmp_frag_at(const void *x, const void *y)
{
	const struct frag_at *a = x, *b = y;
	if (a->least != b->least)
		return a->least < b->least ? -1 : 1;
	return (a->f > b->f) - (a->f < b->f);
}

/* Where a fragment is no beginning of the kept copy of its r-th game but
 * its middle (games alike but for their first moves): the moves of that
 * copy the fragment f spans ("from", "to" in its entry). */
struct frag_span {
	size_t f, r;
	size_t from, to;
};

static int cmp_frag_span(const void *x, const void *y)
{
	const struct frag_span *a = x, *b = y;
	if (a->f != b->f)
		return a->f < b->f ? -1 : 1;
	return (a->r > b->r) - (a->r < b->r);
}

/* The fragments reported (their kept copies chosen), in the order of
 * their first games read, as frag_at (n of them). */
static struct frag_at *fresh_fragments(struct dup_set *s, struct grouping *gr, size_t *n)
{
	const size_t *order = gr->order;
	struct frag_at *at = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t f = 0; f < s->len; f++) {
		if (!gr->roots[f])
			continue;
		size_t a = gr->start[f], b = a;
		while (b < s->len && gr->group[order[b]] == f)
			b++;
		bool fresh = has_fresh(s, order, a, b);
		size_t least = SIZE_MAX;
		for (size_t r = 0; r < gr->nroots[f]; r++) {
			size_t root = gr->roots[f][r];
			if (gr->keep[root] == SIZE_MAX) {
				size_t ra = gr->start[root], rb = ra;
				while (rb < s->len && gr->group[order[rb]] == root)
					rb++;
				struct keep_why why;
				gr->keep[root] = dup_choose_keep(s, order + ra, rb - ra, &why, gr->begins);
			}
			fresh |= !s->games[gr->keep[root]].indexed;
			if (gr->keep[root] < least)
				least = gr->keep[root];
		}
		if (fresh) {
			at = xgrow(at, &cap, *n + 1, sizeof *at);
			at[(*n)++] = (struct frag_at){ least, f };
		}
	}
	return at;
}

/* The middles among the n fragments at[] and the kept copies of the
 * games each may begin, sorted by fragment (*nspan of them): each
 * fragment's key read once, each kept copy's from the spool once for the
 * fragments met one after another that name it (struct spool_recent
 * keeps it), not once a fragment (a dense collection's 100,000 games read
 * kept copies' keys 78,000 times for its 9,727 fragments, 49 times its
 * 10,000's). */
static struct frag_span *fragment_spans(struct dup_set *s, const struct grouping *gr,
					const struct frag_at *at, size_t n, size_t *nspan)
{
	*nspan = 0;
	if (!n)
		return NULL;
	struct frag_at *by = xmalloc(n * sizeof *by);
	memcpy(by, at, n * sizeof *by);
	sort_items(by, n, sizeof *by, cmp_frag_at);
	struct frag_span *span = NULL;
	size_t cap = 0;
	for (size_t i = 0; i < n; i++) {
		size_t f = by[i].f;
		const struct entry *e = &s->games[gr->order[gr->start[f]]];
		uint16_t *ke = dup_load_key(s, e);
		for (size_t r = 0; r < gr->nroots[f]; r++) {
			size_t g = gr->keep[gr->roots[f][r]], from, to;
			const struct entry *k = &s->games[g];
			uint16_t *kk = dup_load_key(s, k);
			if (dup_cmp_key(kk, ke, e->len < k->len ? e->len : k->len) &&
			    dup_middle_span(s, kk, k->len, ke, e->len, &from, &to)) {
				span = xgrow(span, &cap, *nspan + 1, sizeof *span);
				span[(*nspan)++] = (struct frag_span){ f, r, from, to };
			}
			free(kk);
		}
		free(ke);
	}
	free(by);
	if (*nspan > 1)
		sort_items(span, *nspan, sizeof *span, cmp_frag_span);
	return span;
}

/* Whether the n games ids, the beginning of game k, play each all of its
 * moves, the passes after the last move counting for neither (a copy ended
 * by two passes of each of two games ended by one and by none: REVIEW.md
 * R201). */
static bool whole_line(const struct dup_set *s, const size_t *ids, size_t n,
		       const struct entry *k)
{
	for (size_t i = 0; i < n; i++)
		if (DUP_PLAYED(&s->games[ids[i]]) != DUP_PLAYED(k))
			return false;
	return n > 0;
}

/* Fragments: the beginning (or middle) of two games or more that are not
 * one, each with the kept copies of the games it begins, handed on. */
static void report_fragments(struct dup_set *s, struct grouping *gr, const struct emit *to)
{
	const size_t *order = gr->order;
	size_t n, nspan, next = 0;
	struct frag_at *at = fresh_fragments(s, gr, &n);
	struct frag_span *span = fragment_spans(s, gr, at, n, &nspan);
	for (size_t i = 0; i < n; i++) {
		size_t f = at[i].f, a = gr->start[f], b = a;
		while (b < s->len && gr->group[order[b]] == f)
			b++;
		json_object *of = dom_array();
		for (size_t r = 0; r < gr->nroots[f]; r++) {
			const struct entry *k = &s->games[gr->keep[gr->roots[f][r]]];
			json_object *ref = dup_game_ref(s, k);
			if (next < nspan && span[next].f == f && span[next].r == r) {
				dom_add(ref, "from", dom_uint(span[next].from));
				dom_add(ref, "to", dom_uint(span[next].to));
				next++;
			} else if (whole_line(s, order + a, b - a, k)) {
				dom_add(ref, "line", dom_bool(true));
			}
			dom_push(of, ref);
		}
		json_object *frag = dom_object(), *games = dom_array();
		for (size_t k = a; k < b; k++) {
			const struct entry *e = &s->games[order[k]];
			json_object *m = dup_member_json(s, e);
			if (e->passes_after && !e->position)   /* (no moves: its header
								 * counts without them) */
				dom_add(m, "passesAfter", dom_uint(e->passes_after));
			dom_push(games, m);
		}
		dom_add(frag, "games", games);
		dom_add(frag, "prefixOf", of);
		to->totals->fragments++;
		to->totals->middles += dup_fragment_part(frag) == DUP_PART_MIDDLE;
		hand_on(to->sink->fragment, to->sink->ctx, frag);
	}
	free(span);
	free(at);
}

const struct dup_part_words dup_part_words[] = {
	[DUP_PART_BEGINNING] = { "prefix", "prefixes", "beginning" },
	[DUP_PART_MIDDLE] = { "middle", "middles", "middle" },
	[DUP_PART_EITHER] = { "prefix", "prefixes", "beginning or middle" },
	[DUP_PART_LINE] = { "prefix", "prefixes", "line" },
};

enum dup_part dup_fragment_part(json_object *fragment)
{
	json_object *of = NULL;
	json_object_object_get_ex(fragment, "prefixOf", &of);
	size_t n = json_object_array_length(of), middles = 0, lines = 0;
	for (size_t i = 0; i < n; i++) {
		json_object *ref = json_object_array_get_idx(of, i);
		middles += json_object_object_get_ex(ref, "from", NULL);
		lines += json_object_object_get_ex(ref, "line", NULL);
	}
	return middles == n && n ? DUP_PART_MIDDLE : middles ? DUP_PART_EITHER
	       : lines == n && n ? DUP_PART_LINE : DUP_PART_BEGINNING;
}

static void grouping_free(const struct dup_set *s, struct grouping *gr)
{
	for (size_t i = 0; i < s->len; i++)
		free(gr->roots[i]);
	free(gr->roots);
	free(gr->nroots);
	free(gr->start);
	free(gr->keep);
	free(gr->begins);
	free(gr->group);
	free(gr->order);
	free(gr->up);
	free(gr->ring);
}

/* --keys: every game's keys (of the games read, with --against), each
 * handed on. */
static void report_keys(const struct dup_set *s, const struct dup_report_sink *sink)
{
	for (size_t i = 0; i < s->len; i++) {
		const struct entry *e = &s->games[i];
		if (s->o.only_new && e->indexed)
			continue;
		json_object *k = dup_game_place(s, e);
		dom_add(k, "format", dom_string(e->format));
		dom_add(k, "moves", dom_uint(e->moves));
		const struct entry_keys *keys = &s->keys[i];
		dom_add(k, "key", dom_string(keys->key));
		if (keys->dyer[0])
			dom_add(k, "dyer", dom_string(keys->dyer));
		if (keys->sgfinfo[0])
			dom_add(k, "sgfinfo", dom_string(keys->sgfinfo));
		hand_on(sink->key, sink->ctx, k);
	}
}

bool dup_set_each(struct dup_set *s, const struct dup_report_sink *sink, struct dup_totals *totals)
{
	*totals = (struct dup_totals){ .games = s->len + s->unloaded };
	/* Keys the spool did not take (a full disk, ulimit -f) would read back
	 * as zeros, a board of no size: not grouped. */
	if (s->spool && (fflush(s->spool) || ferror(s->spool)))
		s->spool_failed = true;
	if (s->spool_failed)
		return errno = errno ? errno : EIO, false;
	if (s->o.keys)
		report_keys(s, sink);
	struct grouping gr;
	group_games(s, &gr);
	struct emit to = { sink, totals };
	report_groups(s, &gr, &to);
	report_fragments(s, &gr, &to);
	grouping_free(s, &gr);
	if (s->spool_failed) {
		errno = errno ? errno : EIO;
		return false;
	}
	return true;
}
