/* result-komi: a margin the record's komi cannot give. Both sides count
 * whole points, so the margin's half point is the komi's: komi 6.5 and
 * "B+3", komi 6 and "W+0.5", or a draw with a komi of a half point. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"

extern const struct rule rule_result_komi;

/* Twice v, when that is a whole number (a komi or margin of whole or half
 * points); -1 otherwise (3.75, or no number). */
static long long halves(double v)
{
	double h = fabs(v) * 2;
	return h == floor(h) && h < 1e15 ? (long long)h : -1;
}

static void check_margin(struct check *c, json_object *root)
{
	json_object *result = member(member(root, "game"), "result");
	json_object *komi = member(member(root, "rules"), "komi");
	if (!json_object_is_type(result, json_type_string) ||
	    !(json_object_is_type(komi, json_type_double) || json_object_is_type(komi, json_type_int)))
		return;
	const char *r = json_object_get_string(result);
	double k = json_object_get_double(komi);
	long long kh = halves(k);
	if (kh < 0)
		return;
	const struct words *w = c->doc->words;
	const char *rn = words_field(w, "/game/result", "result");
	const char *kn = words_field(w, "/rules/komi", "rules.komi");
	if (!strcmp(r, "0")) {
		if (kh % 2)
			check_report(c, &rule_result_komi, "/game/result", false,
				     "`%s` \"0\" is a draw, which komi %g (`%s`) cannot give: "
				     "the points both sides count are whole, so a komi with a half "
				     "point leaves a margin of at least half a point; the result or "
				     "the komi is wrong", rn, k, kn);
		return;
	}
	if ((r[0] != 'B' && r[0] != 'W') || r[1] != '+' || r[2] < '0' || r[2] > '9')
		return;
	char *end;
	double m = strtod(r + 2, &end);
	long long mh = halves(m);
	if (*end || mh < 0 || mh % 2 == kh % 2)
		return;
	check_report(c, &rule_result_komi, "/game/result", false,
		     "`%s` \"%s\" is a margin of %s, which komi %g (`%s`) cannot give: "
		     "the points both sides count are whole, so the margin has a half point "
		     "exactly when the komi has one; the result or the komi is wrong", rn, r,
		     mh % 2 ? "a half point" : "whole points", k, kn);
}

const struct rule rule_result_komi = {
	.id = "result-komi",
	.category = "sections",
	.severity = SEV_WARNING,
	.about_game = true,
	.summary = "game.result has a margin that rules.komi cannot give",
	.explanation =
		"What it checks\n"
		"  Both players count whole points (territory and prisoners, or area),\n"
		"  so a margin of victory has a half point exactly when the komi has one:\n"
		"  with komi 6.5, \"B+3\" cannot happen, nor a draw (\"0\"); with komi 6 or 0,\n"
		"  \"W+0.5\" cannot. SGFC and sgfcheck report the same. Results by\n"
		"  resignation, time or forfeit, unknown results and a komi that is not\n"
		"  a multiple of 0.5 (komi-value's) are not checked. --convert reports\n"
		"  it at the SGF's RE, as the source game's own.\n"
		"\n"
		"Why\n"
		"  One of the two is wrong: often the komi of a handicap game written as\n"
		"  0 where it was 0.5, or a result copied without its half point. A\n"
		"  program that scores the record, or a database that ranks by margin,\n"
		"  gets it wrong either way.\n"
		"\n"
		"Fails\n"
		"  { \"game\": { \"result\": \"B+3\" }, \"rules\": { \"komi\": 6.5 } }\n"
		"  { \"game\": { \"result\": \"W+0.5\" }, \"rules\": { \"komi\": 0 } }\n"
		"  { \"game\": { \"result\": \"0\" }, \"rules\": { \"komi\": 7.5 } }\n"
		"\n"
		"Passes\n"
		"  { \"game\": { \"result\": \"B+3.5\" }, \"rules\": { \"komi\": 6.5 } }\n"
		"  { \"game\": { \"result\": \"W+R\" }, \"rules\": { \"komi\": 6.5 } }\n",
	.on_record = check_margin,
};
