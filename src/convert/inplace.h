/* inplace: an input lint mode reads, checked where it is: SGF, UGF/UGI,
 * GIB and NGF text, and OGS's and SGF-in-JSON's game JSON, nothing
 * written (convert/inplace.c). Its findings are the readers' (each repair,
 * character set, ...) and, for each game, those of the record it reads as
 * that are the game's own (go rules, about_game), all at their line:col in
 * the source. The door (door/door.c) says when it runs. */
#ifndef JGF_INPLACE_H
#define JGF_INPLACE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/conversion.h"
#include "convert/sgfsame.h"
#include "core/settings.h"
#include "lint/pipeline.h"
#include "read/load.h"

/* Whether doc is read in place: SGF, UGF/UGI, GIB or NGF text (the loader
 * named it in a foreign-format finding), not too large, or an OGS or
 * SGF-in-JSON game record the loader found nothing in. */
bool inplace_reads(struct document *doc);

struct inplace_request {
	const struct lint_settings *settings;  /* NULL: every rule, as is */
	bool line;        /* a --stream line, which is JGF by definition: one read in
			   * place gets the foreign-format error whatever its name */
	bool repairs;     /* the readers' repairs get their fixes, whether or not
			   * they can be written in the file's bytes (--fix's rounds) */
	struct buf *bugs; /* converter bugs, a line each */
	struct sgf_digest *digest;   /* when not NULL: gets the games read (--fix's guard) */
	char *set;        /* when not NULL (64 bytes): gets the one set SGF's text was
			   * read in, "" when several (decode_sgf_in's answer: --fix
			   * writes in it, and does not decode the bytes again) */
};

/* The check of doc (taken over) in place: out's document becomes its
 * decoded text (the source's lines, in UTF-8), which the text format
 * quotes. A finding of the record that is a converter bug is said in
 * req->bugs, never shown as the file's; returns how many. A file (or a
 * library's buffer) named .jgf was asked to be JGF: its findings begin
 * with a foreign-format error that says what it is and how to convert it.
 * A check of a file (not a line, not named .jgf, not repairs) of SGF marks
 * what --fix repairs in its bytes. An input whose reading finds no game is
 * checked as JGF (check_document: foreign-format says what it is). */
size_t inplace_check(struct checked *out, struct document *doc, const struct inplace_request *req);

/* --convert's reading of doc (conversion_read_taking: SGF whose bytes are
 * its text takes doc's text), for conversion_check_games: false, with
 * c->format NULL, when it is none of the formats (or doc could not be
 * read). */
bool conversion_check_read(struct conversion *c, struct document *doc, const char *encoding);
/* The check in place of what conversion_check_read read (c is freed; doc
 * is taken over), each game's record given to sink as it is checked: the
 * findings --convert reports, the same as a check in place. SGF-in-JSON's
 * are at their places in the JSON. offer: doc is a file (not a --stream
 * line), whose findings --fix repairs carry their fixes, as a check's. */
size_t conversion_check_games(struct checked *out, struct conversion *c, struct document *doc,
			      const struct check_request *req, struct buf *bugs,
			      const struct conversion_sink *sink, bool offer);

#endif
