/* dupset: the collection searched for duplicates: its games' keys
 * spooled, their facts and hashes held (dup/dup.h). Linking them is
 * duplink.c's, grouping them and handing the report on dupgroup.c's. */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/paths.h"
#include "dup/u64set.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

bool dup_handicap_stones(const struct dup_game *g)
{
	return g->nline && dup_handicap_setup(g->setup, g->nsetup, g->line, g->nline, false);
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
	*position = dup_game_position(g);
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

uint64_t dup_bare_open(const struct dup_set *s, const struct dup_game *g)
{
	if (g->moves < DUP_MIN_MOVES || !dup_handicap_stones(g))
		return 0;
	struct dup_game bare = *g;
	bare.nsetup = 0;
	size_t len;
	int sym;
	uint16_t *key = dup_key(&bare, s->o.swap_colors, &len, &sym);
	uint64_t hash = open_hash(key, len, false);
	free(key);
	return hash;
}

/* The handicap g's record gives, 0 where none: its HA as the check reads
 * it (sgf_number_of: HA[2], HA[ 2], HA[+2]; HA[2.0] and HA[x] are no
 * handicap, kept under meta), a JGF record's rules.handicap (get_int, as
 * the check's replay reads it), kept by dupkey.c's terms as a whole
 * number's text. handicap_of and the turns (dup_set_add) read it here. */
static long long given_handicap(const struct dup_game *g)
{
	return strtoll(g->handicap, NULL, 10);
}

/* A game's handicap as its copies are compared by: the one it gives (0 is
 * none, as an even game without HA), else the number of stones its setup
 * holds before the first move when they are a handicap's
 * (dup_handicap_setup: never a position's), so that a copy with HA[2] and
 * its stones, and one with the stones alone or played as moves, are
 * alike. NULL: none; implied holds the number when it is the setup's. */
static const char *handicap_of(const struct dup_game *g, char implied[24])
{
	if (given_handicap(g))
		return g->handicap;
	if (!dup_handicap_setup(g->setup, g->nsetup, g->line, g->nline, false))
		return NULL;
	snprintf(implied, 24, "%zu", g->nsetup);
	return implied;
}

/* Whether a key's line has a move out of turn: a move of the colour of
 * the move before it (a pass is a move), after its first white move (the
 * black moves before it are a handicap's stones played as moves, or read
 * as such: KEEP_STONES', dup_played's); a setup change between two moves
 * lets either colour follow. A copy with a move inserted or lost keeps
 * the colours of the moves after it: two moves of one colour in a row
 * where its game has none, kept as the longest (issue 72). */
static bool dup_out_of_turn(const uint16_t *key, size_t len)
{
	unsigned last = DUP_AE;   /* no move before */
	bool white = false;
	for (size_t i = dup_key_head(key); i < len; i++) {
		unsigned tag = DUP_TAG(key[i]);
		if (tag > DUP_W) {
			last = DUP_AE;
			continue;
		}
		if (white && tag == last)
			return true;
		white |= tag == DUP_W;
		last = tag;
	}
	return false;
}

/* Game game's sketch (dupset.h: dup_sketch_apart) of its key. */
static void dup_sketch(struct dup_set *s, const uint16_t *key, size_t len, size_t game)
{
	s->sketches = xgrow(s->sketches, &s->sketches_cap, (game + 1) * DUP_SKETCH,
			    sizeof *s->sketches);
	uint8_t *bin = s->sketches + game * DUP_SKETCH;
	memset(bin, 0, DUP_SKETCH);
	unsigned w = key[0], h = key[1];
	for (size_t i = dup_key_head(key); i < len; i++) {
		unsigned tag = DUP_TAG(key[i]), p = DUP_POINT(key[i]), x = p % MAX_SIDE,
			 y = p / MAX_SIDE;
		if (s->o.swap_colors && tag <= DUP_AW)
			tag &= ~1u;   /* B and W, AB and AW alike */
		if (p != DUP_PASS && x < w && y < h) {
			x = x < w - 1 - x ? x : w - 1 - x;
			y = y < h - 1 - y ? y : h - 1 - y;
			if (w == h && x > y) {
				unsigned t = x;
				x = y;
				y = t;
			}
			p = y * MAX_SIDE + x;
		}
		uint8_t *c = &bin[((tag << 13 | p) * 2654435761u) >> 27];
		if (*c < 255)
			(*c)++;
	}
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
	/* black moves in a row where the record declares no handicap of two
	 * stones or more are a move inserted or lost (struct dup_game's
	 * black_twice), not a handicap played as moves */
	bool undeclared = !position && g->black_twice && given_handicap(g) < 2;
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
		.comment_bytes = g->comment_bytes < UINT32_MAX ? (uint32_t)g->comment_bytes : UINT32_MAX,
		.variations = (uint32_t)g->variations,
		.handicap_moves = (uint32_t)g->handicap_moves, .illegal = (uint32_t)g->illegal,
		/* with --swap-colors, the least of both: a copy whose colours are
		 * swapped has the other as its own */
		.tree = s->o.swap_colors && g->tree_swap_hash < g->tree_hash ? g->tree_swap_hash
			: g->tree_hash,
		.comment_hash = g->comment_hash, .vars_unknown = g->vars_unknown,
		.comment_items = (uint32_t)g->ncomment_items,
		.mark_hash = g->mark_hash, .mark_items = (uint32_t)g->nmark_items,
		.sym = sym, .format = format,
		.indexed = g->indexed, .position = position, .stones = dup_handicap_stones(g),
		.out_of_turn = undeclared || (!position && dup_out_of_turn(key, len)),
		.stones_undeclared = undeclared && g->handicap_moves,
		.passes_after = (uint8_t)passes,
		.facts = s->facts.len,
	};
	const char *facts[FACT_COUNT] = { g->black, g->white, g->date, g->result, g->event,
					  *g->komi ? g->komi : NULL, handicap_of(g, implied),
					  g->rules, g->round, g->black_rank, g->white_rank };
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
	/* the key, then its comments' items and its marks, sorted
	 * (dup_load_comments, dup_load_marks) */
	size_t items = g->ncomment_items, marks = g->nmark_items;
	if (!s->spool) {
		buf_add(&s->memory, (const char *)key, len * sizeof *key);
		if (items)
			buf_add(&s->memory, (const char *)g->comment_items, items * sizeof *g->comment_items);
		if (marks)
			buf_add(&s->memory, (const char *)g->mark_items, marks * sizeof *g->mark_items);
	} else if (fwrite(key, sizeof *key, len, s->spool) != len ||
		   (items && fwrite(g->comment_items, sizeof *g->comment_items, items, s->spool) !=
			     items) ||
		   (marks && fwrite(g->mark_items, sizeof *g->mark_items, marks, s->spool) != marks)) {
		s->spool_failed = true;
	}
	s->spooled += (long long)(len * sizeof *key + (items + marks) * sizeof *g->comment_items);
	if (s->o.max_differ > 0 && g->moves >= DUP_MIN_MOVES)
		dup_fingerprints(s, key, len, s->len);
	uint64_t bare = dup_bare_open(s, g);
	if (bare) {   /* its moves without the stones */
		s->bare = xgrow(s->bare, &s->bare_cap, s->nbare + 1, sizeof *s->bare);
		s->bare[s->nbare++] = (struct bare_open){ bare, s->len };
	}
	e.sketched = s->o.max_differ > 0 && !position && len >= 3 && !key[2];
	if (e.sketched)
		dup_sketch(s, key, len, s->len);
	free(key);
	s->games = xgrow(s->games, &s->cap, s->len + 1, sizeof *s->games);
	s->games[s->len++] = e;
}

