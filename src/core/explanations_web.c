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

/* Reads a count that goes on in bytes of 255 (LZ4's), added to n. */
static size_t more(const unsigned char **p, size_t n)
{
	unsigned b;
	do
		n += b = *(*p)++;
	while (b == 255);
	return n;
}

/* LZ77 as web/explanations.cjs packs it: a token (literals, the match's
 * length less 4), the literals, the match's distance back in two bytes. */
static bool unpack(void)
{
	char *out = malloc(explanations_size);
	if (!out)
		return false;
	const unsigned char *p = explanations_packed, *end = p + explanations_packed_size;
	size_t o = 0;
	while (p < end) {
		unsigned t = *p++;
		size_t lit = t >> 4;
		if (lit == 15)
			lit = more(&p, lit);
		memcpy(out + o, p, lit);
		p += lit, o += lit;
		if (p >= end)
			break;
		size_t dist = (size_t)p[0] | (size_t)p[1] << 8, len = (t & 15) + 4;
		p += 2;
		if ((t & 15) == 15)
			len = more(&p, len);
		for (size_t i = 0; i < len; i++, o++)
			out[o] = out[o - dist];
	}
	unpacked = out;
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
