/* ogs: online-go.com's game JSON to the SGF property tree. Two shapes:
 *
 *   { "game_id": 123, "width": 19, "height": 19, "komi": 6.5,
 *     "handicap": 0, "free_handicap_placement": false, "rules": "japanese",
 *     "initial_player": "black", "initial_state": { "black": "", "white": "" },
 *     "players": { "black": { "id": 1, "username": "a", "rank": 24.3 }, ... },
 *     "time_control": { "system": "byoyomi", "main_time": 600, ... },
 *     "moves": [[15, 3, 5123], [-1, -1, 800], ...],
 *     "start_time": 1589292712, "end_time": 1589295000,
 *     "outcome": "Resignation", "winner": 1 }
 *
 * (the engine configuration of OGS's goban library, its `gamedata`), and
 * the API's game object around it ({ "id", "name", "players": { "black": {
 * "username", "ranking", "professional" } }, "black_player_rank",
 * "started", "ended", "black_lost", "white_lost", "gamedata": {...} }),
 * whose fields are read where the gamedata has none. A move is [x, y,
 * milliseconds it took, colour, extra], x and y from 0 at the top left,
 * -1, -1 a pass; the colours alternate from initial_player, but with a free
 * handicap placement black plays the first `handicap` moves (and a pass
 * among them is skipped, as goban does); a move whose extra says "edited"
 * is a setup stone (colour 1 black, 2 white, 0 empty). initial_state holds
 * the setup stones as letter pairs ("pddp": x then y, from a). A rank is
 * OGS's number: below 30 kyu (29 is 1k), from 30 dan (30 is 1d), and from
 * 37 for a professional (37 is 1p). The times of the moves are kept under
 * meta.ogs.move_times (milliseconds, in order), the game's id as
 * meta.ogs.game_id; how it ended, `removed` (the dead stones) and `score`
 * (each colour's count), as end_of_game says. A file with no moves (OGS's
 * autoscore snapshots: a `board` grid) is no game: said, its board read
 * as setup. */
#include "convert/ogs.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/locate.h"
#include "convert/say.h"
#include "core/catalog.h"

/* What the OGS reader says (convert/say.h); a field's type expected is its
 * caller's (field()'s want). */
#define SAY_FIELD_TYPE &rule_ogs_value_type, "ignored: `%s` is %s, not %s"
#define SAY_BOARD_SIZE &rule_ogs_value_type, \
	"ignored: `%s` %s is not a board size from 1 to 52: read as 19"
#define SAY_SETUP_TYPE &rule_ogs_initial_state, \
	"ignored: initial_state.%s is not a string of letter pairs"
#define SAY_ODD_LETTERS(rule) rule, \
	"ignored: %s has an odd number of letters: its last, `%c`, is half a point"
#define SAY_LETTERS_OFF_BOARD(rule) rule, \
	"ignored: %zu point%s of %s off the %dx%d board (the first `%.2s`)"
#define SAY_MOVE_SHAPE &rule_ogs_move_shape, \
	"ignored: move %zu is not [x, y, time] with whole numbers x and y"
#define SAY_PLACED_OFF_BOARD &rule_ogs_off_board, \
	"ignored: the stone placed by move %zu, at %g, %g, is off the %dx%d board"
#define SAY_MOVE_OFF_BOARD &rule_ogs_off_board, \
	"move %zu at %g, %g is off the %dx%d board: read as a pass (a pass is -1, -1)"
#define SAY_TIME &rule_ogs_value_type, \
	"ignored: `%s` %s is not a time OGS writes (seconds since 1970, or an ISO date)"
#define SAY_TIME_SYSTEM &rule_ogs_value_type, \
	"ignored: time_control (system `%s`) is none of OGS's time controls (byoyomi, canadian, " \
	"fischer, simple, absolute, none)"
#define SAY_TIME_NUMBER &rule_ogs_value_type, \
	"ignored: time_control `%s` is one of OGS's time controls, but its number %s is " \
	"missing or not a number of 0 or more"
#define SAY_TIME_NUMBERS &rule_ogs_value_type, \
	"ignored: time_control `%s` is one of OGS's time controls, but its numbers %s are " \
	"missing or not numbers of 0 or more"
#define SAY_WINNER &rule_ogs_result, \
	"the winner %s%s%s is neither player: the result is left out"
#define SAY_OUTCOME_NO_WINNER &rule_ogs_result, \
	"the outcome `%s` does not say who won, and no winner does: the result is left out"
#define SAY_OUTCOME_UNKNOWN &rule_ogs_result, \
	"the outcome `%s` is none OGS writes (Resignation, Timeout, Disqualification, " \
	"Disconnection, Moderator Decision, Cancellation, N points): %s; it is kept under meta.ogs"
