/* replayer: the record's values as the replay reads them, which the play
 * (replay.c) and its findings' points (goevent.c) share (replayer.h). */
#include "engine/replayer.h"

#include <string.h>

int replay_color_of(json_object *v)
{
	if (!json_object_is_type(v, json_type_string) || json_object_get_string_len(v) != 5)
		return CELL_EMPTY;
	const char *s = json_object_get_string(v);
	return memcmp(s, "black", 5) == 0 ? CELL_BLACK :
	       memcmp(s, "white", 5) == 0 ? CELL_WHITE : CELL_EMPTY;
}

bool replay_coord(json_object *v, long long *out)
{
	if (json_object_is_type(v, json_type_int)) {
		*out = json_object_get_int64(v);
		return true;
	}
	return get_int(v, out);
}

int replay_point_cell(const struct replay *r, json_object *x, json_object *y)
{
	long long vx, vy;
	if (!replay_coord(x, &vx) || !replay_coord(y, &vy))
		return NOT_A_POINT;
	if (vx < 0 || vy < 0 || vx >= r->b.w || vy >= r->b.h)
		return OFF_BOARD;
	return (int)(vy + 1) * r->b.W + (int)vx + 1;
}

int replay_coord_cell(const struct replay *r, json_object *pt)
{
	return replay_point_cell(r, member(pt, "x"), member(pt, "y"));
}
