/* decodegame: a game of an SGF file as convert/decode.c reads it (where
 * its bytes are, its CA, the set chosen and why), and the words that say
 * the choice (decodenote.c). Internal to convert/decode.c. */
#ifndef JGF_DECODEGAME_H
#define JGF_DECODEGAME_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/detect.h"
#include "convert/sgf.h"

struct game {
	size_t start, end;    /* bytes: from its `(` to after its `)` */
	char ca[48];          /* its first CA's value, trimmed, as written */
	char set[48];         /* the set it names (ca_set) */
	size_t ca_at, ca_end; /* bytes: its value, between the brackets */
	char written[48];     /* that value, when it is not the set's name as
			       * files write it: its own bytes (ASCII) */
	char spelled[48];     /* and the name to write instead (clean_name); "": none */
	bool has_ca;
	bool known;           /* has_ca, and iconv reads its set (find_games) */
	const char *cs;       /* the set it is read in (an iconv name) */
	char csbuf[64];
	enum { BY_CA, CA_UTF8, LATIN_UTF8, LATIN_CP1252, CA_DETECTED, CA_DETECTED_WEAK, CA_SCRIPT, CA_LANGUAGE,
	       CA_LANGUAGE_WEAK, CA_DOUBT, CA_UNKNOWN, NO_CA } why;
	size_t broken, chars; /* for CA_DETECTED(_WEAK): broken characters in CA's set, of chars;
			       * for CA_SCRIPT, CA_LANGUAGE(_WEAK), CA_DOUBT: the
			       * characters detection weighed */
	const char *label, *second;   /* for CA_SCRIPT, CA_LANGUAGE(_WEAK), CA_DETECTED_WEAK:
				       * detection's best and runner-up; for CA_DOUBT: the
				       * set nearly as good */
	struct charset_guess own;     /* NO_CA, CA_UNKNOWN: its own bytes' detection when
				       * it is read in it (own.name), else unset */
	bool shared;          /* NO_CA, CA_UNKNOWN: read in the set detected over
			       * all such games, when others are read in theirs */
};

struct rule;

/* Says the note of game g's set at at, "game N: " first when number is N
 * (0: the file's one game), a finding of charset-mismatch for a CA the
 * bytes do not fit, of charset-guessed for a set assumed or detected where
 * the file names none that applies, of no rule for the set the file
 * declares or SGF's default read as it is. guess: the detection it was
 * read by (NO_CA, CA_UNKNOWN); ascii: the file has no byte beyond ASCII. */
void game_note(struct sgf_notes *notes, struct sgf_pos at, size_t number, const struct game *g,
	       const struct charset_guess *guess, bool ascii);

/* What a file that declares no set (GIB, NGF, UGF: what names it) says of
 * the set detected for it. */
void plain_note(struct sgf_notes *notes, const struct charset_guess *guess, const char *what);

#endif
