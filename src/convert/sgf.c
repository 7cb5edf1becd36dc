/* sgf: the lenient SGF text reader (as SGFC reads: it repairs what it can
 * and says where), a game at a time, into the property tree (sgftree.c). */
#include "convert/sgf.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/sgfahead.h"
#include "convert/sgfmerge.h"
#include "convert/say.h"
#include "convert/sgfprops.h"
#include "core/catalog.h"
#include "read/scan.h"

/* What the SGF reader says (convert/say.h): each repair of the text, at
 * its line:col. */
#define SAY_LOWER_CASE &rule_sgf_lowercase_property, \
	"repaired: property `%.*s` in lower case: read as `%s`"
#define SAY_LOWER_LETTERS &rule_sgf_lowercase_property, \
	"repaired: lower-case letters in property `%.*s` (an FF[1-3] spelling): read as `%s`"
#define SAY_NO_VALUE &rule_sgf_property_no_value, \
	"repaired: property `%s` has no value: ignored"
#define SAY_TOO_MANY &rule_sgf_too_many_properties, \
	"ignored: property `%s`: more than %d different properties in one node"
/* SGFC keeps the first of any other and deletes the rest */
#define SAY_AGAIN &rule_sgf_duplicate_property, \
	"repaired: property `%s` given again in one node (first at %" PRIu32 ":%" PRIu32 "): %s"
#define SAY_AGAIN_MERGED "its values are merged"
#define SAY_AGAIN_MORE_VALUES "read as more values of the first; no fix: keeping one and " \
	"deleting the others changes what the file says"
/* The first of a node's tallied findings, its words, then how many more */
#define SAY_TALLY_MORE "%.*s (the same for %zu more in this node)"
#define SAY_NUL &rule_sgf_nul_byte, \
	"repaired: %zu NUL byte%s in the value of %s: dropped, the text around %s kept"
#define SAY_NUL_ONE "it is"
#define SAY_NUL_MANY "them is"
#define SAY_VALUE_CUT &rule_sgf_unclosed_value, \
	"repaired: the value of %s is not closed by `]`; it ends at %" PRIu32 ":%" PRIu32 \
	", where the `]` was lost"
#define SAY_VALUE_OPEN &rule_sgf_unclosed_value, \
	"repaired: the value of %s is not closed by `]`; it is read up to %s"
#define SAY_VALUE_OPEN_LINE "the end of its line"
#define SAY_VALUE_OPEN_FILE "the end of the file"
#define SAY_CUT_IN_VALUE &rule_sgf_cut_short, \
	"the file ends inside the value of %s (its `[` at %" PRIu32 ":%" PRIu32 ", no `]` after " \
	"it): it was cut short here, and what followed is lost"
#define SAY_CUT_IN_NODE &rule_sgf_cut_short, \
	"the file ends %s: it was cut short here, and what followed is lost"
#define SAY_CUT_AFTER_ID "after a property's identifier, before its value"
#define SAY_CUT_AFTER_SEMICOLON "after a `;`, before the node's first property"
#define SAY_CUT_AFTER_PAREN "after a game tree's `(`, before its first node"
#define SAY_SWALLOWED &rule_sgf_swallowed_property, \
	"`%s[` inside the value of %s: a `]` lost before it? %s and what follows up to the " \
	"next `]` are read as %s's text, not as a property"
#define SAY_TEXT_OUTSIDE &rule_sgf_text_outside, "text outside a game tree is ignored"
#define SAY_NODES_AFTER_GAME &rule_sgf_nodes_after_game, \
	"nodes after the game tree's end (its `)` at %" PRIu32 ":%" PRIu32 ", one too many?): " \
	"not read, the game ends before them"
#define SAY_NODES_LOST_OPEN &rule_sgf_nodes_after_game, \
	"nodes outside every game tree, ended by a `)` (their game's `(` lost?): not read"
#define SAY_STRAY_PAREN &rule_sgf_stray_paren, "repaired: `)` without a `(`: ignored"
#define SAY_UNCLOSED_BEFORE_GAME &rule_sgf_unclosed_tree, \
	"repaired: %zu `)` missing before the next game (this `(` starts a node with GM or " \
	"FF, and no `)` closes the game before it): the game tree%s closed here"
#define SAY_UNCLOSED_AT_END &rule_sgf_unclosed_tree, \
	"repaired: %zu `)` missing at the end of the file: the game tree%s closed there"
#define SAY_TREES_ARE "s are"
#define SAY_TREE_IS " is"
#define SAY_OPEN_AGAIN &rule_sgf_empty_variation, \
	"repaired: `(` right after another `(`, before any node: ignored (the variation " \
	"starts at its first node)"
#define SAY_EMPTY_VARIATION &rule_sgf_empty_variation, \
	"repaired: an empty variation `()`: ignored"
#define SAY_DEEP_NESTING &rule_sgf_deep_nesting, \
	"repaired: game trees nested deeper than %d levels are read as one line"
#define SAY_NODE_AFTER_VARIATIONS &rule_sgf_node_after_variations, \
	"repaired: a node after the variations of its game tree (SGF allows none there): " \
	"read as one more variation"
#define SAY_NO_SEMICOLON &rule_sgf_missing_semicolon, \
	"repaired: properties outside a node (no `;` before them): read as a node"
#define SAY_STRAY_TEXT &rule_sgf_stray_text, "repaired: unexpected `%.*s`: ignored"
#define SAY_VALUE_ALONE &rule_sgf_value_without_property, \
	"repaired: a value without a property: ignored"