#define SAY_OUTCOME_WINNER_ALONE "read as the winner alone"
#define SAY_OUTCOME_NO_RESULT "the result is left out"
#define SAY_SCORE_TYPE &rule_ogs_value_type, "ignored: score.%s is not an object"
#define SAY_LETTERS_TYPE &rule_ogs_value_type, "ignored: %s is not a string of letter pairs"
#define SAY_NO_MOVES &rule_ogs_no_moves, \
	"this OGS file holds no game record (no `moves`): %s"
#define SAY_NO_MOVES_OTHERS &rule_ogs_no_moves, \
	"this OGS file holds no game record (no `moves`); it holds %s, not read: %s"
#define SAY_NO_MOVES_BOARD "its `board`, a position, is read as the setup of an empty game"
#define SAY_NO_MOVES_NOTHING "nothing of a game is read"
#define SAY_BOARD_POINTS &rule_ogs_value_type, \
	"ignored: %zu point%s of `board` neither 0, 1 nor 2, or off the %dx%d board"

struct ogs {
	struct document *doc;
	struct sgf_notes *notes;
	json_object *g, *top;     /* the gamedata; the API's object around it, or NULL */
	const char *gptr;         /* the gamedata's pointer: "" or "/gamedata" */
	struct sgf_node *root;
	int width, height;
	struct sgf_games *out;
	size_t nodes;
};

static struct sgf_pos pos_at(struct ogs *r, const char *base, const char *key, bool at_key)
{
	struct buf p = BUF_INIT;
	buf_adds(&p, base);
	if (key)
		buf_printf(&p, "/%s", key);
	size_t off;
	unsigned long line = 0, col = 0;
	if (locator_find(r->doc->loc, p.data ? p.data : "", at_key, &off))
		locator_linecol(r->doc->loc, off, &line, &col);
	buf_free(&p);
	return (struct sgf_pos){ (uint32_t)line, (uint32_t)col };
}

static bool number(json_object *v, double *out)
{
	if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double))
		return false;
	double d = json_object_get_double(v);
	if (!isfinite(d))
		return false;
	*out = d;
	return true;
}

/* A field of the gamedata (or else of the API's object): its value when it
 * has one of the types (J_* bits), its pointer in *ptr; a value of another
 * type is a finding, and NULL. */
static json_object *field(struct ogs *r, const char *key, unsigned types, const char *want,
			  struct buf *ptr)
{
	json_object *objs[2] = { r->g, r->top };
	const char *bases[2] = { r->gptr, "" };
	for (int i = 0; i < 2; i++) {
		json_object *v;
		if (!objs[i] || !has_member(objs[i], key, &v) || !v)
			continue;
		buf_truncate(ptr, 0);
		buf_adds(ptr, bases[i]);
		buf_printf(ptr, "/%s", key);
		if (json_type_bits(v) & types)
			return v;
		struct buf what = BUF_INIT;
		describe_value(&what, v);
		sgf_say(r->notes, pos_at(r, bases[i], key, false), SAY_FIELD_TYPE, key,
			what.data ? what.data : "", want);
		buf_free(&what);
		return NULL;
	}
	return NULL;
}

static void text(struct ogs *r, const char *id, const char *s, struct sgf_pos pos)
{
	sgf_prop_text(r->root, id, s, strlen(s), pos);
}

static struct sgf_pos pos_of(struct ogs *r, const struct buf *ptr)
{
	return pos_at(r, ptr->data ? ptr->data : "", NULL, false);
}

static int board_side(struct ogs *r, const char *key)
{
	struct buf ptr = BUF_INIT;
	json_object *v = field(r, key, J_NUMBER, "a board size", &ptr);
	long long n = 19;
	if (v && (!get_int(v, &n) || n < 1 || n > 52)) {
		sgf_say(r->notes, pos_of(r, &ptr), SAY_BOARD_SIZE, key, json_object_get_string(v));
		n = 19;
	}
	buf_free(&ptr);
	return (int)n;
}

#define RANK_SIZE 24

/* OGS's rank number as players read it ("6k", "3d", "1p"); false below 0. */
static bool rank_words(double rank, bool pro, char out[RANK_SIZE])
{
	if (rank < 0 || rank > 2000)
		return false;
	long r = (long)rank;   /* floor, for a rank of 0 or more */
	if (r >= 1037)
		snprintf(out, RANK_SIZE, "%ldp", r - 1036);
	else if (pro && r >= 37)
		snprintf(out, RANK_SIZE, "%ldp", r - 36);
	else if (r < 30)
		snprintf(out, RANK_SIZE, "%ldk", 30 - r);
	else
		snprintf(out, RANK_SIZE, "%ldd", r - 29);
	return true;
}

/* players.COLOR in the gamedata, else in the API's object. */
static json_object *player_of(struct ogs *r, const char *color, struct buf *ptr)
{
	json_object *objs[2] = { r->g, r->top };
	const char *bases[2] = { r->gptr, "" };
	for (int i = 0; i < 2; i++) {
		json_object *players = member(objs[i], "players"), *p = member(players, color);
		if (json_object_is_type(p, json_type_object)) {
			buf_truncate(ptr, 0);
			buf_printf(ptr, "%s/players/%s", bases[i], color);
			return p;
		}
	}
	return NULL;
}

