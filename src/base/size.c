/* size: a size as the options and the environment write it (--max-memory,
 * jgflint server's, JGFLINT_MAX_MEMORY): bytes, or with K, M or G. */
#include "base/size.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

bool size_parse(const char *arg, size_t *out)
{
	char *end;
	errno = 0;
	if (*arg < '0' || *arg > '9')
		return false;
	unsigned long long n = strtoull(arg, &end, 10);
	int shift = 0;
	if (*end == 'K' || *end == 'k')
		shift = 10, end++;
	else if (*end == 'M' || *end == 'm')
		shift = 20, end++;
	else if (*end == 'G' || *end == 'g')
		shift = 30, end++;
	if (errno || *end || n == 0 || n > (SIZE_MAX >> shift))
		return false;
	*out = (size_t)n << shift;
	return true;
}
