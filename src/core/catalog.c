/* catalog: lookups over the generated rule registry. */
#include "core/catalog.h"

#include "base/buf.h"
#include "base/once.h"
#ifdef __EMSCRIPTEN__
#include "core/explanations_web.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef __EMSCRIPTEN__
#include <unistd.h>
#endif

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
static char **urls;    /* the rules' pages, in the same order; NULLs for none */
static const char *doc_base;   /* NULL: RULE_DOCS_URL */
static size_t count;
static struct once sorted_once = ONCE_INIT;

/* The pages' base: the one set (the program's choice: the pages beside
 * it, else the installed ones, else none), else the build's. A file://
 * base names pages only where they are (its index.html): a library built
 * with the default base and not installed links none, as the program
 * does. A web address is taken as it is, and the WebAssembly's host names
 * its own pages (RULE_DOCS_URL is then Module.ruleDocsUrl). */
static const char *pages_base(void)
{
	if (doc_base)
		return doc_base;
	const char *base = RULE_DOCS_URL;
#ifndef __EMSCRIPTEN__
	static const char scheme[] = "file://";
	if (strncmp(base, scheme, sizeof scheme - 1) == 0) {
		size_t len = strlen(base) + sizeof "/index.html";
		char *index = malloc(len);
		if (!index)
			return NULL;
		snprintf(index, len, "%s/index.html", base + sizeof scheme - 1);
		bool there = access(index, R_OK) == 0;
		free(index);
		if (!there)
			return "";
	}
#endif
	return base;
}

/* malloc, not xmalloc: a failed build returns false (once.h). */
static bool sort_rules(void)
{
	size_t n = 0;
	while (rule_registry[n])
		n++;
	const struct rule **all = malloc((n + 1) * sizeof *all);
	char **pages = calloc(n + 1, sizeof *pages);
	bool ok = all && pages;
	if (ok) {
		memcpy(all, rule_registry, (n + 1) * sizeof *all);
		sort_items(all, n, sizeof *all, by_category_then_id);
	}
	const char *base = ok ? pages_base() : "";
	ok = ok && base != NULL;
	for (size_t i = 0; ok && *base && i < n; i++) {
		size_t len = strlen(base) + strlen(all[i]->id) + sizeof "/.html";
		ok = (pages[i] = malloc(len)) != NULL;
		if (ok)
			snprintf(pages[i], len, "%s/%s.html", base, all[i]->id);
	}
	if (!ok) {
		for (size_t i = 0; pages && i < n; i++)
			free(pages[i]);
		free(pages);
		free(all);
		return false;
	}
	sorted = all, urls = pages, count = n;
	return true;
}

size_t catalog_sorted(const struct rule *const **out)
{
	if (!once_run(&sorted_once, sort_rules))
		die_oom();
	*out = (const struct rule *const *)sorted;
	return count;
}

const char *catalog_doc_url(const struct rule *rule)
{
	const struct rule *const *all;
	size_t n = catalog_sorted(&all);
	for (size_t i = 0; i < n; i++)
		if (all[i] == rule)
			return urls[i];
	return NULL;
}

void catalog_set_doc_base(const char *base)
{
	doc_base = base;
}

const char *catalog_explanation(const struct rule *r)
{
#ifdef __EMSCRIPTEN__
	if (!r->explanation)
		return explanations_web_find(r->id);
#endif
	return r->explanation;
}

void catalog_explain(struct buf *out, const struct rule *r)
{
	static const char *const fixability[] = {
		"", ", fixable with --fix", ", fixable with --fix --unsafe-fixes",
		", fixable with --fix (some fixes need --unsafe-fixes)"
	};
	buf_printf(out, "%s (%s, %s%s)\n\n%s\n\n%s", r->id, r->category, severity_name(r->severity),
		   fixability[r->fix], r->summary, catalog_explanation(r));
}

void catalog_list(struct buf *out, const char *category)
{
	static const char *const fixability[] = { "-", "safe", "unsafe", "safe+unsafe" };
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	for (size_t i = 0; i < n; i++)
		if (!category || strcmp(rules[i]->category, category) == 0)
			buf_printf(out, "%-24s %-9s %-8s %-10s %s\n", rules[i]->id, rules[i]->category,
				   severity_name(rules[i]->severity), fixability[rules[i]->fix],
				   rules[i]->summary);
}

const char *catalog_fixability(const struct rule *r)
{
	static const char *const fixability[] = { "-", "safe", "unsafe", "safe+unsafe" };
	return fixability[r->fix];
}
