/* sgf_table: sgfprops.c's table as tests/sgf_mutations_trees.cjs models
 * jgflint's reading of it, one JSON object on standard output: "known",
 * the ids of its rows (an unknown property's value is kept as written),
 * and "with_move", each id that goes along with a root's move when its
 * values are of their type (sgf_prop_with_move), with that type's name;
 * "points", each id of points (a move, point list, line or label), with
 * its type's name: a point with blanks around it, B[ cc], is read as the
 * point (sgf-point-blanks), and one kept (DD[ cc], a move's VW[ aa:ei])
 * written so (sgfwkept.c's sgfw_kept_value, REVIEW.md R136).
 * Not a test itself: tests/sgf_mutations.py runs it, so that the model
 * reads the table the program was built with. */
#include <stdio.h>

#include "convert/sgfprops.h"

static const char *type_name(enum sgf_type t)
{
	switch (t) {   /* no default: a new type is a warning here */
	case SGF_T_NONE: return "none";
	case SGF_T_NUMBER: return "number";
	case SGF_T_REAL: return "real";
	case SGF_T_DOUBLE: return "double";
	case SGF_T_COLOR: return "color";
	case SGF_T_SIMPLE: return "simpletext";
	case SGF_T_TEXT: return "text";
	case SGF_T_MOVE: return "move";
	case SGF_T_POINTS: return "points";
	case SGF_T_LABELS: return "labels";
	case SGF_T_LINES: return "lines";
	case SGF_T_SIZE: return "size";
	case SGF_T_APP: return "app";
	case SGF_T_FIGURE: return "figure";
	}
	return "?";
}

int main(void)
{
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	printf("{\"known\": [");
	for (size_t i = 0; i < n; i++)
		printf("%s\"%s\"", i ? ", " : "", t[i].id);
	printf("],\n \"with_move\": {");
	const char *sep = "";
	for (size_t i = 0; i < n; i++) {
		if (!sgf_prop_with_move(&t[i]))
			continue;
		printf("%s\"%s\": \"%s\"", sep, t[i].id, type_name(t[i].type));
		sep = ", ";
	}
	printf("},\n \"points\": {");
	sep = "";
	for (size_t i = 0; i < n; i++) {
		enum sgf_type ty = t[i].type;
		if (ty != SGF_T_MOVE && ty != SGF_T_POINTS && ty != SGF_T_LINES &&
		    ty != SGF_T_LABELS)
			continue;
		printf("%s\"%s\": \"%s\"", sep, t[i].id, type_name(ty));
		sep = ", ";
	}
	printf("}}\n");
	return 0;
}
