/* dupscan: near copies wherever they differ (dup/dupset.h): the games
 * that share fingerprints at places at most --max-differ apart, gathered
 * game by game from the sorted fingerprints and told apart, where they
 * can be, before their keys are read and compared (duplink.c links them);
 * a middle excerpt's candidates among them. */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "dup/u64set.h"

/* The fingerprints sorted, found from each game's (dup_link_near's). */
struct near_scan {
	const struct spot *at;   /* the fingerprints sorted by hash, then game */
	const size_t *first;     /* a game's first in of */
	const struct own *of;    /* the fingerprints, game by game, each
				  * game's in the order of their places */
	struct seen *seen;       /* each game as a candidate */
	uint64_t *cand;          /* a's candidates (games) */
	size_t ncand, cand_cap;
	struct middle *mid;      /* fingerprints shared at places more than k apart */
	size_t nmid, mid_cap;
};

/* A later game sharing a fingerprint with game a where one's place is the
 * other's and off more (the longer's: a middle excerpt's candidate). */
struct middle {
	uint32_t game, off;
	bool a_shorter;
};

/* A fingerprint in the sorted list, its hash read no more: its game and
 * its place in the game's line, all a bucket's scan reads (8 bytes where
 * a print is 16: written over the list). A bucket's games are read again
 * by each of them (at 100,000 games, 26.8 million spots read; 340,000 at
 * 10,000): a spot of 12 bytes, its bucket's end in it, was a third more
 * of a list too large for the cache, the scan's largest cost. */
struct spot {
	uint32_t game, pos;
};

/* A game's fingerprint: its spot in the sorted list and its bucket's end
 * there (0: a common one, which finds no candidates), read once by the
 * game, its fingerprints one after the other. */
struct own {
	uint32_t at, end;
};

/* A game as a candidate of game a: met, 1 + the last a it was met by;
 * last, the last place of a's line it shares; apart, the elements its
 * line shares nothing along. One look-up a fingerprint shared (a dense
 * collection's 100,000 games: most of what a's buckets hold are copies
 * of a's game, found again at each place). */
struct seen {
	size_t met;
	uint32_t last, apart;
};
/* Asks for the memory at p before it is read (a hint: never a fault).
 * SEEN_AHEAD: the scan asks for the candidate this many places on. */
#define PREFETCH(p) __builtin_prefetch(p)
#define SEEN_AHEAD 8

/* A game's near copy within k edits shares with it a fingerprint in each
 * run of R = NEAR_WINDOW + NEAR_WINNOW - 1 elements the alignment matches
 * (winnowing picks the same window of the run in each, at places as far
 * apart as the edits before it: at most k): one every NEAR_WINNOW
 * elements, the first at most NEAR_WINNOW - 1 into the run, the last at
 * most R from its end. The alignment covers both lines up to m - k, m the
 * shorter's elements, matched in at most k + 1 runs; an edit leaves at
 * most one element unmatched and one run shorter than R between two
 * fingerprints shared, so that a stretch of n elements without one holds
 * at most R (e + 1) - 1, e the edits in it. Each stretch of a's line
 * (from its start, between two places shared, to m - k) holds n - R + 1
 * elements more than that without edits (none where fewer): more than
 * R k of those, and the two are more than k edits apart (dup_aligned,
 * with or without a free end), whatever the symmetry. */
#define NEAR_RUN (NEAR_WINDOW + NEAR_WINNOW - 1)

static uint32_t stretch_apart(long from, long to)
{
	return to - from - 1 > NEAR_RUN - 1 ? (uint32_t)(to - from - 1 - (NEAR_RUN - 1)) : 0;
}

/* Whether games a and b are more than k edits apart by the places they
 * share (as above): apart, the elements after the stretches shared
 * before b's last place shared, last; common, a's last place in a common
 * bucket (a place either may share: -1, none). Not where either's
 * fingerprints may miss a run (NEAR_LOOSE). A near copy with another
 * ending (its moves after an insertion in the other colour, a game its
 * players tell from its game's) shares only its beginning with each of
 * its game's copies, and two such copies their beginning and end: each
 * pair was aligned (1.45 million among a dense collection's 100,000
 * games, 16,400 among its 10,000). */
