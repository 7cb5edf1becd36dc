/* dupset: the collection searched for duplicates, its games linked and
 * grouped (dup/dup.h). */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/paths.h"
#include "dup/u64set.h"

/* ---- the collection ---- */

struct dup_set *dup_set_new(const struct dup_options *o)
{
	struct dup_set *s = xcalloc(1, sizeof *s);
	s->o = *o;
	/* Keys are spooled out of memory (a collection's can be large), but a
	 * root without a writable temporary directory still finds duplicates. */
	s->spool = temp_file();
	return s;
}

static uint64_t hash(const uint16_t *e, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++) {   /* FNV-1a over the elements' bytes */
		h = (h ^ (e[i] & 0xFF)) * 0x100000001b3ULL;
		h = (h ^ (e[i] >> 8)) * 0x100000001b3ULL;
	}
	return h;
}
#define HASH_SEED 0xcbf29ce484222325ULL

/* The index in key just past the first moves moves of its line, from start. */
static size_t after_moves(const uint16_t *key, size_t len, size_t start, size_t moves)
{
	size_t i = start;
	for (size_t m = 0; i < len && m < moves; i++)
		m += DUP_TAG(key[i]) <= DUP_W;
	return i;
}

/* A game's key as the collection compares it (*len elements, freed by
 * the caller; *sym its symmetry), and whether it is compared by its
 * position: a record of a position (a problem, an opening, a setup):
 * fewer moves than a game is matched on, and stones set up that are no
 * handicap (a white stone, or ten or more): compared by the position
 * and the side to play (the record's, else its first move's colour, as
 * a pass; none when it gives neither), not by its moves: a problem's
 * solution does not make it another. */
static uint16_t *set_key(const struct dup_set *s, const struct dup_game *g, size_t *len,
			 int *sym, bool *position)
{
	bool white_setup = false;
	for (size_t i = 0; i < g->nsetup; i++)
		white_setup |= DUP_TAG(g->setup[i]) == DUP_AW;
	*position = g->moves < DUP_MIN_MOVES && g->nsetup && (white_setup || g->nsetup >= 10);
	struct dup_game view = *g;
	uint16_t side = 0;
	if (*position) {
		view.line = &side;
		view.nline = 0;
		if (g->to_move) {
			side = (uint16_t)((unsigned)(g->to_move - 1) << 13 | DUP_PASS);
			view.nline = 1;
		}
		for (size_t i = 0; i < g->nline && !view.nline; i++)
			if (DUP_TAG(g->line[i]) <= DUP_W) {
				side = (uint16_t)(DUP_TAG(g->line[i]) << 13 | DUP_PASS);
				view.nline = 1;
			}
	}
	return dup_key(&view, s->o.swap_colors, len, sym);
}

/* The hash of a key's opening, its bucket: its head and first
 * DUP_MIN_MOVES moves; a position's, its stones, whatever its side to
 * play. */
static uint64_t open_hash(const uint16_t *key, size_t len, bool position)
{
	size_t head = dup_key_head(key);
	return hash(key, position ? head : after_moves(key, len, head, DUP_MIN_MOVES), HASH_SEED);
}

uint64_t dup_lookup_hashes(struct dup_set *scratch, const struct dup_game *g,
			   struct print **prints, size_t *n)
{
	size_t len;
	int sym;
	bool position;
	uint16_t *key = set_key(scratch, g, &len, &sym, &position);
	uint64_t open = open_hash(key, len, position);
	scratch->nprints = 0;
	if (prints && g->moves >= DUP_MIN_MOVES)
		dup_fingerprints(scratch, key, len, 0);
	free(key);
	if (prints) {
		*n = scratch->nprints;
		*prints = scratch->prints;
	}
	return open;
}

/* A game's handicap as its copies are compared by: the one it gives (0 is
 * none, as an even game without HA), else the stones its setup holds
 * before the first move when they are two or more, all black, and no
 * position (a copy with HA[2] and its stones, and one with the stones
 * alone or played as moves, are alike). NULL: none; implied holds the
 * number when it is the setup's. */
