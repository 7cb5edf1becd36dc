/* result-format: game.result follows the grammar of the specification
 * exactly. Results in words get the one reading --convert gives them
 * (value_result: "White resigns.", 黒中押し勝ち); other near misses (Black+12,
 * w+4,5, Tie, W+) the spelling that would be right. Seki's draw "D" is
 * seki-draw-result's. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "base/regex.h"
#include "core/values.h"

extern const struct rule rule_result_format;

static struct regex grammar = REGEX("[BW]\\+(?:[0-9]+(?:\\.[0-9]+)?|[RTF])|0|\\?|");

/* Near misses, matched against the value upper-cased, without white space,
 * and with BLACK/WHITE shortened to B/W. Group 1 is the winner. */
static struct regex points =
	REGEX("([BW])\\+(?=[.,]?[0-9])([0-9]*)(?:[.,]([0-9]+))?(?:PTS?|POINTS?)?");
static struct regex resign = REGEX("([BW])\\+(?:R|RES|RESIGN|RESIGNS|RESIGNED|RESIGNATION)");
static struct regex time_ = REGEX("([BW])\\+(?:T|TIME|TIMEOUT|TIMEUP|ONTIME)");
static struct regex forfeit = REGEX("([BW])\\+(?:F|FORFEIT|FORFEITED)");
/* Causes outside the grammar, read as the closest one it has (the fix is
 * unsafe: it reinterprets). */
static struct regex illegal = REGEX("([BW])\\+(?:ILLEGAL|ILLEGALMOVE)");
static struct regex timeout_ = REGEX("([BW])\\+?(?:TOUT|TO|T/O)\\.?");
static struct regex resigns_ = REGEX("([BW])\\+?(?:RS|RES)\\.?");
static struct regex winner_only = REGEX("([BW])\\+?");
static struct regex draw = REGEX("DRAW|DRAWN|JIGO|TIE|D|=|0(?:[.,]0+)?");
static struct regex none = REGEX("VOID|NORESULT|NR|NONE|N/A|-|.*ADJOURN.*|.*SUSPEND.*|.*UNFINISHED.*");
static struct regex unknown = REGEX("UNKNOWN|\\?+");

static void normalise(struct buf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)s[i]))
			buf_addc(out, (char)toupper((unsigned char)s[i]));
	if (!out->data)
		buf_adds(out, "");
	for (const char *const *w = (const char *const[]){ "BLACK", "WHITE", NULL }; *w; w++)
		if (strncmp(out->data, *w, 5) == 0) {
			memmove(out->data + 1, out->data + 5, out->len - 4);
			out->len -= 4;
		}
}

/* What a result in the grammar means, for the message. */
static void meaning(struct buf *out, const char *v)
{
	if (!*v) {
		buf_adds(out, "no result, or play suspended");
	} else if (!strcmp(v, "0")) {
		buf_adds(out, "a draw, jigo");
	} else if (!strcmp(v, "?")) {
		buf_adds(out, "unknown result");
	} else {
		const char *who = v[0] == 'B' ? "Black" : "White", *how = v + 2;
		if (!strcmp(how, "R"))
			buf_printf(out, "%s wins by resignation", who);
		else if (!strcmp(how, "T"))
			buf_printf(out, "%s wins on time", who);
		else if (!strcmp(how, "F"))
			buf_printf(out, "%s wins by forfeit", who);
		else
			buf_printf(out, "%s wins by %s point%s", who, how, strcmp(how, "1") ? "s" : "");
	}
}

/* The right spelling of a near miss that value_result does not read (SGF's
 * and servers' ASCII spellings: "Black+12", "w+4,5", "B+.5", "Tie", "NR",
 * "B+TOUT") into value, and *safety whether writing it reinterprets. */
static bool near_miss(struct buf *value, enum fix_safety *safety, const char *s, size_t len)
{
	*safety = FIX_SAFE;
	if (len > 64)
		return false;
	struct buf n = BUF_INIT;
	normalise(&n, s, len);
	bool found = true;
	struct regex_span g[3];   /* winner, whole points, fraction */
	if (regex_capture(&points, n.data, n.len, g, 3)) {
		buf_printf(value, "%c+", n.data[0]);
		if (g[1].start < g[1].end)
			buf_add(value, n.data + g[1].start, g[1].end - g[1].start);
		else
			buf_addc(value, '0');
		if (g[2].start != SIZE_MAX)
			buf_printf(value, ".%.*s", (int)(g[2].end - g[2].start), n.data + g[2].start);
	} else if (regex_match(&resign, n.data, n.len) || regex_match(&resigns_, n.data, n.len)) {
		if (!regex_match(&resign, n.data, n.len))
			*safety = FIX_UNSAFE;
		buf_printf(value, "%c+R", n.data[0]);
	} else if (regex_match(&time_, n.data, n.len) || regex_match(&timeout_, n.data, n.len)) {
		if (!regex_match(&time_, n.data, n.len))
			*safety = FIX_UNSAFE;
		buf_printf(value, "%c+T", n.data[0]);
	} else if (regex_match(&forfeit, n.data, n.len) || regex_match(&illegal, n.data, n.len)) {
		if (!regex_match(&forfeit, n.data, n.len))
			*safety = FIX_UNSAFE;
		buf_printf(value, "%c+F", n.data[0]);
	} else if (regex_match(&draw, n.data, n.len)) {
		buf_adds(value, "0");
	} else if (regex_match(&none, n.data, n.len)) {
		buf_adds(value, "");
	} else if (regex_match(&unknown, n.data, n.len)) {
		buf_adds(value, "?");
	} else {
		found = false;
	}
	buf_free(&n);
	return found;
}

