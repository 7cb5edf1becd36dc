/* duptext: a game's comments and markup as the report compares them
 * (dup/dup.h): each text or mark with its place, the moves before it on
 * the main line, or before its variation branches and its node's path
 * from there, under the symmetry the key reads the game in. */
#include "dup/dupset.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/schema.h"

uint64_t dup_fnv(const void *p, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ ((const unsigned char *)p)[i]) * 0x100000001b3ULL;
	return h;
}

/* A text's hash or a mark, and its place (comment_items' and
 * mark_items' form until normalised). */
static void item_push(uint64_t **items, size_t *n, size_t *cap, uint64_t what, uint64_t place)
{
	*items = xgrow(*items, cap, *n + 2, sizeof **items);
	(*items)[(*n)++] = what;
	(*items)[(*n)++] = place;
}

static void comment_item(struct dup_game *g, uint64_t text, uint64_t place)
{
	item_push(&g->comment_items, &g->ncomment_items, &g->comment_items_cap, text, place);
}

/* Where a node read now stands, as its text or mark is placed: after
 * g->moves moves of the main line, or in a variation (DUP_VAR_PLACE). */
static uint64_t node_place(const struct dup_game *g)
{
	if (!g->in_var)
		return g->moves;
	return DUP_VAR_PLACE | (uint64_t)(g->moves < 0x7FFFFFFF ? g->moves : 0x7FFFFFFF) << 32 |
	       (g->nvars < 0xFFFFFFFF ? g->nvars : 0xFFFFFFFF);
}

/* A mark until placed: its type's and label's hash in the top 40 bits,
 * its point (y * MAX_SIDE + x) in the low 13. Placed, a mark at no
 * node's path (the main line's, a position's root's) keeps its point in
 * the low 13 bits of its item's text, under MARK_CLEAR, for the report
 * to turn with an alignment (dup_mark_turned). */
#define MARK_POINT 0x1FFF
#define MARK_CLEAR (UINT64_C(1) << (DUP_TEXT_BITS - 1))

void dup_game_mark(struct dup_game *g, const char *type, int x, int y, const char *label,
		   size_t len)
{
	if (x < 0 || y < 0 || x >= g->width || y >= g->height)
		return;
	/* as the lint reads it: Seki's "select" is the "selected" --fix writes */
	bool safe;
	const char *meant = schema_markup_meant(type, strlen(type), &safe);
	if (meant && safe)
		type = meant;
	uint64_t h = dup_fnv(type, strlen(type) + 1, 0xcbf29ce484222325ULL);
	h = dup_fnv(label, label ? len : 0, h);
	item_push(&g->mark_items, &g->nmark_items, &g->mark_items_cap,
		  h << 24 | (uint64_t)(y * MAX_SIDE + x), node_place(g));
}

void dup_game_comments_end(struct dup_game *g)
{
	if (g->comment_open && g->comment_words)
		comment_item(g, g->comment_run, g->comment_place);
	g->comment_open = g->comment_words = g->comment_blank = false;
}

/* Where a node stands in the tree, as a comment on it is placed: the
 * moves from where its path begins, each with its point (its colour
 * aside: a copy with the colours swapped has the same paths), the setup
 * after the last as a set (whatever order wrote it). */
struct node_path {
	uint64_t moves, setup;
};

#define PATH_START ((struct node_path){ 0xcbf29ce484222325ULL, 0 })

static void path_step(struct node_path *p, uint16_t e, int s, int w, int h)
{
	unsigned tag = DUP_TAG(e);
	uint64_t image = (uint64_t)(tag <= DUP_W ? 0 : tag == DUP_AE ? 2 : 1) << 13 |
			 dup_transform(DUP_POINT(e), s, w, h);
	if (tag <= DUP_W) {
		p->moves = dup_mix(p->moves ^ dup_mix(p->setup + image + 0x2545f4914f6cdd1dULL));
		p->setup = 0;
	} else {
		p->setup += dup_mix(image + 0x9e3779b97f4a7c15ULL);
	}
}

static uint64_t path_hash(struct node_path p)
{
	return dup_mix(p.moves ^ dup_mix(p.setup));
}

/* The game's setup and (but for a position, whose key is its stones) line
 * under symmetry s, colours aside (moves DUP_B, stones DUP_AB, emptied
 * points DUP_AE), as its key orders them, into out. */
