/* position: the library's positions (jgflint.h's jgf_position_*,
 * jgf_positions_*, and a finding's position and board): the position at
 * a node as the replay gives it (engine/positions.h), its board as the
 * text format draws it (output/board.c) and its JSON (output/posjson.c).
 * A result's findings keep the positions the lint's replay took (the
 * boards); the positions with each stone's move and node are replayed
 * once for all of a result's findings at the first that asks, and kept
 * with the result. */
#define JGFLINT_BUILDING 1
#include "lib/jgflint.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/fail.h"
#include "base/locate.h"
#include "convert/nodeat.h"
#include "core/position.h"
#include "core/record.h"
#include "engine/positions.h"
#include "lib/result.h"
#include "output/format.h"
#include "output/posjson.h"
#include "read/load.h"

struct jgf_position {
	struct position pos;
	const char *error;   /* why there is none, or NULL */
};

/* The position in root at the node pointer is in. */
static jgf_position *position_in(json_object *root, bool parsed, const char *pointer)
{
	jgf_position *p = xcalloc(1, sizeof *p);
	p->error = replay_position_at(root, parsed, pointer, &p->pos);
	return p;
}

jgf_position *jgf_result_position(const jgf_result *r, const char *pointer)
{
	TRAPPED(jgf_position *, NULL, position_in(r->doc.root, r->doc.parsed, pointer));
}

/* The positions at the nodes of every finding that names one (the go
 * rules'), from one replay of the document: the editor asks for those of
 * up to 100 findings, which cost a replay each. Made at the first request
 * and kept with the result (published atomically: the result is const to
 * its readers). */
static struct position *finding_positions(const jgf_result *r)
{
	struct position *all = atomic_load(&((jgf_result *)r)->positions);
	if (all)
		return all;
	size_t n = r->doc.diags.len;
	all = xcalloc(n + 1, sizeof *all);
	replay_finding_positions(r->doc.root, &r->doc.diags, all);
	struct position *none = NULL;
	if (!atomic_compare_exchange_strong(&((jgf_result *)r)->positions, &none, all)) {
		for (size_t i = 0; i < n; i++)   /* another thread's came first */
			position_free(&all[i]);
		free(all);
		all = none;
	}
	return all;
}

static jgf_position *finding_position(const jgf_result *r, size_t i)
{
	jgf_position *p = xcalloc(1, sizeof *p);
	position_copy(&p->pos, &finding_positions(r)[i]);
	p->error = p->pos.unavailable;
	return p;
}

/* The position a check in place kept with finding d (its record is gone:
 * no replay can give it again), traced. */
static jgf_position *kept_position(const struct diag *d)
{
	jgf_position *p = xcalloc(1, sizeof *p);
	if (d->position) {
		position_copy(&p->pos, d->position);
		p->error = p->pos.unavailable;
	}
	if (!d->position || !p->pos.placed_by)
		p->error = "the position was not kept with the finding";
	return p;
}

jgf_position *jgf_finding_position(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	if (d && d->node && r->read_as)
		TRAPPED(jgf_position *, NULL, kept_position(d));
	if (d && d->node && r->doc.parsed)
		TRAPPED(jgf_position *, NULL, finding_position(r, i));
	return jgf_result_position(r, !d ? NULL : d->node ? d->node : d->pointer);
}

static char *finding_board(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	if (!d || !d->node || (!r->doc.parsed && !r->read_as))
		return NULL;
	/* The position the lint's replay kept with the finding (a check in
	 * place's, SGF's, too: read_as). */
	const struct position *p = d->position;
	if (!p || p->unavailable)
		return NULL;
	return board_text(p, d);
}

char *jgf_finding_board(const jgf_result *r, size_t i)
{
	TRAPPED(char *, NULL, finding_board(r, i));
}

static char *position_board(const jgf_position *p)
{
	return p->error ? NULL : board_text_at_node(&p->pos);
}

char *jgf_position_board(const jgf_position *p)
{
	TRAPPED(char *, NULL, position_board(p));
}

static jgf_position *position_read(const char *name, const char *data, size_t len,
				   const char *pointer)
{
	struct document doc;
	document_load_buffer(&doc, name, data, len);
	jgf_position *p = position_in(doc.root, doc.parsed, pointer);
	document_free(&doc);
	return p;
}

/* Whether ptr is inside a node's move or setup: "/tree/5/move/x",
 * "/tree/2/variations/0/1/setup/0". */
static bool in_move_or_setup(const char *ptr)
{
	if (strncmp(ptr, "/tree/", 6))
		return false;
	for (const char *seg = ptr; (seg = strchr(seg, '/'));) {
		seg++;
		size_t len = strcspn(seg, "/");
		if ((len == 4 && !strncmp(seg, "move", 4)) || (len == 5 && !strncmp(seg, "setup", 5)))
			return true;
	}
	return false;
}

static jgf_position *position_at(const char *name, const char *data, size_t len, size_t offset)
{
	struct document doc;
	document_load_buffer(&doc, name, data, len);
	json_object *record = NULL;
	struct buf ptr = BUF_INIT;
	jgf_position *p = NULL;
	if (conversion_node_at(&doc, offset, &record, &ptr))
		p = position_in(record, true, ptr.data);
	else if (doc.parsed && doc.loc && locator_pointer_at(doc.loc, offset, &ptr) &&
		 in_move_or_setup(ptr.data))
		p = position_in(doc.root, doc.parsed, ptr.data);
	json_object_put(record);
	buf_free(&ptr);
	document_free(&doc);
	if (p && p->error) {
		jgf_position_free(p);
		p = NULL;
	}
	return p;
}

