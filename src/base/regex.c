/* regex: compile-once PCRE2 matching with limits. Compiling takes a lock
 * (rules run in several threads with --jobs); matching allocates its own
 * match data, so nothing mutable is shared. Patterns are interpreted, never
 * JIT-compiled: the subjects are short (a value, a path), and PCRE2's JIT
 * compiler (some 200 KB of its code touched, 64 KB of executable memory
 * mapped) cost more memory than the time it saved: checking an SGF record
 * with a result, a date and ranks peaked 750 KB above one without, against
 * 200 KB interpreted; 229 SGF files take 1.4 M fewer instructions, twenty
 * copies of them 0.5% more (issue 52). The page (no JIT in wasm) matches
 * the same way. */
/* Patterns match bytes, never in PCRE2's UTF mode: a pattern's text beyond
 * ASCII is literal words (勝, 中押し, 年), which match as byte sequences
 * exactly as characters, and a subject that is not UTF-8 matches nothing,
 * as PCRE2's UTF check made it. So the page's PCRE2 is built without
 * Unicode (build-aux/deps.sh: its tables were 114 KB of the site's budget,
 * issue 74). What bytes cannot say is refused as a bug (byte_safe): a
 * character beyond ASCII in a class or before a quantifier. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "base/regex.h"

#include <string.h>

#include <pcre2.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/fail.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pcre2_match_context *limits;

/* Whether pattern p matches as bytes what it matches as UTF-8 text: no
 * byte beyond ASCII in a class (`[-~～]`: write `(?:-|~|～)`), nor a
 * character beyond ASCII right before a quantifier (`日?`: `(?:日)?`). */
static bool byte_safe(const unsigned char *p)
{
	bool in_class = false;
	for (; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (in_class) {
			if (*p >= 0x80)
				return false;
			if (*p == '[' && p[1] == ':') {
				const char *end = strstr((const char *)p, ":]");
				if (end)
					p = (const unsigned char *)end + 1;
			} else if (*p == ']') {
				in_class = false;
			}
		} else if (*p == '[') {
			in_class = true;
			p += p[1] == '^';
			p += p[1] == ']';   /* a `]` first is a member */
		} else if (*p >= 0x80 &&
			   (p[1] == '?' || p[1] == '*' || p[1] == '+' || p[1] == '{')) {
			return false;   /* the last byte of a character, quantified alone */
		}
	}
	return true;
}

