/* dup: canonical keys of games and their grouping into duplicates. */
#define _FILE_OFFSET_BITS 64
#include "dup/dup.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/paths.h"
#include "core/record.h"
#include "engine/board.h"
#include "dup/md5.h"

#define MAX_SIDE 52

void dup_game_init(struct dup_game *g)
{
	*g = (struct dup_game){ .width = 19, .height = 19, .readable = true };
}

void dup_game_free(struct dup_game *g)
{
	free(g->setup);
	free(g->line);
	free(g->black);
	free(g->white);
	free(g->date);
	free(g->result);
	free(g->event);
	dup_game_init(g);
}

static void push(uint16_t **arr, size_t *len, size_t *cap, unsigned tag, unsigned point)
{
	*arr = xgrow(*arr, cap, *len + 1, sizeof **arr);
	(*arr)[(*len)++] = (uint16_t)(tag << 13 | point);
}

/* A copy of a string member, at most 200 bytes (a report shows it; what a
 * game keeps in memory stays small), or NULL when absent or empty. */
static char *fact(json_object *obj, const char *key)
{
	json_object *v = member_of_type(obj, key, json_type_string);
	const char *s = v ? json_object_get_string(v) : NULL;
	if (!s || !*s)
		return NULL;
	size_t n = strlen(s);
	if (n > 200) {
		n = 200;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)   /* a whole code point */
			n--;
	}
	return xstrndup(s, n);
}

static void players(struct dup_game *g, json_object *list)
{
	if (json_object_is_type(list, json_type_object)) {   /* Seki: keyed by colour */
		json_object *b = member_of_type(list, "black", json_type_object);
		json_object *w = member_of_type(list, "white", json_type_object);
		g->black = b ? fact(b, "name") : NULL;
		g->white = w ? fact(w, "name") : NULL;
		return;
	}
	if (!json_object_is_type(list, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		json_object *p = json_object_array_get_idx(list, i);
		json_object *c = member_of_type(p, "color", json_type_string);
		const char *color = c ? json_object_get_string(c) : "";
		char **slot = !strcmp(color, "black") ? &g->black : !strcmp(color, "white") ? &g->white
			    : NULL;
		if (slot && !*slot)
			*slot = fact(p, "name");
	}
}

/* The point of {x, y}, or -1 off the board. */
static int point_of(const struct dup_game *g, json_object *c)
{
	long long x, y;
	if (!get_int(member(c, "x"), &x) || !get_int(member(c, "y"), &y) || x < 0 || y < 0 ||
	    x >= g->width || y >= g->height)
		return -1;
	return (int)(y * MAX_SIDE + x);
}

static void setup(struct dup_game *g, json_object *list)
{
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		json_object *s = json_object_array_get_idx(list, i);
		json_object *t = member_of_type(s, "type", json_type_string);
		json_object *coords = member_of_type(s, "coords", json_type_array);
		const char *type = t ? json_object_get_string(t) : "";
		unsigned tag = !strcmp(type, "black") ? DUP_AB : !strcmp(type, "white") ? DUP_AW
			     : !strcmp(type, "clear") ? DUP_AE : 0;
		for (size_t k = 0; tag && coords && k < json_object_array_length(coords); k++) {
			int p = point_of(g, json_object_array_get_idx(coords, k));
			if (p < 0)
				continue;
			if (g->nline) {   /* on the main line: part of it */
				push(&g->line, &g->nline, &g->line_cap, tag, (unsigned)p);
				continue;
			}
			/* Before the first move: the position, whatever order built it */
			for (size_t j = 0; j < g->nsetup; j++)
				if (DUP_POINT(g->setup[j]) == (unsigned)p)
					g->setup[j--] = g->setup[--g->nsetup];
			if (tag != DUP_AE)
				push(&g->setup, &g->nsetup, &g->setup_cap, tag, (unsigned)p);
		}
	}
}

static void move(struct dup_game *g, json_object *m, const struct record_info *rec)
{
	json_object *c = member_of_type(m, "color", json_type_string);
	const char *color = c ? json_object_get_string(c) : "";
	unsigned tag = !strcmp(color, "black") ? DUP_B : !strcmp(color, "white") ? DUP_W : 8;
	if (tag == 8)
		return;   /* a third colour: not a game of two */
	long long x = 0, y = 0;
	json_object *pass = member(m, "pass");
	int p = -1;
	if (!(pass && json_object_get_boolean(pass)) && get_int(member(m, "x"), &x) &&
	    get_int(member(m, "y"), &y) && !record_pass_point(rec, x, y))
		p = point_of(g, m);
	/* A point off the board is read as the pass it most likely is. */
	push(&g->line, &g->nline, &g->line_cap, tag, p < 0 ? DUP_PASS : (unsigned)p);
	g->moves++;
}

void dup_game_add_move(struct dup_game *g, bool white, int x, int y)
{
	bool on = x >= 0 && y >= 0 && x < g->width && y < g->height;
	push(&g->line, &g->nline, &g->line_cap, white ? DUP_W : DUP_B,
	     on ? (unsigned)(y * MAX_SIDE + x) : DUP_PASS);
	g->moves++;
}

static void node(struct dup_game *g, json_object *n, const struct record_info *rec)
{
	json_object *list = member_of_type(n, "setup", json_type_array);
	if (list)
		setup(g, list);
	json_object *m = member_of_type(n, "move", json_type_object);
	if (m)
		move(g, m, rec);
	json_object *com = member(n, "comments");
	if ((json_object_is_type(com, json_type_array) && json_object_array_length(com)) ||
	    (json_object_is_type(com, json_type_string) && json_object_get_string_len(com)))
		g->comments++;
}

void dup_game_from_jgf(struct dup_game *g, json_object *record)
{
	struct record_info rec;
	record_classify(record, &rec);
	if (rec.dialect != DIALECT_JGF) {
		g->readable = false;
		snprintf(g->why, sizeof g->why, "%s", rec.dialect == DIALECT_NGGO
			 ? "ngGo's own JGF dialect is not read (jgflint --fix does not convert it either)"
			 : "not a JGF record");
		return;
	}
	if (rec.width < 1 || rec.height < 1 || rec.width > MAX_SIDE || rec.height > MAX_SIDE) {
		g->readable = false;
		snprintf(g->why, sizeof g->why, "its board size is not one from 1x1 to 52x52");
		return;
	}
	g->width = rec.width;
	g->height = rec.height;
	players(g, member(record, "players"));
	json_object *game = member_of_type(record, "game", json_type_object);
	g->date = fact(game, "date");
	if (!g->date) {
		json_object *dates = member_of_type(game, "dates", json_type_array);
		json_object *first = dates ? json_object_array_get_idx(dates, 0) : NULL;
		if (json_object_is_type(first, json_type_string) && json_object_get_string_len(first))
			g->date = xstrdup(json_object_get_string(first));
	}
	g->result = fact(game, "result");
	json_object *event = member_of_type(record, "event", json_type_object);
	g->event = fact(event, "name");
	/* The main line: the first variation wherever the tree branches. */
	json_object *seq = member_of_type(record, "tree", json_type_array);
	for (size_t i = 0; seq && i < json_object_array_length(seq);) {
		json_object *n = json_object_array_get_idx(seq, i);
		node(g, n, &rec);
		json_object *vars = member_of_type(n, "variations", json_type_array);
		json_object *first = vars ? json_object_array_get_idx(vars, 0) : NULL;
		if (json_object_is_type(first, json_type_array)) {
			seq = first;
			i = 0;
		} else {
			i++;
		}
	}
}

static int cmp_u16(const void *a, const void *b)
{
	uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
	return (x > y) - (x < y);
}

/* Where point p goes under symmetry s of a w x h board: x mirrored (bit
 * 0), y mirrored (bit 1), then x and y exchanged (bit 2, square boards). */
static unsigned transform(unsigned p, int s, int w, int h)
{
	if (p == DUP_PASS)
		return p;
	unsigned x = p % MAX_SIDE, y = p / MAX_SIDE;
	if (s & 1)
		x = (unsigned)w - 1 - x;
	if (s & 2)
		y = (unsigned)h - 1 - y;
	if (s & 4) {
		unsigned t = x;
		x = y;
		y = t;
	}
	return y * MAX_SIDE + x;
}


/* Kombilo's duplicate signature (libkombilo's Algo_signature): the
 * points of moves 20, 40, 60, 31, 51 and 71 of the main line (passes
 * counted, as "tt"; "??" for a move the game does not have), two letters
 * each as SGF writes points, least of its images under the 8 symmetries
 * (the letters of a pass or of no move stay as they are). */
