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
#include "engine/positions.h"
#include "core/settings.h"
#include "base/pointer.h"
#include "base/locate.h"
#include "engine/replay.h"
#include "engine/walk.h"

/* not-an-object's words: what the file holds instead. */
#define SAY_NOT_AN_OBJECT "a JGF record is a JSON object `{ … }`, but this file holds %s"

/* Rules by hook, gathered once from the registry (the go rules' hook is
 * the replay's: their list ends in NULL); on_object's by the schemas of
 * the objects each is for. */
struct hooks {
	const struct rule **record, **object[SCHEMA_COUNT], **node, **point, **record_end, **go;
	size_t nrecord, nobject[SCHEMA_COUNT], nnode, npoint, nrecord_end, ngo;
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
	const struct rule **all = calloc((5 + SCHEMA_COUNT) * n + 1, sizeof *all);
	if (!all)
		return false;
	h->record = all, h->node = all + n, h->point = all + 2 * n;
	h->record_end = all + 3 * n, h->go = all + 4 * n;
	for (size_t k = 0; k < SCHEMA_COUNT; k++)
		h->object[k] = all + (5 + k) * n;
	for (size_t i = 0; i < n; i++) {
		const struct rule *r = rule_registry[i];
		if (r->on_record) h->record[h->nrecord++] = r;
		for (size_t k = 0; r->on_object && r->objects && r->objects[k]; k++) {
			enum schema_id id = r->objects[k]->id;
			h->object[id][h->nobject[id]++] = r;
		}
		for (size_t k = 0; r->on_object && !r->objects && k < SCHEMA_COUNT; k++)
			h->object[k][h->nobject[k]++] = r;
		if (r->on_node) h->node[h->nnode++] = r;
		if (r->on_point) h->point[h->npoint++] = r;
		if (r->on_record_end) h->record_end[h->nrecord_end++] = r;
		if (r->on_go) h->go[h->ngo++] = r;
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

/* Which rules a run calls, and where: all that the settings run (a
 * check), or a check again's (engine_again), whose rules in the tree may
 * be fewer than outside it. */
struct pick {
	const struct lint_settings *ls;
	enum { PICK_CHECK, PICK_AGAIN_WAS, PICK_AGAIN } how;
	bool board_same;   /* PICK_AGAIN: the board of record_info as it was */
	bool tree;         /* for the hooks of the tree's objects */
	/* a check again's: its hooks, outside the tree and in it, built */
	const struct hooks *built, *built_tree;
};

static bool again_whole;   /* the test hook's */

void engine_test_again_whole(bool on)
{
	again_whole = on;
}

enum again_run engine_again_run(const struct rule *rule, const struct lint_settings *ls,
				bool board_same)
{
	enum severity sev;
	if (!settings_rule(ls, rule, &sev))
		return AGAIN_OUT;
	if (again_whole)
		return AGAIN_WHOLE;
	/* no error it can add (a finding's severity is at most its rule's) */
	if (sev != SEV_ERROR)
		return AGAIN_OUT;
	switch (rule->reads) {
	case READS_GIVEN:
		return AGAIN_OUTSIDE_TREE;
	case READS_TREE:
		return AGAIN_OUT;
	case READS_TREE_BOARD:
		return board_same ? AGAIN_OUT : AGAIN_WHOLE;
	case READS_RECORD:
		break;
	}
	return AGAIN_WHOLE;
}

static bool picked(const struct rule *rule, const struct pick *p)
{
	enum severity sev;
	if (p->how == PICK_CHECK && p->ls && p->ls->source_only && !rule->about_game &&
	    strcmp(rule->category, "go"))
		return false;
	if (p->how == PICK_CHECK)
		return settings_rule(p->ls, rule, &sev);
	enum again_run run = engine_again_run(rule, p->ls, p->board_same);
	if (p->how == PICK_AGAIN_WAS)   /* outside the tree */
		return run == AGAIN_OUTSIDE_TREE;
	return p->tree ? run == AGAIN_WHOLE : run != AGAIN_OUT;
}

/* The rules of from that p picks, kept in to (in order); their count. */
static size_t running(const struct rule **to, const struct rule *const *from, size_t n,
		      const struct pick *p)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (picked(from[i], p))
			to[k++] = from[i];
	return k;
}

/* The hooks of the rules p picks: every rule's, or, when some do not run
 * (--ignore, --select, a configuration's, a check again), theirs only, in
 * *own (free own->record): a rule left out did its work for a finding
 * dropped afterwards. No rule reads another's findings. */
static const struct hooks *running_hooks(const struct pick *p, struct hooks *own)
{
	const struct hooks *all = hooks();
	if (p->how == PICK_CHECK && settings_every_rule(p->ls) && !(p->ls && p->ls->source_only))
		return all;
	size_t objects = 0;
	for (size_t k = 0; k < SCHEMA_COUNT; k++)
		objects += all->nobject[k];
	const struct rule **to = xcalloc(all->nrecord + objects + all->nnode + all->npoint +
					 all->nrecord_end + all->ngo + 1, sizeof *to);   /* go's NULL */
	own->record = to, to += own->nrecord = running(to, all->record, all->nrecord, p);
	for (size_t k = 0; k < SCHEMA_COUNT; k++)
		own->object[k] = to, to += own->nobject[k] = running(to, all->object[k],
								     all->nobject[k], p);
	own->node = to, to += own->nnode = running(to, all->node, all->nnode, p);
	own->point = to, to += own->npoint = running(to, all->point, all->npoint, p);
	own->record_end = to, to += own->nrecord_end = running(to, all->record_end,
								all->nrecord_end, p);
	own->go = to, own->ngo = running(to, all->go, all->ngo, p);
	return own;
}

/* Whether h calls a hook in the tree: of a node, a point, or an object of
 * the tree (the schema ids from SCHEMA_NODE on, schema.h). */
static bool tree_hooks(const struct hooks *h)
{
	size_t n = h->nnode + h->npoint;
	for (size_t k = SCHEMA_NODE; k < SCHEMA_COUNT; k++)
		n += h->nobject[k];
	return n > 0;
}

static void visit_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (!json_object_is_type(obj, json_type_object))
		return;
	const struct hooks *h = c->hooks;
	for (size_t i = 0; i < h->nobject[schema->id]; i++)
		h->object[schema->id][i]->on_object(c, obj, schema);
}

