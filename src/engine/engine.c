/* engine: one iterative walk of a JGF record.
 *
 * Order: on_record hooks; the root object and each section (on_object); each
 * player; then the tree, node by node in document order, each node followed
 * by its sub-objects and points, and a variations node by its variations;
 * then on_record_end hooks.
 * The walk keeps an explicit stack, so 5,000-level variation trees cost
 * heap, not C stack. The pointer buffer grows and shrinks with the stack. */
#include "engine/engine.h"

#include <stdlib.h>
#include <string.h>

#include "base/once.h"
#include "core/catalog.h"
#include "engine/check.h"
#include "core/settings.h"
#include "base/pointer.h"
#include "engine/replay.h"

/* Rules by hook, gathered once from the registry. */
struct hooks {
	const struct rule **record, **object, **node, **point, **record_end;
	size_t nrecord, nobject, nnode, npoint, nrecord_end;
};

static struct hooks the_hooks;
static struct once hooks_once = ONCE_INIT;

/* calloc, not xcalloc: a failed build returns false (once.h). */
static bool hooks_init(void)
{
	struct hooks *h = &the_hooks;
	size_t n = 0;
	while (rule_registry[n])
		n++;
	const struct rule **all = calloc(5 * n + 1, sizeof *all);
	if (!all)
		return false;
	h->record = all, h->object = all + n, h->node = all + 2 * n, h->point = all + 3 * n;
	h->record_end = all + 4 * n;
	for (size_t i = 0; i < n; i++) {
		const struct rule *r = rule_registry[i];
		if (r->on_record) h->record[h->nrecord++] = r;
		if (r->on_object) h->object[h->nobject++] = r;
		if (r->on_node) h->node[h->nnode++] = r;
		if (r->on_point) h->point[h->npoint++] = r;
		if (r->on_record_end) h->record_end[h->nrecord_end++] = r;
	}
	return true;
}

/* Built once, whichever thread asks first. */
static const struct hooks *hooks(void)
{
	if (!once_run(&hooks_once, hooks_init))
		die_oom();
	return &the_hooks;
}

static void visit_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (!json_object_is_type(obj, json_type_object))
		return;
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->nobject; i++)
		h->object[i]->on_object(c, obj, schema);
}

/* Calls the point hooks; a move is a point only when it has x or y. Points
 * have few keys, so one pass over them beats two lookups. */
static void visit_point(struct check *c, struct point_visit *p)
{
	json_object *x = NULL, *y = NULL;
	bool pass = false;
	json_object_object_foreach(p->point, key, val) {
		if (key[0] == 'x' && !key[1])
			x = val;
		else if (key[0] == 'y' && !key[1])
			y = val;
		else if (key_eq(key, "pass"))
			pass = json_object_is_type(val, json_type_boolean) && json_object_get_boolean(val);
	}
	/* A move with `"pass": true` is a pass: coordinates beside it are not a
	 * point (move-shape reports them, and the replay ignores them too). */
	if (p->kind == POINT_MOVE && ((!x && !y) || pass))
		return;
	long long xv, yv;
	p->has_xy = get_int(x, &xv) && get_int(y, &yv);
	p->x = p->has_xy ? xv : 0;
	p->y = p->has_xy ? yv : 0;
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->npoint; i++)
		h->point[i]->on_point(c, p);
}

/* setup, score or markup (the node's member key): entries with coords. */
static void visit_entries(struct check *c, json_object *node, const char *key,
			  json_object *entries, enum point_kind kind)
{
	const struct schema *entry_schema = kind == POINT_SETUP ? &schema_setup :
					    kind == POINT_SCORE ? &schema_score : &schema_markup;
	const struct schema *point_schema = kind == POINT_MARKUP ? &schema_markup_point : &schema_point;
	if (!json_object_is_type(entries, json_type_array))
		return;
	size_t base = c->ptr.len, n = json_object_array_length(entries);
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(entries, i);
		buf_truncate(&c->ptr, base);
		buf_addc(&c->ptr, '/');
		buf_adds(&c->ptr, key);
		pointer_push_index(&c->ptr, i);
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
			buf_adds(&c->ptr, "/coords");
			pointer_push_index(&c->ptr, j);
			visit_object(c, pt, point_schema);
			struct point_visit p = { .point = pt, .kind = kind, .node = node, .entry = entry,
						 .entry_index = i, .index = j };
			visit_point(c, &p);
		}
	}
	buf_truncate(&c->ptr, base);
}

