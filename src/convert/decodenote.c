/* decodenote: what the set each game is read in says (decodegame.h). */
#include "convert/decodegame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/jstring.h"
#include "convert/misread.h"
#include "convert/say.h"
#include "core/catalog.h"

/* A game's note (game_note), each entry opening with its lead (%s): "game
 * N: " among several games, and for a set detected where CA names none that
 * iconv knows, what its CA is (a detected entry's rule is chosen at its
 * call). */
#define SAY_LEAD_GAME "game %zu: "
#define SAY_LEAD_CA_UNKNOWN "CA[%s] is not a character set iconv knows: "
#define SAY_LEAD_NO_CA "no CA: "
#define SAY_GAME_CA NULL, "%sread as %s (CA[%s])"
#define SAY_GAME_CA_SPELLED &rule_charset_guessed, \
	"%sCA[%s] is %s written with stray blanks, quotes or brackets, or punctuation its " \
	"names do not have: read as %s; the fix writes CA[%s]"
#define SAY_GAME_CA_UTF8 &rule_charset_mismatch, \
	"%sCA[%s] does not fit the bytes, which are valid UTF-8: read as UTF-8"
#define SAY_GAME_LATIN_UTF8 &rule_charset_mismatch, \
	"%sCA[%s], but the bytes are UTF-8 (characters of several bytes, which %s would show as " \
	"two or three): read as UTF-8"
#define SAY_GAME_CP1252 &rule_charset_guessed, \
	"%sread as CP1252 (CA[%s]; its bytes 0x80-0x9F are Windows-1252's quotes and dashes, " \
	"not control characters)"
#define SAY_GAME_CA_DETECTED &rule_charset_mismatch, \
	"%sCA[%s] does not fit the bytes (%zu of the %zu characters beyond ASCII are broken in " \
	"it): read as %s, detected"
#define SAY_GAME_CA_DETECTED_WEAK &rule_charset_mismatch, \
	"%sCA[%s] does not fit the bytes (%zu of the %zu characters beyond ASCII are broken in " \
	"it): read as %s, a guess (%s and %s read them about as well); --encoding NAME reads it " \
	"otherwise"
#define SAY_GAME_CA_SCRIPT &rule_charset_mismatch, \
	"%sCA[%s] does not fit the bytes, which are another script's letters: read as %s, " \
	"detected (%s reads its %zu character%s beyond ASCII best%s%s); --encoding NAME reads " \
	"it otherwise"
#define SAY_GAME_CA_LANGUAGE &rule_charset_mismatch, \
	"%sCA[%s] does not fit the bytes, which are another language's letters: read as %s, " \
	"detected (%s reads its %zu character%s beyond ASCII best%s%s); --encoding NAME reads " \
	"it otherwise"
#define SAY_GAME_CA_LANGUAGE_WEAK &rule_charset_mismatch, \
	"%sCA[%s] does not fit the bytes, which are another language's letters: read as %s, a " \
	"guess (%s and %s read its %zu character%s beyond ASCII about as well); --encoding NAME " \
	"reads it otherwise"
#define SAY_GAME_CA_DOUBT &rule_charset_guessed, \
	"%sread as %s, a guess (CA[%s]; %s reads its %zu character%s beyond ASCII about as well " \
	"or better); --encoding NAME reads it otherwise"
#define SAY_GAME_UTF8_BROKEN(rule) rule, \
	"%sthe bytes are UTF-8 but for %zu broken sequence%s (a character cut short, or a stray " \
	"byte), read as UTF-8 (not ISO-8859-1, SGF's default, nor a set that reads the broken " \
	"bytes as whole characters)"
#define SAY_GAME_UTF8(rule) rule, \
	"%sthe bytes are valid UTF-8, read as UTF-8 (not ISO-8859-1, SGF's default)"
#define SAY_GAME_LATIN1(rule) rule, "%sread as ISO-8859-1, SGF's default"
#define SAY_GAME_SHARED(rule) rule, \
	"%sread as %s, detected over the games without CA (%s reads them best; its own bytes are " \
	"too few to tell): --encoding NAME reads it otherwise"
#define SAY_GAME_DETECTED(rule) rule, \
	"%sread as %s, detected (%s reads its %zu character%s beyond ASCII best%s%s); " \
	"--encoding NAME reads it otherwise"
#define SAY_GAME_WEAK(rule) rule, \
	"%sread as %s, a guess (%s and %s read its %zu character%s beyond ASCII about as well); " \
	"--encoding NAME reads it otherwise"
#define SAY_PLAIN_LATIN1 &rule_charset_guessed, \
	"read as ISO-8859-1 (%s files declare no character set, and no other reads this one " \
	"better)"
#define SAY_PLAIN_DETECTED &rule_charset_guessed, \
	"read as %s, detected (%s files declare no character set; %s reads its %zu character%s " \
	"beyond ASCII best%s%s); --encoding NAME reads it otherwise"
