/* places: findings placed in the editor's text, which it may have decoded in
 * another character set (places.c). */
#ifndef JGF_SERVER_PLACES_H
#define JGF_SERVER_PLACES_H

#include <stdbool.h>
#include <stddef.h>

/* An offset in one text to be placed in another. */
struct place_mark {
	size_t at;      /* in the text the library read */
	bool end;       /* the end of a range (placed before what follows) */
	size_t *out;    /* where it falls in the editor's text */
};
/* Places the n marks of from (the library's text) in to (the editor's
 * text of the same file, whatever set it was decoded in) by their ASCII
 * characters, which both keep in order; sorts m. Whether each character
 * beyond ASCII of from was found as itself: the editor decoded the file
 * as the library did. */
bool places_align(const char *from, size_t flen, const char *to, size_t tlen,
		  struct place_mark *m, size_t n);
/* The character set (as Vim's ++enc and Emacs name it) in which bytes
 * decode to text, among those an SGF is written in; NULL when none does. */
const char *places_charset(const char *bytes, size_t len, const char *text, size_t tlen);

#endif
