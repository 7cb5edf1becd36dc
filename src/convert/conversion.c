/* conversion: one input of --convert, from bytes to records. */
#include "convert/conversion.h"

#include <stdlib.h>
#include <string.h>

#include "base/jstring.h"
#include "core/catalog.h"
#include "core/record.h"
#include "convert/convert.h"
#include "convert/decode.h"
#include "convert/gib.h"
#include "convert/ngf.h"
#include "convert/sgfjson.h"
#include "convert/ugf.h"
#include "lint/pipeline.h"
#include "read/sniff.h"

/* Whether "(;" starts a line in the first 64 KiB. */
static bool game_tree_after_text(const char *s, size_t len)
{
	if (len > 65536)
		len = 65536;
	for (size_t i = 0; i + 1 < len; i++)
		if (s[i] == '(' && s[i + 1] == ';' && (i == 0 || s[i - 1] == '\n' || s[i - 1] == '\r'))
			return true;
	return false;
}


bool conversion_read(struct conversion *c, struct document *doc)
{
	return conversion_read_as(c, doc, NULL);
}

bool conversion_read_as(struct conversion *c, struct document *doc, const char *encoding)
{
	*c = (struct conversion){ .source = "sgf" };
	enum text_format kind = sniff_text(doc->text, doc->len);
	/* Text before the first game tree (a mail header, a web page's words):
	 * SGFC skips it, and so does the reader, with a note. */
	if (kind == TEXT_OTHER && !doc->parsed && game_tree_after_text(doc->text, doc->len))
		kind = TEXT_SGF;
	if (kind == TEXT_SGF) {
		struct buf text = BUF_INIT;
		decode_sgf(doc->text, doc->len, encoding, &text, &c->notes);
		sgf_read(text.data, text.len, &c->games, &c->notes);
		buf_free(&text);
		c->format = "SGF";
		return true;
	}
	if (kind == TEXT_GIB || kind == TEXT_NGF) {
		struct buf text = BUF_INIT;
		bool gib = kind == TEXT_GIB;
		decode_plain(doc->text, doc->len, NULL, encoding, gib ? "GIB" : "NGF", &text, &c->notes);
		(gib ? gib_read : ngf_read)(text.data, text.len, &c->games, &c->notes);
		buf_free(&text);
		c->format = gib ? "GIB" : "NGF";
		c->source = gib ? "gib" : "ngf";
		return true;
	}
	if (kind == TEXT_UGF) {
		struct buf text = BUF_INIT;
		decode_plain(doc->text, doc->len, "CP932", encoding, "UGF", &text, &c->notes);
		ugf_read(text.data, text.len, &c->games, &c->notes);
		buf_free(&text);
		c->format = "UGF";
		c->source = "ugf";
		return true;
	}
	struct record_info rec;
	if (doc->parsed)
		record_classify(doc->root, &rec);
	if (!doc->parsed || !rec.convertible)
		return false;
	sgfjson_read(doc, &c->games, &c->notes);
	c->format = "SGF-in-JSON";
	return true;
}

void conversion_free(struct conversion *c)
{
	sgf_games_free(&c->games);
	sgf_notes_free(&c->notes);
}

void conversion_print_notes(struct buf *out, const char *src, const struct sgf_notes *notes)
{
	/* The values a note quotes are the file's: shown escaped. */
	for (size_t i = 0; i < notes->len; i++) {
		const struct sgf_note *n = &notes->items[i];
		if (n->pos.line)
			buf_printf(out, "%s:%lu:%lu: note: ", src, n->pos.line, n->pos.col);
		else
			buf_printf(out, "%s: note: ", src);
		shown_text(out, n->text);
		buf_addc(out, '\n');
	}
}

/* Lints the record: go findings are the source game's own and are reported
 * at its positions; anything else is a converter bug. */
