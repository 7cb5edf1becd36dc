/* nodeat: the node of a game's record that a place of its source made
 * (nodeat.h). One reader and one mapping: the converter's, whose position
 * map knows the node each move and setup property made. */
#include "convert/nodeat.h"

#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/locate.h"
#include "convert/conversion.h"
#include "convert/conversion_int.h"
#include "convert/convert.h"
#include "convert/posmap.h"
#include "convert/sgfplace.h"

/* Where byte offset of doc's bytes falls in their decoded text (tlen
 * bytes, loc its locator): on the same line, after the same characters,
 * the line's bytes up to it being the text's own or read in set ("" when
 * unknown). Lines and columns are locate.h's one count of both. */
static bool decoded_at(const struct document *doc, size_t offset, const char *set,
		       struct locator *loc, const char *text, size_t tlen, size_t *out)
{
	const char *raw = doc->text;
	size_t bom = doc->len >= 3 && !memcmp(raw, "\xEF\xBB\xBF", 3) ? 3 : 0;
	if (!doc->loc || offset < bom || offset > doc->len || !strncmp(set, "UTF-16", 6) ||
	    !strncmp(set, "UTF-32", 6))
		return false;
	size_t line = locator_line(doc->loc, offset), start, end, at, at_end;
	locator_line_bounds(doc->loc, line, &start, &end);
	if (start < bom)
		start = bom;
	locator_line_bounds(loc, line, &at, &at_end);
	if (locator_line(loc, at) != line)
		return false;   /* the text has fewer lines */
	size_t n = offset - start;
	if (at + n <= tlen && !memcmp(raw + start, text + at, n)) {
		*out = at + n;
		return true;
	}
	if (!*set)
		return false;
	size_t chars = 0;
	for (size_t i = start; i < offset; i += charset_char_len(set, raw + i, doc->len - i))
		chars++;
	if (chars > text_columns(text + at, at_end - at))
		return false;
	*out = locator_offset(loc, line, chars + 1);
	return true;
}

/* The property of game that starts last at or before at: the one at holds,
 * if any. */
static const struct sgf_prop *last_before(const struct sgf_node *game, struct sgf_pos at)
{
	const struct sgf_prop *best = NULL;
	const struct sgf_node **stack = NULL;
	size_t len = 0, cap = 0;
	stack = xgrow(stack, &cap, 1, sizeof *stack);
	stack[len++] = game;
	while (len) {
		const struct sgf_node *n = stack[--len];
		for (uint32_t i = 0; i < n->nprops; i++)
			if (!sgf_pos_before(at, n->props[i].pos) &&
			    (!best || sgf_pos_before(best->pos, n->props[i].pos)))
				best = &n->props[i];
		stack = xgrow(stack, &cap, len + n->nkids, sizeof *stack);
		for (uint32_t k = 0; k < n->nkids; k++)
			stack[len++] = n->kids[k];
	}
	free(stack);
	return best;
}

static bool move_or_setup(const char *id)
{
	return !strcmp(id, "B") || !strcmp(id, "W") || !strcmp(id, "AB") || !strcmp(id, "AW") ||
	       !strcmp(id, "AE");
}

/* Whether the property p of SGF text (sgf) or of a format of a move a line
 * holds the byte at of text, whose locator is loc. */
static bool holds(const struct sgf_prop *p, bool sgf, struct locator *loc, const char *text,
		  size_t tlen, size_t at, struct sgf_pos pos)
{
	if (!sgf)
		return p->pos.line == pos.line;
	size_t start = locator_offset(loc, p->pos.line, p->pos.col);
	struct sgf_far far = { 0 };
	return at >= start && at < sgf_span_end(text, tlen, start, &far);
}

/* game converted whole, and the node its property at pos made. */
static bool convert_at(struct conversion *c, const struct sgf_node *game, struct sgf_pos pos,
		       json_object **record, struct buf *pointer)
{
	struct sgf_notes notes = { .reader = &c->notes };   /* (its unclosed values) */
	struct posmap map = { 0 };
	struct buf kept = BUF_INIT, text = BUF_INIT;
	size_t depth = 0, nesting = 0;
	struct convert_shape shape = { .tree.tree = SIZE_MAX, .whole = true };
	bool found = conversion_count_nodes(game) <= c->games.max_nodes &&
		     convert_record(game, c->source, &notes, &map, &kept, &text, &depth, &nesting,
				    &shape) &&
		     depth <= JGF_MAX_DEPTH && posmap_node_from(&map, pos, pointer);
	if (found) {
		*record = shape.head;
		shape.head = NULL;
	}
	convert_shape_free(&shape);
	buf_free(&text);
	buf_free(&kept);
	posmap_free(&map);
	sgf_notes_free(&notes);
	return found;
}

bool conversion_node_at(struct document *doc, size_t offset, json_object **record,
			struct buf *pointer)
{
	*record = NULL;
	struct conversion c;
	bool read = conversion_read_input(&c, doc, NULL, true, false, false);
	bool sgf = read && !strcmp(c.format, "SGF");
	const char *text = sgf ? c.text : c.plain;
	size_t tlen = sgf ? c.text_len : c.plain_len, at;
	struct locator *loc = NULL;
	if (!read || !text || !strcmp(c.format, "OGS") || !strcmp(c.format, "SGF-in-JSON") ||
	    !decoded_at(doc, offset, sgf ? c.set : "", loc = locator_new(text, tlen, 0), text,
			tlen, &at)) {
		locator_free(loc);
		conversion_free(&c);
		return false;
	}
	unsigned long line, col;
	locator_linecol(loc, at, &line, &col);
	struct sgf_pos pos = { (uint32_t)line, (uint32_t)col };
	/* The game that holds it: the last to start before it. */
	struct sgf_node *game = NULL;
	for (size_t g = 0; c.text || g < c.games.len; g++) {
		struct sgf_game_info info = { { 1, 1 }, false };
		struct sgf_node *next = conversion_game_at(&c, g, &info);
		if (!next || sgf_pos_before(pos, info.start)) {
			sgf_node_free(next);
			break;
		}
		sgf_node_free(game);
		game = next;
		if (info.over) {   /* over the memory budget: not converted */
			sgf_node_free(game);
			game = NULL;
			break;
		}
	}
	const struct sgf_prop *p = game ? last_before(game, pos) : NULL;
	bool found = p && move_or_setup(p->id) && holds(p, sgf, loc, text, tlen, at, pos) &&
		     convert_at(&c, game, p->pos, record, pointer);
	sgf_node_free(game);
	locator_free(loc);
	conversion_free(&c);
	return found;
}
