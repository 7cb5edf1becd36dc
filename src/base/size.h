/* size: a size as the options write it. */
#ifndef JGF_SIZE_H
#define JGF_SIZE_H

#include <stdbool.h>
#include <stddef.h>

/* arg as a number of bytes, or of KiB, MiB or GiB with K, M or G (either
 * case) after it, into *out; false when it is not one, is 0 or does not
 * fit a size_t. */
bool size_parse(const char *arg, size_t *out);

#endif