/* What a node may repeat property after property: each is noted once, at
 * its first occurrence, and that note counts the others (a node of
 * 1,000,000 properties wrote as many notes). */
enum tally { TALLY_MERGED, TALLY_AGAIN, TALLY_BEYOND, TALLY_NO_VALUE, TALLIES };

/* The reader: a cursor over the text with its line and column. */
struct reader {
	const char *s;
	size_t len, i;
	struct sgf_pos pos;
	struct sgf_notes *notes;
	struct sgf_games *out;
	const struct sgf_node *const *game;   /* the root of the game being read */
	const struct sgf_node *tally_node;   /* the node the tallies count */
	struct { size_t note, text_len, count; } tally[TALLIES];
	struct sgf_merge merge;   /* the node's properties, for the repair of one given again */
	const struct sgf_node *ahead_root;   /* the root whose FF was read ahead, */
	int ahead_ff;                        /* and that FF (root_ff_ahead) */
	bool cut;                            /* the file ends inside a value */
};

/* Counts one more of kind k in node: true for the first, which the
 * caller says then; a later one is counted in the words of that note. */
static bool tally_first(struct reader *r, const struct sgf_node *node, enum tally k)
{
	if (r->tally_node != node) {
		r->tally_node = node;
		memset(r->tally, 0, sizeof r->tally);
	}
	size_t n = ++r->tally[k].count;
	if (n == 1) {
		r->tally[k].note = r->notes->len;
		return true;
	}
	struct sgf_note *first = &r->notes->items[r->tally[k].note];
	if (n == 2)
		r->tally[k].text_len = strlen(first->text);
	struct buf text = BUF_INIT;
	buf_printf(&text, SAY_TALLY_MORE, (int)r->tally[k].text_len, first->text, n - 1);
	free(first->text);
	first->text = buf_detach(&text);
	return false;
}

static void advance(struct reader *r)
{
	unsigned char c = (unsigned char)r->s[r->i++];
	if (c == '\n' || (c == '\r' && (r->i >= r->len || r->s[r->i] != '\n')))
		r->pos.line++, r->pos.col = 1;
	else if (c != '\r' && (c & 0xC0) != 0x80)
		r->pos.col++;
}

#ifdef __EMSCRIPTEN__
/* (the page's reader, smaller: byte by byte) */
static void advance_to(struct reader *r, size_t to)
{
	while (r->i < to)
		advance(r);
}
#else
/* The bytes of n at s that continue a UTF-8 character (no column of
 * their own): eight at a time past ASCII. */
static size_t continuations(const unsigned char *s, size_t n)
{
	size_t k = 0, i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if (w & 0x8080808080808080u)
			for (size_t j = i; j < i + 8; j++)
				k += (s[j] & 0xC0) == 0x80;
	}
	for (; i < n; i++)
		k += (s[i] & 0xC0) == 0x80;
	return k;
}

/* How many of the n bytes at s are c. */
static size_t bytes_of(const char *s, size_t n, char c)
{
	size_t k = 0;
	for (const char *p = s, *q; p < s + n && (q = memchr(p, c, (size_t)(s + n - p))); p = q + 1)
		k++;
	return k;
}

/* advance() over the bytes up to to at once: the line breaks found with
 * memchr, the column counted from the last of them (byte by byte, this
 * was a tenth of reading a commented tree). */
static void advance_to(struct reader *r, size_t to)
{
	const char *s = r->s;
	size_t from = r->i, last = from;   /* just past the last line break */
	bool broke = false;
	uint32_t lines = 0;
	for (const char *p = s + from, *q; p < s + to && (q = memchr(p, '\n', (size_t)(s + to - p)));
	     p = q + 1)
		lines++, broke = true, last = (size_t)(q - s) + 1;
	size_t crs = bytes_of(s + from, to - from, '\r');
	for (const char *p = s + from, *q; crs && p < s + to &&
	     (q = memchr(p, '\r', (size_t)(s + to - p))); p = q + 1) {
		size_t k = (size_t)(q - s);
		if (k + 1 >= r->len || s[k + 1] != '\n') {
			lines++, broke = true;
			last = k + 1 > last ? k + 1 : last;
		}
	}
	if (crs)
		crs = bytes_of(s + last, to - last, '\r');
	size_t cols = to - last - crs - continuations((const unsigned char *)s + last, to - last);
	r->pos.line += lines;
	r->pos.col = (uint32_t)((broke ? 1 : r->pos.col) + cols);
	r->i = to;
}
#endif

static void skip_space(struct reader *r)
{
	while (r->i < r->len && sgf_blank(r->s[r->i]))
		advance(r);
}

/* The length of the id of SGF's property right before the `[` at byte k
 * of s, one or two capitals (the two when SGF has that property: KM[6.5HA[2]
 * ends KM's value before HA), or a word of FF[1-3]'s, two capitals and
 * small letters, the capitals SGF's property (PlayerWhite is PW, as the
 * reader takes it; a word of one capital is text's: Black[); 0 for none. */
