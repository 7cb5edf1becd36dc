/* Every rule's hover in Markdown, as the editor server writes it
 * (src/server/markdown.c), each after a line "@@ RULE": tests/rule_pages.sh
 * compares its examples with the rule pages' (build-aux/rule-docs.sh). */
#include <stdio.h>
#include <stdlib.h>

#include "lib/jgflint.h"
#include "server/markdown.h"

int main(void)
{
	for (size_t i = 0; i < jgf_rule_count(); i++) {
		char *md = rule_hover(i, NULL, JGF_ERROR, true);
		if (!md)
			return 1;
		printf("@@ %s\n%s", jgf_rule_id(i), md);
		free(md);
	}
	return fflush(stdout) != 0;
}
