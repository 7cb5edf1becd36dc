/* actions: code actions (actions.c). */
#ifndef JGF_SERVER_ACTIONS_H
#define JGF_SERVER_ACTIONS_H

#include <stdbool.h>
#include <json-c/json.h>

#include "server/doc.h"

/* What a code action request wants beyond the lint result. */
void code_action_wants(const struct doc *d, json_object *params, bool *fixall, bool *convert);
void answer_code_action(const struct doc *d, json_object *id, json_object *params);

#endif
