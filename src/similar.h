/* similar: how close two names are, for did-you-mean suggestions. */
#ifndef JGF_SIMILAR_H
#define JGF_SIMILAR_H

#include <stddef.h>

/* Levenshtein distance (Komi and komi are one apart); SIZE_MAX for names
 * longer than 64 bytes. */
size_t edit_distance(const char *a, const char *b);

#endif