static void dyer(struct dup_game *g)
{
	static const size_t at[6] = { 20, 40, 60, 31, 51, 71 };
	unsigned points[6];
	for (int k = 0; k < 6; k++)
		points[k] = DUP_PASS + 1;   /* no such move */
	size_t move = 0;
	for (size_t i = 0; i < g->nline; i++) {
		if (DUP_TAG(g->line[i]) > DUP_W)
			continue;
		move++;
		for (int k = 0; k < 6; k++)
			if (move == at[k])
				points[k] = DUP_POINT(g->line[i]);
	}
	for (int s = 0; s < 8; s++) {
		char sig[13];
		for (int k = 0; k < 6; k++) {
			unsigned p = points[k];
			if (p > DUP_PASS) {
				sig[2 * k] = sig[2 * k + 1] = '?';
			} else if (p == DUP_PASS) {
				sig[2 * k] = sig[2 * k + 1] = 't';
			} else {
				p = transform(p, s, g->width, g->height);
				sig[2 * k] = (char)('a' + p % MAX_SIDE);
				sig[2 * k + 1] = (char)('a' + p / MAX_SIDE);
			}
		}
		sig[12] = 0;
		if (!s || strcmp(sig, g->dyer) < 0)
			memcpy(g->dyer, sig, sizeof sig);
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* sgfutils' `sgfinfo -can`: the MD5 of the setup stones (sorted as
 * sgfinfo sorts them: black before white, then by their SGF letters, in
 * the game's own orientation) and the main line's moves, two SGF letters
 * each ("tt" a pass), then a newline; the least digest of the 8 images of
 * the board. */
static void sgfinfo_md5(struct dup_game *g)
{
	size_t n = g->nsetup;
	int *setup = xmalloc((n ? n : 1) * sizeof *setup);
	for (size_t i = 0; i < n; i++) {
		unsigned p = DUP_POINT(g->setup[i]);
		setup[i] = (DUP_TAG(g->setup[i]) == DUP_AB ? 0x10000 : 0x20000) |
			   (int)('a' + p % MAX_SIDE) << 8 | (int)('a' + p / MAX_SIDE);
	}
	qsort(setup, n, sizeof *setup, cmp_int);
	unsigned char best[16];
	for (int s = 0; s < 8; s++) {
		struct md5 m;
		md5_init(&m);
		for (size_t i = 0; i < n; i++) {
			unsigned x = (unsigned)((setup[i] >> 8 & 0xFF) - 'a');
			unsigned y = (unsigned)((setup[i] & 0xFF) - 'a');
			unsigned p = transform(y * MAX_SIDE + x, s, g->width, g->height);
			char two[2] = { (char)('a' + p % MAX_SIDE), (char)('a' + p / MAX_SIDE) };
			md5_add(&m, two, 2);
		}
		for (size_t i = 0; i < g->nline; i++) {
			if (DUP_TAG(g->line[i]) > DUP_W)
				continue;
			unsigned p = DUP_POINT(g->line[i]);
			char two[2] = { 't', 't' };
			if (p != DUP_PASS) {
				p = transform(p, s, g->width, g->height);
				two[0] = (char)('a' + p % MAX_SIDE);
				two[1] = (char)('a' + p / MAX_SIDE);
			}
			md5_add(&m, two, 2);
		}
		md5_add(&m, "\n", 1);
		unsigned char d[16];
		md5_bytes(&m, d);
		if (!s || memcmp(d, best, 16) < 0)
			memcpy(best, d, 16);
	}
	free(setup);
	for (int i = 0; i < 16; i++)
		snprintf(g->sgfinfo + 2 * i, 3, "%02x", best[i]);
}

void dup_game_trim(struct dup_game *g)
{
	while (g->nline && DUP_TAG(g->line[g->nline - 1]) > DUP_W)
		g->nline--;
}

void dup_game_normalise(struct dup_game *g)
{
	dup_game_trim(g);
	if (g->signatures && g->width == g->height && g->width <= 19) {
		dyer(g);
		sgfinfo_md5(g);
	}
	/* Handicap played as moves: black points, with or without white
	 * passes between them, then white's first real move. Two stones or
	 * more, and no white stone set up: that is what AB stones would be. */
	size_t i = 0, stones = 0, run = 0;
	bool white_setup = false;
	for (size_t k = 0; k < g->nsetup; k++)
		white_setup |= DUP_TAG(g->setup[k]) == DUP_AW;
	while (i < g->nline && DUP_TAG(g->line[i]) == DUP_B && DUP_POINT(g->line[i]) != DUP_PASS) {
		stones++;
		i++;
		run = i;
		if (i < g->nline && g->line[i] == (uint16_t)(DUP_W << 13 | DUP_PASS))
			i++;
	}
	bool white_next = run == g->nline || (DUP_TAG(g->line[run]) == DUP_W &&
					      DUP_POINT(g->line[run]) != DUP_PASS);
	if (stones >= 2 && !white_setup && white_next) {
		for (size_t k = 0; k < run; k++)
			if (DUP_TAG(g->line[k]) == DUP_B)
				push(&g->setup, &g->nsetup, &g->setup_cap, DUP_AB, DUP_POINT(g->line[k]));
		g->moves -= run;
		g->handicap_moves = stones;
		memmove(g->line, g->line + run, (g->nline - run) * sizeof *g->line);
		g->nline -= run;
	}
	if (g->nsetup)   /* qsort of NULL is undefined, even of no elements */
		qsort(g->setup, g->nsetup, sizeof *g->setup, cmp_u16);
	size_t out = 0;   /* a stone set up twice is one stone */
	for (size_t k = 0; k < g->nsetup; k++)
		if (!out || g->setup[out - 1] != g->setup[k])
			g->setup[out++] = g->setup[k];
	g->nsetup = out;
}

static uint16_t image(uint16_t e, int s, int w, int h)
{
	unsigned tag = DUP_TAG(e);
	if (s & 8)   /* colours swapped */
		tag = tag == DUP_B ? DUP_W : tag == DUP_W ? DUP_B : tag == DUP_AB ? DUP_AW
		    : tag == DUP_AW ? DUP_AB : tag;
	return (uint16_t)(tag << 13 | transform(DUP_POINT(e), s & 7, w, h));
}

static int cmp_key(const uint16_t *a, const uint16_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

uint16_t *dup_key(const struct dup_game *g, bool swap_colors, size_t *len, int *sym)
{
	size_t n = 3 + g->nsetup + g->nline;
	uint16_t *best = xmalloc(n * sizeof *best), *cand = xmalloc(n * sizeof *cand);
	bool square = g->width == g->height;
	int found = -1;
	for (int s = 0; s < 16; s++) {
		if ((!square && (s & 4)) || (!swap_colors && (s & 8)))
			continue;
		cand[0] = (uint16_t)g->width;
		cand[1] = (uint16_t)g->height;
		cand[2] = (uint16_t)g->nsetup;
		for (size_t i = 0; i < g->nsetup; i++)
			cand[3 + i] = image(g->setup[i], s, g->width, g->height);
		qsort(cand + 3, g->nsetup, sizeof *cand, cmp_u16);
		for (size_t i = 0; i < g->nline; i++)
			cand[3 + g->nsetup + i] = image(g->line[i], s, g->width, g->height);
		if (found < 0 || cmp_key(cand, best, n) < 0) {
			uint16_t *t = best;
			best = cand;
			cand = t;
			found = s;
		}
	}
	free(cand);
	*len = n;
	*sym = found;
	return best;
}

void dup_key_hex(const uint16_t *key, size_t len, char hex[33])
{
	struct md5 m;
	md5_init(&m);
	for (size_t i = 0; i < len; i++) {
		unsigned char two[2] = { (unsigned char)(key[i] >> 8), (unsigned char)key[i] };
		md5_add(&m, two, 2);
	}
	md5_hex(&m, hex);
}

size_t dup_key_head(const uint16_t *key)
{
	return 3 + (size_t)key[2];
}

/* ---- the collection ---- */

struct entry {
	uint64_t open;       /* hash of the head and the first DUP_MIN_MOVES moves */
	uint64_t whole;      /* hash of the whole key */
	long long off;       /* the key in the spool */
	uint32_t len;        /* its elements */
	uint32_t moves;
	uint32_t source;     /* in sources */
	uint32_t index, count;
	uint32_t comments;
	uint32_t handicap_moves;
	int sym;
	bool indexed;
	bool position;       /* compared by its position (a problem, an opening) */
	const char *format;
	char *black, *white, *date, *result, *event;
	char key[33], dyer[13], sgfinfo[33];   /* the keys --keys lists */
};

/* A fingerprint of a game for near copies: the hash of NEAR_WINDOW
 * elements of its line from element pos, whatever the board's orientation
 * (the least over its symmetries), one of those winnowing picks. */
struct print {
	uint64_t hash;
	uint32_t game, pos;
};

struct dup_set {
	struct dup_options o;
	FILE *spool;         /* the keys, a temporary file; NULL: in memory */
	struct buf memory;   /* ... where no temporary file can be made */
	long long spooled;
	bool spool_failed;
	struct entry *games;
	size_t len, cap;
	char **sources;
	size_t nsources, sources_cap;
	struct print *prints;   /* near copies' candidates: fingerprints of the games */
	size_t nprints, prints_cap;
	uint16_t *map;          /* each point's image under symmetry 0-7, on a board of */
	int map_w, map_h;       /* ... this size (the last seen) */
	uint64_t *hashes;       /* a game's window hashes, and its line's image: */
	uint16_t *line;         /* kept from game to game (a malloc each cost more */
	size_t hashes_cap, line_cap;   /* than the hashing) */
	uint64_t *edges;        /* prefix links: the shorter game << 32 | the longer */
	size_t nedges, edges_cap;
	uint64_t *edges0;       /* the same, game to game, as linked */
	size_t nedges0;
};

struct dup_set *dup_set_new(const struct dup_options *o)
{
	struct dup_set *s = xcalloc(1, sizeof *s);
	s->o = *o;
	/* Keys are spooled out of memory (a collection's can be large), but a
	 * root without a writable temporary directory still finds duplicates. */
	s->spool = temp_file();
	return s;
}

/* ---- near copies: edit distance under the symmetry that aligns them ---- */

/* The edit distance of lines a (na elements) and b (nb): the fewest
 * elements substituted, inserted into b or deleted from it that make b of
 * a; k + 1 when more than k. Banded: only the cells within k of the
 * diagonal are computed (O(n·k)), and it stops at the first row with none
 * at k or less. With free_end, a's elements after the last one aligned
 * with b's last cost nothing (b against the beginning of a); *end gets
 * how many of a's elements the alignment covers. rows, when not NULL,
 * holds the band of every row ((na + 1) * (2k + 1) cells), for
 * edit_trace. */
static size_t edit_band(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, size_t k,
			bool free_end, uint16_t *rows, size_t *end)
{
	size_t inf = k + 1, width = 2 * k + 1, best = inf, best_i = 0;
	uint16_t *two = rows ? NULL : xmalloc(2 * width * sizeof *two), *cells = rows ? rows : two;
#define CELL(i, d) cells[(rows ? (i) : ((i) & 1)) * width + (d)]
	for (size_t d = 0; d < width; d++) {
		size_t j = d - k;   /* wraps below 0: then larger than nb */
		CELL(0, d) = (uint16_t)(d >= k && j <= nb && j < inf ? j : inf);
	}
	if (nb <= k && (free_end || na == 0)) {
		best = nb;
		best_i = 0;
	}
	size_t i = 1;
	for (; i <= na; i++) {
		size_t rowmin = inf;
		for (size_t d = 0; d < width; d++) {
			size_t v = inf;
			if (i + d >= k && i + d - k <= nb) {
				size_t j = i + d - k;
				if (j == 0) {
					v = i < inf ? i : inf;
				} else {
					v = CELL(i - 1, d) + (a[i - 1] != b[j - 1]);
					if (d + 1 < width && (size_t)CELL(i - 1, d + 1) + 1 < v)
						v = CELL(i - 1, d + 1) + 1u;
					if (d > 0 && (size_t)CELL(i, d - 1) + 1 < v)
						v = CELL(i, d - 1) + 1u;
					if (v > inf)
						v = inf;
				}
			}
			CELL(i, d) = (uint16_t)v;
			rowmin = v < rowmin ? v : rowmin;
		}
		if (free_end && nb + k >= i && i + k >= nb) {
			size_t v = CELL(i, nb + k - i);
			size_t gap = i > nb ? i - nb : nb - i, best_gap = best_i > nb ? best_i - nb
									     : nb - best_i;
			if (v < best || (v == best && v < inf && gap < best_gap)) {
				best = v;
				best_i = i;
			}
		}
		if (rowmin >= inf)
			break;   /* every later row is past k too */
	}
	if (!free_end && i > na && nb + k >= na && na + k >= nb) {
		best = CELL(na, nb + k - na);
		best_i = na;
	}
#undef CELL
	free(two);
	if (end)
		*end = best_i;
	return best;
}

/* One step of an alignment: a's element ai against b's bj (a substitution
 * when they differ), a's alone (deleted from b: bj is where b would have
 * it) or b's alone (inserted into b). */
struct edit {
	enum { EDIT_SAME, EDIT_DIFFERS, EDIT_DELETED, EDIT_INSERTED } op;
	size_t ai, bj;
};

/* The alignment edit_band found (rows kept), from the start to a's element
 * end and b's last: its steps in order, *n of them (freed by the caller). */
static struct edit *edit_trace(const uint16_t *a, const uint16_t *b, size_t nb, size_t k,
			       const uint16_t *rows, size_t end, size_t *n)
{
	size_t width = 2 * k + 1, cap = end + nb + 1, len = 0;
	struct edit *steps = xmalloc(cap * sizeof *steps);
	size_t i = end, j = nb;
	while (i > 0 || j > 0) {
		size_t d = j + k - i, v = rows[i * width + d];
		if (i > 0 && j > 0 && rows[(i - 1) * width + d] + (size_t)(a[i - 1] != b[j - 1]) == v) {
			i--, j--;
			steps[len++] = (struct edit){ a[i] == b[j] ? EDIT_SAME : EDIT_DIFFERS, i, j };
		} else if (i > 0 && d + 1 < width && rows[(i - 1) * width + d + 1] + 1u == v) {
			i--;
			steps[len++] = (struct edit){ EDIT_DELETED, i, j };
		} else {
			j--;
			steps[len++] = (struct edit){ EDIT_INSERTED, i, j };
		}
	}
	for (size_t x = 0; x < len / 2; x++) {
		struct edit t = steps[x];
		steps[x] = steps[len - 1 - x];
		steps[len - 1 - x] = t;
	}
	*n = len;
	return steps;
}

/* Key kb (len elements, canonical) under symmetry r of its board, into
 * out: the setup sorted again, as a key's is. */
static void key_image(const uint16_t *kb, size_t len, int r, uint16_t *out)
{
	int w = kb[0], h = kb[1];
	size_t head = dup_key_head(kb);
	memcpy(out, kb, 3 * sizeof *out);
	for (size_t i = 3; i < len; i++)
		out[i] = image(kb[i], r, w, h);
	qsort(out + 3, head - 3, sizeof *out, cmp_u16);
}

/* Whether symmetry r applies to keys of this board and these options. */
static bool sym_applies(const struct dup_set *s, const uint16_t *key, int r)
{
	return !((r & 4) && key[0] != key[1]) && !((r & 8) && !s->o.swap_colors);
}

/* Near copies are looked for among games that share a fingerprint: a
 * window of NEAR_WINDOW elements of the line, hashed the same whatever
 * the board's orientation (the least hash of its images), at the same
 * place within --max-differ elements. Of every NEAR_WINNOW windows in a
 * row, the one with the least hash is kept (winnowing, as MOSS does):
 * two games that share a run of NEAR_WINDOW + NEAR_WINNOW - 1 elements,
 * which k edits leave in any game of (k + 1) times as many moves, share a
 * fingerprint, wherever the edits are, however few moves they leave
 * alike at the start. */
#define NEAR_WINDOW 8
#define NEAR_WINNOW 16
/* A fingerprint more games than this share (a common opening, a joseki
 * at the same move) finds no candidates: other fingerprints of a near
 * copy do, and the opening's bucket compares games that share their
 * first moves. */
#define NEAR_COMMON 200
/* A game keeps at most this many fingerprints, the least (winnowing
 * keeps about 2 in NEAR_WINNOW + 1 windows: every one of a game of up to
 * about 1,000 moves), so that what a game holds in memory is bounded,
 * however long it is. Two near copies keep mostly the same least ones
 * (the least of sets that are mostly the same, as MinHash takes them). */
#define NEAR_PRINTS 128

static uint64_t mix(uint64_t x)   /* splitmix64's finaliser */
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static int cmp_print(const void *x, const void *y)
{
	const struct print *a = x, *b = y;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return (a->game > b->game) - (a->game < b->game);
}

static void fingerprints(struct dup_set *s, const uint16_t *key, size_t len, size_t game)
{
	size_t head = dup_key_head(key), n = len - head;
	if (n < NEAR_WINDOW)
		return;
	size_t nw = n - NEAR_WINDOW + 1;
	s->hashes = xgrow(s->hashes, &s->hashes_cap, nw, sizeof *s->hashes);
	s->line = xgrow(s->line, &s->line_cap, n, sizeof *s->line);
	uint64_t *h = s->hashes, top = 1, seed = mix((uint64_t)key[0] << 16 | key[1]);
	uint16_t *img = s->line;
	for (int k = 1; k < NEAR_WINDOW; k++)
		top *= 0x100000001b3ULL;
	if (!s->map || s->map_w != key[0] || s->map_h != key[1]) {
		/* transform()'s divisions, once a board size, not 8 times a move */
		if (!s->map)
			s->map = xmalloc(8 * MAX_SIDE * MAX_SIDE * sizeof *s->map);
		s->map_w = key[0];
		s->map_h = key[1];
		for (int t = 0; t < 8; t++)
			for (unsigned p = 0; p < MAX_SIDE * MAX_SIDE; p++)
				s->map[t * MAX_SIDE * MAX_SIDE + p] = (uint16_t)
					(p % MAX_SIDE < (unsigned)s->map_w && p / MAX_SIDE < (unsigned)s->map_h
					 ? transform(p, t, s->map_w, s->map_h) : p);
	}
	bool first = true;
	for (int t = 0; t < 16; t++) {
		if (!sym_applies(s, key, t))
			continue;
		uint64_t r = 0;
		const uint16_t *map = s->map + (t & 7) * MAX_SIDE * MAX_SIDE;
		for (size_t i = 0; i < n; i++) {
			unsigned tag = DUP_TAG(key[head + i]), p = DUP_POINT(key[head + i]);
			if ((t & 8) && tag <= DUP_AW)
				tag ^= 1;   /* colours swapped: B and W, AB and AW */
			img[i] = (uint16_t)(tag << 13 | (p < MAX_SIDE * MAX_SIDE ? map[p] : p));
			if (i >= NEAR_WINDOW)
				r -= (img[i - NEAR_WINDOW] + 1ULL) * top;
			r = r * 0x100000001b3ULL + img[i] + 1;
			if (i + 1 >= NEAR_WINDOW) {
				uint64_t v = mix(r ^ seed);
				if (first || v < h[i + 1 - NEAR_WINDOW])
					h[i + 1 - NEAR_WINDOW] = v;
			}
		}
		first = false;
	}
	size_t ww = nw < NEAR_WINNOW ? nw : NEAR_WINNOW, last = nw, kept = s->nprints;
	for (size_t start = 0; start + ww <= nw; start++) {
		size_t m = start;
		for (size_t q = start; q < start + ww; q++)
			if (h[q] <= h[m])
				m = q;   /* the rightmost least */
		if (m != last) {
			s->prints = xgrow(s->prints, &s->prints_cap, s->nprints + 1, sizeof *s->prints);
			s->prints[s->nprints++] = (struct print){ h[m], (uint32_t)game, (uint32_t)m };
		}
		last = m;
	}
	if (s->nprints - kept > NEAR_PRINTS) {
		qsort(s->prints + kept, s->nprints - kept, sizeof *s->prints, cmp_print);
		s->nprints = kept + NEAR_PRINTS;
	}
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

void dup_set_add(struct dup_set *s, const struct dup_game *g, const char *source,
		 size_t index, size_t count, const char *format)
{
	if (!s->nsources || strcmp(s->sources[s->nsources - 1], source)) {
		s->sources = xgrow(s->sources, &s->sources_cap, s->nsources + 1, sizeof *s->sources);
		s->sources[s->nsources++] = xstrdup(source);
	}
	size_t len;
	int sym;
	/* A record of a position (a problem, an opening, a setup): fewer
	 * moves than a game is matched on, and stones set up that are no
	 * handicap (a white stone, or ten or more): compared by the position
	 * and the side to move (its first move's colour, as a pass), not by
	 * its moves (a problem's solution does not make it another). */
	bool white_setup = false;
	for (size_t i = 0; i < g->nsetup; i++)
		white_setup |= DUP_TAG(g->setup[i]) == DUP_AW;
	bool position = g->moves < DUP_MIN_MOVES && g->nsetup && (white_setup || g->nsetup >= 10);
	struct dup_game view = *g;
	uint16_t side = 0;
	if (position) {
		view.line = &side;
		view.nline = 0;
		for (size_t i = 0; i < g->nline && !view.nline; i++)
			if (DUP_TAG(g->line[i]) <= DUP_W) {
				side = (uint16_t)(DUP_TAG(g->line[i]) << 13 | DUP_PASS);
				view.nline = 1;
			}
	}
	uint16_t *key = dup_key(&view, s->o.swap_colors, &len, &sym);
	size_t head = dup_key_head(key);
	size_t open = after_moves(key, len, head, DUP_MIN_MOVES);
	struct entry e = {
		.whole = hash(key, len, HASH_SEED),
		.open = hash(key, open, HASH_SEED),
		.off = s->spooled, .len = (uint32_t)len, .moves = (uint32_t)g->moves,
		.source = (uint32_t)(s->nsources - 1), .index = (uint32_t)index,
		.count = (uint32_t)count, .comments = (uint32_t)g->comments,
		.handicap_moves = (uint32_t)g->handicap_moves, .sym = sym, .format = format,
		.indexed = g->indexed, .position = position,
		.black = g->black ? xstrdup(g->black) : NULL,
		.white = g->white ? xstrdup(g->white) : NULL,
		.date = g->date ? xstrdup(g->date) : NULL,
		.result = g->result ? xstrdup(g->result) : NULL,
		.event = g->event ? xstrdup(g->event) : NULL,
	};
	if (s->o.keys) {   /* the canonical key's digest: its elements big-endian */
		dup_key_hex(key, len, e.key);
		memcpy(e.dyer, g->dyer, sizeof e.dyer);
		memcpy(e.sgfinfo, g->sgfinfo, sizeof e.sgfinfo);
	}
	if (!s->spool)
		buf_add(&s->memory, (const char *)key, len * sizeof *key);
	else if (fwrite(key, sizeof *key, len, s->spool) != len)
		s->spool_failed = true;
	s->spooled += (long long)(len * sizeof *key);
	if (s->o.max_differ > 0 && g->moves >= DUP_MIN_MOVES)
		fingerprints(s, key, len, s->len);
	free(key);
	s->games = xgrow(s->games, &s->cap, s->len + 1, sizeof *s->games);
	s->games[s->len++] = e;
}

size_t dup_set_games(const struct dup_set *s)
{
	return s->len;
}

bool dup_set_keys(const struct dup_set *s)
{
	return s->o.keys;
}

static uint16_t *load_key(struct dup_set *s, const struct entry *e)
{
	uint16_t *key = xmalloc((e->len ? e->len : 1) * sizeof *key);
	if (!s->spool) {
		if (e->len)
			memcpy(key, s->memory.data + e->off, e->len * sizeof *key);
		return key;
	}
	if (fseeko(s->spool, (off_t)e->off, SEEK_SET) ||
	    fread(key, sizeof *key, e->len, s->spool) != e->len) {
		s->spool_failed = true;
		memset(key, 0, e->len * sizeof *key);
	}
	return key;
}

/* Union-find over the games: links of duplicates. */
static size_t find(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

static void unite(size_t *up, size_t a, size_t b)
{
	a = find(up, a);
	b = find(up, b);
	if (a != b)
		up[a > b ? a : b] = a < b ? a : b;
}

static bool same_text(const char *a, const char *b)
{
	return a && b && !strcasecmp(a, b);
}

/* The least edit distance of kb's line to ka's (keys of la and lb
 * elements) under the symmetries of kb that make its head (size, setup)
 * ka's, at most k (k + 1: more); *r gets the symmetry that gives it
 * (the first of equals, 0 first). free_end as edit_band's. */
static size_t aligned(const struct dup_set *s, const uint16_t *ka, size_t la, const uint16_t *kb,
		      size_t lb, size_t k, bool free_end, int *r)
{
	size_t head = dup_key_head(ka), best = k + 1;
	if (head != dup_key_head(kb) || la < head || lb < head)
		return best;
	uint16_t *img = xmalloc(lb * sizeof *img);
	for (int t = 0; t < 16 && best; t++) {
		if (!sym_applies(s, ka, t))
			continue;
		key_image(kb, lb, t, img);
		if (memcmp(img, ka, head * sizeof *img))
			continue;
		size_t d = edit_band(ka + head, la - head, img + head, lb - head, k, free_end, NULL,
				     NULL);
		if (d < best) {
			best = d;
			*r = t;
		}
	}
	free(img);
	return best;
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
	if (a->position || b->position)   /* the same position, to move the same */
		return a->position && b->position && a->len == b->len && !cmp_key(ka, kb, a->len)
		       ? LINK_SAME : LINK_NONE;
	if (a->moves < DUP_MIN_MOVES || b->moves < DUP_MIN_MOVES) {
		/* Short games: identical moves, and the players or date agree too */
		bool facts = (a->black || a->white || a->date) &&
			     (same_text(a->black, b->black) || (!a->black && !b->black)) &&
			     (same_text(a->white, b->white) || (!a->white && !b->white)) &&
			     (same_text(a->date, b->date) || (!a->date && !b->date));
		return a->len == b->len && !cmp_key(ka, kb, a->len) && facts ? LINK_SAME : LINK_NONE;
	}
	size_t n = a->len < b->len ? a->len : b->len;
	if (!cmp_key(ka, kb, n))   /* identical, or a prefix */
		return a->len == b->len ? LINK_SAME : a->len < b->len ? LINK_A_PREFIX : LINK_B_PREFIX;
	int r = 0;
	size_t k = (size_t)s->o.max_differ;
	if (!k)
		return LINK_NONE;
	if (aligned(s, ka, a->len, kb, b->len, k, false, &r) <= k)
		return LINK_SAME;
	/* A truncated copy with a few moves wrong: the shorter within k edits
	 * of the longer's beginning (its moves after cost nothing) */
	if (a->len == b->len)
		return LINK_NONE;
	bool a_short = a->len < b->len;
	const uint16_t *kl = a_short ? kb : ka, *ks = a_short ? ka : kb;
	size_t ll = a_short ? b->len : a->len, ls = a_short ? a->len : b->len;
	if (aligned(s, kl, ll, ks, ls, k, true, &r) <= k)
		return a_short ? LINK_A_PREFIX : LINK_B_PREFIX;
	return LINK_NONE;
}

/* A link of one game to another it is the beginning of. */
static void add_prefix(struct dup_set *s, size_t shorter, size_t longer)
{
	s->edges = xgrow(s->edges, &s->edges_cap, s->nedges + 1, sizeof *s->edges);
	s->edges[s->nedges++] = (uint64_t)shorter << 32 | longer;
}

/* Links a and b as linked() finds them. */
static void link_pair(struct dup_set *s, size_t *up, size_t a, const uint16_t *ka, size_t b,
		      const uint16_t *kb)
{
	switch (linked(s, &s->games[a], ka, &s->games[b], kb)) {
	case LINK_SAME: unite(up, a, b); break;
	case LINK_A_PREFIX: add_prefix(s, a, b); break;
	case LINK_B_PREFIX: add_prefix(s, b, a); break;
	default: break;
	}
}

struct bucket_item {
	size_t game;
	uint16_t *key;
	uint32_t len;
};

static int cmp_item(const void *x, const void *y)
{
	const struct bucket_item *a = x, *b = y;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = cmp_key(a->key, b->key, n);
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Links the games of one bucket (games whose keys share a band). Sorted,
 * a key's copies and its continuations follow it; near matches are
 * looked for among all pairs of a small bucket, neighbours of a large one. */
static void link_bucket(struct dup_set *s, size_t *up, const size_t *ids, size_t n)
{
	struct bucket_item *items = xmalloc(n * sizeof *items);
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		items[i] = (struct bucket_item){ ids[i], load_key(s, e), e->len };
	}
	qsort(items, n, sizeof *items, cmp_item);
	bool all_pairs = s->o.max_differ > 0 && n <= 64;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			bool prefix = items[i].len <= items[j].len &&
				      !cmp_key(items[i].key, items[j].key, items[i].len);
			if (prefix || j == i + 1 || all_pairs)
				link_pair(s, up, items[i].game, items[i].key, items[j].game, items[j].key);
			if (!prefix && !all_pairs && j > i + 1)
				break;
		}
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
static void link_all(struct dup_set *s, size_t *up)
{
	struct keyed *k = xmalloc((s->len ? s->len : 1) * sizeof *k);
	size_t n = 0;
	for (size_t i = 0; i < s->len; i++)
		k[n++] = (struct keyed){ s->games[i].open, i };
	qsort(k, n, sizeof *k, cmp_keyed);
	size_t *ids = xmalloc((n ? n : 1) * sizeof *ids);
	for (size_t i = 0; i < n; i++)
		ids[i] = k[i].game;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && k[j].hash == k[i].hash)
			j++;
		if (j - i > 1)
			link_bucket(s, up, ids + i, j - i);
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

/* Near copies wherever they differ: each pair of games (one of each set
 * of identical keys) sharing a fingerprint at places at most --max-differ
 * apart, not yet in one group, is compared. */
static void link_near(struct dup_set *s, size_t *up)
{
	if (!s->nprints)
		return;
	/* One game of each key: its copies are in its group already. */
	struct keyed *w = xmalloc(s->len * sizeof *w);
	for (size_t i = 0; i < s->len; i++)
		w[i] = (struct keyed){ s->games[i].whole, i };
	qsort(w, s->len, sizeof *w, cmp_keyed);
	bool *copy = xcalloc(s->len, sizeof *copy);
	for (size_t i = 1; i < s->len; i++)
		copy[w[i].game] = w[i].hash == w[i - 1].hash;
	free(w);
	size_t n = 0;
	for (size_t i = 0; i < s->nprints; i++)
		if (!copy[s->prints[i].game])
			s->prints[n++] = s->prints[i];
	free(copy);
	qsort(s->prints, n, sizeof *s->prints, cmp_print);
	uint64_t *pairs = NULL;
	size_t npairs = 0, cap = 0, k = (size_t)s->o.max_differ;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && s->prints[j].hash == s->prints[i].hash)
			j++;
		for (size_t x = i; j - i <= NEAR_COMMON && x < j; x++)
			for (size_t y = x + 1; y < j; y++) {
				const struct print *a = &s->prints[x], *b = &s->prints[y];
				size_t gap = a->pos > b->pos ? a->pos - b->pos : b->pos - a->pos;
				if (a->game == b->game || gap > k)
					continue;
				pairs = xgrow(pairs, &cap, npairs + 1, sizeof *pairs);
				pairs[npairs++] = (uint64_t)a->game << 32 | b->game;   /* a's the lesser */
			}
		i = j;
	}
	if (npairs)
		qsort(pairs, npairs, sizeof *pairs, cmp_pair);
	for (size_t i = 0; i < npairs; i++) {
		size_t a = (size_t)(pairs[i] >> 32), b = (size_t)(pairs[i] & 0xFFFFFFFF);
		if ((i && pairs[i] == pairs[i - 1]) || find(up, a) == find(up, b))
			continue;
		const struct entry *ea = &s->games[a], *eb = &s->games[b];
		uint16_t *ka = load_key(s, ea), *kb = load_key(s, eb);
		if (cmp_key(ka, kb, ea->len < eb->len ? ea->len : eb->len))   /* prefixes: link_all's */
			link_pair(s, up, a, ka, b, kb);
		free(ka);
		free(kb);
	}
	free(pairs);
}

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
		if (!((r & 4) && w != h) && transform(probe_point(0, w, h), r, w, h) == want[0] &&
		    transform(probe_point(1, w, h), r, w, h) == want[1])
			return r;
	return -1;
}

/* Which symmetry takes the kept copy k's board to e's (k's and e's
 * images under their own symmetries are the same key). */
static int relative_sym(const struct entry *k, const struct entry *e, int w, int h)
{
	unsigned want[2];
	for (int i = 0; i < 2; i++)   /* k's image of the point, undone as e's */
		want[i] = untransform(transform(probe_point(i, w, h), k->sym & 7, w, h), e->sym, w, h);
	int r = sym_taking(want, w, h);
	return r < 0 ? 0 : r;
}

static bool has_fact(const struct entry *e, int which)
{
	const char *v[] = { e->black, e->white, e->date, e->result, e->event };
	return which < 5 ? v[which] != NULL : e->comments > 0;
}

/* How many of the five facts (players, date, result, event) e gives. */
static int facts_given(const struct entry *e)
{
	int n = 0;
	for (int k = 0; k < 5; k++)
		n += has_fact(e, k);
	return n;
}

static void add_string(json_object *o, const char *key, const char *v)
{
	if (v)
		dom_add(o, key, dom_string(v));
}

static json_object *member_json(const struct dup_set *s, const struct entry *e)
{
	json_object *m = dom_object();
	dom_add(m, "path", dom_string(s->sources[e->source]));
	if (e->count > 1)
		dom_add(m, "game", dom_uint(e->index + 1));
	dom_add(m, "format", dom_string(e->format));
	dom_add(m, "moves", dom_uint(e->moves));
	if (e->handicap_moves)
		dom_add(m, "handicapMoves", dom_uint(e->handicap_moves));
	add_string(m, "black", e->black);
	add_string(m, "white", e->white);
	add_string(m, "date", e->date);
	add_string(m, "result", e->result);
	add_string(m, "event", e->event);
	dom_add(m, "comments", dom_uint(e->comments));
	if (e->indexed)
		dom_add(m, "indexed", dom_bool(true));
	if (e->position)
		dom_add(m, "position", dom_bool(true));
	return m;
}


/* The position after element last of key (its setup, then its line up to
 * and with last, captures taken), as seen in the orientation and colours
 * of the game whose symmetry is sym: {"move" (the moves up to there),
 * "color", "x", "y" (of element last, when marked; none for a pass),
 * "rows" (of '.', 'X' and 'O', from the top)}. */
static json_object *board_at(const uint16_t *key, size_t last, bool mark, int sym, int width,
			     int height)
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
		unsigned tag = DUP_TAG(key[i]), p = DUP_POINT(key[i]);
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
		want[i] = transform(transform(probe_point(i, w, h), sym & 7, w, h), r & 7, w, h);
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

/* The widest band a report aligns two copies in (copies grouped through
 * a third can differ in more than --max-differ); past it, their elements
 * are compared place by place. */
#define NEAR_REPORT_BAND 512

/* The alignment of e's line (under the symmetry that aligns it, into
 * *img) with k's: its steps, or NULL when none is within the widest band.
 * *sym gets e's symmetry for that image. */
static struct edit *align_copies(struct dup_set *s, const struct entry *k, const uint16_t *kk,
				 const struct entry *e, const uint16_t *ke, uint16_t **img,
				 size_t *nsteps, int *sym, int width, int height)
{
	size_t head = dup_key_head(kk);
	size_t band = s->o.max_differ > 0 ? (size_t)s->o.max_differ : 1;
	for (;; band *= 2) {
		if (band > NEAR_REPORT_BAND)
			band = NEAR_REPORT_BAND;
		int r = 0;
		if (aligned(s, kk, k->len, ke, e->len, band, true, &r) <= band) {
			*img = xmalloc(e->len * sizeof **img);
			key_image(ke, e->len, r, *img);
			size_t na = k->len - head, end;
			uint16_t *rows = xmalloc((na + 1) * (2 * band + 1) * sizeof *rows);
			edit_band(kk + head, na, *img + head, e->len - head, band, true, rows, &end);
			struct edit *steps = edit_trace(kk + head, *img + head, e->len - head, band, rows,
							end, nsteps);
			free(rows);
			*sym = compose(e->sym, r, width, height);
			return steps;
		}
		if (band >= NEAR_REPORT_BAND)
			return NULL;
	}
}

/* How member e stands to the kept copy k, in m; the weakest relation
 * (0 identical, 1 prefix, 2 near) is returned. A near copy's differences
 * are the steps of the alignment of its line with the kept copy's (the
 * kept copy's moves after the last this copy has cost nothing, as for a
 * prefix), each by move number and point: a move that differs, one this
 * copy has and the kept copy has not (inserted), one the kept copy has
 * and this copy has not (deleted). */
static int relation(struct dup_set *s, const struct entry *k, const struct entry *e,
		    json_object *m, int width, int height, size_t *ndiffs)
{
	uint16_t *kk = load_key(s, k), *ke = load_key(s, e), *img = NULL;
	size_t head = dup_key_head(kk);
	size_t n = k->len < e->len ? k->len : e->len;
	struct entry view = *e;   /* e as its line is aligned with k's */
	struct edit *steps = NULL;
	size_t nsteps = 0;
	if (cmp_key(kk, ke, n))
		steps = align_copies(s, k, kk, e, ke, &img, &nsteps, &view.sym, width, height);
	if (!steps) {   /* place by place */
		img = xmalloc((e->len ? e->len : 1) * sizeof *img);
		memcpy(img, ke, e->len * sizeof *img);
		steps = xmalloc((n + 1) * sizeof *steps);
		for (size_t i = head; i < n; i++)
			steps[nsteps++] = (struct edit){ kk[i] == ke[i] ? EDIT_SAME : EDIT_DIFFERS,
							 i - head, i - head };
	}
	json_object *diffs = dom_array(), *boards = NULL;
	size_t kept_no = 0, this_no = 0;
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
		char here[32], kept[32];
		json_object *d = dom_object();
		static const char *const ops[] = { "", "differs", "deleted", "inserted" };
		dom_add(d, "move", dom_uint(st->op == EDIT_DELETED ? kept_no : this_no));
		if (st->op != EDIT_DELETED) {
			point_text(&view, b, width, height, here, sizeof here);
			dom_add(d, "this", dom_string(here));
		}
		if (st->op != EDIT_INSERTED) {
			point_text(k, a, width, height, kept, sizeof kept);
			dom_add(d, "kept", dom_string(kept));
		}
		dom_add(d, "edit", dom_string(ops[st->op]));
		if (st->op != EDIT_DELETED)
			dom_add(d, "color", dom_string(element_color(b, view.sym)));
		if (st->op != EDIT_INSERTED)
			dom_add(d, "keptColor", dom_string(element_color(a, k->sym)));
		if (st->op == EDIT_DIFFERS)
			dom_add(d, "keptMove", dom_uint(kept_no));
		dom_push(diffs, d);
		if (boards)
			continue;
		/* The boards at the first difference: both copies after their
		 * move there (the copy without it, after its move before), as
		 * this copy is turned. */
		boards = dom_object();
		size_t ai = head + st->ai, bj = head + st->bj;
		dom_add(boards, "move", dom_uint(st->op == EDIT_DELETED ? kept_no : this_no));
		dom_add(boards, "this", st->op == EDIT_DELETED
			? board_at(img, bj - 1, bj > head, view.sym, width, height)
			: board_at(img, bj, true, view.sym, width, height));
		dom_add(boards, "kept", st->op == EDIT_INSERTED
			? board_at(kk, ai - 1, ai > head, view.sym, width, height)
			: board_at(kk, ai, true, view.sym, width, height));
	}
	*ndiffs = json_object_array_length(diffs);
	int rel = *ndiffs ? 2 : k->len != e->len ? 1 : 0;
	dom_add(m, "relation", dom_string(rel == 2 ? "near" : rel ? "prefix" : "identical"));
	if (rel == 2)
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

/* ---- which copy to keep ---- */

/* The reasons a copy is kept, in the order they decide. */
enum keep_reason {
	KEEP_CONSENSUS,   /* its moves are those most copies agree on */
	KEEP_RESULT, KEEP_COMMENTS, KEEP_FACTS,   /* completeness */
	KEEP_LONGER,      /* the longest of copies otherwise equal */
	KEEP_INDEXED,     /* already in the index (--against) */
	KEEP_TIE,         /* nothing tells them apart: the first read */
	KEEP_ONLY,        /* the others are all its beginning */
	KEEP_NONE,        /* no other copy to tell apart */
};

/* Why a copy is kept: against the copies whose moves differ from its
 * (moves), and against those with its very moves (copy). */
struct keep_why {
	enum keep_reason moves, copy;
	size_t support;   /* the games whose moves are its or its beginning */
	size_t same;      /* the games with its moves, itself counted */
	bool counted;     /* support was counted (else the longest stands for it) */
};

/* The consensus can be counted within groups of at most this many
 * distinct keys (pairs of them are compared); a larger group keeps its
 * longest copy as the consensus. */
#define KEEP_DISTINCT_MAX 256

struct keep_view {
	size_t id;          /* the game */
	size_t support;     /* the group's games whose moves are its beginning or all of it */
	size_t same;        /* the group's games with its moves */
	bool maximal;       /* the beginning of no other copy */
};

/* Whether a is better kept than b, and by which reason (*why). */
static bool keep_before(const struct dup_set *s, const struct keep_view *a,
			const struct keep_view *b, enum keep_reason *why)
{
	const struct entry *x = &s->games[a->id], *y = &s->games[b->id];
	long long c[6] = {
		(long long)a->support - (long long)b->support,
		(long long)!!x->result - !!y->result,
		(long long)x->comments - (long long)y->comments,
		(long long)facts_given(x) - facts_given(y),
		(long long)x->moves - (long long)y->moves,
		(long long)x->indexed - y->indexed,
	};
	for (int k = 0; k < 6; k++)
		if (c[k]) {
			*why = (enum keep_reason)k;
			return c[k] > 0;
		}
	*why = KEEP_TIE;
	return a->id < b->id;   /* read first */
}

/* The copy of the group ids (n games, in the order read) to keep: the one
 * whose moves most of the group's games agree with (those that are it or
 * its beginning), of those that are the beginning of no other; then the
 * one with a result, the most comments, the most facts; then the
 * longest, the one in the index, the first read. *why: what decided
 * between it and the next best; *support, of how many. */
static size_t choose_keep(struct dup_set *s, const size_t *ids, size_t n, struct keep_why *why,
			  const bool *begins)
{
	struct keep_view *v = xcalloc(n, sizeof *v);
	for (size_t i = 0; i < n; i++)   /* the beginning of another (a prefix link): no candidate */
		v[i] = (struct keep_view){ ids[i], 1, 1, !begins[ids[i]] };
	/* The distinct keys (by their hash, then compared) */
	size_t *rep = xmalloc(n * sizeof *rep), nd = 0;
	size_t *of = xmalloc(n * sizeof *of);
	uint16_t **keys = NULL;
	size_t *count = NULL;
	bool counted = n <= 4 * KEEP_DISTINCT_MAX;
	if (counted) {
		keys = xcalloc(n, sizeof *keys);
		count = xcalloc(n, sizeof *count);
		for (size_t i = 0; i < n && counted; i++) {
			const struct entry *e = &s->games[ids[i]];
			size_t d = 0;
			uint16_t *k = load_key(s, e);
			for (; d < nd; d++) {
				const struct entry *r = &s->games[ids[rep[d]]];
				if (r->whole == e->whole && r->len == e->len && !cmp_key(keys[d], k, e->len))
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
	}
	if (counted) {
		size_t *sup = xcalloc(nd, sizeof *sup);
		bool *maximal = xmalloc(nd * sizeof *maximal);
		for (size_t d = 0; d < nd; d++) {
			sup[d] = count[d];
			maximal[d] = true;
		}
		for (size_t a = 0; a < nd; a++)
			for (size_t b = 0; b < nd; b++) {
				const struct entry *ea = &s->games[ids[rep[a]]], *eb = &s->games[ids[rep[b]]];
				if (a != b && ea->len < eb->len && !cmp_key(keys[a], keys[b], ea->len)) {
					maximal[a] = false;   /* a is b's beginning */
					sup[b] += count[a];
				}
			}
		for (size_t i = 0; i < n; i++) {
			v[i].support = sup[of[i]];
			v[i].maximal = maximal[of[i]] && !begins[ids[i]];
			v[i].same = count[of[i]];
		}
		free(sup);
		free(maximal);
	} else {   /* too many to compare: the longest is the consensus */
		for (size_t i = 0; i < n; i++)
			v[i].support = s->games[ids[i]].moves;
	}
	for (size_t d = 0; keys && d < nd; d++)
		free(keys[d]);
	free(keys);
	free(count);
	free(rep);
	free(of);
	size_t best = SIZE_MAX;
	enum keep_reason r;
	for (size_t i = 0; i < n; i++)
		if (v[i].maximal && (best == SIZE_MAX || keep_before(s, &v[i], &v[best], &r)))
			best = i;
	if (best == SIZE_MAX)
		best = 0;
	/* What decided: against the next best of other moves, and of its own */
	const struct entry *b = &s->games[v[best].id];
	size_t other = SIZE_MAX, own = SIZE_MAX, prefixes = 0;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[v[i].id];
		bool same = e->whole == b->whole && e->len == b->len;
		prefixes += !v[i].maximal;
		if (i == best || !v[i].maximal)
			continue;
		size_t *slot = same ? &own : &other;
		if (*slot == SIZE_MAX || keep_before(s, &v[i], &v[*slot], &r))
			*slot = i;
	}
	*why = (struct keep_why){ KEEP_NONE, KEEP_NONE, v[best].support, 1, counted };
	if (other != SIZE_MAX)
		keep_before(s, &v[best], &v[other], &why->moves);
	else if (prefixes)
		why->moves = KEEP_ONLY;
	if (why->moves == KEEP_CONSENSUS && !counted)
		why->moves = KEEP_LONGER;
	if (own != SIZE_MAX) {
		keep_before(s, &v[best], &v[own], &why->copy);
		why->same = counted ? v[best].same : 2;
	}
	size_t keep = v[best].id;
	free(v);
	return keep;
}

static const char *const fact_names[6] = { "black", "white", "date", "result", "event",
					    "comments" };

/* The group of ids (n games, in the order read): its kept copy, each
 * other copy's relation to it. A copy whose relation is not within the
 * bounds the report gives (a near copy of a near copy, more than
 * --max-differ moves from the kept one) is left out of the group: it
 * links to it through another copy only. NULL when no copy is left but
 * the kept one. *copies: the copies not kept. */
static json_object *group_json(struct dup_set *s, const size_t *ids, size_t n, size_t keep,
			       const struct keep_why *why, size_t *copies)
{
	const struct entry *k = &s->games[keep];
	json_object *g = dom_object(), *members = dom_array();
	uint16_t *kk = load_key(s, k);
	int width = kk[0], height = kk[1];
	free(kk);
	int worst = 0;
	bool *in = xcalloc(n, sizeof *in);
	json_object *kept = member_json(s, k);
	dom_add(kept, "relation", dom_string("kept"));
	dom_push(members, kept);
	size_t listed = 0;
	json_object **shown = xcalloc(n, sizeof *shown);
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (ids[i] == keep) {
			in[i] = true;
			continue;
		}
		json_object *m = member_json(s, e);
		size_t ndiffs = 0;
		int rel = relation(s, k, e, m, width, height, &ndiffs);
		if (rel == 2 && ndiffs > (size_t)s->o.max_differ) {
			json_object_put(m);   /* beyond the bounds: not a copy of the kept one */
			continue;
		}
		in[i] = true;
		worst = rel > worst ? rel : worst;
		/* A copy the same as one listed before it (not the kept one: its
		 * relation says so) says which. */
		if (rel) {
			for (size_t j = 0; j < i; j++) {
				const struct entry *o = &s->games[ids[j]];
				if (!shown[j] || o->whole != e->whole || o->len != e->len)
					continue;
				uint16_t *ko = load_key(s, o), *ke = load_key(s, e);
				bool same = !cmp_key(ko, ke, e->len);
				free(ko);
				free(ke);
				if (same) {
					json_object *to = dom_object();
					dom_add(to, "path", dom_string(s->sources[o->source]));
					if (o->count > 1)
						dom_add(to, "game", dom_uint(o->index + 1));
					dom_add(m, "sameAs", to);
					break;
				}
			}
		}
		shown[i] = m;
		dom_push(members, m);
		listed++;
	}
	free(shown);
	if (!listed) {
		free(in);
		json_object_put(members);
		json_object_put(g);
		return NULL;
	}
	*copies = listed;
	dom_add(g, "class", dom_string(worst == 2 ? "near" : worst ? "prefix" : "identical"));
	dom_add(g, "moves", dom_uint(k->moves));
	json_object *agree = dom_array(), *differ = dom_array();
	for (int f = 0; f < 6; f++) {
		bool same = true, any = false;
		for (size_t i = 0; i < n; i++) {
			const struct entry *e = &s->games[ids[i]];
			if (!in[i])
				continue;
			any |= has_fact(e, f);
			if (f < 5) {
				const char *v[] = { e->black, e->white, e->date, e->result, e->event };
				const char *w[] = { k->black, k->white, k->date, k->result, k->event };
				same &= (!v[f] && !w[f]) || same_text(v[f], w[f]);
			} else {
				same &= !e->comments == !k->comments;
			}
		}
		if (any)
			dom_push(same ? agree : differ, dom_string(fact_names[f]));
	}
	free(in);
	dom_push(worst ? differ : agree, dom_string("moves"));
	dom_add(g, "agree", agree);
	dom_add(g, "differ", differ);
	dom_add(g, "keep", dom_string(s->sources[k->source]));
	if (k->count > 1)
		dom_add(g, "keepGame", dom_uint(k->index + 1));
	char why_text[400];
	static const char *const reasons[] = {
		[KEEP_RESULT] = "it has a result",
		[KEEP_COMMENTS] = "it has the most comments",
		[KEEP_FACTS] = "it gives the most of players, date, result and event",
		[KEEP_LONGER] = "the longest of copies otherwise equal",
		[KEEP_INDEXED] = "the copy already in the index",
		[KEEP_TIE] = "a tie: copies equal in moves, result, comments and facts; the first "
			     "read is kept",
		[KEEP_ONLY] = "the longest: the other copies are its beginning",
	};
	size_t at = 0;
	if (why->moves == KEEP_CONSENSUS)
		at = (size_t)snprintf(why_text, sizeof why_text, "its moves are those most copies "
				      "agree on (%zu of %zu games)", why->support, n);
	else if (why->moves == KEEP_TIE)
		at = (size_t)snprintf(why_text, sizeof why_text, "a tie between copies whose moves "
				      "differ, equal in the number that agree, result, comments, "
				      "facts and length; the first read is kept");
	else if (why->moves != KEEP_NONE)
		at = (size_t)snprintf(why_text, sizeof why_text, "%s", reasons[why->moves]);
	if (why->copy != KEEP_NONE && at)
		snprintf(why_text + at, sizeof why_text - at, "; of the %zu copies with its moves, "
			 "%s", why->same, reasons[why->copy]);
	else if (why->copy != KEEP_NONE)
		snprintf(why_text, sizeof why_text, "%s", reasons[why->copy]);
	else if (!at)
		snprintf(why_text, sizeof why_text, "%s", reasons[KEEP_TIE]);
	dom_add(g, "why", dom_string(why_text));
	dom_add(g, "games", members);
	return g;
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* The games a fragment can be the beginning of, at most this many named. */
#define FRAGMENT_ROOTS 16

/* Prefix links resolved: each family (games united as identical or near:
 * the same game) that is the beginning of other families joins the group
 * of the game they lead to; one that leads to two games that are not one
 * (a fragment of both) stays apart, and roots[f] lists them (root family
 * ids, nroots[f] of them). group[i] gets the group of game i. */
static void resolve_prefixes(struct dup_set *s, size_t *up, size_t *group, size_t **roots,
			     size_t *nroots, bool *begins)
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
		size_t a = find(up, (size_t)(s->edges[i] >> 32)), b = find(up, (size_t)(s->edges[i] &
											  0xFFFFFFFF));
		if (a != b)
			s->edges[m++] = (uint64_t)a << 32 | b;
	}
	if (m)
		qsort(s->edges, m, sizeof *s->edges, cmp_pair);
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
		if (find(up, f0) != f0 || state[f0])
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
			/* Every family f leads to: the roots its links' families lead to */
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
			if (nr > 1) {
				qsort(r, nr, sizeof *r, cmp_size);
				roots[f] = r;
				nroots[f] = nr;
				target[f] = f;
			} else {
				target[f] = nr ? r[0] : f;
				free(r);
			}
			state[f] = 2;
			depth--;
		}
	}
	for (size_t i = 0; i < n; i++)
		group[i] = target[find(up, i)];
	/* A game that begins another of its group is a truncated copy */
	for (size_t i = 0; i < s->nedges0; i++) {
		size_t a = (size_t)(s->edges0[i] >> 32), b = (size_t)(s->edges0[i] & 0xFFFFFFFF);
		if (group[a] == group[b] && find(up, a) != find(up, b))
			begins[a] = true;
	}
	free(first);
	free(state);
	free(target);
	free(stack);
	free(next);
}

