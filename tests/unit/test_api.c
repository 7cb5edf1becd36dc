/* test_api: libjgflint's public API (jgflint.h) only: findings with their
 * rule, severity, line, column, pointer, spans and fixes; configurations,
 * from code and from configuration files; fixing and the fixed text;
 * reports; conversion; the catalogue and explanations; positions at a node
 * and point names; out of memory as an error result; and the same results
 * from several threads. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/jgflint.h"
#include "tap.h"

static const char record[] =
	"{\"record\": {\"format\": \"JGF\", \"version\": \"2.0.0\"},\n"
	" \"tree\": [{}], \"x\": 1,\n"
	" \"rules\": {\"komi\": \"6.5\"}}";

static int find(const jgf_result *r, const char *rule)
{
	for (size_t i = 0; i < jgf_result_count(r); i++)
		if (strcmp(jgf_finding_rule(r, i), rule) == 0)
			return (int)i;
	return -1;
}

/* Lints the record in a thread: 0 when the result is the one expected. */
static void *lint_many(void *arg)
{
	const jgf_config *cfg = arg;
	for (int k = 0; k < 200; k++) {
		jgf_result *r = jgf_lint(cfg, "t.jgf", record, sizeof record - 1, 0);
		int i = find(r, "wrong-type");
		bool ok = jgf_result_count(r) == 3 && i >= 0 && jgf_finding_line(r, (size_t)i) == 3;
		jgf_result_free(r);
		if (!ok)
			return (void *)1;
	}
	return NULL;
}

/* The text of [start, end) of r's text. */
static char *span(const jgf_result *r, size_t start, size_t end)
{
	const char *t = jgf_result_text(r, NULL);
	char *out = malloc(end - start + 1);
	memcpy(out, t + start, end - start);
	out[end - start] = 0;
	return out;
}

/* Whether the rule pages are in dir (their index). */
static bool pages_installed(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/index.html", dir);
	return access(path, R_OK) == 0;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n >= m && strcmp(s + n - m, tail) == 0;
}

/* In a child limited to 300 MB of address space, with a budget that lets
 * a 40 MB record through: jgf_lint returns NULL, and the process goes on. */
static void out_of_memory(void)
{
#ifdef SANITIZED
	printf("ok %d # SKIP out of memory: not under a sanitizer\n", ++tap_count);
#else
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		size_t n = 40u << 20;
		char *big = malloc(n + 64);
		size_t at = (size_t)sprintf(big, "{\"tree\": [{}");
		while (at + 16 < n)
			at += (size_t)sprintf(big + at, ", [1, [2, {}]]");
		at += (size_t)sprintf(big + at, "]}");
		struct rlimit rl = { 300u << 20, RLIM_INFINITY };
		setrlimit(RLIMIT_AS, &rl);
		jgf_set_memory_budget((size_t)100 << 30);
		/* The first call of the process: the rule tables too are built
		 * under the limit. */
		jgf_result *r = jgf_lint(NULL, "big.jgf", big, at, 0);
		/* Still alive, and the library answers again once there is room
		 * (what the failed call took is not all given back). */
		rl.rlim_cur = RLIM_INFINITY;
		setrlimit(RLIMIT_AS, &rl);
		jgf_set_memory_budget(0);
		static const char small_record[] = "{\"tree\": [{}], \"x\": 1}";
		jgf_result *small = jgf_lint(NULL, "s.jgf", small_record, sizeof small_record - 1, 0);
		if (!small || jgf_result_count(small) != 2)
			_exit(4);
		_exit(r == NULL && small != NULL ? 0 : 3);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "out of memory: jgf_lint returns NULL and the caller goes on (status %d)", status);
#endif
}

/* A ko: white takes at B8 (move 8) and black retakes at once at C8 (move 9,
 * ko-retake); a white stone set up in the root node. */
static const char ko_record[] =
	"{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"board\": {\"size\": 9},\n"
	" \"tree\": [{\"setup\": [{\"type\": \"white\", \"coords\": [{\"x\": 8, \"y\": 8}]}]},\n"
	"  {\"move\": {\"color\": \"black\", \"x\": 1, \"y\": 0}},\n"
	"  {\"move\": {\"color\": \"white\", \"x\": 2, \"y\": 0}},\n"
	"  {\"move\": {\"color\": \"black\", \"x\": 0, \"y\": 1}},\n"
	"  {\"move\": {\"color\": \"white\", \"x\": 3, \"y\": 1}},\n"
	"  {\"move\": {\"color\": \"black\", \"x\": 1, \"y\": 2}},\n"
	"  {\"move\": {\"color\": \"white\", \"x\": 2, \"y\": 2}},\n"
	"  {\"move\": {\"color\": \"black\", \"x\": 2, \"y\": 1}},\n"
	"  {\"move\": {\"color\": \"white\", \"x\": 1, \"y\": 1}},\n"
	"  {\"move\": {\"color\": \"black\", \"x\": 2, \"y\": 1}},\n"
	"  {\"move\": {\"color\": \"white\", \"pass\": true}, \"turn\": \"white\"}]}";