#define SGF_WORD_ID 24   /* the longest FF[1-3] word id_before takes */
static size_t id_before(const char *s, size_t k)
{
	for (size_t len = k < 2 ? k : 2; len; len--) {
		char id[3] = { 0 };
		bool capitals = true;
		for (size_t j = 0; j < len; j++)
			capitals &= s[k - len + j] >= 'A' && s[k - len + j] <= 'Z';
		memcpy(id, s + k - len, len);
		if (capitals && sgf_prop_def(id))
			return len;
	}
	size_t w = k, ncap = 0;
	char id[3] = { 0 };
	for (; w && sgf_letter(s[w - 1]); w--)
		if (s[w - 1] >= 'A' && s[w - 1] <= 'Z') {
			if (ncap == 2)
				return 0;
			memmove(id + 1, id, 1);
			id[0] = s[w - 1];
			ncap++;
		}
	return ncap == 2 && k - w > 2 && k - w <= SGF_WORD_ID && s[w] >= 'A' && s[w] <= 'Z' &&
			       sgf_prop_def(id) ?
		       k - w :
		       0;
}

/* One value from `[` to its `]`. A value still open at the end of the text
 * ends at its first line break (where the `]` was most likely lost). */
/* Properties whose values are points, numbers or single words: a line
 * break, `[`, `;`, `(` or `)` in one means its `]` was lost there (as in
 * AB[aa][bb;W[cc]), so the value ends before it, as SGFC reads it; but a
 * `[`, `;`, `(` or `)` that is the value's last character is the value's
 * own, closed by its `]` (W[)] is the value ")"), and so is one escaped
 * (`B[tt\;\)]`: how jgflint writes back a value it kept, not a lost `]`
 * and a pass). */
bool sgf_short_value(const char *id)
{
	return sgf_prop_is(id, SGF_P_SHORT);
}

static size_t short_value_end(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\r' && s[i + 1] != '\n')
			i++;   /* escaped: the value's own (a soft line break is none) */
		else if (s[i] && strchr("\r\n[;()", s[i]) &&
			 (i + 1 < n || s[i] == '\r' || s[i] == '\n'))
			return s[i] == '[' ? i - id_before(s, i) : i;
	}
	return n;
}

/* Reads on again from byte target, which follows the `[` at `at`. */
static void reread_from(struct reader *r, size_t start, struct sgf_pos at, size_t target)
{
	r->i = start;
	r->pos = at;
	r->pos.col++;
	advance_to(r, target);
}

/* A NUL byte in the n bytes of a value from start (after the `[` at at):
 * noted at the first, as the text reads on past each (sgf_prop_add drops
 * them), where C strings would end it there. */
static void note_nul(const struct reader *r, const struct sgf_prop *prop, struct sgf_pos at,
		     size_t start, size_t n)
{
	const char *nul = memchr(r->s + start, '\0', n);
	if (!nul)
		return;
	size_t count = 0;
	for (size_t i = 0; i < n; i++)
		count += !r->s[start + i];
	struct reader t = *r;
	reread_from(&t, start, at, (size_t)(nul - r->s));
	sgf_say(r->notes, t.pos, SAY_NUL, count, count > 1 ? "s" : "", prop->id,
		count > 1 ? SAY_NUL_MANY : SAY_NUL_ONE);
}

/* Whether SGF goes on at byte j: blanks, then a node, a tree's start or
 * end, a property (capitals and its `[`), or the end of the input. */
static bool sgf_goes_on(const struct reader *r, size_t j)
{
	while (j < r->len && sgf_blank(r->s[j]))
		j++;
	if (j >= r->len || r->s[j] == ';' || r->s[j] == '(' || r->s[j] == ')')
		return true;
	size_t k = j;
	while (k < r->len && sgf_letter(r->s[k]))
		k++;
	while (k > j && k < r->len && sgf_blank(r->s[k]))
		k++;
	return k > j && k < r->len && r->s[k] == '[';
}

/* A text value whose `]` was lost runs on over the next property up to
 * that one's `]` (PW[Cho;B[pd];W[dp]: White is "Cho;B[pd", the game a
 * move short), valid SGF, which SGFC reads without a word: said when the
 * n bytes from start (closed by the `]` the reader is at) hold a property
 * of SGF's, one or two capitals (after anything: PB[LeeBR[9d]), with a
 * `[` no `]` of the value closes (text that means a bracket writes `\]`),
 * and SGF goes on after the value (text there says a `]` of the text was
 * not escaped: sgf-stray-text's). The fix, unsafe (it changes what the
 * file says), writes the `]` where the text ends, before the property and
 * a `;` before it; once a value, a fix round finds the next. Short values
 * (points, numbers) are cut at a `[` instead (short_value_end). */
static void swallowed_property(const struct reader *r, const struct sgf_prop *prop,
			       struct sgf_pos at, size_t start, size_t n)
{
	const char *s = r->s + start, *open = memchr(s, '[', n);
	if (!open || memchr(open, ']', n - (size_t)(open - s)) || !sgf_goes_on(r, r->i + 1))
		return;   /* most values: no `[` */
	for (; open; open = memchr(open + 1, '[', n - (size_t)(open + 1 - s))) {
		size_t k = (size_t)(open - s), len = id_before(s, k);
		if (!len)
			continue;
		size_t id_at = k - len;
		char id[SGF_WORD_ID + 1];   /* as written: BR, PlayerWhite */
		memcpy(id, s + id_at, len);
		id[len] = '\0';
		size_t end = id_at;   /* where the text ends: no blank nor `;` before the id */
		while (end && sgf_blank(s[end - 1]))
			end--;
		if (end && s[end - 1] == ';' && (end < 2 || s[end - 2] != '\\'))
			end--;
		while (end && sgf_blank(s[end - 1]))
			end--;
		struct reader t = *r;
		reread_from(&t, start, at, start + id_at);
		sgf_say(r->notes, t.pos, SAY_SWALLOWED, id, prop->id, id, prop->id);
		reread_from(&t, start, at, start + end);
		sgf_note_fix(r->notes, t.pos, 0, "]", true);
		return;
	}
}

