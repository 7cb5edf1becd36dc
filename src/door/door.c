/* door: the one door of every check (door.h): what an input is, the mode
 * asked, and the table from the two to what runs. */
#include "door/door.h"

#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/diag.h"
#include "convert/inplace.h"
#include "convert/named.h"
#include "convert/sgffix.h"
#include "lint/fixjgf.h"
#include "read/sniff.h"

/* What an input is, as the door tells them apart. */
enum door_input {
	IN_JGF,         /* what the JGF lint reads: a JGF record, other JSON, text no
			 * reader takes, a file that could not be read */
	IN_SGF,         /* SGF text */
	IN_SGF_AS_JGF,  /* SGF text named .jgf: asked to be JGF (its fix is --convert) */
	IN_FOREIGN,     /* UGF/UGI, UGZ, GIB or NGF text; OGS's or SGF-in-JSON's game
			 * JSON */
	IN_KINDS
};

enum door_mode { MODE_CHECK, MODE_FIX, MODE_LINE, MODE_LINE_FIX, MODES };

enum door_run {
	RUN_LINT,       /* check_document: the JGF lint, and with fix its fix loop */
	RUN_IN_PLACE,   /* inplace_check: read where it is, nothing written */
	RUN_FIX_SGF,    /* sgf_fix_in_place: SGF fixed in its own bytes */
	RUN_NOT_FIXED,  /* inplace_check, its findings after a foreign-format
			 * error that says what the input is and how to convert it */
};

/* What runs, by input and mode. A --stream line is JGF by definition: one
 * read in place says so first (foreign-format). --fix writes JGF, and SGF
 * in its own bytes (not a line's, not one named .jgf); any other input is
 * checked as it is, nothing written, its own findings after foreign-format,
 * which names it and how to convert it. */
static const enum door_run door_table[IN_KINDS][MODES] = {
	/*                  check         fix            line          line fix */
	[IN_JGF]        = { RUN_LINT,     RUN_LINT,      RUN_LINT,     RUN_LINT },
	[IN_SGF]        = { RUN_IN_PLACE, RUN_FIX_SGF,   RUN_IN_PLACE, RUN_IN_PLACE },
	[IN_SGF_AS_JGF] = { RUN_IN_PLACE, RUN_IN_PLACE,  RUN_IN_PLACE, RUN_IN_PLACE },
	[IN_FOREIGN]    = { RUN_IN_PLACE, RUN_NOT_FIXED, RUN_IN_PLACE, RUN_IN_PLACE },
};

static enum door_input door_input(struct document *doc)
{
	if (!inplace_reads(doc))
		return IN_JGF;
	if (sniff_text(doc->text, doc->len) == TEXT_SGF)
		return named_jgf(doc) ? IN_SGF_AS_JGF : IN_SGF;
	return IN_FOREIGN;
}

/* The lint's foreign-format words for doc, a file of a format --fix does
 * not write: what it is, and the command that converts it. */
static char *not_fixed(struct document *doc)
{
	const char *what = doc->parsed ? document_record(doc)->what :
			   sniff_description(sniff_text(doc->text, doc->len));
	return document_foreign_words(doc, what ? what : "this is not JGF", false);
}

/* A finding of rule first among out's findings, at the file's start (1:1,
 * which no locating gives once the check has placed the others), as the
 * settings say (--ignore misnamed-file, a severity). */
static void named_first(struct checked *out, const struct rule *rule, char *message,
			const struct lint_settings *ls)
{
	if (!message)
		return;
	struct diag_list first = { 0 };
	struct diag *d = diag_at(&first, rule, 0, NULL, "%s", message);
	d->line = d->col = 1;
	free(message);
	settings_apply(ls, &first);
	diag_list_take(&first, &out->doc.diags);
	out->doc.diags = first;
}

size_t door_check(struct checked *out, struct document *doc, const struct door_request *req)
{
	enum door_mode mode = req->line ? (req->fix ? MODE_LINE_FIX : MODE_LINE) :
			      req->fix ? MODE_FIX : MODE_CHECK;
	struct buf none = BUF_INIT, *bugs = req->bugs ? req->bugs : &none;
	/* Asked before the check, which takes doc's text. */
	char *misnamed = req->line ? NULL : named_mismatch(doc);
	/* A file named for a text format that holds none (sgf-no-game-tree,
	 * ...) is said so, its JSON syntax errors replaced: the lint reports
	 * it. */
	if (!req->fix)
		conversion_no_game(doc);
	struct check_request lint = { req->settings, req->fix, req->unsafe };
	size_t nbugs = 0;
	enum door_run run = door_table[door_input(doc)][mode];
	/* Fixed, an input read in place is what it was: its bytes (the text
	 * shown is them decoded), which --fix - writes. */
	char *bytes = NULL;
	size_t bytes_len = doc->len;
	if (req->fix && (run == RUN_IN_PLACE || run == RUN_NOT_FIXED)) {
		bytes = xmalloc(bytes_len + 1);
		memcpy(bytes, doc->text, bytes_len);
		bytes[bytes_len] = '\0';
	}
	switch (run) {
	case RUN_LINT:
		check_document(out, doc, &lint);
		/* a check offers only what --fix writes (with fix: what it left) */
		if (!req->fix)
			fix_offer(&out->doc, req->settings);
		break;
	case RUN_IN_PLACE:
		nbugs = inplace_check(out, doc, &(struct inplace_request){
			.settings = req->settings, .line = req->line, .bugs = bugs });
		break;
	case RUN_NOT_FIXED: {
		/* (one named .jgf has the words of its name from the check) */
		char *foreign = named_jgf(doc) ? NULL : not_fixed(doc);
		nbugs = inplace_check(out, doc, &(struct inplace_request){
			.settings = req->settings, .bugs = bugs });
		for (size_t i = 0; foreign && i < out->doc.diags.len; i++)
			if (out->doc.diags.items[i].rule == &rule_foreign_format)
				free(foreign), foreign = NULL;   /* said (no game read) */
		named_first(out, &rule_foreign_format, foreign, req->settings);
		break;
	}
	case RUN_FIX_SGF:
		nbugs = sgf_fix_in_place(out, doc, &lint, bugs);
		break;
	}
	named_first(out, &rule_misnamed_file, misnamed, req->settings);
	if (bytes)
		out->bytes = bytes, out->bytes_len = bytes_len;
	buf_free(&none);
	return nbugs;
}

size_t door_convert(struct checked *out, struct conversion *c, struct document *doc,
		    const struct door_request *req, const struct conversion_sink *sink)
{
	struct buf none = BUF_INIT;
	size_t nbugs = conversion_check_games(out, c, doc, &(struct check_request){
		req->settings, false, false }, req->bugs ? req->bugs : &none, sink, !req->line);
	buf_free(&none);
	return nbugs;
}