static void positions(void)
{
	jgf_position *p = jgf_position_read("k.jgf", ko_record, sizeof ko_record - 1, "/tree/8/move/x");
	int x = -2, y = -2;
	enum jgf_color c = JGF_EMPTY;
	tap_ok(p && !jgf_position_error(p) && strcmp(jgf_position_node(p), "/tree/8") == 0 &&
	       jgf_position_width(p) == 9 && jgf_position_height(p) == 9,
	       "the position at a pointer inside node 8 is node 8's");
	tap_ok(jgf_position_stone(p, 1, 1) == JGF_WHITE && jgf_position_stone_move(p, 1, 1) == 8 &&
	       strcmp(jgf_position_stone_node(p, 1, 1), "/tree/8") == 0 &&
	       jgf_position_stone(p, 2, 1) == JGF_EMPTY && jgf_position_stone_node(p, 2, 1) == NULL,
	       "the stone move 8 placed, and the one it captured gone");
	tap_ok(jgf_position_stone(p, 8, 8) == JGF_WHITE && jgf_position_stone_move(p, 8, 8) == 0 &&
	       strcmp(jgf_position_stone_node(p, 8, 8), "/tree/0") == 0 &&
	       jgf_position_stone(p, 9, 0) == JGF_EMPTY && jgf_position_stone(p, -1, 0) == JGF_EMPTY,
	       "a stone set up in the root node; nothing off the board");
	tap_ok(jgf_position_ko(p, &x, &y) == 1 && x == 2 && y == 1 &&
	       jgf_position_turn(p) == JGF_BLACK && !jgf_position_turn_given(p),
	       "the ko point (2, 1), black to play");
	tap_ok(jgf_position_last_move(p, &c, &x, &y) == 8 && c == JGF_WHITE && x == 1 && y == 1 &&
	       strcmp(jgf_position_last_move_node(p), "/tree/8") == 0 && jgf_position_moves(p) == 8,
	       "the last move");
	tap_ok(jgf_position_captures(p, JGF_WHITE) == 1 && jgf_position_captures(p, JGF_BLACK) == 0 &&
	       jgf_position_stopped(p) == NULL, "captures; not stopped");
	jgf_position_free(p);

	jgf_result *r = jgf_lint(NULL, "k.jgf", ko_record, sizeof ko_record - 1, 0);
	int i = find(r, "ko-retake");
	p = i >= 0 ? jgf_finding_position(r, (size_t)i) : NULL;
	tap_ok(p && strcmp(jgf_position_node(p), "/tree/9") == 0 &&
	       strcmp(jgf_position_stopped(p), "/tree/9") == 0 &&
	       strcmp(jgf_position_stop_rule(p), "ko-retake") == 0 &&
	       strstr(jgf_position_stop_message(p), "retakes the ko") &&
	       jgf_position_stone(p, 2, 1) == JGF_EMPTY && jgf_position_moves(p) == 8,
	       "the ko-retake finding's position: before move 9, which stops the line");
	jgf_position_free(p);
	size_t k = (size_t)i;
	tap_ok(strcmp(jgf_finding_node(r, k), "/tree/9") == 0 && jgf_finding_point_count(r, k) == 2 &&
	       strcmp(jgf_finding_point_role(r, k, 0), "move") == 0 &&
	       jgf_finding_point_x(r, k, 0) == 2 && jgf_finding_point_y(r, k, 0) == 1 &&
	       strcmp(jgf_finding_point_name(r, k, 0), "C8") == 0 &&
	       jgf_finding_point_color(r, k, 0) == JGF_BLACK && jgf_finding_point_move(r, k, 0) == 9 &&
	       strcmp(jgf_finding_point_pointer(r, k, 0), "/tree/9/move") == 0 &&
	       jgf_finding_point_line(r, k, 0) == 11,
	       "ko-retake names its node and its move (C8, move 9, line 11)");
	tap_ok(strcmp(jgf_finding_point_role(r, k, 1), "capture") == 0 &&
	       strcmp(jgf_finding_point_name(r, k, 1), "B8") == 0 &&
	       jgf_finding_point_color(r, k, 1) == JGF_WHITE && jgf_finding_point_move(r, k, 1) == 8 &&
	       strcmp(jgf_finding_point_node(r, k, 1), "/tree/8") == 0 &&
	       jgf_finding_point_line(r, k, 1) == 10 && jgf_finding_point_column(r, k, 1) > 1,
	       "… and the stone it would capture, of move 8");
	tap_ok(jgf_finding_point_role(r, k, 2) == NULL && jgf_finding_point_x(r, k, 2) == -1 &&
	       jgf_finding_point_count(r, 99) == 0 && jgf_finding_node(r, 99) == NULL,
	       "… and nothing beyond");
	p = jgf_result_position(r, "/tree/10");
	tap_ok(p && strcmp(jgf_position_stopped(p), "/tree/9") == 0 && jgf_position_moves(p) == 8,
	       "a node after the stop: the position where the line stopped");
	jgf_position_free(p);
	static const char *const none[] = { "", "/tree", "/tree/11", "/game", "/tree/x", NULL };
	bool all = true;
	for (int j = 0; none[j]; j++) {
		p = jgf_result_position(r, none[j]);
		all &= p && jgf_position_error(p) && !jgf_position_node(p) &&
		       jgf_position_stone(p, 0, 0) == JGF_EMPTY && jgf_position_turn(p) == JGF_EMPTY;
		char *json = p ? jgf_position_json(p) : NULL;
		all &= json && strncmp(json, "{\"error\":", 9) == 0;
		jgf_free(json);
		jgf_position_free(p);
	}
	tap_ok(all, "pointers outside the tree's nodes: an error, in JSON too");
	p = jgf_result_position(r, NULL);
	tap_ok(p && jgf_position_error(p), "a NULL pointer: an error");
	jgf_position_free(p);
	jgf_result_free(r);

	p = jgf_position_read(NULL, "{\"tree\": [", 10, "/tree/0");
	tap_ok(p && strcmp(jgf_position_error(p), "the text is not valid JSON") == 0, "not JSON");
	jgf_position_free(p);
	static const char go_not[] = "{\"game\": {\"type\": \"chess\"}, \"tree\": [{}]}";
	p = jgf_position_read(NULL, go_not, sizeof go_not - 1, "/tree/0");
	tap_ok(p && strstr(jgf_position_error(p), "not a game of Go"), "not Go: %s",
	       p ? jgf_position_error(p) : "NULL");
	jgf_position_free(p);
	jgf_position_free(NULL);

	char name[16];
	tap_ok(jgf_point_name(19, 19, 3, 3, name) == 0 && strcmp(name, "D16") == 0 &&
	       jgf_point_name(19, 19, 8, 0, name) == 0 && strcmp(name, "J19") == 0 &&
	       jgf_point_name(9, 13, 0, 12, name) == 0 && strcmp(name, "A1") == 0 &&
	       jgf_point_name(25, 52, 24, 0, name) == 0 && strcmp(name, "Z52") == 0,
	       "point names: D16, J19 (no I), A1, Z52");
	tap_ok(jgf_point_name(26, 26, 0, 0, name) == -1 && name[0] == 0 &&
	       jgf_point_name(19, 19, 19, 0, name) == -1 && jgf_point_name(19, 19, 0, -1, name) == -1,
	       "no name beyond 25 columns or off the board");

	/* The edges' names come with a position (the page draws its board
	 * with them: the letters are written once, in core/record.c). */
	static const char nine[] = "{\"board\": {\"width\": 9, \"height\": 3}, \"tree\": [{}]}";
	static const char wide[] = "{\"board\": {\"width\": 27, \"height\": 2}, \"tree\": [{}]}";
	p = jgf_position_read(NULL, nine, sizeof nine - 1, "/tree/0");
	char *json = p ? jgf_position_json(p) : NULL;
	tap_ok(json && strstr(json, "\"columns\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\",\"G\","
				  "\"H\",\"J\"],\"rows\":[\"3\",\"2\",\"1\"]"),
	       "a position's columns and rows: A to J without I, rows from the bottom: %s",
	       json ? json : "NULL");
	jgf_free(json);
	jgf_position_free(p);
	p = jgf_position_read(NULL, wide, sizeof wide - 1, "/tree/0");
	json = p ? jgf_position_json(p) : NULL;
	tap_ok(json && strstr(json, "\"columns\":[\"0\",\"1\",") &&
	       strstr(json, "\"25\",\"26\"],\"rows\":[\"0\",\"1\"]"),
	       "27 columns: x and y name the edges: %s", json ? json : "NULL");
	jgf_free(json);
	jgf_position_free(p);
}