/* A winner alone ("W+", "Black"): by resignation or by points? */
static bool winner_alone(const char *s, size_t len, char *winner)
{
	if (len > 64)
		return false;
	struct buf n = BUF_INIT;
	normalise(&n, s, len);
	bool found = regex_match(&winner_only, n.data, n.len);
	*winner = n.data[0];
	buf_free(&n);
	return found;
}

static void check_result(struct check *c, json_object *game, const struct schema *schema)
{
	if (schema != &schema_game)
		return;
	json_object *result = member(game, "result");
	if (!json_object_is_type(result, json_type_string))
		return; /* missing is fine; another type is wrong-type's */
	const char *s = json_object_get_string(result);
	size_t len = (size_t)json_object_get_string_len(result);
	if (regex_match(&grammar, s, len) || (len == 1 && s[0] == 'D'))
		return;
	struct buf found = BUF_INIT, value = BUF_INIT, what = BUF_INIT;
	enum fix_safety safety = FIX_SAFE;
	char w;
	describe_value(&found, result);
	/* Results in words, as --convert reads them (value_result: B+Resign,
	 * "White resigns.", W+Time Over, 黒中押し勝ち, 흑 불계승, 白胜3又3/4子):
	 * one certain reading, a safe fix. Else the near misses of this rule. */
	bool read = strlen(s) == len && value_result(s, &value) &&
		    regex_match(&grammar, value.data ? value.data : "", value.len);
	if (!read) {
		buf_truncate(&value, 0);
		read = near_miss(&value, &safety, s, len);
	}
	if (read) {
		const char *v = value.data ? value.data : "";
		meaning(&what, v);
		char *json = fix_json_string(v, strlen(v));
		check_fix_replace(c, check_report(c, &rule_result_format, "/result", false,
						  "`result` must follow the JGF result grammar, found "
						  "%s; write \"%s\" (%s)", found.data, v, what.data),
				  safety, "/result", json);
		free(json);
	} else if (winner_alone(s, len, &w)) {
		check_report(c, &rule_result_format, "/result", false,
			     "`result` must follow the JGF result grammar, found %s; write \"%c+R\" "
			     "(resignation) or \"%c+<points>\" such as \"%c+4.5\"; \"?\" if only the "
			     "winner is known", found.data, w, w, w);
	} else {
		check_report(c, &rule_result_format, "/result", false,
			     "`result` must be \"W+4.5\" or \"B+12\" (winner and points), \"B+R\" "
			     "(resignation), \"W+T\" (time), \"B+F\" (forfeit), \"0\" (draw), \"?\" "
			     "(unknown) or \"\" (no result), found %s", found.data);
	}
	buf_free(&found);
	buf_free(&value);
	buf_free(&what);
}

const struct rule rule_result_format = {
	.id = "result-format",
	.category = "sections",
	.severity = SEV_ERROR,
	.summary = "game.result is not in the result grammar of the specification",
	.explanation =
		"What it checks\n"
		"  `game.result` is exactly one of: the winner (B or W), \"+\" and the\n"
		"  margin in points (\"W+4.5\", \"B+12\"); \"B+R\" (resignation); \"W+T\"\n"
		"  (time); \"B+F\" (forfeit); \"0\" (draw, jigo); \"?\" (unknown); or \"\"\n"
		"  (no result, or play suspended). Nothing else: no lower case, no\n"
		"  spaces or line breaks, no SGF spellings such as \"B+Resign\",\n"
		"  \"W+Time\", \"Jigo\", \"Void\" or a bare \"W+\". For these near misses the\n"
		"  message names the right spelling, and for results written in words\n"
		"  as `--convert` reads them (docs/convert.md: \"White resigns.\",\n"
		"  \"W+Time Over\", \"黒中押し勝ち\", \"흑 불계승\", \"白胜3又3/4子\") too.\n"
		"  Seki's draw \"D\" is reported by seki-draw-result.\n"
		"\n"
		"Fix\n"
		"  Safe: a near miss with one meaning gets its right spelling (\"B+Resign\",\n"
		"  \"b+r\" → \"B+R\"; \"W+Time\" → \"W+T\"; \"Jigo\" → \"0\"; \"Void\" → \"\"), and so\n"
		"  does a result in words with one certain reading (\"White resigns.\" →\n"
		"  \"B+R\", \"黒3目半負け\" → \"W+3.5\", \"白胜3又3/4子\" → \"W+7.5\": a stone is 2\n"
		"  points). A winner without a margin (\"黒勝ち\") has none.\n"
		"  Unsafe: a cause outside the grammar becomes the closest one\n"
		"  (\"W+ILLEGAL\" → \"W+F\", \"B+TOUT\" → \"B+T\", \"WHITE RS.\" → \"W+R\").\n"
		"\n"
		"Why\n"
		"  Programs that read results (rating systems, databases) parse this\n"
		"  grammar and nothing else.\n"
		"\n"
		"Fails\n"
		"  { \"game\": { \"result\": \"B+Resign\" } }\n"
		"  { \"game\": { \"result\": \"Jigo\" } }\n"
		"\n"
		"Passes\n"
		"  { \"game\": { \"result\": \"B+R\" } }\n"
		"  { \"game\": { \"result\": \"W+0.5\" } }\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_result,
};
