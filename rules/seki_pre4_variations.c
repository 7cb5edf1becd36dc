/* seki-pre4-variations: variations written as Seki before 4.0 exported
 * them. Its exporter (convert-to-jgf.js, fixed in 4.0.0) wrote a node that
 * forks as a bare {"variations": [...]}, dropping the node's own move,
 * and pushed each variation's nodes straight into that array, one after
 * the other, instead of an array per variation. Seki 4.x cannot read such
 * a file back ("jgfTree is not iterable"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "base/pointer.h"
#include "seki_pre4_variations.h"

extern const struct rule rule_seki_pre4_variations;

bool seki_pre4_variations(json_object *variations)
{
	if (!json_object_is_type(variations, json_type_array))
		return false;
	size_t n = json_object_array_length(variations);
	for (size_t i = 0; i < n; i++)
		if (!json_object_is_type(json_object_array_get_idx(variations, i), json_type_object))
			return false;
	return n > 0;
}

/* Whether two nodes' moves take the same point: the second cannot follow
 * the first in one line (the stone just played stands there). */
static bool same_point(json_object *a, json_object *b)
{
	long long ax, ay, bx, by;
	json_object *ma = member(a, "move"), *mb = member(b, "move");
	return get_int(member(ma, "x"), &ax) && get_int(member(ma, "y"), &ay) &&
	       get_int(member(mb, "x"), &bx) && get_int(member(mb, "y"), &by) && ax == bx &&
	       ay == by;
}

/* The colour of a node's move, or NULL. */
static const char *move_color(json_object *node)
{
	json_object *color = member(member(node, "move"), "color");
	return json_object_is_type(color, json_type_string) ? json_object_get_string(color) : NULL;
}

/* The old exporter's fork: an object holding nothing but variations in
 * its shape. */
static bool old_fork(json_object *node)
{
	return json_object_object_length(node) == 1 &&
	       seki_pre4_variations(member(node, "variations"));
}

static bool write_value(struct check *c, struct buf *rel, json_object *value, struct buf *out);

/* The old exporter's flat list at rel, written as JGF's array of
 * variations. Where one variation ends and the next begins is certain only
 * after a fork (which ended its line), where one colour would play twice
 * in a row (a line alternates) and where a move would take the point of the
 * move just before it; elsewhere the nodes stay one line. */
static bool write_arrays(struct check *c, struct buf *rel, json_object *vars, struct buf *out)
{
	const char *t = c->doc->text;
	size_t n = json_object_array_length(vars), rel_len = rel->len;
	struct span whole, first, last;
	bool ok = check_span(c, rel->data, &whole);
	pointer_push_index(rel, 0);
	ok = ok && check_span(c, rel->data, &first);
	buf_truncate(rel, rel_len);
	pointer_push_index(rel, n - 1);
	ok = ok && check_span(c, rel->data, &last);
	buf_truncate(rel, rel_len);
	if (!ok)
		return false;
	/* The array's own layout: its space after `[` separates the variations. */
	const char *ws = t + whole.start + 1;
	int ws_len = (int)(first.start - whole.start - 1);
	buf_addc(out, '[');
	const char *line_color = NULL;
	bool open = false;
	for (size_t i = 0; ok && i < n; i++) {
		json_object *node = json_object_array_get_idx(vars, i);
		const char *color = move_color(node);
		if (open && ((color && line_color && strcmp(color, line_color) == 0) ||
			     (i && same_point(json_object_array_get_idx(vars, i - 1), node)))) {
			buf_addc(out, ']');
			open = false;
		}
		buf_adds(out, open ? ", " : i ? "," : "");
		if (!open) {
			buf_printf(out, "%.*s[", ws_len, ws);
			open = true;
			line_color = NULL;
		}
		pointer_push_index(rel, i);
		ok = write_value(c, rel, node, out);
		buf_truncate(rel, rel_len);
		if (color)
			line_color = color;
		if (old_fork(node)) {
			buf_addc(out, ']');
			open = false;
		}
	}
	if (open)
		buf_addc(out, ']');
	buf_add(out, t + last.end, whole.end - 1 - last.end);
	buf_addc(out, ']');
	return ok;
}