/* A game as a fragment's entry names it: {"path", "game", "moves"}. */
static json_object *game_ref(const struct dup_set *s, const struct entry *e)
{
	json_object *o = dom_object();
	dom_add(o, "path", dom_string(s->sources[e->source]));
	if (e->count > 1)
		dom_add(o, "game", dom_uint(e->index + 1));
	dom_add(o, "moves", dom_uint(e->moves));
	if (e->indexed)
		dom_add(o, "indexed", dom_bool(true));
	return o;
}

json_object *dup_set_report(struct dup_set *s)
{
	if (s->spool)
		fflush(s->spool);
	size_t *up = xmalloc((s->len ? s->len : 1) * sizeof *up);
	for (size_t i = 0; i < s->len; i++)
		up[i] = i;
	link_all(s, up);
	if (s->o.max_differ > 0)
		link_near(s, up);
	size_t *group = xmalloc((s->len ? s->len : 1) * sizeof *group);
	size_t **roots = xcalloc(s->len ? s->len : 1, sizeof *roots);
	size_t *nroots = xcalloc(s->len ? s->len : 1, sizeof *nroots);
	bool *begins = xcalloc(s->len ? s->len : 1, sizeof *begins);
	resolve_prefixes(s, up, group, roots, nroots, begins);
	/* The groups in the order their first game was read */
	size_t *order = xmalloc((s->len ? s->len : 1) * sizeof *order);
	for (size_t i = 0; i < s->len; i++)
		order[i] = group[i] * (s->len + 1) + i;   /* group, then the game */
	qsort(order, s->len, sizeof *order, cmp_size);
	size_t *start = xmalloc((s->len ? s->len : 1) * sizeof *start);   /* a group's first in order */
	size_t *keep = xmalloc((s->len ? s->len : 1) * sizeof *keep);
	for (size_t i = 0; i < s->len; i++)
		keep[i] = SIZE_MAX;
	json_object *report = dom_object(), *groups = dom_array(), *fragments = dom_array();
	size_t copies = 0;
	for (size_t i = 0; i < s->len;) {
		size_t root = order[i] / (s->len + 1), j = i;
		while (j < s->len && order[j] / (s->len + 1) == root)
			order[j] %= s->len + 1, j++;
		start[root] = i;
		bool fresh = !s->o.only_new;
		for (size_t k = i; k < j && !fresh; k++)
			fresh = !s->games[order[k]].indexed;
		if (j - i > 1 && (fresh || roots[root])) {
			struct keep_why why;
			keep[root] = choose_keep(s, order + i, j - i, &why, begins);
			size_t listed = 0;
			json_object *g = fresh ? group_json(s, order + i, j - i, keep[root], &why,
							    &listed) : NULL;
			if (g) {
				dom_push(groups, g);
				copies += listed;
			}
		} else if (j - i == 1) {
			keep[root] = order[i];
		}
		i = j;
	}
	/* Fragments: the beginning of two games or more that are not one */
	for (size_t f = 0; f < s->len; f++) {
		if (!roots[f])
			continue;
		size_t a = start[f], b = a;
		while (b < s->len && group[order[b]] == f)
			b++;
		bool fresh = !s->o.only_new;
		for (size_t k = a; k < b && !fresh; k++)
			fresh = !s->games[order[k]].indexed;
		json_object *of = dom_array();
		for (size_t r = 0; r < nroots[f]; r++) {
			size_t root = roots[f][r];
			if (keep[root] == SIZE_MAX) {
				size_t ra = start[root], rb = ra;
				while (rb < s->len && group[order[rb]] == root)
					rb++;
				struct keep_why why;
				keep[root] = choose_keep(s, order + ra, rb - ra, &why, begins);
			}
			fresh |= !s->games[keep[root]].indexed;
			dom_push(of, game_ref(s, &s->games[keep[root]]));
		}
		if (!fresh) {
			json_object_put(of);
			continue;
		}
		json_object *frag = dom_object(), *games = dom_array();
		for (size_t k = a; k < b; k++) {
			json_object *m = member_json(s, &s->games[order[k]]);
			dom_push(games, m);
		}
		dom_add(frag, "games", games);
		dom_add(frag, "prefixOf", of);
		dom_push(fragments, frag);
	}
	for (size_t i = 0; i < s->len; i++)
		free(roots[i]);
	free(roots);
	free(nroots);
	free(start);
	free(keep);
	free(begins);
	free(group);
	free(order);
	free(up);
	if (s->o.keys) {
		json_object *keys = dom_array();
		for (size_t i = 0; i < s->len; i++) {
			const struct entry *e = &s->games[i];
			if (s->o.only_new && e->indexed)
				continue;
			json_object *k = dom_object();
			dom_add(k, "path", dom_string(s->sources[e->source]));
			if (e->count > 1)
				dom_add(k, "game", dom_uint(e->index + 1));
			dom_add(k, "format", dom_string(e->format));
			dom_add(k, "moves", dom_uint(e->moves));
			dom_add(k, "key", dom_string(e->key));
			if (e->dyer[0])
				dom_add(k, "dyer", dom_string(e->dyer));
			if (e->sgfinfo[0])
				dom_add(k, "sgfinfo", dom_string(e->sgfinfo));
			dom_push(keys, k);
		}
		dom_add(report, "keys", keys);
	}
	dom_add(report, "games", dom_uint(s->len));
	dom_add(report, "duplicates", dom_uint(copies));
	dom_add(report, "groups", groups);
	dom_add(report, "fragments", fragments);
	if (s->spool_failed) {
		json_object_put(report);
		errno = errno ? errno : EIO;
		return NULL;
	}
	return report;
}

void dup_set_free(struct dup_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->len; i++) {
		struct entry *e = &s->games[i];
		free(e->black);
		free(e->white);
		free(e->date);
		free(e->result);
		free(e->event);
	}
	free(s->games);
	free(s->prints);
	free(s->edges);
	free(s->edges0);
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
