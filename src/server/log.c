/* log: what the server says on standard error (never standard output,
 * the protocol's), below every other file of the server. */
#include "server/log.h"

#include <stdarg.h>
#include <stdio.h>

int server_verbose;

void slog(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("jgflint server: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}
