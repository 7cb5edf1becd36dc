/* digits: the one writing of a number's decimal digits, which every
 * writer of a number without printf goes through (a JSON pointer's
 * index, an integer's JSON, a finding's place, a concise line's line and
 * column, a komi's text). Inline: it is on the hot path of every node. */
#ifndef JGF_DIGITS_H
#define JGF_DIGITS_H

#include <stdint.h>

/* The most digits a uint64_t has. */
#define DIGITS_MAX 20

/* Writes v's decimal digits in the DIGITS_MAX bytes before end, the last
 * digit at end[-1], and returns where they begin (no '\0' written). */
static inline char *digits_before(char *end, uint64_t v)
{
	do
		*--end = (char)('0' + v % 10);
	while (v /= 10);
	return end;
}

#endif