/* The star points of an empty board of width x height, by name, in the
 * order of the rows from the top ("D16 K16 Q16 ..."), or "error". */
static void star_points(int width, int height, char *out, size_t size)
{
	char text[256], name[32];
	snprintf(text, sizeof text,
		 "{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"board\": "
		 "{\"width\": %d, \"height\": %d}, \"tree\": [{}]}",
		 width, height);
	jgf_position *p = jgf_position_read(NULL, text, strlen(text), "/tree/0");
	out[0] = 0;
	if (!p || jgf_position_error(p) || jgf_position_width(p) != width) {
		snprintf(out, size, "error");
		jgf_position_free(p);
		return;
	}
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++)
			if (jgf_position_star(p, x, y)) {
				if (jgf_point_name(width, height, x, y, name) != 0)
					snprintf(name, sizeof name, "%d,%d", x, y);
				snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? " " : "",
					 name);
			}
	jgf_position_free(p);
}

static void stars(void)
{
	static const struct {
		int width, height;
		const char *want;
	} boards[] = {
		{ 19, 19, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4" },
		{ 15, 15, "D12 H12 M12 D8 H8 M8 D4 H4 M4" },
		{ 13, 13, "D10 K10 G7 D4 K4" },
		{ 9, 9, "C7 G7 E5 C3 G3" },
		{ 10, 10, "C8 H8 C3 H3" },
		{ 7, 7, "" },
		{ 19, 13, "" },
		{ 9, 19, "" },
		{ 37, 37, "3,3 18,3 33,3 3,18 18,18 33,18 3,33 18,33 33,33" },
	};
	for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
		char got[512];
		star_points(boards[i].width, boards[i].height, got, sizeof got);
		tap_ok(strcmp(got, boards[i].want) == 0, "star points of %dx%d: \"%s\" (\"%s\")",
		       boards[i].width, boards[i].height, boards[i].want, got);
	}
	/* Off the board, and on a position with an error: none. */
	static const char board19[] = "{\"board\": {\"size\": 19}, \"tree\": [{}]}";
	jgf_position *p = jgf_position_read(NULL, board19, sizeof board19 - 1, "/tree/0");
	tap_ok(p && jgf_position_star(p, 3, 3) && !jgf_position_star(p, -1, 3) &&
	       !jgf_position_star(p, 3, -1) && !jgf_position_star(p, 19, 3) &&
	       !jgf_position_star(p, 3, 19) && !jgf_position_star(p, 19, 19) &&
	       !jgf_position_star(p, -16, -16),
	       "jgf_position_star: D16 is one; off the board, none");
	jgf_position_free(p);
	p = jgf_position_read(NULL, board19, sizeof board19 - 1, "/tree/5");
	tap_ok(p && jgf_position_error(p) && !jgf_position_star(p, 3, 3),
	       "a position with an error has no star points");
	jgf_position_free(p);
	/* A star point holds a stone: still a star point (the board draws the
	 * stone). */
	p = jgf_position_read("k.jgf", ko_record, sizeof ko_record - 1, "/tree/6");
	tap_ok(p && jgf_position_stone(p, 2, 2) == JGF_WHITE && jgf_position_star(p, 2, 2) &&
	       jgf_position_star(p, 4, 4) && !jgf_position_star(p, 8, 8) &&
	       !jgf_position_star(p, 4, 2),
	       "9x9: C7 (white's stone of move 6) and tengen are, the corner and E7 are not");
	jgf_position_free(p);
}

