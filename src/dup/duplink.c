/* duplink: the games of the collection linked (dup/dupset.h): identical
 * copies and near ones united into families, truncated copies linked to
 * the families they begin; candidates from the buckets of their opening's
 * hash (dup_link_all) and from the fingerprints they share (dupscan.c's
 * dup_link_near). */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "dup/u64set.h"

size_t dup_find(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

static void unite(size_t *up, size_t a, size_t b)
{
	a = dup_find(up, a);
	b = dup_find(up, b);
	if (a != b)
		up[a > b ? a : b] = a < b ? a : b;
}

/* How games a and b (keys ka, kb) stand: LINK_NONE, LINK_SAME (identical,
 * or near: at most --max-differ moves substituted, inserted or deleted,
 * under the symmetry that aligns them), or one the beginning of the other
 * (LINK_A_PREFIX: a is b's beginning; LINK_B_PREFIX). A prefix is no
 * proof that two games are one: a fragment can begin two games, so
 * prefixes are linked apart (resolve_prefixes). */
enum { LINK_NONE, LINK_SAME, LINK_A_PREFIX, LINK_B_PREFIX, LINK_KIND = 3,
       /* with a prefix of a copy that dropped a handicap's stones (the
	* shorter's): LINK_BARE, and its edits from the game's line or its
	* beginning from LINK_EDITS up (0 where the facts say one game),
	* LINK_LOOSE where there are some and the facts say nothing; LINK_PASSES
	* a prefix of one longer by passes after its end only (passes_longer);
	* LINK_NEAR a prefix with moves changed (near_prefix) */
       LINK_BARE = 4, LINK_LOOSE = 8, LINK_PASSES = 16, LINK_NEAR = 32, LINK_EDITS = 6 };

/* Whether the ends of a copy that dropped a handicap's stones (kbare,
 * lbare elements) and those of its game's line (kg, lg, the stones set
 * up) are apart as dup_ends_apart tells near copies' (t the symmetry
 * dup_aligned aligned them by): the game's line read without its setup. */
static bool bare_ends_apart(const struct dup_set *s, const uint16_t *kg, size_t lg,
			    const uint16_t *kbare, size_t lbare, size_t k, int t)
{
	size_t head = dup_key_head(kg), n = 3 + lg - head;
	uint16_t *line = xmalloc(n * sizeof *line);
	memcpy(line, kg, 2 * sizeof *line);
	line[2] = 0;
	memcpy(line + 3, kg + head, (lg - head) * sizeof *line);
	bool apart = dup_ends_apart(s, line, n, kbare, lbare, k, t, lbare >= n);
	free(line);
	return apart;
}

/* How games a and b of other setups stand: one without stones and the
 * other with a handicap's, the first within k edits of the other's line
 * or its beginning (dup_stones_dropped), is linked as its beginning, a
 * copy that dropped the stones (with HA): it joins the group of the one
 * game under stones it can be a copy of, and none where it can be two
 * (the same moves under 2 stones and 3: a fragment of both). A copy
 * with moves of its own besides is one where the facts say so, or where
 * they say nothing and it is a near copy as linked() links one: of
 * DUP_NEAR_MIN_MOVES or more, its ends agreeing. So a copy without facts
 * is linked to each game under stones it can copy, itself: through
 * another stones-dropped copy alone (its line, whose facts name one of
 * them) it joined that one (the truth test's seeds 17 --wide and 22
 * --aside); but only to those it is closest to (drop_loose). say: the facts of a short pair (DUP_NEAR_MIN_MOVES), which
 * links it only where its line is the other's or its beginning unless
 * they say one game; FACTS_ONE_GAME for a long one. */
static int stones_dropped(const struct dup_set *s, const struct entry *a, const uint16_t *ka,
			  const struct entry *b, const uint16_t *kb, size_t k,
			  enum dup_facts_say say)
{
	bool a_bare = dup_stones_dropped(s, ka, kb, b->len);
	if (!a_bare && !dup_stones_dropped(s, kb, ka, a->len))
		return LINK_NONE;
	const struct entry *bare = a_bare ? a : b, *game = a_bare ? b : a;
	const uint16_t *kg = a_bare ? kb : ka, *kbare = a_bare ? ka : kb;
	int prefix = a_bare ? LINK_A_PREFIX : LINK_B_PREFIX, r = 0;
	if (say != FACTS_ONE_GAME)   /* a short pair the facts do not tie */
		return dup_aligned(s, kg, game->len, kbare, bare->len, 0, true, &r) ? LINK_NONE
		       : prefix | LINK_BARE;
	/* The bare one's first black moves on the stones: two black moves in
	 * a row read as stones (a first move inserted, the second deleted),
	 * a near copy of the other, or one the beginning of the other, linked
	 * as linked() links near copies: where their ends agree (the lines as
	 * so aligned: gp, pp), or the facts say one game */
	int link = LINK_SAME;
	size_t lg = game->len, lp = bare->len;
	/* (passes after the last move count for neither where the facts say
	 * one game, as linked() reads near copies: a copy that dropped the
	 * stones, with a move changed and passes added, is two edits or three
	 * from its game) */
	enum dup_facts_say facts = dup_facts_say(s, a, b);
	if (facts == FACTS_ONE_GAME && game->passes_after != bare->passes_after)
		lg -= game->passes_after, lp -= bare->passes_after;
	uint16_t *gp = xmalloc((lg + lp) * sizeof *gp), *pp = gp + lg;
	size_t played = dup_played(s, kg, lg, kbare, lp, k, 0, gp, pp);
	bool both = true, game_short = lg < lp;
	if (played > k && lg != lp) {
		played = dup_played(s, kg, lg, kbare, lp, k, game_short ? 2 : 1, gp, pp);
		link = (game_short == a_bare ? LINK_B_PREFIX : LINK_A_PREFIX) |   /* (as linked()'s) */
		       ((game_short ? bare->len - bare->passes_after <= game->len
			 : game->len - game->passes_after <= bare->len)
			? LINK_PASSES : 0);
		both = false;
	}
	bool apart = played > k || (!both && game_short ? dup_ends_apart(s, pp, lp, gp, lg, k, 0, false)
				    : dup_ends_apart(s, gp, lg, pp, lp, k, 0, both));
	free(gp);
	if (played <= k && (!apart || facts == FACTS_ONE_GAME))
		return link;
	size_t d = dup_aligned(s, kg, lg, kbare, lp, k, true, &r);
	if (d > k || (d && facts != FACTS_ONE_GAME &&
		      (facts == FACTS_OTHER_GAME || DUP_PLAYED(bare) < DUP_NEAR_MIN_MOVES ||
		       bare_ends_apart(s, kg, game->len, kbare, bare->len, k, r))))
		return LINK_NONE;
	if (!d || facts == FACTS_ONE_GAME)
		return prefix | LINK_BARE;
	/* Its edits, as drop_loose weighs them: from the game's whole line
	 * where within k, else from its beginning, further than any whole
	 * line (a copy of the game's length is closer to the game it copies
	 * than to the same moves under other stones ended by a pass it has
	 * not, which the beginning's alignment leaves free: duplicates_truth.py
	 * --aside --wide seed 19) */
	size_t whole = dup_aligned(s, kg, game->len, kbare, bare->len, k, false, &r);
	/* (passes after the last move that differ are one edit, however
	 * many: a copy ended by two passes is no nearer the game ended by
	 * one than the same moves under other stones ended by none; REVIEW.md
	 * R200, duplicates_truth.py --aside seed 31) */
	if (whole > 1 && game->passes_after != bare->passes_after) {
		size_t line = dup_aligned(s, kg, DUP_LINE(game), kbare, DUP_LINE(bare), k, false, &r);
		if (line + 1 < whole)
			whole = line + 1;
	}
	size_t edits = whole <= k ? whole : k + 1 + d;
	return prefix | LINK_BARE | LINK_LOOSE | (int)(edits < 255 ? edits : 255) << LINK_EDITS;
}

/* How games a and b of the same moves stand where their facts say
 * nothing either way (a copy without the players, one with them in
 * another script): the copy that gives fewer facts is linked as a
 * truncated copy is, as the beginning of the other, so that it joins the
 * group of the one game it can be a copy of, and none when it can be two
 * (a fragment); two that give none are alike. Of two that give as many,
 * the one whose date gives no day (the month alone, 2016年3月: a copy
 * with the players in another script, or romanised otherwise;
 * duplicates_truth.py --wide seed 24's 0247), but where one writes the
 * players the other way round (no proof of one game, nor of two: a
 * match's next game of that month). */
static int unknown_same(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	bool day = !dup_players_exchanged(s, a, b, false);
	int ga = 2 * dup_facts_given(s, a) + (day && dup_day_given(s, a)),
	    gb = 2 * dup_facts_given(s, b) + (day && dup_day_given(s, b));
	return ga == gb ? (ga ? LINK_NONE : LINK_SAME) : ga < gb ? LINK_A_PREFIX : LINK_B_PREFIX;
}

/* Whether games a and b are compared on their lines without the passes
 * after their last moves (DUP_LINE), as one of them a beginning of the
 * other: where they end in other passes and their facts say one game. */
static bool passes_count_not(const struct dup_set *s, const struct entry *a,
			     const struct entry *b)
{
	return a->passes_after != b->passes_after && dup_facts_say(s, a, b) == FACTS_ONE_GAME;
}

/* How games a and b stand where one is a position: the same position, the
 * same side to play; one that gives no side is the beginning of one that
 * does (a problem without its solution, with none to play said), linked
 * as a prefix: it can begin the problem with black to play and the one
 * with white. */
static int positions_linked(const struct entry *a, const uint16_t *ka, const struct entry *b,
			    const uint16_t *kb)
{
	size_t n = a->len < b->len ? a->len : b->len;
	if (!a->position || !b->position || dup_cmp_key(ka, kb, n))
		return LINK_NONE;
	return a->len == b->len ? LINK_SAME : a->len < b->len ? LINK_A_PREFIX : LINK_B_PREFIX;
}

/* Whether the dates of a and b, whose first DUP_SURE_MOVES moves are
 * alike, put them on one day: the same day, or a month that holds the
 * other's day (1952年6月, 1952-06-03) where no other fact clashes (the
 * players in another script, which tell nothing either way: the truth
 * test's --aside --wide seed 7's 0336, its last move another). Two
 * games of one month do not share their first 100 moves either. */
static bool sure_day(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	return dup_same_day(s, a, b) ||
	       ((dup_month_holds(s, a, b) || dup_month_holds(s, b, a)) && !dup_facts_clash(s, a, b));
}

/* The link of a truncated copy with moves changed, the shorter of a and b
 * (keys ka, kb) within --max-differ edits (d) of the longer's beginning:
 * a prefix (LINK_NEAR), where the longer is longer by passes after its
 * end only, LINK_PASSES (a prefix, where the passes may tell another
 * game, but no truncated copy). Two such lines without stones, in a set
 * with a handicap's, whose facts say nothing: the shorter may be a copy
 * that dropped the stones of another game, as the longer did of its own
 * (the same moves under other stones, ended by those passes); weighed as
 * such a copy's links are, its edits and one for the passes
 * (stones_dropped's), so that it joins the game it is nearest to, not a
 * fragment of both (duplicates_truth.py --games 3000 --seed 15 --aside
 * --wide, 7095). */
static int near_prefix(const struct dup_set *s, const struct entry *a, const uint16_t *ka,
		       const struct entry *b, const uint16_t *kb, size_t d)
{
	bool a_short = a->len < b->len;
	size_t ll = a_short ? b->len : a->len, ls = a_short ? a->len : b->len;
	int link = (a_short ? LINK_A_PREFIX : LINK_B_PREFIX) | LINK_NEAR |
		   (ll - (a_short ? b : a)->passes_after <= ls ? LINK_PASSES : 0);
	if ((link & LINK_PASSES) && s->nbare && !ka[2] && !kb[2] &&
	    dup_facts_say(s, a, b) != FACTS_ONE_GAME)
		link |= LINK_BARE | LINK_LOOSE | (int)(d + 1 < 255 ? d + 1 : 255) << LINK_EDITS;
	return link;
}

static int linked(const struct dup_set *s, const struct entry *a, const uint16_t *ka,
		  const struct entry *b, const uint16_t *kb)
{
	if (a->position || b->position)
		return positions_linked(a, ka, b, kb);
	/* A line from stones set up that are no handicap's (the middle of
	 * a game, its beginning as the position it made) is a part of a
	 * game without its ends, where two games alike but for their ends
	 * are alike (the truth test's parted-last, seed 19 --aside): as near
	 * copies whose ends differ, the facts tell */
	if (((ka[2] && !a->stones) || (kb[2] && !b->stones)) &&
	    dup_facts_say(s, a, b) == FACTS_OTHER_GAME)
		return LINK_NONE;
	/* Under DUP_NEAR_MIN_MOVES moves, two games can share their moves:
	 * their players and date tell */
	enum dup_facts_say say = DUP_PLAYED(a) < DUP_NEAR_MIN_MOVES || DUP_PLAYED(b) < DUP_NEAR_MIN_MOVES ?
				 dup_facts_say(s, a, b) : FACTS_ONE_GAME;
	/* (one line: passes after the last move count for neither, as the
	 * keep and a copy's relation read them) */
	bool same = dup_same_line(a, ka, b, kb);
	if (DUP_PLAYED(a) < DUP_MIN_MOVES || DUP_PLAYED(b) < DUP_MIN_MOVES)   /* short games */
		return same && say == FACTS_ONE_GAME ? LINK_SAME : LINK_NONE;
	if (same && say == FACTS_UNKNOWN && dup_day_player(s, a, b))
		say = FACTS_ONE_GAME;
	/* identical, or a prefix: a line the other's beginning, the passes
	 * after its last move left out where the facts say one game (a copy
	 * cut short and ended by passes is a truncated copy, at --max-differ
	 * 0 too, not near); where they say nothing, the passes tell a game
	 * that ended there from another's beginning (the truth test's
	 * "beginning" games' copies stripped of their facts) */
	bool lines = passes_count_not(s, a, b);
	size_t la = lines ? DUP_LINE(a) : a->len, lb = lines ? DUP_LINE(b) : b->len;
	if (same || !dup_cmp_key(ka, kb, la < lb ? la : lb)) {
		if (say == FACTS_OTHER_GAME)
			return LINK_NONE;
		if (!same)
			return la < lb ? LINK_A_PREFIX : LINK_B_PREFIX;
		if (say == FACTS_ONE_GAME)
			return LINK_SAME;
		return unknown_same(s, a, b);
	}
	int r = 0;
	size_t k = (size_t)s->o.max_differ;
	if (ka[2] != kb[2])   /* the same game, its stones dropped: at --max-differ 0 too */
		return say == FACTS_OTHER_GAME ? LINK_NONE : stones_dropped(s, a, ka, b, kb, k, say);
	if (say != FACTS_ONE_GAME)
		return LINK_NONE;
	if (!k)
		return LINK_NONE;
	bool a_short = a->len < b->len;
	const uint16_t *kl = a_short ? kb : ka, *ks = a_short ? ka : kb;
	size_t ll = a_short ? b->len : a->len, ls = a_short ? a->len : b->len;
	int link = LINK_NONE;
	bool apart;
	/* (passes after the last move count for neither: a near copy ended
	 * by passes its game has not is no longer game its game begins,
	 * where the facts say one game; where they say nothing, the passes
	 * tell which of two games of one line it copies: drop_loose's) */
	size_t d = dup_aligned(s, ka, a->len, kb, b->len, k, false, &r);
	if (d > k && lines)
		d = dup_aligned(s, ka, DUP_LINE(a), kb, DUP_LINE(b), k, false, &r);
	if (d <= k) {   /* near: its edits with it (join_later's) */
		link = LINK_SAME | (int)d << LINK_EDITS;
		apart = dup_ends_apart(s, ka, a->len, kb, b->len, k, r, true);
	/* A truncated copy with a few moves wrong: the shorter within k edits
	 * of the longer's beginning (its moves after cost nothing), the
	 * shorter's passes after its last move no moves of it (a copy cut
	 * short and ended by passes) */
	} else if (a->len != b->len && ((d = dup_aligned(s, kl, ll, ks, ls, k, true, &r)) <= k ||
					(DUP_LINE(a_short ? a : b) < ls && lines &&
					 (d = dup_aligned(s, kl, ll, ks, DUP_LINE(a_short ? a : b), k,
							  true, &r)) <= k))) {
		link = near_prefix(s, a, ka, b, kb, d);
		/* (its moves not the other's beginning, where the players and
		 * date say another game: a game parting from the other's line
		 * near its end, one move played for another a move or two
		 * early, whatever its ends: duplicates_truth.py --aside seed
		 * 38's 0448, 53 moves, 52 of them another game's first) */
		apart = dup_facts_say(s, a, b) == FACTS_OTHER_GAME ||
			dup_ends_apart(s, kl, ll, ks, ls, k, r, false);
	} else {
		return LINK_NONE;
	}
	/* Near copies whose ends differ are two games parting as well as a
	 * copy's mistakes (games share 30 to 60 moves of fuseki, and one can
	 * end a move or two after): their players and date tell, as a short
	 * game's do (DUP_NEAR_MIN_MOVES), or the day and their first
	 * DUP_SURE_MOVES moves (the players named otherwise, exchanged). */
	if (apart && dup_facts_say(s, a, b) != FACTS_ONE_GAME &&
	    !(a->len >= DUP_SURE_MOVES && b->len >= DUP_SURE_MOVES &&
	      !dup_cmp_key(ka, kb, DUP_SURE_MOVES) && sure_day(s, a, b)))
		return LINK_NONE;
	return link;
}

/* A link of one game to another it is the beginning of. */
void dup_add_prefix(struct dup_set *s, size_t shorter, size_t longer)
{
	s->edges = xgrow(s->edges, &s->edges_cap, s->nedges + 1, sizeof *s->edges);
	s->edges[s->nedges++] = (uint64_t)shorter << 32 | longer;
}

/* Whether comparing a and b can tell nothing new: their lengths differ by
 * more than --max-differ, so that linked() can only find the shorter the
 * beginning of the longer (or not), and the shorter already begins a game
 * of the longer's family, so that the link would join the same families
 * (resolve_prefixes reads links family to family, and begins[] whether a
 * game begins one of its group). A dense collection's truncated copies
 * were compared with every copy of the game they begin: pairs that grow
 * as the square of the copies (issue 49). */
bool dup_link_known(const struct dup_set *s, struct linking *l, size_t a, size_t b)
{
	size_t la = s->games[a].len, lb = s->games[b].len, k = (size_t)s->o.max_differ;
	if ((la > lb ? la - lb : lb - la) <= k)
		return false;
	size_t shorter = la < lb ? a : b, longer = la < lb ? b : a;
	return u64set_has(&l->begun, (uint64_t)shorter << 32 | dup_find(l->up, longer));
}

/* Games a and b one family, unless their families' facts clash. */
static void join(struct dup_set *s, struct linking *l, size_t a, size_t b)
{
	if (!dup_families_clash(s, l->ring, a, b))
		unite(l->up, a, b), dup_ring_join(l->ring, a, b);
}

/* Whether near copies a and b (keys ka, kb), edits apart, are joined
 * once every link is made (settle_joins), not now: two lines without
 * stones, where the set has games under a handicap's stones, that the
 * facts do not say are one game. Either can be a copy that dropped a
 * game's stones fewer edits from that game's line than from the other
 * (duplicates_truth.py --wide seed 17's 0667: a copy without facts, a
 * move changed, one edit from the game under 3 stones, was joined to a
 * copy of the same moves under 2 stones ended by a pass, two edits away,
 * and made a fragment of both): the join of the nearest first. */
static bool join_later(struct dup_set *s, struct linking *l, size_t a, const uint16_t *ka,
		       size_t b, const uint16_t *kb, unsigned edits)
{
	if (!edits || !s->nbare || ka[2] || kb[2] ||
	    dup_facts_say(s, &s->games[a], &s->games[b]) == FACTS_ONE_GAME)
		return false;
	l->joins = xgrow(l->joins, &l->joins_cap, l->njoins + 2, sizeof *l->joins);
	l->joins[l->njoins++] = edits;
	l->joins[l->njoins++] = (uint64_t)a << 32 | b;
	return true;
}

void dup_link_pair(struct dup_set *s, struct linking *l, size_t a, const uint16_t *ka,
		      size_t b, const uint16_t *kb)
{
	size_t *up = l->up, shorter = a, longer = b;
	int link = linked(s, &s->games[a], ka, &s->games[b], kb);
	switch (link & LINK_KIND) {
	case LINK_SAME:
		if (!join_later(s, l, a, ka, b, kb, (unsigned)link >> LINK_EDITS))
			join(s, l, a, b);
		return;
	case LINK_A_PREFIX: break;
	case LINK_B_PREFIX: shorter = b, longer = a; break;
	default: return;
	}
	dup_add_prefix(s, shorter, longer);
	if (link & LINK_PASSES)
		u64set_add(&s->passes_longer, (uint64_t)shorter << 32 | longer);
	if (link & LINK_NEAR)
		u64set_add(&s->near_prefix, (uint64_t)shorter << 32 | longer);
	if (link & LINK_BARE) {
		uint64_t edits = (unsigned)link >> LINK_EDITS;
		u64set_add(&l->bare, (uint64_t)shorter << 8 | edits);
		if (link & LINK_LOOSE) {
			l->loose = xgrow(l->loose, &l->loose_cap, l->nloose + 2, sizeof *l->loose);
			l->loose[l->nloose++] = (uint64_t)shorter << 32 | longer;
			l->loose[l->nloose++] = edits;
		}
	}
	/* (a loose link says nothing of how close the shorter is to the
	 * longer's family: its other games are compared all the same) */
	size_t root = dup_find(up, longer);
	if (dup_find(up, shorter) != root && !(link & LINK_LOOSE))
		u64set_add(&l->begun, (uint64_t)shorter << 32 | root);
}

/* Keys a (la elements) and b (lb) in order: element by element, a key
 * before its continuations. */
static int cmp_keys(const uint16_t *a, size_t la, const uint16_t *b, size_t lb)
{
	int c = dup_cmp_key(a, b, la < lb ? la : lb);
	return c ? c : (la > lb) - (la < lb);
}

static int cmp_item(const void *x, const void *y)
{
	const struct bucket_item *a = x, *b = y;
	return cmp_keys(a->key, a->len, b->key, b->len);
}

/* Whether e is a game whose copies its facts tell from another game of
 * its moves (dup_facts_say): fewer than DUP_NEAR_MIN_MOVES moves, no
 * position (compared by its stones). */
static bool short_game(const struct entry *e)
{
	return DUP_PLAYED(e) < DUP_NEAR_MIN_MOVES && !e->position;
}

/* Whether item a's key is item b's or its beginning. */
static bool item_begins(const struct bucket_item *a, const struct bucket_item *b)
{
	return a->len <= b->len && !dup_cmp_key(a->key, b->key, a->len);
}

/* A key among sorted items: bound_first's test of the items after it. */
struct key_past {
	const struct bucket_item *items;
	const uint16_t *key;
	size_t len;
};

static bool after_key(const void *ctx, size_t i)
{
	const struct key_past *p = ctx;
	return cmp_keys(p->items[i].key, p->items[i].len, p->key, p->len) > 0;
}

/* At --max-differ 0, each game of a bucket with a handicap's stones (here
 * by the opening of its moves alone, s->bare) against the keys without
 * setup that are its moves without the stones or their beginning: copies
 * that dropped the stones (linked()), one of each set of identical keys
 * (same[]: an item identical to the next). The least image of a line
 * begins with the least image of its beginning, so such a copy's key
 * begins the key the game's moves alone have (dup_bare_key): it is one
 * of the items before that key's place in the sorted items that begin
 * it, each of which begins the item just before that place too, and so
 * is on the chain of that item's longest beginning among the items, and
 * its longest beginning's (prefix[]). Every handicap game was compared
 * with every key without setup: 4,000 of each 12 s, 16,000 minutes
 * (REVIEW.md R78).
 * With --max-differ, the fingerprints dup_link_near looks near copies up by
 * find it. */
static void link_dropped(struct dup_set *s, struct linking *l, const struct bucket_item *items,
			 size_t n, const bool *same)
{
	const size_t none = SIZE_MAX;
	size_t *lead = xmalloc(n * sizeof *lead);     /* the first of its identical keys */
	size_t *prefix = xmalloc(n * sizeof *prefix); /* a lead's longest beginning, a lead */
	size_t *chain = xmalloc(n * sizeof *chain), depth = 0;
	for (size_t j = 0; j < n; j++) {
		if (j && same[j - 1]) {
			lead[j] = lead[j - 1];
			continue;
		}
		/* the chain of the lead before's beginnings holds each of j's */
		while (depth && !item_begins(&items[chain[depth - 1]], &items[j]))
			depth--;
		lead[j] = j;
		prefix[j] = depth ? chain[depth - 1] : none;
		chain[depth++] = j;
	}
	uint16_t *bare = NULL;
	size_t bare_cap = 0;
	for (size_t i = 0; i < n; i++) {
		if (!items[i].key[2] || !s->games[items[i].game].stones)
			continue;
		bare = xgrow(bare, &bare_cap, items[i].len, sizeof *bare);
		/* the first item after the bare key */
		struct key_past past = { items, bare, dup_bare_key(s, items[i].key, items[i].len, bare) };
		size_t m = past.len, lo = bound_first(0, n, after_key, &past);
		if (!lo)
			continue;
		const struct bucket_item *x = &items[lo - 1];
		size_t common = 0;
		while (common < m && common < x->len && x->key[common] == bare[common])
			common++;
		/* x's beginnings that begin the bare key too, the longest first:
		 * compared in the items' order */
		size_t found = 0;
		for (size_t j = lead[lo - 1]; j != none; j = prefix[j])
			if (items[j].len <= common && !items[j].key[2])
				chain[found++] = j;
		while (found) {
			size_t j = chain[--found];
			if (dup_find(l->up, items[i].game) != dup_find(l->up, items[j].game) &&
			    !dup_link_known(s, l, items[j].game, items[i].game))
				dup_link_pair(s, l, items[j].game, items[j].key, items[i].game,
					      items[i].key);
		}
	}
	free(bare);
	free(chain);
	free(prefix);
	free(lead);
}

/* Links the games of one bucket (games whose keys share a band). Sorted,
 * a key's copies and its continuations follow it; near matches are
 * looked for among all pairs of a small bucket, neighbours of a large one.
 * Identical keys are united first, so that a key's beginning is linked
 * to the family of its continuations once, not to each copy; two games
 * already of one family are not compared (a link between them would
 * change nothing: resolve_prefixes reads links between families). */
static void link_bucket(struct dup_set *s, struct linking *l, const size_t *ids, size_t n)
{
	struct bucket_item *items = xmalloc(n * sizeof *items);
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		items[i] = (struct bucket_item){ ids[i], dup_load_key(s, e), e->len };
	}
	sort_items(items, n, sizeof *items, cmp_item);
	bool *same = xcalloc(n, sizeof *same);   /* identical to the next */
	bool *skip = xcalloc(n, sizeof *skip);   /* linked as another of its run is */
	for (size_t i = 0; i + 1 < n; i++)
		if (items[i].len == items[i + 1].len &&
		    !dup_cmp_key(items[i].key, items[i + 1].key, items[i].len)) {
			same[i] = true;
			if (!short_game(&s->games[items[i].game]))
				dup_link_pair(s, l, items[i].game, items[i].key, items[i + 1].game,
					  items[i + 1].key);
		}
	for (size_t i = 0, j; i < n; i = j) {   /* the runs of short games' copies */
		for (j = i + 1; j < n && same[j - 1]; j++)
			continue;
		if (j - i > 1 && short_game(&s->games[items[i].game]))
			dup_link_short_run(s, l, items + i, j - i, skip + i);
	}
	/* Each run of identical keys: its end, and whether its games are one
	 * family (as the uniting above leaves most; a family only grows) */
	size_t *run_end = xmalloc(n * sizeof *run_end);
	bool *one = xmalloc(n * sizeof *one);
	for (size_t i = 0, j; i < n; i = j) {
		size_t root = dup_find(l->up, items[i].game);
		bool united = true;
		for (j = i + 1; j < n && same[j - 1]; j++)
			united &= dup_find(l->up, items[j].game) == root;
		for (size_t r = i; r < j; r++)
			run_end[r] = j, one[r] = united;
	}
	bool all_pairs = s->o.max_differ > 0 && n <= 64;
	for (size_t i = 0; i < n; i++) {
		/* A copy identical to both its neighbours finds what the first
		 * of its run found, of the same family (a run of n copies read
		 * the run n times: 150,000 empty games ran minutes); a short
		 * game's, what the first of its facts found; one shorter than
		 * DUP_MIN_MOVES is only ever identical */
		const struct entry *ei = &s->games[items[i].game];
		if ((i && same[i - 1] && same[i] && !short_game(ei)) || skip[i] ||
		    (ei->moves < DUP_MIN_MOVES && !ei->position))
			continue;
		bool prefix = false;
		for (size_t j = i + 1; j < n; j++) {
			/* a copy identical to the one before it begins with
			 * items[i] as that one does (a dense collection's cut
			 * copy met each of its game's copies, its whole key
			 * compared with each) */
			if (j == i + 1 || !same[j - 1])
				prefix = items[i].len <= items[j].len &&
					 !dup_cmp_key(items[i].key, items[j].key, items[i].len);
			if (short_game(ei) && items[j].len == items[i].len && prefix)
				continue;   /* of its run: link_short_run's */
			if ((prefix || j == i + 1 || all_pairs) && !(j == i + 1 && same[i])) {
				if (dup_find(l->up, items[i].game) != dup_find(l->up, items[j].game) &&
				    !dup_link_known(s, l, items[i].game, items[j].game))
					dup_link_pair(s, l, items[i].game, items[i].key, items[j].game,
						      items[j].key);
				else if (one[j])   /* the rest of j's run: its key, its family, as j */
					j = run_end[j] - 1;
			}
			if (!prefix && !all_pairs && j > i + 1)
				break;
		}
	}
	if (!s->o.max_differ)
		link_dropped(s, l, items, n, same);
	free(run_end);
	free(one);
	free(same);
	free(skip);
	for (size_t i = 0; i < n; i++)
		free(items[i].key);
	free(items);
}

