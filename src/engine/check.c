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

/* One remembered value of one rule (a copy: a streamed walk frees the
 * node it was in); value NULL holds the rule's word. */
struct check_memo {
	const struct rule *rule;
	char *value;
	size_t len;
	long word[2];
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
	char *copy = NULL;
	if (value) {
		copy = xmalloc(len + 1);
		memcpy(copy, value, len);
		copy[len] = '\0';
	}
	c->memo[c->nmemo] = (struct check_memo){ rule, copy, len, { 0, 0 } };
	return &c->memo[c->nmemo++];
}

bool check_first_use(struct check *c, const struct rule *rule, const char *value, size_t len)
{
	bool first;
	check_use(c, rule, value, len, &first);
	return first;
}

long *check_use(struct check *c, const struct rule *rule, const char *value, size_t len,
		bool *first)
{
	struct check_memo *m = memo_find(c, rule, value, len);
	*first = !m;
	return (m ? m : memo_add(c, rule, value, len))->word;
}

void check_each_use(struct check *c, const struct rule *rule,
		    void (*fn)(struct check *c, const char *value, size_t len, long *words))
{
	for (size_t i = 0; i < c->nmemo; i++)
		if (c->memo[i].rule == rule && c->memo[i].value)
			fn(c, c->memo[i].value, c->memo[i].len, c->memo[i].word);
}

long *check_word(struct check *c, const struct rule *rule)
{
	struct check_memo *m = memo_find(c, rule, NULL, 0);
	return &(m ? m : memo_add(c, rule, NULL, 0))->word[0];
}

void check_free(struct check *c)
{
	for (size_t i = 0; i < c->nmemo; i++)
		free(c->memo[i].value);
	free(c->memo);
	buf_free(&c->ptr);
	locator_free(c->node_loc);
	locator_free(c->head_loc);
	*c = (struct check){ 0 };
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
	bool move = n->move, setup = n->setup, variations = n->variations;
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

/* The part of pointer below the visited node, or NULL when it is not in it. */
static const char *in_node(const struct check *c, const char *pointer)
{
	size_t n = c->node_ptr_len;
	if (!c->node || strncmp(pointer, c->ptr.data, n) != 0 || (pointer[n] && pointer[n] != '/'))
		return NULL;
	return pointer + n;
}

json_object *check_resolve(struct check *c, const char *pointer)
{
	const char *rel = in_node(c, pointer);
	return rel ? dom_resolve(c->node->node, rel) : dom_resolve(c->doc->root, pointer);
}

struct locator *check_locator(struct check *c, const char *pointer, const char **rel)
{
	*rel = pointer;
	if (!c->doc->streamed)
		return c->doc->loc;
	size_t n = c->node_ptr_len;
	if (c->node_start != SIZE_MAX && pointer_within(pointer, c->ptr.data, n)) {
		if (!c->node_loc)
			c->node_loc = document_locator_within(c->doc, c->node_start);
		*rel = pointer + n;
		return c->node_loc;
	}
	if (strncmp(pointer, "/tree/", 6) == 0)
		return c->doc->loc;   /* another node: indexes the whole record */
	if (!c->head_loc)
		c->head_loc = document_locator_within(c->doc, c->doc->body);
	return c->head_loc;
}

bool check_span(struct check *c, const char *rel, struct span *out)
{
	struct buf ptr = BUF_INIT;
	const char *at;
	struct locator *loc = check_locator(c, check_pointer(c, rel, &ptr), &at);
	bool ok = locator_span(loc, at, out);
	buf_free(&ptr);
	return ok;
}
