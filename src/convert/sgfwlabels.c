/* sgfwlabels: FF[3]'s kept L written beside a node's markup
 * (sgfwriter.h's struct old_labels): which of its values are escaped, and
 * which labels it gives, planned once for both. */
#include "convert/sgfwriter.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "base/fail.h"
#include "convert/sgf.h"
#include "convert/sgfvalue.h"

SGFW_FOR_SIZE

/* Whether markup (a node's) labels point (x, y) with the one letter c. */
static bool labelled_with(json_object *markup, int x, int y, char c)
{
	for (size_t i = 0; i < (json_object_is_type(markup, json_type_array) ?
				json_object_array_length(markup) : 0); i++) {
		json_object *e = json_object_array_get_idx(markup, i);
		const char *type = sgfw_str(e, "type");
		json_object *coords = sgfw_get(e, "coords");
		if (!type || strcmp(type, "label") || !json_object_is_type(coords, json_type_array))
			continue;
		for (size_t j = 0; j < json_object_array_length(coords); j++) {
			json_object *p = json_object_array_get_idx(coords, j);
			const char *text = sgfw_str(p, "text");
			json_object *px = sgfw_get(p, "x"), *py = sgfw_get(p, "y");
			if (text && text[0] == c && !text[1] && json_object_is_type(px, json_type_int) &&
			    json_object_is_type(py, json_type_int) && json_object_get_int64(px) == x &&
			    json_object_get_int64(py) == y)
				return true;
		}
	}
	return false;
}

/* How FF[3]'s kept L of values v is written beside the node's markup, as
 * the reader reads it back (nodeprops.c's old_labels_part: the points get
 * a, b, c by their place among those listed, a value no point of the
 * board taking one place, each point its first): a value of the board's
 * points is written as it is when the markup labels each of them with
 * the letter it gives them, else escaped (escaped[i]: it reads back kept,
 * labelling nothing; L[a\a][b\b] is L[\aa][\bb], never L[\aa][bb], which
 * labels bb b). When none is escaped and the reader would keep L for
 * nothing else (a value off the board, a point twice, more than 26), the
 * last not empty is, so that L reads back kept. letters (by y * 52 + x; 0
 * for none) the labels the L written gives, which the markup leaves to it. */
static void old_labels_plan(const struct writer *w, json_object *v, json_object *markup,
			    bool *escaped, unsigned char *letters)
{
	unsigned char seen[52 * 52 / 8 + 1] = { 0 }, with[sizeof seen];
	size_t n = sgfw_kept_count(v), listed = 0, last = SIZE_MAX;
	bool kept = false, any = false;
	for (size_t i = 0; i < n; i++) {
		const char *s = json_object_get_string(sgfw_kept_item(v, i));
		size_t len = s ? strlen(s) : 0;
		struct sgf_box b;
		if (!len)
			continue;   /* the reader leaves an empty value out */
		last = i;
		if (!sgf_box_of(s, len, w->width, w->height, &b)) {
			listed++, kept = true;
			continue;
		}
		/* its points' letters, written as it is */
		bool held = true, repeat = false;
		size_t nth = listed;
		memcpy(with, seen, sizeof seen);
		for (int x = b.x1; held && x <= b.x2; x++)
			for (int y = b.y1; held && y <= b.y2; y++, nth++) {
				size_t bit = (size_t)y * 52 + (size_t)x;
				if (with[bit / 8] & (1u << (bit % 8))) {
					repeat = true;   /* no label: the first's */
					continue;
				}
				with[bit / 8] |= (unsigned char)(1u << (bit % 8));
				held = nth >= 26 || labelled_with(markup, x, y, (char)('a' + nth));
			}
		if (!held) {
			escaped[i] = any = true;
			listed++;
			continue;
		}
		memcpy(seen, with, sizeof seen);
		kept |= repeat;
		for (int x = b.x1; x <= b.x2; x++)
			for (int y = b.y1; y <= b.y2; y++, listed++) {
				size_t bit = (size_t)y * 52 + (size_t)x;
				if (letters && listed < 26 && !letters[bit])
					letters[bit] = (unsigned char)('a' + listed);
			}
	}
	if (any || kept || listed > 26 || last == SIZE_MAX)
		return;
	escaped[last] = true;   /* the last: no other's letters move */
	struct sgf_box b;
	const char *s = json_object_get_string(sgfw_kept_item(v, last));
	if (letters && sgf_box_of(s, strlen(s), w->width, w->height, &b))
		for (int x = b.x1; x <= b.x2; x++)
			for (int y = b.y1; y <= b.y2; y++)
				letters[(size_t)y * 52 + (size_t)x] = 0;
}

void sgfw_old_labels_plan(const struct writer *w, json_object *props, json_object *markup,
			  struct old_labels *plan)
{
	*plan = (struct old_labels){ 0 };
	if (!json_object_is_type(props, json_type_object) ||
	    !json_object_object_get_ex(props, "L", &plan->values))
		return;
	plan->letters = xcalloc(52 * 52, 1);
	plan->escaped = xcalloc(sgfw_kept_count(plan->values) + 1, sizeof *plan->escaped);
	old_labels_plan(w, plan->values, markup, plan->escaped, plan->letters);
}

void sgfw_old_labels_write(struct writer *w, struct old_labels *plan)
{
	if (plan->values) {
		int how = sgf_short_value("L") ? V_SHORT : V_RAW;
		buf_adds(w->out, "L");
		for (size_t i = 0; i < sgfw_kept_count(plan->values); i++) {
			const char *s = json_object_get_string(sgfw_kept_item(plan->values, i));
			sgfw_value(w->out, s ? s : "", how | (plan->escaped[i] ? V_ESCAPE_FIRST : 0));
		}
	}
	free(plan->letters);
	free(plan->escaped);
	*plan = (struct old_labels){ 0 };
}

SGFW_FOR_SIZE_END
