/* ignore: the "ignore this rule" action's edit of .jgflint.json (ignore.c). */
#ifndef JGF_SERVER_IGNORE_H
#define JGF_SERVER_IGNORE_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "server/doc.h"

/* Where and what to insert in a configuration file's text (len bytes) so
 * that its "ignore" list has rule: *at and *insert (free it); false, with
 * *why (free it), when the text is not an object whose "ignore" is a list,
 * or has the rule already. */
bool ignore_edit(const char *text, size_t len, const char *rule, size_t *at, char **insert,
		 char **why);
/* The action that ignores f's rule in the configuration file of d (or a
 * new one beside it); NULL when there is none to offer. */
json_object *ignore_action(const struct doc *d, const struct finding *f);
/* Writes .jgflint.json beside a document with {"ignore": [RULE]}
 * (arguments: the document's URI, the rule), the "ignore this rule" action
 * of a client that cannot create files through an edit; never over a file. */
#define IGNORE_COMMAND "jgflint.ignoreRule"

#endif