static bool near_apart(const struct dup_set *s, size_t a, size_t b, uint32_t apart, uint32_t last,
		       long common, size_t k)
{
	uint32_t la = s->lines[a], lb = s->lines[b];
	if (((la | lb) & NEAR_LOOSE) || (s->nbare && s->games[a].stones != s->games[b].stones))
		return false;   /* (stones played as moves, dup_played: no bound) */
	long m = la < lb ? la : lb, from = (long)last > common ? (long)last : common;
	return apart + stretch_apart(from, m - (long)k) > NEAR_RUN * k;
}

/* The stones of game g's handicap (0: none), which its line lacks where a
 * copy plays them as its first black moves (dup_played). */
static size_t stones_of(const struct dup_set *s, size_t g)
{
	const struct entry *e = &s->games[g];
	return e->stones ? e->len - 3 - (s->lines[g] & ~NEAR_LOOSE) : 0;
}

/* Whether places pa of game a and pb of game b, more than k apart, are
 * within k where one has a handicap's stones and the other none: the
 * stones a copy plays as its first black moves (two black moves in a row
 * read as stones, dup_played) shift its line's places by as many. */
static bool played_near(const struct dup_set *s, size_t a, size_t pa, size_t b, size_t pb,
			size_t k)
{
	size_t sa = stones_of(s, a), sb = stones_of(s, b);
	if (!sa == !sb)
		return false;
	pa += sa;
	pb += sb;
	return (pa > pb ? pa - pb : pb - pa) <= k;
}

/* A fingerprint game a shares with a later game g at places pa and pb
 * more than --max-differ apart: where the shorter's line (of
 * DUP_NEAR_MIN_MOVES moves or more) fits in the longer's from the place
 * that shifts it there on, a candidate for a middle excerpt. */
static void note_middle(const struct dup_set *s, struct near_scan *sc, size_t a, uint32_t pa,
			size_t g, uint32_t pb)
{
	uint32_t la = s->lines[a] & ~NEAR_LOOSE, lg = s->lines[g] & ~NEAR_LOOSE;
	bool a_shorter = la < lg;
	uint32_t ps = a_shorter ? pa : pb, pl = a_shorter ? pb : pa, ns = a_shorter ? la : lg,
		 nl = a_shorter ? lg : la;
	if (la == lg || pl <= ps || pl - ps + ns > nl ||
	    DUP_PLAYED(&s->games[a_shorter ? a : g]) < DUP_NEAR_MIN_MOVES)
		return;
	sc->mid = xgrow(sc->mid, &sc->mid_cap, sc->nmid + 1, sizeof *sc->mid);
	sc->mid[sc->nmid++] = (struct middle){ (uint32_t)g, pl - ps, a_shorter };
}

static int cmp_middle(const void *x, const void *y)
{
	const struct middle *a = x, *b = y;
	if (a->game != b->game)
		return a->game < b->game ? -1 : 1;
	return (a->off > b->off) - (a->off < b->off);
}

/* A middle excerpt's candidates of game a (note_middle's): a game and an
 * offset met twice or more (a middle of DUP_NEAR_MIN_MOVES moves shares
 * about 5 fingerprints with its game, each at the same offset; two games
 * sharing a joseki at other moves, one), not of a's family, whose lines
 * are so within --max-differ edits (dup_middle): the shorter linked as
 * the longer's beginning is, a part of it (the facts telling, as for a
 * prefix: a fragment of two games alike there). */
