/* sgfwrite: JGF v2 to SGF FF[4] (sgfwrite.h). The record's sections
 * become the root's game information (sgfwroot.c), its tree a node a JGF
 * node (sgfwnode.c: a node holding both setup and a move is split, setup
 * first), its variations SGF's (the first one, the main line, first). What
 * the record kept under meta.sgf (and meta.sgf.nodes, keyed by the JGF
 * node's pointer) is written back in the node it came from (sgfwkept.c).
 * Which property holds what is sgfprops.h's table. */
#include "convert/sgfwrite.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fail.h"
#include "convert/sgfwriter.h"
#include "core/rule.h"
#include "core/settings.h"
#include "engine/board.h"
#include "lint/pipeline.h"
#include "read/load.h"

SGFW_FOR_SIZE

/* Whether the record of doc may have a setup entry of type "clear": the
 * board the writer keeps only tells whether an AE clears an empty point
 * (the check's replay has played the game already). The record is parsed
 * from doc's text (a NUL-terminated copy), where "clear" is written so or
 * with a \u escape; strstr and memchr are the library's fast ones. */
static bool may_clear(const struct document *doc)
{
	if (!doc || !doc->text || strlen(doc->text) != doc->len)
		return true;
	/* Looked for from its "cl", which JGF's keys and words do not hold
	 * (strstr tries each place its first two bytes are: from `"c`, every
	 * "color" was one, 1.2% of --to sgf). */
	for (const char *p = doc->text; (p = strstr(p, "clear\"")); p++)
		if (p > doc->text && p[-1] == '"')
			return true;
	for (const char *p = doc->text, *end = p + doc->len;
	     (p = memchr(p, '\\', (size_t)(end - p))); p += 2)
		if (p[1] == 'u')
			return true;
	return false;
}

void sgf_write_record(json_object *rec, const struct document *doc,
		      const struct sgfwrite_options *o, struct buf *out, struct buf *lostbuf)
{
	struct writer w = { .o = o, .out = out, .lost = lostbuf, .rec = rec,
			    .gc = BUF_INIT };
	json_object *board = sgfw_get(rec, "board");
	w.ksgf = sgfw_get(sgfw_get(rec, "meta"), "sgf");
	w.kept_nodes = sgfw_get(w.ksgf, "nodes");
	double size = 19, width, height;
	sgfw_number(sgfw_get(board, "size"), &size);
	if (!sgfw_number(sgfw_get(board, "width"), &width))
		width = size;
	if (!sgfw_number(sgfw_get(board, "height"), &height))
		height = size;
	w.size_w = width, w.size_h = height;
	w.width = (int)sgfw_whole_within(width, INT_MIN, INT_MAX);
	w.height = (int)sgfw_whole_within(height, INT_MIN, INT_MAX);
	if (width >= 1 && height >= 1 && width <= BOARD_MAX_SIDE && height <= BOARD_MAX_SIDE &&
	    width == floor(width) && height == floor(height) && may_clear(doc)) {
		w.board = xmalloc(sizeof *w.board);
		board_init(w.board, w.width, w.height);
	}
	w.node_at = out->len + 1;
	buf_adds(out, "(;");
	sgfw_root(&w);
	buf_free(&w.gc);
	sgfw_kept(&w, w.ksgf, KEPT_ROOT_INFO);
	json_object *nodes = sgfw_get(rec, "tree");
	if (doc ? doc->streamed || json_object_is_type(nodes, json_type_array) :
	    json_object_is_type(nodes, json_type_array))
		sgfw_tree(&w, doc, rec);
	if (!w.root_node) {   /* no tree, or an empty one: the root's kept rest here */
		sgfw_kept(&w, w.ksgf, KEPT_ROOT_NODE);
		struct old_labels labels;
		sgfw_old_labels_plan(&w, w.ksgf, NULL, &labels);
		sgfw_old_labels_write(&w, &labels);
	}
	buf_adds(out, ")\n");
	free(w.board);
}

bool sgf_write_text(char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost)
{
	struct document doc;
	document_load_record(&doc, "<record>", text, len);
	bool ok = doc.parsed && json_object_is_type(doc.root, json_type_object);
	if (ok)
		sgf_write_record(doc.root, &doc, o, out, lost);
	document_free(&doc);
	return ok;
}

bool sgf_write_whole(size_t len)
{
	return len < (size_t)1 << 20;
}

/* Whether the check left a finding of seki-pre4-variations with its fix:
 * the variations are still the bare nodes Seki wrote before 4.0. */
static bool seki_pre4_left(const struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->rule && d->fix && !strcmp(d->rule->id, "seki-pre4-variations"))
			return true;
	}
	return false;
}

/* Whether the check of doc with ls found what the check that fixes it
 * (every rule, at its severity) would find, and nothing of it has a fix:
 * that check would leave doc as it is, its findings the same. */
