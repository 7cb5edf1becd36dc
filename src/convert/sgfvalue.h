/* sgfvalue: SGF's values read as the mapping to JGF needs them: Text and
 * SimpleText decoded, points, numbers, reals, komi in words, DT's dates. */
#ifndef JGF_SGFVALUE_H
#define JGF_SGFVALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "convert/sgf.h"
#include "convert/sgfprops.h"

/* SGF Text: escapes removed, soft line breaks (`\` + newline) removed, other
 * white space than line breaks as spaces, line breaks as "\n". With simple
 * (SimpleText), line breaks are spaces too. Stops at an unescaped `:` when
 * colon is given (the first half of a compose value), storing where. */
void sgf_decode_text(struct buf *out, const char *s, size_t len, bool simple, size_t *colon);
/* A value's Text (SimpleText with simple), allocated. */
char *sgf_text_of(const struct sgf_value *v, bool simple);
/* SimpleText as written (names, titles, places): without its trailing
 * blanks, as SGFC keeps it; allocated. */
char *sgf_words_of(const struct sgf_value *v);
/* SimpleText trimmed, for values read (numbers, ranks, points); allocated. */
char *sgf_simple_of(const struct sgf_value *v);
/* SGF's coordinate letters, a-z then A-Z: sgf_letters[x] writes x (0 to 51). */
extern const char sgf_letters[];
/* A point (two letters, white space around them allowed): false when s is none. */
bool sgf_point_of(const char *s, size_t len, int *x, int *y);
/* Where sgf_point_of finds the point's two letters in s's len bytes, the
 * white space around them set aside: *at; false when they are no point. */
bool sgf_point_in(const char *s, size_t len, size_t *at);
/* Whether a move's value (len bytes at raw) is a pass on a width x height
 * board: empty (B[], and B[<NUL>], whose NUL the reader drops), or `tt`
 * where it is one (record_tt_pass). */
bool sgf_move_pass(const char *raw, size_t len, int width, int height);
/* A value of a point list as the reader reads it (nodeprops.c): a point,
 * or a compressed point list's rectangle "aa:cc", each point as
 * sgf_point_of reads it and on the width x height board. FF[4] gives a
 * rectangle by its upper-left, then its lower-right corner; another order
 * (cc:aa, ac:ca) is corrected, as SGFC corrects it. False for anything
 * else: off the board, one letter, a colon too many, empty, a pass (tt is
 * a move's pass, never a point of a list). */
struct sgf_box {
	int x1, y1, x2, y2;   /* the corners: x1 <= x2, y1 <= y2 */
	bool rectangle;       /* written with a colon (aa:aa too) */
	bool reversed;        /* corners given in another order than FF[4]'s */
};
bool sgf_box_of(const char *s, size_t len, int width, int height, struct sgf_box *box);
/* SZ's value as the reader reads it: a Number, the board's side, or
 * Number:Number, its width and height, each 1 to 52; false when it is
 * none (the reader then reads a 19x19 board). */
bool sgf_size_of(const struct sgf_value *v, int *width, int *height);
/* A whole number, a real (a decimal comma allowed), komi in words: false when
 * the value is none. */
bool sgf_number_of(const struct sgf_value *v, long long *out);
bool sgf_real_of(const struct sgf_value *v, double *out);
/* The same of text s (SimpleText read already), its decimal comma made a
 * point in place. */
bool sgf_real_in(char *s, double *out);
/* Whether v is written as FF[4] writes a Number ([+-]digits) or, with
 * real, a Real (a Number, then a point and digits): what sgf_real_of reads
 * besides (6,5, .5, 1e2) is a repair to say. Blanks around it aside. */
bool sgf_number_fits(const struct sgf_value *v, bool real);
/* The same, without blanks around it either: a number read (KM[ 6.5]) that
 * is not so written is a repair to say, as SGFC corrects it (its 15). */
bool sgf_number_exact(const struct sgf_value *v, bool real);
/* Whether v is of FF[4]'s type (an enum sgf_type, sgfprops.h; points on
 * the width x height board): NULL when it is, else the type in words
 * ("1 or 2"). An empty value is of type none only. Types whose values a
 * reader of their own reads (moves, labels, text, sizes) are never
 * misfits here. */
const char *sgf_value_misfit(enum sgf_type type, const struct sgf_value *v, int width,
			     int height);
/* d as SGF writes a Real (or a Number, when it is whole), appended to
 * out: the shortest text that reads back as d, never with an exponent,
 * which SGF's Real does not have (1e300 is 1 and 300 zeros). */
void sgf_real_text(struct buf *out, double d);
/* Attaches to the last note added the repair that writes d, as
 * sgf_real_text writes it, in place of v (sgf_note_fix). */
void sgf_value_fix_number(struct sgf_notes *notes, const struct sgf_value *v, double d);
/* ... or text (ASCII). */
void sgf_value_fix(struct sgf_notes *notes, const struct sgf_value *v, const char *text,
		   bool unsafe);
bool sgf_komi_words(const struct sgf_value *v, double *out);
bool sgf_komi_english(const struct sgf_value *v, double *out);
/* d as a JSON number: an integer when it is one. */
json_object *sgf_number_json(double d);
/* DT's ISO dates appended to out as full ISO dates; *trimmed when one had a
 * time of day. False when s is not such a list. */
bool sgf_dates_of(const char *s, json_object *out, bool *trimmed);
/* DT's s with every day it names, a range's days written out
 * (1934.03.28-29), as FF[4]'s list (1934-03-28,29), appended to out;
 * false when an item is no date or has a time of day. */
bool sgf_date_days(const char *s, struct buf *out);

#endif