static void more_api(void)
{
	/* Spans as byte offsets, and fixes as edits. */
	jgf_result *r = jgf_lint(NULL, "t.jgf", record, sizeof record - 1, 0);
	int i = find(r, "wrong-type");
	char *s = span(r, jgf_finding_offset(r, (size_t)i), jgf_finding_end_offset(r, (size_t)i));
	tap_ok(strcmp(s, "\"6.5\"") == 0 && jgf_finding_end_line(r, (size_t)i) == 3 &&
	       jgf_finding_end_column(r, (size_t)i) == 25, "the span of /rules/komi: %s, to 3:25", s);
	free(s);
	i = find(r, "seki-version-string");
	size_t start, end;
	const char *text;
	tap_ok(jgf_finding_fix(r, (size_t)i) == JGF_FIX && jgf_finding_edit_count(r, (size_t)i) == 1 &&
	       jgf_finding_edit(r, (size_t)i, 0, &start, &end, &text) == 0 &&
	       strcmp(text, "2") == 0 && (s = span(r, start, end)) && strcmp(s, "\"2.0.0\"") == 0,
	       "seki-version-string: a safe fix, one edit: \"2.0.0\" becomes 2");
	free(s);
	tap_ok(strcmp(jgf_finding_fix_description(r, (size_t)i), "replace \"2.0.0\" with 2") == 0 &&
	       jgf_finding_fix_description(r, (size_t)find(r, "unknown-key")) == NULL &&
	       jgf_finding_fix_description(r, 99) == NULL,
	       "what the fix does, for a menu: %s", jgf_finding_fix_description(r, (size_t)i));
	tap_ok(jgf_finding_edit(r, (size_t)i, 1, &start, &end, &text) == -1 &&
	       jgf_finding_edit_count(r, 99) == 0 && jgf_finding_fix(r, (size_t)find(r, "unknown-key")) == 0,
	       "no edit beyond the last; no fix on unknown-key here");
	/* A page only where there is one: the configured web address, or
	 * the installed pages when they are there (a file:// base), else
	 * none (NULL). */
	const char *base = RULE_DOCS_URL, *page = jgf_finding_url(r, (size_t)i);
	bool linked = *base && (strncmp(base, "file://", 7) != 0 || pages_installed(base + 7));
	tap_ok((linked ? page && ends_with(page, "/seki-version-string.html") : !page) &&
	       jgf_rule_find("seki-version-string") >= 0 && jgf_rule_find("nope") == -1 &&
	       (page ? jgf_rule_url((size_t)jgf_rule_find("seki-version-string")) &&
		       strcmp(jgf_rule_url((size_t)jgf_rule_find("seki-version-string")), page) == 0
		     : !jgf_rule_url((size_t)jgf_rule_find("seki-version-string"))),
	       "the rule's page, where its base (%s) has one: %s", base, page ? page : "none");

	/* Scanner findings span what they are about: the byte order mark
	 * (an offset only: it has no column), a number, a duplicate key, a
	 * bad escape, the bytes that are not UTF-8. */
	static const char scanned[] = "\xef\xbb\xbf{\"a\": 1e999, \"a\": \"\\ud800\", \"b\": \"\xe2\x82\"}";
	jgf_result *sc = jgf_lint(NULL, "s.jgf", scanned, sizeof scanned - 1, 0);
	static const struct { const char *rule, *text; } spans[] = {
		{ "json-bom", "\xef\xbb\xbf" }, { "json-number-range", "1e999" },
		{ "json-duplicate-key", "\"a\"" }, { "json-encoding", "\\ud800" },
	};
	bool spans_ok = sc && jgf_finding_end_line(sc, (size_t)find(sc, "json-bom")) == 0;
	for (size_t k = 0; sc && k < sizeof spans / sizeof *spans; k++) {
		int f = find(sc, spans[k].rule);
		char *t = f < 0 ? NULL : span(sc, jgf_finding_offset(sc, (size_t)f),
					      jgf_finding_end_offset(sc, (size_t)f));
		if (!t || strcmp(t, spans[k].text) != 0) {
			printf("# %s spans '%s'\n", spans[k].rule, t ? t : "(none)");
			spans_ok = false;
		}
		free(t);
	}
	jgf_result_free(sc);
	/* (their fixes: of a text that parses; scanned's bytes that are not
	 * UTF-8 keep it from parsing, and --fix writes no fix of such a text) */
	static const char fixed[] = "\xef\xbb\xbf{\"a\": 1e999, \"a\": \"\\ud800\"}";
	sc = jgf_lint(NULL, "s.jgf", fixed, sizeof fixed - 1, 0);
	const char *bom = sc && find(sc, "json-bom") >= 0 ?
			  jgf_finding_fix_description(sc, (size_t)find(sc, "json-bom")) : NULL;
	const char *dup = sc && find(sc, "json-duplicate-key") >= 0 ?
			  jgf_finding_fix_description(sc, (size_t)find(sc, "json-duplicate-key")) : NULL;
	tap_ok(bom && dup && strcmp(bom, "remove the byte order mark") == 0 &&
	       strcmp(dup, "delete \"a\": 1e999,") == 0, "… the mark removed, the earlier member deleted");
	jgf_result_free(sc);
	static const char renamed[] = "{\"record\": {\"format\": \"JGF\", \"version\": 2}, "
				      "\"tree\": [{\"coments\": [\"\\u202e\"]}]}";
	sc = jgf_lint(NULL, "s.jgf", renamed, sizeof renamed - 1, 0);
	int u = find(sc, "unknown-key");
	tap_ok(u >= 0 && jgf_finding_fix_description(sc, (size_t)u) &&
	       strcmp(jgf_finding_fix_description(sc, (size_t)u), "rename \"coments\" to \"comments\"") == 0,
	       "… a key renamed: %s", u >= 0 ? jgf_finding_fix_description(sc, (size_t)u) : "none");
	jgf_result_free(sc);
	static const char escaped[] = "{\"record\": {\"format\": \"JGF\", \"version\": 2}, "
				      "\"tree\": [{\"co/m~ents\": [\"hi\"]}]}";
	sc = jgf_lint(NULL, "s.jgf", escaped, sizeof escaped - 1, 0);
	u = find(sc, "unknown-key");
	tap_ok(u >= 0 && jgf_finding_fix_description(sc, (size_t)u) &&
	       strcmp(jgf_finding_fix_description(sc, (size_t)u),
		      "rename \"co/m~ents\" to \"comments\"") == 0,
	       "… a key with ~ and / renamed, unescaped: %s",
	       u >= 0 ? jgf_finding_fix_description(sc, (size_t)u) : "none");
	jgf_result_free(sc);
	sc = jgf_lint(NULL, "s.jgf", "{\"b\": \"\xe2\x82\"}", 11, 0);
	tap_ok(spans_ok && sc && jgf_result_count(sc) == 1 && jgf_finding_offset(sc, 0) == 7 &&
	       jgf_finding_end_offset(sc, 0) == 9 && jgf_finding_end_column(sc, 0) == 9,
	       "the scanner's findings span their bytes (BOM, number, key, escape, bad UTF-8)");
	jgf_result_free(sc);

	/* Reports, as the program writes them. */
	char *json = jgf_result_report(r, "json");
	tap_ok(json && strstr(json, "\"path\": \"t.jgf\"") && strstr(json, "\"files\": 1,") &&
	       strstr(json, "\"fixable\": 2,") && jgf_result_report(r, "nope") == NULL,
	       "jgf_result_report json; an unknown format is NULL");
	jgf_free(json);
	char *concise = jgf_result_report(r, "concise");
	tap_ok(concise && strstr(concise, "t.jgf:3:20: error: [*] `komi` must be a number") &&
	       strstr(concise, "[*] 2 fixable with `--fix`\n"), "… and concise");
	jgf_free(concise);
	jgf_result_free(r);

	/* Configurations from configuration files. */
	static const char conf[] = "{\"select\": [\"json\", \"unknown-key\"],\n"
				   " \"per-path-ignores\": {\"old/*.jgf\": [\"unknown-key\"]},\n"
				   " \"sevrity\": {}}";
	jgf_result *problems = NULL;
	jgf_config *cfg = jgf_config_parse(".jgflint.json", conf, sizeof conf - 1, "/proj", &problems);
	tap_ok(cfg && problems && jgf_result_count(problems) == 1 &&
	       strcmp(jgf_finding_rule(problems, 0), "config-error") == 0 &&
	       jgf_finding_line(problems, 0) == 3 && jgf_finding_column(problems, 0) == 2 &&
	       strstr(jgf_finding_message(problems, 0), "did you mean `severity`?"),
	       "jgf_config_parse: a problem of the file at 3:2 (%s)",
	       problems && jgf_result_count(problems) ? jgf_finding_message(problems, 0) : "none");
	jgf_result_free(problems);
	r = jgf_lint(cfg, "/proj/new/a.jgf", record, sizeof record - 1, 0);
	tap_ok(jgf_result_count(r) == 1 && find(r, "unknown-key") >= 0,
	       "… its select applies (%zu findings)", jgf_result_count(r));
	jgf_result_free(r);
	r = jgf_lint(cfg, "/proj/old/a.jgf", record, sizeof record - 1, 0);
	jgf_result *rel = jgf_lint(cfg, "old/a.jgf", record, sizeof record - 1, 0);
	tap_ok(jgf_result_count(r) == 0 && jgf_result_count(rel) == 0,
	       "… and its per-path-ignores, for absolute and relative names");
	jgf_result_free(r);
	jgf_result_free(rel);
	tap_ok(jgf_config_select(cfg, "wrong-type") == 0 &&
	       (r = jgf_lint(cfg, "/proj/new/a.jgf", record, sizeof record - 1, 0)) &&
	       jgf_result_count(r) == 1 && find(r, "wrong-type") >= 0,
	       "the caller's select replaces the file's, as the command line's does");
	jgf_result_free(r);
	jgf_config_free(cfg);

	char dir[] = "/tmp/test_api.XXXXXX";
	if (mkdtemp(dir)) {
		char path[300], sub[300];
		snprintf(path, sizeof path, "%s/.jgflint.json", dir);
		snprintf(sub, sizeof sub, "%s/games", dir);
		mkdir(sub, 0777);
		FILE *f = fopen(path, "w");
		fputs("{\"ignore\": [\"unknown-key\"]}\n", f);
		fclose(f);
		snprintf(sub, sizeof sub, "%s/games/a.jgf", dir);
		cfg = jgf_config_discover(sub, &problems);
		r = jgf_lint(cfg, sub, record, sizeof record - 1, 0);
		tap_ok(cfg && !problems && jgf_config_path(cfg) && ends_with(jgf_config_path(cfg), "/.jgflint.json") &&
		       find(r, "unknown-key") < 0 && jgf_result_count(r) == 2,
		       "jgf_config_discover finds the .jgflint.json above (%s)",
		       cfg && jgf_config_path(cfg) ? jgf_config_path(cfg) : "none");
		char *found = jgf_config_find(sub);
		tap_ok(found && cfg && jgf_config_path(cfg) && !strcmp(found, jgf_config_path(cfg)),
		       "jgf_config_find names the file jgf_config_discover read (%s)",
		       found ? found : "none");
		jgf_free(found);
		jgf_result_free(r);
		jgf_config_free(cfg);
		unlink(path);
		found = jgf_config_find(sub);
		tap_ok(!found, "… and none once it is gone");
		jgf_free(found);
		cfg = jgf_config_discover(sub, &problems);
		tap_ok(cfg && !problems && !jgf_config_path(cfg), "… and none when there is none");
		jgf_config_free(cfg);
		cfg = jgf_config_load(path, &problems);
		tap_ok(cfg && problems && strcmp(jgf_finding_rule(problems, 0), "io-error") == 0,
		       "jgf_config_load of a missing file: an io-error problem");
		jgf_result_free(problems);
		jgf_config_free(cfg);
		snprintf(sub, sizeof sub, "%s/games", dir);
		rmdir(sub);
		rmdir(dir);
	}

	/* A syntax error the JavaScript-style repair removes is fixed, as --fix does. */
	static const char comma[] = "{\"record\": {\"format\": \"JGF\", \"version\": 2,}, \"tree\": [{}]}";
	r = jgf_lint(NULL, "t.jgf", comma, sizeof comma - 1, JGF_FIX);
	tap_ok(r && jgf_result_fixes(r) == 1 && strstr(jgf_result_text(r, NULL), "\"version\": 2}") &&
	       jgf_result_count(r) == 0, "JGF_FIX repairs a trailing comma (%zu findings left)",
	       r ? jgf_result_count(r) : 0);
	jgf_result_free(r);

	/* The diff of a fix, as --diff prints it; "" without a change. */
	r = jgf_lint(NULL, "t.jgf", comma, sizeof comma - 1, JGF_FIX);
	char *d = r ? jgf_result_diff(r) : NULL;
	tap_ok(d && strcmp(d, "--- t.jgf\t\n+++ t.jgf\t\n@@ -1,1 +1,1 @@\n"
		     "-{\"record\": {\"format\": \"JGF\", \"version\": 2,}, \"tree\": [{}]}\n"
		     "\\ No newline at end of file\n"
		     "+{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"tree\": [{}]}\n"
		     "\\ No newline at end of file\n") == 0, "jgf_result_diff: the unified diff of the fix");
	jgf_free(d);
	jgf_result_free(r);
	r = jgf_lint(NULL, "t.jgf", comma, sizeof comma - 1, 0);
	d = r ? jgf_result_diff(r) : NULL;
	tap_ok(d && !*d, "jgf_result_diff without JGF_FIX: \"\"");
	jgf_free(d);
	jgf_result_free(r);

	/* The findings cap. */
	static const char keys[] = "{\"record\": {\"format\": \"JGF\", \"version\": 2}, "
				   "\"tree\": [{}], \"a\": 1, \"b\": 2, \"c\": 3}";
	cfg = jgf_config_new();
	jgf_config_max_findings(cfg, 1);
	r = jgf_lint(cfg, "k.jgf", keys, sizeof keys - 1, 0);
	tap_ok(jgf_result_count(r) == 2 && strstr(jgf_finding_message(r, 1), "and 2 more unknown-key"),
	       "jgf_config_max_findings 1: one finding, then one that counts the rest");
	jgf_result_free(r);
	tap_ok(jgf_config_max_findings(cfg, -1) == -1, "… a negative maximum is refused");
	jgf_config_free(cfg);

	/* Converting. */
	static const char sgf[] = "(;GM[1]FF[4]SZ[9]PB[Black];B[ee];W[ec])(;GM[1]SZ[9];B[aa])";
	jgf_conversion *c = jgf_convert("games/g.sgf", sgf, sizeof sgf - 1);
	size_t len;
	const char *rec = c ? jgf_conversion_text(c, 0, &len) : NULL;
	tap_ok(c && jgf_conversion_status(c) == 0 && jgf_conversion_count(c) == 2 &&
	       strcmp(jgf_conversion_name(c, 0), "games/g-1.jgf") == 0 &&
	       strcmp(jgf_conversion_name(c, 1), "games/g-2.jgf") == 0 && rec && rec[0] == '{' &&
	       rec[len - 1] == '\n' && strstr(rec, "\"name\": \"Black\"") &&
	       jgf_conversion_text(c, 2, NULL) == NULL,
	       "jgf_convert: two games, named as --convert names them");
	jgf_result *back = rec ? jgf_lint(NULL, "g-1.jgf", rec, len, 0) : NULL;
	tap_ok(back && jgf_result_count(back) == 0, "… the record lints clean");
	jgf_result_free(back);
	jgf_conversion_free(c);
	c = jgf_convert("x.txt", "hello", 5);
	tap_ok(c && jgf_conversion_status(c) == 2 && jgf_conversion_count(c) == 0 &&
	       strstr(jgf_conversion_messages(c), "x.txt: error: not SGF, SGF-in-JSON, UGF/UGI, GIB, NGF or OGS"),
	       "… nothing to convert: status 2, and why");
	jgf_conversion_free(c);
	/* Named for a format it holds nothing of: its finding, as --convert's */
	c = jgf_convert("x.sgf", "hello", 5);
	tap_ok(c && jgf_conversion_status(c) == 2 && jgf_conversion_count(c) == 0 &&
	       strstr(jgf_conversion_messages(c), "x.sgf:1:1: error: this file is named .sgf but holds no "
						  "game tree") &&
	       strstr(jgf_conversion_messages(c), "[sgf-no-game-tree]"),
	       "… a .sgf that holds no game: status 2, and its sgf-no-game-tree finding");
	jgf_conversion_free(c);
	c = jgf_convert_to("games/g.sgf", sgf, sizeof sgf - 1, "sgf");
	rec = c ? jgf_conversion_text(c, 0, &len) : NULL;
	tap_ok(c && jgf_conversion_status(c) == 0 && jgf_conversion_count(c) == 2 &&
	       strcmp(jgf_conversion_name(c, 1), "games/g-2.sgf") == 0 && rec &&
	       strncmp(rec, "(;FF[4]GM[1]CA[UTF-8]AP[jgflint:", 32) == 0 && strstr(rec, "PB[Black]") &&
	       strstr(rec, ";B[ee]\n;W[ec])\n"),
	       "jgf_convert_to sgf: the games as SGF, named as --convert --to sgf names them");
	jgf_conversion_free(c);
	static const char jgf[] = "{\"record\":{\"format\":\"JGF\",\"version\":2},"
				  "\"game\":{\"type\":\"go\"},\"board\":{\"size\":9},"
				  "\"tree\":[{},{\"move\":{\"color\":\"red\",\"x\":1,\"y\":1}}]}";
	c = jgf_convert_to("r.jgf", jgf, sizeof jgf - 1, "sgf");
	rec = c ? jgf_conversion_text(c, 0, &len) : NULL;
	tap_ok(c && jgf_conversion_count(c) == 1 && !strcmp(jgf_conversion_name(c, 0), "r.sgf") &&
	       rec && strstr(rec, "SZ[9])") &&
	       strstr(jgf_conversion_messages(c), "r.sgf: note: not in SGF: /tree/1/move: "),
	       "… a JGF record too, what SGF cannot hold named");
	jgf_conversion_free(c);
	c = jgf_convert_to("r.jgf", jgf, sizeof jgf - 1, "sgfjson");
	rec = c ? jgf_conversion_text(c, 0, &len) : NULL;
	tap_ok(c && jgf_conversion_count(c) == 1 && !strcmp(jgf_conversion_name(c, 0), "r.json") &&
	       rec && rec[0] == '[' && strstr(rec, "\"SZ\": 9") && rec[len - 1] == '\n' &&
	       strstr(jgf_conversion_messages(c), "r.json: note: not in SGF: /tree/1/move: "),
	       "jgf_convert_to sgfjson: the SGF as SGF-in-JSON, named .json, its notes so named");
	jgf_conversion_free(c);
	c = jgf_convert_to("games/g.sgf", sgf, sizeof sgf - 1, "sgfjson");
	tap_ok(c && jgf_conversion_status(c) == 0 && jgf_conversion_count(c) == 2 &&
	       !strcmp(jgf_conversion_name(c, 1), "games/g-2.json") &&
	       strstr(jgf_conversion_text(c, 1, NULL), "\"B\": \"aa\""),
	       "… the games of SGF too, one record each");
	jgf_conversion_free(c);
	tap_ok(!jgf_convert_to("g.sgf", sgf, sizeof sgf - 1, "png"), "… another target: NULL");

	/* Explanations. */
	char *e = jgf_explain("json-bom"), *cat = jgf_explain("go"), *none = jgf_explain("nope");
	tap_ok(e && strncmp(e, "json-bom (json, warning, fixable with --fix)\n\n", 46) == 0 &&
	       cat && strstr(cat, "ko-retake ") && !strstr(cat, "json-bom") && !none,
	       "jgf_explain: a rule, a category, and nothing for an unknown name");
	jgf_free(e);
	jgf_free(cat);

	stars();
	out_of_memory();
}

