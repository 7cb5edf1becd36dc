/* hint: what the scanner says after a syntax error, the one finding that
 * ends the scan: the byte it found described as a person reads it, and
 * what is most likely missing or one too many (a bracket, a quote, a
 * colon, a comma), read from the text around the error. None of this runs
 * on a text without a syntax error; the look-ahead reads the text and
 * never the DOM, which stops at the error. */
#include "read/hint.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/jstring.h"
#include "core/catalog.h"
#include "read/scanner.h"

/* Whether the bytes at off are one well-formed UTF-8 character. */
static bool utf8_valid(const struct scanner *sc, size_t off)
{
	const unsigned char *u = (const unsigned char *)sc->s + off;
	size_t avail = sc->len - off;
	size_t n = u[0] >= 0xC2 && u[0] <= 0xDF ? 2 : u[0] >= 0xE0 && u[0] <= 0xEF ? 3 :
		   u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : 0;
	if (!n || n > avail)
		return false;
	unsigned char lo = u[0] == 0xE0 ? 0xA0 : u[0] == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = u[0] == 0xED ? 0x9F : u[0] == 0xF4 ? 0x8F : 0xBF;
	if (u[1] < lo || u[1] > hi)
		return false;
	for (size_t i = 2; i < n; i++)
		if ((u[i] & 0xC0) != 0x80)
			return false;
	return true;
}

/* How a stray byte reads in a message: `x`, U+0007, `é` (U+00E9), or the
 * bytes `\xC0\xAF` (not UTF-8). */
const char *hint_describe(struct scanner *sc, size_t off, char out[64])
{
	unsigned char b = (unsigned char)sc->s[off];
	if (off >= sc->len) {
		snprintf(out, 64, "the end of the file");
	} else if (b == 0) {
		snprintf(out, 64, "a NUL byte");
	} else if (b < 0x20 || b == 0x7F) {
		snprintf(out, 64, "the control character U+%04X", b);
	} else if (b < 0x80) {
		snprintf(out, 64, "`%c`", b);
	} else if (utf8_valid(sc, off)) {
		size_t n = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
		uint32_t cp = b & (0x7F >> n);
		for (size_t i = 1; i < n; i++)
			cp = cp << 6 | ((unsigned char)sc->s[off + i] & 0x3F);
		snprintf(out, 64, "`%.*s` (U+%04X)", (int)n, sc->s + off, (unsigned)cp);
	} else {
		/* Not UTF-8: the bytes as they are (the lead byte and the
		 * continuation bytes after it, as many as it announces), never
		 * copied raw into a message, nor decoded as some character. */
		const unsigned char *u = (const unsigned char *)sc->s + off;
		size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1, k = 1;
		while (k < n && off + k < sc->len && (u[k] & 0xC0) == 0x80)
			k++;
		int at = snprintf(out, 64, "the byte%s `", k > 1 ? "s" : "");
		for (size_t i = 0; i < k; i++)
			at += snprintf(out + at, 64 - (size_t)at, "\\x%02X", u[i]);
		snprintf(out + at, 64 - (size_t)at, "` (not UTF-8)");
	}
	return out;
}

/* Reports an unexpected byte: as an encoding error when it is not UTF-8. */
static void unexpected(struct scanner *sc, size_t off, const char *expected)
{
	char what[64];
	if (off < sc->len && (unsigned char)sc->s[off] >= 0x80 && !scan_utf8_check(sc, off))
		return;
	scan_fail(sc, &rule_json_syntax, off, "expected %s, found %s", expected, hint_describe(sc, off, what));
}

/* The end of the file inside the container f: its closer is missing. */
void hint_unclosed(struct scanner *sc, size_t p, const struct frame *f)
{
	char at[48];
	scan_fail(sc, &rule_json_syntax, p, "unexpected end of file: `%c` opened at %s is not closed: "
	     "is a `%s` missing?", f->kind, scan_where(sc, f->open, at), closer_of(f->kind));
}