#define SAY_PLAIN_WEAK &rule_charset_guessed, \
	"read as %s, a guess (%s files declare no character set; %s and %s read its %zu " \
	"character%s beyond ASCII about as well); --encoding NAME reads it otherwise"
#define SAY_THEN ", then "   /* the second set that reads it best */
/* A guess between two sets of other readings (charset-ambiguous): the
 * first text beyond ASCII as each reads it. */
#define SAY_GAME_AMBIGUOUS(rule) rule, \
	"%sread as %s, a guess: %s and %s read its %zu character%s beyond ASCII about as well " \
	"(\"%s\", \"%s\"); --encoding %s reads the file as the second does"
#define SAY_PLAIN_AMBIGUOUS &rule_charset_ambiguous, \
	"read as %s, a guess (%s files declare no character set): %s and %s read its %zu " \
	"character%s beyond ASCII about as well (\"%s\", \"%s\"); --encoding %s reads the file " \
	"as the second does"

/* Whether a guess is charset-ambiguous's: a set chosen between two that read
 * the text otherwise about as well, but SGF's default (ISO-8859-1, or
 * Windows-1252 for its quotes) chosen among Latin sets, which a file without
 * CA is by the standard. The default beside a set of another script (Big5's
 * 燁春 and ISO-8859-1's êM¬K: REVIEW.md R153) is such a guess too. */
static bool ambiguous(const struct charset_guess *guess)
{
	bool by_default = !strcmp(guess->name, "ISO-8859-1") || !strcmp(guess->name, "CP1252");
	return (guess->weak || guess->thin) && guess->second_name && guess->sample_len &&
	       (!by_default || !latin_letters(guess->second_name));
}

/* The sample of guess read in cs into b, short and printable: a control
 * character as U+FFFD. */
static void sample_in(struct buf *b, const struct charset_guess *guess, const char *cs)
{
	struct buf text = BUF_INIT;
	size_t *bad = NULL, nbad = 0, cap = 0;
	charset_decode_lenient(guess->sample, guess->sample_len, cs, &text, &bad, &nbad, &cap);
	free(bad);
	for (size_t i = 0; i < text.len;) {
		uint32_t cp;
		size_t k = utf8_next(text.data + i, text.len - i, &cp);
		if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
			buf_adds(b, "\xEF\xBF\xBD");
		else
			buf_add(b, text.data + i, k);
		i += k;
	}
	buf_free(&text);
}

/* A charset-ambiguous guess's sample as each of its two sets reads it. */
struct readings {
	struct buf mine, other;
	const char *plural;   /* of its characters */
};

static void readings_of(struct readings *r, const struct charset_guess *guess)
{
	*r = (struct readings){ BUF_INIT, BUF_INIT, guess->chars == 1 ? "" : "s" };
	sample_in(&r->mine, guess, guess->name);
	sample_in(&r->other, guess, guess->second_name);
	if (!r->mine.data)
		buf_adds(&r->mine, "");
	if (!r->other.data)
		buf_adds(&r->other, "");
}

static void readings_free(struct readings *r)
{
	buf_free(&r->mine);
	buf_free(&r->other);
}

/* The note of a game whose set was detected: no CA, or a CA iconv does
 * not know (ca, as written); lead: "game N: " or "". */
static void detected_note(struct sgf_notes *notes, struct sgf_pos at, const char *lead,
			  const struct game *g, const struct charset_guess *guess, bool ascii,
			  const char *ca)
{
	const struct rule *rule = &rule_charset_mismatch;
	struct buf b = BUF_INIT;
	buf_adds(&b, lead);
	if (g->why == CA_UNKNOWN)
		buf_printf(&b, SAY_LEAD_CA_UNKNOWN, ca);
	else
		buf_adds(&b, SAY_LEAD_NO_CA);
	if (g->why == NO_CA)
		rule = (ascii || (!strcmp(g->cs, "ISO-8859-1") && !guess->weak)) && !g->shared ?
		       NULL : &rule_charset_guessed;
	if (!g->shared && ambiguous(guess) && !strcmp(g->cs, guess->name)) {
		struct readings r;
		readings_of(&r, guess);
		sgf_say(notes, at, SAY_GAME_AMBIGUOUS(g->why == NO_CA ? &rule_charset_ambiguous : rule),
			b.data, g->cs, guess->label, guess->second, guess->chars, r.plural,
			r.mine.data, r.other.data, guess->second_name);
		readings_free(&r);
	} else if (g->shared)
		sgf_say(notes, at, SAY_GAME_SHARED(rule), b.data, g->cs, guess->label);
	else if (!strcmp(g->cs, "UTF-8") && guess->broken)
		sgf_say(notes, at, SAY_GAME_UTF8_BROKEN(rule), b.data, guess->broken,
			guess->broken == 1 ? "" : "s");
	else if (!strcmp(g->cs, "UTF-8"))
		sgf_say(notes, at, SAY_GAME_UTF8(rule), b.data);
	else if (guess->weak || guess->thin)   /* SGF's default too: a guess all the same */
		sgf_say(notes, at, SAY_GAME_WEAK(rule), b.data, g->cs, guess->label, guess->second,
			guess->chars, guess->chars == 1 ? "" : "s");
	else if (!strcmp(g->cs, "ISO-8859-1"))
		sgf_say(notes, at, SAY_GAME_LATIN1(rule), b.data);
	else
		sgf_say(notes, at, SAY_GAME_DETECTED(rule), b.data, g->cs, guess->label, guess->chars,
			guess->chars == 1 ? "" : "s", guess->second ? SAY_THEN : "",
			guess->second ? guess->second : "");
	buf_free(&b);
}

