/* repair: text written in the JavaScript style of the JGF specifications
 * (which people copy) turned into JSON, for --fix: trailing commas go,
 * unquoted keys and single-quoted strings get double quotes (safe: the
 * value is the one JavaScript reads); with unsafe, // and block comments
 * go too (their text is lost). Everything else stays byte for byte. */
#ifndef JGF_REPAIR_H
#define JGF_REPAIR_H

#include <stdbool.h>
#include <stddef.h>

struct repair_count {
	size_t safe, unsafe;   /* repairs of each kind made */
};

/* The repaired text (NUL-terminated, *out_len set; free it), or NULL when
 * there is nothing to repair or something cannot be (an unterminated
 * string or comment, a comment without unsafe, nesting deeper than the
 * repair follows). Whether the result is JSON is for the caller to see. */
char *repair_js(const char *text, size_t len, bool unsafe, size_t *out_len,
		struct repair_count *count);

#endif