void hint_bad_word(struct scanner *sc, size_t p, size_t end, bool as_key)
{
	const char *w = sc->s + p;
	int n = (int)(end - p > 40 ? 40 : end - p);
	static const char *const literals[] = { "true", "false", "null" };
	if (as_key) {
		scan_fail(sc, &rule_json_syntax, p,
		     "object keys must be strings in double quotes: write `\"%.*s\"`", n, w);
		scan_span_to(sc, end);
		return;
	}
	if ((end - p == 3 && memcmp(w, "NaN", 3) == 0) || (end - p == 8 && memcmp(w, "Infinity", 8) == 0)) {
		scan_fail(sc, &rule_json_syntax, p,
		     "`%.*s` is not a JSON value: JSON has no NaN or infinities (use a number or null)", n, w);
		scan_span_to(sc, end);
		return;
	}
	for (size_t i = 0; i < 3; i++) {
		if (strlen(literals[i]) == end - p && strncasecmp(w, literals[i], end - p) == 0) {
			scan_fail(sc, &rule_json_syntax, p,
			     "`%.*s` is not a JSON literal: write `%s` in lower case", n, w, literals[i]);
			scan_span_to(sc, end);
			return;
		}
	}
	scan_fail(sc, &rule_json_syntax, p,
	     "unexpected word `%.*s`: strings must be in double quotes", n, w);
	scan_span_to(sc, end);
}

/* A closer or a comma where a value should be: says which bracket is
 * missing, when one is the likely cause (`"a": }` an object's `{`, `[}`
 * or `[,` an array's `]`). */
static bool missing_before_value(struct scanner *sc, size_t p)
{
	char c = sc->s[p];
	const struct frame *f = sc->depth ? &sc->frames[sc->depth - 1] : NULL;
	const char *missing = NULL;
	if (f && f->kind == '[' && f->count == 1 && c == '}')
		missing = "{` missing, or a `]";   /* [} : an object not opened, or an array not closed */
	else if (f && f->kind == '[' && f->count == 1 && c == ',')
		missing = "]";   /* [, : an empty array not closed */
	else if (c == '}')
		missing = "{";
	else if (c == ']')
		missing = "[";
	if (!missing)
		return false;
	scan_fail(sc, &rule_json_syntax, p, "expected a value, found `%c`: is a `%s` missing?", c, missing);
	return true;
}

/* The string that would end at the first `"` on p's line, when a value
 * could end there (a `,`, `]`, `}` or `:`, or the line's end, after it):
 * that quote, or SIZE_MAX. */
static size_t quote_on_line(const struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	while (p < sc->len && s[p] != '"' && s[p] != '\n' && s[p] != '\r')
		p++;
	if (p >= sc->len || s[p] != '"')
		return SIZE_MAX;
	size_t q = p + 1;
	while (s[q] == ' ' || s[q] == '\t')
		q++;
	return q >= sc->len || (s[q] && strchr(",]}:\r\n", s[q])) ? p : SIZE_MAX;
}

/* A character beyond ASCII where a value should be (`"team": Ōsaka"`):
 * text that is not in quotes, most likely a string without its opening
 * quote when a `"` ends it on its line. */
__attribute__((cold, noinline))
static void text_not_in_quotes(struct scanner *sc, size_t p)
{
	char what[64], end[48];
	size_t quote = quote_on_line(sc, p);
	if (quote != SIZE_MAX)
		scan_fail(sc, &rule_json_syntax, p, "expected a value, found %s: is the opening `\"` of "
		     "the string that ends at %s missing?", hint_describe(sc, p, what),
		     scan_where(sc, quote, end));
	else
		scan_fail(sc, &rule_json_syntax, p, "expected a value, found %s: strings must be in "
		     "double quotes", hint_describe(sc, p, what));
}

/* p is at what should be a value, and is none. */
__attribute__((cold, noinline))
void hint_not_a_value(struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	char c = s[p];
	if (c == '\'')
		scan_fail(sc, &rule_json_syntax, p, "strings must be in double quotes, not single quotes");
	else if (c == '.' && p + 1 < sc->len && is_digit(s[p + 1]))
		scan_fail(sc, &rule_json_syntax, p, "a number must start with a digit: write `0%c…`", '.');
	else if (c == '+')
		scan_fail(sc, &rule_json_syntax, p, "a number must not start with `+`");
	else if (missing_before_value(sc, p))
		;
	else if ((unsigned char)c >= 0x80 && utf8_valid(sc, p))
		text_not_in_quotes(sc, p);
	else
		unexpected(sc, p, "a value");
}