static void player(struct ogs *r, const char *color, long long *id)
{
	char c = (char)(color[0] - 'a' + 'A');
	char pid[3] = { 'P', c, '\0' }, rid[3] = { c, 'R', '\0' };
	struct buf ptr = BUF_INIT, key = BUF_INIT;
	json_object *p = player_of(r, color, &ptr);
	json_object *name = member(p, "username");
	const char *name_key = "username";
	if (!json_object_is_type(name, json_type_string))
		name = member(p, "name"), name_key = "name";
	if (json_object_is_type(name, json_type_string) && json_object_get_string_len(name))
		sgf_prop_text(r->root, pid, json_object_get_string(name),
			      (size_t)json_object_get_string_len(name),
			      pos_at(r, ptr.data, name_key, false));
	json_object *v = member(p, "id");
	if (!get_int(v, id)) {
		buf_printf(&key, "%s_player_id", color);
		if (!get_int(member(r->g, key.data), id) && !get_int(member(r->top, key.data), id))
			*id = -1;
	}
	/* The rank: the player's, else the API's COLOR_player_rank. */
	double rank;
	char words[RANK_SIZE];
	bool pro = json_object_get_boolean(member(p, "professional")) ||
		   json_object_get_boolean(member(p, "pro"));
	const char *rank_key = number(member(p, "rank"), &rank) ? "rank" :
			       number(member(p, "ranking"), &rank) ? "ranking" : NULL;
	struct sgf_pos at = { 0, 0 };
	if (rank_key) {
		at = pos_at(r, ptr.data, rank_key, false);
	} else {
		buf_truncate(&key, 0);
		buf_printf(&key, "%s_player_rank", color);
		struct buf rptr = BUF_INIT;
		json_object *rv = field(r, key.data, J_NUMBER, "a rank number", &rptr);
		if (rv && number(rv, &rank)) {
			rank_key = key.data;
			at = pos_of(r, &rptr);
		}
		buf_free(&rptr);
	}
	if (rank_key && rank_words(rank, pro, words))
		text(r, rid, words, at);
	buf_free(&ptr);
	buf_free(&key);
}

static void letter_points(struct ogs *r, struct sgf_node *node, const char *id, json_object *v,
			  struct sgf_pos at, const char *what);

/* initial_state.COLOR: letter pairs, each a setup stone. */
static void setup(struct ogs *r, json_object *state, const struct buf *sptr, const char *color)
{
	json_object *v = member(state, color);
	if (!v)
		return;
	struct sgf_pos at = pos_at(r, sptr->data, color, false);
	if (!json_object_is_type(v, json_type_string)) {
		sgf_say(r->notes, at, SAY_SETUP_TYPE, color);
		return;
	}
	char what[32];
	snprintf(what, sizeof what, "initial_state.%s", color);
	letter_points(r, r->root, color[0] == 'b' ? "AB" : "AW", v, at, what);
}

/* A string of letter pairs (x then y, from a) as points of property id of
 * node; what names it in the notes. */
static void letter_points(struct ogs *r, struct sgf_node *node, const char *id, json_object *v,
			  struct sgf_pos at, const char *what)
{
	const char *s = json_object_get_string(v);
	size_t len = (size_t)json_object_get_string_len(v), bad = 0, first = 0;
	for (size_t i = 0; i + 1 < len; i += 2) {
		int x = -1, y = -1;
		char a = s[i], b = s[i + 1];
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (b >= 'A' && b <= 'Z')
			b = (char)(b - 'A' + 'a');
		if (a >= 'a' && a <= 'z')
			x = a - 'a';
		if (b >= 'a' && b <= 'z')
			y = b - 'a';
		char pt[3];
		if (x < 0 || y < 0 || x >= r->width || y >= r->height) {
			if (!bad++)
				first = i;
			continue;
		}
		sgf_point(x, y, 52, pt);
		sgf_prop_text(node, id, pt, strlen(pt), at);
	}
	const struct rule *rule = !strncmp(what, "initial_state", 13) ? &rule_ogs_initial_state :
				  &rule_ogs_value_type;
	if (len % 2)
		sgf_say(r->notes, at, SAY_ODD_LETTERS(rule), what, s[len - 1]);
	if (bad)
		sgf_say(r->notes, at, SAY_LETTERS_OFF_BOARD(rule), bad, bad == 1 ? "" : "s", what,
			r->width, r->height, s + first);
}

static void add_node(struct ogs *r, struct sgf_node **last, const char *id, const char *pt,
		     struct sgf_pos at)
{
	if (sgf_games_full(r->out, ++r->nodes))
		return;   /* refused: more than the memory budget holds */
	struct sgf_node *n = sgf_node_new(at);
	sgf_node_add_kid(*last, n);
	*last = n;
	sgf_prop_text(n, id, pt, strlen(pt), at);
}