/* An SGF is checked where it is (issue 39): its findings at their
 * line:col in the SGF, and jgf_result_format names what it was read as. */
static void sgf_in_place(void)
{
	static const char sgf[] = "(;GM[1]FF[4]SZ[9]\n;B[ee];B[cc]\n;W[ee])";
	jgf_result *r = jgf_lint(NULL, "g.sgf", sgf, sizeof sgf - 1, 0);
	int twice = find(r, "same-color-twice"), occupied = find(r, "occupied-point");
	tap_ok(r && jgf_result_format(r) && !strcmp(jgf_result_format(r), "SGF") &&
	       find(r, "foreign-format") < 0, "an SGF: checked in place, read as SGF");
	tap_ok(twice >= 0 && jgf_finding_line(r, (size_t)twice) == 2 &&
	       jgf_finding_column(r, (size_t)twice) == 8 && occupied >= 0 &&
	       jgf_finding_line(r, (size_t)occupied) == 3 &&
	       jgf_finding_column(r, (size_t)occupied) == 2,
	       "… its go findings at the SGF's line:col (2:8, 3:2)");
	jgf_result_free(r);
	r = jgf_lint(NULL, "t.jgf", record, sizeof record - 1, 0);
	tap_ok(r && jgf_result_format(r) == NULL, "a JGF record: jgf_result_format is NULL");
	jgf_result_free(r);
}