int dup_cmp_keyed(const void *x, const void *y)
{
	const struct dup_keyed *a = x, *b = y;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return (a->game > b->game) - (a->game < b->game);
}

/* The buckets of the openings' hash: identical copies, prefixes, and
 * near copies whose first moves agree; a game with a handicap's stones
 * also in the bucket of its moves alone (s->bare). */
void dup_link_all(struct dup_set *s, struct linking *l)
{
	struct dup_keyed *k = xmalloc((s->len + s->nbare ? s->len + s->nbare : 1) * sizeof *k);
	size_t n = 0;
	for (size_t i = 0; i < s->len; i++)
		k[n++] = (struct dup_keyed){ s->games[i].open, i };
	for (size_t i = 0; i < s->nbare; i++)   /* and a handicap's moves without its stones */
		k[n++] = (struct dup_keyed){ s->bare[i].hash, s->bare[i].game };
	sort_items(k, n, sizeof *k, dup_cmp_keyed);
	size_t *ids = xmalloc((n ? n : 1) * sizeof *ids);
	for (size_t i = 0; i < n; i++)
		ids[i] = k[i].game;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && k[j].hash == k[i].hash)
			j++;
		if (j - i > 1)
			link_bucket(s, l, ids + i, j - i);
		i = j;
	}
	free(ids);
	free(k);
}


