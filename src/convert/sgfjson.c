/* sgfjson: SGF-in-JSON to the SGF property tree. Values are written back
 * with SGF's escapes, so the one SGF mapping (convert/convert.c) reads them. */
#include "convert/sgfjson.h"

#include <string.h>

#include "base/buf.h"
#include "base/pointer.h"
#include "convert/say.h"
#include "convert/sgfprops.h"
#include "core/catalog.h"
#include "core/record.h"

/* What the SGF-in-JSON reader says (convert/say.h). */
#define SAY_VALUE_TYPE &rule_sgf_json_value_type, \
	"ignored: value %zu of %s is neither a string nor a number"
#define SAY_VALUES_TYPE &rule_sgf_json_value_type, \
	"ignored: the value of %s is neither a string, a number nor an array"
#define SAY_NODE_TYPE &rule_sgf_json_node_type, "ignored: a node that is not an object"
#define SAY_TREE_TYPE &rule_sgf_json_tree_type, "ignored: a game tree that is not an array"
#define SAY_GROVE_TREE_TYPE &rule_sgf_json_tree_type, \
	"ignored: a game tree that is not [sequence, children]"
#define SAY_NODE_AFTER_VARIATIONS &rule_sgf_json_node_after_variations, \
	"a node after a node with variations: read as the first line of play from there"
#define SAY_VARIATIONS_TYPE &rule_sgf_json_variations_type, \
	"ignored: `variations` is not an array"
#define SAY_GROVE_VARIATIONS &rule_sgf_json_grove_variations, \
	"ignored: `variations` in a node of sgfgrove's form, whose variations are the game " \
	"tree's children"

struct reader {
	struct document *doc;
	struct sgf_notes *notes;
	struct buf ptr;
	size_t depth;
};

static struct sgf_pos pos_of(struct reader *r, bool at_key)
{
	size_t off;
	unsigned long line = 0, col = 0;
	if (locator_find(r->doc->loc, r->ptr.data ? r->ptr.data : "", at_key, &off))
		locator_linecol(r->doc->loc, off, &line, &col);
	return (struct sgf_pos){ (uint32_t)line, (uint32_t)col };
}

/* Compose properties: a pair of strings is one value `a:b`. */
static bool is_compose(const char *id)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	return d && (d->flags & SGF_P_FF4) &&
	       (d->type == SGF_T_LABELS || d->type == SGF_T_APP || d->type == SGF_T_LINES ||
		d->type == SGF_T_FIGURE || d->type == SGF_T_SIZE);
}

static bool scalar(json_object *v, struct buf *out, bool compose)
{
	if (!v) {   /* null: a value of none (DO, IT) or a pass (sgfgrove writes B[] so) */
		buf_adds(out, "");
		return true;
	}
	if (json_object_is_type(v, json_type_string)) {
		sgf_escape(out, json_object_get_string(v), (size_t)json_object_get_string_len(v),
			   compose);
		return true;
	}
	if (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)) {
		buf_adds(out, json_object_get_string(v));   /* the number's own text */
		return true;
	}
	return false;
}

/* A pair ["aa", "text"] as the compose value aa:text. */
static bool pair(json_object *v, struct buf *out)
{
	if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2)
		return false;
	struct buf b = BUF_INIT;
	bool ok = scalar(json_object_array_get_idx(v, 0), &b, true);
	buf_addc(&b, ':');
	ok = ok && scalar(json_object_array_get_idx(v, 1), &b, true);
	if (ok)
		buf_add(out, b.data, b.len);
	buf_free(&b);
	return ok;
}

