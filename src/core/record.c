/* record: classification and record-wide facts. A foreign document is
 * recognised by the keys only its format has, so that it gets one sentence
 * naming it instead of a pile of schema errors. */
#include "core/record.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/regex.h"
#include "core/schema.h"

static bool has(json_object *o, const char *key) { return member(o, key) != NULL; }

/* The first element of an array, if any. */
static json_object *first_of(json_object *a)
{
	return json_object_is_type(a, json_type_array) && json_object_array_length(a)
	       ? json_object_array_get_idx(a, 0) : NULL;
}

bool record_ogs(json_object *root)
{
	if (!json_object_is_type(root, json_type_object) || has(root, "jgof"))
		return false;
	json_object *gamedata = member(root, "gamedata");   /* the API's game object */
	if (json_object_is_type(gamedata, json_type_object) && has(gamedata, "moves"))
		root = gamedata;
	return has(root, "game_id") || (has(root, "initial_state") && has(root, "moves"));
}

static const char *foreign_object(json_object *root)
{
	if (has(root, "graph") || has(root, "graphs"))
		return "this is a JSON Graph Format file (it also uses .jgf), not a Go record";
	if (has(root, "jgof"))
		return "this is a JGOF record (OGS's JSON Go format, a different format despite the "
		       "name), not JGF";
	if (record_ogs(root))
		return "this is an OGS game record (game_id, moves as [x, y, time]), not JGF";
	if (has(root, "channelId") || has(root, "sgfEvents"))
		return "this is KGS protocol JSON, not a JGF record";
	if (has(root, "props") && (has(root, "childs") || has(root, "children")))
		return "this is an SGF library's JSON game tree ({props, childs}), not JGF";
	if (has(root, "data") && has(root, "parentId"))
		return "this is an SGF library's JSON node list ({id, data, parentId, children}), not JGF";
	if (has(root, "nodeCount") || (has(root, "size") && has(root, "info") && has(root, "game")))
		return "this is a WGo.js JGO record (size, info, game), not JGF";
	return NULL;
}

/* An SGF-in-JSON node (seed 002): an object whose keys are SGF property
 * identifiers (upper-case letters, as many as the name has: FF[4] sets no
 * limit, and private ones such as MULTIGOGM are long) or `variations`,
 * with at least one identifier or a variations array. */
static bool sgf_json_node(json_object *node)
{
	if (!json_object_is_type(node, json_type_object) || !json_object_object_length(node))
		return false;
	json_object_object_foreach(node, key, val) {
		(void)val;
		if (key_eq(key, "variations"))
			continue;
		if (!*key)
			return false;
		for (const char *k = key; *k; k++)
			if (*k < 'A' || *k > 'Z')
				return false;
	}
	return true;
}

/* A game tree as sgfgrove writes it: [sequence, children], the sequence an
 * array of SGF-in-JSON nodes, the children game trees (each an array). */
bool record_sgfgrove_tree(json_object *tree)
{
	/* sgfgrove writes an empty node as {}: `(;;W[bb])` is [[{}, {"W": "bb"}], []].
	 * The tree is told by its first node that is not empty, looking into the
	 * first child while every node so far is (bounded: a tree of only empty
	 * nodes is nothing to read). */
	for (int depth = 0; depth < 64; depth++) {
		if (!json_object_is_type(tree, json_type_array) || json_object_array_length(tree) != 2)
			return false;
		json_object *seq = json_object_array_get_idx(tree, 0);
		json_object *kids = json_object_array_get_idx(tree, 1);
		if (!json_object_is_type(kids, json_type_array) ||
		    !json_object_is_type(seq, json_type_array) || !json_object_array_length(seq))
			return false;
		json_object *kid = first_of(kids);
		if (kid && !json_object_is_type(kid, json_type_array))
			return false;
		size_t n = json_object_array_length(seq);
		for (size_t i = 0; i < n; i++) {
			json_object *node = json_object_array_get_idx(seq, i);
			if (!json_object_is_type(node, json_type_object) || json_object_object_length(node))
				return sgf_json_node(node);
		}
		if (!kid)
			return false;
		tree = kid;
	}
	return false;
}

