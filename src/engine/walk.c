/* walk: the tree, node by node, from the DOM or from a streamed text. */
#include "engine/walk.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/dom.h"
#include "base/pointer.h"
#include "core/schema.h"
#include "read/nodes.h"
#include "read/scan.h"

/* A sequence of nodes (the tree, a variation) or a variations array. */
struct walk_frame {
	bool variations;
	json_object *array;       /* from the DOM */
	size_t at;                /* streamed: the next element's offset, SIZE_MAX at the end */
	size_t next, len;         /* the next element's index, and how many */
	size_t ptr_len;           /* the length of the array's own pointer */
	size_t depth;             /* a sequence's variation depth */
	size_t first_variations;
	/* A sequence's last two nodes given: the one before the last is the
	 * last's prev (streamed: both the walk's, freed as it goes on). */
	json_object *last, *before;
	size_t last_depth, before_depth;
	size_t asked_len;         /* walk_pointer's length to this frame's part */
};

void walk_init(struct tree_walk *w, const struct document *doc, json_object *root,
	       struct buf *ptr)
{
	*w = (struct tree_walk){ .ptr = ptr, .vars_at = SIZE_MAX };
	if (doc && doc->streamed) {
		w->doc = doc;
		w->reader = scan_reader_new(doc->text, doc->len, doc->loc, schema_known_key,
					    &doc->tree);
		if (doc->made)
			scan_reader_made(w->reader);
	} else {
		w->tree = member(root, "tree");
	}
}

/* Frees what a streamed walk holds of a node. */
static void drop(const struct tree_walk *w, json_object *node, size_t depth)
{
	if (w->doc)
		dom_give_back(node, depth);
}

static struct walk_frame *push(struct tree_walk *w, bool variations)
{
	w->stack = xgrow(w->stack, &w->cap, w->top + 1, sizeof *w->stack);
	struct walk_frame *f = &w->stack[w->top++];
	if (w->asked_from > w->top - 1)
		w->asked_from = w->top - 1;
	*f = (struct walk_frame){ .variations = variations, .at = SIZE_MAX,
				  .ptr_len = w->ptr ? w->ptr->len : 0,
				  .first_variations = SIZE_MAX };
	return f;
}

/* A sequence: in the DOM array, or the streamed text's at offset start. */
static void push_sequence(struct tree_walk *w, json_object *array, size_t start, size_t depth)
{
	struct walk_frame *f = push(w, false);
	f->depth = depth;
	if (w->doc) {
		const struct scan_seq *seq = scan_tree_seq_near(&w->doc->tree, start, &w->seq_near);
		f->len = seq ? seq->count : 0;
		f->at = seq ? scan_next_element(w->doc->text, start + 1, true) : SIZE_MAX;
	} else {
		f->array = array;
		f->len = json_object_array_length(array);
	}
	w->count = f->len;
}

static void pop(struct tree_walk *w)
{
	struct walk_frame *f = &w->stack[--w->top];
	drop(w, f->last, f->last_depth);
	drop(w, f->before, f->before_depth);
	if (w->ptr)
		buf_truncate(w->ptr, w->top ? f->ptr_len : 0);
}

static bool exhausted(const struct tree_walk *w, const struct walk_frame *f)
{
	return w->doc ? f->at == SIZE_MAX : f->next >= f->len;
}

/* A streamed sequence whose node with variations was given last: the
 * node before it is no node's prev any more, and the node itself is not
 * either when none follows it. Freed before the variations are walked,
 * not held at every level of their nesting (10,000 deep: 12.8 MB). */
static void let_go(const struct tree_walk *w, struct walk_frame *f)
{
	drop(w, f->before, f->before_depth);
	f->before = NULL;
	if (!exhausted(w, f))
		return;
	drop(w, f->last, f->last_depth);
	f->last = NULL;
}

/* Element i of a variations array: a variation begins (true), or an
 * element that is none is passed over. */
static bool variation(struct tree_walk *w, struct walk_frame *f, size_t i)
{
	size_t depth = f->depth + 1;
	if (!w->doc) {
		json_object *item = json_object_array_get_idx(f->array, i);
		if (!json_object_is_type(item, json_type_array))
			return false;
		push_sequence(w, item, 0, depth);
	} else {
		const char *text = w->doc->text;
		size_t p = f->at;
		const struct scan_seq *seq = text[p] == '[' ? scan_tree_seq_near(&w->doc->tree, p, &w->seq_near) : NULL;
		f->at = scan_next_element(text, seq ? seq->end : scan_skip_value(w->reader, p), false);
		if (!seq)
			return false;
		push_sequence(w, NULL, p, depth);
	}
	w->index = i;
	return true;
}

