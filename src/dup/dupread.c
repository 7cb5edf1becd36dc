/* dupread: the games of one input, whatever its format, into a dup_set. */
#include "dup/dupread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/conversion.h"
#include "convert/convert.h"
#include "core/record.h"
#include "read/scan.h"

/* A game of another format, through the one mapping --convert uses, so
 * that a game and the record --convert makes of it are read alike. */
static bool read_converted(struct dup_game *g, const struct sgf_node *root, const char *source)
{
	struct sgf_notes notes = { 0 };
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	size_t depth = 0, nesting = 0;
	bool go = convert_game(root, source, &notes, &map, &kept, &text, &depth, &nesting);
	if (go && depth <= JGF_MAX_DEPTH) {
		json_tokener *tok = json_tokener_new_ex((int)depth + 1);
		json_object *rec = tok ? json_tokener_parse_ex(tok, text.data, (int)text.len) : NULL;
		if (rec)
			dup_game_from_jgf(g, rec);
		else
			snprintf(g->why, sizeof g->why, "its record could not be made");
		g->readable &= rec != NULL;
		json_put_deep(rec, depth);
		if (tok)
			json_tokener_free(tok);
	} else {
		g->readable = false;
		snprintf(g->why, sizeof g->why, "%s", go ? "its variations nest too deeply"
			 : notes.len ? notes.items[notes.len - 1].text : "it is not a game of Go");
	}
	buf_free(&text);
	buf_free(&kept);
	posmap_free(&map);
	sgf_notes_free(&notes);
	return g->readable;
}

static void skipped(struct buf *log, const char *name, size_t game, size_t count,
		    const char *why)
{
	if (count > 1)
		buf_printf(log, "%s: game %zu: not read: %s\n", name, game + 1, why);
	else
		buf_printf(log, "%s: not read: %s\n", name, why);
}

static void to_set(void *ctx, const struct dup_game *g, const char *name, size_t index,
		   size_t count, const char *format)
{
	dup_set_add(ctx, g, name, index, count, format);
}

size_t dup_read_document(struct dup_set *s, struct document *doc, const char *name,
			 const char *encoding, struct buf *log)
{
	return dup_read_games(to_set, s, dup_set_keys(s), doc, name, encoding, log);
}

size_t dup_read_games(dup_sink *add, void *ctx, bool signatures, struct document *doc,
		      const char *name, const char *encoding, struct buf *log)
{
	size_t added = 0;
	if (doc->io_failed) {
		buf_printf(log, "%s: not read: %s\n", name,
			   doc->diags.len ? doc->diags.items[0].message : "it cannot be read");
		return 0;
	}
	struct record_info rec = { 0 };
	if (doc->parsed)
		record_classify(doc->root, &rec);
	if (doc->parsed && rec.dialect == DIALECT_JGF) {
		struct dup_game g;
		dup_game_init(&g);
		g.signatures = signatures;
		dup_game_from_jgf(&g, doc->root);
		if (g.readable) {
			dup_game_normalise(&g);
			add(ctx, &g, name, 0, 1, "JGF");
			added++;
		} else {
			skipped(log, name, 0, 1, g.why);
		}
		dup_game_free(&g);
		return added;
	}
	struct conversion c;
	if (!conversion_read_as(&c, doc, encoding) || !c.games.len) {
		size_t lead = doc->text ? strspn(doc->text, " \t\r\n") : 0;
		bool json_like = doc->text && lead < doc->len && strchr("{[", doc->text[lead]);
		/* A UGZ file not inflated, or not read by this build: why */
		skipped(log, name, 0, 1, c.unreadable && c.notes.len ? c.notes.items[c.notes.len - 1].text
			: c.why_not ? c.why_not
			: c.format ? "no game found in it"
			: doc->parsed && rec.what ? rec.what
			: !doc->parsed && json_like ? "it is not valid JSON (`jgflint FILE` says where; "
						      "`jgflint --fix FILE` repairs what it can)"
			: "not JGF, SGF, SGF-in-JSON, UGF/UGI, UGZ, GIB or NGF");
		conversion_free(&c);
		return 0;
	}
	for (size_t i = 0; i < c.games.len; i++) {
		struct sgf_node *root = conversion_take_game(&c, i);
		struct dup_game g;
		dup_game_init(&g);
		g.signatures = signatures;
		if (!root) {
			skipped(log, name, i, c.games.len, "it is larger than the memory budget");
		} else if (read_converted(&g, root, c.source)) {
			dup_game_normalise(&g);
			add(ctx, &g, name, i, c.games.len, c.format);
			added++;
		} else {
			skipped(log, name, i, c.games.len, g.why);
		}
		sgf_node_free(root);
		dup_game_free(&g);
	}
	conversion_free(&c);
	return added;
}
