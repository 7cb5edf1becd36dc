/* rank-format: a player's rank in the usual notation: 30k…1k, 1d…9d, 1p…9p. */
#include <stdio.h>
#include <stdlib.h>
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

/* Ranks as Japanese, Chinese and Korean records write them: 九段, 初段,
 * 三級, 9단, 2급, 초단, プロ九段, 职业九段 (numbers in digits or in kanji up
 * to 三十, 初/초 for the first dan). */
static struct regex cjk = REGEX(
	"\\s*(プロ|职业|職業|프로)?\\s*([0-9]{1,2}|[一二三四五六七八九十]{1,3}|初|초)\\s*"
	"(段|級|级|단|급)\\s*([?*]?)\\s*");

/* The value of a kanji numeral from 一 to 三十 (一, 十, 十五, 二十, 二十九), or 0. */
static int kanji_number(const char *s, size_t len)
{
	static const char *const digits[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
	int tens = 0, units = 0;
	bool ten = false;
	for (size_t i = 0; i < len; i += 3) {   /* each numeral is 3 bytes of UTF-8 */
		int d = 0;
		for (int k = 0; k < 9 && !d; k++)
			if (memcmp(s + i, digits[k], 3) == 0)
				d = k + 1;
		if (!d && memcmp(s + i, "十", 3) == 0) {
			if (ten)
				return 0;
			ten = true;
			tens = units ? units : 1;
			units = 0;
		} else if (d && !units) {
			units = d;
		} else {
			return 0;
		}
	}
	return tens * 10 + units;
}

/* A rank written in CJK: its number, unit (k, d or p) and whether the
 * reading is certain (a dan in kanji numerals may be a professional's). */
static bool cjk_rank(const char *s, size_t len, int *n, char *unit, bool *certain,
		     struct regex_span *mark)
{
	struct regex_span g[4];   /* professional, number, unit, mark */
	if (!regex_capture(&cjk, s, len, g, 4))
		return false;
	const char *num = s + g[1].start, *u = s + g[2].start;
	size_t num_len = g[1].end - g[1].start;
	bool digits = num[0] >= '0' && num[0] <= '9';
	bool first = memcmp(num, "初", num_len) == 0 || memcmp(num, "초", num_len) == 0;
	*n = first ? 1 : digits ? atoi(num) : kanji_number(num, num_len);
	bool dan = memcmp(u, "段", 3) == 0 || memcmp(u, "단", 3) == 0;
	bool pro = g[0].start != SIZE_MAX;
	*unit = !dan ? 'k' : pro ? 'p' : 'd';
	*certain = !dan || pro || digits;
	*mark = g[3];
	return *n > 0;
}

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

/* What the ranks of a unit are, for a rank out of range. */
static const char *range_of(char unit)
{
	return unit == 'k' ? "kyu ranks go from 30k to 1k, then dan ranks from 1d" :
	       unit == 'd' ? "amateur dan ranks go from 1d to 9d (professional ranks from 1p to 9p)" :
	       "professional ranks go from 1p to 9p";
}

/* The fix: the rank as written in the grammar. */
static void fix_rank(struct check *c, struct diag *d, int n, char unit, const char *mark,
		     size_t mark_len, enum fix_safety safety)
{
	char json[24];
	snprintf(json, sizeof json, "\"%d%c%.*s\"", n, unit, (int)mark_len, mark);
	check_fix_replace(c, d, safety, "/rank", json);
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
	struct regex_span cjk_mark;
	int cjk_n;
	char cjk_unit;
	bool cjk_certain;
	if (regex_match(&unknown, s, len)) {
		check_fix_replace(c, check_report(c, &rule_rank_format, "/rank", false,
						  "`rank` must be the empty string \"\" when the rank "
						  "is unknown, found %s", found.data),
				  FIX_SAFE, "/rank", "\"\"");
	} else if (cjk_rank(s, len, &cjk_n, &cjk_unit, &cjk_certain, &cjk_mark)) {
		/* In kanji numerals a dan may be a professional's (プロ九段 says
		 * so): the amateur reading is a guess, and its fix unsafe. */
		size_t m = cjk_mark.start == SIZE_MAX ? 0 : cjk_mark.end - cjk_mark.start;
		const char *mk = m ? s + cjk_mark.start : "";
		int top = cjk_unit == 'k' ? 30 : 9;
		if (cjk_n > top)
			check_report(c, &rule_rank_format, "/rank", false,
				     "`rank` is out of range, found %s: %s", found.data, range_of(cjk_unit));
		else if (cjk_certain)
			fix_rank(c, check_report(c, &rule_rank_format, "/rank", false,
						 "`rank` must be written \"%d%c%.*s\", found %s", cjk_n,
						 cjk_unit, (int)m, mk, found.data),
				 cjk_n, cjk_unit, mk, m, FIX_SAFE);
		else
			fix_rank(c, check_report(c, &rule_rank_format, "/rank", false,
						 "`rank` must be written \"%dd%.*s\" (or \"%dp%.*s\" for a "
						 "professional: a dan in kanji numerals is often one), "
						 "found %s", cjk_n, (int)m, mk, cjk_n, (int)m, mk, found.data),
				 cjk_n, 'd', mk, m, FIX_UNSAFE);
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
				 n, unit, s + m0, m1 - m0, FIX_SAFE);
		else
			check_report(c, &rule_rank_format, "/rank", false,
				     "`rank` is out of range, found %s: %s", found.data, range_of(unit));
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
		"  rank (\"5 dan\", \"5D\", \"12 kyu\") the message gives the usual one,\n"
		"  and for ranks as Japanese, Chinese and Korean records write them\n"
		"  (\"九段\", \"9단\", \"初段\", \"三級\", \"2급\", \"プロ九段\") too.\n"
		"\n"
		"Fix\n"
		"  Safe: a spelled-out rank becomes its short form (\"9 dan\" → \"9d\",\n"
		"  \"15 kyu\" → \"15k\", \"9단\" → \"9d\", \"三級\" → \"3k\", \"プロ九段\" → \"9p\");\n"
		"  a word for unknown (\"NR\", \"?\") becomes \"\".\n"
		"  Unsafe: a dan in kanji numerals (\"九段\", \"初段\"), which may be a\n"
		"  professional's, becomes the amateur rank (\"9d\", \"1d\").\n"
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
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_rank,
};
