/* ugfnode: a UGF line made a node's (ugfreader.h): a move of [Data] or of
 * a review's NODE line, a comment's text and labels, and the comments
 * that wait for their move until it is made. */
#include "convert/ugfreader.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "convert/say.h"
#include "core/catalog.h"

/* What the UGF reader says of a line (convert/say.h). */
#define SAY_MOVE_LINE &rule_ugf_unreadable_line, "ignored: not a UGF move line"
#define SAY_LABEL_LINE &rule_ugf_unreadable_line, "ignored: not a label on the board, `.#,X,Y,LABEL`"
#define SAY_OFF_BOARD &rule_ugf_off_board, \
	"a move at %s, off the %dx%d board: read as a pass"

void ugf_prop(struct sgf_node *n, const char *id, const char *text, size_t len,
	      struct sgf_pos pos)
{
	sgf_prop_text(n, id, text, len, pos);
}

void ugf_props(struct sgf_node *n, const char *id, const char *text, struct sgf_pos pos)
{
	ugf_prop(n, id, text, strlen(text), pos);
}

/* The n-th comma-separated field (0-based) of s, as a new string. */
char *ugf_field(const char *s, size_t len, int n)
{
	const char *end = s + len, *p = s;
	for (int i = 0; i < n; i++) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		if (!c)
			return xstrdup("");
		p = c + 1;
	}
	const char *c = memchr(p, ',', (size_t)(end - p));
	return xstrndup(p, (size_t)((c ? c : end) - p));
}

/* The SGF point of UGF letters or 1-based numbers; false for a pass. */
bool ugf_point(const struct ugf *u, int col, int row, char out[3])
{
	if (col < 1 || row < 1 || col > u->size || row > u->size || u->size > 52)
		return false;
	int x = col - 1, y = u->jpn ? row - 1 : u->size - row;
	out[0] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
	out[1] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
	out[2] = '\0';
	return true;
}

void ugf_add_id(struct ugf *u, long long id, uint32_t n)
{
	u->ids = xgrow(u->ids, &u->idcap, u->nids + 1, sizeof *u->ids);
	u->ids[u->nids] = (struct ugf_id){ id, (uint32_t)u->nids, n };
	u->nids++;
	u->ids_sorted = false;
}

/* Whether a point off the board is how UGF writes a pass: letters from Y
 * (YA, YZ, ZZ), or numbers both past the board (20,20) or both 0. */
bool ugf_pass_point(const struct ugf *u, int col, int row, bool letters)
{
	if (letters)
		return col >= 25 && col > u->size;
	return (col < 1 && row < 1) || (col > u->size && row > u->size);
}

/* A move; one off the board that is not a pass is read as one, and said
 * (unless quiet: [Data] read again beside the review, which compares it). */
void ugf_move(struct ugf *u, struct sgf_node *n, char color, int col, int row,
	      const char *written, bool quiet, const struct line *l)
{
	char pt[3] = "";
	const char id[2] = { color, '\0' };
	if (!ugf_point(u, col, row, pt)) {
		pt[0] = '\0';
		if (!quiet && !ugf_pass_point(u, col, row, !strchr(written, ',')))
			sgf_say(u->notes, at_line(l), SAY_OFF_BOARD, written, u->size, u->size);
	}
	ugf_props(n, id, pt, at_line(l));
}

/* One [Data] or NODE move line, into a new node: a child of parent unless
 * parent is NULL; quiet: a move off the board not said. */
struct sgf_node *ugf_data_move(struct ugf *u, const struct line *l, struct sgf_node *parent,
			       bool quiet)
{
	char *xy = ugf_field(l->s, l->len, 0), *who = ugf_field(l->s, l->len, 1);
	char *rest = NULL;
	struct sgf_node *n = NULL;
	if (strlen(xy) == 2 && (who[0] == 'B' || who[0] == 'W')) {
		/* a game's node is cut from its blocks (freed behind the
		 * conversion as SGF's are); a [Data] line read again beside
		 * the review is compared and freed */
		n = parent ? sgf_node_in(u->root, at_line(l)) : sgf_node_new(at_line(l));
		if (parent)
			sgf_node_add_kid(parent, n);
		ugf_move(u, n, who[0], toupper((unsigned char)xy[0]) - 'A' + 1,
			 toupper((unsigned char)xy[1]) - 'A' + 1, xy, quiet, l);
		/* the time used (seconds, and cumulative times after a quote) */
		const char *third = l->s;
		for (int i = 0; i < 3 && third; i++) {
			third = memchr(third, ',', (size_t)(l->s + l->len - third));
			third = third ? third + 1 : NULL;
		}
		rest = third ? xstrndup(third, (size_t)(l->s + l->len - third)) : xstrdup("");
		if (*rest && strcmp(rest, "0"))
			ugf_props(n, "UGF:Time", rest, at_line(l));
		if (who[1] && who[1] != '1')
			ugf_props(n, "UGF:Player", who, at_line(l));
	} else {
		sgf_say(u->notes, at_line(l), SAY_MOVE_LINE);
	}
	free(rest);
	free(xy);
	free(who);
	return n;
}

