/* sgfproperty: a property as the SGF text reader reads it (sgfreader.h):
 * its identifier (in lower case, FF[1-3]'s words), its values (closed by
 * `]`, or where a lost `]` most likely was), and the repairs of both, at
 * their line:col; a property given again in a node merged (sgfmerge.h). */
#include "convert/sgf.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/say.h"
#include "convert/sgfreader.h"
#include "convert/sgfprops.h"
#include "core/catalog.h"

/* What the reader says of a property (convert/say.h), at its line:col. */
#define SAY_LOWER_CASE &rule_sgf_lowercase_property, \
	"property `%.*s` in lower case: read as `%s`"
#define SAY_LOWER_LETTERS &rule_sgf_lowercase_property, \
	"lower-case letters in property `%.*s` (an FF[1-3] spelling): read as `%s`"
#define SAY_NO_VALUE &rule_sgf_property_no_value, \
	"property `%s` has no value: ignored; --fix leaves it"
#define SAY_TOO_MANY &rule_sgf_too_many_properties, \
	"ignored: property `%s`: more than %d different properties in one node"
/* SGFC keeps the first of any other and deletes the rest */
#define SAY_AGAIN &rule_sgf_duplicate_property, \
	"property `%s` given again in one node (first at %" PRIu32 ":%" PRIu32 "): %s"
#define SAY_AGAIN_MERGED "its values are merged"
#define SAY_AGAIN_MORE_VALUES "read as more values of the first; no fix: keeping one and " \
	"deleting the others changes what the file says"
/* The first of a node's tallied findings, its words, then how many more */
#define SAY_TALLY_MORE "%.*s (the same for %zu more in this node)"
#define SAY_NUL &rule_sgf_nul_byte, \
	"%zu NUL byte%s in the value of %s: dropped, the text around %s kept; --fix leaves " \
	"the value as it is"
#define SAY_NUL_ONE "it is"
#define SAY_NUL_MANY "them is"
#define SAY_VALUE_CUT &rule_sgf_unclosed_value, \
	"the value of %s is not closed by `]`: read as ending at %" PRIu32 ":%" PRIu32 \
	", where the `]` was lost; --fix leaves it"
#define SAY_VALUE_OPEN &rule_sgf_unclosed_value, \
	"the value of %s is not closed by `]`: read up to %s; --fix leaves it"
#define SAY_VALUE_OPEN_LINE "the end of its line"
#define SAY_VALUE_OPEN_FILE "the end of the file"
#define SAY_CUT_IN_VALUE &rule_sgf_cut_short, \
	"the file ends inside the value of %s (its `[` at %" PRIu32 ":%" PRIu32 ", no `]` after " \
	"it): it was cut short here, and what followed is lost"
#define SAY_SWALLOWED &rule_sgf_swallowed_property, \
	"`%s[` inside the value of %s: a `]` lost before it? %s and what follows up to the " \
	"next `]` are read as %s's text, not as a property"

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
	if (!first->text)   /* (bare notes: no words to count in) */
		return false;
	if (n == 2)
		r->tally[k].text_len = strlen(first->text);
	struct buf text = BUF_INIT;
	buf_printf(&text, SAY_TALLY_MORE, (int)r->tally[k].text_len, first->text, n - 1);
	free(first->text);
	first->text = buf_detach(&text);
	return false;
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
		else if ((s[i] == '\r' || s[i] == '\n' || s[i] == '[' || s[i] == ';' || s[i] == '(' ||
			  s[i] == ')') &&   /* (strchr("\r\n[;()") a byte was a third of it) */
			 (i + 1 < n || s[i] == '\r' || s[i] == '\n'))
			return s[i] == '[' ? i - id_before(s, i) : i;
	}
	return n;
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
	sgf_reread_from(&t, start, at, (size_t)(nul - r->s));
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

/* Whether the n bytes of s end in a soft line break, a `\\` that no `\\`
 * escapes, then LF, CR LF or CR: the value's own (a line break escaped),
 * which a `]` written before it would leave escaping that `]`. */
static bool soft_break_at(const char *s, size_t n)
{
	if (!n || (s[n - 1] != '\n' && s[n - 1] != '\r'))
		return false;
	size_t k = n - 1 - (n >= 2 && s[n - 1] == '\n' && s[n - 2] == '\r'), slashes = 0;
	while (k > slashes && s[k - 1 - slashes] == '\\')
		slashes++;
	return slashes % 2 == 1;
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
 * a `;` and blanks before it, after a soft line break (soft_break_at); once
 * a value, a fix round finds the next. Short values (points, numbers) are
 * cut at a `[` instead (short_value_end). */
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
		while (end && sgf_blank(s[end - 1]) && !soft_break_at(s, end))
			end--;
		if (end && s[end - 1] == ';' && (end < 2 || s[end - 2] != '\\'))
			end--;
		while (end && sgf_blank(s[end - 1]) && !soft_break_at(s, end))
			end--;
		struct reader t = *r;
		sgf_reread_from(&t, start, at, start + id_at);
		sgf_say(r->notes, t.pos, SAY_SWALLOWED, id, prop->id, id, prop->id);
		sgf_reread_from(&t, start, at, start + end);
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
	sgf_reread_from(r, start, at, start + cut);
	sgf_say(r->notes, at, SAY_VALUE_CUT, prop->id, r->pos.line, r->pos.col);
	sgf_note_unclosed(r->notes, at);
	while (cut && (r->s[start + cut - 1] == ' ' || r->s[start + cut - 1] == '\t'))
		cut--;
	note_nul(r, prop, at, start, cut);
	sgf_prop_add(prop, r->s + start, cut, at);
}

