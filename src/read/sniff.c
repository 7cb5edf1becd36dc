/* sniff: first-bytes recognition of SGF, UGF/UGI, GIB, NGF and UGZ. */
#include "read/sniff.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The text's characters as ASCII, whatever the byte order mark says:
 * UTF-16 puts a zero byte beside every ASCII character. */
struct cursor {
	const unsigned char *p, *end;
	int step, skip;   /* bytes per character, offset of the ASCII byte */
};

static int peek(const struct cursor *c)
{
	if (c->end - c->p < c->step)
		return -1;
	if (c->step == 2 && c->p[1 - c->skip] != 0)
		return -1;
	return c->p[c->skip];
}

static void next(struct cursor *c) { c->p += c->step; }

static void skip_space(struct cursor *c)
{
	for (int ch; (ch = peek(c)) == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f';)
		next(c);
}

static bool upper(char c) { return c >= 'A' && c <= 'Z'; }

/* NGF: the board size alone on the second line (or GI before the first),
 * and a PM move line among the first 200 lines. */
static bool ngf(const char *text, size_t len)
{
	const char *s = text, *end = text + len;
	bool header = len >= 2 && text[0] == 'G' && text[1] == 'I';
	for (int no = 0; s < end && no < 200; no++) {
		const char *e = memchr(s, '\n', (size_t)(end - s));
		if (!e)
			e = end;
		size_t n = (size_t)(e - s);
		while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (no == 1 && !header) {
			size_t i = 0;
			while (i < n && s[i] == ' ')
				i++;
			int v = 0, digits = 0;
			while (i < n && s[i] >= '0' && s[i] <= '9' && digits < 3)
				v = v * 10 + (s[i++] - '0'), digits++;
			header = digits && i == n && v >= 2 && v <= 52;
			if (!header)
				return false;
		}
		if (header && n >= 9 && s[0] == 'P' && s[1] == 'M' && upper(s[2]) && upper(s[3]) &&
		    (s[4] == 'B' || s[4] == 'W') && upper(s[5]) && upper(s[6]) && upper(s[7]) &&
		    upper(s[8]))
			return true;
		s = e + 1;
	}
	return false;
}

size_t sniff_text_end(const char *s, size_t len)
{
	if (len > 65536)
		len = 65536;
	for (size_t i = 0; i < len; i++) {
		unsigned char u = (unsigned char)s[i];
		if (u < 0x20 && (!u || !strchr("\t\n\v\f\r\x1a\x1b", u)))
			return i;
	}
	return len;
}

/* Whether a game tree follows text in the first 64 KiB, before any byte
 * text does not hold (sniff_text_end): "(;" at the start
 * of a line, or anywhere else when a property follows it ("(;GM[", "( ;
 * FF [") or the tree ends there, empty ("(;)"), as after a date
 * or a stray property on the game's first line (`] 01-11-2017~(;`,
 * `CA[UTF-8](;`, SGFC's own `B[aa](;)`): a "(;" in prose or code
 * (for(;;)) has neither. */
static bool tree_after_text(const char *s, size_t len)
{
	len = sniff_text_end(s, len);
	for (size_t i = 0; i + 1 < len; i++) {
		if (s[i] != '(')
			continue;
		if (s[i + 1] == ';' && (i == 0 || s[i - 1] == '\n' || s[i - 1] == '\r'))
			return true;
		size_t j = i + 1;
		while (j < len && strchr(" \t\r\n", s[j]) && s[j])
			j++;
		/* After a value (`B[aa](GM[1];...`), a `(` whose `;` was lost
		 * and then a property, as the reader takes it (starts_game). */
		size_t b = i;
		while (b > 0 && strchr(" \t\r\n", s[b - 1]) && s[b - 1])
			b--;
		bool after_value = b > 0 && s[b - 1] == ']';
		if (j >= len || (s[j] != ';' && !after_value))
			continue;
		if (s[j] == ';') {
			j++;
			while (j < len && strchr(" \t\r\n", s[j]) && s[j])
				j++;
			if (j < len && s[j] == ')')
				return true;   /* an empty tree, `(;)` (code's for(;;) has none) */
		}
		size_t letters = 0;
		while (j < len && ((s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= 'a' && s[j] <= 'z')))
			j++, letters++;
		while (j < len && strchr(" \t\r\n", s[j]) && s[j])
			j++;
		if (letters && j < len && s[j] == '[')
			return true;
	}
	return false;
}

/* What text that starts no format is: SGF when a game tree follows text
 * (a mail header, a web page's words, a date: SGFC skips it, and so does
 * the reader, with a note), unless it starts as JSON does. */
static enum text_format other(const char *text, size_t len, int first, int step)
{
	return step == 1 && first != '{' && first != '[' && first != '"' &&
	       tree_after_text(text, len) ? TEXT_SGF : TEXT_OTHER;
}

/* An LHA header at p: its size (levels 0 and 1: one byte, 20 or more;
 * level 2: two bytes; level 3: its word size, 4, in two), then the method,
 * `-lh?-` (0 to 7, d for a directory) or LArc's `-lz?-` (4, 5, s). */
static bool lha_header(const unsigned char *p, size_t left)
{
	if (left < 7 || p[2] != '-' || p[6] != '-' || p[3] != 'l')
		return false;
	bool method = (p[4] == 'h' && ((p[5] >= '0' && p[5] <= '7') || p[5] == 'd')) ||
		      (p[4] == 'z' && (p[5] == '4' || p[5] == '5' || p[5] == 's'));
	return method && (p[0] >= 20 || p[1] || p[0] == 4);
}

bool sniff_lha(const char *text, size_t len, size_t *start)
{
	const unsigned char *p = (const unsigned char *)text;
	for (size_t at = 0; at <= 2; at += 2) {
		if (len >= at && lha_header(p + at, len - at)) {
			*start = at;
			return true;
		}
	}
	return false;
}

static unsigned crc_add(unsigned crc, const unsigned char *data, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		crc ^= data[i];
		for (int b = 0; b < 8; b++)
			crc = crc & 1 ? (crc >> 1) ^ 0xA001 : crc >> 1;
	}
	return crc;
}

