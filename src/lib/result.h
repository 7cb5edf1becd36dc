/* result: what a jgf_result holds, and the trap every entry point sets,
 * shared by the library's files (lib/api.c, lib/conversions.c,
 * lib/position.c). Internal to lib/. */
#ifndef JGF_RESULT_H
#define JGF_RESULT_H

#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/fail.h"
#include "core/position.h"
#include "lib/jgflint.h"
#include "lint/edit.h"
#include "output/report.h"
#include "read/load.h"

/* Runs `return call;` under a trap: a failure inside returns fallback. */
#define TRAPPED(type, fallback, call) do { \
	struct fail_trap trap_; \
	fail_push(&trap_); \
	if (setjmp(trap_.env)) \
		return fallback; \
	type result_ = (call); \
	fail_pop(&trap_); \
	return result_; \
} while (0)

/* One finding's fix as byte edits, computed when the result is made (a
 * result may be read by several threads at once). */
struct edits {
	struct fix_edit *items;
	size_t len;
};

struct jgf_result {
	struct document doc;
	size_t fixes;
	bool unsafe;               /* JGF_UNSAFE_FIXES: unsafe fixes count as fixable */
	const char *read_as;       /* jgf_result_format */
	struct summary sum;        /* every finding counted, before the cap */
	struct edits *edits;       /* one per finding */
	char *original;            /* with JGF_FIX, the input when the fixes changed it */
	size_t original_len;
	char *bytes;               /* with JGF_FIX, SGF fixed where it is: the file's fixed
				    * bytes (doc's text is them decoded), or NULL */
	size_t bytes_len;
	char **fix_descriptions;   /* one per finding: NULL without a fix */
	/* Every finding's position with each stone's move and node, from one
	 * replay at the first jgf_finding_position (lib/position.c), or
	 * NULL: tracing each stone at the lint would cost every lint of a
	 * record with go findings (a record with 100: 10.7 M instructions,
	 * 25.2 M traced), and the boards need only the kept positions. */
	_Atomic(struct position *) positions;
};

/* Finding i of r, or NULL past the last. */
const struct diag *result_finding(const jgf_result *r, size_t i);

#endif