static void plain_image(const struct dup_game *g, bool position, int s, uint16_t *out)
{
	for (size_t i = 0; i < g->nsetup; i++)
		out[i] = (uint16_t)(DUP_AB << 13 | dup_transform(DUP_POINT(g->setup[i]), s, g->width,
								   g->height));
	sort_items(out, g->nsetup, sizeof *out, dup_cmp_u16);
	for (size_t i = 0; !position && i < g->nline; i++) {
		unsigned tag = DUP_TAG(g->line[i]);
		out[g->nsetup + i] = (uint16_t)((tag <= DUP_W ? DUP_B : tag == DUP_AE ? DUP_AE : DUP_AB)
						<< 13 | dup_transform(DUP_POINT(g->line[i]), s, g->width,
								      g->height));
	}
	if (!position && g->line_setup)
		dup_sort_runs(out + g->nsetup, g->nline);
}

/* The comments' items under symmetry s of the board (into out, n of
 * them; their sum returned): each text's hash under its place, the first
 * run moves of the line taken off it (a handicap played as moves: a text
 * within them stands before the first move left). A text of the main
 * line is placed by the moves before it; a variation's by the moves of
 * the main line before it branches and, mixed into its hash, its node's
 * path from there (so that the same words on another node, a problem's
 * "Correct" on another answer, are another text); a position's, whose
 * key is its stones and whose main line is one of its solutions, all at
 * the root, by their paths from there through the main line. */
static uint64_t comments_under(const struct dup_game *g, const uint64_t *items, size_t nitems,
			       bool marks, size_t run, bool position, int s, uint64_t *out)
{
	size_t moves = 0;
	struct node_path *line = NULL;   /* a position's: the path after each move */
	if (position) {
		line = xmalloc((g->moves + 1) * sizeof *line);
		struct node_path p = PATH_START;
		line[0] = p;
		for (size_t i = 0; i < g->nline && moves < g->moves; i++) {
			path_step(&p, g->line[i], s, g->width, g->height);
			if (DUP_TAG(g->line[i]) <= DUP_W)
				line[++moves] = p;
		}
	}
	struct node_path *stack = xmalloc((g->nvars + 1) * sizeof *stack), at = PATH_START;
	size_t depth = 0, v = 0, n = nitems / 2;
	uint64_t sum = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t text = items[2 * i], place = items[2 * i + 1];
		if (marks)   /* its point under s, with its type and label */
			text = (text & ~(uint64_t)MARK_POINT) |
			       dup_transform((unsigned)(text & MARK_POINT), s, g->width, g->height);
		uint64_t node = 0, where = place & DUP_VAR_PLACE ? place >> 32 & 0x7FFFFFFF : place;
		where = where > run ? where - run : 0;
		if (place & DUP_VAR_PLACE) {
			for (size_t end = place & 0xFFFFFFFF; v < end && v < g->nvars; v++) {
				unsigned tag = DUP_TAG(g->vars[v]);
				/* from the node it branches off: a position's from
				 * its root (this text's variation, or one without
				 * a text, whose path counts for none) */
				if (tag == DUP_VAR_OPEN) {
					stack[depth++] = at;
					if (depth == 1)
						at = position ? line[where < moves ? where : moves] : PATH_START;
				} else if (tag == DUP_VAR_CLOSE) {
					if (depth)
						at = stack[--depth];
				} else {
					path_step(&at, g->vars[v], s, g->width, g->height);
				}
			}
			node = path_hash(at);
		} else if (position && where) {
			node = path_hash(line[where < moves ? where : moves]);
		}
		if (position)
			where = 0;
		/* a mark of the main line in the clear: a middle excerpt's key
		 * reads its moves under another symmetry than its game's
		 * (REVIEW.md R169); on a path, hashed with it */
		uint64_t what = marks && !node
				? MARK_CLEAR | (text >> 24 & (MARK_CLEAR - 1) >> 13) << 13 |
				  (text & MARK_POINT)
				: marks ? dup_mix(dup_mix(text) ^ node) & ~MARK_CLEAR : dup_mix(text ^ node);
		out[i] = dup_comment_item(where, what);
		sum += dup_mix(out[i]);
	}
	free(stack);
	free(line);
	return sum;
}

/* The comments' items (dup.h: each text's hash under its place,
 * comments_under's), sorted, and comment_hash their sum; the same of the
 * marks (mark_items, mark_hash). Their paths are
 * under the symmetry the game's key reads it in (its setup, then its line,
 * least, colours aside); of several (a position whose stones are
 * symmetric), the one whose items sum least, so that copies whose texts
 * stand on the same nodes under one of them have the same items. */
