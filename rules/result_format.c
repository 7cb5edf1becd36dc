/* result-format: game.result follows the grammar of the specification
 * exactly. Results in words get the one reading --convert gives them
 * (value_result: "White resigns.", 黒中押し勝ち); other near misses (Black+12,
 * w+4,5, Tie, W+: value_result_near_miss) the spelling that would be right.
 * Seki's draw "D" is seki-draw-result's. */
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "base/regex.h"
#include "core/values.h"

extern const struct rule rule_result_format;

static struct regex grammar = REGEX("[BW]\\+(?:[0-9]+(?:\\.[0-9]+)?|[RTF])|0|\\?|");

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

static void check_result(struct check *c, json_object *game, const struct schema *schema)
{
	(void)schema;   /* the game's only: .objects */
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
		bool reinterprets;
		buf_truncate(&value, 0);
		read = value_result_near_miss(s, len, &value, &reinterprets);
		safety = reinterprets ? FIX_UNSAFE : FIX_SAFE;
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
	} else if (value_result_winner_alone(s, len, &w)) {
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
	.objects = (const struct schema *const[]){ &schema_game, NULL },
};
