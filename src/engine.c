/* engine: one iterative walk of a JGF record.
 *
 * Order: on_record hooks; the root object and each section (on_object); each
 * player; then the tree, node by node in document order, each node followed
 * by its sub-objects and points, and a variations node by its variations.
 * The walk keeps an explicit stack, so 5,000-level variation trees cost
 * heap, not C stack. The pointer buffer grows and shrinks with the stack. */
#include "engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "check.h"
#include "pointer.h"
#include "replay.h"

void check_report(struct check *c, const struct rule *rule, const char *rel, bool at_key,
		  const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	size_t len = c->ptr.len;
	buf_adds(&c->ptr, rel);
	diag_ptr(&c->doc->diags, rule, c->ptr.data, at_key, "%s", msg);
	buf_truncate(&c->ptr, len);
}

/* Rules by hook, gathered once from the registry. */
struct hooks {
	const struct rule **record, **object, **node, **point;
	size_t nrecord, nobject, nnode, npoint;
};

static const struct hooks *hooks(void)
{
	static struct hooks h;
	static bool ready;
	if (ready)
		return &h;
	size_t n = 0;
	while (rule_registry[n])
		n++;
	h.record = xcalloc(n, sizeof *h.record);
	h.object = xcalloc(n, sizeof *h.object);
	h.node = xcalloc(n, sizeof *h.node);
	h.point = xcalloc(n, sizeof *h.point);
	for (size_t i = 0; i < n; i++) {
		const struct rule *r = rule_registry[i];
		if (r->on_record) h.record[h.nrecord++] = r;
		if (r->on_object) h.object[h.nobject++] = r;
		if (r->on_node) h.node[h.nnode++] = r;
		if (r->on_point) h.point[h.npoint++] = r;
	}
	ready = true;
	return &h;
}

static void visit_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (!json_object_is_type(obj, json_type_object))
		return;
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->nobject; i++)
		h->object[i]->on_object(c, obj, schema);
}

static void visit_point(struct check *c, struct point_visit *p)
{
	long long x, y;
	p->has_xy = get_int(member(p->point, "x"), &x) && get_int(member(p->point, "y"), &y);
	p->x = p->has_xy ? x : 0;
	p->y = p->has_xy ? y : 0;
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->npoint; i++)
		h->point[i]->on_point(c, p);
}

/* setup, score or markup: entries with coords. */
static void visit_entries(struct check *c, json_object *node, const char *key,
			  const struct schema *entry_schema, const struct schema *point_schema,
			  enum point_kind kind)
{
	json_object *entries = member(node, key);
	if (!json_object_is_type(entries, json_type_array))
		return;
	size_t base = c->ptr.len, n = json_object_array_length(entries);
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(entries, i);
		buf_truncate(&c->ptr, base);
		buf_printf(&c->ptr, "/%s/%zu", key, i);
		visit_object(c, entry, entry_schema);
		json_object *coords = member(entry, "coords");
		if (!json_object_is_type(coords, json_type_array))
			continue;
		size_t entry_len = c->ptr.len, m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			json_object *pt = json_object_array_get_idx(coords, j);
			if (!json_object_is_type(pt, json_type_object))
				continue;
			buf_truncate(&c->ptr, entry_len);
			buf_printf(&c->ptr, "/coords/%zu", j);
			visit_object(c, pt, point_schema);
			struct point_visit p = { .point = pt, .kind = kind, .node = node, .entry = entry,
						 .entry_index = i, .index = j };
			visit_point(c, &p);
		}
	}
	buf_truncate(&c->ptr, base);
}

static void visit_node(struct check *c, const struct node_visit *n)
{
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->nnode; i++)
		h->node[i]->on_node(c, n);
	json_object *node = n->node;
	if (!json_object_is_type(node, json_type_object))
		return;
	visit_object(c, node, &schema_node);
	size_t base = c->ptr.len;
	json_object *move = member(node, "move");
	if (json_object_is_type(move, json_type_object)) {
		buf_adds(&c->ptr, "/move");
		visit_object(c, move, &schema_move);
		if (member(move, "x") || member(move, "y")) {
			struct point_visit p = { .point = move, .kind = POINT_MOVE, .node = node };
			visit_point(c, &p);
		}
		buf_truncate(&c->ptr, base);
	}
	visit_entries(c, node, "setup", &schema_setup, &schema_point, POINT_SETUP);
	visit_entries(c, node, "score", &schema_score, &schema_point, POINT_SCORE);
	visit_entries(c, node, "markup", &schema_markup, &schema_markup_point, POINT_MARKUP);
	json_object *comments = member(node, "comments");
	if (json_object_is_type(comments, json_type_array)) {
		size_t m = json_object_array_length(comments);
		for (size_t i = 0; i < m; i++) {
			json_object *comment = json_object_array_get_idx(comments, i);
			if (!json_object_is_type(comment, json_type_object))
				continue;
			buf_printf(&c->ptr, "/comments/%zu", i);
			visit_object(c, comment, &schema_comment);
			buf_truncate(&c->ptr, base);
		}
	}
}