unsigned sniff_lha_crc16(const unsigned char *data, size_t len)
{
	return crc_add(0, data, len);
}

#define LE16(p) ((size_t)(p)[0] | (size_t)(p)[1] << 8)
#define LE32(p) (LE16(p) | LE16((p) + 2) << 16)

/* A header's extended headers (len bytes in all, from first: each its size
 * in its first w bytes, 2 or level 3's 4, a size 0 the last; a level 1's
 * from the two bytes that end its base header) walked as liblhasa walks
 * them: false where it reads no file (a chain it refuses); else in *at the
 * offset of the CRC field of the last common header (type 0; 0: none),
 * whose value liblhasa checks, and in *crc the CRC of all len bytes with
 * every common header's field read as 0, as liblhasa reads them. */
static bool ext_walk(const unsigned char *p, size_t len, size_t first, size_t w, size_t *at,
		     unsigned *crc)
{
	static const unsigned char zero[2];
	size_t left = len - first - w, from = 0;
	*at = 0, *crc = 0;
	for (size_t off = first; off <= len - w;) {
		size_t size = w == 4 ? LE32(p + off) : LE16(p + off);
		if (!size)
			break;
		if (size < w + 1 || size > left)
			return false;
		if (!p[off + w] && size >= w + 3) {
			*at = off + w + 1;
			*crc = crc_add(crc_add(*crc, p + from, *at - from), zero, 2);
			from = *at + 2;
		}
		off += size, left -= size;
	}
	*crc = crc_add(*crc, p + from, len - from);
	return true;
}

/* LHA's level 0 and 1 headers (UGZ files are level 1): a byte of their
 * size less two, its checksum (the sum of those bytes), the method, the
 * packed size (level 1: with its extended headers, which follow it, each
 * chained by the size of the next in its last two bytes), ..., the level at
 * byte 20. A level 2 header: two bytes of its whole size (OS-9's: two bytes
 * short), the method, the packed size (of the data alone), ..., the level
 * at byte 20, the OS at 23, its extended headers from 24. Level 3: the word
 * size (4) in two bytes, then as level 2 to the OS, four bytes of its whole
 * size (at most 1 MB, as liblhasa reads it), its extended headers from 28,
 * each with four bytes of size. liblhasa reads a header whose checksum and
 * chain hold, and whose common header (type 0), when it has one, holds the
 * CRC of all its bytes (ext_walk), which sniff_lha_no_data makes again;
 * others it refuses once it has read them (refused). */
/* Where liblhasa reads n bytes of a header and refuses them (no file,
 * and nothing after it is read): their length, *data SIZE_MAX. */
