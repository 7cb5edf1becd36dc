/* conversions: libjgflint's conversion API (jgf_convert, jgf_convert_to,
 * jgf_conversion_*), as the program's --convert converts: each input's
 * games read, mapped to JGF, checked as a check in place checks them (the
 * door, door/door.h), and with a target written as SGF or SGF-in-JSON. */
#define JGFLINT_BUILDING 1
#include "lib/jgflint.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/fail.h"
#include "base/jstring.h"
#include "convert/conversion.h"
#include "convert/inplace.h"
#include "convert/sgftojson.h"
#include "convert/sgfwrite.h"
#include "core/fixop.h"
#include "core/settings.h"
#include "door/door.h"
#include "lib/result.h"
#include "lint/pipeline.h"
#include "output/report.h"
#include "read/load.h"

struct record {
	char *name;
	struct converted rec;
};

struct jgf_conversion {
	bool sgfjson;   /* target "sgfjson": the records named .json */
	int status;
	struct record *records;
	size_t len;
	struct buf messages;
};

/* Target "sgf": record name's ending .sgf; what SGF cannot hold a note of
 * messages. */
static void sgf_lost(jgf_conversion *c, char *name, const struct buf *lost)
{
	size_t n = strlen(name);
	if (n >= 4 && !strcmp(name + n - 4, ".jgf"))
		memcpy(name + n - 4, ".sgf", 4);
	struct buf shown = BUF_INIT, json = BUF_INIT;
	if (c->sgfjson && n >= 4)   /* as the record will be named (as_sgfjson) */
		buf_printf(&json, "%.*s.json", (int)(n - 4), name);
	shown_text(&shown, json.len ? json.data : name);
	buf_free(&json);
	for (char *line = lost->data, *nl; line && *line; line = nl + 1) {
		nl = strchr(line, '\n');
		buf_printf(&c->messages, "%s: note: not in SGF: %.*s\n", shown.data,
			   (int)(nl - line), line);
	}
	buf_free(&shown);
}

/* Target "sgf": rec's JGF text replaced by its SGF (as --convert --to sgf
 * writes it), named so. */
static void record_to_sgf(jgf_conversion *c, char *name, struct converted *rec)
{
	struct buf sgf = BUF_INIT, lost = BUF_INIT;
	char *text = rec->text;   /* taken over by the writer */
	rec->text = NULL;
	if (!sgf_write_text(text, rec->len, &(struct sgfwrite_options){ 0 }, &sgf, &lost)) {
		buf_free(&sgf);
		buf_free(&lost);
		return;
	}
	rec->len = sgf.len;
	rec->text = buf_detach(&sgf);
	sgf_lost(c, name, &lost);
	buf_free(&lost);
}

/* Target "sgf" of a JGF record (any version --fix reads): fixed as --fix
 * fixes it, then written as SGF (sgf_write_fixed). False when doc is not a
 * JSON record. */
static bool jgf_record_to_sgf(jgf_conversion *c, struct document *doc, const char *name,
			      const char *src)
{
	if (!doc->parsed || !json_object_is_type(doc->root, json_type_object))
		return false;
	c->records = xcalloc(2, sizeof *c->records);
	struct buf sgf = BUF_INIT, lost = BUF_INIT;
	struct checked found = { 0 };
	bool written = sgf_write_fixed(doc, &(struct sgfwrite_options){ 0 }, &sgf, &lost,
				       NULL, &found);
	/* The record's findings as --convert --to sgf reports them (it writes
	 * the record, it does not vouch for it): the concise report's lines,
	 * the notes on what SGF cannot hold, then the report's closing count
	 * of what --fix would fix. */
	struct buf end = BUF_INIT;
	if (report_concise_text(&found.doc, &c->messages, &end) && c->status == EXIT_CLEAN)
		c->status = EXIT_FINDINGS;
	if (!written) {
		buf_printf(&c->messages, "%s: error: the record could not be fixed to JGF v2: not "
			   "written\n", src);
		c->status = EXIT_TROUBLE;
	} else {
		char *record_name = conversion_record_name(name, NULL, NULL, 0, 1);
		sgf_lost(c, record_name, &lost);
		struct converted rec = { .len = sgf.len };
		rec.text = sgf.data ? buf_detach(&sgf) : xstrdup("");
		c->records[c->len++] = (struct record){ record_name, rec };
	}
	buf_add(&c->messages, end.data ? end.data : "", end.len);
	buf_free(&end);
	checked_free(&found);
	buf_free(&sgf);
	buf_free(&lost);
	return true;
}

