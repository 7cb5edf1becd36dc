/* regex: compile-once PCRE2 matching with JIT and limits. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>

static pcre2_match_context *limits(void)
{
	static pcre2_match_context *ctx;
	if (!ctx) {
		ctx = pcre2_match_context_create(NULL);
		if (!ctx)
			abort();
		pcre2_set_match_limit(ctx, 100000);
		pcre2_set_depth_limit(ctx, 1000);
	}
	return ctx;
}

static void compile(struct regex *re)
{
	int err;
	PCRE2_SIZE at;
	/* \A…\z anchors the whole subject: `$` would also match before a final
	 * newline (see TECH-FACTS). */
	char anchored[512];
	snprintf(anchored, sizeof anchored, "\\A(?:%s)\\z", re->pattern);
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)anchored, PCRE2_ZERO_TERMINATED,
					 PCRE2_UTF | PCRE2_NO_UTF_CHECK, &err, &at, NULL);
	if (!code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(err, msg, sizeof msg);
		fprintf(stderr, "jgflint: bad pattern %s at %zu: %s\n", re->pattern, (size_t)at, msg);
		abort();
	}
	pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* falls back to the interpreter */
	re->code = code;
	re->match_data = pcre2_match_data_create_from_pattern(code, NULL);
	if (!re->match_data)
		abort();
}

bool regex_match(struct regex *re, const char *subject, size_t len)
{
	if (!re->code)
		compile(re);
	/* The scanner has validated the UTF-8, so PCRE2 need not check it again. */
	int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, PCRE2_NO_UTF_CHECK,
			     re->match_data, limits());
	return rc > 0;
}

bool regex_group(const struct regex *re, unsigned n, size_t *start, size_t *end)
{
	if (!re->match_data || n >= pcre2_get_ovector_count(re->match_data))
		return false;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->match_data);
	if (ov[2 * n] == PCRE2_UNSET)
		return false;
	*start = ov[2 * n];
	*end = ov[2 * n + 1];
	return true;
}
