/* posjson: a position (core/position.h) as JSON, for the library's
 * jgf_position_json (the page and the editor draw their boards from it):
 * the board's size and cut-offs, the names of its columns and rows as
 * every board of jgflint writes them (output/board.c), the stones with
 * the move and node that placed each, the turn, ko, last move, captures
 * and where the line stopped. */
#include "output/posjson.h"

#include <stdbool.h>
#include <stdlib.h>

#include "base/buf.h"
#include "base/dom.h"
#include "core/record.h"
#include "core/rule.h"
#include "output/format.h"

static const char *const color_names[] = { NULL, "black", "white" };

/* x, y and the point's name (null where there is none) into o. */
static void add_point(json_object *o, const struct position *pos, int x, int y)
{
	char name[POINT_NAME_SIZE];
	bool named = x >= 0 && point_name(pos->width, pos->height, x, y, name);
	dom_add(o, "x", x >= 0 ? dom_int(x) : NULL);
	dom_add(o, "y", x >= 0 ? dom_int(y) : NULL);
	dom_add(o, "point", named ? dom_string(name) : NULL);
}

static json_object *position_object(const struct position *pos, const char *error)
{
	json_object *o = dom_object();
	if (error) {
		dom_add(o, "error", dom_string(error));
		return o;
	}
	dom_add(o, "node", dom_string(pos->node));
	dom_add(o, "width", dom_int(pos->width));
	dom_add(o, "height", dom_int(pos->height));
	dom_add(o, "cutOffTop", dom_int(pos->cut_top));
	dom_add(o, "cutOffBottom", dom_int(pos->cut_bottom));
	dom_add(o, "cutOffLeft", dom_int(pos->cut_left));
	dom_add(o, "cutOffRight", dom_int(pos->cut_right));
	/* The names of the columns and rows at the board's edges, as every
	 * board of jgflint writes them (output/board.c): the page draws its
	 * board with them. */
	json_object *columns = dom_array(), *rows = dom_array();
	char label[8];
	for (int x = 0; x < pos->width; x++) {
		board_column_label(pos, x, label);
		dom_push(columns, dom_string(label));
	}
	for (int y = 0; y < pos->height; y++) {
		board_row_label(pos, y, label);
		dom_push(rows, dom_string(label));
	}
	dom_add(o, "columns", columns);
	dom_add(o, "rows", rows);
	json_object *stones = dom_array();
	for (int y = 0; y < pos->height; y++)
		for (int x = 0; x < pos->width; x++) {
			size_t k = (size_t)y * (size_t)pos->width + (size_t)x;
			if (!pos->stones[k])
				continue;
			json_object *s = dom_object();
			add_point(s, pos, x, y);
			dom_add(s, "color", dom_string(color_names[pos->stones[k]]));
			dom_add(s, "move", pos->placed_by[k] ? dom_uint(pos->placed_by[k]) : NULL);
			dom_add(s, "node", pos->placed_at[k] ? dom_string(pos->placed_at[k]) : NULL);
			dom_push(stones, s);
		}
	dom_add(o, "stones", stones);
	dom_add(o, "turn", dom_string(color_names[pos->turn]));
	dom_add(o, "turnGiven", dom_bool(pos->turn_given));
	json_object *ko = NULL;
	if (pos->ko_x >= 0) {
		ko = dom_object();
		add_point(ko, pos, pos->ko_x, pos->ko_y);
	}
	dom_add(o, "ko", ko);
	json_object *last = NULL;
	if (pos->last.number) {
		last = dom_object();
		dom_add(last, "number", dom_uint(pos->last.number));
		dom_add(last, "color", dom_string(color_names[pos->last.color]));
		add_point(last, pos, pos->last.x, pos->last.y);
		dom_add(last, "pass", dom_bool(pos->last.pass));
		dom_add(last, "node", dom_string(pos->last.node));
	}
	dom_add(o, "lastMove", last);
	dom_add(o, "moves", dom_uint(pos->moves));
	json_object *captures = dom_object();
	dom_add(captures, "black", dom_uint(pos->captures[STONE_BLACK]));
	dom_add(captures, "white", dom_uint(pos->captures[STONE_WHITE]));
	dom_add(o, "captures", captures);
	json_object *stopped = NULL;
	if (pos->stop_node) {
		stopped = dom_object();
		dom_add(stopped, "node", dom_string(pos->stop_node));
		dom_add(stopped, "rule", pos->stop_rule ? dom_string(pos->stop_rule->id) : NULL);
		dom_add(stopped, "message", dom_string(pos->stop_message));
	}
	dom_add(o, "stopped", stopped);
	return o;
}

char *position_json(const struct position *pos, const char *error)
{
	json_object *o = position_object(pos, error);
	char *text = xstrdup(dom_json(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE,
				      NULL));
	json_object_put(o);
	return text;
}
