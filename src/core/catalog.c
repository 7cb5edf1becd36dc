/* catalog: lookups over the generated rule registry. */
#include "core/catalog.h"

#include "base/buf.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

const char *severity_name(enum severity sev)
{
	switch (sev) {
	case SEV_ERROR: return "error";
	case SEV_WARNING: return "warning";
	case SEV_INFO: return "info";
	}
	return "?";
}

const struct rule *catalog_find(const char *id)
{
	for (const struct rule *const *r = rule_registry; *r; r++)
		if (strcmp((*r)->id, id) == 0)
			return *r;
	return NULL;
}

static int by_category_then_id(const void *a, const void *b)
{
	const struct rule *ra = *(const struct rule *const *)a;
	const struct rule *rb = *(const struct rule *const *)b;
	int c = strcmp(ra->category, rb->category);
	return c ? c : strcmp(ra->id, rb->id);
}

static const struct rule **sorted;
static size_t count;
static pthread_once_t sorted_once = PTHREAD_ONCE_INIT;

static void sort_rules(void)
{
	while (rule_registry[count])
		count++;
	sorted = xmalloc((count + 1) * sizeof *sorted);
	memcpy(sorted, rule_registry, (count + 1) * sizeof *sorted);
	qsort(sorted, count, sizeof *sorted, by_category_then_id);
}

size_t catalog_sorted(const struct rule *const **out)
{
	pthread_once(&sorted_once, sort_rules);
	*out = (const struct rule *const *)sorted;
	return count;
}

void catalog_doc_url(const struct rule *rule, struct buf *out)
{
	buf_printf(out, "%s/%s.md", RULE_DOCS_URL, rule->id);
}