static size_t refused(size_t n, size_t *need, size_t *data)
{
	*need = 0, *data = SIZE_MAX;
	return n;
}

/* sniff_lha_headers' and sniff_lha_later's, once p is a header's. */
static size_t headers_at(const unsigned char *p, size_t avail, size_t *need, size_t *data)
{
	size_t at, len, first = 24, w = 2;
	unsigned crc;
	if (p[20] == 3) {
		if (LE16(p) != 4)
			return refused(22, need, data);
		if (avail < (*need = 32))
			return 0;
		len = LE32(p + 24), first = 28, w = 4;
		if (len < 32 || len > 1024 * 1024)
			return refused(32, need, data);
	} else if (p[20] == 2) {
		if ((len = LE16(p)) < 26)
			return refused(22, need, data);
	} else {
		if (p[20] > 1 || p[0] < (p[20] ? 25 : 22))   /* (levels 0 and 1 at least) */
			return refused(22, need, data);
		size_t head = (size_t)p[0] + 2, sum = 0, ext = 0;
		if (avail < (*need = head))
			return 0;
		for (size_t i = 2; i < head; i++)
			sum += p[i];
		size_t packed = LE32(p + 7);
		if ((sum & 0xFF) != p[1])
			return refused(head, need, data);
		for (size_t next = p[20] ? LE16(p + head - 2) : 0; next;) {
			if (avail < (*need = head + ext + next))
				return 0;
			if (next < 3 || next > packed - ext)
				return refused(head + ext + next, need, data);
			ext += next;
			next = LE16(p + head + ext - 2);
		}
		len = head + ext, first = head - 2;
		*data = packed - ext;
		if (!p[20])
			return len;
	}
	if (avail < (*need = len))
		return 0;
	if (p[20] == 2 && p[23] == 'K')   /* OS-9's (read once the header is there: R191) */
		if (avail < (*need = len += 2))
			return 0;
	if (!ext_walk(p, len, first, w, &at, &crc))
		return refused(len, need, data);
	if (p[20] >= 2)
		*data = LE32(p + 7);
	if (at && crc != LE16(p + at))
		*data = SIZE_MAX;   /* liblhasa reads these bytes and no file */
	return len;
}

size_t sniff_lha_headers(const char *text, size_t avail, size_t *need, size_t *data)
{
	const unsigned char *p = (const unsigned char *)text;
	*need = 22;   /* what liblhasa reads first */
	if (avail < *need || !lha_header(p, avail))
		return *need = 0;
	return headers_at(p, avail, need, data);
}

size_t sniff_lha_later(const char *text, size_t avail, size_t *need, size_t *data)
{
	const unsigned char *p = (const unsigned char *)text;
	*need = 22;
	if (avail < *need)
		return *need = 0;
	return headers_at(p, avail, need, data);
}

void sniff_lha_no_data(char *headers, size_t len)
{
	unsigned char *p = (unsigned char *)headers;
	size_t first = p[20] == 3 ? 28 : 24, at;
	unsigned crc;
	if (p[20] >= 2) {
		memset(p + 7, 0, 4);
	} else {
		size_t head = (size_t)p[0] + 2, ext = len - head, sum = 0;
		for (int i = 0; i < 4; i++)
			p[7 + i] = (unsigned char)(ext >> 8 * i);
		for (size_t i = 2; i < head; i++)
			sum += p[i];
		p[1] = (unsigned char)sum;
		first = head - 2;
	}
	if (p[20] && ext_walk(p, len, first, p[20] == 3 ? 4 : 2, &at, &crc) && at)
		p[at] = (unsigned char)crc, p[at + 1] = (unsigned char)(crc >> 8);
}

static bool no_lhasa;   /* the test hook's */

void sniff_test_no_lhasa(bool on)
{
	no_lhasa = on;
}

bool sniff_ugz_readable(void)
{
#ifdef HAVE_LHASA
	return !no_lhasa;
#else
	return false;
#endif
}

const char sniff_ugz_unreadable[] =
	"this is a UGZ game record (a UGF record compressed with LHA), not JGF, and this "
	"jgflint was built without liblhasa, which reads it: install it (on Debian or "
	"Ubuntu: apt-get install liblhasa-dev), then run ./configure and make again; or "
	"unpack it with an LHA extractor (lha x, after its first two bytes) and check the "
	"UGF file";

