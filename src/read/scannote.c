/* scannote: the scanner's findings (scanner.h): each at its offset with
 * the pointer of the value the scan is inside, its span, a second place
 * named L:C. The scan (scan.c) and its hints after a syntax error
 * (hint.c) report through them. */
#include "read/scanner.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "base/pointer.h"
#include "core/catalog.h"

/* The pointer of the value the scan is inside. */
static char *current_pointer(struct scanner *sc)
{
	struct buf ptr = BUF_INIT, key = BUF_INIT;
	for (size_t i = 0; i < sc->depth; i++) {
		const struct frame *f = &sc->frames[i];
		if (f->kind == '{' && f->key != NO_KEY) {
			buf_truncate(&key, 0);
			jstring_decode(sc->s + f->key, &key);
			pointer_push_key(&ptr, key.data ? key.data : "", key.len);
		} else if (f->kind == '[' && f->count > 0) {
			pointer_push_index(&ptr, f->count - 1);
		} else {
			break;
		}
	}
	buf_free(&key);
	return buf_detach(&ptr);
}

__attribute__((format(printf, 4, 0)))
static void vreport(struct scanner *sc, const struct rule *rule, size_t off,
		    const char *fmt, va_list ap)
{
	char *ptr = current_pointer(sc);
	diag_vat(sc->out, rule, off, ptr, fmt, ap);
	free(ptr);
}

void scan_report(struct scanner *sc, const struct rule *rule, size_t off, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(sc, rule, off, fmt, ap);
	va_end(ap);
}

void scan_fail(struct scanner *sc, const struct rule *rule, size_t off,
	       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(sc, rule, off, fmt, ap);
	va_end(ap);
	sc->fatal = true;
}

void scan_span_to(struct scanner *sc, size_t end)
{
	sc->out->items[sc->out->len - 1].end_offset = end;
}

const char *scan_where(struct scanner *sc, size_t off, char out[48])
{
	unsigned long line, col;
	locator_linecol(sc->loc, off, &line, &col);
	snprintf(out, 48, "%lu:%lu", line, col);
	return out;
}