/* free_handicap_placement, or when it is absent goban's default for the
 * rules: a fixed placement under Japanese and Korean rules (and in a
 * Chinese game OGS imported long ago), a free one under the others and
 * without rules, which goban reads as Chinese. */
static bool free_handicap(struct ogs *r)
{
	json_object *f = member(r->g, "free_handicap_placement");
	if (json_object_is_type(f, json_type_boolean))
		return json_object_get_boolean(f);
	json_object *ru = member(r->g, "rules");
	const char *s = json_object_is_type(ru, json_type_string) ? json_object_get_string(ru) : "";
	if (!*s || !strcasecmp(s, "chinese"))
		return !member(r->g, "ogs_import");   /* goban: OGS's old imports, fixed */
	return strcasecmp(s, "japanese") && strcasecmp(s, "korean");
}

/* The moves, a node each after the root; the last node. */
static struct sgf_node *moves(struct ogs *r, long long handicap)
{
	struct buf ptr = BUF_INIT, mp = BUF_INIT;
	json_object *list = field(r, "moves", J_ARRAY, "an array of moves", &ptr);
	json_object *ip = member(r->g, "initial_player");
	int color = json_object_is_type(ip, json_type_string) &&
		    !strcmp(json_object_get_string(ip), "white") ? 2 : 1;
	bool free_placement = free_handicap(r);
	struct sgf_node *last = r->root;
	size_t n = list ? json_object_array_length(list) : 0;
	long long played = 0;
	struct sgf_prop *times = NULL;
	for (size_t i = 0; i < n && !r->out->over; i++) {
		json_object *mv = json_object_array_get_idx(list, i);
		buf_truncate(&mp, 0);
		buf_printf(&mp, "%s/%zu", ptr.data, i);
		struct sgf_pos at = pos_of(r, &mp);
		double x, y, t;
		json_object *extra = NULL, *tv = NULL;
		bool shaped;
		if (json_object_is_type(mv, json_type_object)) {   /* JGOF's {x, y} */
			shaped = number(member(mv, "x"), &x) && number(member(mv, "y"), &y);
			tv = member(mv, "timedelta");
			extra = mv;
		} else {
			shaped = json_object_is_type(mv, json_type_array) &&
				 json_object_array_length(mv) >= 2 &&
				 number(json_object_array_get_idx(mv, 0), &x) &&
				 number(json_object_array_get_idx(mv, 1), &y);
			if (shaped && json_object_array_length(mv) > 2)
				tv = json_object_array_get_idx(mv, 2);
			if (shaped && json_object_array_length(mv) > 4)
				extra = json_object_array_get_idx(mv, 4);
		}
		if (shaped && (fabs(x) > 1e6 || fabs(y) > 1e6 || x != (double)(long long)x ||
			       y != (double)(long long)y))
			shaped = false;
		if (!shaped) {
			sgf_say(r->notes, at, SAY_MOVE_SHAPE, i + 1);
			continue;
		}
		if (json_object_get_boolean(member(extra, "edited"))) {
			/* A stone placed by hand: setup, no turn. */
			long long c = 0;
			json_object *cv = json_object_is_type(mv, json_type_array) &&
					  json_object_array_length(mv) > 3 ?
					  json_object_array_get_idx(mv, 3) : member(mv, "color");
			get_int(cv, &c);
			char pt[3];
			sgf_point((int)x, (int)y, 52, pt);
			if (x >= r->width || y >= r->height)
				pt[0] = '\0';
			if (!pt[0])
				sgf_say(r->notes, at, SAY_PLACED_OFF_BOARD, i + 1, x, y, r->width,
					r->height);
			else
				add_node(r, &last, c == 1 ? "AB" : c == 2 ? "AW" : "AE", pt, at);
			continue;
		}
		long long left = free_placement && handicap > played ? handicap - played : 0;
		char pt[3] = "";
		if (x == -1 && y == -1) {
			if (left > 0)
				continue;   /* goban skips it: black places the next stone */
		} else if (x < 0 || y < 0 || x >= r->width || y >= r->height) {
			sgf_say(r->notes, at, SAY_MOVE_OFF_BOARD, i + 1, x, y, r->width, r->height);
		} else {
			sgf_point((int)x, (int)y, 52, pt);
		}
		add_node(r, &last, color == 1 ? "B" : "W", pt, at);
		played++;
		if (left < 2)
			color = 3 - color;
		if (number(tv, &t)) {
			bool existed;
			if (!times)
				times = sgf_prop_get(r->root, "OGS:move_times", pos_of(r, &ptr),
						     &existed);
			char s[32];
			snprintf(s, sizeof s, "%.15g", t);
			sgf_prop_add(times, s, strlen(s), at);
		}
	}
	buf_free(&ptr);
	buf_free(&mp);
	return last;
}

#define DATE_SIZE 40

