/* jstring: reading JSON string literals in text the scanner has already
 * validated (so no error handling here), and small UTF-8 helpers. */
#ifndef JGF_JSTRING_H
#define JGF_JSTRING_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"

/* p points at the opening quote; returns the byte after the closing quote. */
const char *jstring_skip(const char *p);
/* Appends the decoded UTF-8 value (a lone surrogate escape becomes U+FFFD,
 * as json-c does) and returns the byte after the closing quote. */
const char *jstring_decode(const char *p, struct buf *out);
void utf8_encode(struct buf *out, uint32_t cp);

#endif
