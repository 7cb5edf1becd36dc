/* Preloaded by tests/memcheck.sh under valgrind only: PCRE2's JIT
 * compiler declines (PCRE2_ERROR_JIT_BADOPTION), so that the patterns run
 * in PCRE2's interpreter, which valgrind can follow (the JIT's code reads
 * past a subject on purpose and cannot be unwound). jgflint already falls
 * back to the interpreter when JIT is not available. */
#include <stdint.h>

int pcre2_jit_compile_8(void *code, uint32_t options);

int pcre2_jit_compile_8(void *code, uint32_t options)
{
	(void)code;
	(void)options;
	return -45;
}