static const char *handicap_of(const struct dup_game *g, bool position, char implied[24])
{
	if (*g->handicap && strcmp(g->handicap, "0"))
		return g->handicap;
	bool black = g->nsetup >= 2 && !position;
	for (size_t i = 0; black && i < g->nsetup; i++)
		black = DUP_TAG(g->setup[i]) == DUP_AB;
	if (!black)
		return NULL;
	snprintf(implied, 24, "%zu", g->nsetup);
	return implied;
}

void dup_set_add(struct dup_set *s, const struct dup_game *g, const char *source,
		 size_t index, size_t count, const char *format)
{
	if (!s->nsources || strcmp(s->sources[s->nsources - 1], source)) {
		s->sources = xgrow(s->sources, &s->sources_cap, s->nsources + 1, sizeof *s->sources);
		s->sources[s->nsources++] = xstrdup(source);
	}
	size_t len;
	int sym;
	bool position;
	uint16_t *key = set_key(s, g, &len, &sym, &position);
	char implied[24];
	size_t passes = 0;
	while (passes < 255 && passes < len && DUP_TAG(key[len - 1 - passes]) <= DUP_W &&
	       DUP_POINT(key[len - 1 - passes]) == DUP_PASS)
		passes++;
	struct entry e = {
		.whole = hash(key, len, HASH_SEED),
		.open = open_hash(key, len, position),
		.off = s->spooled, .len = (uint32_t)len, .moves = (uint32_t)g->moves,
		.source = (uint32_t)(s->nsources - 1), .index = (uint32_t)index,
		.count = (uint32_t)count, .comments = (uint32_t)g->comments,
		.variations = (uint32_t)g->variations,
		.handicap_moves = (uint32_t)g->handicap_moves, .sym = sym, .format = format,
		.indexed = g->indexed, .position = position, .passes_after = (uint8_t)passes,
		.facts = s->facts.len,
	};
	const char *facts[FACT_COUNT] = { g->black, g->white, g->date, g->result, g->event,
					  *g->komi ? g->komi : NULL, handicap_of(g, position, implied),
					  g->rules };
	for (int f = 0; f < FACT_COUNT; f++)
		if (facts[f]) {
			size_t n = strlen(facts[f]);
			if (n > 200) {   /* dup_game_from_jgf's bound (an index's too), */
				n = 200;
				while (n > 0 && ((unsigned char)facts[f][n] & 0xC0) == 0x80)
					n--;   /* ... at a whole code point */
				buf_add(&s->facts, facts[f], n);
				buf_addc(&s->facts, '\0');
			} else {
				buf_add(&s->facts, facts[f], n + 1);   /* with its NUL */
			}
			e.fact_len[f] = (uint8_t)(n + 1);
		}
	if (s->o.keys) {   /* the canonical key's digest: its elements big-endian */
		s->keys = xgrow(s->keys, &s->keys_cap, s->len + 1, sizeof *s->keys);
		struct entry_keys *k = &s->keys[s->len];
		dup_key_hex(key, len, k->key);
		memcpy(k->dyer, g->dyer, sizeof k->dyer);
		memcpy(k->sgfinfo, g->sgfinfo, sizeof k->sgfinfo);
	}
	if (!s->spool)
		buf_add(&s->memory, (const char *)key, len * sizeof *key);
	else if (fwrite(key, sizeof *key, len, s->spool) != len)
		s->spool_failed = true;
	s->spooled += (long long)(len * sizeof *key);
	if (s->o.max_differ > 0 && g->moves >= DUP_MIN_MOVES)
		dup_fingerprints(s, key, len, s->len);
	free(key);
	s->games = xgrow(s->games, &s->cap, s->len + 1, sizeof *s->games);
	s->games[s->len++] = e;
}

