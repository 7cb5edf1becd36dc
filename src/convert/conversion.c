/* conversion: one input of --convert, from bytes to records. */
#include "convert/conversion.h"

#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
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
#include "read/scan.h"
#include "read/sniff.h"

/* Records nested deeper are written on one line (see conversion_game):
 * about 40 levels of variations, far beyond any game's. */
#define CONVERT_INDENT_DEPTH 160

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
	if (!doc->io_failed && doc->len == strspn(doc->text ? doc->text : "", " \t\r\n"))
		c->blank = doc->len ? 2 : 1;
	enum text_format kind = sniff_text(doc->text, doc->len);
	/* Text before the first game tree (a mail header, a web page's words):
	 * SGFC skips it, and so does the reader, with a note. */
	if (kind == TEXT_OTHER && !doc->parsed && game_tree_after_text(doc->text, doc->len))
		kind = TEXT_SGF;
	if (kind == TEXT_SGF) {
		/* A collection is not held whole (200 MB of SGF took 43 times its
		 * size, its games' property trees all at once): the games are
		 * counted here, each freed as soon as read, and read again one at
		 * a time as conversion_game converts them. */
		struct buf text = BUF_INIT;
		decode_sgf(doc->text, doc->len, encoding, &text, &c->notes);
		c->text_len = text.len;
		c->text = text.data ? buf_detach(&text) : xstrdup("");
		struct sgf_stream count;
		sgf_stream_init(&count, c->text, c->text_len, &c->notes);
		for (struct sgf_node *g; (g = sgf_stream_next(&count));) {
			sgf_node_free(g);
			c->games.len++;
		}
		sgf_stream_free(&count);
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
	if (c->text) {
		c->games.len = 0;   /* held by none */
		if (c->next)
			sgf_stream_free(&c->stream);
		free(c->text);
	}
	sgf_games_free(&c->games);
	sgf_notes_free(&c->notes);
}

/* Game g: held, or for SGF read now from the text (in order, as callers
 * ask; from the start again otherwise), then the caller's to free; *start
 * gets its first byte. */
static struct sgf_node *game_at(struct conversion *c, size_t g, bool *owned,
				struct sgf_pos *start)
{
	*owned = c->text != NULL;
	if (!c->text) {
		*start = c->games.games[g]->pos;
		return c->games.games[g];
	}
	struct sgf_notes again = { 0 };   /* said when the games were counted */
	if (!c->next || g < c->next - 1) {
		if (c->next)
			sgf_stream_free(&c->stream);
		sgf_stream_init(&c->stream, c->text, c->text_len, &again);
		c->next = 1;
	}
	c->stream.notes = &again;
	struct sgf_node *game = NULL;
	while (c->next - 1 <= g) {
		sgf_node_free(game);
		game = sgf_stream_next(&c->stream);
		c->next++;
	}
	c->stream.notes = NULL;
	sgf_notes_free(&again);
	*start = c->stream.start;
	return game;
}

/* One line: the values a note quotes are the file's, shown escaped. */
static void print_note(struct buf *out, const char *src, const struct sgf_note *n,
		       const char *severity)
{
	if (n->pos.line)
		buf_printf(out, "%s:%lu:%lu: %s: ", src, n->pos.line, n->pos.col, severity);
	else
		buf_printf(out, "%s: %s: ", src, severity);
	shown_text(out, n->text);
	buf_addc(out, '\n');
}

void conversion_print_notes(struct buf *out, const char *src, const struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++)
		print_note(out, src, &notes->items[i], "note");
}

