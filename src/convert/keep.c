/* keep: properties kept under meta (keep.h). */
#include "convert/keep.h"

#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "convert/say.h"
#include "convert/sgfvalue.h"
#include "core/catalog.h"

/* What keep says (convert/say.h): why is its caller's. */
#define SAY_KEPT &rule_sgf_kept_property, "kept under meta.%s%s: %s (%s)"
#define SAY_MORE_VALUES "more than one value"

/* The list names at most this many properties (then "…"): it is read by a
 * person, and a longer one would cost a scan per property. */
#define KEPT_LISTED 64

static void kept_add(struct conv *c, const char *id)
{
	/* the list names each property once: ", "-separated */
	if (c->nkept_listed > KEPT_LISTED)
		return;
	size_t n = strlen(id);
	for (const char *p = c->kept->data; p && *p;) {
		const char *end = strstr(p, ", ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && !memcmp(p, id, n))
			return;
		p = end ? end + 2 : NULL;
	}
	if (c->kept->len)
		buf_adds(c->kept, ", ");
	buf_adds(c->kept, ++c->nkept_listed > KEPT_LISTED ? "…" : id);
}

static json_object *values_json(const struct sgf_prop *p)
{
	if (p->nvals == 1) {
		char *s = sgf_text_of(&p->vals[0], false);
		json_object *o = dom_string(s);
		free(s);
		return o;
	}
	json_object *a = dom_array();
	for (size_t i = 0; i < p->nvals; i++) {
		char *s = sgf_text_of(&p->vals[i], false);
		dom_push(a, dom_string(s));
		free(s);
	}
	return a;
}

/* The key of a kept property: the own variables of UGF, GIB and NGF
 * (UGF:Name, GIB:KEY, NGF:LINE7) without their prefix. */
const char *kept_key(const char *id)
{
	const char *colon = strchr(id, ':');
	return colon && colon - id == 3 ? colon + 1 : id;
}

void keep_root(struct conv *c, const struct sgf_prop *p)
{
	if (!c->bare)
		dom_add(c->meta, kept_key(p->id), values_json(p));
	kept_add(c, kept_key(p->id));
}

/* A node property kept under meta.sgf.nodes, keyed by the JGF node's pointer. */
void keep_node(struct conv *c, const char *node_ptr, const struct sgf_prop *p)
{
	json_object *props = NULL;
	if (c->bare) {
		kept_add(c, kept_key(p->id));
		return;
	}
	if (!json_object_object_get_ex(c->meta_nodes, node_ptr, &props)) {
		props = dom_object();
		dom_add(c->meta_nodes, node_ptr, props);
	}
	dom_add(props, kept_key(p->id), values_json(p));
	kept_add(c, kept_key(p->id));
}

void note_kept(struct conv *c, const struct sgf_prop *p, const char *why)
{
	sgf_say(c->notes, p->pos, SAY_KEPT, c->source, "", kept_key(p->id), why);
	keep_root(c, p);
}

void say_more_values(struct conv *c, const struct sgf_prop *p, bool root)
{
	sgf_say(c->notes, p->pos, SAY_KEPT, c->source, root ? "" : ".nodes", kept_key(p->id),
		SAY_MORE_VALUES);
}