/* The marks of game trees and nodes, `;`, `(` and `)`, and blanks only,
 * one mark at least: where a value's `]` was lost, not the file cut. */
static bool only_tree_marks(const char *s, size_t n)
{
	bool mark = false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ';' || s[i] == '(' || s[i] == ')')
			mark = true;
		else if (!sgf_blank(s[i]))
			return false;
	}
	return mark;
}

/* The value of prop from start (its `[` at at) ends at start + cut, where
 * its `]` was lost: said, read without the blanks before, and the reader
 * goes on from there. */
static void cut_value(struct reader *r, struct sgf_prop *prop, struct sgf_pos at, size_t start,
		      size_t cut)
{
	reread_from(r, start, at, start + cut);
	sgf_say(r->notes, at, SAY_VALUE_CUT, prop->id, r->pos.line, r->pos.col);
	while (cut && (r->s[start + cut - 1] == ' ' || r->s[start + cut - 1] == '\t'))
		cut--;
	note_nul(r, prop, at, start, cut);
	sgf_prop_add(prop, r->s + start, cut, at);
}

/* Reads a value of prop (short: sgf_short_value of its id); true when its
 * own `]` closed it. */
static bool read_value(struct reader *r, struct sgf_prop *prop, bool short_value)
{
	struct sgf_pos at = r->pos;
	advance(r);   /* [ */
#ifdef __EMSCRIPTEN__
	size_t start = r->i, near = r->len;   /* (the page's smaller code: byte by byte) */
#else
	size_t start = r->i, near = r->len - start > 24 ? start + 24 : r->len;
#endif
	bool plain = true;   /* printable ASCII only: no NUL byte to look for */
	while (r->i < near && r->s[r->i] != ']') {
		unsigned char c = (unsigned char)r->s[r->i];
		if (c >= 0x20 && c < 0x80 && c != '\\') {
			/* advance's work for a printable ASCII byte, inline (a call
			 * for each byte was 1.3% of checking a large tree in place) */
			r->i++, r->pos.col++;
			continue;
		}
		plain = false;
		if (c == '\\' && r->i + 1 < r->len)
			advance(r);
		advance(r);
	}
#ifndef __EMSCRIPTEN__
	if (r->i < r->len && r->s[r->i] != ']') {   /* a long one: its `]` found at once */
		plain = false;
		advance_to(r, sgf_value_close(r->s, r->i, r->len));
	}
#endif
	if (r->i < r->len) {
		size_t n = r->i - start, cut = short_value ? short_value_end(r->s + start, n) : n;
		if (cut == n) {
			if (!plain)
				note_nul(r, prop, at, start, n);
			if (!short_value)
				swallowed_property(r, prop, at, start, n);
			sgf_prop_add(prop, r->s + start, n, at);
			advance(r);   /* ] */
			return true;
		}
		cut_value(r, prop, at, start, cut);
		return false;
	}
	/* Its line ends at a \n, \r\n or a lone \r (a short value holds no line
	 * break then, which short_value_end would cut again when read back). */
	size_t end = start;
	while (end < r->len && r->s[end] != '\n' && r->s[end] != '\r')
		end++;
	const char *nl = end < r->len ? r->s + end : NULL;
	if (short_value) {
		/* No `]` to the end: a short value is cut on its line as where a
		 * `]` follows (B[d;C[]) and B[d;) read the same move, as --fix
		 * of the empty C makes it), and before a `;`, `(` or `)` that
		 * ends the line, no `]` closing it as the value's own (B[d;;
		 * and B[d;, --fix of an empty node, whatever follows). */
		size_t n = end - start, cut = short_value_end(r->s + start, n);
		if (cut == n && n && memchr(";()", r->s[end - 1], 3))
			cut = n - 1;
		if (cut < n) {
			cut_value(r, prop, at, start, cut);
			return false;
		}
	}
	if (!nl || !only_tree_marks(r->s + end, r->len - end)) {
		/* No `]` to the end, and text after its line (or nothing): the
		 * file was cut inside the value, read to the end (a point or
		 * number to its line's end: it holds no line break); read again,
		 * the text after its line would be properties (a comment's
		 * words as ids). */
		size_t n = (short_value && nl ? end : r->len) - start;
		while (n && sgf_blank(r->s[start + n - 1]))   /* the file's last line break */
			n--;
		note_nul(r, prop, at, start, n);
		sgf_prop_add(prop, r->s + start, n, at);
		advance_to(r, r->len);
		sgf_say(r->notes, r->pos, SAY_CUT_IN_VALUE, prop->id, at.line, at.col);
		r->cut = true;
		return false;
	}
	sgf_say(r->notes, at, SAY_VALUE_OPEN, prop->id, nl ? SAY_VALUE_OPEN_LINE : SAY_VALUE_OPEN_FILE);
	note_nul(r, prop, at, start, end - start);
	sgf_prop_add(prop, r->s + start, end - start, at);
	/* Go back to just after the cut and read on from there. */
	reread_from(r, start, at, nl ? (size_t)(nl - r->s) + 1 : r->len);
	return false;
}

/* FF's value s (len bytes) as a version: 0 when it is no number. */
static int ff_number(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && sgf_blank(s[i]))
		i++;
	int n = 0, digits = 0;
	for (; i < len && s[i] >= '0' && s[i] <= '9' && n < 100; i++, digits++)
		n = n * 10 + (s[i] - '0');
	return digits ? n : 0;
}

