/* sgflocal: the nodes of a round's bytes (sgflocal.h's sgf_local), found
 * where each node's `;` and each game's `(` to `)` are in them, so that a
 * fix is judged by reading only the game or the nodes around it
 * (convert/sgfround.c's sgf_round_part and sgf_round_alone). */
#include "convert/sgflocal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "convert/decode.h"
#include "convert/sgfedit.h"
#include "convert/sgfnote.h"

void sgf_local_free(struct sgf_local *l)
{
	if (l) {
		free(l->nodes);
		free(l->games);
		sgf_digest_free(&l->whole);
	}
	free(l);
}

void sgf_local_game(struct sgf_local *l, const struct sgf_node *game, size_t g)
{
	struct { const struct sgf_node *node; size_t depth; } *stack = NULL;
	size_t n = 0, cap = 0, before = 0;
	stack = xgrow(stack, &cap, 1, sizeof *stack);
	stack[n].node = game, stack[n++].depth = 0;
	while (n) {
		const struct sgf_node *node = stack[--n].node;
		size_t depth = stack[n].depth;
		l->nodes = xgrow(l->nodes, &l->cap, l->len + 1, sizeof *l->nodes);
		l->nodes[l->len++] = (struct local_node){ node->pos, SIZE_MAX, g, before, depth };
		before += node->nprops > 0;
		stack = xgrow(stack, &cap, n + node->nkids, sizeof *stack);
		for (uint32_t k = node->nkids; k-- > 0;)
			stack[n].node = node->kids[k], stack[n++].depth = depth + 1;
	}
	free(stack);
}

/* Where each node's `;` is in the len bytes at s, its place counted as the
 * reader counts it (sgf_advance: lines at LF, CR LF or a lone CR, columns
 * in code points, or in characters of set where it is not NULL); false
 * when the nodes are not in the order of the text. Inlined in each of
 * local_offsets' calls, set NULL or not: tested at each byte, it cost
 * R47's findings file 10,000 deep 0.24 M instructions. */
static inline __attribute__((always_inline)) bool
offsets_walk(struct sgf_local *l, const char *s, size_t len, const char *set)
{
	struct sgf_pos at = { 1, 1 };
	size_t k = 0;
	for (size_t i = 0; k < l->len; i++) {
		while (k < l->len && sgf_pos_cmp(&l->nodes[k].pos, &at) <= 0) {
			if (k && sgf_pos_cmp(&l->nodes[k - 1].pos, &l->nodes[k].pos) >= 0)
				return false;
			if (!sgf_pos_cmp(&l->nodes[k].pos, &at))
				l->nodes[k].off = i;
			k++;
		}
		if (i == len)
			break;
		if (set && (unsigned char)s[i] >= 0x80) {   /* (a character of set's, a column) */
			i += charset_char_read(set, s + i, len - i) - 1;
			at.col++;
		} else {
			text_step(s, len, i, &at.line, &at.col);
		}
	}
	return true;
}

static bool local_offsets(struct sgf_local *l, const char *s, size_t len, const char *set)
{
	return set ? offsets_walk(l, s, len, set) : offsets_walk(l, s, len, NULL);
}

/* sgf_tree_close of the `(` (open; SIZE_MAX: none) of each of n games,
 * ascending, at once: one pass from the first, until each is closed, of
 * the trees' depth and the games open among them, those below poisoned
 * holding a `(` without a node. Each game scanned on alone cost the
 * square of the games where none is closed (each nested in the one before
 * to the end); a game's `(` the pass reads inside a value (a `]` lost
 * before it) is scanned alone. */
struct open_tree {
	size_t game, depth;
};
/* The first of the n games from g on with a `(` (n: none). */
static size_t game_open(const struct local_game *games, size_t n, size_t g)
{
	while (g < n && games[g].open == SIZE_MAX)
		g++;
	return g;
}

