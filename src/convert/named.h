/* named: what a file's name asks of its contents (a format jgflint reads,
 * or JGF), and the finding when the contents are another; the names of
 * the records --convert writes. */
#ifndef JGF_NAMED_H
#define JGF_NAMED_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "read/load.h"

/* The endings of the formats jgflint reads besides JGF (.sgf, .ugf, .ugi,
 * .ugz, .gib, .ngf), the one list of them: what --convert and `jgflint
 * duplicates` take from a directory. Fills out (NAMED_ENDINGS of them);
 * returns their number. */
#define NAMED_ENDINGS 6
size_t named_endings(const char **out);
/* The same in words: ".sgf, .ugf, .ugi, .ugz, .gib or .ngf" with
 * conjunction " or ". */
void named_endings_words(struct buf *out, const char *conjunction);

/* A file named for a text format (.sgf, .gib, .ngf, .ugf, .ugi, .ugz) that
 * holds none of the formats and is not JSON either (SGFC's "no SGF data"):
 * doc's findings (its JSON syntax errors) replaced by the one that says
 * what it holds (sgf-no-game-tree, gib-no-game, ngf-no-game, ugf-no-game).
 * True when it was. A check of a file makes it (door/door.c), and so
 * does --convert for a file it has nothing to convert in. */
bool conversion_no_game(struct document *doc);
/* The foreign-format message of doc, checked in place, when it was asked
 * to be JGF: named .jgf in any case (a file, standard input named so, a
 * library buffer: the page's, the editor server's) or, with line, a
 * --stream line (a JGF record by definition). It names the format and the
 * command that converts it, and says that its games are checked all the
 * same. The caller's to free; NULL when doc was not asked to be JGF. */
char *named_not_jgf(const struct document *doc, bool line);
/* The misnamed-file message of doc, checked in place, when its name
 * promises one format jgflint reads (.sgf, .gib, .ngf, .ugf, .ugi, .ugz,
 * .json) and it holds another (a JGF record, other JSON, SGF, GIB, NGF,
 * UGF text or a UGZ archive): it names what it holds and the ending that
 * fits. The caller's to free; NULL when name and contents agree, the name
 * promises none of them (.jgf is named_not_jgf's), or the contents are none
 * of them (the *-no-game findings, a JSON syntax error). */
char *named_mismatch(struct document *doc);
/* Whether the document is asked to be JGF (a name ending .jgf): one that
 * holds SGF is not repaired as SGF by --fix; its fix is --convert
 * (foreign-format), and a check marks none of its findings fixable. */
bool named_jgf(const struct document *doc);

/* The name of game's record (of ngames) of input: beside it, or in dir
 * (below dir, the input's directories under root, the directory a walk
 * started from, when it came from one), named BASE.jgf or BASE-N.jgf. Free
 * it. */
char *conversion_record_name(const char *input, const char *root, const char *dir, size_t game,
			     size_t ngames);
/* A record name for --to sgf: NAME.jgf becomes NAME.sgf (sgfjson:
 * NAME.json); name itself, or a new one that replaces it (freed). */
char *conversion_sgf_name(char *name, bool sgfjson);

#endif
