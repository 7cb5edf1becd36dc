/* sgfprops: the table of SGF's properties (sgfprops.h). */
#include "convert/sgfprops.h"

#include <pthread.h>
#include <string.h>

enum {
	FF4 = SGF_P_FF4, OLD = SGF_P_OLD, SEKI = SGF_P_SEKI, OWN = SGF_P_OWN, ONE = SGF_P_ONE,
	ROOT = SGF_P_ROOT | SGF_P_FF4,
	INFO = SGF_P_INFO | SGF_P_ROOT | SGF_P_FF4, ELIST = SGF_P_ELIST, SHORT = SGF_P_SHORT,
	ANY = SGF_P_ANY_NODE, ORIGIN = SGF_P_ORIGIN, EVENT = SGF_P_EVENT,
};

/* In the writer's order: the root's header and game information, the
 * board's view, then a node's setup, move, turn, name, comment, markup,
 * territory and annotation; the rest has no place in JGF (kept). */
static const struct sgf_propdef table[] = {
	{ "FF", SGF_T_NUMBER, SGF_K_HEADER, ROOT | SHORT, NULL, NULL, NULL },
	{ "GM", SGF_T_NUMBER, SGF_K_HEADER, ROOT | SHORT, NULL, NULL, NULL },
	{ "CA", SGF_T_SIMPLE, SGF_K_HEADER, ROOT, NULL, NULL, NULL },
	{ "AP", SGF_T_APP, SGF_K_HEADER, ROOT, NULL, NULL, NULL },
	{ "SZ", SGF_T_SIZE, SGF_K_SIZE, ROOT | SHORT, "board", "size", NULL },
	{ "GN", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN | EVENT, "game", "name", NULL },
	{ "RE", SGF_T_SIMPLE, SGF_K_RESULT, INFO, "game", "result", NULL },
	{ "DT", SGF_T_SIMPLE, SGF_K_DATE, INFO, "game", "date", NULL },
	{ "PB", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "black", "name", NULL },
	{ "BR", SGF_T_SIMPLE, SGF_K_RANK, INFO, "black", "rank", NULL },
	{ "BT", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "black", "team", NULL },
	{ "PW", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "white", "name", NULL },
	{ "WR", SGF_T_SIMPLE, SGF_K_RANK, INFO, "white", "rank", NULL },
	{ "WT", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "white", "team", NULL },
	{ "KM", SGF_T_REAL, SGF_K_KOMI, INFO | SHORT, "rules", "komi", NULL },
	{ "HA", SGF_T_NUMBER, SGF_K_HANDICAP, INFO | SHORT, "rules", "handicap", NULL },
	{ "RU", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "rules", "ruleset", NULL },
	{ "TM", SGF_T_REAL, SGF_K_TIME, INFO, "rules", "time", NULL },
	{ "OT", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "rules", "overtime", NULL },
	{ "KO", SGF_T_NONE, SGF_K_FF3, INFO | ANY, "rules", "komi", NULL },
	{ "EV", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN | EVENT, "event", "name", NULL },
	{ "PC", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN, "event", "location", NULL },
	{ "RO", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "event", "round", NULL },
	{ "ON", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO, "game", "opening", NULL },
	{ "AN", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN, "game", "annotator", NULL },
	{ "SO", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN, "source", "name", NULL },
	{ "CP", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN, "source", "copyright", NULL },
	{ "US", SGF_T_SIMPLE, SGF_K_SIMPLE, INFO | ORIGIN, "record", "transcriber", NULL },
	{ "GC", SGF_T_TEXT, SGF_K_DESCRIPTION, INFO, "game", "description", NULL },
	{ "VW", SGF_T_POINTS, SGF_K_VIEW, ROOT | ELIST | SHORT | ANY, "board", NULL, NULL },
	{ "ST", SGF_T_NUMBER, SGF_K_SHOW, ROOT | SHORT, "settings", "showVariations", NULL },
	{ "XL", SGF_T_NUMBER, SGF_K_SEKI_CUT, SEKI, "board", "cutOffLeft", NULL },
	{ "XT", SGF_T_NUMBER, SGF_K_SEKI_CUT, SEKI, "board", "cutOffTop", NULL },
	{ "XR", SGF_T_NUMBER, SGF_K_SEKI_CUT, SEKI, "board", "cutOffRight", NULL },
	{ "XB", SGF_T_NUMBER, SGF_K_SEKI_CUT, SEKI, "board", "cutOffBottom", NULL },
	{ "TC", SGF_T_NUMBER, SGF_K_SEKI_TIME, SEKI, "rules", "numberOfPeriods", NULL },
	{ "TT", SGF_T_REAL, SGF_K_SEKI_TIME, SEKI, "rules", "timePerPeriod", NULL },
	{ "AB", SGF_T_POINTS, SGF_K_SETUP, FF4 | SHORT, "node", "setup", "black" },
	{ "AW", SGF_T_POINTS, SGF_K_SETUP, FF4 | SHORT, "node", "setup", "white" },
	{ "AE", SGF_T_POINTS, SGF_K_SETUP, FF4 | SHORT, "node", "setup", "clear" },
	{ "B", SGF_T_MOVE, SGF_K_MOVE, FF4 | SHORT, "node", "move", "black" },
	{ "W", SGF_T_MOVE, SGF_K_MOVE, FF4 | SHORT, "node", "move", "white" },
	{ "BL", SGF_T_REAL, SGF_K_MOVE_TIME, FF4 | SHORT, "move", "timeLeft", "black" },
	{ "WL", SGF_T_REAL, SGF_K_MOVE_TIME, FF4 | SHORT, "move", "timeLeft", "white" },
	{ "OB", SGF_T_NUMBER, SGF_K_MOVE_TIME, FF4 | SHORT, "move", "periodsLeft", "black" },
	{ "OW", SGF_T_NUMBER, SGF_K_MOVE_TIME, FF4 | SHORT, "move", "periodsLeft", "white" },
	{ "PL", SGF_T_COLOR, SGF_K_TURN, FF4 | SHORT, "node", "turn", NULL },
	{ "N", SGF_T_SIMPLE, SGF_K_NAME, FF4, "node", "name", NULL },
	{ "C", SGF_T_TEXT, SGF_K_COMMENT, FF4, "node", "comments", NULL },
	{ "CR", SGF_T_POINTS, SGF_K_MARK, FF4 | SHORT, "node", "markup", "circle" },
	{ "TR", SGF_T_POINTS, SGF_K_MARK, FF4 | SHORT, "node", "markup", "triangle" },
	{ "SQ", SGF_T_POINTS, SGF_K_MARK, FF4 | SHORT, "node", "markup", "square" },
	{ "MA", SGF_T_POINTS, SGF_K_MARK, FF4 | SHORT, "node", "markup", "mark" },
	{ "SL", SGF_T_POINTS, SGF_K_MARK, FF4 | SHORT, "node", "markup", "selected" },
	{ "MH", SGF_T_POINTS, SGF_K_MARK, SEKI | SHORT, "node", "markup", "happy" },
	{ "MS", SGF_T_POINTS, SGF_K_MARK, SEKI | SHORT, "node", "markup", "sad" },
	{ "M", SGF_T_POINTS, SGF_K_MARK, OLD | SHORT, "node", "markup", "mark" },
	{ "LB", SGF_T_LABELS, SGF_K_LABEL, FF4, "node", "markup", "label" },
	{ "L", SGF_T_POINTS, SGF_K_OLD_LABEL, OLD | SHORT, "node", "markup", "label" },
	{ "XM", SGF_T_LABELS, SGF_K_CUSTOM_MARK, OWN, "node", "markup", NULL },
	{ "TB", SGF_T_POINTS, SGF_K_SCORE, FF4 | ELIST | SHORT, "node", "score", "black" },
	{ "TW", SGF_T_POINTS, SGF_K_SCORE, FF4 | ELIST | SHORT, "node", "score", "white" },
	{ "TE", SGF_T_DOUBLE, SGF_K_SOLUTION, FF4 | ORIGIN | EVENT, "node", "solution", NULL },
	/* FF[4]'s with no place in JGF */
	{ "DD", SGF_T_POINTS, SGF_K_KEPT, FF4 | ELIST | SHORT, NULL, NULL, NULL },
	{ "MN", SGF_T_NUMBER, SGF_K_KEPT, FF4 | SHORT, NULL, NULL, NULL },
	{ "DM", SGF_T_DOUBLE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "GB", SGF_T_DOUBLE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "GW", SGF_T_DOUBLE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "HO", SGF_T_DOUBLE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "UC", SGF_T_DOUBLE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "V", SGF_T_REAL, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "BM", SGF_T_DOUBLE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "DO", SGF_T_NONE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "IT", SGF_T_NONE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "AR", SGF_T_LINES, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "LN", SGF_T_LINES, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "FG", SGF_T_FIGURE, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	{ "PM", SGF_T_NUMBER, SGF_K_KEPT, FF4, NULL, NULL, NULL },
	/* FF[1] to FF[3]'s, which FF[4] dropped (its list of changes), and KI */
	{ "BS", SGF_T_SIMPLE, SGF_K_KEPT, OLD | ONE, NULL, NULL, NULL },
	{ "CH", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "EL", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "EX", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "ID", SGF_T_SIMPLE, SGF_K_KEPT, OLD | ONE, NULL, NULL, NULL },
	{ "LT", SGF_T_SIMPLE, SGF_K_KEPT, OLD | ONE, NULL, NULL, NULL },
	{ "OM", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "OP", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "OV", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "RG", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "SC", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "SE", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "SI", SGF_T_SIMPLE, SGF_K_KEPT, OLD, NULL, NULL, NULL },
	{ "WS", SGF_T_SIMPLE, SGF_K_KEPT, OLD | ONE, NULL, NULL, NULL },
	{ "KI", SGF_T_SIMPLE, SGF_K_KEPT, OLD | ONE, NULL, NULL, NULL },
};

const struct sgf_propdef *sgf_props(size_t *n)
{
	*n = sizeof table / sizeof *table;
	return table;
}

/* Every id of the table is one or two capital letters: a slot for each
 * such id holds its entry's index + 1 (0: none), so that a lookup, made for
 * every property of every node, is one load (a linear search was 5% of
 * checking a large SGF tree in place). */
#define SLOT(a, b) (((a) - 'A') * 27 + ((b) ? (b) - 'A' + 1 : 0))
static unsigned char slots[26 * 27];
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;

static void slots_init(void)
{
	_Static_assert(sizeof table / sizeof *table < 255, "an index fits a slot");
	for (size_t i = sizeof table / sizeof *table; i-- > 0;)   /* the first entry wins */
		slots[SLOT(table[i].id[0], table[i].id[1])] = (unsigned char)(i + 1);
}

const struct sgf_propdef *sgf_prop_def(const char *id)
{
	if (id[0] < 'A' || id[0] > 'Z' || (id[1] && ((id[1] < 'A' || id[1] > 'Z') || id[2])))
		return NULL;
	pthread_once(&slots_once, slots_init);
	unsigned k = slots[SLOT(id[0], id[1])];
	return k ? &table[k - 1] : NULL;
}

int sgf_prop_order(const char *a, const char *b)
{
	const struct sgf_propdef *da = sgf_prop_def(a), *db = sgf_prop_def(b);
	if (da && db)
		return (da > db) - (da < db);
	return da ? -1 : db ? 1 : strcmp(a, b);
}

bool sgf_prop_is(const char *id, unsigned flags)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	return d && (d->flags & flags);
}