static const char *foreign_array(json_object *root, bool *convertible)
{
	json_object *first = first_of(root);
	if (record_sgfgrove_tree(first)) {
		*convertible = true;
		return "this is an SGF-in-JSON collection as sgfgrove writes it (game trees of "
		       "[sequence, children], nodes of SGF properties), not JGF";
	}
	if (record_sgfgrove_tree(root)) {
		*convertible = true;
		return "this is an SGF-in-JSON game tree as sgfgrove writes it ([sequence, children], "
		       "nodes of SGF properties), not JGF";
	}
	if (json_object_is_type(first, json_type_array) && sgf_json_node(first_of(first))) {
		*convertible = true;
		return "this is an SGF-in-JSON collection (game trees of SGF properties), not JGF";
	}
	if (sgf_json_node(first)) {
		*convertible = true;
		return "this is an SGF-in-JSON game tree (nodes of SGF properties), not JGF";
	}
	if (json_object_is_type(first, json_type_object) && (has(first, "move") || has(first, "setup") ||
	    has(first, "root") || has(first, "comment")))
		return "this is the early ngGo game format of 2014 (a bare tree array with letter "
		       "coordinates), not JGF";
	return NULL;
}

static void declared_version(json_object *v, struct record_info *out)
{
	static struct regex re = REGEX("([0-9]{1,9})(?:\\.[0-9]+){0,2}");
	struct regex_span major;
	out->version = -1;
	if (get_int(v, &out->version))
		return;
	const char *s = json_object_get_string(v);
	if (json_object_is_type(v, json_type_string) &&
	    regex_capture(&re, s, (size_t)json_object_get_string_len(v), &major, 1)) {
		out->version = strtoll(s + major.start, NULL, 10);
		out->version_string = true;
	}
}

/* record_nggo_move of the node whose move is move. */
static int nggo_move(json_object *move)
{
	if (!json_object_is_type(move, json_type_object))
		return -1;
	return has(move, "B") || has(move, "W");
}

int record_nggo_move(json_object *node)
{
	return nggo_move(member(node, "move"));
}

/* The moves of the tree's first nodes (RECORD_NGGO_NODES looked at), in
 * one walk: the first one's shape (1 ngGo's, 0 JGF's {color, x, y} or
 * {color, pass}, -1 none), how many are ngGo's, and whether one is in
 * JGF's shape, {"color": ...} (a v2 record whose first move alone is
 * mistyped). */
struct first_moves {
	int first;
	size_t nggo;
	bool jgf;
};

static struct first_moves first_moves(json_object *tree)
{
	struct first_moves m = { -1, 0, false };
	size_t n = json_object_is_type(tree, json_type_array) ? json_object_array_length(tree) : 0;
	for (size_t i = 0; i < n && i < RECORD_NGGO_NODES; i++) {
		json_object *move = member(json_object_array_get_idx(tree, i), "move");
		int nggo = nggo_move(move);
		if (m.first < 0)
			m.first = nggo;
		m.nggo += nggo == 1;
		m.jgf = m.jgf || has(move, "color");
	}
	return m;
}

/* record_nggo_traits, the first moves of root's tree m (is_nggo's too:
 * walked once for both). */
static size_t nggo_traits(json_object *root, const struct first_moves *m,
			  const char *names[RECORD_NGGO_TRAITS])
{
	json_object *record = member(root, "record"), *game = member(root, "game");
	json_object *tree = member(root, "tree");
	json_object *first = json_object_is_type(tree, json_type_array) &&
			     json_object_array_length(tree) ? json_object_array_get_idx(tree, 0) : NULL;
	size_t n = 0;
	long long version;
	bool moves = m->first == 1;
	/* (the specification's version 1 is JGF too: ngGo's beside its moves) */
	if (moves && get_int(member(record, "version"), &version) && version == 1)
		names[n++] = "record.version 1";
	if (has(record, "application"))
		names[n++] = "record.application";
	if (has(game, "players"))
		names[n++] = "game.players";
	if (has(game, "komi"))
		names[n++] = "game.komi";
	if (has(game, "rules"))
		names[n++] = "game.rules";
	if (json_object_is_type(member(first, "root"), json_type_boolean))
		names[n++] = "a root flag on the root node";
	if (moves)
		names[n++] = "moves as {\"B\": [x, y]}";
	return n;
}