size_t dup_set_games(const struct dup_set *s)
{
	return s->len + s->unloaded;
}

void dup_set_common(struct dup_set *s, uint64_t hash)
{
	s->common = xgrow(s->common, &s->common_cap, s->ncommon + 1, sizeof *s->common);
	s->common[s->ncommon++] = hash;
}

void dup_set_count(struct dup_set *s, size_t games)
{
	s->unloaded += games;
}

bool dup_set_keys(const struct dup_set *s)
{
	return s->o.keys;
}

uint16_t *dup_load_key(struct dup_set *s, const struct entry *e)
{
	uint16_t *key = xmalloc((e->len ? e->len : 1) * sizeof *key);
	if (!s->spool) {
		if (e->len)
			memcpy(key, s->memory.data + e->off, e->len * sizeof *key);
		return key;
	}
	/* One read, at its place (the spool is written whole before it is
	 * read: dup_set_each flushes it); the stream's seek and buffered read
	 * cost two calls and a copy, a tenth of a dense collection's grouping. */
	size_t want = e->len * sizeof *key;
	ssize_t got = want ? pread(fileno(s->spool), key, want, (off_t)e->off) : 0;
	if (got < 0 || (size_t)got != want) {
		s->spool_failed = true;
		memset(key, 0, want);
	}
	return key;
}

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

const char *dup_fact(const struct dup_set *s, const struct entry *e, enum dup_fact f)
{
	if (!e->fact_len[f])
		return NULL;
	const char *p = s->facts.data + e->facts;
	for (int i = 0; i < (int)f; i++)
		p += e->fact_len[i];
	return p;
}

bool dup_passes_only(const uint16_t *key, size_t from, size_t len)
{
	for (size_t i = from; i < len; i++)
		if (DUP_TAG(key[i]) > DUP_W || DUP_POINT(key[i]) != DUP_PASS)
			return false;
	return true;
}

/* How games a and b (keys ka, kb) stand: LINK_NONE, LINK_SAME (identical,
 * or near: at most --max-differ moves substituted, inserted or deleted,
 * under the symmetry that aligns them), or one the beginning of the other
 * (LINK_A_PREFIX: a is b's beginning; LINK_B_PREFIX). A prefix is no
 * proof that two games are one: a fragment can begin two games, so
 * prefixes are linked apart (resolve_prefixes). */
enum { LINK_NONE, LINK_SAME, LINK_A_PREFIX, LINK_B_PREFIX };