/* The text of the value at rel, with the variations of the old exporter's
 * forks inside it written as JGF's arrays. */
static bool write_value(struct check *c, struct buf *rel, json_object *value, struct buf *out)
{
	struct span whole, inner;
	if (!check_span(c, rel->data, &whole))
		return false;
	const char *t = c->doc->text;
	json_object *vars = member(value, "variations");
	if (!seki_pre4_variations(vars)) {
		buf_add(out, t + whole.start, whole.end - whole.start);
		return true;
	}
	size_t rel_len = rel->len;
	buf_adds(rel, "/variations");
	bool ok = check_span(c, rel->data, &inner);
	if (ok) {
		buf_add(out, t + whole.start, inner.start - whole.start);
		ok = write_arrays(c, rel, vars, out);
		buf_add(out, t + inner.end, whole.end - inner.end);
	}
	buf_truncate(rel, rel_len);
	return ok;
}

/* What the message says of the move the exporter dropped: the node that
 * forks held a move, the one before the variations' first. */
static void describe_lost(struct check *c, struct buf *out, json_object *before, bool root,
			  json_object *vars, long number)
{
	if (root) {
		buf_adds(out, "the root node, with its setup and comments, was not written: the "
			 "fork took its place");
		return;
	}
	const char *next = move_color(json_object_array_get_idx(vars, 0));
	const char *lost = !next ? NULL : strcmp(next, "black") == 0 ? "white" :
			   strcmp(next, "white") == 0 ? "black" : NULL;
	buf_adds(out, "the move of the node where the game forks was not written: ");
	buf_printf(out, "%s%smove", lost ? lost : "the", lost ? "'s " : " ");
	if (number)
		buf_printf(out, " %ld", number);
	json_object *prev = member(before, "move");
	long long x, y;
	char name[POINT_WORDS_SIZE];
	const char *prev_color = move_color(before);
	if (prev_color && get_int(member(prev, "x"), &x) && get_int(member(prev, "y"), &y))
		buf_printf(out, " after %s's %s", prev_color,
			   point_words(c->rec->width, c->rec->height, x, y, name));
	if (lost)
		buf_printf(out, ", before the %s moves that start the variations,", next);
	else
		buf_adds(out, ", before these variations,");
	buf_adds(out, " is missing; add it by hand (no fix can know it)");
}

/* number: the lost move's on the main line, 0 when unknown. */
static void report(struct check *c, const char *rel, json_object *vars, json_object *before,
		   bool root, long number, bool fix)
{
	json_object *generator = member(member(c->doc->root, "record"), "generator");
	const char *gen = json_object_is_type(generator, json_type_string) ?
			  json_object_get_string(generator) : NULL;
	struct buf lost = BUF_INIT;
	describe_lost(c, &lost, before, root, vars, number);
	struct diag *d = check_report(c, &rule_seki_pre4_variations, rel, false,
				      "`variations` holds bare nodes, as Seki before 4.0 exported "
				      "them%s%s%s: JGF wants each variation as an array of nodes, and "
				      "Seki 4.x cannot open this record (`jgflint --fix "
				      "--unsafe-fixes` writes the arrays); %s",
				      gen ? " (the generator is \"" : "", gen ? gen : "",
				      gen ? "\")" : "", lost.data);
	buf_free(&lost);
	if (!fix)
		return;
	struct buf at = BUF_INIT, out = BUF_INIT, node = BUF_INIT;
	buf_adds(&at, rel);
	json_object *tree = member(c->doc->root, "tree");
	if (!write_arrays(c, &at, vars, &out)) {
		/* no fix */
	} else if (root && json_object_array_length(tree) == 1) {
		/* The arrays go into a node after the root, where root-node
		 * wants them (written in the root, that rule refused the fix). */
		buf_printf(&node, "{\"variations\": %s}", out.data);
		if (json_object_object_length(json_object_array_get_idx(tree, 0)) == 1)
			check_fix_replace(c, d, FIX_UNSAFE, "#/tree/0", "{}");
		else
			check_fix_remove(c, d, FIX_UNSAFE, rel);
		check_fix_append(c, d, FIX_UNSAFE, "#/tree", node.data);
	} else {
		check_fix_replace(c, d, FIX_UNSAFE, rel, out.data);
	}
	buf_free(&at);
	buf_free(&out);
	buf_free(&node);
}

