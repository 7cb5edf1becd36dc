/* sgfwrite: a JGF v2 record (its DOM) written out as SGF FF[4], the
 * reverse of convert.h's mapping: what the record kept under meta.sgf goes
 * back where it came from. The mapping is the table of the man page's
 * "SGF OUTPUT". */
#ifndef JGF_SGFWRITE_H
#define JGF_SGFWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"

struct sgfwrite_options {
	bool pass_tt;   /* a pass as [tt] (boards up to 19x19) rather than [] */
	bool compress;  /* point lists compressed (rectangles as "aa:cc"), labels aside */
	const char *result;  /* sgf_write_fixed's own: the record's game.result before a
			      * fix emptied it (written when the record's is "") */
};

struct document;

/* Whether a root's value s of id (read: the record holds a datum read
 * from it) is game information or FF[3]'s that FF[4] cannot hold there:
 * --to sgf writes what FF[4] holds of it (RE from the record or RE[?],
 * DT's year) and the value in GC, as --fix --unsafe-fixes does
 * (convert/inforepair.c's root_unheld_plan). */
bool sgfw_unheld_value(const char *id, const char *s, bool read);
/* What --to sgf writes of such a value, which --fix --unsafe-fixes writes
 * in the file's place (root_unheld_plan asks it: one decision): FF[3]'s
 * clock as TM in seconds; KO whose value is the komi the record holds
 * (komi, NULL for none: from KM, or read from KO itself) as that KM, KO
 * taken out; any other in GC (KO[5.5] beside KM[6.5]), with *held what
 * FF[4] holds of it written in its place (year: DT's). s is the first
 * value; several: the property has more (TM[1:00:00][2:00:00]), all of
 * them in GC, none made a TM or a KM that would hold the first alone; one
 * whose first value FF[4] holds (KM[6.5][7.5], TM[3600][1:00:00], EV[a][b]:
 * game information but GC, of which FF[4] holds one value) too,
 * beside what the record's datum wrote of the first (REVIEW.md R77). */
enum sgfw_unheld { SGFW_WRITTEN, SGFW_AS_SECONDS, SGFW_AS_KM, SGFW_IN_GC };
enum sgfw_held {
	SGFW_HELD_NOTHING,
	SGFW_HELD_RESULT,    /* RE from the record: the result read beside words */
	SGFW_HELD_UNKNOWN,   /* RE[?] */
	SGFW_HELD_YEAR       /* DT[year] */
};
enum sgfw_unheld sgfw_unheld_how(const char *id, const char *s, bool several, bool read,
				 const double *komi, enum sgfw_held *held, char year[5]);
/* Whether root property id is game information FF[4] gives one value
 * (every one but GC, which holds what the others cannot; FF[3]'s that
 * SGFC gives one, ID[][x]: SGF_P_ONE): of several values, the datum of the
 * first (where FF[4] holds it) and the property in GC. */
bool sgfw_one_info(const char *id);
/* Whether value s says nothing: NULL, empty or blank (TM[], EV[ ]). Such
 * game information of several values (EV[][ ], DT[][]) is as one such
 * value, not in GC (REVIEW.md R105): the root's a text's or result's not
 * written (the record's datum says it), another's (DT[], KM[ ], kept) and
 * a node's its first as read; --fix --unsafe-fixes takes the values after
 * the first out (inforepair.c). */
bool sgfw_says_nothing(const char *s);
/* Whether s, the first value of game information of several values, is
 * written as the property beside them all in GC: it says something and
 * FF[4] holds it (read: the record holds a datum read from it). The one
 * decision of --to sgf (sgfwkept.c, in the root and a move's node) and of
 * --fix --unsafe-fixes (inforepair.c): BR[x1][ ] is BR[x1] and the two in
 * GC; EV[][x] and TM[ ][60] only GC, in the root and in a move's node. */
bool sgfw_first_held(const char *id, const char *s, bool read);
/* The year of date s: its one number of four digits (1940年(报知新闻5月18日
 * 至6月1日连载), 03/04/1997), not 0000; false when it has none or two. */
bool sgfw_date_year(const char *s, char year[5]);

/* Appends record's game as one SGF game tree, "(;FF[4]GM[1]...)\n", to
 * out. lost (when not NULL) gets a line per datum SGF cannot hold, naming
 * its JSON pointer. doc: the document record is the DOM of, when it is
 * streamed (read/load.h: its tree's nodes are read from its text one at a
 * time, and written as they are read), else NULL. */
void sgf_write_record(json_object *record, const struct document *doc,
		      const struct sgfwrite_options *o, struct buf *out, struct buf *lost);

/* The same from a record's JSON text (len bytes: what --convert made or
 * --fix gave), read as a converter's record is, streamed from the size
 * load_stream_min gives on; false, with nothing written, when it is not a
 * JSON object. sgf_write_text takes text over (malloc'd, len bytes and a
 * NUL), sgf_write_json copies it. */
bool sgf_write_text(char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost);
bool sgf_write_json(const char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost);

/* A JGF record of any version --fix reads (doc: loaded, a JSON object;
 * taken over and left empty), fixed as --fix fixes it (every rule, safe
 * fixes; and, when Seki's variations before 4.0 are left, that rule's
 * unsafe fix alone, said in lost) and written as sgf_write_record writes
 * it; false, with nothing written, when the fixes together break the
 * record. It is checked once and read once more, as it is checked: a
 * record loaded streamed (document_load_file_record, document_load_record)
 * is never held whole. found, when not NULL, gets the input's own check
 * with ls (its findings as a check of the file reports them; the caller
 * frees it), made before it is fixed; when ls runs every rule and none of
 * its findings has a fix, the record is written from that check, not
 * checked again. */
/* Whether a JGF record of len bytes is loaded whole to be written as SGF
 * (document_load_file, document_load_buffer: the DOM its check walks is
 * the one written, read once) rather than streamed (its nodes read by the
 * check, then again by the writer, never held together): below 1 MiB, a
 * DOM of some 6 MB. */
bool sgf_write_whole(size_t len);

struct lint_settings;
struct checked;
bool sgf_write_fixed(struct document *doc, const struct sgfwrite_options *o, struct buf *out,
		     struct buf *lost, const struct lint_settings *ls, struct checked *found);

#endif
