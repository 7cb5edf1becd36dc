/* pointer: building and splitting RFC 6901 JSON pointers. */
#ifndef JGF_POINTER_H
#define JGF_POINTER_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "base/buf.h"

/* Appends "/" and the key with `~` and `/` escaped. */
void pointer_push_key(struct buf *ptr, const char *key, size_t len);
void pointer_push_index(struct buf *ptr, size_t index);
/* Reads the next reference token of *p (which points at a '/') into tok,
 * unescaped; advances *p. Returns false at the end of the pointer. */
bool pointer_next(const char **p, struct buf *tok);
/* Whether pointer is the n bytes of prefix or under it ("/tree" holds
 * "/tree" and "/tree/0", not "/trees"). Inline: the SGF walk asks it of
 * every finding's pointer. */
static inline bool pointer_within(const char *pointer, const char *prefix, size_t n)
{
	return strncmp(pointer, prefix, n) == 0 && (!pointer[n] || pointer[n] == '/');
}

#endif
