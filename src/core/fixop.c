/* fixop: a fix as data. */
#include "core/fixop.h"

#include <stdlib.h>

void fix_free(struct fix *fix)
{
	if (!fix)
		return;
	for (size_t i = 0; i < fix->nops; i++) {
		free(fix->ops[i].pointer);
		free(fix->ops[i].key);
		free(fix->ops[i].text);
		free(fix->ops[i].anchor);
	}
	free(fix->ops);
	free(fix);
}