/* The depth of nesting of v's containers (v itself counts 1). */
static size_t dom_depth(json_object *v)
{
	struct frame {
		json_object *c;
		size_t next;                     /* an array's */
		struct json_object_iterator it;  /* an object's */
	} *stack = NULL;
	size_t len = 0, cap = 0, deepest = 0;
	for (json_object *kid = v;;) {
		bool object = json_object_is_type(kid, json_type_object);
		if (object || json_object_is_type(kid, json_type_array)) {
			stack = xgrow(stack, &cap, len + 1, sizeof *stack);
			stack[len++] = (struct frame){ kid, 0, object ? json_object_iter_begin(kid) :
							    json_object_iter_init_default() };
			if (len > deepest)
				deepest = len;
		}
		kid = NULL;
		while (len && !kid) {
			struct frame *f = &stack[len - 1];
			bool obj = json_object_is_type(f->c, json_type_object);
			struct json_object_iterator end = obj ? json_object_iter_end(f->c) : f->it;
			if (!obj && f->next < json_object_array_length(f->c)) {
				kid = json_object_array_get_idx(f->c, f->next++);
			} else if (obj && !json_object_iter_equal(&f->it, &end)) {
				kid = json_object_iter_peek_value(&f->it);
				json_object_iter_next(&f->it);
			} else {
				len--;
			}
		}
		if (!kid)
			break;
	}
	free(stack);
	return deepest;
}

/* Lints the record: go findings are the source game's own and are reported
 * at its positions. A record the linter could not check (too large for
 * its limit or the memory budget, nested too deeply) is refused: never
 * written. Anything else is a converter bug. */
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
		if (d->rule == &rule_json_too_large || d->rule == &rule_json_depth ||
		    d->rule == &rule_io_error) {
			buf_printf(&out->log, "%s: error: not written: jgflint could not check the "
				   "record: %s [%s]\n", name, d->message, d->rule->id);
			out->refused = true;
		} else if (!strcmp(d->rule->category, "go")) {
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
	if (out->refused) {
		free(out->text);
		out->text = NULL;
		out->len = 0;
	}
}

void conversion_game(struct conversion *c, size_t g, const char *src, const char *name,
		     struct converted *out)
{
	*out = (struct converted){ .log = BUF_INIT };
	struct sgf_notes notes = { 0 };
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT;
	bool owned;
	struct sgf_pos start = { 1, 1 };
	struct sgf_node *game = game_at(c, g, &owned, &start);
	json_object *rec = game ? convert_game(game, c->source, &notes, &map, &kept) : NULL;
	/* A finding of nothing the source holds is shown at the game's first byte. */
	posmap_add(&map, "", start);
	if (owned)
		sgf_node_free(game);
	/* A game not converted: why is convert_game's last note, and an error
	 * (which -q keeps), not a note. */
	struct sgf_note why = { 0 };
	if (!rec && notes.len)
		why = notes.items[--notes.len];
	conversion_print_notes(&out->log, src, &notes);
	size_t depth = rec ? dom_depth(rec) : 0;
	if (depth > CONVERT_INDENT_DEPTH && depth <= JGF_MAX_DEPTH)
		buf_printf(&out->log, "%s: note: its variations nest %zu levels of JSON deep: written "
			   "on one line (indented, it would grow with the square of its depth)\n",
			   name, depth);
	out->log_notes = out->log.len;
	if (!rec) {
		if (why.text)
			print_note(&out->log, src, &why, "error");
		free(why.text);
		out->errors = true;
	} else if (depth > JGF_MAX_DEPTH) {
		buf_printf(&out->log, "%s: error: not written: its variations nest %zu levels of JSON "
			   "deep, more than the %d jgflint checks\n", name, depth, JGF_MAX_DEPTH);
		out->refused = true;
		json_object_put(rec);
	} else {
		/* Indented, each level of nested variations would indent all that
		 * follows it further: 10,000 of them took 1.6 GB for a 160 KB SGF
		 * file. Deeper than CONVERT_INDENT_DEPTH, the record is written
		 * on one line, which grows with the game, not with its square. */
		int flags = JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE;
		if (depth <= CONVERT_INDENT_DEPTH)
			flags |= JSON_C_TO_STRING_PRETTY;
		size_t len;
		const char *json = dom_json(rec, flags, &len);
		/* The same values, with no invisible character raw in the
		 * record a terminal (--output -) or an editor shows. */
		struct buf text = BUF_INIT;
		json_escape_invisible(&text, json, len);
		buf_addc(&text, '\n');
		out->len = text.len;
		out->text = buf_detach(&text);
		json_put_deep(rec, depth);   /* before the lint builds its own DOM */
		lint_record(out, src, name, &map);
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
	if (!c->format && c->blank)
		buf_printf(out, "%s: error: %s: nothing to convert\n", src,
			   c->blank == 1 ? "empty file" : "the file holds only white space");
	else if (!c->format)
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