/* The forks inside the old exporter's flat list at rel, which the walk
 * does not enter (they are no arrays of nodes): each reported too, the
 * node before it in its line being the element before it, unless a fork
 * ended that line. Their text is rewritten by the outer fork's fix. */
static void report_inner(struct check *c, struct buf *rel, json_object *vars)
{
	size_t n = json_object_array_length(vars), rel_len = rel->len;
	for (size_t i = 0; i < n; i++) {
		json_object *node = json_object_array_get_idx(vars, i);
		if (!old_fork(node))
			continue;
		json_object *before = i ? json_object_array_get_idx(vars, i - 1) : NULL;
		if (before && old_fork(before))
			before = NULL;
		pointer_push_index(rel, i);
		buf_adds(rel, "/variations");
		json_object *inner = member(node, "variations");
		report(c, rel->data, inner, before, false, 0, false);
		report_inner(c, rel, inner);
		buf_truncate(rel, rel_len);
	}
}

static void check_node(struct check *c, const struct node_visit *n)
{
	/* The moves of the main line so far, to number the one lost there. */
	long *moves = check_word(c, &rule_seki_pre4_variations);
	if (n->variation_depth == 0 && n->move)
		++*moves;
	if (!seki_pre4_variations(n->variations))
		return;
	report(c, "/variations", n->variations, n->prev, n->is_root,
	       n->variation_depth == 0 ? *moves + 1 : 0, true);
	struct buf rel = BUF_INIT;
	buf_adds(&rel, "/variations");
	report_inner(c, &rel, n->variations);
	buf_free(&rel);
}

const struct rule rule_seki_pre4_variations = {
	.id = "seki-pre4-variations",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_TREE,
	.fix = FIX_UNSAFE,
	.summary = "variations written as Seki before 4.0 exported them: bare nodes, the fork's move lost",
	.explanation =
		"What it checks\n"
		"  Every Seki before 4.0 exported a node where the game forks as\n"
		"  {\"variations\": [...]} alone, dropping the node's own move, comments\n"
		"  and markup, and put the nodes of all its variations one after the\n"
		"  other into that array, as bare nodes, instead of one array of nodes\n"
		"  per variation. Seki 4.x cannot open such a record (\"jgfTree is not\n"
		"  iterable\"), nor can any reader that follows the specification. A\n"
		"  `variations` array whose elements are all objects is reported here,\n"
		"  and not by wrong-type; so is each such fork inside it. The message\n"
		"  names the move that was lost at the fork: its colour (the other one\n"
		"  than the variations' first moves) and the move it followed. A record\n"
		"  whose variations start at the root lost its root node instead (this\n"
		"  rule's finding then, not root-node's too).\n"
		"\n"
		"Fix\n"
		"  Unsafe: the bare nodes become arrays of nodes, one per variation, so\n"
		"  that Seki 4.x and other readers open the record. The old files do\n"
		"  not say where one variation ends and the next begins: a new one\n"
		"  starts after a fork (which ended its line), where a colour would\n"
		"  play twice in a row and where a move would take the point of the\n"
		"  move before it; other nodes stay in one line. Check the\n"
		"  variations, and add the lost move by hand: the fix cannot know it.\n"
		"  At the root, the arrays go into a node of their own after it.\n"
		"\n"
		"Fails\n"
		"  { \"move\": { \"x\": 3, \"y\": 3, \"color\": \"black\" } },\n"
		"  { \"variations\": [ { \"move\": { \"x\": 15, \"y\": 15, \"color\": \"white\" } },\n"
		"                    { \"move\": { \"x\": 15, \"y\": 3, \"color\": \"white\" } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"move\": { \"x\": 3, \"y\": 3, \"color\": \"black\" } },\n"
		"  { \"move\": { \"x\": 2, \"y\": 15, \"color\": \"white\" } },\n"
		"  { \"variations\": [ [ { \"move\": { \"x\": 15, \"y\": 15, \"color\": \"black\" } } ],\n"
		"                    [ { \"move\": { \"x\": 15, \"y\": 3, \"color\": \"black\" } } ] ] }\n",
	.on_node = check_node,
};
