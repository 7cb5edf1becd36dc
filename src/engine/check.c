/* check: what a rule sees and how it reports (check.h), for the engine's
 * walk. */
#include "engine/check.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/pointer.h"

struct diag *check_report(struct check *c, const struct rule *rule, const char *rel, bool at_key,
			  const char *fmt, ...)
{
	size_t len = c->ptr.len;
	buf_adds(&c->ptr, rel);
	va_list ap;
	va_start(ap, fmt);
	struct diag *d = diag_vptr(&c->doc->diags, rule, c->ptr.data, at_key, fmt, ap);
	va_end(ap);
	buf_truncate(&c->ptr, len);
	return d;
}

/* One remembered value of one rule; value NULL holds the rule's word. */
struct check_memo {
	const struct rule *rule;
	const char *value;
	size_t len;
	long word;
};

static struct check_memo *memo_find(struct check *c, const struct rule *rule, const char *value,
				    size_t len)
{
	for (size_t i = 0; i < c->nmemo; i++) {
		struct check_memo *m = &c->memo[i];
		if (m->rule == rule && (value ? m->value && m->len == len &&
					memcmp(m->value, value, len) == 0 : !m->value))
			return m;
	}
	return NULL;
}

static struct check_memo *memo_add(struct check *c, const struct rule *rule, const char *value,
				   size_t len)
{
	c->memo = xgrow(c->memo, &c->memo_cap, c->nmemo + 1, sizeof *c->memo);
	c->memo[c->nmemo] = (struct check_memo){ rule, value, len, 0 };
	return &c->memo[c->nmemo++];
}

bool check_first_use(struct check *c, const struct rule *rule, const char *value, size_t len)
{
	if (memo_find(c, rule, value, len))
		return false;
	memo_add(c, rule, value, len);
	return true;
}

long *check_word(struct check *c, const struct rule *rule)
{
	struct check_memo *m = memo_find(c, rule, NULL, 0);
	return &(m ? m : memo_add(c, rule, NULL, 0))->word;
}

const char *check_pointer(struct check *c, const char *rel, struct buf *out)
{
	buf_truncate(out, 0);
	if (rel[0] == '#')
		buf_adds(out, rel + 1);
	else {
		buf_add(out, c->ptr.data, c->ptr.len);
		buf_adds(out, rel);
	}
	return out->data;
}

void check_fix_replace(struct check *c, struct diag *d, enum fix_safety safety, const char *rel,
		       const char *json)
{
	struct buf ptr = BUF_INIT;
	fix_replace(d, safety, check_pointer(c, rel, &ptr), json);
	buf_free(&ptr);
}

void check_fix_rename(struct check *c, struct diag *d, enum fix_safety safety, const char *rel,
		      const char *key)
{
	struct buf ptr = BUF_INIT;
	fix_rename(d, safety, check_pointer(c, rel, &ptr), key);
	buf_free(&ptr);
}

void check_fix_insert(struct check *c, struct diag *d, enum fix_safety safety,
		      const char *object_rel, const char *key, const char *json, bool first)
{
	struct buf ptr = BUF_INIT;
	fix_insert(d, safety, check_pointer(c, object_rel, &ptr), key, json, first);
	buf_free(&ptr);
}

void check_fix_insert_before(struct check *c, struct diag *d, enum fix_safety safety,
			     const char *object_rel, const char *key, const char *json,
			     const char *anchor)
{
	struct buf ptr = BUF_INIT;
	fix_insert_before(d, safety, check_pointer(c, object_rel, &ptr), key, json, anchor);
	buf_free(&ptr);
}

void check_fix_remove(struct check *c, struct diag *d, enum fix_safety safety, const char *rel)
{
	struct buf ptr = BUF_INIT;
	fix_remove(d, safety, check_pointer(c, rel, &ptr));
	buf_free(&ptr);
}

void check_fix_replace_value(struct check *c, struct diag *d, enum fix_safety safety,
			     const char *rel, json_object *value)
{
	struct buf ptr = BUF_INIT;
	fix_replace_value(d, safety, check_pointer(c, rel, &ptr), value);
	buf_free(&ptr);
}

bool check_fix_split_node(struct check *c, struct diag *d, enum fix_safety safety,
			  const struct node_visit *n)
{
	if (!json_object_is_type(n->node, json_type_object))
		return false;
	bool move = member(n->node, "move") != NULL, setup = member(n->node, "setup") != NULL;
	bool variations = member(n->node, "variations") != NULL;
	bool others = json_object_object_length(n->node) > (int)variations;
	struct buf parts = BUF_INIT;
	if (n->is_root) {
		if (!move && !variations)
			return false;
		buf_adds(&parts, move ? "*|move" : "*");
	} else {
		if (!(setup && move) && !(variations && others))
			return false;
		buf_adds(&parts, setup && move ? "setup turn|*" : "*");
	}
	if (variations && (n->is_root || others))
		buf_adds(&parts, "|variations");
	struct buf ptr = BUF_INIT;
	fix_split(d, safety, check_pointer(c, "", &ptr), parts.data);
	buf_free(&ptr);
	buf_free(&parts);
	return true;
}

void check_fix_remove_keys(struct check *c, struct diag *d, enum fix_safety safety, const char *rel,
			   const char *keys)
{
	struct buf ptr = BUF_INIT;
	fix_remove_keys(d, safety, check_pointer(c, rel, &ptr), keys);
	buf_free(&ptr);
}

void check_fix_append(struct check *c, struct diag *d, enum fix_safety safety,
		      const char *array_rel, const char *json)
{
	struct buf ptr = BUF_INIT;
	fix_append(d, safety, check_pointer(c, array_rel, &ptr), json);
	buf_free(&ptr);
}

void check_fix_move_tail(struct check *c, struct diag *d, enum fix_safety safety,
			 const char *dest_rel)
{
	struct buf ptr = BUF_INIT, dest = BUF_INIT;
	fix_move_tail(d, safety, check_pointer(c, "", &ptr), check_pointer(c, dest_rel, &dest));
	buf_free(&ptr);
	buf_free(&dest);
}

void check_fix_bytes(struct check *c, struct diag *d, enum fix_safety safety, size_t start,
		     size_t end, const char *text)
{
	(void)c;
	fix_bytes(d, safety, start, end, text);
}

void check_fix_drop(struct check *c, struct diag *d)
{
	(void)c;
	fix_free(d->fix);
	d->fix = NULL;
}

bool check_span(struct check *c, const char *rel, struct span *out)
{
	struct buf ptr = BUF_INIT;
	bool ok = locator_span(c->doc->loc, check_pointer(c, rel, &ptr), out);
	buf_free(&ptr);
	return ok;
}