int main(void)
{
	tap_init();
	jgf_result *r = jgf_lint(NULL, "t.jgf", record, sizeof record - 1, 0);
	tap_ok(jgf_result_count(r) == 3, "three findings (%zu)", jgf_result_count(r));
	int i = find(r, "wrong-type");
	tap_ok(i >= 0 && jgf_finding_severity(r, (size_t)i) == JGF_ERROR &&
	       jgf_finding_line(r, (size_t)i) == 3 && jgf_finding_column(r, (size_t)i) == 20 &&
	       strcmp(jgf_finding_pointer(r, (size_t)i), "/rules/komi") == 0 &&
	       strstr(jgf_finding_message(r, (size_t)i), "must be a number"),
	       "wrong-type: error at 3:20, /rules/komi, its message");
	i = find(r, "unknown-key");
	tap_ok(i >= 0 && jgf_finding_severity(r, (size_t)i) == JGF_WARNING &&
	       jgf_finding_line(r, (size_t)i) == 2 && jgf_finding_column(r, (size_t)i) == 16,
	       "unknown-key: warning at 2:16");
	tap_ok(jgf_result_count_severity(r, JGF_ERROR) == 1 &&
	       jgf_result_count_severity(r, JGF_WARNING) == 2, "counts by severity");
	size_t len;
	tap_ok(strcmp(jgf_result_text(r, &len), record) == 0 && len == sizeof record - 1 &&
	       jgf_result_fixes(r) == 0, "without JGF_FIX the text is the input");
	tap_ok(jgf_finding_rule(r, 99) == NULL && jgf_finding_line(r, 99) == 0,
	       "out of range: NULL and 0");
	jgf_result_free(r);

	r = jgf_lint(NULL, NULL, record, sizeof record - 1, JGF_FIX);
	const char *fixed = jgf_result_text(r, &len);
	tap_ok(jgf_result_fixes(r) == 2 && strstr(fixed, "\"version\": 2}") &&
	       strstr(fixed, "\"komi\": 6.5}") && find(r, "seki-version-string") < 0 &&
	       find(r, "wrong-type") < 0 && find(r, "unknown-key") >= 0,
	       "JGF_FIX: the version and komi fixed, in the text; what remains is reported");
	jgf_result_free(r);

	jgf_config *cfg = jgf_config_new();
	tap_ok(jgf_config_ignore(cfg, "unknown-key") == 0 &&
	       jgf_config_severity(cfg, "wrong-type", JGF_INFO) == 0, "a configuration");
	tap_ok(jgf_config_ignore(cfg, "unknown-key,no-such-rule") == -1 &&
	       jgf_config_select(cfg, "nothing") == -1 &&
	       jgf_config_severity(cfg, "no-such-rule", JGF_ERROR) == -1 &&
	       jgf_config_severity(cfg, "wrong-type", (enum jgf_severity)7) == -1,
	       "unknown rules and severities are refused");
	r = jgf_lint(cfg, "t.jgf", record, sizeof record - 1, 0);
	i = find(r, "wrong-type");
	tap_ok(jgf_result_count(r) == 2 && find(r, "unknown-key") < 0 && i >= 0 &&
	       jgf_finding_severity(r, (size_t)i) == JGF_INFO, "… applies");
	jgf_result_free(r);
	jgf_config_free(cfg);

	cfg = jgf_config_new();
	tap_ok(jgf_config_select(cfg, "json") == 0, "select a category");
	r = jgf_lint(cfg, "t.jgf", "{\"a\": 1,}", 9, 0);
	tap_ok(jgf_result_count(r) == 1 && strcmp(jgf_finding_rule(r, 0), "json-syntax") == 0,
	       "a syntax error (%zu findings)", jgf_result_count(r));
	jgf_result_free(r);
	r = jgf_lint(cfg, "t.jgf", NULL, 0, JGF_FIX);
	tap_ok(jgf_result_count(r) == 1 && jgf_result_text(r, &len)[0] == 0 && len == 0,
	       "no data: a finding, an empty text");
	jgf_result_free(r);
	jgf_config_free(cfg);

	size_t n = jgf_rule_count();
	bool found = false, all = n > 40;
	for (size_t k = 0; k < n; k++) {
		all &= jgf_rule_id(k) && jgf_rule_category(k) && jgf_rule_summary(k) &&
		       jgf_rule_explanation(k);
		if (strcmp(jgf_rule_id(k), "seki-version-string") == 0)
			found = jgf_rule_severity(k) == JGF_WARNING && (jgf_rule_fixes(k) & JGF_FIX);
	}
	tap_ok(all && found && jgf_rule_id(n) == NULL, "the catalogue: %zu rules", n);
	tap_ok(strlen(jgf_version()) > 0, "version %s", jgf_version());
	{
		static const char t[] = "{\"a\": [1, {\"b c/~\": true}], \"k\": \"v\", \"\\u00e9\": 2}\n";
		static const struct { const char *at; const char *want; } cases[] = {
			{ "true", "/a/1/b c~1~0" }, { "\"k\"", "/k" }, { "\"v\"", "/k" },
			{ "[1", "/a" }, { "1,", "/a/0" }, { "2}", "/\u00e9" }, { "{\"a", "" },
		};
		bool right = true;
		for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
			char *got = jgf_pointer_at(t, sizeof t - 1, (size_t)(strstr(t, cases[c].at) - t));
			if (!got || strcmp(got, cases[c].want)) {
				right = false;
				printf("# at %s: %s, want %s\n", cases[c].at, got ? got : "NULL", cases[c].want);
			}
			jgf_free(got);
		}
		char *none = jgf_pointer_at(t, sizeof t - 1, sizeof t - 2);
		char *bad = jgf_pointer_at("{\"a\": ", 6, 1);
		tap_ok(right && !none && !bad, "jgf_pointer_at: the value under an offset, keys "
		       "decoded and escaped; none after the root or in text that is not JSON");
		jgf_free(none);
		jgf_free(bad);
	}
	tap_ok(!strcmp(jgf_severity_name(JGF_ERROR), "error") &&
	       !strcmp(jgf_severity_name(JGF_WARNING), "warning") &&
	       !strcmp(jgf_severity_name(JGF_INFO), "info") &&
	       jgf_severity_name((enum jgf_severity)3) == NULL,
	       "severities by name, as configurations name them");

	more_api();
	positions();
	sgf_in_place();

	cfg = jgf_config_new();
	pthread_t t[4];
	void *res[4] = { 0 };
	for (int k = 0; k < 4; k++)
		pthread_create(&t[k], NULL, lint_many, cfg);
	for (int k = 0; k < 4; k++)
		pthread_join(t[k], &res[k]);
	tap_ok(!res[0] && !res[1] && !res[2] && !res[3], "4 threads sharing a configuration");
	jgf_config_free(cfg);
	return tap_done();
}
