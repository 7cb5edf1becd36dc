/* The shape of Seki's variations before 4.0, shared by the rule that
 * reports it (rules/seki_pre4_variations.c) and wrong-type, which leaves
 * it to that rule. */
#ifndef JGF_RULES_SEKI_PRE4_VARIATIONS_H
#define JGF_RULES_SEKI_PRE4_VARIATIONS_H

#include <stdbool.h>
#include <json-c/json.h>

/* Whether variations is written as Seki before 4.0 exported it: a
 * non-empty array of bare nodes (objects) where JGF wants arrays of nodes. */
bool seki_pre4_variations(json_object *variations);

#endif