static void link_middles(struct dup_set *s, struct linking *l, struct near_scan *sc, size_t a,
			 uint16_t **ka)
{
	size_t k = (size_t)s->o.max_differ;
	if (sc->nmid > 1)
		sort_items(sc->mid, sc->nmid, sizeof *sc->mid, cmp_middle);
	for (size_t i = 0, j; i < sc->nmid; i = j) {
		for (j = i + 1; j < sc->nmid && !cmp_middle(&sc->mid[i], &sc->mid[j]); j++)
			;
		const struct middle *m = &sc->mid[i];
		size_t g = m->game, shorter = m->a_shorter ? a : g, longer = m->a_shorter ? g : a;
		if (j - i < 2 || dup_find(l->up, a) == dup_find(l->up, g) ||
		    dup_link_known(s, l, a, g) ||
		    dup_facts_say(s, &s->games[shorter], &s->games[longer]) == FACTS_OTHER_GAME)
			continue;
		if (!*ka)
			*ka = dup_load_key(s, &s->games[a]);
		uint16_t *kg = dup_load_key(s, &s->games[g]);
		const uint16_t *ks = m->a_shorter ? *ka : kg, *kl = m->a_shorter ? kg : *ka;
		int r = 0;
		if (dup_middle(s, kl, s->games[longer].len, ks, s->games[shorter].len, m->off, k, &r)
		    <= k) {
			dup_add_prefix(s, shorter, longer);
			size_t root = dup_find(l->up, longer);
			if (dup_find(l->up, shorter) != root)
				u64set_add(&l->begun, (uint64_t)shorter << 32 | root);
		}
		free(kg);
	}
	sc->nmid = 0;
}

/* Game a's candidates (sc->cand, gathered by near_game; common, a's last
 * place in a common bucket) compared with it but those told apart or of
 * its family; a's key if read (the caller frees it). */
static uint16_t *compare_candidates(struct dup_set *s, struct linking *l, struct near_scan *sc,
				    size_t a, long common)
{
	size_t k = (size_t)s->o.max_differ;
	sort_u64(sc->cand, sc->ncand);
	const struct entry *ea = &s->games[a];
	uint16_t *ka = NULL;
	/* The tests in the order of what they read: first what the scan
	 * read (near_apart: seen[], lines[]), then the candidate's sketch
	 * (its entry, its bins), then its family (up[], the set of prefix
	 * links); each read asked for together, for those the tests before
	 * leave. Whether a candidate is compared is the same (the first two
	 * tests ask nothing the comparisons change); a dense collection's
	 * candidates are copies of a's game, each a cache miss a read at
	 * 100,000 games, the most told apart by near_apart (874,642 of
	 * 2,073,004), for which up[], the entry and the sketch were asked
	 * for all the same. */
	size_t m = 0;
	for (size_t i = 0; i < sc->ncand; i++) {
		size_t b = sc->cand[i];
		if (!near_apart(s, a, b, sc->seen[b].apart, sc->seen[b].last, common, k))
			sc->cand[m++] = b;
	}
	for (size_t i = 0; i < m; i++) {
		size_t b = sc->cand[i];
		PREFETCH(&s->games[b].len);
		PREFETCH(&s->games[b].passes_after);   /* (beside its flags: sketched) */
		if ((b + 1) * DUP_SKETCH <= s->sketches_cap)   /* (none made past the last sketched) */
			PREFETCH(s->sketches + b * DUP_SKETCH);
	}
	size_t n = 0;
	for (size_t i = 0; i < m; i++) {
		size_t b = sc->cand[i];
		if (!dup_sketch_apart(s, a, b))
			sc->cand[n++] = b;
	}
	for (size_t i = 0; i < n; i++)
		PREFETCH(&l->up[sc->cand[i]]);
	for (size_t i = 0; i < n; i++) {
		size_t b = sc->cand[i];
		if (dup_find(l->up, a) == dup_find(l->up, b) || dup_link_known(s, l, a, b))
			continue;
		const struct entry *eb = &s->games[b];
		if (!ka)
			ka = dup_load_key(s, ea);
		uint16_t *kb = dup_load_key(s, eb);
		if (dup_cmp_key(ka, kb, ea->len < eb->len ? ea->len : eb->len))   /* prefixes:
			 * dup_link_all's */
			dup_link_pair(s, l, a, ka, b, kb);
		free(kb);
	}
	return ka;
}