/* "YYYY-MM-DD" of seconds (or milliseconds) since 1970, in UTC. */
static bool date_of(double t, char out[DATE_SIZE])
{
	if (t > 1e11)
		t /= 1000;
	if (t < 0 || t > 253402300799.0)
		return false;
	time_t s = (time_t)t;
	struct tm tm;
	if (!gmtime_r(&s, &tm))
		return false;
	snprintf(out, DATE_SIZE, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	return true;
}

static bool date_field(struct ogs *r, const char *key, char out[DATE_SIZE], struct sgf_pos *at)
{
	struct buf ptr = BUF_INIT;
	json_object *v = field(r, key, J_NUMBER | J_STRING, "a time", &ptr);
	double t;
	bool ok = false;
	if (v && number(v, &t))
		ok = date_of(t, out);
	else if (v) {   /* the API's "2020-05-12T14:11:52.123Z" */
		const char *s = json_object_get_string(v);
		int y, m, d;
		ok = strlen(s) >= 10 && sscanf(s, "%4d-%2d-%2d", &y, &m, &d) == 3 && m >= 1 &&
		     m <= 12 && d >= 1 && d <= 31;
		if (ok)
			snprintf(out, DATE_SIZE, "%04d-%02d-%02d", y, m, d);
	}
	if (v && !ok)
		sgf_say(r->notes, pos_of(r, &ptr), SAY_TIME, key, json_object_get_string(v));
	if (ok)
		*at = pos_of(r, &ptr);
	buf_free(&ptr);
	return ok;
}

static void dates(struct ogs *r)
{
	char start[DATE_SIZE], end[DATE_SIZE];
	struct sgf_pos at, end_at;
	bool s = date_field(r, "start_time", start, &at) || date_field(r, "started", start, &at);
	bool e = date_field(r, "end_time", end, &end_at) || date_field(r, "ended", end, &end_at);
	if (!s && e)
		text(r, "DT", end, end_at);
	else if (s && e && strcmp(start, end)) {
		char both[2 * DATE_SIZE + 2];
		snprintf(both, sizeof both, "%s,%s", start, end);
		text(r, "DT", both, at);
	} else if (s)
		text(r, "DT", start, at);
}

/* A number of the time control; one missing (or not a number of 0 or
 * more) is named in missing. */
static double tc_number(json_object *tc, const char *key, bool *ok, struct buf *missing)
{
	double d = 0;
	if (!number(member(tc, key), &d) || d < 0) {
		*ok = false;
		buf_printf(missing, "%s`%s`", missing->len ? ", " : "", key);
	}
	return d;
}

/* OGS's REST API without a gamedata's time_control object: the system is
 * the string "time_control", its numbers "time_control_parameters", a JSON
 * text in a string. The parameters parsed (put by the caller), or NULL;
 * *system is the outer string. */
static json_object *api_time_control(struct ogs *r, struct buf *ptr, json_object **system)
{
	json_object *objs[2] = { r->g, r->top };
	const char *bases[2] = { r->gptr, "" };
	for (int i = 0; i < 2; i++) {
		json_object *tc = member(objs[i], "time_control");
		json_object *p = member(objs[i], "time_control_parameters");
		if (json_object_is_type(tc, json_type_object))
			return NULL;   /* the gamedata's shape: field() reads it */
		if (!json_object_is_type(p, json_type_string))
			continue;
		json_object *o = json_tokener_parse(json_object_get_string(p));
		if (!json_object_is_type(o, json_type_object)) {
			json_object_put(o);
			continue;
		}
		buf_truncate(ptr, 0);
		buf_printf(ptr, "%s/time_control_parameters", bases[i]);
		*system = json_object_is_type(tc, json_type_string) ? tc : NULL;
		return o;
	}
	return NULL;
}

static void time_control(struct ogs *r)
{
	struct buf ptr = BUF_INIT, b = BUF_INIT;
	json_object *outer = NULL;
	json_object *parsed = api_time_control(r, &ptr, &outer);
	json_object *tc = parsed ? parsed : field(r, "time_control", J_OBJECT, "an object", &ptr);
	json_object *sys = member(tc, "system");
	if (!json_object_is_type(sys, json_type_string))
		sys = member(tc, "time_control");
	if (!json_object_is_type(sys, json_type_string))
		sys = outer;
	if (!tc || !json_object_is_type(sys, json_type_string)) {
		json_object_put(parsed);
		buf_free(&ptr);
		return;
	}
	struct sgf_pos at = pos_of(r, &ptr);
	const char *s = json_object_get_string(sys);
	bool ok = true, known = true;
	double main_time = -1, a, c;
	struct buf missing = BUF_INIT;
	if (!strcmp(s, "byoyomi")) {
		main_time = tc_number(tc, "main_time", &ok, &missing);
		a = tc_number(tc, "periods", &ok, &missing);
		c = tc_number(tc, "period_time", &ok, &missing);
		buf_printf(&b, "%gx%g byo-yomi", a, c);
	} else if (!strcmp(s, "canadian")) {
		main_time = tc_number(tc, "main_time", &ok, &missing);
		a = tc_number(tc, "stones_per_period", &ok, &missing);
		c = tc_number(tc, "period_time", &ok, &missing);
		buf_printf(&b, "%g/%g canadian", a, c);
	} else if (!strcmp(s, "fischer")) {
		main_time = tc_number(tc, "initial_time", &ok, &missing);
		a = tc_number(tc, "time_increment", &ok, &missing);
		c = tc_number(tc, "max_time", &ok, &missing);
		buf_printf(&b, "fischer: %g s added a move, at most %g s", a, c);
	} else if (!strcmp(s, "simple")) {
		a = tc_number(tc, "per_move", &ok, &missing);
		buf_printf(&b, "simple: %g s a move", a);
	} else if (!strcmp(s, "absolute")) {
		main_time = tc_number(tc, "total_time", &ok, &missing);
	} else if (strcmp(s, "none")) {
		ok = known = false;
	}
	if (!known) {
		sgf_say(r->notes, at, SAY_TIME_SYSTEM, s);
	} else if (!ok && strchr(missing.data, ',')) {
		sgf_say(r->notes, at, SAY_TIME_NUMBERS, s, missing.data);
	} else if (!ok) {
		sgf_say(r->notes, at, SAY_TIME_NUMBER, s, missing.data);
	} else {
		char t[32];
		if (main_time >= 0) {
			snprintf(t, sizeof t, "%g", main_time);
			text(r, "TM", t, at);
		}
		if (b.len)
			text(r, "OT", b.data, at);
	}
	json_object_put(parsed);
	buf_free(&missing);
	buf_free(&b);
	buf_free(&ptr);
}

/* The winner: 'B', 'W', '0' (a tie) or 0 when not known (*said: a
 * finding says why). */
static char winner(struct ogs *r, long long black, long long white, struct sgf_pos *at,
		   bool *said)
{
	struct buf ptr = BUF_INIT;
	json_object *w = field(r, "winner", J_INT | J_STRING, "a player's id or a colour", &ptr);
	long long id;
	char who = 0;
	if (w) {
		*at = pos_of(r, &ptr);
		const char *s = json_object_get_string(w);
		if (get_int(w, &id))
			who = id == black && id != white ? 'B' : id == white && id != black ? 'W' : 0;
		else
			who = !strcmp(s, "black") ? 'B' : !strcmp(s, "white") ? 'W' :
			      !strcmp(s, "tie") ? '0' : 0;
		if (!who && (*said = true))
			sgf_say(r->notes, *at, SAY_WINNER, get_int(w, &id) ? "" : "`", s,
				get_int(w, &id) ? "" : "`");
	} else {
		/* The API's object: black_lost, white_lost. */
		json_object *bl = member(r->top, "black_lost"), *wl = member(r->top, "white_lost");
		if (json_object_is_type(bl, json_type_boolean) &&
		    json_object_is_type(wl, json_type_boolean)) {
			bool b = json_object_get_boolean(bl), wh = json_object_get_boolean(wl);
			who = b && !wh ? 'W' : wh && !b ? 'B' : 0;
			*at = pos_at(r, "", "black_lost", false);
		}
	}
	buf_free(&ptr);
	return who;
}

static void result(struct ogs *r, long long black, long long white)
{
	struct buf ptr = BUF_INIT, re = BUF_INIT;
	struct sgf_pos wat = { 0, 0 };
	bool said = false;
	char who = winner(r, black, white, &wat, &said);
	json_object *o = field(r, "outcome", J_STRING, "a string", &ptr);
	const char *s = o ? json_object_get_string(o) : "";
	struct sgf_pos at = o ? pos_of(r, &ptr) : wat;
	double pts;
	char rest[32] = "";
	/* OGS's words for a game not counted: a forfeit (Disconnection, a
	 * moderator's or the server's Decision, a ladder challenge withdrawn). */
	bool forfeit = !strcmp(s, "Disqualification") || !strcmp(s, "Disconnection") ||
		       !strcmp(s, "Moderator Decision") || !strcmp(s, "Decision") ||
		       !strcmp(s, "Ladder Withdrawn");
	const char *how = !strcmp(s, "Resignation") || !strcmp(s, "resign") || !strcmp(s, "r") ?
			  "R" : !strcmp(s, "Timeout") ? "T" : forfeit ? "F" : NULL;
	bool understood = true;
	if (!strcmp(s, "Cancellation")) {
		buf_adds(&re, "Void");
	} else if (!*s) {
		if (who == 'B' || who == 'W')
			buf_printf(&re, "%c+", who);
		else if (who == '0')
			buf_adds(&re, "0");
	} else if (how || (sscanf(s, "%lf%31s", &pts, rest) >= 1 && pts >= 0 && isfinite(pts) &&
			   (!*rest || !strcmp(rest, "points") || !strcmp(rest, "point")))) {
		if (!how && pts == 0)
			buf_adds(&re, "0");
		else if ((who == 'B' || who == 'W') && how)
			buf_printf(&re, "%c+%s", who, how);
		else if (who == 'B' || who == 'W')
			buf_printf(&re, "%c+%g", who, pts);
		else if (who == '0')
			buf_adds(&re, "0");
		else if (!said)
			sgf_say(r->notes, at, SAY_OUTCOME_NO_WINNER, s);
	} else {
		understood = false;
		if (who == 'B' || who == 'W')
			buf_printf(&re, "%c+", who);
		sgf_say(r->notes, at, SAY_OUTCOME_UNKNOWN, s,
			re.len ? SAY_OUTCOME_WINNER_ALONE : SAY_OUTCOME_NO_RESULT);
	}
	if (re.len)
		text(r, "RE", re.data, at);
	if (!understood)
		text(r, "OGS:outcome", s, at);
	buf_free(&re);
	buf_free(&ptr);
}

/* How the game ended: `removed`, the dead stones taken off before the
 * count (letter pairs), kept under meta.ogs as written; `score`, each
 * colour's count: its scoring_positions (territory, and stones under area
 * counting) as the final node's score (TB, TW: JGF's `score`), its numbers
 * (territory, stones, prisoners, komi, handicap, total) kept under
 * meta.ogs.score, one value a colour. */
static void end_of_game(struct ogs *r, struct sgf_node *last)
{
	struct buf ptr = BUF_INIT, line = BUF_INIT;
	json_object *v = field(r, "removed", J_STRING, "a string of letter pairs", &ptr);
	if (v && json_object_get_string_len(v))
		text(r, "OGS:removed", json_object_get_string(v), pos_of(r, &ptr));
	json_object *sc = field(r, "score", J_OBJECT, "an object", &ptr);
	for (int k = 0; sc && k < 2; k++) {
		const char *color = k ? "white" : "black";
		json_object *side = member(sc, color);
		struct sgf_pos at = pos_at(r, ptr.data, color, false);
		if (!side)
			continue;
		if (!json_object_is_type(side, json_type_object)) {
			sgf_say(r->notes, at, SAY_SCORE_TYPE, color);
			continue;
		}
		buf_truncate(&line, 0);
		buf_printf(&line, "%s:", color);
		bool first = true;
		json_object_object_foreach(side, key, val) {
			if (!strcmp(key, "scoring_positions"))
				continue;
			bool nested = json_object_is_type(val, json_type_object) ||
				      json_object_is_type(val, json_type_array);
			buf_printf(&line, "%s %s %s", first ? "" : ",", key, nested ?
				   dom_json(val, JSON_C_TO_STRING_PLAIN, NULL) :
				   json_object_get_string(val));
			first = false;
		}
		text(r, "OGS:score", line.data, at);
		json_object *pts = member(side, "scoring_positions");
		char what[40];
		snprintf(what, sizeof what, "score.%s.scoring_positions", color);
		if (json_object_is_type(pts, json_type_string))
			letter_points(r, last, k ? "TW" : "TB", pts, pos_at(r, ptr.data, color, false),
				      what);
		else if (pts)
			sgf_say(r->notes, at, SAY_LETTERS_TYPE, what);
	}
	buf_free(&line);
	buf_free(&ptr);
}

/* OGS's autoscore snapshot (or any such file): a `board` grid (0 empty, 1
 * black, 2 white, board[y][x]) and no moves: no game record. Said, and
 * the position read as the root's setup, not thrown away. True when the
 * file is one. */
static bool snapshot(struct ogs *r)
{
	if (member(r->g, "moves") || member(r->top, "moves"))
		return false;
	json_object *board = member(r->g, "board");
	const char *base = r->gptr;
	if (!board && r->top)
		board = member(r->top, "board"), base = "";
	struct sgf_pos at = pos_at(r, base, board ? "board" : NULL, false);
	struct buf others = BUF_INIT;
	json_object_object_foreach(r->top ? r->top : r->g, key, val) {
		(void)val;
		if (strstr(key, "ownership") || strstr(key, "score") || !strcmp(key, "removed") ||
		    strstr(key, "estimate"))
			buf_printf(&others, "%s`%s`", others.len ? ", " : "", key);
	}
	size_t stones = 0, bad = 0;
	bool grid = json_object_is_type(board, json_type_array);
	size_t rows = grid ? json_object_array_length(board) : 0;
	json_object *row0 = rows ? json_object_array_get_idx(board, 0) : NULL;
	size_t cols0 = json_object_is_type(row0, json_type_array) ? json_object_array_length(row0) : 0;
	if (grid && rows >= 1 && rows <= 52 && cols0 >= 1 && cols0 <= 52 &&
	    !member(r->g, "width") && !member(r->g, "height") && !member(r->top, "width") &&
	    !member(r->top, "height")) {
		/* The grid's own size, where the file gives none. */
		r->width = (int)cols0, r->height = (int)rows;
		struct sgf_prop *sz = sgf_prop_find(r->root, "SZ");
		char v[16];
		if (r->width == r->height)
			snprintf(v, sizeof v, "%d", r->width);
		else
			snprintf(v, sizeof v, "%d:%d", r->width, r->height);
		if (sz) {
			sgf_prop_clear(sz);
			sgf_prop_add(sz, v, strlen(v), sz->pos);
		}
	}
	for (size_t y = 0; grid && y < rows; y++) {
		json_object *row = json_object_array_get_idx(board, y);
		size_t cols = json_object_is_type(row, json_type_array) ? json_object_array_length(row) : 0;
		for (size_t x = 0; x < cols; x++) {
			long long c = 0;
			if (!get_int(json_object_array_get_idx(row, x), &c) || c < 0 || c > 2) {
				bad++;
				continue;
			}
			char pt[3];
			sgf_point((int)x, (int)y, 52, pt);
			if (!c)
				continue;
			if (!pt[0] || (int)x >= r->width || (int)y >= r->height) {
				bad++;
				continue;
			}
			text(r, c == 1 ? "AB" : "AW", pt, at);
			stones++;
		}
	}
	const char *then = grid ? SAY_NO_MOVES_BOARD : SAY_NO_MOVES_NOTHING;
	if (others.len)
		sgf_say(r->notes, at, SAY_NO_MOVES_OTHERS, others.data, then);
	else
		sgf_say(r->notes, at, SAY_NO_MOVES, then);
	if (bad)
		sgf_say(r->notes, at, SAY_BOARD_POINTS, bad, bad == 1 ? "" : "s", r->width, r->height);
	(void)stones;
	buf_free(&others);
	return true;
}

void ogs_read(struct document *doc, struct sgf_games *out, struct sgf_notes *notes)
{
	struct ogs r = { .doc = doc, .notes = notes, .g = doc->root, .gptr = "", .out = out,
			 .nodes = 1 };
	json_object *gd = member(doc->root, "gamedata");
	if (json_object_is_type(gd, json_type_object)) {
		r.g = gd;
		r.top = doc->root;
		r.gptr = "/gamedata";
	}
	r.root = sgf_node_new(pos_at(&r, "", NULL, false));
	struct buf ptr = BUF_INIT;
	r.width = board_side(&r, "width");
	r.height = board_side(&r, "height");
	char sz[16];
	if (r.width == r.height)
		snprintf(sz, sizeof sz, "%d", r.width);
	else
		snprintf(sz, sizeof sz, "%d:%d", r.width, r.height);
	text(&r, "SZ", sz, r.root->pos);
	text(&r, "SO", "online-go.com", r.root->pos);
	json_object *v;
	long long n;
	if ((v = field(&r, "game_id", J_INT | J_STRING, "a number", &ptr)) ||
	    (r.top && (v = field(&r, "id", J_INT | J_STRING, "a number", &ptr))))
		text(&r, "OGS:game_id", json_object_get_string(v), pos_of(&r, &ptr));
	if ((v = field(&r, "game_name", J_STRING, "a string", &ptr)) ||
	    (r.top && (v = field(&r, "name", J_STRING, "a string", &ptr))))
		if (json_object_get_string_len(v))
			text(&r, "GN", json_object_get_string(v), pos_of(&r, &ptr));
	if ((v = field(&r, "rules", J_STRING, "a string", &ptr)) && json_object_get_string_len(v))
		text(&r, "RU", json_object_get_string(v), pos_of(&r, &ptr));
	double komi;
	if ((v = field(&r, "komi", J_NUMBER | J_STRING, "a number", &ptr))) {
		char k[32];
		if (number(v, &komi))
			snprintf(k, sizeof k, "%g", komi);
		else
			snprintf(k, sizeof k, "%.31s", json_object_get_string(v));
		text(&r, "KM", k, pos_of(&r, &ptr));
	}
	long long handicap = 0;
	if ((v = field(&r, "handicap", J_INT, "a whole number", &ptr)) && get_int(v, &n) &&
	    n >= 0) {
		handicap = n;
		if (n > 0) {
			char h[24];
			snprintf(h, sizeof h, "%lld", n);
			text(&r, "HA", h, pos_of(&r, &ptr));
		}
	}
	long long black = -1, white = -1;
	player(&r, "black", &black);
	player(&r, "white", &white);
	dates(&r);
	time_control(&r);
	result(&r, black, white);
	json_object *state = field(&r, "initial_state", J_OBJECT, "an object", &ptr);
	if (state) {
		setup(&r, state, &ptr, "black");
		setup(&r, state, &ptr, "white");
	}
	json_object *ip = field(&r, "initial_player", J_STRING, "\"black\" or \"white\"", &ptr);
	if (ip && !strcmp(json_object_get_string(ip), "white"))
		text(&r, "PL", "W", pos_of(&r, &ptr));
	if (!snapshot(&r))
		end_of_game(&r, moves(&r, handicap));
	buf_free(&ptr);
	out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
	out->games[out->len++] = r.root;
}