/* The FF of the game being read, as its root gives it so far: 1 without
 * one (SGF's default), 0 when it is no number. */
static int game_ff(const struct reader *r)
{
	const struct sgf_node *root = r->game ? *r->game : NULL;
	const struct sgf_prop *ff = root ? sgf_prop_find(root, "FF") : NULL;
	if (!ff || !ff->nvals)
		return 1;
	return ff_number(ff->vals[0].raw, ff->vals[0].len);
}

/* The FF the rest of the root node gives, read ahead from the identifier
 * at i (FF's capitals, its lower-case letters aside, as the reader reads
 * it): 1 without one. What an identifier of mixed case in the root is
 * depends on it, and the root may name FF after it (GMx[1]FF[4], or FF's
 * own FFx[4]). Read once a root. */
static int root_ff_ahead(struct reader *r, const struct sgf_node *root, size_t i)
{
	if (r->ahead_root == root)
		return r->ahead_ff;
	const char *s = r->s;
	int ff = 1;
	while (i < r->len && s[i] != ';' && s[i] != '(' && s[i] != ')') {
		if (s[i] == '[') {   /* a value, read past: it may hold anything */
			for (i++; i < r->len && s[i] != ']'; i++)
				i += s[i] == '\\';
			i++;
		} else if (sgf_letter(s[i])) {
			size_t caps = 0;
			bool is_ff = true;
			for (; i < r->len && sgf_letter(s[i]); i++)
				if (s[i] >= 'A' && s[i] <= 'Z')
					is_ff &= caps++ < 2 && s[i] == 'F';
			while (i < r->len && sgf_blank(s[i]))
				i++;
			if (is_ff && caps == 2 && i < r->len && s[i] == '[') {
				size_t end = i + 1;
				while (end < r->len && s[end] != ']')
					end++;
				ff = ff_number(s + i + 1, end - i - 1);
				break;
			}
		} else {
			i++;
		}
	}
	r->ahead_root = root;
	r->ahead_ff = ff;
	return ff;
}

/* The repair of the properties given again in the node so far, on the
 * note that counts them (sgfmerge.h). */
static void merge_fix(struct reader *r)
{
	char *fix;
	struct sgf_pos at;
	uint32_t n;
	size_t i = r->tally[TALLY_MERGED].note;
	if (i >= r->notes->len || !sgf_merge_fix(&r->merge, r->s, r->len, &fix, &at.line, &at.col, &n))
		return;
	struct sgf_note *note = &r->notes->items[i];
	free(note->fix);
	*note = (struct sgf_note){ note->pos, note->rule, note->text, at, n, fix, false };
}

static void read_property(struct reader *r, struct sgf_node *node)
{
	struct sgf_pos at = r->pos;
	size_t id_at = r->i;
	const char *name = r->s + r->i;   /* as written, len letters */
	size_t len = 0, nup = 0;
	while (r->i < r->len && sgf_letter(r->s[r->i])) {
		len++;
		advance(r);
	}
	/* Its capitals, the identifier: on the stack when short, as nearly
	 * all are (two allocations a property were 5% of reading). */
	char small[16], *upper = len < sizeof small ? small : xmalloc(len + 1);
	for (size_t i = 0; i < len; i++)
		if (name[i] >= 'A' && name[i] <= 'Z')
			upper[nup++] = name[i];
	upper[nup] = '\0';
	/* Letters with no value of their own are text, not a property's
	 * spelling (the words after an unescaped `]` in C[...[hane] was good,
	 * Takemiya said]): sgf-property-no-value says them, no case is fixed. */
	size_t v = r->i;
	while (v < r->len && sgf_blank(r->s[v]))
		v++;
	bool valued = v < r->len && r->s[v] == '[';
	if (!nup) {
		for (size_t i = 0; i < len; i++)
			upper[nup++] = (char)(name[i] - 'a' + 'A');
		upper[nup] = '\0';
		if (valued) {
			sgf_say(r->notes, at, SAY_LOWER_CASE, (int)len, name, upper);
			sgf_note_fix(r->notes, at, (uint32_t)len, upper, false);
		}
	} else if (valued && nup != len && (r->game && node == *r->game && !sgf_prop_find(node, "FF") ?
				  root_ff_ahead(r, node, id_at) : game_ff(r)) >= 4) {
		sgf_say(r->notes, at, SAY_LOWER_LETTERS, (int)len, name, upper);
		sgf_note_fix(r->notes, at, (uint32_t)len, upper, false);
	}
	skip_space(r);
	bool short_value = sgf_short_value(upper);   /* once a property, not a value */
	if (r->i >= r->len || r->s[r->i] != '[') {
		if (tally_first(r, node, TALLY_NO_VALUE))
			sgf_say(r->notes, at, SAY_NO_VALUE, upper);
	} else if (node->nprops >= SGF_MAX_PROPS && !sgf_prop_find(node, upper)) {
		if (tally_first(r, node, TALLY_BEYOND))
			sgf_say(r->notes, at, SAY_TOO_MANY, upper, SGF_MAX_PROPS);
		struct sgf_prop skip = { .id = upper };
		while (r->i < r->len && r->s[r->i] == '[') {
			read_value(r, &skip, short_value);
			skip_space(r);
		}
		sgf_prop_clear(&skip);
	} else {
		bool existed;
		struct sgf_prop *p = sgf_prop_get(node, upper, at, &existed);
		struct sgf_merge_prop mp = { .prop = (uint32_t)(p - node->props), .id = id_at,
					     .open = r->i, .closed = true,
					     .again = existed ? sgf_merge_kind(upper) : SGF_MERGE_NONE };
		bool merged = mp.again != SGF_MERGE_NONE;
		if (existed && tally_first(r, node, merged ? TALLY_MERGED : TALLY_AGAIN))
			sgf_say(r->notes, at, SAY_AGAIN, upper, p->pos.line, p->pos.col,
				merged ? SAY_AGAIN_MERGED : SAY_AGAIN_MORE_VALUES);
		while (r->i < r->len && r->s[r->i] == '[') {
			mp.closed &= read_value(r, p, short_value);
			mp.close = r->i - 1;
			mp.line = r->pos.line, mp.col = r->pos.col - 1;
			mp.nvals++;
			skip_space(r);
		}
		sgf_merge_add(&r->merge, node, &mp);
		if (merged)
			merge_fix(r);
	}
	if (upper != small)
		free(upper);
}

