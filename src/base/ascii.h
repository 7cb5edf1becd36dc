/* ascii: the one scan for "where does the ASCII end" (a byte >= 0x80),
 * which the reading of every record's text asks (has_high of each game,
 * UTF-8's validation and detection, the SGF reader's columns): ASCII is
 * most of any record, so it is passed a word at a time. Inline: it is on
 * the hot path of every check, and short. */
#ifndef JGF_ASCII_H
#define JGF_ASCII_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The number of bytes of s (of n) before its first byte >= 0x80: n when
 * all are ASCII. 32 bytes a step (four words or'd), then 8, then bytes;
 * reads no byte at n or beyond. */
static inline size_t ascii_span(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t highs = 0x8080808080808080u;
	size_t i = 0;
	for (; n - i >= 32; i += 32) {
		uint64_t w[4];
		memcpy(w, s + i, sizeof w);
		if ((w[0] | w[1] | w[2] | w[3]) & highs)
			break;
	}
	for (; n - i >= 8; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if (w & highs)
			break;
	}
	while (i < n && s[i] < 0x80)
		i++;
	return i;
}

/* Whether any of the 8 bytes in w is 0 (a borrow marks only bytes above
 * a 0, so the answer, not the place, is exact). */
static inline int word_has_zero(uint64_t w)
{
	return ((w - 0x0101010101010101u) & ~w & 0x8080808080808080u) != 0;
}

/* The number of bytes of s (of n) before its first byte >= 0x80, LF or
 * CR: a run of one-byte characters on one line in any set that writes
 * ASCII as itself (a walk of a file's bytes to a line and column,
 * base/charset.h's charset_walk_to, passes it at once). A word at a time;
 * reads no byte at n or beyond. */
static inline size_t ascii_line_span(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t highs = 0x8080808080808080u, lf = 0x0A0A0A0A0A0A0A0Au,
		       cr = 0x0D0D0D0D0D0D0D0Du;
	size_t i = 0;
	for (; n - i >= 8; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if ((w & highs) || word_has_zero(w ^ lf) || word_has_zero(w ^ cr))
			break;
	}
	while (i < n && s[i] < 0x80 && s[i] != '\n' && s[i] != '\r')
		i++;
	return i;
}

/* The number of bytes of s (of n) before its first that is not printable
 * ASCII (0x20 to 0x7E): a run that escape_invisible (base/jstring.h)
 * leaves as it is, a finding's words most often whole. A word at a time:
 * a byte's high bit, or that of the byte plus 1 (0x7F) or minus 0x20 (a
 * byte below it), marks it; a carry or borrow into the next byte comes
 * only from a byte so marked (0xFF, below 0x20). Reads no byte at n or
 * beyond. */
static inline size_t printable_span(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t highs = 0x8080808080808080u;
	size_t i = 0;
	for (; n - i >= 8; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if ((w | (w + 0x0101010101010101u) | (w - 0x2020202020202020u)) & highs)
			break;
	}
	while (i < n && s[i] >= 0x20 && s[i] < 0x7F)
		i++;
	return i;
}

/* The bytes of the 8 in w that continue a UTF-8 character (top bits 10:
 * no column of their own), counted at once: each byte's bit 7 of
 * w & ~(w << 1) is its own top bit and not its next (the shift moves a
 * byte's bit 6 to its bit 7), the 1s summed by the multiply. */
static inline size_t utf8_continuations_in(uint64_t w)
{
	uint64_t cont = (w & ~(w << 1) & 0x8080808080808080u) >> 7;   /* 1 a byte */
	return (size_t)((cont * 0x0101010101010101u) >> 56);
}

/* The bytes of s (of n) that continue a UTF-8 character: ASCII passed by
 * ascii_span, a word from each byte past it counted at once. */
static inline size_t utf8_continuations(const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t k = 0, i = 0;
	while ((i += ascii_span(s + i, n - i)) < n) {
		if (n - i >= 8) {
			uint64_t w;
			memcpy(&w, s + i, sizeof w);
			k += utf8_continuations_in(w);
			i += 8;
		} else {
			k += (s[i] & 0xC0) == 0x80;
			i++;
		}
	}
	return k;
}

#endif