/* White space from p, without skip_ws's finding on a comment: for the
 * look-ahead of a hint. */
static size_t past_ws(const struct scanner *sc, size_t p)
{
	while (is_ws(sc->s[p]))   /* the text ends in a NUL, which is not white space */
		p++;
	return p;
}

/* Past the string at p, closed on its line; SIZE_MAX if it is not. */
static size_t past_string(const struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	for (p++; p < sc->len && s[p] != '"' && s[p] != '\n' && s[p] != '\r'; p++)
		if (s[p] == '\\')
			p++;
	return p < sc->len && s[p] == '"' ? p + 1 : SIZE_MAX;
}

/* Whether the text from p reads as the elements of an array whose `[` is
 * missing: values (strings closed on their line, numbers, words, and
 * containers whose brackets pair), separated by commas, up to a `]`, with
 * no `:` among them. */
__attribute__((cold, noinline))
static bool elements_to_closer(const struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	for (;;) {
		p = past_ws(sc, p);
		if (p >= sc->len)
			return false;
		if (s[p] == '"') {
			if ((p = past_string(sc, p)) == SIZE_MAX)
				return false;
		} else if (s[p] == '{' || s[p] == '[') {
			size_t depth = 0;
			do {
				if (p >= sc->len)
					return false;
				if (s[p] == '"') {
					if ((p = past_string(sc, p)) == SIZE_MAX)
						return false;
					continue;
				}
				depth += s[p] == '{' || s[p] == '[';
				depth -= s[p] == '}' || s[p] == ']';
				p++;
			} while (depth);
		} else if (s[p] == '-' || is_word(s[p])) {
			while (p < sc->len && (is_word(s[p]) || s[p] == '-' || s[p] == '+' || s[p] == '.'))
				p++;
		} else {
			return false;
		}
		p = past_ws(sc, p);
		if (s[p] == ']')
			return true;
		if (s[p] != ',')
			return false;
		p++;
	}
}

/* Where the value of the member whose key is at key starts. */
static size_t member_value(const struct scanner *sc, size_t key)
{
	size_t v = past_ws(sc, (size_t)(jstring_skip(sc->s + key) - sc->s));
	return past_ws(sc, v + (sc->s[v] == ':'));
}

/* The question of a member that reads as an array's elements, the first
 * at value (after the key at f->key), the one read as a key at p: is a
 * `[` missing before value, or, where f is inside an array, is f's `}`
 * missing before the comma before p (`[{"a": 1, 7]`: the 7 is the
 * array's)? */
static const char *elements_question(struct scanner *sc, const struct frame *f,
				     size_t value, size_t p, char out[160])
{
	char at[48], comma[48];
	size_t c = p;
	while (c > 0 && sc->s[c - 1] != ',')
		c--;
	scan_where(sc, value, at);
	if (f > sc->frames && f[-1].kind == '[' && c > 0)
		snprintf(out, 160, "is a `}` missing before the `,` at %s, or a `[` before the value "
			 "at %s?", scan_where(sc, c - 1, comma), at);
	else
		snprintf(out, 160, "is a `[` missing before the value at %s?", at);
	return out;
}

/* A number or word at p where a key should be, after the member at
 * f->key and a comma: when values run from it up to a `]`
 * (`"scores": 12.5, 7]`), the array's `[` is missing. */
__attribute__((cold, noinline))
static bool value_elements(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	if (!elements_to_closer(sc, p))
		return false;
	char question[160];
	size_t end = p + 1;
	while (end < sc->len && (is_word(s[end]) || s[end] == '.') && end - p < 40)
		end++;
	scan_fail(sc, &rule_json_syntax, p, "expected a key in double quotes, found `%.*s`, and values "
	     "after it up to a `]`: %s", (int)(end - p), s + p,
	     elements_question(sc, f, member_value(sc, f->key), p, question));
	scan_span_to(sc, end);
	return true;
}