static int linked(const struct dup_set *s, const struct entry *a, const uint16_t *ka,
		  const struct entry *b, const uint16_t *kb)
{
	if (a->position || b->position) {
		/* The same position, the same side to play; one that gives no
		 * side is the beginning of one that does (a problem without its
		 * solution, with none to play said), linked as a prefix: it can
		 * begin the problem with black to play and the one with white. */
		size_t n = a->len < b->len ? a->len : b->len;
		if (!a->position || !b->position || dup_cmp_key(ka, kb, n))
			return LINK_NONE;
		return a->len == b->len ? LINK_SAME : a->len < b->len ? LINK_A_PREFIX : LINK_B_PREFIX;
	}
	/* Under DUP_NEAR_MIN_MOVES moves, two games can share their moves:
	 * their players and date tell */
	enum dup_facts_say say = DUP_PLAYED(a) < DUP_NEAR_MIN_MOVES || DUP_PLAYED(b) < DUP_NEAR_MIN_MOVES ?
				 dup_facts_say(s, a, b) : FACTS_ONE_GAME;
	size_t n = a->len < b->len ? a->len : b->len;
	bool begins = !dup_cmp_key(ka, kb, n);
	bool same = begins &&
		    dup_passes_only(a->len > b->len ? ka : kb, n, a->len > b->len ? a->len : b->len);
	if (DUP_PLAYED(a) < DUP_MIN_MOVES || DUP_PLAYED(b) < DUP_MIN_MOVES)   /* short games */
		return same && say == FACTS_ONE_GAME ? LINK_SAME : LINK_NONE;
	if (begins) {   /* identical, or a prefix */
		if (say == FACTS_OTHER_GAME)
			return LINK_NONE;
		if (!same)
			return a->len < b->len ? LINK_A_PREFIX : LINK_B_PREFIX;
		if (say == FACTS_ONE_GAME)
			return LINK_SAME;
		/* Nothing either way (a copy without the players, one with them
		 * in another script): the copy that gives fewer facts is linked
		 * as a truncated copy is, as the beginning of the other, so that it
		 * joins the group of the one game it can be a copy of, and none
		 * when it can be two (a fragment); two that give none are alike. */
		int ga = dup_facts_given(a), gb = dup_facts_given(b);
		return ga == gb ? (ga ? LINK_NONE : LINK_SAME) : ga < gb ? LINK_A_PREFIX
		       : LINK_B_PREFIX;
	}
	int r = 0;
	size_t k = (size_t)s->o.max_differ;
	if (!k || say != FACTS_ONE_GAME)
		return LINK_NONE;
	bool a_short = a->len < b->len;
	const uint16_t *kl = a_short ? kb : ka, *ks = a_short ? ka : kb;
	size_t ll = a_short ? b->len : a->len, ls = a_short ? a->len : b->len;
	int link = LINK_NONE;
	bool apart;
	if (dup_aligned(s, ka, a->len, kb, b->len, k, false, &r) <= k) {
		link = LINK_SAME;
		apart = dup_ends_apart(s, ka, a->len, kb, b->len, k, r, true);
	/* A truncated copy with a few moves wrong: the shorter within k edits
	 * of the longer's beginning (its moves after cost nothing) */
	} else if (a->len != b->len && dup_aligned(s, kl, ll, ks, ls, k, true, &r) <= k) {
		link = a_short ? LINK_A_PREFIX : LINK_B_PREFIX;
		apart = dup_ends_apart(s, kl, ll, ks, ls, k, r, false);
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
	      !dup_cmp_key(ka, kb, DUP_SURE_MOVES) && dup_same_day(s, a, b)))
		return LINK_NONE;
	return link;
}

/* A link of one game to another it is the beginning of. */
static void add_prefix(struct dup_set *s, size_t shorter, size_t longer)
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
static bool link_known(const struct dup_set *s, struct linking *l, size_t a, size_t b)
{
	size_t la = s->games[a].len, lb = s->games[b].len, k = (size_t)s->o.max_differ;
	if ((la > lb ? la - lb : lb - la) <= k)
		return false;
	size_t shorter = la < lb ? a : b, longer = la < lb ? b : a;
	return u64set_has(&l->begun, (uint64_t)shorter << 32 | dup_find(l->up, longer));
}

void dup_link_pair(struct dup_set *s, struct linking *l, size_t a, const uint16_t *ka,
		      size_t b, const uint16_t *kb)
{
	size_t *up = l->up, shorter = a, longer = b;
	switch (linked(s, &s->games[a], ka, &s->games[b], kb)) {
	case LINK_SAME:
		if (!dup_families_clash(s, l->ring, a, b))
			unite(up, a, b), dup_ring_join(l->ring, a, b);
		return;
	case LINK_A_PREFIX: break;
	case LINK_B_PREFIX: shorter = b, longer = a; break;
	default: return;
	}
	add_prefix(s, shorter, longer);
	size_t root = dup_find(up, longer);
	if (dup_find(up, shorter) != root)
		u64set_add(&l->begun, (uint64_t)shorter << 32 | root);
}