static void property(struct reader *r, struct sgf_node *node, const char *id, json_object *v)
{
	struct sgf_pos at = pos_of(r, true);
	bool existed;
	struct sgf_prop *p = sgf_prop_get(node, id, at, &existed);
	struct buf b = BUF_INIT;
	bool compose = is_compose(id);
	if (compose && pair(v, &b)) {
		sgf_prop_add(p, b.data, b.len, at);
	} else if (scalar(v, &b, false)) {
		sgf_prop_add(p, b.data, b.len, at);
	} else if (json_object_is_type(v, json_type_array)) {
		size_t n = json_object_array_length(v);
		for (size_t i = 0; i < n; i++) {
			json_object *e = json_object_array_get_idx(v, i);
			buf_truncate(&b, 0);
			if ((compose && pair(e, &b)) || scalar(e, &b, false))
				sgf_prop_add(p, b.data ? b.data : "", b.len, at);
			else
				sgf_say(r->notes, at, SAY_VALUE_TYPE, i, id);
		}
	} else {
		sgf_say(r->notes, at, SAY_VALUES_TYPE, id);
	}
	if (!p->nvals) {
		/* nothing read: drop the empty property again */
		sgf_prop_drop_last(node);
	}
	buf_free(&b);
}

static void sequence(struct reader *r, json_object *seq, struct sgf_node *parent,
		     struct sgf_games *out);

/* One node object; returns it (attached to parent, or a new game). */
static struct sgf_node *node(struct reader *r, json_object *obj, struct sgf_node *parent,
			     struct sgf_games *out, json_object **variations)
{
	struct sgf_node *n = sgf_node_new(pos_of(r, false));
	if (parent)
		sgf_node_add_kid(parent, n);
	else {
		out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
		out->games[out->len++] = n;
	}
	*variations = NULL;
	if (!json_object_is_type(obj, json_type_object)) {
		sgf_say(r->notes, n->pos, SAY_NODE_TYPE);
		return n;
	}
	json_object_object_foreach(obj, key, val) {
		size_t mark = r->ptr.len;
		pointer_push_key(&r->ptr, key, strlen(key));
		if (key_eq(key, "variations"))
			*variations = val;
		else
			property(r, n, key, val);
		buf_truncate(&r->ptr, mark);
	}
	return n;
}

/* Deeper nesting is not read (the scanner bounds the JSON depth anyway). */
#define MAX_VARIATION_DEPTH 2000

/* The game trees of a `variations` array (at pointer vptr): each a line
 * of play from parent. */
static void variations(struct reader *r, json_object *vars, const struct buf *vptr,
		       struct sgf_node *parent, struct sgf_games *out)
{
	struct buf saved = BUF_INIT;
	buf_add(&saved, r->ptr.data, r->ptr.len);
	size_t n = json_object_array_length(vars);
	r->depth++;
	for (size_t k = 0; k < n; k++) {
		buf_truncate(&r->ptr, 0);
		buf_add(&r->ptr, vptr->data, vptr->len);
		pointer_push_index(&r->ptr, k);
		sequence(r, json_object_array_get_idx(vars, k), parent, out);
	}
	r->depth--;
	buf_truncate(&r->ptr, 0);
	buf_add(&r->ptr, saved.data ? saved.data : "", saved.len);
	buf_free(&saved);
}

static void sequence(struct reader *r, json_object *seq, struct sgf_node *parent,
		     struct sgf_games *out)
{
	if (!json_object_is_type(seq, json_type_array)) {
		sgf_say(r->notes, pos_of(r, false), SAY_TREE_TYPE);
		return;
	}
	size_t n = json_object_array_length(seq);
	struct sgf_node *cur = parent;
	json_object *pending = NULL;   /* the variations of cur, read after its first child */
	struct buf vptr = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		size_t mark = r->ptr.len;
		pointer_push_index(&r->ptr, i);
		json_object *vars;
		struct sgf_node *nd = node(r, json_object_array_get_idx(seq, i), cur, out, &vars);
		if (pending) {
			/* SGF cannot say this; the nodes that follow are the main line */
			sgf_say(r->notes, nd->pos, SAY_NODE_AFTER_VARIATIONS);
			variations(r, pending, &vptr, cur, out);
			pending = NULL;
		}
		if (vars && !json_object_is_type(vars, json_type_array)) {
			sgf_say(r->notes, nd->pos, SAY_VARIATIONS_TYPE);
		} else if (vars && r->depth < MAX_VARIATION_DEPTH) {
			pending = vars;
			buf_truncate(&vptr, 0);
			buf_add(&vptr, r->ptr.data, r->ptr.len);
			buf_adds(&vptr, "/variations");
		}
		buf_truncate(&r->ptr, mark);
		cur = nd;
	}
	if (pending)
		variations(r, pending, &vptr, cur, out);
	buf_free(&vptr);
}