/* The key at f->key is followed by the `,` or `]` at p, not a `:`: when
 * the member before it has a value from which values run up to a `]`
 * (`"dates": "2011-04-23", "2011-04-24"]`), the array's `[` is missing.
 * The member before is the entry before the key's in scanner.keys (the
 * look-ahead fails where that is not so: a key given twice is not there). */
__attribute__((cold, noinline))
static bool string_elements(struct scanner *sc, const struct frame *f, size_t p)
{
	size_t last = sc->nkeys;
	if (last > f->keys_start && sc->keys[last - 1].src == f->key)
		last--;
	if (last <= f->keys_start)
		return false;
	size_t value = member_value(sc, sc->keys[last - 1].src);
	if (!elements_to_closer(sc, value))
		return false;
	char question[160];
	scan_fail(sc, &rule_json_syntax, p, "expected `:` after the key, found `%c`, and values after "
	     "it up to a `]`: %s", sc->s[p], elements_question(sc, f, value, f->key, question));
	return true;
}

/* p is at what should be a member's key (after `{` or `,`), and is no
 * `"`: what it is, and what is likely missing. */
__attribute__((cold, noinline))
void hint_not_a_key(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	if ((s[p] == '{' || s[p] == '[') && f->key != NO_KEY) {
		/* After a member's value and a comma, values: an array
		 * whose `[` is not there. */
		char what[64], at[48];
		scan_fail(sc, &rule_json_syntax, p, "expected a key in double quotes, found %s: "
		     "is a `}` missing before the `,`, or a `[` before the value at %s?",
		     hint_describe(sc, p, what), scan_where(sc, member_value(sc, f->key), at));
	} else if ((s[p] == ',' || s[p] == ']') && !f->count) {
		scan_fail(sc, &rule_json_syntax, p, "expected a key in double quotes, found `%c`: "
		     "is a `}` missing?", s[p]);
	} else if (s[p] == '\'') {
		scan_fail(sc, &rule_json_syntax, p,
		     "object keys must be in double quotes, not single quotes");
	} else if (f->key != NO_KEY && (s[p] == '-' || is_word(s[p])) &&
		   value_elements(sc, f, p)) {
		;
	} else if (is_word(s[p])) {
		size_t end = p;
		while (end < sc->len && is_word(s[end]))
			end++;
		hint_bad_word(sc, p, end, true);
	} else {
		unexpected(sc, p, "a key in double quotes");
	}
}

/* The key at f->key, which ends at end, is followed by p, not a `:`. */
__attribute__((cold, noinline))
void hint_no_colon(struct scanner *sc, const struct frame *f, size_t p, size_t end)
{
	const char *s = sc->s;
	char what[64];
	if (p < sc->len && (unsigned char)s[p] >= 0x80 && !scan_utf8_check(sc, p))
		return;
	char c = p < sc->len ? s[p] : 0;
	bool value = c == '"' || c == '{' || c == '[' || c == '-' || is_word(c);
	const char *colon = memchr(s + f->key + 1, ':', end - f->key - 1);
	if ((c == ',' || c == ']') && string_elements(sc, f, p)) {
		;
	} else if (colon) {
		/* "board: { "size": the key ran on to the next quote. */
		char at[48];
		scan_fail(sc, &rule_json_syntax, p, "expected `:` after the key, found %s: is the "
		     "key's closing `\"` missing before the `:` at %s?", hint_describe(sc, p, what),
		     scan_where(sc, (size_t)(colon - s), at));
	} else {
		scan_fail(sc, &rule_json_syntax, p, "expected `:` after the key, found %s%s",
		     hint_describe(sc, p, what), value ? ": is a `:` missing?" :
		     c == ']' ? ": is a `[` missing before the values?" : "");
	}
}

/* After the number or word that ends at value_end, the text at p: when it
 * runs on to a `"` on its line (`"date": 2023-12-31"`, `4.3.0"`), the
 * string's opening quote is missing. */
