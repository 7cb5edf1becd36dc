/* detect_sample: the text a guess shows read in its two sets (guess_sample, detect_sample.h). */
#include "base/detect_sample.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/charset.h"

/* The window of s around its first byte beyond ASCII from h on, whole
 * characters of name: from the start of its value (a few bytes back at
 * most) to its end, or as much of it as size bytes hold; h, *a, *z. */
static size_t sample_window(const char *name, const unsigned char *s, size_t len, size_t h,
			    size_t size, size_t *a, size_t *z)
{
	while (h < len && s[h] < 0x80)
		h++;
	*a = *z = h;
	while (*a > 0 && h - *a < 8 && !strchr("[]=\n\r", s[*a - 1]))
		--*a;
	if (*a > 0 && !strchr("[]=\n\r", s[*a - 1])) {   /* inside a value: from a word's start */
		const char *blank = memchr(s + *a, ' ', h - *a);
		*a = blank ? (size_t)(blank - (const char *)s) + 1 : *a;
	}
	while (*z < len && !strchr("]\n\r", s[*z])) {
		size_t k = charset_char_len(name, (const char *)s + *z, len - *z);
		if (*z + k - *a > size)
			break;
		*z += k;
	}
	return h;
}

/* Whether the readers of sets x and y read the n bytes at s alike: the
 * same characters (a byte neither reads as one counts as U+FFFD). */
static bool window_alike(struct charset_reader *rx, const char *x, struct charset_reader *ry,
			 const char *y, const unsigned char *s, size_t n)
{
	struct charset_reader *rd[2] = { rx, ry };
	const char *name[2] = { x, y };
	size_t at[2] = { 0, 0 };
	while (at[0] < n || at[1] < n) {
		uint32_t cp[2] = { 0xFFFFFFFFu, 0xFFFFFFFFu };   /* none: the window ended */
		for (int w = 0; w < 2; w++) {
			if (at[w] >= n)
				continue;
			const char *c = (const char *)s + at[w];
			size_t k = s[at[w]] < 0x80 ? 1 : charset_char_len(name[w], c, n - at[w]);
			if (s[at[w]] < 0x80)
				cp[w] = s[at[w]];
			else if (!charset_reader_char(rd[w], c, k, &cp[w]))
				cp[w] = 0xFFFD;
			at[w] += k;
		}
		if (cp[0] != cp[1])
			return false;
	}
	return true;
}

size_t guess_sample(const unsigned char *s, size_t len, const char *name, const char *other,
		    char *out, size_t size)
{
	size_t a, z;
	size_t h = sample_window(name, s, len, 0, size, &a, &z);
	size_t first_a = a, first_z = z;
	struct charset_reader *rx = other ? charset_reader_open(name) : NULL;
	struct charset_reader *ry = rx ? charset_reader_open(other) : NULL;
	while (ry && h < len && window_alike(rx, name, ry, other, s + a, z - a))
		h = sample_window(name, s, len, z > h ? z : h + 1, size, &a, &z);
	if (!ry || h >= len)
		a = first_a, z = first_z;
	if (rx)
		charset_reader_close(rx);
	if (ry)
		charset_reader_close(ry);
	memcpy(out, s + a, z - a);
	return z - a;
}
