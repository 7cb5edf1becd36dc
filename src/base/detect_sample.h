/* detect_sample: the text a guess of detection (detect.h) shows read in
 * each of its two sets, for the note to show what each makes of it. */
#ifndef JGF_DETECT_SAMPLE_H
#define JGF_DETECT_SAMPLE_H

#include <stddef.h>

/* The first text beyond ASCII of the len bytes at s that the sets name and
 * other (iconv names) read differently (a name, a word: whole characters
 * of name, from its value's start or a word's a few bytes back at most, to
 * the value's end or as much as size bytes hold), as written, into out;
 * the first text beyond ASCII where none does, or other is NULL. Returns
 * its length. (Jüri Tamm reads alike in Windows-1254 and Windows-1257: a
 * sample of it showed two equal texts, where Žukauskas beside it shows
 * Şukauskas and Žukauskas, REVIEW.md R144.) */
size_t guess_sample(const unsigned char *s, size_t len, const char *name, const char *other,
		    char *out, size_t size);

#endif