size_t record_nggo_traits(json_object *root, const char *names[RECORD_NGGO_TRAITS])
{
	struct first_moves m = first_moves(member(root, "tree"));
	return nggo_traits(root, &m, names);
}

/* ngGo's "JGF": record.application, game.players, game.komi, game.rules,
 * a root flag on the root node, moves as {"B": [x, y]}. One of them alone
 * is a misplaced key or a mistyped move, not a dialect (the record's other
 * findings are found): two at least (version 1 declared counts beside
 * ngGo's moves), less each of v2's own traits it has (the top level's
 * players, a move as {color, ...}), in a record that does not say it is
 * JGF v2 (record.format, or version 2). ngGo's moves, which its migration
 * alone reads, count so (were they JGF's move-shape errors, --fix would
 * stamp the record JGF v2 and leave them unreadable); they count twice
 * when the first nodes hold two or more and no JGF move: such a record's
 * moves are all ngGo's (REVIEW.md R36). */
static bool is_nggo(json_object *root, long long version)
{
	json_object *record = member(root, "record"), *tree = member(root, "tree");
	const char *names[RECORD_NGGO_TRAITS];
	struct first_moves moves = first_moves(tree);
	long ngGo = (long)nggo_traits(root, &moves, names);
	long v2 = has(root, "players") + moves.jgf;
	/* (every move of the first nodes in ngGo's shape, two or more: the
	 * record's moves are ngGo's, not one mistyped among JGF's) */
	if (!moves.jgf && moves.nggo >= 2)
		ngGo++;
	return ngGo - v2 >= 2 && !has(record, "format") && version != 2;
}

/* A non-negative board dimension or cut-off, else fallback. */
static int board_int(json_object *board, const char *key, int fallback)
{
	long long v;
	if (!get_int(member(board, key), &v) || v < 0 || v > INT_MAX)
		return fallback;
	return (int)v;
}

static void board_facts(json_object *root, struct record_info *out)
{
	json_object *board = member(root, "board");
	int size = board_int(board, "size", 19);
	out->width = has(board, "width") ? board_int(board, "width", 0) : size;
	out->height = has(board, "height") ? board_int(board, "height", 0) : size;
	if (has(board, "size") && !get_int(member(board, "size"), &(long long){0}))
		out->width = out->height = 0;
	long long n;
	if (get_int(member(board, "size"), &n) && n > 0)
		out->size_conflict = (has(board, "width") && board_int(board, "width", 0) > 0 &&
				      board_int(board, "width", 0) != n) ||
				     (has(board, "height") && board_int(board, "height", 0) > 0 &&
				      board_int(board, "height", 0) != n);
	out->cut_top = board_int(board, "cutOffTop", 0);
	out->cut_bottom = board_int(board, "cutOffBottom", 0);
	out->cut_left = board_int(board, "cutOffLeft", 0);
	out->cut_right = board_int(board, "cutOffRight", 0);
	if (out->cut_top + (long)out->cut_bottom >= out->height)
		out->cut_top = out->cut_bottom = 0;
	if (out->cut_left + (long)out->cut_right >= out->width)
		out->cut_left = out->cut_right = 0;
}

static void add_color(struct record_info *out, const char *color)
{
	if (color && out->ncolors < MAX_PLAYER_COLORS)
		out->colors[out->ncolors++] = color;
}

