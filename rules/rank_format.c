/* rank-format: a player's rank in the usual notation: 30k…1k, 1d…9d, 1p…9p. */
#include <stdio.h>
#include <string.h>

#include "engine/check.h"
#include "base/regex.h"

extern const struct rule rule_rank_format;

/* SGF's notation (FF[4] BR/WR): "?" after a rank marks it uncertain, "*"
 * established; Seki copies both. */
static struct regex usual = REGEX("(?:[1-9]|[12][0-9]|30)k[?*]?|[1-9][dp][?*]?");

/* Other spellings of a rank: "5 dan", "5D", "12 kyu", "3-dan", "9段". */
static struct regex unknown = REGEX("(?i)\\?+|-|nr|unknown|none");
static struct regex spelled = REGEX(
	"(?i)\\s*0*([0-9]{1,3})\\s*[-.]?\\s*(k|kyu|d|dan|p|pro|段|級|级)\\.?\\s*([?*]?)\\s*");

/* k, d or p for a unit the pattern `spelled` accepts. */
static char unit_letter(const char *u, size_t len)
{
	if (len >= strlen("段") && memcmp(u, "段", strlen("段")) == 0)
		return 'd';
	if (u[0] == 'd' || u[0] == 'D')
		return 'd';
	if (u[0] == 'p' || u[0] == 'P')
		return 'p';
	return 'k'; /* k, kyu, 級, 级 */
}

/* The fix: the rank as written in the grammar. */
static void fix_rank(struct check *c, struct diag *d, int n, char unit, const char *mark,
		     size_t mark_len)
{
	char json[24];
	snprintf(json, sizeof json, "\"%d%c%.*s\"", n, unit, (int)mark_len, mark);
	check_fix_replace(c, d, FIX_SAFE, "/rank", json);
}

static void check_rank(struct check *c, json_object *player, const struct schema *schema)
{
	if (schema != &schema_player)
		return;
	json_object *rank = member(player, "rank");
	if (!json_object_is_type(rank, json_type_string))
		return; /* missing, or wrong-type's */
	const char *s = json_object_get_string(rank);
	size_t len = (size_t)json_object_get_string_len(rank);
	if (len == 0 || regex_match(&usual, s, len))
		return; /* "" is an unknown rank */
	struct buf found = BUF_INIT;
	describe_value(&found, rank);
	struct regex_span g[3];   /* number, unit, mark */
	if (regex_match(&unknown, s, len)) {
		check_fix_replace(c, check_report(c, &rule_rank_format, "/rank", false,
						  "`rank` must be the empty string \"\" when the rank "
						  "is unknown, found %s", found.data),
				  FIX_SAFE, "/rank", "\"\"");
	} else if (regex_capture(&spelled, s, len, g, 3)) {
		int n = 0;
		for (size_t i = g[0].start; i < g[0].end; i++)
			n = n * 10 + (s[i] - '0');
		char unit = unit_letter(s + g[1].start, g[1].end - g[1].start);
		size_t m0 = g[2].start == SIZE_MAX ? 0 : g[2].start, m1 = g[2].start == SIZE_MAX ? 0 : g[2].end;
		int top = unit == 'k' ? 30 : 9;
		if (n >= 1 && n <= top)
			fix_rank(c, check_report(c, &rule_rank_format, "/rank", false,
						 "`rank` must be written \"%d%c%.*s\", found %s", n,
						 unit, (int)(m1 - m0), s + m0, found.data),
				 n, unit, s + m0, m1 - m0);
		else
			check_report(c, &rule_rank_format, "/rank", false,
				     "`rank` is out of range, found %s: %s", found.data,
				     unit == 'k' ? "kyu ranks go from 30k to 1k, then dan ranks from 1d" :
				     unit == 'd' ? "amateur dan ranks go from 1d to 9d (professional "
						   "ranks from 1p to 9p)" :
				     "professional ranks go from 1p to 9p");
	} else {
		check_report(c, &rule_rank_format, "/rank", false,
			     "`rank` must be a rank such as \"15k\", \"4d\" or \"2p\" (a \"?\" after it "
			     "marks an uncertain rank), or \"\" when unknown; found %s", found.data);
	}
	buf_free(&found);
}

const struct rule rule_rank_format = {
	.id = "rank-format",
	.category = "players",
	.severity = SEV_WARNING,
	.summary = "a player's rank is not written like 15k, 4d or 2p",
	.explanation =
		"What it checks\n"
		"  A player's `rank` is written in the usual short notation: 30k to 1k\n"
		"  for kyu ranks, 1d to 9d for amateur dan ranks, 1p to 9p for\n"
		"  professional ranks, in lower case and without spaces. As in SGF, a\n"
		"  \"?\" after the rank marks it uncertain and a \"*\" established (\"3d?\").\n"
		"  An empty string means the rank is unknown. For other spellings of a\n"
		"  rank (\"5 dan\", \"5D\", \"12 kyu\") the message gives the usual one.\n"
		"\n"
		"Fix\n"
		"  Safe: a spelled-out rank becomes its short form (\"9 dan\" → \"9d\",\n"
		"  \"15 kyu\" → \"15k\"); a word for unknown (\"NR\", \"?\") becomes \"\".\n"
		"\n"
		"Why\n"
		"  Programs that sort players or pair them by strength parse the rank;\n"
		"  only the usual notation is understood everywhere.\n"
		"\n"
		"Fails\n"
		"  { \"players\": [ { \"color\": \"black\", \"rank\": \"5 dan\" },\n"
		"                 { \"color\": \"white\", \"rank\": \"35k\" } ] }\n"
		"\n"
		"Passes\n"
		"  { \"players\": [ { \"color\": \"black\", \"rank\": \"5d\" },\n"
		"                 { \"color\": \"white\", \"rank\": \"3d?\" } ] }\n",
	.fix = FIX_SAFE,
	.on_object = check_rank,
};