/* Game a against each later game that shares a fingerprint with it at
 * places at most --max-differ apart, each once, not of its family: the
 * candidates gathered from a's buckets, then compared (a's key read
 * once), but where the places they share tell they are apart
 * (near_apart) or their lines' sketches do, read before their keys
 * (dup_sketch_apart: a dense collection's 100,000 games aligned 598,000
 * pairs, 97% of them to link nothing, each a key read from the spool:
 * 979,000 reads, 412,000 now). Which pairs are compared depends on the order games are
 * met in, what they are linked into does not (a pair is skipped only when
 * of one family, or when dup_link_known says it would link nothing new). */
static void near_game(struct dup_set *s, struct linking *l, struct near_scan *sc, size_t a)
{
	size_t k = (size_t)s->o.max_differ;
	long common = -1;   /* a's last place in a common bucket so far */
	sc->ncand = 0;
	/* a's fingerprints' spots, and the next game's, asked for together:
	 * each is a bucket's place in a list of the collection's size (at
	 * 100,000 games, the scan's first cache miss) */
	for (size_t q = sc->first[a]; q < sc->first[a + 2 <= s->len ? a + 2 : a + 1]; q++)
		PREFETCH(&sc->at[sc->of[q].at]);
	for (size_t q = sc->first[a]; q < sc->first[a + 1]; q++) {   /* by place */
		size_t x = sc->of[q].at, end = sc->of[q].end;
		const struct spot *pa = &sc->at[x];
		/* the next bucket's spots asked for while this one is read: a
		 * bucket lies anywhere in the list, where the processor's own
		 * look-ahead cannot find it (at 100,000 games, the first reads
		 * of each were a third of the scan's time) */
		if (q + 1 < sc->first[a + 1] && sc->of[q + 1].end)
			for (const char *p = (const char *)&sc->at[sc->of[q + 1].at + 1],
					*e = (const char *)&sc->at[sc->of[q + 1].end]; p < e; p += 64)
				PREFETCH(p);
		if (!end)
			common = (long)pa->pos;
		/* a bucket is sorted by game: those after x are a's or later */
		for (size_t y = x + 1; y < end; y++) {
			const struct spot *pb = &sc->at[y];
			if (y + SEEN_AHEAD < end)
				PREFETCH(&sc->seen[sc->at[y + SEEN_AHEAD].game]);
			size_t gap = pa->pos > pb->pos ? pa->pos - pb->pos : pb->pos - pa->pos, g = pb->game;
			if (g == a)
				continue;
			if (gap > k && (!s->nbare || !played_near(s, a, pa->pos, g, pb->pos, k))) {
				note_middle(s, sc, a, pa->pos, g, pb->pos);
				continue;
			}
			struct seen *c = &sc->seen[g];
			if (c->met == a + 1) {   /* a stretch shared nothing along */
				if (pa->pos != c->last) {
					long from = (long)c->last > common ? (long)c->last : common;
					c->apart += stretch_apart(from, pa->pos);
					c->last = pa->pos;
				}
				continue;
			}
			/* each once (a game shares most of its places with its
			 * copies: sorting every place shared cost 4% of a dense
			 * collection's 100,000 games); whether of a's family, asked
			 * below, with the memory it reads asked for first (asked
			 * here, a cache miss a candidate) */
			c->met = a + 1;
			PREFETCH(&s->lines[g]);   /* (near_apart's, below) */
			c->apart = stretch_apart(common, pa->pos);
			c->last = pa->pos;
			sc->cand = xgrow(sc->cand, &sc->cand_cap, sc->ncand + 1, sizeof *sc->cand);
			sc->cand[sc->ncand++] = g;
		}
	}
	uint16_t *ka = compare_candidates(s, l, sc, a, common);
	link_middles(s, l, sc, a, &ka);
	free(ka);
}

/* Whether game g (with fingerprints) sets up stones that are no
 * handicap's before its line: a position, as a game's middle begins. */
static bool sets_up(const struct dup_set *s, size_t g)
{
	const struct entry *e = &s->games[g];
	return g < s->lines_cap && s->lines[g] && !e->stones && !e->position &&
	       e->len > 3 + (s->lines[g] & ~NEAR_LOOSE);
}

