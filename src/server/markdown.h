/* markdown: a rule's documentation for hovers (markdown.c). */
#ifndef JGF_SERVER_MARKDOWN_H
#define JGF_SERVER_MARKDOWN_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/jgflint.h"

/* A rule's hover text: summary, the finding's message, the explanation
 * and a link to its page; in Markdown (as the rule pages render it) or in
 * plain text. Free it. */
char *rule_hover(size_t rule, const char *message, enum jgf_severity severity, bool markdown);

#endif
