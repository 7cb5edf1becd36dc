/* explanations_web: the rules' explanations unpacked (explanations_web.h). */
#ifdef __EMSCRIPTEN__
#include "core/explanations_web.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/once.h"

static char *unpacked;
static struct once unpacked_once = ONCE_INIT;

/* Inflate (RFC 1951) of the one stream web/explanations.cjs writes with
 * Node's zlib (raw deflate): stored, fixed and dynamic blocks, each code
 * read a bit at a time, as zlib's puff.c does (124 KB once, on the first
 * explanation asked for). Input past the stream reads as zero bits; a
 * code, length or distance out of place ends it (false). */
struct inflate {
	const unsigned char *p, *end;
	unsigned hold, held;   /* bits read and not used, their count */
	unsigned char *out;
	size_t o, size;
};

/* A canonical Huffman code: how many codes of each length, and the
 * symbols in code order. */
struct huffman {
	short count[16], symbol[288];
};

static unsigned bits(struct inflate *s, unsigned need)
{
	while (s->held < need) {
		s->hold |= (unsigned)(s->p < s->end ? *s->p++ : 0) << s->held;
		s->held += 8;
	}
	unsigned v = s->hold & ((1u << need) - 1);
	s->hold >>= need, s->held -= need;
	return v;
}

static void huffman_of(struct huffman *h, const unsigned char *length, int n)
{
	short offset[16];
	memset(h->count, 0, sizeof h->count);
	for (int i = 0; i < n; i++)
		h->count[length[i]]++;
	h->count[0] = 0;
	offset[1] = 0;
	for (int l = 1; l < 15; l++)
		offset[l + 1] = (short)(offset[l] + h->count[l]);
	for (int i = 0; i < n; i++)
		if (length[i])
			h->symbol[offset[length[i]]++] = (short)i;
}

static int symbol(struct inflate *s, const struct huffman *h)
{
	int code = 0, first = 0, index = 0;
	for (int l = 1; l < 16; l++) {
		code |= (int)bits(s, 1);
		int count = h->count[l];
		if (code - count < first)
			return h->symbol[index + code - first];
		index += count, first += count;
		first <<= 1, code <<= 1;
	}
	return -1;
}

static const short length_base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const unsigned char length_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const unsigned short distance_base[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97,
	129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const unsigned char distance_extra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

/* A block's symbols up to its end (256), by its two codes. */
static bool codes(struct inflate *s, const struct huffman *lit, const struct huffman *dist)
{
	for (;;) {
		int c = symbol(s, lit);
		if (c < 0 || c > 285)
			return false;
		if (c == 256)
			return true;
		if (c < 256) {
			if (s->o >= s->size)
				return false;
			s->out[s->o++] = (unsigned char)c;
			continue;
		}
		c -= 257;
		size_t len = (size_t)length_base[c] + bits(s, length_extra[c]);
		int d = symbol(s, dist);
		if (d < 0 || d > 29)
			return false;
		size_t back = (size_t)distance_base[d] + bits(s, distance_extra[d]);
		if (back > s->o || len > s->size - s->o)
			return false;
		for (; len; len--, s->o++)
			s->out[s->o] = s->out[s->o - back];
	}
}

/* A dynamic block's two codes, as its header gives them. */
static bool dynamic(struct inflate *s, struct huffman *lit, struct huffman *dist)
{
	static const unsigned char order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13,
		2, 14, 1, 15 };
	unsigned char length[320];
	int nlit = (int)bits(s, 5) + 257, ndist = (int)bits(s, 5) + 1, ncode = (int)bits(s, 4) + 4;
	if (nlit > 286 || ndist > 30)
		return false;
	memset(length, 0, 19);
	for (int i = 0; i < ncode; i++)
		length[order[i]] = (unsigned char)bits(s, 3);
	huffman_of(lit, length, 19);
	for (int i = 0; i < nlit + ndist;) {
		int c = symbol(s, lit);
		if (c < 0)
			return false;
		if (c < 16) {
			length[i++] = (unsigned char)c;
			continue;
		}
		unsigned char again = 0;
		unsigned times = c == 16 ? 3 + bits(s, 2) : c == 17 ? 3 + bits(s, 3) : 11 + bits(s, 7);
		if (c == 16) {
			if (!i)
				return false;
			again = length[i - 1];
		}
		if (i + (int)times > nlit + ndist)
			return false;
		while (times--)
			length[i++] = again;
	}
	huffman_of(lit, length, nlit);
	huffman_of(dist, length + nlit, ndist);
	return true;
}

static bool unpack(void)
{
	struct inflate s = { explanations_packed, explanations_packed + explanations_packed_size, 0, 0,
			     malloc(explanations_size), 0, explanations_size };
	if (!s.out)
		return false;
	struct huffman lit, dist;
	bool last = false, ok = true;
	while (ok && !last) {
		last = bits(&s, 1);
		unsigned type = bits(&s, 2);
		if (type == 0) {   /* stored: from the next byte, its length and the length's complement */
			s.hold = s.held = 0;
			unsigned n = bits(&s, 16);
			ok = (n ^ bits(&s, 16)) == 0xFFFF && n <= (size_t)(s.end - s.p) && n <= s.size - s.o;
			if (ok)
				memcpy(s.out + s.o, s.p, n), s.p += n, s.o += n;
		} else if (type == 1) {
			unsigned char length[288 + 30];
			memset(length, 8, 144), memset(length + 144, 9, 112), memset(length + 256, 7, 24);
			memset(length + 280, 8, 8), memset(length + 288, 5, 30);
			huffman_of(&lit, length, 288);
			huffman_of(&dist, length + 288, 30);
			ok = codes(&s, &lit, &dist);
		} else
			ok = type == 2 && dynamic(&s, &lit, &dist) && codes(&s, &lit, &dist);
	}
	if (!ok || s.o != s.size) {
		free(s.out);
		return false;
	}
	unpacked = (char *)s.out;
	return true;
}

const char *explanations_web_find(const char *id)
{
	for (size_t i = 0; i < explanation_places_count; i++)
		if (!strcmp(explanation_places[i].id, id)) {
			if (!once_run(&unpacked_once, unpack))
				die_oom();
			return unpacked + explanation_places[i].at;
		}
	return NULL;
}
#endif