static void placed(struct dup_game *g, uint64_t **list, size_t *nlist, size_t *cap,
		   uint64_t *hash, bool marks, size_t run, bool position)
{
	size_t n = *nlist / 2;
	bool paths = marks && n;   /* a mark's point is under the symmetry */
	for (size_t i = 0; i < n; i++) {
		uint64_t place = (*list)[2 * i + 1];
		paths |= (place & DUP_VAR_PLACE) || (position && place > run);
	}
	uint64_t *items = xmalloc((n ? n : 1) * sizeof *items);
	uint64_t *best = xmalloc((n ? n : 1) * sizeof *best), sum = 0;
	size_t len = g->nsetup + g->nline;
	uint16_t *image = xmalloc((len ? len : 1) * sizeof *image);
	uint16_t *least = xmalloc((len ? len : 1) * sizeof *least);
	bool found = false;
	for (int s = 0; s < 8; s++) {
		if ((s && !paths) || !dup_sym_ok(s, g->width, g->height, false))
			continue;
		size_t l = position ? g->nsetup : len;
		int c = 0;
		if (paths) {
			plain_image(g, position, s, image);
			c = found ? dup_cmp_key(image, least, l) : -1;
			if (c > 0)
				continue;
		}
		uint64_t h = comments_under(g, *list, *nlist, marks, run, position, s, items);
		if (!found || c < 0 || h < sum) {
			uint64_t *t = best;
			best = items;
			items = t;
			sum = h;
			if (paths) {
				uint16_t *u = least;
				least = image;
				image = u;
			}
		}
		found = true;
	}
	free(image);
	free(least);
	free(items);
	free(*list);
	*list = best;
	*nlist = n;
	*cap = n ? n : 1;
	*hash = sum;
	sort_items(*list, n, sizeof **list, dup_cmp_u64);
}

void dup_comments_placed(struct dup_game *g, size_t run, bool position)
{
	placed(g, &g->comment_items, &g->ncomment_items, &g->comment_items_cap, &g->comment_hash,
	       false, run, position);
	placed(g, &g->mark_items, &g->nmark_items, &g->mark_items_cap, &g->mark_hash, true, run,
	       position);
}

uint64_t dup_comment_item(uint64_t place, uint64_t text)
{
	if (place >= DUP_TEXT_ANYWHERE)
		place = place == UINT64_MAX ? DUP_TEXT_ANYWHERE : DUP_TEXT_ANYWHERE - 1;
	return place << DUP_TEXT_BITS | (text & ((UINT64_C(1) << DUP_TEXT_BITS) - 1));
}

uint64_t dup_mark_turned(uint64_t item, int r, int width, int height)
{
	if (!(item & MARK_CLEAR) || !(r & 7))
		return item;
	return (item & ~(uint64_t)MARK_POINT) |
	       dup_transform((unsigned)(item & MARK_POINT), r, width, height);
}

uint64_t dup_comment_sum(const uint64_t *items, size_t n)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += dup_mix(items[i]);
	return sum;
}

/* A comment's words with one blank between (whatever blanks a writer put
 * there, and none around), onto the hash *h; each byte counted. */
static void comment_words(struct dup_game *g, const char *text, size_t len, uint64_t *h,
			  bool *words, bool *blank)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c <= ' ') {
			*blank = *words;
			continue;
		}
		if (*blank) {
			*h = dup_fnv(" ", 1, *h);
			g->comment_bytes++;
			*blank = false;
		}
		*h = dup_fnv(&c, 1, *h);
		g->comment_bytes++;
		*words = true;
	}
}

void dup_game_comment(struct dup_game *g, const char *text, size_t len)
{
	if (g->in_var) {   /* a variation's, alone, at its node (comments_under) */
		uint64_t h = 0xcbf29ce484222325ULL;
		bool words = false, blank = false;
		comment_words(g, text, len, &h, &words, &blank);
		if (words)
			comment_item(g, h, node_place(g));
		return;
	}
	/* The comments after one move are one text, wherever a writer split
	 * its nodes, told from the same words after another move */
	if (g->comment_open && g->comment_place != g->moves)
		dup_game_comments_end(g);
	if (!g->comment_open) {
		g->comment_open = true;
		g->comment_place = g->moves;
		g->comment_run = 0xcbf29ce484222325ULL;
	}
	g->comment_blank = g->comment_words;   /* a blank between two texts */
	comment_words(g, text, len, &g->comment_run, &g->comment_words, &g->comment_blank);
}
