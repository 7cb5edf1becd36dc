/* text: document texts as the server holds them, their lines, and exact
 * conversion between the library's byte offsets and LSP positions in the
 * negotiated encoding (UTF-16 code units by default, UTF-8 bytes or UTF-32
 * code points). Lines end at LF, CR LF or a lone CR, as LSP says. Bytes
 * that are not UTF-8 count as U+FFFD, one per maximal subpart (as the
 * WHATWG decoder, VS Code and Python's errors="replace" read them). */
#include "server/text.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <json-c/json.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "base/locate.h"

struct checkpoint {
	size_t offset;   /* a character boundary */
	size_t units;    /* units before it, from the start of the text */
};

#define CK_STEP 4096
/* Lines shorter than this are counted from their start. */
#define SHORT_LINE 8192

struct snap *snap_new(char *text, size_t len)
{
	struct snap *s = xcalloc(1, sizeof *s);
	s->refs = 1;
	s->text = text;
	s->len = len;
	pthread_mutex_init(&s->lock, NULL);
	s->lines = locator_new(text, len, 0);
	locator_line_count(s->lines);   /* built now: the threads only read it */
	return s;
}

struct snap *snap_ref(struct snap *s)
{
	__atomic_add_fetch(&s->refs, 1, __ATOMIC_RELAXED);
	return s;
}