/* Calls the point hooks; a move is a point only when it has x or y. Points
 * have few keys, so one pass over them beats two lookups. */
static void visit_point(struct check *c, struct point_visit *p)
{
	const struct hooks *h = c->hooks;
	if (!h->npoint)   /* (a check again's tree) */
		return;
	json_object *x = NULL, *y = NULL, *pv = NULL;
	const struct node_visit *n = c->node;
	if (p->kind == POINT_MOVE && n && p->point == n->move) {   /* read with the node's members */
		x = n->x, y = n->y, pv = n->pass;
	} else {
		json_object_object_foreach(p->point, key, val) {
			if (key[0] == 'x' && !key[1])
				x = val;
			else if (key[0] == 'y' && !key[1])
				y = val;
			else if (key_eq(key, "pass"))
				pv = val;
		}
	}
	bool pass = json_object_is_type(pv, json_type_boolean) && json_object_get_boolean(pv);
	/* A move with `"pass": true` is a pass: coordinates beside it are not a
	 * point (move-shape reports them, and the replay ignores them too). */
	if (p->kind == POINT_MOVE && ((!x && !y) || pass))
		return;
	long long xv, yv;
	p->has_xy = get_int(x, &xv) && get_int(y, &yv);
	p->x = p->has_xy ? xv : 0;
	p->y = p->has_xy ? yv : 0;
	for (size_t i = 0; i < h->npoint; i++)
		h->point[i]->on_point(c, p);
}

/* Appends a literal segment to the pointer, in place when it has room: on
 * every move and point, where buf_adds' strlen and growth check were
 * most of the cost of the segment. */
static inline void ptr_add(struct buf *ptr, const char *seg, size_t len)
{
	if (ptr->cap - ptr->len > len) {
		memcpy(ptr->data + ptr->len, seg, len + 1);
		ptr->len += len;
	} else {
		buf_add(ptr, seg, len);
	}
}
#define PTR_ADD(ptr, literal) ptr_add(ptr, literal, sizeof literal - 1)

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
			PTR_ADD(&c->ptr, "/coords");
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
	PTR_ADD(&c->ptr, "/move");
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

/* The node's members the rules ask for (node_visit), in one pass; the
 * first of a name, as member() gives. */