static void games_close(struct local_game *games, size_t n, const char *s, size_t len)
{
	struct open_tree one[1], *open = n > 1 ? xmalloc(n * sizeof *open) : one;
	size_t depth = 0, nopen = 0, poisoned = 0, g = game_open(games, n, 0);
	size_t next = g < n ? games[g].open : SIZE_MAX;   /* game g's `(`, SIZE_MAX past the last */
#define NEXT_GAME() (g = game_open(games, n, g + 1), next = g < n ? games[g].open : SIZE_MAX)
	for (size_t i = next; i < len; i++) {
		if (s[i] == '[') {
			while (++i < len && s[i] != ']')
				i += s[i] == '\\';
			for (; next < i; NEXT_GAME())   /* (inside the value) */
				games[g].close = sgf_tree_close(s, len, next);
		} else if (s[i] == '(') {
			if (!sgf_next_is(s, len, i + 1, 1, ';')) {
				poisoned = nopen;
				if (next == i)
					games[g].close = len, NEXT_GAME();
				if (g == n)
					break;   /* every game open poisoned, none to come */
				continue;
			}
			depth++;
			if (next == i)
				open[nopen++] = (struct open_tree){ g, depth }, NEXT_GAME();
		} else if (s[i] == ')') {
			if (nopen && open[nopen - 1].depth == depth) {
				nopen--;
				games[open[nopen].game].close = nopen < poisoned ? len : i;
				poisoned = nopen < poisoned ? nopen : poisoned;
				if (!nopen && g == n)
					break;   /* each game closed */
			}
			depth -= depth > 0;
		}
	}
	while (nopen)
		games[open[--nopen].game].close = len;
	for (; g < n; NEXT_GAME())   /* (inside a value the pass ended in, or past the end) */
		games[g].close = next < len ? sgf_tree_close(s, len, next) : len;
#undef NEXT_GAME
	if (open != one)
		free(open);
}

/* Each game's bytes in l (its nodes found in the len bytes at s): from
 * the `(` before its first node's `;` (blanks between) to the `)` that
 * closes its tree; SIZE_MAX where there is none. */
static void local_games(struct sgf_local *l, const char *s, size_t len)
{
	size_t n = 0;
	for (size_t k = 0; k < l->len; k++) {
		if (k && l->nodes[k - 1].game == l->nodes[k].game)
			continue;
		size_t game = l->nodes[k].game;
		l->games = xgrow(l->games, &l->games_cap, game + 1, sizeof *l->games);
		for (; n <= game; n++)   /* (games count from 1) */
			l->games[n] = (struct local_game){ SIZE_MAX, SIZE_MAX, SIZE_MAX };
		struct local_game *g = &l->games[game];
		*g = (struct local_game){ SIZE_MAX, SIZE_MAX, k };
		size_t at = l->nodes[k].off;
		if (at == SIZE_MAX || s[at] != ';')
			continue;
		while (at && (s[at - 1] == ' ' || s[at - 1] == '\t' || s[at - 1] == '\r' ||
			      s[at - 1] == '\n'))
			at--;
		if (at && s[at - 1] == '(')
			g->open = at - 1;
	}
	games_close(l->games, n, s, len);
	for (size_t k = 0; k < n; k++)
		if (l->games[k].close >= len)
			l->games[k].open = l->games[k].close = SIZE_MAX;
}

/* Whether the len bytes at s hold only blanks from byte i on. */
static bool blanks_from(const char *s, size_t len, size_t i)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	return i >= len;
}

/* Whether l's one game's window is the len bytes at s but for blanks after
 * its `)` (its digest then the whole bytes'). */
static bool whole_window(const struct sgf_local *l, const char *s, size_t len)
{
	return l->ok && l->len && l->nodes[l->len - 1].game == 1 && l->games[1].open == 0 &&
	       l->nodes[l->games[1].first].off == 1 && blanks_from(s, len, l->games[1].close + 1);
}

/* The check's reading's nodes (sgf_read_as's local) placed in the bytes,
 * as local_of's own reading places its nodes; false where they are not
 * all it read, or its digest is wanted and was not taken. */
static bool local_taken(struct sgf_local *l, const char *s, size_t len)
{
	if (!l->placed) {
		l->placed = true;
		l->ok = !l->unclosed;
		l->len = l->ok ? l->len : 0;
		l->ok = l->ok && local_offsets(l, s, len, NULL);
		if (l->ok)
			local_games(l, s, len);
		if (whole_window(l, s, len))
			l->taken &= l->has_whole;
		else
			sgf_digest_free(&l->whole), l->has_whole = false;
	}
	return l->taken;
}

/* Whether the len bytes at bytes, which do not read as themselves, read
 * in set a game as the whole text reads it there: no CA set aside (an
 * edit may make it fit: below), each character of the bytes one of the
 * text (text, as decoded; a byte the set cannot decode, or UTF-8's broken
 * part, one U+FFFD), an ASCII byte the same one, and no byte of SGF's
 * syntax inside a character (a GBK character's second byte `]`), so that
 * brackets, parentheses and blanks are found in the bytes where the text
 * has them and a game's bytes, its `(` to its `)`, decode alone as they
 * do in the whole. An edit that joins a broken part to its neighbours
 * changes its game's own reading, which judges it; the offer's one
 * whole reading at the end answers for the rest. */