static bool opening_quote_missing(struct scanner *sc, size_t p, size_t value_end,
				  const char *expected)
{
	const char *s = sc->s;
	size_t start = value_end;
	while (start > 0 && (is_word(s[start - 1]) || (s[start - 1] && strchr(".+-", s[start - 1]))))
		start--;
	size_t before = start;
	while (before > 0 && (s[before - 1] == ' ' || s[before - 1] == '\t' ||
			      s[before - 1] == '\n' || s[before - 1] == '\r'))
		before--;
	if (start == value_end || !before || !s[before - 1] || !strchr(":,[", s[before - 1]))
		return false;
	size_t quote = quote_on_line(sc, p);
	if (quote == SIZE_MAX)
		return false;
	char what[64], at[48], end[48];
	scan_fail(sc, &rule_json_syntax, p, "expected %s, found %s: is the opening `\"` of the string "
	     "that ends at %s missing before the value at %s?", expected, hint_describe(sc, p, what),
	     scan_where(sc, quote, end), scan_where(sc, start, at));
	return true;
}

/* After a value inside the container f, at p: neither a `,` nor f's
 * closer (nor another closer). */
__attribute__((cold, noinline))
void hint_not_a_separator(struct scanner *sc, const struct frame *f, size_t p, size_t value_end)
{
	const char *s = sc->s;
	char at[48];
	char c = s[p];
	const char *expected = f->kind == '{' ? "`,` or `}` after the member"
					      : "`,` or `]` after the element";
	if (c == ':' && sc->string_end == value_end) {
		/* "move": "color": "white": the string is a key. */
		scan_fail(sc, &rule_json_syntax, p, "expected %s, found `:` after the string at %s, "
		     "which reads as a key: is a `{` missing before it?", expected,
		     scan_where(sc, sc->string_start, at));
	} else if (c == ':') {
		/* "ai": true :}: only a string can be a key. */
		scan_fail(sc, &rule_json_syntax, p, "expected %s, found `:` after a value that is no "
		     "string, so no key: is this `:` one too many?", expected);
	} else if (p > 0 && s[p - 1] == '"' && c != '"' && c != '{' && c != '[') {
		/* Text right after a closing quote: "He said "hello"" */
		char what[64];
		scan_fail(sc, &rule_json_syntax, p, "expected %s, found %s right after the closing "
		     "quote of a string: is a `\"` inside the string not escaped? Write it as "
		     "`\\\"`", expected, hint_describe(sc, p, what));
	} else if (sc->string_end != value_end &&
		   opening_quote_missing(sc, p, value_end, expected)) {
		;
	} else if (c == '"' || c == '{' || c == '[' || c == '-' || is_word(c)) {
		char what[64];
		scan_fail(sc, &rule_json_syntax, p, "expected %s, found %s: is a comma missing?",
		     expected, hint_describe(sc, p, what));
	} else {
		unexpected(sc, p, expected);
	}
}

/* A comma, then the closer at p, then (past white space) what the
 * container f takes after a comma: a key in an object, a value in an
 * array (`"a": 1, }"b": 2`). Read as a trailing comma, the closer ends f
 * and the text breaks right after it; read as one bracket too many,
 * nothing else is wrong: that is the one finding, at the bracket. */
__attribute__((cold, noinline))
bool hint_closer_too_many(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	size_t q = past_ws(sc, p + 1);
	char c = s[q];
	bool fits = f->kind == '{' ? c == '"' :
		    c == '"' || c == '{' || c == '[' || c == '-' || is_word(c);
	if (q >= sc->len || !fits)
		return false;
	char what[64];
	scan_fail(sc, &rule_json_syntax, p, "expected %s after the comma, found `%c`, and %s after it: "
	     "is this `%c` one too many?", f->kind == '{' ? "a key in double quotes" : "a value",
	     s[p], hint_describe(sc, q, what), s[p]);
	scan_span_to(sc, p + 1);
	return true;
}

/* A comma in the array f, then the bracket at p, then f's own `]`, which
 * f's parent cannot take (`[[…], ] ]`): read as a trailing comma, the
 * text breaks at that `]`; read as an empty array or object whose opening
 * bracket is missing, nothing else is wrong. */
