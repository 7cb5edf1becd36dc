/* fail: what happens when memory runs out (or an invariant breaks) deep in
 * a stage that has no way to return an error. An entry point of the library
 * sets a trap first, and the failure unwinds to it, so that the call
 * returns an error instead of ending the process (memory the failed call
 * had taken is not all given back). Without a trap, the process's handler
 * runs: the CLI's says why and exits with status 2. */
#ifndef JGF_FAIL_H
#define JGF_FAIL_H

#include <setjmp.h>

struct fail_trap {
	jmp_buf env;
	const char *why;          /* set when a failure unwound to it */
	struct fail_trap *outer;
};

/* Sets t as this thread's innermost trap; then
 *     if (setjmp(t.env)) { ... t.why says what failed; t is already removed ... }
 * and fail_pop(&t) on the way out of the guarded code. */
void fail_push(struct fail_trap *t);
void fail_pop(struct fail_trap *t);
/* Unwinds to the innermost trap of this thread, else calls the handler
 * (which must not return), else aborts. why is a static string. */
_Noreturn void fail(const char *why);
void fail_set_handler(void (*handler)(const char *why));

#endif
