/* diff: a unified diff of two texts, for `--diff`. */
#ifndef JGF_DIFF_H
#define JGF_DIFF_H

#include <stddef.h>
#include <stdio.h>

/* Writes the unified diff (3 lines of context) that turns a into b, with
 * both headers naming path (`patch -p0` applies it). */
void diff_unified(FILE *out, const char *path, const char *a, size_t alen,
		  const char *b, size_t blen);

#endif