/* One input's games as its check gives them (conversion_sink), as the
 * CLI's --convert takes them: each named, its notes and what was kept
 * said, its record kept. */
struct convert_input {
	jgf_conversion *c;
	const char *name;          /* the input's */
	bool to_sgf;
	char *record_name;         /* of the game being checked */
	struct buf shown_name;     /* ... as messages show it */
};

static const char *convert_game_name(void *ctx, struct conversion *conv, size_t g)
{
	struct convert_input *in = ctx;
	free(in->record_name);
	in->record_name = conversion_record_name(in->name, NULL, NULL, g, conv->games.len);
	buf_truncate(&in->shown_name, 0);
	return shown_text(&in->shown_name, in->record_name);
}

static void convert_game_done(void *ctx, struct conversion *conv, size_t g, struct converted *rec)
{
	struct convert_input *in = ctx;
	jgf_conversion *c = in->c;
	(void)g;
	if (rec->text && in->to_sgf)
		record_to_sgf(c, in->record_name, rec);
	buf_add(&c->messages, rec->log.data ? rec->log.data : "", rec->log.len);
	if (rec->errors && c->status == EXIT_CLEAN)
		c->status = EXIT_FINDINGS;
	if (rec->refused || rec->bugs)
		c->status = EXIT_TROUBLE;
	if (rec->text && !in->to_sgf)
		conversion_kept(&c->messages, in->shown_name.data, conv, rec);
	if (rec->text) {
		c->records[c->len++] = (struct record){ in->record_name, *rec };
		*rec = (struct converted){ 0 };   /* taken */
		in->record_name = NULL;
	}
}

/* The findings of a conversion's check, a line each as --convert prints
 * them ([*]: what --fix repairs); an error makes the status 1 where it was 0. */
static void add_findings(jgf_conversion *c, struct checked *ck)
{
	struct summary sum = { 0 };
	diag_list_sort(&ck->doc.diags);
	summary_add(&sum, &ck->doc, false);
	for (size_t i = 0; i < ck->doc.diags.len; i++) {
		const struct diag *d = &ck->doc.diags.items[i];
		report_finding_marked(&c->messages, &ck->doc, d, d->fix && d->fix->safety != FIX_UNSAFE);
		buf_addc(&c->messages, '\n');
		if (d->severity == SEV_ERROR && c->status == EXIT_CLEAN)
			c->status = EXIT_FINDINGS;
	}
	report_fixable_text(&c->messages, &sum, false);
}

/* What --convert prints of an input, in its order: the notes that name no
 * rule, each game's notes and what was kept, then the check's findings (the
 * CLI's report of the input, one line each). */
static jgf_conversion *convert(const char *name, const char *data, size_t len, bool to_sgf,
			       bool sgfjson)
{
	jgf_conversion *c = xcalloc(1, sizeof *c);
	c->sgfjson = sgfjson;
	struct document doc;
	if (to_sgf && len <= JGF_MAX_FILE_SIZE && !sgf_write_whole(len)) {
		/* A large JGF record is only read through (sgf_write_fixed): streamed */
		char *text = xmalloc(len + 1);
		memcpy(text, data, len);
		text[len] = '\0';
		document_load_record(&doc, name, text, len);
	} else {
		document_load_buffer(&doc, name, data, len);
	}
	struct buf shown_src = BUF_INIT;
	const char *src = shown_text(&shown_src, doc.path);
	struct conversion conv;
	if (!conversion_check_read(&conv, &doc, NULL)) {
		if (to_sgf && jgf_record_to_sgf(c, &doc, name, src)) {
			;
		} else if (conversion_no_game(&doc)) {
			/* Named for a format it holds nothing of: the finding that
			 * says what it holds, as --convert reports it */
			struct checked ck;
			struct buf bugs = BUF_INIT;
			door_check(&ck, &doc, &(struct door_request){ .bugs = &bugs });
			buf_free(&bugs);
			add_findings(c, &ck);
			checked_free(&ck);
			c->status = EXIT_TROUBLE;
		} else {
			conversion_nothing(&c->messages, src, &conv, &doc, to_sgf);
			c->status = EXIT_TROUBLE;
		}
		buf_adds(&c->messages, "");
		document_free(&doc);
		buf_free(&shown_src);
		return c;
	}
	conversion_print_plain_notes(&c->messages, src, &conv.notes);
	if (conversion_nothing(&c->messages, src, &conv, &doc, to_sgf))
		c->status = EXIT_TROUBLE;
	c->records = xcalloc(conv.games.len + 1, sizeof *c->records);
	struct convert_input in = { .c = c, .name = name, .to_sgf = to_sgf, .shown_name = BUF_INIT };
	struct conversion_sink sink = { .src = src, .name = convert_game_name,
					.game = convert_game_done, .ctx = &in };
	struct checked ck;
	struct buf bugs = BUF_INIT;
	if (door_convert(&ck, &conv, &doc, &(struct door_request){ .bugs = &bugs }, &sink))
		c->status = EXIT_TROUBLE;
	free(in.record_name);
	buf_free(&in.shown_name);
	buf_free(&bugs);
	add_findings(c, &ck);
	buf_adds(&c->messages, "");
	checked_free(&ck);
	document_free(&doc);
	buf_free(&shown_src);
	return c;
}