/* Near copies wherever they differ: each pair of games (one of each set
 * of identical keys) sharing a fingerprint at places at most --max-differ
 * apart, not yet in one group, is compared, game by game (near_game): no
 * list or set of every pair is made (a dense collection's buckets hold
 * hundreds of copies: hundreds of millions of pairs, most of them in one
 * group; a set of those compared, 1.5 million at 100,000 games, cost a
 * tenth of the time in cache misses). */
void dup_link_near(struct dup_set *s, struct linking *l)
{
	if (!s->nprints)
		return;
	/* One game of each key: its copies are in its group already; but
	 * for a line from a position set up (a game's middle), whose copies
	 * of one key can be two games' middles (their facts other): each is
	 * a middle of its own game (link_middles) */
	struct dup_keyed *w = xmalloc(s->len * sizeof *w);
	for (size_t i = 0; i < s->len; i++)
		w[i] = (struct dup_keyed){ s->games[i].whole, i };
	sort_items(w, s->len, sizeof *w, dup_cmp_keyed);
	bool *copy = xcalloc(s->len, sizeof *copy);
	for (size_t i = 1; i < s->len; i++)
		copy[w[i].game] = w[i].hash == w[i - 1].hash && !sets_up(s, w[i].game);
	free(w);
	size_t n = 0;
	for (size_t i = 0; i < s->nprints; i++)
		if (!copy[s->prints[i].game])
			s->prints[n++] = s->prints[i];
	free(copy);
	sort_items(s->prints, n, sizeof *s->prints, dup_cmp_print);
	if (s->ncommon)
		sort_items(s->common, s->ncommon, sizeof *s->common, dup_cmp_u64);
	/* Each game's fingerprints (their places in the sorted list, with
	 * their buckets' ends), game by game; each fingerprint as a spot over
	 * the list: spot x is written after print x is read, before its bytes */
	size_t *first = xcalloc(s->len + 1, sizeof *first);
	struct own *of = xmalloc((n ? n : 1) * sizeof *of);
	for (size_t x = 0; x < n; x++)
		first[s->prints[x].game + 1]++;
	for (size_t g = 0; g < s->len; g++)
		first[g + 1] += first[g];
	char *list = (char *)s->prints;
	for (size_t i = 0; i < n;) {   /* first[g] moves to g's end, */
		size_t j = i + 1;
		while (j < n && s->prints[j].hash == s->prints[i].hash)
			j++;
		bool common = j - i > NEAR_COMMON || (s->ncommon && bsearch(&s->prints[i].hash,
				s->common, s->ncommon, sizeof *s->common, dup_cmp_u64));
		for (size_t x = i; x < j; x++) {
			struct spot v = { s->prints[x].game, s->prints[x].pos };
			of[first[v.game]++] = (struct own){ (uint32_t)x, common ? 0 : (uint32_t)j };
			memcpy(list + x * sizeof v, &v, sizeof v);
		}
		i = j;
	}
	struct spot *at = xrealloc(list, (n ? n : 1) * sizeof *at);
	s->prints = NULL;
	s->nprints = s->prints_cap = 0;
	for (size_t g = s->len; g > 0; g--)   /* ... and back */
		first[g] = first[g - 1];
	first[0] = 0;
	/* each game's by place (a few each; each place read once from the
	 * list, where its spots lie far apart) */
	uint32_t *place = NULL;
	size_t place_cap = 0;
	for (size_t g = 0; g < s->len; g++) {
		const size_t m = first[g + 1] - first[g];
		struct own *o = of + first[g];
		place = xgrow(place, &place_cap, m, sizeof *place);
		for (size_t q = 0; q < m; q++) {
			struct own v = o[q];
			uint32_t p = at[v.at].pos;
			size_t r = q;
			for (; r > 0 && place[r - 1] > p; r--) {
				o[r] = o[r - 1];
				place[r] = place[r - 1];
			}
			o[r] = v;
			place[r] = p;
		}
	}
	free(place);
	struct near_scan scan = { .at = at, .first = first, .of = of,
				  .seen = xcalloc(s->len + 1, sizeof *scan.seen) };
	for (size_t a = 0; a < s->len; a++)
		near_game(s, l, &scan, a);
	free(scan.seen);
	free(scan.cand);
	free(scan.mid);
	free(at);
	free(of);
	free(first);
}