void game_note(struct sgf_notes *notes, struct sgf_pos at, size_t number, const struct game *g,
	       const struct charset_guess *guess, bool ascii)
{
	char lead[32] = "";
	if (number)
		snprintf(lead, sizeof lead, SAY_LEAD_GAME, number);
	/* CA's bytes as written, in a message that must be UTF-8 (a --stream
	 * line, json): its bytes outside UTF-8 as \xNN, as a file name's. */
	struct buf ca_text = BUF_INIT;
	utf8_escape_invalid(&ca_text, g->ca);
	const char *ca = ca_text.data ? ca_text.data : "";
	switch (g->why) {
	case BY_CA:
		if (g->spelled[0])
			sgf_say(notes, at, SAY_GAME_CA_SPELLED, lead, g->written, g->spelled, g->cs,
				g->spelled);
		else
			sgf_say(notes, at, SAY_GAME_CA, lead, g->cs, ca);
		break;
	case CA_UTF8:
		sgf_say(notes, at, SAY_GAME_CA_UTF8, lead, ca);
		break;
	case LATIN_UTF8:
		sgf_say(notes, at, SAY_GAME_LATIN_UTF8, lead, ca, ca);
		break;
	case LATIN_CP1252:
		sgf_say(notes, at, SAY_GAME_CP1252, lead, ca);
		break;
	case CA_DETECTED:
		sgf_say(notes, at, SAY_GAME_CA_DETECTED, lead, ca, g->broken, g->chars, g->cs);
		break;
	case CA_DETECTED_WEAK:
		sgf_say(notes, at, SAY_GAME_CA_DETECTED_WEAK, lead, ca, g->broken, g->chars, g->cs,
			g->label, g->second);
		break;
	case CA_SCRIPT:
		sgf_say(notes, at, SAY_GAME_CA_SCRIPT, lead, ca, g->cs, g->label, g->chars,
			g->chars == 1 ? "" : "s", g->second ? SAY_THEN : "",
			g->second ? g->second : "");
		break;
	case CA_LANGUAGE:
		sgf_say(notes, at, SAY_GAME_CA_LANGUAGE, lead, ca, g->cs, g->label, g->chars,
			g->chars == 1 ? "" : "s", g->second ? SAY_THEN : "",
			g->second ? g->second : "");
		break;
	case CA_LANGUAGE_WEAK:
		sgf_say(notes, at, SAY_GAME_CA_LANGUAGE_WEAK, lead, ca, g->cs, g->label, g->second,
			g->chars, g->chars == 1 ? "" : "s");
		break;
	case CA_DOUBT:
		sgf_say(notes, at, SAY_GAME_CA_DOUBT, lead, g->cs, ca, g->label, g->chars,
			g->chars == 1 ? "" : "s");
		break;
	case CA_UNKNOWN:
	case NO_CA:
		detected_note(notes, at, lead, g, guess, ascii, ca);
		break;
	}
	buf_free(&ca_text);
}

void plain_note(struct sgf_notes *notes, const struct charset_guess *guess, const char *what)
{
	const struct sgf_pos file = { 0, 0 };
	if (ambiguous(guess)) {
		struct readings r;
		readings_of(&r, guess);
		sgf_say(notes, file, SAY_PLAIN_AMBIGUOUS, guess->name, what, guess->label,
			guess->second, guess->chars, r.plural, r.mine.data, r.other.data,
			guess->second_name);
		readings_free(&r);
	} else if (guess->weak || guess->thin)
		sgf_say(notes, file, SAY_PLAIN_WEAK, guess->name, what, guess->label, guess->second,
			guess->chars, guess->chars == 1 ? "" : "s");
	else if (!strcmp(guess->name, "ISO-8859-1"))
		sgf_say(notes, file, SAY_PLAIN_LATIN1, what);
	else
		sgf_say(notes, file, SAY_PLAIN_DETECTED, guess->name, what, guess->label,
			guess->chars, guess->chars == 1 ? "" : "s", guess->second ? SAY_THEN : "",
			guess->second ? guess->second : "");
}