/* Target "sgfjson": each record's SGF as SGF-in-JSON (sgf_to_json, as
 * --convert --to sgfjson writes it), named .json; one that does not read
 * back (a bug) is dropped with an error. */
static jgf_conversion *as_sgfjson(jgf_conversion *c)
{
	size_t kept = 0;
	for (size_t i = 0; i < c->len; i++) {
		struct record *r = &c->records[i];
		struct buf json = BUF_INIT, shown = BUF_INIT;
		size_t n = strlen(r->name);
		if (n >= 4 && !strcmp(r->name + n - 4, ".sgf")) {
			char *named = xasprintf("%.*s.json", (int)(n - 4), r->name);
			free(r->name);
			r->name = named;
		}
		if (sgf_to_json(r->rec.text, r->rec.len, &json)) {
			free(r->rec.text);
			r->rec.len = json.len;
			r->rec.text = buf_detach(&json);
			c->records[kept++] = *r;
		} else {
			shown_text(&shown, r->name);
			buf_printf(&c->messages, "%s: error: the SGF written does not read back: not "
				   "written as SGF-in-JSON (please report this)\n", shown.data);
			c->status = EXIT_TROUBLE;
			free(r->name);
			converted_free(&r->rec);
		}
		buf_free(&json);
		buf_free(&shown);
	}
	c->len = kept;
	return c;
}

jgf_conversion *jgf_convert(const char *name, const char *data, size_t len)
{
	TRAPPED(jgf_conversion *, NULL, convert(name ? name : "<buffer>", data ? data : "",
						data ? len : 0, false, false));
}

jgf_conversion *jgf_convert_to(const char *name, const char *data, size_t len, const char *target)
{
	if (!target || (strcmp(target, "jgf") && strcmp(target, "sgf") && strcmp(target, "sgfjson")))
		return NULL;
	if (!strcmp(target, "sgfjson"))
		TRAPPED(jgf_conversion *, NULL, as_sgfjson(convert(name ? name : "<buffer>",
								   data ? data : "", data ? len : 0,
								   true, true)));
	TRAPPED(jgf_conversion *, NULL, convert(name ? name : "<buffer>", data ? data : "",
						data ? len : 0, !strcmp(target, "sgf"), false));
}

int jgf_conversion_status(const jgf_conversion *c)
{
	return c->status;
}

size_t jgf_conversion_count(const jgf_conversion *c)
{
	return c->len;
}

const char *jgf_conversion_name(const jgf_conversion *c, size_t i)
{
	return i < c->len ? c->records[i].name : NULL;
}

const char *jgf_conversion_text(const jgf_conversion *c, size_t i, size_t *len)
{
	if (i >= c->len)
		return NULL;
	if (len)
		*len = c->records[i].rec.len;
	return c->records[i].rec.text;
}

const char *jgf_conversion_messages(const jgf_conversion *c)
{
	return c->messages.data;
}

void jgf_conversion_free(jgf_conversion *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->len; i++) {
		free(c->records[i].name);
		converted_free(&c->records[i].rec);
	}
	free(c->records);
	buf_free(&c->messages);
	free(c);
}