size_t ugf_indent_of(const struct line *l)
{
	size_t i = 0;
	while (i < l->len && l->s[i] == ' ')
		i++;
	return i;
}

/* Whether l is a section's name line, `[Name]` (split_sections'). */
bool ugf_section_line(const struct line *l)
{
	return l->len >= 2 && l->s[0] == '[' && l->s[l->len - 1] == ']';
}

/* Whether l begins a comment (`.Comment,…`, `.Text,…`) or ends one
 * (`.EndText`, any `.` line but a label's). */
bool ugf_directive_line(const struct line *l)
{
	return l->len && l->s[0] == '.' && !(l->len > 1 && l->s[1] == '#');
}

/* One comment's lines, from r on (the line after its directive, at pos)
 * up to the next directive, section or the end: its `.#,x,y,label` lines
 * become labels as they come, the rest its text, put at its end; on node,
 * or nowhere when node is NULL (a move's, read again as it is made: what
 * its lines hold is said now all the same). */
void ugf_comment_lines(struct ugf *u, struct line_reader *r, struct sgf_node *node,
		       struct sgf_pos pos)
{
	struct buf text = BUF_INIT;
	for (struct line_reader ahead = *r;; *r = ahead) {
		struct line line;
		if (!line_next(&ahead, &line) || ugf_directive_line(&line) || ugf_section_line(&line))
			break;
		const struct line *l = &line;
		if (l->len > 2 && !memcmp(l->s, ".#", 2)) {
			char *x = ugf_field(l->s, l->len, 1), *y = ugf_field(l->s, l->len, 2),
			     *label = ugf_field(l->s, l->len, 3), pt[3];
			long col, row;
			if (!lines_whole(x, &col) || !lines_whole(y, &row) ||
			    !ugf_point(u, (int)col, (int)row, pt) || !*label) {
				sgf_say(u->notes, at_line(l), SAY_LABEL_LINE);
			} else if (node) {
				struct buf b = BUF_INIT;
				buf_printf(&b, "%s:", pt);
				sgf_escape(&b, label, strlen(label), true);
				bool existed;
				sgf_prop_add(sgf_prop_get(node, "LB", at_line(l), &existed), b.data,
					     b.len, at_line(l));
				buf_free(&b);
			}
			free(x), free(y), free(label);
		} else if (node) {
			buf_add(&text, l->s, l->len);
			buf_addc(&text, '\n');
		}
	}
	if (node && text.len) {   /* (a comment of empty lines: an empty one) */
		while (text.len && text.data[text.len - 1] == '\n')
			text.len--;
		ugf_prop(node, "C", text.data, text.len, pos);
	}
	buf_free(&text);
}

struct attach_ask {
	const struct attach *attach;
	size_t move;
};

static bool attach_not_below(const void *ctx, size_t i)
{
	const struct attach_ask *a = ctx;
	return a->attach[i].move >= a->move;
}

/* Put on node n, move k of the line (review node k), what comments gave
 * it (read as u reads, its notes said already). */
void ugf_attach_to(struct data_more *d, struct ugf *u, struct sgf_node *n, size_t k)
{
	size_t i = d->next;
	if (d->review)   /* (its nodes made in no order of theirs: looked up) */
		i = bound_first(0, d->nattach, attach_not_below,
				&(struct attach_ask){ d->attach, k });
	for (; i < d->nattach && d->attach[i].move == k; i++, d->put++) {
		const struct attach *a = &d->attach[i];
		struct line_reader r;
		struct line l;
		line_reader_init(&r, d->text + a->at, (size_t)(d->end - d->text) - a->at);
		r.no = a->line - 1;
		line_next(&r, &l);   /* (its directive) */
		ugf_comment_lines(u, &r, n, at_line(&l));
	}
	if (!d->review)
		d->next = i;
	if (d->attach && (d->review ? d->put : d->next) == d->nattach) {
		/* all put: not held beside the record's text as it grows */
		free(d->attach);
		d->attach = NULL;
		d->nattach = d->next = d->cap = d->put = 0;
	}
}

void ugf_more_free(struct sgf_more *more)
{
	struct data_more *d = (struct data_more *)more;
	free(d->attach);
	free(d->nodes);
	free(d);
}
