/* regex: PCRE2 for the text grammars of JGF values (results, dates, ranks)
 * and for configuration globs. A pattern is compiled once, on first use,
 * interpreted (no JIT: see regex.c), and matched with limits, since the
 * subject is untrusted text. */
#ifndef JGF_REGEX_H
#define JGF_REGEX_H

#include <stdbool.h>
#include <stddef.h>

struct regex {
	const char *pattern;  /* anchored by regex_match: the whole subject must match */
	void *code;           /* compiled on first use (thread-safe) */
	bool bytes;           /* match bytes, not UTF-8 text (for file paths) */
};

#define REGEX(p) { (p), NULL, false }

/* Where a capture group matched: [start, end), or start == SIZE_MAX if it
 * did not take part. */
struct regex_span {
	size_t start, end;
};

/* Whether the whole subject matches. Aborts on a pattern that does not
 * compile (a bug in the rule). Safe to call from several threads. */
bool regex_match(struct regex *re, const char *subject, size_t len);
/* The same, filling groups[0 .. n) with capture groups 1 .. n; when the
 * subject does not match, every group is unset (start == SIZE_MAX). */
bool regex_capture(struct regex *re, const char *subject, size_t len,
		   struct regex_span *groups, size_t n);
/* Frees the compiled pattern (not the pattern text). */
void regex_free(struct regex *re);

/* Translates a glob (`*`, `?`, `**`, `[a-z]`, `\` quoting the next
 * character) into a regex over a relative path; a glob without `/` matches
 * the name in any directory. Free the result. */
char *glob_to_regex(const char *glob);

#endif
