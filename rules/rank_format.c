/* rank-format: a player's rank in the usual notation: 30k…1k, 1d…9d, 1p…9p. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "core/values.h"

extern const struct rule rule_rank_format;

/* Words for an unknown rank (value_rank_unknown) and other spellings
 * ("5 dan", "9段", "プロ九段") are read as the converter reads them
 * (core/values.h). */

/* What the ranks of a unit are, for a rank out of range. */
static const char *range_of(char unit)
{
	return unit == 'k' ? "kyu ranks go from 30k to 1k, then dan ranks from 1d" :
	       unit == 'd' ? "amateur dan ranks go from 1d to 9d (professional ranks from 1p to 9p)" :
	       "professional ranks go from 1p to 9p";
}

/* The fix: the rank in the grammar. */
static void fix_rank(struct check *c, struct diag *d, const char *rank, enum fix_safety safety)
{
	char *json = fix_json_string(rank, strlen(rank));
	check_fix_replace(c, d, safety, "/rank", json);
	free(json);
}

/* The field of the record that names a professional body or player (日本棋院,
 * 한국기원, Ki-in, 棋士: value_pro_source), among those --convert looks at
 * (EV, PC, SO, CP, GN, AN, US as JGF has them); NULL when none does. */
static const char *pro_source(struct check *c)
{
	static const char *const fields[][2] = {
		{ "event", "name" }, { "event", "location" }, { "source", "name" },
		{ "source", "copyright" }, { "game", "name" }, { "game", "annotator" },
		{ "record", "transcriber" },
	};
	static const char *const names[] = {
		"event.name", "event.location", "source.name", "source.copyright", "game.name",
		"game.annotator", "record.transcriber",
	};
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
		json_object *v = member(member(c->doc->root, fields[i][0]), fields[i][1]);
		if (json_object_is_type(v, json_type_string) &&
		    strlen(json_object_get_string(v)) == (size_t)json_object_get_string_len(v) &&
		    value_pro_source(json_object_get_string(v)))
			return names[i];
	}
	return NULL;
}

/* A rank value_rank reads: the certain readings get a safe fix. A dan with
 * no word that says professional or amateur is read as the converter reads
 * it: a professional's in kanji numerals, or in a record that names a
 * professional body; that fix is unsafe (a guess), and the message names
 * the amateur rank. */
static void suggest_rank(struct check *c, const char *found, const char *s, const char *rank,
			 enum rank_reading how, const char *source)
{
	if (how != RANK_NUMERALS && how != RANK_PRO_SOURCE) {
		fix_rank(c, check_report(c, &rule_rank_format, "/rank", false,
					 "`rank` must be written \"%s\", found %s", rank, found),
			 rank, FIX_SAFE);
		return;
	}
	char amateur[16];
	snprintf(amateur, sizeof amateur, "%s", rank);
	*strchr(amateur, 'p') = 'd';
	struct buf why = BUF_INIT;
	if (how == RANK_PRO_SOURCE)
		buf_printf(&why, "the record's `%s` names a professional body, so its dan ranks "
			   "are most likely professionals'", source);
	else
		buf_printf(&why, "%s is most often a professional's, as professional bodies and "
			   "the press write ranks so", strstr(s, "초") ? "초단 (初段 in hangul)" :
			   "a dan in kanji numerals");
	fix_rank(c, check_report(c, &rule_rank_format, "/rank", false,
				 "`rank` must be written \"%s\", found %s: %s; write \"%s\" if the "
				 "player is an amateur", rank, found, why.data, amateur),
		 rank, FIX_UNSAFE);
	buf_free(&why);
}

static void check_rank(struct check *c, json_object *player, const struct schema *schema)
{
	(void)schema;   /* the player's only: .objects */
	json_object *rank = member(player, "rank");
	if (!json_object_is_type(rank, json_type_string))
		return; /* missing, or wrong-type's */
	const char *s = json_object_get_string(rank);
	size_t len = (size_t)json_object_get_string_len(rank);
	if (len == 0 || value_rank_usual(s, len))
		return; /* "" is an unknown rank */
	struct buf found = BUF_INIT, read = BUF_INIT;
	describe_value(&found, rank);
	enum rank_reading how;
	char unit;
	if (value_rank_unknown(s, len)) {
		check_fix_replace(c, check_report(c, &rule_rank_format, "/rank", false,
						  "`rank` must be the empty string \"\" when the rank "
						  "is unknown, found %s", found.data),
				  FIX_SAFE, "/rank", "\"\"");
	} else if (strlen(s) == len && value_rank(s, false, &read, &how)) {
		/* A dan a word does not decide: does the record name a professional body? */
		const char *source = NULL;
		if ((how == RANK_NUMERALS || how == RANK_DIGITS) && (source = pro_source(c))) {
			buf_truncate(&read, 0);
			value_rank(s, true, &read, &how);
		}
		suggest_rank(c, found.data, s, read.data, how, source);
	} else if (strlen(s) == len && value_rank_out_of_range(s, &unit)) {
		check_report(c, &rule_rank_format, "/rank", false,
			     "`rank` is out of range, found %s: %s", found.data, range_of(unit));
	} else {
		check_report(c, &rule_rank_format, "/rank", false,
			     "`rank` must be a rank such as \"15k\", \"4d\" or \"2p\" (a \"?\" after it "
			     "marks an uncertain rank), or \"\" when unknown; found %s", found.data);
	}
	buf_free(&found);
	buf_free(&read);
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
		"  An empty string means the rank is unknown. Other spellings (\"5 dan\",\n"
		"  \"5D\", \"12 kyu\", \"1 Pro\") and ranks as Japanese, Chinese and Korean\n"
		"  records write them (\"九段\", \"9단\", \"初段\", \"三級\", \"2급\", \"プロ九段\",\n"
		"  \"业余5段\") are read as `--convert` reads them (docs/convert.md), and\n"
		"  the message gives the usual notation.\n"
		"\n"
		"Fix\n"
		"  Safe: a rank with one certain reading becomes its short form (\"9 dan\"\n"
		"  → \"9d\", \"15 kyu\" → \"15k\", \"三級\" → \"3k\", \"プロ九段\" → \"9p\",\n"
		"  \"业余5段\" → \"5d\"; a dan in digits, \"9段\" or \"9단\", is a server's or\n"
		"  an amateur's, \"9d\", unless the record names a professional body);\n"
		"  a word for unknown (\"NR\", \"?\") becomes \"\".\n"
		"  Unsafe: a dan with no word that says professional or amateur becomes\n"
		"  the professional rank, as `--convert` reads it, when it is written in\n"
		"  kanji numerals (\"九段\", \"初段\", \"초단\" → \"9p\", \"1p\"): professional\n"
		"  bodies and the press write ranks so; or when the record's event,\n"
		"  source, game name, annotator or transcriber names a professional\n"
		"  body (\"日本棋院\", \"한국기원\", \"Ki-in\"; \"9단\" → \"9p\"). It is a guess;\n"
		"  the message names the amateur rank (\"9d\") for a player who is one.\n"
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
	.objects = (const struct schema *const[]){ &schema_player, NULL },
};