/* Whether the text at s starts a property (`ID[`) after white space. */
static bool starts_property(const char *s, size_t len)
{
	size_t i = 0, n = 0;
	while (i < len && sgf_blank(s[i]))
		i++;
	while (i < len && sgf_letter(s[i]))
		i++, n++;
	while (i < len && sgf_blank(s[i]))
		i++;
	return n && i < len && s[i] == '[';
}

/* Whether the text after a `(` outside any game tree starts one: `;`, or
 * a property (`ID[`), after white space. A `(` in other text does not. */
static bool starts_game(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && sgf_blank(s[i]))
		i++;
	return (i < len && s[i] == ';') || starts_property(s + i, len - i);
}

/* Parenthesis nesting deeper than this is read as if flat: no record the
 * scanner reads is nested deeper, so every SGF --to sgf writes is read
 * whole (see SGF_MAX_NESTING in scan.h). */
#define MAX_NESTING SGF_MAX_NESTING

void sgf_stream_init(struct sgf_stream *st, const char *text, size_t len,
		     struct sgf_notes *notes)
{
	*st = (struct sgf_stream){ .text = text, .len = len, .i = 0, .pos = { 1, 1 }, .notes = notes,
				   .eol = sgf_blank_line(text, len) };
}

/* Where the nodes outside every game tree from byte i of the len bytes
 * at s end: at a `)` that closes more than they open (values passed
 * over: C[a (variation) in words] is a value's), their game's `(` lost
 * (`;GM[1];B[pd](;W[dp])(;W[dd]))`); SIZE_MAX when a `(` that starts a
 * game (GM or FF in its first node) or the end of the text comes first,
 * as after a note (`;B[aa] was the first move` then the game). The
 * answer from the first `;` of a run of text outside holds for each `;`
 * after it up to there (asked once, not once a `;`: a game of 100,000
 * nodes that lost its `(` and ends at the next game's). */
static size_t lost_open_end(struct sgf_stream *st, const char *s, size_t len, size_t i)
{
	if (i < st->outside_to)
		return st->outside_end;
	size_t depth = 0, j = i;
	for (; j < len; j++) {
		if (s[j] == '[') {
			j = sgf_value_close(s, j + 1, len);
		} else if (s[j] == '(') {
			if (sgf_opens_game(s + j + 1, len - j - 1))
				break;
			depth++;
		} else if (s[j] == ')' && !depth--) {
			break;
		}
	}
	st->outside_to = j;
	st->outside_end = j < len && s[j] == ')' ? j : SIZE_MAX;
	return st->outside_end;
}

/* A game tree's `(` the file ends after: nothing but blanks, a `;` or a
 * property's identifier to the end (starts_game wants a value). */
static bool opens_cut_game(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && (sgf_blank(s[i]) || sgf_letter(s[i]) || s[i] == ';'))
		i++;
	return i == len;
}

/* Outside every game tree: text or a stray `)`, ignored with a note. */
/* A `)` in such text, `Game (1) (;GM[1]...)`, is the text's (as SGFC
 * skips it): only one after a game tree, where no text came since, is a
 * stray `)`. Nodes that a `)` ends are a game whose `(` was lost (at
 * the file's start, after a game or after text), said and passed over;
 * right after a game's `)`, nodes that hold no GM nor FF are that game's,
 * its `)` one too many. */
static void stream_outside(struct sgf_stream *st, struct reader *r)
{
	char c = r->s[r->i];
	bool nodes = c == ';' && starts_property(r->s + r->i + 1, r->len - r->i - 1);
	size_t end = nodes ? lost_open_end(st, r->s, r->len, r->i) : SIZE_MAX;
	if (nodes && !st->junk && st->closed_at.line &&
	    (end == SIZE_MAX || !sgf_opens_game(r->s + r->i, r->len - r->i))) {
		/* (;B[pd];W[dp]);B[pp]): a `)` one too many ended the game, the
		 * nodes after it lost; the fix deletes that `)` */
		sgf_say(r->notes, r->pos, SAY_NODES_AFTER_GAME, st->closed_at.line, st->closed_at.col);
		sgf_note_fix(r->notes, st->closed_at, 1, "", true);
	} else if (end != SIZE_MAX) {
		/* the fix writes the `(`, so that the nodes are a game's */
		sgf_say(r->notes, r->pos, SAY_NODES_LOST_OPEN);
		sgf_note_fix(r->notes, r->pos, 0, "(", true);
	} else if (c == '(' && opens_cut_game(r->s + r->i + 1, r->len - r->i - 1)) {
		advance_to(r, r->len);
		sgf_say(r->notes, r->pos, SAY_CUT_IN_NODE, SAY_CUT_AFTER_PAREN);
		return;
	} else if (!st->junk && c != ')')
		sgf_say(r->notes, r->pos, SAY_TEXT_OUTSIDE);
	else if (!st->junk)
		sgf_say(r->notes, r->pos, SAY_STRAY_PAREN);
	if (end != SIZE_MAX) {
		/* the nodes, said once, passed over up to the `)` that ends them */
		advance_to(r, end + 1);
		st->junk = false;
		st->closed_at = (struct sgf_pos){ 0, 0 };
		return;
	}
	st->junk = st->junk || c != ')';
	advance(r);
}

