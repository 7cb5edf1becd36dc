/* dupclash: whether two families' facts say they are two games, or one
 * (dup/dupset.h: dup_families_clash, dup_family_vouches), and their
 * rings of games joined; the linking's (duplink.c) and the grouping's
 * (dupgroup.c). */
#include "dup/dupset.h"

/* Joins the rings of games a and b's families (two rings). */
void dup_ring_join(size_t *ring, size_t a, size_t b)
{
	size_t t = ring[a];
	ring[a] = ring[b];
	ring[b] = t;
}

/* The moves a game of a family of long games has at least: a family's
 * games are within --max-differ moves of each other, or a's beginning. */
static size_t family_near(const struct dup_set *s)
{
	return DUP_NEAR_MIN_MOVES + (size_t)(s->o.max_differ > 0 ? s->o.max_differ : 0);
}

/* A test of x, a game of one family, against y, one of another. */
typedef bool pair_test(const struct dup_set *s, const struct entry *x, const struct entry *y);

/* Whether test holds of a game of a's family and one of b's (each
 * family's first CLASH_MEMBERS). */
static bool any_pair(const struct dup_set *s, const size_t *ring, size_t a, size_t b,
		     pair_test *test)
{
	size_t x = a;
	for (size_t i = 0; i < CLASH_MEMBERS; i++, x = ring[x]) {
		size_t y = b;
		for (size_t j = 0; j < CLASH_MEMBERS; j++, y = ring[y]) {
			if (test(s, &s->games[x], &s->games[y]))
				return true;
			if (ring[y] == b)
				break;
		}
		if (ring[x] == a)
			break;
	}
	return false;
}

static bool short_clash(const struct dup_set *s, const struct entry *x, const struct entry *y)
{
	return (DUP_PLAYED(x) < DUP_NEAR_MIN_MOVES || DUP_PLAYED(y) < DUP_NEAR_MIN_MOVES) &&
	       !x->position && !y->position && dup_facts_clash(s, x, y) &&
	       !(x->whole == y->whole && x->len == y->len && DUP_PLAYED(x) >= DUP_MIN_MOVES &&
		 dup_day_player(s, x, y));
}

/* Whether the families of games a and b (two) hold a game shorter than
 * DUP_NEAR_MIN_MOVES and another whose facts say they are two games
 * (dup_facts_clash): each link of such a game is of a pair, and a chain
 * of them (a copy of one in Hangul, dated as another of other players)
 * would join two games no link between them would. */
bool dup_families_clash(const struct dup_set *s, const size_t *ring, size_t a, size_t b)
{
	/* a family of long games holds no short one */
	size_t near = family_near(s);
	if (DUP_PLAYED(&s->games[a]) >= near && DUP_PLAYED(&s->games[b]) >= near)
		return false;
	return any_pair(s, ring, a, b, short_clash);
}

static bool long_vouches(const struct dup_set *s, const struct entry *x, const struct entry *y)
{
	return DUP_PLAYED(y) >= family_near(s) && !x->position && !y->position &&
	       dup_facts_say(s, x, y) == FACTS_ONE_GAME;
}

bool dup_family_vouches(const struct dup_set *s, const size_t *ring, size_t a, size_t b)
{
	return any_pair(s, ring, a, b, long_vouches);
}

static bool other_facts(const struct dup_set *s, const struct entry *x, const struct entry *y)
{
	return !x->position && !y->position && dup_facts_say(s, x, y) == FACTS_OTHER_GAME;
}

bool dup_families_part(const struct dup_set *s, const size_t *ring, size_t a, size_t b)
{
	return any_pair(s, ring, a, b, other_facts) && !dup_family_vouches(s, ring, a, b);
}
