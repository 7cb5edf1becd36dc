/* replayer: the record's values as the replay reads them, which the play
 * (replay.c) and its findings' points (goevent.c) share (replayer.h). */
#include "engine/replayer.h"

#include <string.h>

#include <json-c/linkhash.h>

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

/* pt's x and y found in one walk of its entries, not by member() twice
 * (a point of a setup node was 210 instructions); a key is in an object
 * once (json-c's), so the one found is member()'s. */
int replay_coord_cell(const struct replay *r, json_object *pt)
{
	struct lh_table *t = json_object_get_object(pt);   /* NULL unless an object */
	json_object *x = NULL, *y = NULL;
	for (struct lh_entry *e = t ? lh_table_head(t) : NULL; e && !(x && y); e = lh_entry_next(e)) {
		const char *k = (const char *)lh_entry_k(e);
		if ((k[0] == 'x' || k[0] == 'y') && !k[1])
			*(k[0] == 'x' ? &x : &y) = (json_object *)lh_entry_v(e);
	}
	return replay_point_cell(r, x, y);
}