/* A `(` where a variation has no node yet (`((;W[dd]))`) starts none:
 * it is ignored, as SGFC ignores it, so that the tree's `)` close the
 * levels SGFC closes (the `)` of `(;GM[1]((;C[a]))` ends the game, and
 * a game after it is a game of its own). */
static void stream_open(struct sgf_stream *st, struct reader *r)
{
	if (st->depth == 0) {
		st->cur = st->game = NULL;
		st->open = r->pos;
		st->closes = 0;
		st->outside_to = 0;   /* what was read ahead outside is behind */
	} else if (sgf_opens_game(r->s + r->i + 1, r->len - r->i - 1) &&
		   (st->closes ? st->closes : (st->closes = sgf_trees_close(&st->ahead, r->s, r->len, r->i,
				st->depth + st->flat) ? 1 : -1)) < 0) {
		size_t open = st->depth + st->flat;
		sgf_say(r->notes, r->pos, SAY_UNCLOSED_BEFORE_GAME, open,
			open > 1 ? SAY_TREES_ARE : SAY_TREE_IS);
		struct buf close = BUF_INIT;
		for (size_t i = 0; i < open && i < 1000; i++)
			buf_addc(&close, ')');
		sgf_note_fix(r->notes, r->pos, 0, close.data, false);
		buf_free(&close);
		st->depth = st->flat = 0;
		st->fresh = st->after_tree = false;
		return;   /* the `(` read again outside every tree: the next game */
	} else if (st->fresh) {
		sgf_say(r->notes, r->pos, SAY_OPEN_AGAIN);
		advance(r);
		return;
	}
	st->paren = r->pos;
	if (st->depth >= MAX_NESTING) {
		if (!st->flat)
			sgf_say(r->notes, r->pos, SAY_DEEP_NESTING, MAX_NESTING);
		st->flat++;
	} else {
		st->stack = xgrow(st->stack, &st->cap, st->depth + 1, sizeof *st->stack);
		st->stack[st->depth++] = st->cur;
	}
	st->fresh = true;
	advance(r);
}

/* A `;` (or properties without one): a node, the root of a game when it
 * is the first of its tree; then a property, if one follows. */
static void stream_node(struct sgf_stream *st, struct reader *r)
{
	char c = r->s[r->i];
	/* Properties right after a `(` are the variation's own first node
	 * (its `;` lost), as SGFC reads them, not more of the node before. */
	if (c == ';' || !st->cur || st->fresh || st->after_tree) {
		bool after_tree = st->after_tree && !st->fresh;
		st->fresh = st->after_tree = false;
		if (st->cur && st->max_nodes && st->game_nodes >= st->max_nodes) {
			/* Past the budget: read and dropped, the game refused. */
			st->info[st->ready.len - 1].over = true;
			struct sgf_node *dropped = sgf_node_new(r->pos);
			if (c == ';')
				advance(r);
			if (r->i < r->len && sgf_letter(r->s[r->i]))
				read_property(r, dropped);
			sgf_node_free(dropped);
			return;
		}
		struct sgf_node *n = sgf_node_in(st->cur ? st->game : NULL, r->pos);
		st->game_nodes++;
		if (after_tree)
			sgf_say(r->notes, r->pos, SAY_NODE_AFTER_VARIATIONS);
		if (!after_tree && c != ';') {
			sgf_say(r->notes, r->pos, SAY_NO_SEMICOLON);
			sgf_note_fix(r->notes, r->pos, 0, ";", false);
		}
		if (st->cur) {
			sgf_node_add_kid(st->cur, n);
		} else {
			struct sgf_games *out = &st->ready;
			out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
			st->info = xgrow(st->info, &st->info_cap, out->len + 1, sizeof *st->info);
			/* The game's first byte: its `(`, or this node for a second root */
			st->info[out->len] = (struct sgf_game_info){ st->game ? r->pos : st->open, false };
			out->games[out->len++] = n;
			st->game = n;
			st->game_nodes = 1;
		}
		st->cur = n;
		if (c == ';')
			advance(r);
	}
	if (r->i < r->len && sgf_letter(r->s[r->i]))
		read_property(r, st->cur);
}

/* Anything else in a game tree: a value without a property, or stray
 * characters, ignored with a note. */
static void stream_stray(struct reader *r)
{
	struct sgf_pos at = r->pos;
	const char *text = r->s;
	size_t n = 0;
	/* (text[r->i] may be a NUL byte, which strchr would find) */
	while (r->i < r->len && !sgf_blank(text[r->i]) &&
	       (!text[r->i] || !strchr("();[", text[r->i])) && !sgf_letter(text[r->i]))
		advance(r), n++;
	if (n) {
		sgf_say(r->notes, at, SAY_STRAY_TEXT, (int)n, text + r->i - n);
		return;
	}
	struct sgf_prop p = { .id = "?" };   /* a `[` without a property */
	while (r->i < r->len && text[r->i] == '[') {
		read_value(r, &p, false);
		skip_space(r);
	}
	sgf_prop_clear(&p);
	sgf_say(r->notes, at, SAY_VALUE_ALONE);
}