/* Reads a value of prop (short: sgf_short_value of its id); true when its
 * own `]` closed it. */
bool sgf_read_value(struct reader *r, struct sgf_prop *prop, bool short_value)
{
	struct sgf_pos at = r->pos;
	sgf_advance(r);   /* [ */
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
			sgf_advance(r);
		sgf_advance(r);
	}
	size_t close = r->i;   /* its `]`, or r->len */
#ifndef __EMSCRIPTEN__
	if (r->i < r->len && r->s[r->i] != ']') {   /* a long one: its `]` found at once */
		plain = false;
		close = sgf_far_close(&r->far, r->s, r->i, r->len);
	}
#endif
	/* The reader goes there only for a value read to it: a value cut is
	 * read again from its start, and going to a far `]` first counted the
	 * lines to it once a value (20,000 values cut before one `]`: 7.4 G
	 * instructions). */
	if (close < r->len) {
		size_t n = close - start, cut = short_value ? short_value_end(r->s + start, n) : n;
		if (cut == n) {
			if (close != r->i)
				sgf_advance_to(r, close);
			if (!plain)
				note_nul(r, prop, at, start, n);
			if (!short_value)
				swallowed_property(r, prop, at, start, n);
			sgf_prop_add(prop, r->s + start, n, at);
			sgf_advance(r);   /* ] */
			return true;
		}
		cut_value(r, prop, at, start, cut);
		return false;
	}
	/* No `]` to the end: the reader stays (what follows reads again from
	 * start or goes to the end), and the line's end is the one found last
	 * when it still holds (sgf_far: ;B[d along one line looked to it once
	 * a value). It ends at a \n, \r\n or a lone \r (a short value holds
	 * no line break then, which short_value_end would cut again when read
	 * back). */
	size_t end = sgf_far_eol(&r->far, r->s, start, r->len);
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
		sgf_advance_to(r, r->len);
		sgf_say(r->notes, r->pos, SAY_CUT_IN_VALUE, prop->id, at.line, at.col);
		r->cut = true;
		return false;
	}
	sgf_say(r->notes, at, SAY_VALUE_OPEN, prop->id, nl ? SAY_VALUE_OPEN_LINE : SAY_VALUE_OPEN_FILE);
	sgf_note_unclosed(r->notes, at);
	note_nul(r, prop, at, start, end - start);
	sgf_prop_add(prop, r->s + start, end - start, at);
	/* Go back to just after the cut and read on from there. */
	sgf_reread_from(r, start, at, nl ? (size_t)(nl - r->s) + 1 : r->len);
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
	free(note->fix_also);
	*note = (struct sgf_note){ .pos = note->pos, .rule = note->rule, .text = note->text,
				   .fix_at = at, .fix_len = n, .fix = fix };
}

void sgf_read_property(struct reader *r, struct sgf_node *node)
{
	struct sgf_pos at = r->pos;
	size_t id_at = r->i;
	const char *name = r->s + r->i;   /* as written, len letters */
	size_t len = 0, nup = 0;
	while (r->i < r->len && sgf_letter(r->s[r->i])) {
		len++;
		sgf_advance(r);
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
	sgf_skip_space(r);
	bool short_value = sgf_short_value(upper);   /* once a property, not a value */
	if (r->i >= r->len || r->s[r->i] != '[') {
		if (tally_first(r, node, TALLY_NO_VALUE))
			sgf_say(r->notes, at, SAY_NO_VALUE, upper);
	} else if (node->nprops >= SGF_MAX_PROPS && !sgf_prop_find(node, upper)) {
		if (tally_first(r, node, TALLY_BEYOND))
			sgf_say(r->notes, at, SAY_TOO_MANY, upper, SGF_MAX_PROPS);
		struct sgf_prop skip = { .id = upper };
		while (r->i < r->len && r->s[r->i] == '[') {
			sgf_read_value(r, &skip, short_value);
			sgf_skip_space(r);
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
			mp.closed &= sgf_read_value(r, p, short_value);
			mp.close = r->i - 1;
			mp.line = r->pos.line, mp.col = r->pos.col - 1;
			mp.nvals++;
			sgf_skip_space(r);
		}
		sgf_merge_add(&r->merge, node, &mp);
		if (merged)
			merge_fix(r);
	}
	if (upper != small)
		free(upper);
}