static void lint_record(struct converted *out, const char *src, const char *name,
			struct posmap *map)
{
	struct document loaded;
	document_load_buffer(&loaded, name, out->text, out->len);
	struct checked c;
	check_document(&c, &loaded, &(struct check_request){ 0 });
	const struct document *doc = &c.doc;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (!strcmp(d->rule->category, "go")) {
			struct sgf_pos pos = d->pointer ? posmap_find(map, d->pointer) : (struct sgf_pos){0};
			buf_printf(&out->log, "%s:%lu:%lu: %s: %s [%s]\n", src, pos.line, pos.col,
				   severity_name(d->severity), d->message, d->rule->id);
			out->errors |= d->severity == SEV_ERROR;
		} else {
			buf_printf(&out->log, "%s:%lu:%lu: error: converter bug: the record it wrote "
				   "has this finding: %s [%s]\n", name, d->line, d->col, d->message,
				   d->rule->id);
			out->errors = true;
			out->bugs++;
		}
	}
	checked_free(&c);
}

void conversion_game(struct conversion *c, size_t g, const char *src, const char *name,
		     struct converted *out)
{
	*out = (struct converted){ .log = BUF_INIT };
	struct sgf_notes notes = { 0 };
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT;
	json_object *rec = convert_game(c->games.games[g], c->source, &notes, &map, &kept);
	conversion_print_notes(&out->log, src, &notes);
	out->log_notes = out->log.len;
	if (!rec) {
		out->errors = true;
	} else {
		size_t len;
		const char *json = json_object_to_json_string_length(
			rec, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE, &len);
		/* The same values, with no invisible character raw in the
		 * record a terminal (--output -) or an editor shows. */
		struct buf text = BUF_INIT;
		json_escape_invisible(&text, json, len);
		buf_addc(&text, '\n');
		out->len = text.len;
		out->text = buf_detach(&text);
		lint_record(out, src, name, &map);
		json_object_put(rec);
	}
	if (kept.len)
		out->kept = buf_detach(&kept);
	buf_free(&kept);
	posmap_free(&map);
	sgf_notes_free(&notes);
}

void converted_free(struct converted *out)
{
	free(out->text);
	free(out->kept);
	buf_free(&out->log);
	*out = (struct converted){ 0 };
}

/* The record's path: beside the input, or in DIR (below DIR, the input's
 * directories under the walked directory root, when it came from a walk),
 * named BASE.jgf or BASE-N.jgf. */
char *conversion_record_name(const char *input, const char *root, const char *dir, size_t game,
			 size_t ngames)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	if (!strcmp(input, "-"))
		base = "stdin";
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	struct buf b = BUF_INIT;
	if (dir) {
		buf_printf(&b, "%s/", dir);
		size_t rootlen = root ? strlen(root) : 0;
		while (rootlen > 0 && root[rootlen - 1] == '/')   /* the walk writes "games/x" */
			rootlen--;
		if (root && slash && (size_t)(slash - input) > rootlen)
			buf_add(&b, input + rootlen + 1, (size_t)(slash - input) - rootlen);
	} else if (slash) {
		buf_add(&b, input, (size_t)(slash - input) + 1);
	}
	buf_add(&b, base, stem);
	if (ngames > 1)
		buf_printf(&b, "-%zu", game + 1);
	buf_adds(&b, ".jgf");
	return buf_detach(&b);
}

bool conversion_nothing(struct buf *out, const char *src, const struct conversion *c)
{
	if (!c->format)
		buf_printf(out, "%s: error: not SGF, SGF-in-JSON, UGF/UGI, GIB or NGF: nothing to "
			   "convert\n", src);
	else if (!c->games.len)
		buf_printf(out, "%s: error: no game found in this %s file\n", src, c->format);
	return !c->format || !c->games.len;
}

void conversion_kept(struct buf *out, const char *name, const struct conversion *c,
		     const struct converted *rec)
{
	if (rec->kept)
		buf_printf(out, "%s: kept under meta.%s: %s\n", name, c->source, rec->kept);
	else
		buf_adds(out, "");
}