static int cmp_item(const void *x, const void *y)
{
	const struct bucket_item *a = x, *b = y;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = dup_cmp_key(a->key, b->key, n);
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Whether e is a game whose copies its facts tell from another game of
 * its moves (dup_facts_say): fewer than DUP_NEAR_MIN_MOVES moves, no
 * position (compared by its stones). */
static bool short_game(const struct entry *e)
{
	return DUP_PLAYED(e) < DUP_NEAR_MIN_MOVES && !e->position;
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
		for (size_t j = i + 1; j < n; j++) {
			bool prefix = items[i].len <= items[j].len &&
				      !dup_cmp_key(items[i].key, items[j].key, items[i].len);
			if (short_game(ei) && items[j].len == items[i].len && prefix)
				continue;   /* of its run: link_short_run's */
			if ((prefix || j == i + 1 || all_pairs) && !(j == i + 1 && same[i]) &&
			    dup_find(l->up, items[i].game) != dup_find(l->up, items[j].game) &&
			    !link_known(s, l, items[i].game, items[j].game))
				dup_link_pair(s, l, items[i].game, items[i].key, items[j].game, items[j].key);
			if (!prefix && !all_pairs && j > i + 1)
				break;
		}
	}
	free(same);
	free(skip);
	for (size_t i = 0; i < n; i++)
		free(items[i].key);
	free(items);
}

struct keyed {
	uint64_t hash;
	size_t game;
};

static int cmp_keyed(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return (a->game > b->game) - (a->game < b->game);
}

/* The buckets of the openings' hash: identical copies, prefixes, and
 * near copies whose first moves agree. */
