/* words: a record's names in its source's words (words.h). */
#include "core/words.h"

#include <stdio.h>

const char *words_field(const struct words *w, const char *pointer, const char *jgf)
{
	const char *name = w && w->field ? w->field(pointer) : NULL;
	return name ? name : jgf;
}

static char sgf_letter(int i)
{
	return (char)(i < 26 ? 'a' + i : 'A' + i - 26);
}

const char *words_point(const struct words *w, int x, int y, char out[24])
{
	if (w && x >= 0 && y >= 0 && x < 52 && y < 52)
		snprintf(out, 24, "%c%c", sgf_letter(x), sgf_letter(y));
	else
		snprintf(out, 24, "%d, %d", x, y);
	return out;
}