bool dup_sketch_apart(const struct dup_set *s, size_t a, size_t b)
{
	const struct entry *ea = &s->games[a], *eb = &s->games[b];
	if (!ea->sketched || !eb->sketched)
		return false;
	const uint8_t *x = s->sketches + a * DUP_SKETCH, *y = s->sketches + b * DUP_SKETCH;
	size_t l1 = 0, k = (size_t)s->o.max_differ;
#if defined __SSE2__ && DUP_SKETCH == 32
	/* the bins' differences summed 16 at a time (psadbw): a test of every
	 * candidate the scan leaves (1.2 million at a dense collection's
	 * 100,000 games), byte by byte 320 instructions and a branch each
	 * bin the processor cannot foretell */
	__m128i d0 = _mm_sad_epu8(_mm_loadu_si128((const __m128i *)x),
				  _mm_loadu_si128((const __m128i *)y)),
		d1 = _mm_sad_epu8(_mm_loadu_si128((const __m128i *)(x + 16)),
				  _mm_loadu_si128((const __m128i *)(y + 16))),
		d = _mm_add_epi64(d0, d1);
	l1 = (size_t)_mm_cvtsi128_si32(d) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(d, 8));
#else
	for (int i = 0; i < DUP_SKETCH; i++)
		l1 += x[i] > y[i] ? x[i] - y[i] : y[i] - x[i];