static void link_all(struct dup_set *s, struct linking *l)
{
	struct keyed *k = xmalloc((s->len ? s->len : 1) * sizeof *k);
	size_t n = 0;
	for (size_t i = 0; i < s->len; i++)
		k[n++] = (struct keyed){ s->games[i].open, i };
	sort_items(k, n, sizeof *k, cmp_keyed);
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


static int cmp_pair(const void *x, const void *y)
{
	const uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* The fingerprints sorted, found from each game's (link_near's). */
struct near_scan {
	const uint32_t *end;   /* the end of each fingerprint's bucket (0: common) */
	const size_t *first;   /* a game's first in of */
	const uint32_t *of;    /* the fingerprints (places in the sorted list), game by game */
	size_t *cand, ncand, cand_cap;
};

/* Game a against each later game that shares a fingerprint with it at
 * places at most --max-differ apart, each once, not of its family: the
 * candidates gathered from a's buckets, then compared (a's key read
 * once). Which pairs are compared depends on the order games are met in,
 * what they are linked into does not (a pair is skipped only when of one
 * family, or when link_known says it would link nothing new). */
static void near_game(struct dup_set *s, struct linking *l, struct near_scan *sc, size_t a)
{
	size_t k = (size_t)s->o.max_differ, ra = dup_find(l->up, a);
	sc->ncand = 0;
	for (size_t q = sc->first[a]; q < sc->first[a + 1]; q++) {
		size_t x = sc->of[q];
		/* a bucket is sorted by game: those after x are a's or later */
		for (size_t y = x + 1; y < sc->end[x]; y++) {
			const struct print *pa = &s->prints[x], *pb = &s->prints[y];
			size_t gap = pa->pos > pb->pos ? pa->pos - pb->pos : pb->pos - pa->pos;
			if (pb->game == a || gap > k || dup_find(l->up, pb->game) == ra)
				continue;
			sc->cand = xgrow(sc->cand, &sc->cand_cap, sc->ncand + 1, sizeof *sc->cand);
			sc->cand[sc->ncand++] = pb->game;
		}
	}
	if (sc->ncand > 1)
		sort_items(sc->cand, sc->ncand, sizeof *sc->cand, cmp_size);
	const struct entry *ea = &s->games[a];
	uint16_t *ka = NULL;
	for (size_t i = 0; i < sc->ncand; i++) {
		size_t b = sc->cand[i];
		if ((i && b == sc->cand[i - 1]) || dup_find(l->up, a) == dup_find(l->up, b) ||
		    link_known(s, l, a, b))
			continue;
		const struct entry *eb = &s->games[b];
		if (!ka)
			ka = dup_load_key(s, ea);
		uint16_t *kb = dup_load_key(s, eb);
		if (dup_cmp_key(ka, kb, ea->len < eb->len ? ea->len : eb->len))   /* prefixes:
			 * link_all's */
			dup_link_pair(s, l, a, ka, b, kb);
		free(kb);
	}
	free(ka);
}

/* Near copies wherever they differ: each pair of games (one of each set
 * of identical keys) sharing a fingerprint at places at most --max-differ
 * apart, not yet in one group, is compared, game by game (near_game): no
 * list or set of every pair is made (a dense collection's buckets hold
 * hundreds of copies: hundreds of millions of pairs, most of them in one
 * group; a set of those compared, 1.5 million at 100,000 games, cost a
 * tenth of the time in cache misses). */
static void link_near(struct dup_set *s, struct linking *l)
{
	if (!s->nprints)
		return;
	/* One game of each key: its copies are in its group already. */
	struct keyed *w = xmalloc(s->len * sizeof *w);
	for (size_t i = 0; i < s->len; i++)
		w[i] = (struct keyed){ s->games[i].whole, i };
	sort_items(w, s->len, sizeof *w, cmp_keyed);
	bool *copy = xcalloc(s->len, sizeof *copy);
	for (size_t i = 1; i < s->len; i++)
		copy[w[i].game] = w[i].hash == w[i - 1].hash;
	free(w);
	size_t n = 0;
	for (size_t i = 0; i < s->nprints; i++)
		if (!copy[s->prints[i].game])
			s->prints[n++] = s->prints[i];
	free(copy);
	sort_items(s->prints, n, sizeof *s->prints, dup_cmp_print);
	if (s->ncommon)
		sort_items(s->common, s->ncommon, sizeof *s->common, cmp_pair);
	/* Each bucket's end, 0 for one that finds no candidates */
	uint32_t *end = xmalloc((n ? n : 1) * sizeof *end);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && s->prints[j].hash == s->prints[i].hash)
			j++;
		bool common = j - i > NEAR_COMMON || (s->ncommon && bsearch(&s->prints[i].hash,
				s->common, s->ncommon, sizeof *s->common, cmp_pair));
		for (size_t x = i; x < j; x++)
			end[x] = common ? 0 : (uint32_t)j;
		i = j;
	}
	/* Each game's fingerprints (their places in the sorted list), game by game */
	size_t *first = xcalloc(s->len + 1, sizeof *first);
	uint32_t *of = xmalloc((n ? n : 1) * sizeof *of);
	for (size_t x = 0; x < n; x++)
		first[s->prints[x].game + 1]++;
	for (size_t g = 0; g < s->len; g++)
		first[g + 1] += first[g];
	for (size_t x = 0; x < n; x++)   /* first[g] moves to g's end, */
		of[first[s->prints[x].game]++] = (uint32_t)x;
	for (size_t g = s->len; g > 0; g--)   /* ... and back */
		first[g] = first[g - 1];
	first[0] = 0;
	struct near_scan scan = { .end = end, .first = first, .of = of };
	for (size_t a = 0; a < s->len; a++)
		near_game(s, l, &scan, a);
	free(scan.cand);
	free(of);
	free(first);
	free(end);
}

/* The games a fragment can be the beginning of, at most this many named. */
#define FRAGMENT_ROOTS 16

/* Family f settled, the families its links lead to settled before it
 * (state 2; one still on the stack closes a cycle, not followed): the
 * group it joins, target[f], that of the one game they lead to; or
 * itself, a fragment of the games roots[f] lists, when they lead to two
 * games or more, unless the facts of each of its copies name one of them
 * (dup_fragment_owner): a cut copy of the players and date of one of two
 * games sharing their first 50 moves is its copy. */
