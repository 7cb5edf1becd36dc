/* tap: a minimal TAP producer for automake's tap-driver. stdout is
 * line-buffered so that lines already printed survive a sanitizer abort. */
#ifndef JGF_TAP_H
#define JGF_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* SANITIZED under AddressSanitizer or ThreadSanitizer, where an
 * address-space limit or a peak of the process's memory measures the
 * sanitizer, not the library. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

static int tap_count, tap_failed;

static inline void tap_init(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

__attribute__((format(printf, 2, 3)))
static inline bool tap_ok(bool ok, const char *fmt, ...)
{
	va_list ap;
	printf("%s %d - ", ok ? "ok" : "not ok", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	tap_failed += !ok;
	return ok;
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