/* How a file that ends in an open game tree ends inside a node, cut
 * short there: after a `;` or a property's identifier (a value left open
 * is read_value's); NULL when its last node is whole. */
static const char *cut_in_node(const char *s, size_t len)
{
	while (len && sgf_blank(s[len - 1]))
		len--;
	if (!len)
		return NULL;
	if (s[len - 1] == ';')
		return SAY_CUT_AFTER_SEMICOLON;
	return sgf_letter(s[len - 1]) ? SAY_CUT_AFTER_ID : NULL;
}

/* The game trees a file that ends after a whole node left open: said and
 * closed there, unless a value left open reads to the end (a `)` written
 * there would be the value's). */
static void close_at_end(const struct sgf_stream *st, struct reader *r)
{
	sgf_say(r->notes, r->pos, SAY_UNCLOSED_AT_END, st->depth,
		st->depth > 1 ? SAY_TREES_ARE : SAY_TREE_IS);
	bool open_value = false;
	for (size_t i = 0; i < r->notes->len; i++)
		open_value |= r->notes->items[i].rule == &rule_sgf_unclosed_value;
	struct buf close = BUF_INIT;
	for (size_t i = 0; i < st->depth && i < 1000; i++)
		buf_addc(&close, ')');
	if (!open_value)
		sgf_note_fix(r->notes, r->pos, 0, close.data, false);
	buf_free(&close);
}

/* The reader's state lives in st between the games it hands out; a game is
 * handed out once the text is back outside every game tree (depth 0: a
 * later `)` can no longer add to it), or at the end. */
struct sgf_node *sgf_stream_next(struct sgf_stream *st)
{
	struct reader r = { .s = st->text, .len = st->len, .i = st->i, .pos = st->pos,
			    .notes = st->notes, .out = &st->ready, .merge.eol = st->eol,
			    .game = (const struct sgf_node *const *)&st->game };
	while (r.i < r.len && !(st->depth == 0 && st->taken < st->ready.len)) {
		char c = r.s[r.i];
		if (sgf_blank(c)) {
			advance(&r);
			continue;
		}
		if (st->depth == 0 && (c != '(' || !starts_game(r.s + r.i + 1, r.len - r.i - 1))) {
			stream_outside(st, &r);
			continue;
		}
		st->junk = false;
		if (c == '(') {
			stream_open(st, &r);
		} else if (c == ')') {
			bool empty = st->fresh;
			if (empty)
				sgf_say(r.notes, st->paren, SAY_EMPTY_VARIATION);
			st->fresh = false;
			if (st->flat)
				st->flat--;
			else
				st->cur = st->stack[--st->depth];
			st->closed_at = st->depth ? (struct sgf_pos){ 0, 0 } : r.pos;
			/* (an empty variation is as if it were not there) */
			if (!empty)
				st->after_tree = st->depth > 0;
			advance(&r);
		} else if (c == ';' || sgf_letter(c)) {
			stream_node(st, &r);
		} else {
			stream_stray(&r);
		}
	}
	if (r.i >= r.len && st->depth && !st->ended && !r.cut) {
		/* (a file cut inside a value: said by read_value, r.cut) */
		const char *cut_after = cut_in_node(r.s, r.len);
		if (cut_after)
			sgf_say(r.notes, r.pos, SAY_CUT_IN_NODE, cut_after);
		else
			close_at_end(st, &r);
	}
	if (r.i >= r.len) {
		st->ended = true;
		st->depth = 0;
	}
	sgf_merge_free(&r.merge);
	st->i = r.i;
	st->pos = r.pos;
	if (st->taken >= st->ready.len)
		return NULL;
	st->last = st->info[st->taken];
	struct sgf_node *g = st->ready.games[st->taken];
	st->ready.games[st->taken++] = NULL;   /* the caller's now */
	return g;
}

void sgf_stream_free(struct sgf_stream *st)
{
	for (size_t i = st->taken; i < st->ready.len; i++)
		sgf_node_free(st->ready.games[i]);
	free(st->ready.games);
	free(st->info);
	free(st->stack);
	sgf_ahead_free(&st->ahead);
	*st = (struct sgf_stream){ 0 };
}

size_t sgf_count_games(const char *text, size_t len, struct sgf_notes *notes, size_t max_nodes,
		       struct sgf_node **first, struct sgf_game_info *first_info)
{
	/* The one game of most files, read again to be converted, was read
	 * twice (6% of checking a large one in place): when nothing after
	 * it can begin another, it is kept, the tree converting it holds
	 * anyway. */
	struct sgf_stream st;
	size_t n = 0;
	*first = NULL;
	sgf_stream_init(&st, text, len, notes);
	st.max_nodes = max_nodes;
	for (struct sgf_node *g; (g = sgf_stream_next(&st));) {
		if (!n++ && !memchr(text + st.i, '(', len - st.i)) {
			*first = g;
			*first_info = st.last;
		} else {
			sgf_node_free(g);
		}
	}
	sgf_stream_free(&st);
	return n;
}

void sgf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes)
{
	struct sgf_stream st;
	sgf_stream_init(&st, text, len, notes);
	for (struct sgf_node *g; (g = sgf_stream_next(&st));) {
		out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
		out->games[out->len++] = g;
	}
	sgf_stream_free(&st);
}
