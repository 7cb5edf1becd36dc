/* regex: PCRE2 for the text grammars of JGF values (results, dates, ranks).
 * A pattern is compiled once, on first use, with JIT where available, and
 * matched with limits, since the subject is untrusted text. */
#ifndef JGF_REGEX_H
#define JGF_REGEX_H

#include <stdbool.h>
#include <stddef.h>

struct regex {
	const char *pattern;  /* anchored by regex_match: the whole subject must match */
	void *code;           /* compiled on first use */
	void *match_data;
};

#define REGEX(p) { (p), NULL, NULL }

/* Whether the whole subject matches. Aborts on a pattern that does not
 * compile (a bug in the rule). Captures are available through
 * regex_group afterwards. */
bool regex_match(struct regex *re, const char *subject, size_t len);
/* The span of capture group n of the last match, or false if unset. */
bool regex_group(const struct regex *re, unsigned n, size_t *start, size_t *end);

#endif