enum text_format sniff_text(const char *text, size_t len)
{
	size_t lha;
	if (sniff_lha(text, len, &lha))
		return TEXT_UGZ;
	struct cursor c = { (const unsigned char *)text, (const unsigned char *)text + len, 1, 0 };
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		c.p += 3;
	else if (len >= 2 && memcmp(text, "\xFF\xFE", 2) == 0)
		c.p += 2, c.step = 2, c.skip = 0;
	else if (len >= 2 && memcmp(text, "\xFE\xFF", 2) == 0)
		c.p += 2, c.step = 2, c.skip = 1;
	else if (len >= 2 && text[0] && !text[1])   /* UTF-16LE without a mark */
		c.step = 2, c.skip = 0;
	else if (len >= 2 && !text[0] && text[1])   /* UTF-16BE without a mark */
		c.step = 2, c.skip = 1;
	const char *body = (const char *)c.p;   /* after the mark */
	skip_space(&c);
	int first = peek(&c);
	if (first == '(') {
		next(&c);
		skip_space(&c);
		if (peek(&c) == ';')
			return TEXT_SGF;
		/* Properties before the first node, as in some editors' output
		 * (read leniently, as SGFC does): `(` then `ID[`. */
		int n = 0;
		for (int ch; (ch = peek(&c)) != -1 && ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'));)
			next(&c), n++;
		skip_space(&c);
		return n && peek(&c) == '[' ? TEXT_SGF : other(text, len, first, c.step);
	}
	if (peek(&c) == '\\' && c.step == 1) {
		const char *p = (const char *)c.p;
		size_t left = (size_t)(c.end - c.p);
		if ((left >= 3 && !memcmp(p, "\\HS", 3)) || (left >= 3 && !memcmp(p, "\\[", 2) &&
		    memchr(p, '=', left < 64 ? left : 64)))
			return TEXT_GIB;
		return other(text, len, first, c.step);
	}
	if (c.step == 1 && peek(&c) != '{' && peek(&c) != '[' && peek(&c) != '#' &&
	    ngf(body, (size_t)(text + len - body)))
		return TEXT_NGF;
	/* UGF: comment lines starting with '#' may come before [Header]. */
	while (peek(&c) == '#') {
		for (int ch; (ch = peek(&c)) != -1 && ch != '\n';)
			next(&c);
		skip_space(&c);
	}
	for (const char *w = "[Header]"; *w; w++, next(&c))
		if (peek(&c) != *w)
			return other(text, len, first, c.step);
	return TEXT_UGF;
}

const char *sniff_binary(const char *text, size_t len)
{
	static const struct {
		const char *magic;
		size_t len;
		const char *what;
	} kinds[] = {
		{ "\x7F" "ELF", 4, "an ELF program or library" },
		{ "\x1F\x8B", 2, "gzip-compressed data" },
		{ "PK\x03\x04", 4, "a ZIP archive" },
		{ "BZh", 3, "bzip2-compressed data" },
		{ "\xFD" "7zXZ\0", 6, "xz-compressed data" },
		{ "7z\xBC\xAF\x27\x1C", 6, "a 7-Zip archive" },
		{ "\x28\xB5\x2F\xFD", 4, "zstd-compressed data" },
		{ "\x89PNG\r\n\x1A\n", 8, "a PNG image" },
		{ "\xFF\xD8\xFF", 3, "a JPEG image" },
		{ "GIF8", 4, "a GIF image" },
		{ "%PDF-", 5, "a PDF document" },
	};
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
		if (len < kinds[i].len || memcmp(text, kinds[i].magic, kinds[i].len) != 0)
			continue;
		/* "BZh" is bzip2's only with a block size digit after it. */
		if (kinds[i].magic[0] == 'B' && (len < 4 || text[3] < '1' || text[3] > '9'))
			continue;
		return kinds[i].what;
	}
	return NULL;
}

const char *sniff_description(enum text_format f)
{
	switch (f) {
	case TEXT_SGF:
		return "this is an SGF game record (Smart Game Format), not JGF";
	case TEXT_UGF:
		return "this is a UGF/UGI game record (the sectioned text format of Japanese Go "
		       "servers), not JGF";
	case TEXT_GIB:
		return "this is a Tygem GIB game record (the Korean server's format), not JGF";
	case TEXT_NGF:
		return "this is a WBaduk NGF game record (the Korean server's format), not JGF";
	case TEXT_UGZ:
		return "this is a UGZ game record (a UGF record compressed with LHA), not JGF";
	case TEXT_OTHER:
		break;
	}
	return NULL;
}