static void settle_family(const struct dup_set *s, const size_t *ring, size_t f,
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
			if (j == nr && nr < FRAGMENT_ROOTS) {
				r = xgrow(r, &cap, nr + 1, sizeof *r);
				r[nr++] = from[k];
			}
		}
	}
	/* certain only when every root is known (FRAGMENT_ROOTS not reached) */
	size_t owner = nr > 1 && nr < FRAGMENT_ROOTS ? dup_fragment_owner(s, ring, f, r, nr)
		       : SIZE_MAX;
	if (owner != SIZE_MAX)
		r[0] = owner, nr = 1;
	if (nr > 1) {
		sort_items(r, nr, sizeof *r, cmp_size);
		roots[f] = r;
		nroots[f] = nr;
		target[f] = f;
	} else {
		target[f] = nr ? r[0] : f;
		free(r);
	}
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
	/* The links between families, each once, as a table by the shorter */
	size_t m = 0;
	for (size_t i = 0; i < s->nedges; i++) {
		size_t a = dup_find(up, (size_t)(s->edges[i] >> 32)), b = dup_find(up, (size_t)(s->edges[i] &
											  0xFFFFFFFF));
		if (a != b)
			s->edges[m++] = (uint64_t)a << 32 | b;
	}
	if (m)
		sort_items(s->edges, m, sizeof *s->edges, cmp_pair);
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
			settle_family(s, ring, f, first, state, target, roots, nroots);
			state[f] = 2;
			depth--;
		}
	}
	for (size_t i = 0; i < n; i++)
		group[i] = target[dup_find(up, i)];
	/* A game that begins another of its group is a truncated copy */
	for (size_t i = 0; i < s->nedges0; i++) {
		size_t a = (size_t)(s->edges0[i] >> 32), b = (size_t)(s->edges0[i] & 0xFFFFFFFF);
		if (group[a] == group[b] && dup_find(up, a) != dup_find(up, b))
			begins[a] = true;
	}
	free(first);
	free(state);
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
	link_all(s, &l);
	if (s->o.max_differ > 0)
		link_near(s, &l);
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
	sort_items(gr->order, s->len, sizeof *gr->order, cmp_size);
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
		    !(gr->roots[root] && dup_fragment_doubt(s, order, i, j)))
			report_group(s, gr, order + i, j - i, to, &gr->keep[root]);
		else if (j - i == 1)
			gr->keep[root] = order[i];
		i = j;
	}
}

/* Fragments: the beginning of two games or more that are not one, each
 * with the kept copies of the games it begins, handed on. */
static void report_fragments(struct dup_set *s, struct grouping *gr, const struct emit *to)
{
	const size_t *order = gr->order;
	for (size_t f = 0; f < s->len; f++) {
		if (!gr->roots[f])
			continue;
		size_t a = gr->start[f], b = a;
		while (b < s->len && gr->group[order[b]] == f)
			b++;
		bool fresh = has_fresh(s, order, a, b);
		json_object *of = dom_array();
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
			dom_push(of, dup_game_ref(s, &s->games[gr->keep[root]]));
		}
		if (!fresh) {
			json_object_put(of);
			continue;
		}
		json_object *frag = dom_object(), *games = dom_array();
		for (size_t k = a; k < b; k++)
			dom_push(games, dup_member_json(s, &s->games[order[k]]));
		dom_add(frag, "games", games);
		dom_add(frag, "prefixOf", of);
		to->totals->fragments++;
		hand_on(to->sink->fragment, to->sink->ctx, frag);
	}
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

void dup_set_free(struct dup_set *s)
{
	if (!s)
		return;
	free(s->games);
	buf_free(&s->facts);
	free(s->keys);
	free(s->prints);
	free(s->edges);
	free(s->edges0);
	free(s->common);
	free(s->map);
	free(s->hashes);
	free(s->line);
	for (size_t i = 0; i < s->nsources; i++)
		free(s->sources[i]);
	free(s->sources);
	if (s->spool)
		fclose(s->spool);
	buf_free(&s->memory);
	free(s);
}