static void player_facts(json_object *root, struct record_info *out)
{
	json_object *players = member(root, "players");
	if (json_object_is_type(players, json_type_array)) {
		size_t n = json_object_array_length(players);
		for (size_t i = 0; i < n; i++) {
			json_object *color = member(json_object_array_get_idx(players, i), "color");
			if (json_object_is_type(color, json_type_string))
				add_color(out, json_object_get_string(color));
		}
		out->players_given = out->ncolors > 0;
	} else if (json_object_is_type(players, json_type_object)) {
		json_object_object_foreach(players, key, val) {
			(void)val;
			add_color(out, key);
		}
		out->players_given = out->ncolors > 0;
	}
}

void record_classify(json_object *root, struct record_info *out)
{
	*out = (struct record_info){ .dialect = DIALECT_UNKNOWN, .version = -1 };
	if (json_object_is_type(root, json_type_array)) {
		if ((out->what = foreign_array(root, &out->convertible)))
			out->dialect = DIALECT_FOREIGN;
		return;
	}
	if (!json_object_is_type(root, json_type_object))
		return;
	if ((out->what = foreign_object(root))) {
		out->dialect = DIALECT_FOREIGN;
		out->convertible = record_ogs(root);
		return;
	}
	declared_version(member(member(root, "record"), "version"), out);
	if (is_nggo(root, out->version)) {
		out->dialect = DIALECT_NGGO;
		return;
	}
	bool any_section = false;
	json_object_object_foreach(root, key, val) {
		(void)val;
		any_section |= schema_field(&schema_root, key) != NULL;
	}
	if (!any_section) {
		out->what = "this JSON object is not a JGF record: it has none of JGF's sections "
			    "(record, game, players, rules, board, tree, …)";
		return;
	}
	out->dialect = DIALECT_JGF;
	board_facts(root, out);
	player_facts(root, out);
}

bool record_color_declared(const struct record_info *rec, const char *color)
{
	for (size_t i = 0; i < rec->ncolors; i++)
		if (strcmp(rec->colors[i], color) == 0)
			return true;
	return false;
}

bool record_tt_pass(int width, int height)
{
	return width <= RECORD_TT && height <= RECORD_TT;
}

bool record_pass_point(const struct record_info *rec, long long x, long long y)
{
	if (x == rec->width && y == rec->height)
		return true;
	return x == RECORD_TT && y == RECORD_TT && record_tt_pass(rec->width, rec->height);
}

bool point_name(int width, int height, long long x, long long y, char out[POINT_NAME_SIZE])
{
	static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
	out[0] = '\0';
	if (width < 1 || width > 25 || height < 1 || x < 0 || y < 0 || x >= width ||
	    y >= height)
		return false;
	snprintf(out, POINT_NAME_SIZE, "%c%lld", letters[x], height - y);
	return true;
}

const char *point_words(int width, int height, long long x, long long y,
			char out[POINT_WORDS_SIZE])
{
	char name[POINT_NAME_SIZE];
	if (point_name(width, height, x, y, name))
		snprintf(out, POINT_WORDS_SIZE, "%s (x %lld, y %lld)", name, x, y);
	else
		snprintf(out, POINT_WORDS_SIZE, "x %lld, y %lld", x, y);
	return out;
}

bool record_v1_comment_text(json_object *obj, struct buf *out)
{
	if (!json_object_is_type(obj, json_type_object) || json_object_object_length(obj) > 3)
		return false;
	json_object_object_foreach(obj, key, val) {
		(void)key;
		if (!json_object_is_type(val, json_type_string))
			return false;   /* something else in it: left to the user */
	}
	json_object *name = member(obj, "name"), *when = member(obj, "timestamp");
	json_object *text = member(obj, "comment");
	if (name)
		buf_adds(out, json_object_get_string(name));
	if (when)
		buf_printf(out, "%s(%s)", name ? " " : "", json_object_get_string(when));
	if (name || when)
		buf_adds(out, ": ");
	if (text)
		buf_add(out, json_object_get_string(text), (size_t)json_object_get_string_len(text));
	return true;
}