/* Node i of a sequence; false when the text cannot be read. */
static bool node(struct tree_walk *w, struct walk_frame *f, size_t i)
{
	json_object *item;
	size_t depth = 0;
	w->start = SIZE_MAX;
	w->vars = NULL;
	w->vars_at = SIZE_MAX;
	if (!w->doc) {
		/* Its variations are looked up at the next step, unless the
		 * caller, which reads the node's members, gives them. */
		item = json_object_array_get_idx(f->array, i);
		w->vars_unread = true;
	} else {
		struct scan_node n;
		if (!scan_reader_node(w->reader, f->at, &n))
			return false;
		f->at = scan_next_element(w->doc->text, n.end, false);
		item = n.value;
		depth = n.depth;
		w->start = n.start;
		w->vars_at = n.variations;
		if (n.variations != SIZE_MAX)
			w->vars = member(item, "variations");
	}
	drop(w, f->before, f->before_depth);
	f->before = f->last, f->before_depth = f->last_depth;
	f->last = item, f->last_depth = depth;
	w->node = item;
	w->prev = f->before;
	w->index = i;
	w->count = f->len;
	w->first_variations = f->first_variations;
	w->variation_depth = f->depth;
	w->is_root = w->top == 1 && i == 0;
	if (w->vars && f->first_variations == SIZE_MAX)
		f->first_variations = i;
	return true;
}

void walk_node_variations(struct tree_walk *w, json_object *variations)
{
	if (!w->vars_unread)
		return;
	w->vars_unread = false;
	if (!json_object_is_type(variations, json_type_array))
		return;
	w->vars = variations;
	struct walk_frame *f = &w->stack[w->top - 1];
	if (f->first_variations == SIZE_MAX)
		f->first_variations = w->index;
}

enum walk_step walk_next(struct tree_walk *w)
{
	w->asked_made = false;
	if (!w->started) {
		w->started = true;
		if (w->ptr)
			buf_adds(w->ptr, "/tree");
		if (w->doc)
			push_sequence(w, NULL, w->doc->tree.seqs[w->doc->tree.tree].start, 0);
		else
			push_sequence(w, w->tree, 0, 0);
		w->index = 0;
		return WALK_SEQUENCE;
	}
	if (w->vars_unread)
		walk_node_variations(w, json_object_is_type(w->node, json_type_object) ?
				     member(w->node, "variations") : NULL);
	if (w->vars) {
		/* The variations of the node given last. */
		size_t n = json_object_array_length(w->vars);
		if (w->ptr)
			buf_adds(w->ptr, "/variations");
		struct walk_frame *parent = &w->stack[w->top - 1];
		if (w->doc) {
			let_go(w, parent);
			w->node = w->prev = NULL;   /* WALK_NODE's only */
		}
		struct walk_frame *f = push(w, true);
		f->depth = parent->depth;
		f->len = n;
		if (w->doc)
			f->at = scan_next_element(w->doc->text, w->vars_at + 1, true);
		else
			f->array = w->vars;
		w->vars = NULL;
		w->count = n;
		return WALK_VARIATIONS;
	}
	while (w->top) {
		struct walk_frame *f = &w->stack[w->top - 1];
		if (exhausted(w, f)) {
			pop(w);
			return WALK_END;
		}
		size_t i = f->next++;
		if (w->asked_from > w->top - 1)
			w->asked_from = w->top - 1;
		if (w->ptr) {
			buf_truncate(w->ptr, f->ptr_len);
			pointer_push_index(w->ptr, i);
		}
		if (f->variations) {
			if (variation(w, f, i))
				return WALK_SEQUENCE;
			continue;
		}
		if (node(w, f, i))
			return WALK_NODE;
		break;   /* a text the streamed scan did not accept: nothing more */
	}
	while (w->top)
		pop(w);
	return WALK_DONE;
}

void walk_skip_to(struct tree_walk *w, size_t i)
{
	struct walk_frame *f = w->top ? &w->stack[w->top - 1] : NULL;
	if (w->doc || !f || !f->variations)
		return;
	if (i > f->len)
		i = f->len;
	if (i > f->next)
		f->next = i;
}

const struct buf *walk_pointer(struct tree_walk *w)
{
	if (w->ptr)
		return w->ptr;
	if (!w->asked_made) {
		/* The pointer walk_next would have built: /tree, then each
		 * frame's element given last (f->next - 1), a variations
		 * frame's after /variations. Made again from the lowest frame
		 * that moved on, or was pushed, since it was last asked
		 * (asked_from): a pointer as long as the depth is not made
		 * again for each node of a deep line. */
		size_t k = w->asked_from < w->top ? w->asked_from : w->top;
		if (!w->asked.len)
			buf_adds(&w->asked, "/tree");
		buf_truncate(&w->asked, k ? w->stack[k - 1].asked_len : sizeof "/tree" - 1);
		for (; k < w->top; k++) {
			struct walk_frame *f = &w->stack[k];
			if (f->variations)
				buf_adds(&w->asked, "/variations");
			pointer_push_index(&w->asked, f->next - 1);
			f->asked_len = w->asked.len;
		}
		w->asked_from = SIZE_MAX;
		w->asked_made = true;
	}
	return &w->asked;
}

void walk_free(struct tree_walk *w)
{
	while (w->top)
		pop(w);
	buf_free(&w->asked);
	free(w->stack);
	scan_reader_free(w->reader);
	*w = (struct tree_walk){ 0 };
}