static pcre2_code *compile(struct regex *re)
{
	/* \A…\z anchors the whole subject: `$` would also match before a final
	 * newline (see TECH-FACTS). Built before the lock: a failure (fail.h)
	 * must not leave the lock held. */
	struct buf anchored = BUF_INIT;
	buf_printf(&anchored, "\\A(?:%s)\\z", re->pattern);
	pthread_mutex_lock(&lock);
	pcre2_code *code = re->code;
	if (!code && !limits) {
		limits = pcre2_match_context_create(NULL);
		if (limits) {
			pcre2_set_match_limit(limits, 100000);
			pcre2_set_depth_limit(limits, 1000);
		}
	}
	int err = 0;
	if (!code && limits && (re->bytes || byte_safe((const unsigned char *)re->pattern))) {
		PCRE2_SIZE at;
		code = pcre2_compile((PCRE2_SPTR)anchored.data, PCRE2_ZERO_TERMINATED, 0, &err, &at,
				     NULL);
		if (code)
			__atomic_store_n(&re->code, code, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&lock);
	buf_free(&anchored);
	if (!code)
		fail(!limits || err == PCRE2_ERROR_NOMEMORY ? "out of memory" :
		     "a pattern that does not compile (a bug)");
	return code;
}

bool regex_capture(struct regex *re, const char *subject, size_t len,
		   struct regex_span *groups, size_t n)
{
	pcre2_code *code = __atomic_load_n(&re->code, __ATOMIC_ACQUIRE);
	if (!code)
		code = compile(re);
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
	if (!md)
		die_oom();
	/* A pattern of text matches no subject that is not UTF-8 (not every
	 * subject comes from the scanner: the converter's decoded values).
	 * Linear, and subjects are short: a value, a path. */
	int rc = re->bytes || charset_valid_utf8(subject, len) ?
			 pcre2_match(code, (PCRE2_SPTR)subject, len, 0, 0, md, limits) :
			 PCRE2_ERROR_NOMATCH;
	/* Every group is written, unset when the subject did not match: a
	 * caller that looks at a group of a failed match reads "not there",
	 * never memory no one wrote. */
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	uint32_t count = rc > 0 ? pcre2_get_ovector_count(md) : 0;
	for (size_t i = 0; i < n; i++) {
		bool set = i + 1 < count && ov[2 * (i + 1)] != PCRE2_UNSET;
		groups[i].start = set ? ov[2 * (i + 1)] : SIZE_MAX;
		groups[i].end = set ? ov[2 * (i + 1) + 1] : SIZE_MAX;
	}
	pcre2_match_data_free(md);
	return rc > 0;
}

bool regex_match(struct regex *re, const char *subject, size_t len)
{
	return regex_capture(re, subject, len, NULL, 0);
}

void regex_free(struct regex *re)
{
	pcre2_code_free(re->code);
	re->code = NULL;
}

/* One byte of a glob, literally (the regex matches bytes). */
static void literal(struct buf *re, unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
		buf_addc(re, (char)c);
	else
		buf_printf(re, "\\x{%x}", c);
}

/* The bracket expression at g ("[a-z]", "[!0-9]", "[]x]", with backslash
 * escapes, as fnmatch(3) and gitignore(5) read them) as a regex class that
 * never matches `/`; returns where the glob goes on, or NULL when the `[`
 * is not closed (it is then a literal `[`). A reversed range (z-a) matches
 * nothing, as in fnmatch, rather than making a regex that does not compile. */
static const char *bracket(struct buf *re, const char *g)
{
	const char *p = g + 1;
	bool negated = *p == '!' || *p == '^';
	p += negated;
	const char *first = p;
	while (*p && (*p != ']' || p == first))
		p += p[0] == '\\' && p[1] ? 2 : 1;
	if (!*p)
		return NULL;
	struct buf set = BUF_INIT;
	for (const char *c = first; c < p;) {
		c += *c == '\\' && c + 1 < p;
		unsigned char lo = (unsigned char)*c++, hi = lo;
		if (*c == '-' && c + 1 < p) {   /* a range; a `-` last is literal */
			c++;
			c += *c == '\\' && c + 1 < p;
			hi = (unsigned char)*c++;
		}
		if (lo <= hi)
			buf_printf(&set, "\\x{%x}-\\x{%x}", lo, hi);
	}
	if (negated)
		buf_printf(re, "[^/%s]", set.len ? set.data : "");
	else
		buf_printf(re, set.len ? "(?!/)[%s]" : "(?!)", set.len ? set.data : "");
	buf_free(&set);
	return p;
}

/* Translates a glob (`*`, `?`, `**`, `[...]`, `\` quoting the next
 * character) into a regex over a relative path; a glob without `/` matches
 * the file name in any directory. */
char *glob_to_regex(const char *glob)
{
	struct buf re = BUF_INIT;
	if (!strchr(glob, '/'))
		buf_adds(&re, "(?:.*/)?");
	for (const char *g = glob; *g; g++) {
		const char *end;
		if (g[0] == '*' && g[1] == '*' && g[2] == '/')
			buf_adds(&re, "(?:.*/)?"), g += 2;
		else if (g[0] == '*' && g[1] == '*')
			buf_adds(&re, ".*"), g++;
		else if (*g == '*')
			buf_adds(&re, "[^/]*");
		else if (*g == '?')
			buf_adds(&re, "[^/]");
		else if (*g == '[' && (end = bracket(&re, g)))
			g = end;
		else if (*g == '\\' && g[1])
			literal(&re, (unsigned char)*++g);
		else
			literal(&re, (unsigned char)*g);
	}
	return buf_detach(&re);
}