#endif
	size_t over = ea->len > eb->len ? ea->len - eb->len : eb->len - ea->len;
	return l1 > 2 * k + over;
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

/* want bytes of the spool from off into out. */
static void spool_read(struct dup_set *s, void *out, size_t want, long long off)
{
	if (!s->spool) {
		if (want)
			memcpy(out, s->memory.data + off, want);
		return;
	}
	/* One read, at its place (the spool is written whole before it is
	 * read: dup_set_each flushes it); the stream's seek and buffered read
	 * cost two calls and a copy, a tenth of a dense collection's grouping. */
	ssize_t got = want ? pread(fileno(s->spool), out, want, (off_t)off) : 0;
	if (got < 0 || (size_t)got != want) {
		s->spool_failed = true;
		memset(out, 0, want);
	}
}

uint16_t *dup_load_key(struct dup_set *s, const struct entry *e)
{
	size_t bytes = e->len * sizeof(uint16_t);
	uint16_t *key = xmalloc(bytes ? bytes : sizeof *key);
	if (!s->spool || !bytes || e->len > SPOOL_RECENT_LEN) {
		spool_read(s, key, bytes, e->off);
		return key;
	}
	if (!s->recent)
		s->recent = xcalloc(1, sizeof *s->recent);
	struct spool_recent *r = s->recent;
	size_t set = (size_t)dup_mix((uint64_t)e->off) % SPOOL_SETS;
	for (unsigned w = 0; w < 2; w++)
		if (r->len[set][w] == e->len && r->off[set][w] == e->off) {
			r->older[set] = (uint8_t)!w;
			return memcpy(key, r->key[set][w], bytes);
		}
	spool_read(s, key, bytes, e->off);
	if (s->spool_failed)
		return key;
	unsigned w = r->older[set];
	r->off[set][w] = e->off;
	r->len[set][w] = e->len;
	r->key[set][w] = xrealloc(r->key[set][w], bytes);
	memcpy(r->key[set][w], key, bytes);
	r->older[set] = (uint8_t)!w;
	return key;
}

uint64_t *dup_load_comments(struct dup_set *s, const struct entry *e)
{
	uint64_t *items = xmalloc((e->comment_items ? e->comment_items : 1) * sizeof *items);
	spool_read(s, items, e->comment_items * sizeof *items,
		   e->off + (long long)(e->len * sizeof(uint16_t)));
	return items;
}

uint64_t *dup_load_marks(struct dup_set *s, const struct entry *e)
{
	uint64_t *items = xmalloc((e->mark_items ? e->mark_items : 1) * sizeof *items);
	spool_read(s, items, e->mark_items * sizeof *items,
		   e->off + (long long)(e->len * sizeof(uint16_t) + e->comment_items * sizeof *items));
	return items;
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

int dup_cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

void dup_set_free(struct dup_set *s)
{
	if (!s)
		return;
	free(s->games);
	buf_free(&s->facts);
	free(s->keys);
	free(s->prints);
	free(s->lines);
	free(s->sketches);
	free(s->edges);
	free(s->edges0);
	u64set_free(&s->passes_longer);
	u64set_free(&s->near_prefix);
	free(s->common);
	free(s->bare);
	free(s->map);
	free(s->hashes);
	for (size_t i = 0; i < s->nsources; i++)
		free(s->sources[i]);
	free(s->sources);
	if (s->spool)
		fclose(s->spool);
	for (size_t i = 0; s->recent && i < SPOOL_SETS; i++)
		free(s->recent->key[i][0]), free(s->recent->key[i][1]);
	free(s->recent);
	buf_free(&s->memory);
	free(s);
}