static bool decoded_alike(const char *bytes, size_t len, const char *set, const struct buf *text,
			  const struct sgf_notes *notes)
{
	static const char syntax[] = "[]\\();\t\n\r\v\f ";
	if (!set || !*set || !sgf_fix_set_writable(set) ||
	    sgf_notes_have(notes, &rule_charset_mismatch))
		return false;
	const unsigned char *b = (const unsigned char *)bytes, *t = (const unsigned char *)text->data;
	size_t i = 0, j = 0;
	while (i < len && j < text->len) {
		if (b[i] < 0x80) {
			if (t[j] != b[i])
				return false;
			i++, j++;
			continue;
		}
		size_t n = charset_char_read(set, bytes + i, len - i);
		for (size_t k = 1; k < n; k++)
			if (memchr(syntax, b[i + k], sizeof syntax - 1))
				return false;
		if (t[j] < 0xC0)
			return false;
		i += n;
		j += t[j] >= 0xF0 ? 4 : t[j] >= 0xE0 ? 3 : 2;
	}
	return i == len && j == text->len;
}

struct sgf_local *sgf_local_read(const char *bytes, size_t len, const char *set,
				 const struct sgf_read_as *as)
{
	if (as && as->plain == 1 && as->local && local_taken(as->local, bytes, len))
		return as->local;
	struct sgf_local *l = xcalloc(1, sizeof *l);
	struct buf text = BUF_INIT;
	struct sgf_notes notes = { .bare = true };   /* (only the rules they name are asked) */
	struct sgf_games games = { 0 };
	size_t skip = 0;
	/* The bytes read as they are (ASCII, or UTF-8 a CA fits): an edit of
	 * ASCII bytes leaves the set they are read in as it is. Not where a
	 * CA the bytes do not fit was set aside: an edit may make it fit
	 * (sgf_mutations seed 221 c00130: CA[GBK] over UTF-8, an empty node's
	 * `;` taken out, and GBK then read PB[本因坊秀策] as other text). */
	if (as && as->plain > 0) {   /* (the check's answer) */
		l->ok = true;
	} else {
		l->ok = decode_sgf_same(bytes, len, NULL, &text, &skip, &notes) && !skip &&
			!sgf_notes_have(&notes, &rule_charset_mismatch);
		/* Not as themselves: read in set where a game's
		 * bytes decode as the whole text's there (a collection in
		 * GB18030 without CA: each probe of its search read the whole
		 * text, 200 games 107 G instructions). */
		l->decoded = !l->ok && text.len && !skip && decoded_alike(bytes, len, set, &text, &notes);
		l->ok = l->ok && (!as || as->plain);
	}
	if (l->ok || l->decoded) {
		sgf_notes_free(&notes);
		notes = (struct sgf_notes){ .bare = true };
		if (l->decoded)
			sgf_read(text.data, text.len, &games, &notes);
		else
			sgf_read(bytes, len, &games, &notes);
		l->ok = true;
	}
	l->ok = l->ok && !sgf_notes_have(&notes, &rule_sgf_unclosed_value);
	for (size_t g = 0; l->ok && g < games.len; g++)
		sgf_local_game(l, games.games[g], g + 1);
	l->ok = l->ok && local_offsets(l, bytes, len, l->decoded ? set : NULL);
	if (l->ok)
		local_games(l, bytes, len);
	if (games.len == 1 && whole_window(l, bytes, len)) {
		l->whole = (struct sgf_digest){ .text = BUF_INIT };
		sgf_digest_game(&l->whole, games.games[0]);
		l->has_whole = true;
	}
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	buf_free(&text);
	return l;
}

size_t sgf_local_node_at(const struct sgf_local *l, struct sgf_pos at)
{
	return l->len ? sgf_places_to(&l->nodes->pos, sizeof *l->nodes, l->len, at) - 1 : SIZE_MAX;
}

bool sgf_next_is(const char *s, size_t n, size_t i, int dir, char c)
{
	for (; i < n; i += (size_t)dir)   /* (back past 0: SIZE_MAX) */
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
			return s[i] == c;
	return false;
}

size_t sgf_tree_close(const char *s, size_t len, size_t open)
{
	if (open >= len || s[open] != '(')
		return len;
	struct local_game tree = { open, len, 0 };
	games_close(&tree, 1, s, len);
	return tree.close;
}
