/* fail: failures that unwind to a trap, or end the process. */
#include "base/fail.h"

#include <stdlib.h>

static _Thread_local struct fail_trap *innermost;
static void (*process_handler)(const char *why);

void fail_push(struct fail_trap *t)
{
	t->why = NULL;
	t->outer = innermost;
	innermost = t;
}

void fail_pop(struct fail_trap *t)
{
	innermost = t->outer;
}

void fail(const char *why)
{
	struct fail_trap *t = innermost;
	if (t) {
		innermost = t->outer;
		t->why = why;
		longjmp(t->env, 1);
	}
	if (process_handler)
		process_handler(why);
	abort();
}

void fail_set_handler(void (*handler)(const char *why))
{
	process_handler = handler;
}