static void node_members(struct node_visit *n)
{
	if (!json_object_is_type(n->node, json_type_object))
		return;
	json_object_object_foreach(n->node, key, val) {
		json_object **at = NULL;
		switch (key[0]) {
		case 'm':
			at = key_eq(key, "move") ? &n->move : key_eq(key, "markup") ? &n->markup : NULL;
			break;
		case 's':
			at = key_eq(key, "setup") ? &n->setup : key_eq(key, "score") ? &n->score : NULL;
			break;
		case 't':
			at = key_eq(key, "turn") ? &n->turn : NULL;
			break;
		case 'v':
			at = key_eq(key, "variations") ? &n->variations : NULL;
			break;
		}
		if (at && !*at)
			*at = val;
	}
	if (!json_object_is_type(n->move, json_type_object))
		return;
	bool has_color = false;
	json_object_object_foreach(n->move, mkey, mval) {
		switch (mkey[0]) {
		case 'c':
			if (!has_color && key_eq(mkey, "color"))
				has_color = true, n->color = mval;
			break;
		case 'x':
			if (!mkey[1])
				n->has_x = true, n->x = mval;
			break;
		case 'y':
			if (!mkey[1])
				n->has_y = true, n->y = mval;
			break;
		case 'p':
			if (key_eq(mkey, "pass"))
				n->has_pass = true, n->pass = mval;
			else if (key_eq(mkey, "periodsLeft"))
				n->periods_left = mval;
			break;
		case 't':
			if (key_eq(mkey, "timeLeft"))
				n->time_left = mval;
			break;
		}
	}
}

/* Visits a node and what it holds, in the order of its keys (one pass, no
 * lookups); returns its variations member, or NULL. */
static json_object *visit_node(struct check *c, const struct node_visit *n)
{
	const struct hooks *h = c->hooks;
	for (size_t i = 0; i < h->nnode; i++)
		h->node[i]->on_node(c, n);
	json_object *node = n->node;
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
		buf_truncate(&c->ptr, base);
	}
	return n->variations;
}

/* Places the findings of list from mark on, before the lint locates the
 * others with the document's locator, which indexes every value: in a
 * streamed document, those in the node at hand with its locator, those
 * outside the tree with the record's without it. */
static void place_findings(struct check *c, struct diag_list *list, size_t mark)
{
	for (size_t i = mark; i < list->len; i++) {
		struct diag *d = &list->items[i];
		const char *rel;
		if (d->has_offset || !d->pointer)
			continue;
		struct locator *loc = check_locator(c, d->pointer, &rel);
		if (loc != c->doc->loc)
			document_place(d, loc, rel);
	}
}

/* The tree, node by node (walk.h): a streamed document's nodes are read
 * one at a time, and the replay, when given, follows the same walk, so
 * that each node is freed once both have seen it. Its findings are placed
 * while the node is at hand (place_findings). */