/* A frame of the walk: a sequence of nodes, or a variations array. */
struct frame {
	json_object *array;
	size_t next;       /* index of the next element to visit */
	size_t ptr_len;    /* length of the array's own pointer */
	bool variations;
	size_t depth;      /* variation depth of the nodes in a sequence */
};

static void walk_tree(struct check *c, json_object *tree)
{
	size_t cap = 0, top = 0;
	struct frame *stack = xgrow(NULL, &cap, 16, sizeof *stack);
	buf_adds(&c->ptr, "/tree");
	stack[top++] = (struct frame){ tree, 0, c->ptr.len, false, 0 };
	while (top) {
		struct frame *f = &stack[top - 1];
		if (f->next >= json_object_array_length(f->array)) {
			top--;
			continue;
		}
		size_t i = f->next++;
		json_object *item = json_object_array_get_idx(f->array, i);
		buf_truncate(&c->ptr, f->ptr_len);
		pointer_push_index(&c->ptr, i);
		if (f->variations) {
			/* A variation: a sequence of nodes one level deeper. */
			if (json_object_is_type(item, json_type_array)) {
				size_t depth = f->depth + 1;
				stack = xgrow(stack, &cap, top + 1, sizeof *stack);
				stack[top++] = (struct frame){ item, 0, c->ptr.len, false, depth };
			}
			continue;
		}
		struct node_visit n = { .node = item, .seq = f->array, .index = i,
					.is_root = top == 1 && i == 0,
					.variation_depth = f->depth };
		visit_node(c, &n);
		json_object *vars = member(item, "variations");
		if (json_object_is_type(vars, json_type_array)) {
			size_t depth = f->depth;
			buf_adds(&c->ptr, "/variations");
			stack = xgrow(stack, &cap, top + 1, sizeof *stack);
			stack[top++] = (struct frame){ vars, 0, c->ptr.len, true, depth };
		}
	}
	free(stack);
	buf_truncate(&c->ptr, 0);
}

static void walk_players(struct check *c, json_object *players)
{
	if (json_object_is_type(players, json_type_array)) {
		size_t n = json_object_array_length(players);
		for (size_t i = 0; i < n; i++) {
			buf_printf(&c->ptr, "/players/%zu", i);
			visit_object(c, json_object_array_get_idx(players, i), &schema_player);
			buf_truncate(&c->ptr, 0);
		}
	} else if (json_object_is_type(players, json_type_object)) {
		json_object_object_foreach(players, key, val) {
			buf_adds(&c->ptr, "/players");
			pointer_push_key(&c->ptr, key, strlen(key));
			visit_object(c, val, &schema_player);
			buf_truncate(&c->ptr, 0);
		}
	}
}

void engine_init(void)
{
	const struct rule *const *sorted;
	hooks();
	catalog_sorted(&sorted);
}

void engine_run(struct document *doc)
{
	struct record_info rec;
	record_classify(doc->root, &rec);
	switch (rec.dialect) {
	case DIALECT_FOREIGN:
		diag_ptr(&doc->diags, &rule_foreign_format, "", false, "%s", rec.what);
		return;
	case DIALECT_NGGO:
		diag_ptr(&doc->diags, &rule_nggo_dialect, "", false,
			 "this is ngGo's older \"JGF version 1\" (record.application, game.players, "
			 "moves as {\"B\": [x, y]}), not the JGF of the specification; convert it "
			 "to JGF v2");
		return;
	case DIALECT_UNKNOWN:
		if (rec.what)
			diag_ptr(&doc->diags, &rule_foreign_format, "", false, "%s", rec.what);
		else
			diag_ptr(&doc->diags, &rule_not_an_object, "", false,
				 "a JGF record is a JSON object `{ … }`, but this file holds %s",
				 json_object_is_type(doc->root, json_type_array) ? "an array" :
				 json_object_is_type(doc->root, json_type_string) ? "a string" :
				 json_object_is_type(doc->root, json_type_boolean) ? "a boolean" :
				 json_object_is_type(doc->root, json_type_null) ? "null" : "a number");
		return;
	case DIALECT_JGF:
		break;
	}

	struct check c = { .doc = doc, .rec = &rec };
	buf_reserve(&c.ptr, 64);
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->nrecord; i++)
		h->record[i]->on_record(&c, doc->root);
	visit_object(&c, doc->root, &schema_root);
	json_object_object_foreach(doc->root, key, val) {
		const struct schema *s = schema_section(key);
		if (!s)
			continue;
		pointer_push_key(&c.ptr, key, strlen(key));
		visit_object(&c, val, s);
		buf_truncate(&c.ptr, 0);
	}
	walk_players(&c, member(doc->root, "players"));
	json_object *tree = member(doc->root, "tree");
	if (json_object_is_type(tree, json_type_array))
		walk_tree(&c, tree);
	buf_free(&c.ptr);
	replay_run(doc, &rec);
}