/* A game tree as sgfgrove writes it, [sequence, children], from parent
 * (NULL: a game of its own), at the pointer in r->ptr. Iterative: children
 * nest as deep as variations do. */
static void grove_tree(struct reader *r, json_object *tree, struct sgf_node *parent,
		       struct sgf_games *out)
{
	struct item { json_object *tree; struct sgf_node *parent; size_t depth; };
	struct item *stack = NULL;
	size_t n = 0, cap = 0, *at = NULL, atcap = 0;
	stack = xgrow(stack, &cap, 1, sizeof *stack);
	at = xgrow(at, &atcap, 1, sizeof *at);
	stack[n++] = (struct item){ tree, parent, 0 };
	/* The pointers of the stacked trees, NUL-separated; at[i] is item i's. */
	struct buf ptrs = BUF_INIT;
	at[0] = 0;
	buf_add(&ptrs, r->ptr.data ? r->ptr.data : "", r->ptr.len);
	buf_addc(&ptrs, '\0');
	while (n) {
		struct item it = stack[--n];
		buf_truncate(&r->ptr, 0);
		buf_adds(&r->ptr, ptrs.data + at[n]);
		buf_truncate(&ptrs, at[n]);
		if (!record_sgfgrove_tree(it.tree)) {
			sgf_say(r->notes, pos_of(r, false), SAY_GROVE_TREE_TYPE);
			continue;
		}
		json_object *seq = json_object_array_get_idx(it.tree, 0);
		json_object *kids = json_object_array_get_idx(it.tree, 1);
		size_t base = r->ptr.len;
		struct sgf_node *cur = it.parent;
		size_t len = json_object_array_length(seq);
		for (size_t i = 0; i < len; i++) {
			buf_truncate(&r->ptr, base);
			buf_adds(&r->ptr, "/0");
			pointer_push_index(&r->ptr, i);
			json_object *vars;
			cur = node(r, json_object_array_get_idx(seq, i), cur, out, &vars);
			if (vars)
				sgf_say(r->notes, cur->pos, SAY_GROVE_VARIATIONS);
		}
		if (it.depth >= MAX_VARIATION_DEPTH)
			continue;
		/* The children, first pushed last so that they are read in order. */
		size_t nk = json_object_array_length(kids);
		for (size_t k = nk; k-- > 0;) {
			stack = xgrow(stack, &cap, n + 1, sizeof *stack);
			at = xgrow(at, &atcap, n + 1, sizeof *at);
			at[n] = ptrs.len;
			buf_add(&ptrs, r->ptr.data, base);
			buf_printf(&ptrs, "/1/%zu", k);
			buf_addc(&ptrs, '\0');
			stack[n++] = (struct item){ json_object_array_get_idx(kids, k), cur, it.depth + 1 };
		}
	}
	free(stack);
	free(at);
	buf_free(&ptrs);
}

void sgfjson_read(struct document *doc, struct sgf_games *out, struct sgf_notes *notes)
{
	struct reader r = { doc, notes, BUF_INIT, 0 };
	buf_adds(&r.ptr, "");
	json_object *root = doc->root;
	json_object *first = json_object_array_length(root) ? json_object_array_get_idx(root, 0) : NULL;
	if (record_sgfgrove_tree(first) || record_sgfgrove_tree(root)) {
		bool one = !record_sgfgrove_tree(first);
		size_t n = one ? 1 : json_object_array_length(root);
		for (size_t i = 0; i < n; i++) {
			buf_truncate(&r.ptr, 0);
			if (!one)
				pointer_push_index(&r.ptr, i);
			grove_tree(&r, one ? root : json_object_array_get_idx(root, i), NULL, out);
		}
	} else if (json_object_is_type(first, json_type_array)) {   /* a collection */
		size_t n = json_object_array_length(root);
		for (size_t i = 0; i < n; i++) {
			buf_truncate(&r.ptr, 0);
			pointer_push_index(&r.ptr, i);
			sequence(&r, json_object_array_get_idx(root, i), NULL, out);
		}
	} else {
		sequence(&r, root, NULL, out);
	}
	buf_free(&r.ptr);
}