__attribute__((cold, noinline))
bool hint_closer_unopened(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	size_t q = past_ws(sc, p + 1);
	const struct frame *parent = sc->depth > 1 ? f - 1 : NULL;
	if (f->kind != '[' || s[q] != ']' || (parent && parent->kind == '['))
		return false;
	char open = s[p] == ']' ? '[' : '{';
	scan_fail(sc, &rule_json_syntax, p, "expected a value after the comma, found `%c`, and a `]` "
	     "after it that nothing else would close: is a `%c` missing before it (`%c%c`)?",
	     s[p], open, open, s[p]);
	scan_span_to(sc, p + 1);
	return true;
}

/* Text at p after the document, whose last value ends at value_end. A
 * `:` after a string reads as a key's; a `]` or `}` closes what nothing
 * opened; a comma followed by values up to a `]` at the end of the text
 * (`{…}, {…}]`) is an array without its `[`. */
__attribute__((cold, noinline))
void hint_after_document(struct scanner *sc, size_t p, size_t value_end)
{
	const char *text = sc->s;
	char what[64];
	if (text[p] == ':' && sc->string_end == value_end) {
		char at[48];
		scan_fail(sc, &rule_json_syntax, p, "found `:` after the string at %s, which "
		     "reads as a key: is a `{` missing before it?",
		     scan_where(sc, sc->string_start, at));
		return;
	}
	if ((unsigned char)text[p] >= 0x80 && !scan_utf8_check(sc, p))
		return;
	size_t last = sc->len;
	while (last > p && is_ws(text[last - 1]))
		last--;
	char c = text[p];
	if (c == ']' || c == '}')
		scan_fail(sc, &rule_json_syntax, p, "found `%c` after the end of the JSON document: is a "
		     "`%c` missing before it, or is this `%c` one too many?", c, c == ']' ? '[' : '{', c);
	else if (c == ',' && last > p + 1 && text[last - 1] == ']')
		scan_fail(sc, &rule_json_syntax, p, "found `,` after the end of the JSON document, whose "
		     "text ends with a `]` that nothing opened: is a `[` missing?");
	else
		scan_fail(sc, &rule_json_syntax, p, "found %s after the end of the JSON document; remove it",
		     hint_describe(sc, p, what));
}

const struct hint_wide *hint_wide_encoding(const char *text, size_t len)
{
	static const struct hint_wide encodings[] = {
		{ "\x00\x00\xFE\xFF", "UTF-32", "big-endian; it starts with the UTF-32 byte order "
		  "mark 00 00 FE FF", "UTF-32" },
		{ "\xFF\xFE\x00\x00", "UTF-32", "little-endian; it starts with the UTF-32 byte order "
		  "mark FF FE 00 00", "UTF-32" },
		{ "\xFE\xFF", "UTF-16", "big-endian; it starts with the UTF-16 byte order mark FE FF",
		  "UTF-16" },
		{ "\xFF\xFE", "UTF-16", "little-endian; it starts with the UTF-16 byte order mark FF FE",
		  "UTF-16" },
		{ "\x00\x00\x00X", "UTF-32", "big-endian, without a byte order mark: three NUL bytes "
		  "before each ASCII character", "UTF-32BE" },
		{ "X\x00\x00\x00", "UTF-32", "little-endian, without a byte order mark: three NUL "
		  "bytes after each ASCII character", "UTF-32LE" },
		{ "\x00X\x00X", "UTF-16", "big-endian, without a byte order mark: a NUL byte before "
		  "each ASCII character", "UTF-16BE" },
		{ "X\x00X\x00", "UTF-16", "little-endian, without a byte order mark: a NUL byte after "
		  "each ASCII character", "UTF-16LE" },
	};
	static const size_t lengths[] = { 4, 4, 2, 2, 4, 4, 4, 4 };
	for (size_t i = 0; i < sizeof encodings / sizeof *encodings; i++) {
		size_t n = lengths[i];
		bool match = len >= n;
		for (size_t k = 0; match && k < n; k++)
			match = encodings[i].bytes[k] == 'X' ? text[k] != 0 :
				text[k] == encodings[i].bytes[k];
		if (match)
			return &encodings[i];
	}
	return NULL;
}