bool sgf_prop_with_move(const struct sgf_propdef *d)
{
	return d && (d->flags & SGF_P_FF4) && !(d->flags & SGF_P_ROOT) &&
	       (d->kind == SGF_K_KEPT || d->kind == SGF_K_SOLUTION) && strcmp(d->id, "FG") &&
	       strcmp(d->id, "PM");
}

bool sgf_prop_no_empty(const char *id)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	if (!d || !(d->flags & SGF_P_FF4))
		return false;
	switch (d->type) {
	case SGF_T_NUMBER: case SGF_T_REAL: case SGF_T_DOUBLE: case SGF_T_COLOR:
	case SGF_T_LABELS: case SGF_T_LINES: case SGF_T_SIZE:
		return true;
	case SGF_T_POINTS:
		return !(d->flags & SGF_P_ELIST);
	default:
		return false;
	}
}

bool sgf_ident_ok(const char *id)
{
	if (!*id)
		return false;
	for (; *id; id++)
		if (*id < 'A' || *id > 'Z')
			return false;
	return true;
}

bool sgf_prop_placed(const char *section, const char *key)
{
	/* The key first, by its first byte: the writer asks for each member
	 * of each node (4% of --to sgf on a large tree). */
	for (size_t i = 0; i < sizeof table / sizeof *table; i++)
		if (table[i].key && table[i].key[0] == key[0] && table[i].section &&
		    !strcmp(table[i].key, key) && !strcmp(table[i].section, section))
			return true;
	return false;
}