/* ---- a run of short games with the same moves ---- */

struct by_facts {
	uint32_t day;    /* dup_date_order */
	uint64_t hash;   /* dup_facts_hash */
	size_t at;       /* in the run */
};

static int cmp_by_facts(const void *x, const void *y)
{
	const struct by_facts *a = x, *b = y;
	if (a->day != b->day)
		return a->day < b->day ? -1 : 1;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* The first of each set of games of a run with facts alike is compared
 * with at most this many others of the run (each pair once): a run of
 * thousands of copies of an opening is not compared pair by pair. */
#define RUN_WINDOW 64

/* A run of n short games with the same moves (sorted items), whose
 * links their facts decide, which identity does not carry from game to
 * game (a copy without players is alike with two games of other
 * players): games with facts alike (dup_facts_hash) linked one to the
 * next, and the first of each set with the others' firsts; the others
 * are skipped (skip[]) in the bucket's further comparisons. */
void dup_link_short_run(struct dup_set *s, struct linking *l, struct bucket_item *items,
			   size_t n, bool *skip)
{
	/* Sorted by date, then facts: the sets of facts alike in a row, and
	 * their firsts in the order of their dates, so that the window holds
	 * the sets a game's other copies can be in: copies of one game give
	 * one day, a day apart or its month (that month's days after it),
	 * or no date on both (in the order of their facts' hash, the names
	 * of one player in two scripts were a window apart: one run over
	 * duplicates_truth.py --games 3000 --seed 1 --aside --wide missed
	 * 43 records without moves, each found beside its game alone) */
	struct by_facts *f = xmalloc(n * sizeof *f);
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[items[i].game];
		f[i] = (struct by_facts){ dup_date_order(s, e), dup_facts_hash(s, e), i };
	}
	sort_items(f, n, sizeof *f, cmp_by_facts);
	size_t *first = xmalloc(n * sizeof *first), nfirst = 0;
	for (size_t i = 0; i < n; i++) {
		const struct bucket_item *x = &items[f[i].at];
		if (i && f[i].hash == f[i - 1].hash) {
			const struct bucket_item *p = &items[f[i - 1].at];
			dup_link_pair(s, l, p->game, p->key, x->game, x->key);
			skip[f[i].at] = true;
		} else {
			first[nfirst++] = f[i].at;
		}
	}
	for (size_t a = 0; a < nfirst; a++)
		for (size_t b = a + 1; b < nfirst && b <= a + RUN_WINDOW; b++) {
			const struct bucket_item *x = &items[first[a]], *y = &items[first[b]];
			if (dup_find(l->up, x->game) != dup_find(l->up, y->game))
				dup_link_pair(s, l, x->game, x->key, y->game, y->key);
		}
	free(first);
	free(f);
}