jgf_position *jgf_position_at(const char *name, const char *data, size_t len, size_t offset)
{
	TRAPPED(jgf_position *, NULL, position_at(name ? name : "<buffer>", data ? data : "",
						  data ? len : 0, offset));
}

/* A text read once for the positions at its nodes. */
struct jgf_positions {
	struct document doc;
};

static jgf_positions *positions_read(const char *name, const char *data, size_t len)
{
	jgf_positions *ps = xcalloc(1, sizeof *ps);
	document_load_buffer(&ps->doc, name, data, len);
	return ps;
}

jgf_positions *jgf_positions_read(const char *name, const char *data, size_t len)
{
	TRAPPED(jgf_positions *, NULL, positions_read(name ? name : "<buffer>", data ? data : "",
						     data ? len : 0));
}

jgf_position *jgf_positions_at(const jgf_positions *ps, const char *pointer)
{
	TRAPPED(jgf_position *, NULL, position_in(ps->doc.root, ps->doc.parsed, pointer));
}

void jgf_positions_free(jgf_positions *ps)
{
	if (!ps)
		return;
	document_free(&ps->doc);
	free(ps);
}

jgf_position *jgf_position_read(const char *name, const char *data, size_t len,
				const char *pointer)
{
	TRAPPED(jgf_position *, NULL, position_read(name ? name : "<buffer>", data ? data : "",
						    data ? len : 0, pointer));
}

void jgf_position_free(jgf_position *p)
{
	if (!p)
		return;
	position_free(&p->pos);
	free(p);
}

const char *jgf_position_error(const jgf_position *p)
{
	return p->error;
}

const char *jgf_position_node(const jgf_position *p)
{
	return p->pos.node;
}

int jgf_position_width(const jgf_position *p)
{
	return p->pos.width;
}

int jgf_position_height(const jgf_position *p)
{
	return p->pos.height;
}

void jgf_position_cut_offs(const jgf_position *p, int *top, int *bottom, int *left, int *right)
{
	if (top)
		*top = p->pos.cut_top;
	if (bottom)
		*bottom = p->pos.cut_bottom;
	if (left)
		*left = p->pos.cut_left;
	if (right)
		*right = p->pos.cut_right;
}

/* The index of (x, y) in the position's arrays, or -1 off the board. */
static long point_index(const jgf_position *p, int x, int y)
{
	if (p->error || x < 0 || y < 0 || x >= p->pos.width || y >= p->pos.height)
		return -1;
	return (long)y * p->pos.width + x;
}

enum jgf_color jgf_position_stone(const jgf_position *p, int x, int y)
{
	long k = point_index(p, x, y);
	return k < 0 ? JGF_EMPTY : (enum jgf_color)p->pos.stones[k];
}

unsigned long jgf_position_stone_move(const jgf_position *p, int x, int y)
{
	long k = point_index(p, x, y);
	return k < 0 ? 0 : p->pos.placed_by[k];
}

const char *jgf_position_stone_node(const jgf_position *p, int x, int y)
{
	long k = point_index(p, x, y);
	return k < 0 ? NULL : p->pos.placed_at[k];
}

/* The text format's rule (output/board.c), so that every board agrees. */
int jgf_position_star(const jgf_position *p, int x, int y)
{
	return point_index(p, x, y) >= 0 && board_star(&p->pos, x, y);
}

enum jgf_color jgf_position_turn(const jgf_position *p)
{
	return p->error ? JGF_EMPTY : (enum jgf_color)p->pos.turn;
}

int jgf_position_turn_given(const jgf_position *p)
{
	return p->pos.turn_given;
}

int jgf_position_ko(const jgf_position *p, int *x, int *y)
{
	if (p->pos.ko_x < 0)
		return 0;
	*x = p->pos.ko_x;
	*y = p->pos.ko_y;
	return 1;
}

unsigned long jgf_position_last_move(const jgf_position *p, enum jgf_color *color, int *x, int *y)
{
	const struct position_move *m = &p->pos.last;
	if (color)
		*color = (enum jgf_color)m->color;
	if (x)
		*x = m->number ? m->x : -1;
	if (y)
		*y = m->number ? m->y : -1;
	return m->number;
}

const char *jgf_position_last_move_node(const jgf_position *p)
{
	return p->pos.last.node;
}

unsigned long jgf_position_moves(const jgf_position *p)
{
	return p->pos.moves;
}

unsigned long jgf_position_captures(const jgf_position *p, enum jgf_color by)
{
	return by == JGF_BLACK || by == JGF_WHITE ? p->pos.captures[by] : 0;
}

const char *jgf_position_stopped(const jgf_position *p)
{
	return p->pos.stop_node;
}

const char *jgf_position_stop_rule(const jgf_position *p)
{
	return p->pos.stop_rule ? p->pos.stop_rule->id : NULL;
}

const char *jgf_position_stop_message(const jgf_position *p)
{
	return p->pos.stop_message;
}

char *jgf_position_json(const jgf_position *p)
{
	TRAPPED(char *, NULL, position_json(&p->pos, p->error));
}

int jgf_point_name(int width, int height, int x, int y, char out[16])
{
	_Static_assert(POINT_NAME_SIZE == 16, "jgflint.h promises 16 bytes");
	return point_name(width, height, x, y, out) ? 0 : -1;
}