static void visit_move(struct check *c, json_object *node, json_object *move)
{
	if (!json_object_is_type(move, json_type_object))
		return;
	buf_adds(&c->ptr, "/move");
	visit_object(c, move, &schema_move);
	struct point_visit p = { .point = move, .kind = POINT_MOVE, .node = node };
	visit_point(c, &p);
}

static void visit_comments(struct check *c, json_object *comments)
{
	if (!json_object_is_type(comments, json_type_array))
		return;
	size_t base = c->ptr.len, m = json_object_array_length(comments);
	for (size_t i = 0; i < m; i++) {
		json_object *comment = json_object_array_get_idx(comments, i);
		if (!json_object_is_type(comment, json_type_object))
			continue;
		buf_truncate(&c->ptr, base);
		buf_adds(&c->ptr, "/comments");
		pointer_push_index(&c->ptr, i);
		visit_object(c, comment, &schema_comment);
	}
}

/* Visits a node and what it holds, in the order of its keys (one pass, no
 * lookups); returns its variations member, or NULL. */
static json_object *visit_node(struct check *c, const struct node_visit *n)
{
	const struct hooks *h = hooks();
	for (size_t i = 0; i < h->nnode; i++)
		h->node[i]->on_node(c, n);
	json_object *node = n->node, *variations = NULL;
	if (!json_object_is_type(node, json_type_object))
		return NULL;
	visit_object(c, node, &schema_node);
	size_t base = c->ptr.len;
	json_object_object_foreach(node, key, val) {
		if (key_eq(key, "move"))
			visit_move(c, node, val);
		else if (key_eq(key, "setup"))
			visit_entries(c, node, key, val, POINT_SETUP);
		else if (key_eq(key, "score"))
			visit_entries(c, node, key, val, POINT_SCORE);
		else if (key_eq(key, "markup"))
			visit_entries(c, node, key, val, POINT_MARKUP);
		else if (key_eq(key, "comments"))
			visit_comments(c, val);
		else if (key_eq(key, "variations"))
			variations = val;
		buf_truncate(&c->ptr, base);
	}
	return variations;
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
		json_object *vars = visit_node(c, &n);
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
			buf_adds(&c->ptr, "/players");
			pointer_push_index(&c->ptr, i);
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

void engine_run(struct document *doc, const struct lint_settings *ls)
{
	struct record_info rec;
	record_classify(doc->root, &rec);
	switch (rec.dialect) {
	case DIALECT_FOREIGN:
		if (rec.convertible) {
			struct buf cmd = BUF_INIT;
			document_convert_command(&cmd, doc);
			diag_ptr(&doc->diags, &rule_foreign_format, "", false,
				 "%s; convert it with `%s`", rec.what, cmd.data);
			buf_free(&cmd);
		} else
			diag_ptr(&doc->diags, &rule_foreign_format, "", false, "%s", rec.what);
		return;
	case DIALECT_NGGO: {
		/* The rule reports the record as a whole, with its migration. */
		struct check c = { .doc = doc, .rec = &rec };
		rule_nggo_dialect.on_record(&c, doc->root);
		buf_free(&c.ptr);
		free(c.memo);
		return;
	}
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
	for (size_t i = 0; i < h->nrecord_end; i++)
		h->record_end[i]->on_record_end(&c, doc->root);
	buf_free(&c.ptr);
	free(c.memo);
	/* The replay is the costliest check: skipped when none of its rules run. */
	if (settings_category_enabled(ls, "go"))
		replay_run(doc, &rec);
}