static bool nothing_to_fix(const struct document *doc, const struct lint_settings *ls)
{
	if (!settings_every_rule(ls) || (ls && ls->cli->min_severity >= 0))
		return false;
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].fix)
			return false;
	return true;
}

/* Whether the check of a record with ls finds what the check that fixes
 * it finds (every rule, each at its own severity, none dropped): the fix
 * loop starts from that check's findings, not linting the record again. */
static bool checks_as_fixing(const struct lint_settings *ls)
{
	return !ls || (settings_every_rule(ls) && ls->cli->min_severity < 0 && !ls->no_replay &&
		       !ls->cli->nseverities && !(ls->file && ls->file->nseverities));
}

/* The record's result as written: a result JGF's grammar lacks ("Void",
 * "adjourned") is fixed to "", and SGF's RE has one for it. */
static char *result_of(const struct document *doc)
{
	const char *result = sgfw_str(sgfw_get(doc->root, "game"), "result");
	return result && *result ? xstrdup(result) : NULL;
}

bool sgf_write_fixed(struct document *doc, const struct sgfwrite_options *o, struct buf *out,
		     struct buf *lost, const struct lint_settings *ls, struct checked *found)
{
	bool linted = false;
	if (found) {
		/* The input checked as a check checks it, for its report; written
		 * from it when it has nothing to fix (read once), else from a
		 * copy of its text, fixed. */
		check_document(found, doc, &(struct check_request){ .settings = ls });
		if (!found->doc.text)
			return false;
		if (found->doc.parsed && json_object_is_type(found->doc.root, json_type_object) &&
		    nothing_to_fix(&found->doc, ls)) {
			struct sgfwrite_options as_is = *o;
			as_is.result = result_of(&found->doc);
			sgf_write_record(found->doc.root, &found->doc, &as_is, out, lost);
			free((char *)as_is.result);
			return true;
		}
		/* A small record held whole, checked as the fix loop checks it:
		 * the loop starts from that check, its DOM lent (--to sgf of
		 * Seki's records read and linted each record twice before its
		 * fixes, 1.76x their check). Else a small record's copy read
		 * whole, as load_input reads it: its fixes' guard holds it whole
		 * (a streamed one was read again). */
		linted = found->doc.parsed && !found->doc.streamed &&
			 json_object_is_type(found->doc.root, json_type_object) &&
			 sgf_write_whole(found->doc.len) && checks_as_fixing(ls);
		if (linted)
			document_lend(doc, &found->doc);
		else if (sgf_write_whole(found->doc.len))
			document_load_buffer(doc, found->doc.path, found->doc.text, found->doc.len);
		else
			document_load_record(doc, found->doc.path,
					     xstrndup(found->doc.text, found->doc.len), found->doc.len);
		if (!doc->parsed || !json_object_is_type(doc->root, json_type_object))
			return false;
	}
	char *result_was = result_of(doc);
	struct sgfwrite_options with_result = *o;
	with_result.result = result_was;
	o = &with_result;
	struct checked ck;
	(linted ? check_linted : check_document)(&ck, doc, &(struct check_request){ .fix = true });
	bool ok = !ck.fix_broke && ck.doc.text && ck.doc.parsed &&
		  json_object_is_type(ck.doc.root, json_type_object);
	if (ok && seki_pre4_left(&ck.doc)) {
		/* Seki's variations before 4.0, bare nodes one after another:
		 * their fix (unsafe for a JGF record, which it rewrites by a
		 * guess where a line ends) is the only way to write them as
		 * variations at all: applied alone, and said. */
		struct settings only;
		settings_init(&only);
		only.has_select = true;
		rule_list_add(&only.select, "seki-pre4-variations");
		struct document again;
		document_load_record(&again, ck.doc.path, xstrndup(ck.doc.text, ck.doc.len), ck.doc.len);
		struct checked ck2;
		check_document(&ck2, &again, &(struct check_request){
			&(struct lint_settings){ .cli = &only }, true, true });
		settings_free(&only);
		if (!ck2.fix_broke && ck2.doc.text && ck2.doc.parsed &&
		    json_object_is_type(ck2.doc.root, json_type_object)) {
			checked_free(&ck);
			ck = ck2;
			if (lost)
				buf_adds(lost, "/tree: variations as Seki before 4.0 wrote them (bare "
					 "nodes): split into SGF variations as --fix --unsafe-fixes "
					 "splits them (a guess where a line ends)\n");
		} else {
			checked_free(&ck2);
		}
	}
	/* Written from the document the check leaves: the input itself when
	 * no fix applies (streamed when it was loaded so, and its tree read
	 * again from its text), else the fixed record's. */
	if (ok)
		sgf_write_record(ck.doc.root, &ck.doc, o, out, lost);
	checked_free(&ck);
	free(result_was);
	return ok;
}

bool sgf_write_json(const char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost)
{
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	return sgf_write_text(copy, len, o, out, lost);
}

SGFW_FOR_SIZE_END
