/* similar: how close two names are, for did-you-mean suggestions. */
#ifndef JGF_SIMILAR_H
#define JGF_SIMILAR_H

#include <stddef.h>

/* Edit distance, with two neighbouring characters swapped counting as one
 * edit (optimal string alignment: Komi and komi, fxi and fix are one
 * apart); SIZE_MAX for names longer than 64 bytes. */
size_t edit_distance(const char *a, const char *b);
/* The candidate closest to name by edit distance (or equal but for case),
 * if close enough to be a slip of the keyboard; else NULL. */
const char *closest_name(const char *name, const char *const *candidates, size_t n);

#endif