static void walk_tree(struct check *c, struct replay *replay)
{
	struct tree_walk w;
	walk_init(&w, c->doc, c->doc->root, &c->ptr);
	for (enum walk_step step; (step = walk_next(&w)) != WALK_DONE;) {
		if (step == WALK_NODE) {
			struct node_visit n = { .node = w.node, .prev = w.prev, .seq_len = w.count,
						.index = w.index,
						.first_variations = w.first_variations,
						.is_root = w.is_root,
						.variation_depth = w.variation_depth };
			node_members(&n);
			size_t mark = c->doc->diags.len;
			size_t replayed = replay ? replay_findings(replay)->len : 0;
			c->node = &n;
			c->node_start = w.start;
			c->node_ptr_len = c->ptr.len;
			walk_node_variations(&w, visit_node(c, &n));
			c->node = NULL;
			if (replay)
				replay_follow_visit(replay, &w, step, &n);
			if (c->doc->streamed) {
				place_findings(c, &c->doc->diags, mark);
				if (replay)
					place_findings(c, replay_findings(replay), replayed);
			}
			locator_free(c->node_loc);
			c->node_loc = NULL;
			c->node_start = SIZE_MAX;
		} else if (replay) {
			replay_follow(replay, &w, step);
		}
	}
	walk_free(&w);
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

/* The check of doc with the rules p picks: engine_run's, engine_again's. */
static void check_record(struct document *doc, const struct pick *p)
{
	const struct lint_settings *ls = p->ls;
	/* Classified once: a check in place has asked already. */
	struct record_info rec = *document_record(doc);
	if (doc->streamed && rec.dialect != DIALECT_JGF) {
		/* Checked as a whole (ngGo's migration reads the whole tree). */
		document_whole(doc);
		rec = *document_record(doc);
	}
	switch (rec.dialect) {
	case DIALECT_FOREIGN:
		if (rec.convertible) {
			char *words = document_foreign_words(doc, rec.what, false);
			diag_ptr(&doc->diags, &rule_foreign_format, "", false, "%s", words);
			free(words);
		} else
			diag_ptr(&doc->diags, &rule_foreign_format, "", false, "%s", rec.what);
		return;
	case DIALECT_NGGO: {
		/* The rule reports the record as a whole, with its migration. */
		struct check c = { .doc = doc, .rec = &rec, .node_start = SIZE_MAX };
		rule_nggo_dialect.on_record(&c, doc->root);
		check_free(&c);
		return;
	}
	case DIALECT_UNKNOWN:
		if (rec.what)
			diag_ptr(&doc->diags, &rule_foreign_format, "", false, "%s", rec.what);
		else
			diag_ptr(&doc->diags, &rule_not_an_object, "", false, SAY_NOT_AN_OBJECT,
				 json_object_is_type(doc->root, json_type_array) ? "an array" :
				 json_object_is_type(doc->root, json_type_string) ? "a string" :
				 json_object_is_type(doc->root, json_type_boolean) ? "a boolean" :
				 json_object_is_type(doc->root, json_type_null) ? "null" : "a number");
		return;
	case DIALECT_JGF:
		break;
	}

	struct hooks own = { 0 };
	const struct hooks *h = p->built ? p->built : running_hooks(p, &own);
	const struct hooks *tree = p->built ? p->built_tree : h;   /* a check again's come built */
	struct check c = { .doc = doc, .rec = &rec, .node_start = SIZE_MAX, .hooks = h };
	buf_reserve(&c.ptr, 64);
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
	/* The replay is the costliest check: skipped when none of its rules
	 * run. It follows the rules' walk (a streamed document's nodes are read
	 * once; the tree is walked once), and its findings come after theirs. */
	bool go = p->how == PICK_CHECK && !(ls && ls->no_replay) &&
		  settings_category_enabled(ls, "go");
	struct replay *replay = go ? replay_start(doc, &rec,
						  ls && ls->positions ? &positions_kept : NULL,
						  ls && ls->traced, h->go) : NULL;
	/* A check again walks the tree only for the rules it runs there */
	if (json_object_is_type(member(doc->root, "tree"), json_type_array) &&
	    (p->how == PICK_CHECK || tree_hooks(tree))) {
		c.hooks = tree;
		walk_tree(&c, replay);
		c.hooks = h;
	}
	for (size_t i = 0; i < h->nrecord_end; i++)
		h->record_end[i]->on_record_end(&c, doc->root);
	replay_finish(replay);
	if (doc->streamed)
		place_findings(&c, &doc->diags, 0);
	check_free(&c);
	free(own.record);
}

void engine_run(struct document *doc, const struct lint_settings *ls)
{
	check_record(doc, &(struct pick){ .ls = ls, .how = PICK_CHECK });
}

static bool board_same(const struct record_info *a, const struct record_info *b)
{
	return a->width == b->width && a->height == b->height && a->cut_top == b->cut_top &&
	       a->cut_bottom == b->cut_bottom && a->cut_left == b->cut_left &&
	       a->cut_right == b->cut_right;
}

/* The lists of a check again (engine.h), each built when first asked:
 * those run outside the tree only, before the change; and, for a board as
 * it was or not, the rules run outside the tree and in it. */
struct again_rules {
	const struct lint_settings *ls;
	struct hooks was, none, outside[2], tree[2];
	bool has_was, has[2];
};

struct again_rules *engine_again_rules(const struct lint_settings *ls)
{
	struct again_rules *a = xcalloc(1, sizeof *a);
	a->ls = ls;
	return a;
}

void engine_again_rules_free(struct again_rules *a)
{
	if (!a)
		return;
	free(a->was.record);
	for (size_t k = 0; k < 2; k++) {
		free(a->outside[k].record);
		free(a->tree[k].record);
	}
	free(a);
}

bool engine_again(struct document *doc, struct again_rules *a, const struct record_info *was,
		  bool *board)
{
	const struct record_info *now = document_record(doc);
	if (was->dialect != DIALECT_JGF || now->dialect != DIALECT_JGF)
		return false;
	*board = board_same(was, now);
	struct pick p = { .ls = a->ls, .how = PICK_AGAIN, .board_same = *board };
	if (!a->has[*board]) {
		running_hooks(&p, &a->outside[*board]);
		p.tree = true;
		running_hooks(&p, &a->tree[*board]);
		a->has[*board] = true;
	}
	p.built = &a->outside[*board], p.built_tree = &a->tree[*board];
	check_record(doc, &p);
	return true;
}

void engine_again_was(struct document *doc, struct again_rules *a)
{
	struct pick p = { .ls = a->ls, .how = PICK_AGAIN_WAS };
	if (!a->has_was) {
		running_hooks(&p, &a->was);
		a->has_was = true;
	}
	p.built = &a->was, p.built_tree = &a->none;   /* none in the tree */
	check_record(doc, &p);
}