void snap_unref(struct snap *s)
{
	if (!s || __atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	free(s->text);
	locator_free(s->lines);
	for (int i = 0; i < 3; i++)
		free(s->ck[i]);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/* The character at s[i] (i < n): its length in bytes; *astral when it is
 * beyond the BMP. An ill-formed sequence is one character as long as its
 * maximal subpart (at least one byte). */
static size_t decode(const unsigned char *s, size_t i, size_t n, bool *astral)
{
	unsigned char c = s[i];
	*astral = false;
	if (c < 0x80)
		return 1;
	size_t need;
	unsigned char lo = 0x80, hi = 0xBF;
	if (c >= 0xC2 && c <= 0xDF)
		need = 1;
	else if (c == 0xE0)
		need = 2, lo = 0xA0;
	else if (c >= 0xE1 && c <= 0xEC)
		need = 2;
	else if (c == 0xED)
		need = 2, hi = 0x9F;
	else if (c >= 0xEE && c <= 0xEF)
		need = 2;
	else if (c == 0xF0)
		need = 3, lo = 0x90;
	else if (c >= 0xF1 && c <= 0xF3)
		need = 3;
	else if (c == 0xF4)
		need = 3, hi = 0x8F;
	else
		return 1;
	if (i + 1 >= n || s[i + 1] < lo || s[i + 1] > hi)
		return 1;
	size_t k = 2;
	while (k <= need && i + k < n && (s[i + k] & 0xC0) == 0x80)
		k++;
	if (k <= need)
		return k;   /* a maximal subpart: one replacement character */
	*astral = need == 3;
	return need + 1;
}

char *utf8_repaired(const char *text, size_t len, size_t *out_len)
{
	const unsigned char *t = (const unsigned char *)text;
	struct buf out = BUF_INIT;
	size_t done = 0;   /* copied to out up to here */
	for (size_t i = 0; i < len;) {
		if (t[i] < 0x80) {
			i++;
			continue;
		}
		bool astral;
		size_t l = decode(t, i, len, &astral);
		size_t need = t[i] >= 0xF0 ? 3 : t[i] >= 0xE0 ? 2 : 1;
		if (t[i] >= 0xC2 && t[i] <= 0xF4 && l == need + 1) {
			i += l;
			continue;
		}
		buf_add(&out, text + done, i - done);
		buf_adds(&out, "\xEF\xBF\xBD");
		i += l;
		done = i;
	}
	if (!done)
		return NULL;
	buf_add(&out, text + done, len - done);
	*out_len = out.len;
	return buf_detach(&out);
}

static size_t units_of(size_t bytes, bool astral, enum encoding enc)
{
	if (enc == ENC_UTF8)
		return bytes;
	return enc == ENC_UTF16 && astral ? 2 : 1;
}

/* Units in [from, to), from a character boundary. */
static size_t count_units(const struct snap *s, size_t from, size_t to, enum encoding enc)
{
	if (enc == ENC_UTF8)
		return to - from;
	const unsigned char *t = (const unsigned char *)s->text;
	size_t u = 0;
	for (size_t i = from; i < to;) {
		bool astral;
		size_t l = decode(t, i, s->len, &astral);
		if (i + l > to)
			break;   /* to is inside this character */
		u += units_of(l, astral, enc);
		i += l;
	}
	return u;
}

static void build_checkpoints(struct snap *s, enum encoding enc)
{
	size_t cap = s->len / CK_STEP + 2, n = 0;
	struct checkpoint *ck = xmalloc(cap * sizeof *ck);
	const unsigned char *t = (const unsigned char *)s->text;
	size_t units = 0, next = 0;
	for (size_t i = 0; i < s->len;) {
		if (i >= next && n < cap) {
			ck[n++] = (struct checkpoint){ i, units };
			next = i - i % CK_STEP + CK_STEP;
		}
		bool astral;
		size_t l = decode(t, i, s->len, &astral);
		units += units_of(l, astral, enc);
		i += l;
	}
	if (n == 0)
		ck[n++] = (struct checkpoint){ 0, 0 };
	s->nck[enc] = n;
	__atomic_store_n(&s->ck[enc], ck, __ATOMIC_RELEASE);
}

static const struct checkpoint *checkpoints(const struct snap *cs, enum encoding enc, size_t *n)
{
	struct snap *s = (struct snap *)cs;
	struct checkpoint *ck = __atomic_load_n(&s->ck[enc], __ATOMIC_ACQUIRE);
	if (!ck) {
		pthread_mutex_lock(&s->lock);
		if (!s->ck[enc])
			build_checkpoints(s, enc);
		ck = s->ck[enc];
		pthread_mutex_unlock(&s->lock);
	}
	*n = s->nck[enc];
	return ck;
}

/* The checkpoints are in order of offset and of units: the last of them
 * at or before an offset (and, for a column, at most some units) is the
 * first past it, less one; the first, at offset 0, is taken to hold. */
struct ck_ask {
	const struct checkpoint *ck;
	size_t offset, units;
};

static bool ck_past_offset(const void *ctx, size_t i)
{
	const struct ck_ask *a = ctx;
	return a->ck[i].offset > a->offset;
}

static bool ck_past(const void *ctx, size_t i)
{
	const struct ck_ask *a = ctx;
	return a->ck[i].units > a->units || a->ck[i].offset > a->offset;
}

/* Units from the start of the text to offset (a long line's way). */
static size_t units_before(const struct snap *s, size_t offset, enum encoding enc)
{
	size_t n;
	const struct checkpoint *ck = checkpoints(s, enc, &n);
	struct ck_ask a = { ck, offset, 0 };
	size_t lo = bound_first(1, n, ck_past_offset, &a) - 1;   /* the last checkpoint at or before offset */
	return ck[lo].units + count_units(s, ck[lo].offset, offset, enc);
}

size_t snap_line(const struct snap *s, size_t offset)
{
	return locator_line(s->lines, offset) - 1;
}

size_t snap_line_start(const struct snap *s, size_t line)
{
	size_t start, end;
	locator_line_bounds(s->lines, line + 1, &start, &end);
	return start;
}

/* Where line's content starts and ends (before its line break). */
static void line_bounds(const struct snap *s, size_t line, size_t *start, size_t *end)
{
	locator_line_bounds(s->lines, line + 1, start, end);
}

struct lsp_pos snap_position(const struct snap *s, size_t offset, enum encoding enc)
{
	if (offset > s->len)
		offset = s->len;
	size_t line = snap_line(s, offset);
	size_t start = snap_line_start(s, line);
	size_t ch;
	if (enc == ENC_UTF8 || offset - start < SHORT_LINE)
		ch = count_units(s, start, offset, enc);
	else
		ch = units_before(s, offset, enc) - units_before(s, start, enc);
	return (struct lsp_pos){ (uint32_t)line, (uint32_t)ch };
}

size_t snap_offset(const struct snap *s, struct lsp_pos p, enum encoding enc)
{
	if (p.line >= locator_line_count(s->lines))
		return s->len;
	size_t start, end;
	line_bounds(s, p.line, &start, &end);
	const unsigned char *t = (const unsigned char *)s->text;
	size_t i = start, u = 0;
	if (enc == ENC_UTF8) {
		i = p.character > end - start ? end : start + p.character;
		size_t k = i;
		while (k > start && i - k < 3 && (t[k] & 0xC0) == 0x80)
			k--;
		bool astral;
		if (k < i && k + decode(t, k, s->len, &astral) > i)
			return k;   /* inside a character: its start */
		return i;
	}
	if (end - start >= SHORT_LINE && p.character > 0) {
		/* From the checkpoint before the wanted column. */
		size_t n;
		const struct checkpoint *ck = checkpoints(s, enc, &n);
		size_t base = units_before(s, start, enc), want = base + p.character;
		struct ck_ask a = { ck, end, want };
		size_t lo = bound_first(1, n, ck_past, &a) - 1;
		if (ck[lo].offset > start) {
			i = ck[lo].offset;
			u = ck[lo].units - base;
		}
	}
	while (i < end && u < p.character) {
		bool astral;
		size_t l = decode(t, i, s->len, &astral);
		size_t w = units_of(l, astral, enc);
		if (u + w > p.character)
			break;   /* inside a surrogate pair: the character's start */
		u += w;
		i += l;
	}
	return i > end ? end : i;
}

json_object *json_position(struct lsp_pos p)
{
	json_object *o = dom_object();
	dom_add(o, "line", dom_int(p.line));
	dom_add(o, "character", dom_int(p.character));
	return o;
}

json_object *json_range(const struct snap *s, size_t start, size_t end, enum encoding enc)
{
	json_object *o = dom_object();
	struct lsp_pos a = snap_position(s, start, enc);
	struct lsp_pos b = end == start ? a : snap_position(s, end, enc);
	dom_add(o, "start", json_position(a));
	dom_add(o, "end", json_position(b));
	return o;
}

static bool uint_member(json_object *o, const char *key, uint32_t *out)
{
	json_object *v = member_of_type(o, key, json_type_int);
	if (!v)
		return false;
	int64_t n = json_object_get_int64(v);
	if (n < 0 || n > UINT32_MAX)
		return false;
	*out = (uint32_t)n;
	return true;
}

bool parse_position(json_object *o, struct lsp_pos *out)
{
	return o && json_object_is_type(o, json_type_object) && uint_member(o, "line", &out->line) &&
	       uint_member(o, "character", &out->character);
}

/* ---- URIs ---- */

char *uri_to_path(const char *uri)
{
	if (strncasecmp(uri, "file://", 7) != 0)
		return NULL;
	const char *p = uri + 7;
	if (strncasecmp(p, "localhost/", 10) == 0)
		p += 9;
	if (*p != '/')
		return NULL;
	size_t n = strcspn(p, "?#");
	char *out = xmalloc(n + 1), *o = out;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '%') {
			int h = i + 2 < n ? hex_digit(p[i + 1]) : -1;
			int l = h >= 0 ? hex_digit(p[i + 2]) : -1;
			if (h < 0 || l < 0 || (h == 0 && l == 0)) {
				free(out);
				return NULL;
			}
			*o++ = (char)(h * 16 + l);
			i += 2;
		} else {
			*o++ = p[i];
		}
	}
	*o = '\0';
	return out;
}

/* prefix (n bytes, as it is) then name percent-encoded but for the
 * characters in keep. */
static char *uri_encoded(const char *prefix, size_t n, const char *name, const char *keep)
{
	size_t len = strlen(name);
	char *out = xmalloc(n + 3 * len + 1);
	memcpy(out, prefix, n);
	char *o = out + n;
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    (c && strchr(keep, c))) {
			*o++ = (char)c;
		} else {
			*o++ = '%';
			*o++ = hex[c >> 4];
			*o++ = hex[c & 15];
		}
	}
	*o = '\0';
	return out;
}

char *uri_sibling(const char *uri, const char *name)
{
	size_t slash = strcspn(uri, "?#");
	while (slash > 0 && uri[slash - 1] != '/')
		slash--;
	return uri_encoded(uri, slash, name, "-._~");
}

char *path_to_uri(const char *path)
{
	return uri_encoded("file://", 7, path, "-._~/");
}