/* Whether game g is linked as a copy that dropped a handicap's stones
 * to a game it is fewer than d edits from. */
static bool bare_within(const struct linking *l, uint64_t g, uint64_t d)
{
	for (uint64_t e = 0; e < d; e++)
		if (u64set_has(&l->bare, g << 8 | e))
			return true;
	return false;
}

static int cmp_join(const void *x, const void *y)
{
	const uint64_t *a = x, *b = y;
	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* The joins put off (join_later), the nearest first: each made where
 * neither game is a copy that dropped a handicap's stones fewer edits
 * from that game than from the other (it is the game it is nearest to:
 * the link to it, not the join, places it). */
static void settle_joins(struct dup_set *s, struct linking *l)
{
	sort_items(l->joins, l->njoins / 2, 2 * sizeof *l->joins, cmp_join);
	for (size_t i = 0; i < l->njoins; i += 2) {
		uint64_t d = l->joins[i];
		size_t a = (size_t)(l->joins[i + 1] >> 32), b = (size_t)(l->joins[i + 1] & 0xFFFFFFFF);
		if (!bare_within(l, a, d) && !bare_within(l, b, d) &&
		    dup_find(l->up, a) != dup_find(l->up, b))
			join(s, l, a, b);
	}
	free(l->joins);
	l->joins = NULL;
	l->njoins = l->joins_cap = 0;
}

/* The joins put off settled (settle_joins); then the loose links
 * (LINK_LOOSE) of each copy that dropped a handicap's stones dropped
 * where it is fewer edits from another game under stones (or the facts
 * say it is that one's): it is the game it is closest to, not a fragment
 * of it and of one it is further from (the same moves under other
 * stones, ended by a pass more or fewer). */
void dup_drop_loose(struct dup_set *s, struct linking *l)
{
	settle_joins(s, l);
	struct u64set far = { 0 };
	for (size_t i = 0; i < l->nloose; i += 2)
		if (bare_within(l, l->loose[i] >> 32, l->loose[i + 1]))
			u64set_add(&far, l->loose[i]);
	size_t m = 0;
	for (size_t i = 0; i < s->nedges; i++)
		if (!far.n || !u64set_has(&far, s->edges[i]))
			s->edges[m++] = s->edges[i];
	s->nedges = m;
	u64set_free(&far);
	u64set_free(&l->bare);
	free(l->loose);
	l->loose = NULL;
	l->nloose = l->loose_cap = 0;
}
