/* ugf: UGF/UGI to the SGF property tree. The header becomes root
 * properties (SGF's where SGF has them, the UGF variable name where not, so
 * that the converter keeps it under meta); the review tree ([ReviewNode])
 * when there is one, else the [Data] moves, become the nodes; comments
 * ([ReviewComment] .Comment, [Figure] .Text) go on their nodes. */
#include "convert/ugf.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "convert/lines.h"
#include "convert/say.h"
#include "core/catalog.h"

/* What the UGF reader says (convert/say.h). */
#define SAY_MOVE_LINE &rule_ugf_unreadable_line, "ignored: not a UGF move line"
#define SAY_NODE_LINE &rule_ugf_unreadable_line, "ignored: not a review node line"
#define SAY_LABEL_LINE &rule_ugf_unreadable_line, "ignored: not a label on the board, `.#,X,Y,LABEL`"
#define SAY_MOVES_OUTSIDE &rule_ugf_unreadable_line, \
	"a [Data] move line in [%s], and no [Data] (its line lost?): the game's moves are not read"
#define SAY_MOVE_OUTSIDE &rule_ugf_unreadable_line, \
	"ignored: a [Data] move line in [%s] (a line moved?): its move is not read"
#define SAY_TOO_DEEP &rule_ugf_deep_variations, "ignored: review variations nested too deeply"
#define SAY_LOST_COMMENT &rule_ugf_lost_comment, \
	"ignored: a comment on %s %s, which is not in the game"
#define SAY_DATA_DIFFERS &rule_ugf_data_differs, \
	"the [Data] moves differ from the review's main line here; kept under meta"
#define SAY_OFF_BOARD &rule_ugf_off_board, \
	"a move at %s, off the %dx%d board: read as a pass"
#define SAY_NUMBERS_LOST &rule_ugf_move_number, "%lld %s lost: move number %lld follows %lld"
#define SAY_FIRST_NUMBER &rule_ugf_move_number, "%lld %s lost: the first move is numbered %lld"
#define SAY_NO_SIZE &rule_ugf_header_guessed, \
	"no Size= in the [Header] (its line lost?): the moves read on a 19x19 board"
#define SAY_NO_COORDINATES &rule_ugf_header_guessed, \
	"no CoordinateType= in the [Header] (its line lost?): rows read from the bottom, as IGS " \
	"counts them"
#define SAY_BAD_COORDINATES &rule_ugf_header_guessed, \
	"`%.*s` is neither IGS nor JPN: rows read from the bottom, as IGS counts them"
#define SAY_NUMBER_OUT_OF_ORDER &rule_ugf_move_number, \
	"move number %lld follows %lld: a line doubled or out of order"
#define SAY_NO_NUMBER &rule_ugf_unreadable_line, \
	"move number `%s` is none from 1 to 100,000,000: read as %lld"

struct ugf {
	const char *text;
	size_t len;
	struct sgf_notes *notes;
	int size;
	bool jpn;                 /* CoordinateType=JPN: rows count from the top */
	bool has_size, has_coordinates;   /* a Size=, a CoordinateType= in [Header] */
	struct line coordinates_line;
	bool coordinates_read;   /* its value IGS, JPN or none */
	struct sgf_node *root;
	/* The review's node ids (and the root's, 1), in the order read; sorted
	 * by id (then that order: the first of an id given twice is its node)
	 * at the first look-up, a look-up a binary search (a scan of them all
	 * each comment was quadratic); long long: long is 32 bits in wasm32;
	 * node: its review node's index (struct data_more's nodes, 0 the root),
	 * the table freed once the comments are read */
	struct ugf_id { long long id; uint32_t order, node; } *ids;
	size_t nids, idcap;
	bool ids_sorted;
	bool lazy;                /* [Data] alone read as it is converted (ugf_read's) */
	bool bare;                /* nothing kept under meta (ugf_read's) */
	struct data_more *more;   /* [Data] alone: its moves to read and the comments
				   * waiting for them (data_game), until data_made */
};

static struct sgf_pos at_line(const struct line *l) { return (struct sgf_pos){ l->no, 1 }; }

/* A [Name] section: the text of its lines after its name line, read line
 * by line as each step needs them (no index of the file's lines: 24 bytes
 * a line, held beside the game's nodes when reading ends). */
struct section {
	char *name;
	const char *from, *to;
	unsigned long no;   /* the name line's */
};

/* The section's lines, from the first after its name. */
static struct line_reader section_lines(const struct section *sec)
{
	struct line_reader r;
	line_reader_init(&r, sec->from, (size_t)(sec->to - sec->from));
	r.no = sec->no;
	return r;
}

static void prop(struct sgf_node *n, const char *id, const char *text, size_t len,
		 struct sgf_pos pos)
{
	sgf_prop_text(n, id, text, len, pos);
}

static void props(struct sgf_node *n, const char *id, const char *text, struct sgf_pos pos)
{
	prop(n, id, text, strlen(text), pos);
}

/* The property id that keeps the UGF variable or section `name` under meta:
 * whole, however long (a cut id could split a UTF-8 character or merge two
 * names). */
static char *ugf_id(const char *name)
{
	struct buf id = BUF_INIT;
	buf_printf(&id, "UGF:%s", name);
	return buf_detach(&id);
}

/* The n-th comma-separated field (0-based) of s, as a new string. */
static char *field(const char *s, size_t len, int n)
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
static bool point(const struct ugf *u, int col, int row, char out[3])
{
	if (col < 1 || row < 1 || col > u->size || row > u->size || u->size > 52)
		return false;
	int x = col - 1, y = u->jpn ? row - 1 : u->size - row;
	out[0] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
	out[1] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
	out[2] = '\0';
	return true;
}

static void add_id(struct ugf *u, long long id, uint32_t n)
{
	u->ids = xgrow(u->ids, &u->idcap, u->nids + 1, sizeof *u->ids);
	u->ids[u->nids] = (struct ugf_id){ id, (uint32_t)u->nids, n };
	u->nids++;
	u->ids_sorted = false;
}

static int id_order(const void *a, const void *b)
{
	const struct ugf_id *x = a, *y = b;
	return x->id != y->id ? (x->id > y->id) - (x->id < y->id) :
	       (x->order > y->order) - (x->order < y->order);
}

struct id_ask {
	const struct ugf *u;
	long long id;
};

static bool id_not_below(const void *ctx, size_t i)
{
	const struct id_ask *a = ctx;
	return a->u->ids[i].id >= a->id;
}

#define NO_NODE UINT32_MAX

/* The index of id's node, NO_NODE for none. */
static uint32_t by_id(struct ugf *u, long long id)
{
	if (!u->ids_sorted)
		sort_items(u->ids, u->nids, sizeof *u->ids, id_order);
	u->ids_sorted = true;
	struct id_ask a = { u, id };
	size_t lo = bound_first(0, u->nids, id_not_below, &a);   /* the first of id, if any */
	return lo < u->nids && u->ids[lo].id == id ? u->ids[lo].node : NO_NODE;
}

/* Whether a point off the board is how UGF writes a pass: letters from Y
 * (YA, YZ, ZZ), or numbers both past the board (20,20) or both 0. */
static bool pass_point(const struct ugf *u, int col, int row, bool letters)
{
	if (letters)
		return col >= 25 && col > u->size;
	return (col < 1 && row < 1) || (col > u->size && row > u->size);
}

/* A move; one off the board that is not a pass is read as one, and said
 * (unless quiet: [Data] read again beside the review, which compares it). */
static void move(struct ugf *u, struct sgf_node *n, char color, int col, int row,
		 const char *written, bool quiet, const struct line *l)
{
	char pt[3] = "";
	const char id[2] = { color, '\0' };
	if (!point(u, col, row, pt)) {
		pt[0] = '\0';
		if (!quiet && !pass_point(u, col, row, !strchr(written, ',')))
			sgf_say(u->notes, at_line(l), SAY_OFF_BOARD, written, u->size, u->size);
	}
	props(n, id, pt, at_line(l));
}

static const char *result(const char *w, const char *how, char *buf, size_t size)
{
	if ((w[0] == 'B' || w[0] == 'W') && !w[1]) {
		char *end;
		double d = strtod(how, &end);
		if (*how && !*end && d >= 0)
			snprintf(buf, size, "%c+%g", w[0], d);
		else if (how[0] == 'C' || how[0] == 'R')
			snprintf(buf, size, "%c+R", w[0]);
		else if (how[0] == 'T')
			snprintf(buf, size, "%c+T", w[0]);
		else if (how[0] == 'F')
			snprintf(buf, size, "%c+F", w[0]);
		else
			return NULL;
		return buf;
	}
	if (w[0] == 'D')
		return "0";
	if (w[0] == 'N')
		return "Void";
	return NULL;   /* P (playing), O, A, E: kept under meta */
}

/* Fields i and j of a structured value as the properties a and b, when
 * they are not empty. */
static void two_fields(struct sgf_node *r, const char *val, int i, const char *a, int j,
		       const char *b, struct sgf_pos pos)
{
	char *x = field(val, strlen(val), i), *y = field(val, strlen(val), j);
	if (*x)
		props(r, a, x, pos);
	if (*y)
		props(r, b, y, pos);
	free(x);
	free(y);
}

static void header_var(struct ugf *u, const char *name, const char *val, const struct line *l)
{
	struct sgf_node *r = u->root;
	struct sgf_pos pos = at_line(l);
	size_t vlen = strlen(val);
	bool kept = false;
	if (!strcmp(name, "Place") && *val) {
		props(r, "PC", val, pos);
	} else if (!strcmp(name, "Size")) {
		long v;   /* (none from 1 to 52: 19, as sgf-board-size reads SZ) */
		u->size = lines_whole(val, &v) && v >= 1 && v <= 52 ? (int)v : 0;
		u->has_size = true;   /* (a value no size is sgf-board-size's) */
		props(r, "SZ", val, pos);
	} else if (!strcmp(name, "Rule") && *val) {
		props(r, "RU", !strcmp(val, "JPN") ? "Japanese" : !strcmp(val, "CHN") ? "Chinese" :
		      !strcmp(val, "KOR") ? "Korean" : val, pos);
		kept = strcmp(val, "JPN") && strcmp(val, "CHN") && strcmp(val, "KOR");
	} else if (!strcmp(name, "Hdcp")) {
		two_fields(r, val, 0, "HA", 1, "KM", pos);
	} else if (!strcmp(name, "Date") && *val) {
		char *a = field(val, vlen, 0), *b = field(val, vlen, 2);
		for (char *p = a; *p; p++)
			*p = *p == '/' ? '-' : *p;
		for (char *p = b; *p; p++)
			*p = *p == '/' ? '-' : *p;
		struct buf d = BUF_INIT;
		buf_adds(&d, a);
		if (*b && strcmp(a, b))
			buf_printf(&d, ",%s", b);
		props(r, "DT", d.data, pos);
		buf_free(&d);
		free(a);
		free(b);
		kept = true;   /* the times of day */
	} else if (!strcmp(name, "Winner") && *val) {
		char *w = field(val, vlen, 0), *how = field(val, vlen, 1), buf[32];
		const char *re = result(w, how, buf, sizeof buf);
		if (re)
			props(r, "RE", re, pos);
		kept = !re || (how[0] == 'F' && how[1]);
		free(w);
		free(how);
	} else if (!strcmp(name, "PlayerB") || !strcmp(name, "PlayerW") ||
		   !strcmp(name, "BMemb1") || !strcmp(name, "WMemb1")) {
		bool black = (name[0] == 'P' ? name[6] : name[0]) == 'B';
		two_fields(r, val, 0, black ? "PB" : "PW", 1, black ? "BR" : "WR", pos);
		kept = true;   /* serial numbers, addresses */
	} else if (!strcmp(name, "Title") && *val) {
		two_fields(r, val, 1, "EV", 2, "RO", pos);
		kept = true;
	} else if (!strcmp(name, "Copyright") && *val) {
		props(r, "CP", val, pos);
	} else if (!strcmp(name, "Writer") && *val) {
		props(r, "US", val, pos);
	} else if (!strcmp(name, "Comment") && *val) {
		props(r, "GC", val, pos);
	} else if (!strcmp(name, "CoordinateType")) {
		u->jpn = !strcmp(val, "JPN");
		u->has_coordinates = true;
		u->coordinates_line = *l;
		u->coordinates_read = !*val || u->jpn || !strcmp(val, "IGS");   /* (empty: IGS's) */
		kept = true;
	} else if (*val) {
		kept = true;
	}
	if (kept) {
		/* the UGF variable itself, for meta: never lost */
		char *id = ugf_id(name);
		props(r, id, val, pos);
		free(id);
	}
}

/* One [Data] or NODE move line, into a new node: a child of parent unless
 * parent is NULL; quiet: a move off the board not said. */
static struct sgf_node *data_move(struct ugf *u, const struct line *l, struct sgf_node *parent,
				  bool quiet)
{
	char *xy = field(l->s, l->len, 0), *who = field(l->s, l->len, 1);
	char *rest = NULL;
	struct sgf_node *n = NULL;
	if (strlen(xy) == 2 && (who[0] == 'B' || who[0] == 'W')) {
		/* a game's node is cut from its blocks (freed behind the
		 * conversion as SGF's are); a [Data] line read again beside
		 * the review is compared and freed */
		n = parent ? sgf_node_in(u->root, at_line(l)) : sgf_node_new(at_line(l));
		if (parent)
			sgf_node_add_kid(parent, n);
		move(u, n, who[0], toupper((unsigned char)xy[0]) - 'A' + 1,
		     toupper((unsigned char)xy[1]) - 'A' + 1, xy, quiet, l);
		/* the time used (seconds, and cumulative times after a quote) */
		const char *third = l->s;
		for (int i = 0; i < 3 && third; i++) {
			third = memchr(third, ',', (size_t)(l->s + l->len - third));
			third = third ? third + 1 : NULL;
		}
		rest = third ? xstrndup(third, (size_t)(l->s + l->len - third)) : xstrdup("");
		if (*rest && strcmp(rest, "0"))
			props(n, "UGF:Time", rest, at_line(l));
		if (who[1] && who[1] != '1')
			props(n, "UGF:Player", who, at_line(l));
	} else {
		sgf_say(u->notes, at_line(l), SAY_MOVE_LINE);
	}
	free(rest);
	free(xy);
	free(who);
	return n;
}

static size_t indent_of(const struct line *l)
{
	size_t i = 0;
	while (i < l->len && l->s[i] == ' ')
		i++;
	return i;
}

/* Where a comment goes: a node, or move k of a [Data] line, or review
 * node k (its comment read again from the text when the node is made:
 * data_next, review_next). */
struct target {
	struct sgf_node *node;
	size_t move;
};

static struct target target_of(struct ugf *u, long long id, bool ids);
static void attach(struct ugf *u, size_t move, const struct line *l);

/* Whether l is a section's name line, `[Name]` (split_sections'). */
static bool section_line(const struct line *l)
{
	return l->len >= 2 && l->s[0] == '[' && l->s[l->len - 1] == ']';
}

/* Whether l begins a comment (`.Comment,…`, `.Text,…`) or ends one
 * (`.EndText`, any `.` line but a label's). */
static bool directive_line(const struct line *l)
{
	return l->len && l->s[0] == '.' && !(l->len > 1 && l->s[1] == '#');
}

/* One comment's lines, from r on (the line after its directive, at pos)
 * up to the next directive, section or the end: its `.#,x,y,label` lines
 * become labels as they come, the rest its text, put at its end; on node,
 * or nowhere when node is NULL (a move's, read again as it is made: what
 * its lines hold is said now all the same). */
static void comment_lines(struct ugf *u, struct line_reader *r, struct sgf_node *node,
			  struct sgf_pos pos)
{
	struct buf text = BUF_INIT;
	for (struct line_reader ahead = *r;; *r = ahead) {
		struct line line;
		if (!line_next(&ahead, &line) || directive_line(&line) || section_line(&line))
			break;
		const struct line *l = &line;
		if (l->len > 2 && !memcmp(l->s, ".#", 2)) {
			char *x = field(l->s, l->len, 1), *y = field(l->s, l->len, 2),
			     *label = field(l->s, l->len, 3), pt[3];
			long col, row;
			if (!lines_whole(x, &col) || !lines_whole(y, &row) ||
			    !point(u, (int)col, (int)row, pt) || !*label) {
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
		prop(node, "C", text.data, text.len, pos);
	}
	buf_free(&text);
}

/* Comments: `.Comment,ID` (review node ids) or `.Text,MOVE,…` (move
 * numbers, 0 for the start), each up to the next `.` line or `.EndText`
 * (comment_lines); one on a move of a [Data] line still to be read is
 * read again from the text as the move is made (attach). */
static void comments(struct ugf *u, const struct section *sec, bool review)
{
	struct line_reader r = section_lines(sec);
	for (struct line l; line_next(&r, &l);) {
		if (!directive_line(&l))
			continue;   /* (lines of no comment) */
		char *kind = field(l.s, l.len, 0), *num = field(l.s, l.len, 1);
		long n;
		bool whole = lines_whole(num, &n);
		if (!strcmp(kind, ".Comment") || !strcmp(kind, ".Text")) {
			bool ids = review && !strcmp(kind, ".Comment");
			struct target t = { NULL, 0 };
			if (whole)
				t = target_of(u, ids ? n : n + 1, ids);
			if (!t.node && !t.move)
				sgf_say(u->notes, at_line(&l), SAY_LOST_COMMENT,
					ids ? "node" : "move", num);
			else if (t.move)
				attach(u, t.move, &l);
			if (t.node || t.move)
				comment_lines(u, &r, t.node, at_line(&l));
		}
		free(kind);
		free(num);
	}
}

/* Sections kept whole under meta (as UGF:Section, one value per line); in
 * a record made bare, its first two lines alone, which say all the record
 * tells of it: the section kept, where, with one value or several (a
 * [Figure] of 100,000 comments held 200,000 values, 9.6 MB, through a
 * check). */
static void keep_section(struct ugf *u, const struct section *sec)
{
	if (sec->from == sec->to)
		return;
	char *id = ugf_id(sec->name);
	struct line_reader r = section_lines(sec);
	size_t n = 0;
	for (struct line l; (!u->bare || n < 2) && line_next(&r, &l); n++)
		prop(u->root, id, l.s, l.len, at_line(&l));
	free(id);
}

static struct section *split_sections(const struct ugf *u, size_t *n)
{
	struct section *sec = NULL;
	size_t nsec = 0, cap = 0;
	struct line_reader r;
	line_reader_init(&r, u->text, u->len);
	for (struct line l; line_next(&r, &l);) {
		if (section_line(&l)) {
			if (nsec)
				sec[nsec - 1].to = l.s;
			sec = xgrow(sec, &cap, nsec + 1, sizeof *sec);
			sec[nsec].name = xstrndup(l.s + 1, l.len - 2);
			sec[nsec].from = r.p < r.end ? r.p : r.end;
			sec[nsec].no = l.no;
			sec[nsec++].to = u->text + u->len;
		}
	}
	*n = nsec;
	return sec;
}

/* [Header]: NAME=VALUE lines. */
static void read_header(struct ugf *u, const struct section *sec)
{
	struct line_reader r = section_lines(sec);
	for (struct line line; line_next(&r, &line);) {
		const struct line *l = &line;
		const char *eq = memchr(l->s, '=', l->len);
		if (!eq || eq == l->s)
			continue;
		char *name = xstrndup(l->s, (size_t)(eq - l->s));
		char *val = xstrndup(eq + 1, l->len - (size_t)(eq + 1 - l->s));
		header_var(u, name, val, l);
		free(name);
		free(val);
	}
}

/* A [Data] line's move number (its third field); -1 when it has none
 * (as GIB's and NGF's, none past 100,000,000: a 64-bit overflow was
 * read as that many moves lost). */
static long long move_number(const struct line *l)
{
	char *num = field(l->s, l->len, 2);
	long n;
	bool whole = *num >= '0' && *num <= '9' && lines_whole(num, &n);
	free(num);
	return whole ? n : -1;
}

/* Whether a move line of [Data] from ahead's next on is numbered lo to hi. */
static bool numbered_later(struct line_reader ahead, long long lo, long long hi)
{
	for (struct line l; line_next(&ahead, &l);) {
		long long n = move_number(&l);
		if (n >= lo && n <= hi)
			return true;
	}
	return false;
}

/* [Data] numbers its moves 1, 2, ...: a number past the next whose
 * missing numbers come nowhere later lost those moves (lines lost from
 * the file); any other out of sequence is a line doubled or moved, said
 * once (after it, the sequence says nothing certain). *last is the last
 * number, -1 once the sequence is given up. */
static void check_number(struct ugf *u, const struct line *l, const struct line_reader *ahead,
			 long long *last)
{
	long long n = move_number(l);
	if (n < 0 && *last >= 0) {   /* no number: the next, so that lost moves after it still tell */
		char *num = field(l->s, l->len, 2);
		sgf_say(u->notes, at_line(l), SAY_NO_NUMBER, num, *last + 1);
		free(num);
		n = *last + 1;
	}
	if (*last < 0 || n < 0 || n == *last + 1) {
		if (*last >= 0 && n >= 0)
			*last = n;
		return;
	}
	if (n > *last + 1 && !numbered_later(*ahead, *last + 1, n - 1)) {
		if (*last)
			sgf_say(u->notes, at_line(l), SAY_NUMBERS_LOST, n - *last - 1,
				n - *last - 1 == 1 ? "move" : "moves", n, *last);
		else
			sgf_say(u->notes, at_line(l), SAY_FIRST_NUMBER, n - 1,
				n - 1 == 1 ? "move" : "moves", n);
		*last = n;
		return;
	}
	sgf_say(u->notes, at_line(l), SAY_NUMBER_OUT_OF_ORDER, n, *last);
	*last = -1;
}

/* A game with neither [Data] nor a review whose lines hold a move line
 * (a section line lost or damaged, the moves read as the section before's),
 * or whose other sections hold one (a line moved past a section line, as
 * [Data]'s last past [Figure]): said at the first, where its moves would be
 * lost in silence. */
static void moves_outside_data(struct ugf *u, const struct section *sec, size_t nsec,
			       bool data)
{
	for (size_t k = 0; k < nsec; k++) {
		if (data && (!strcmp(sec[k].name, "Data") || !strcmp(sec[k].name, "ReviewNode")))
			continue;
		struct line_reader r = section_lines(&sec[k]);
		for (struct line line; line_next(&r, &line);) {
			const struct line *l = &line;
			char *xy = field(l->s, l->len, 0), *who = field(l->s, l->len, 1);
			bool move = strlen(xy) == 2 && isalpha((unsigned char)xy[0]) &&
				    isalpha((unsigned char)xy[1]) && (who[0] == 'B' || who[0] == 'W') &&
				    move_number(l) >= 1;
			free(xy), free(who);
			if (move) {
				if (data)
					sgf_say(u->notes, at_line(l), SAY_MOVE_OUTSIDE, sec[k].name);
				else
					sgf_say(u->notes, at_line(l), SAY_MOVES_OUTSIDE, sec[k].name);
				return;
			}
		}
	}
}

/* Whether [Data] line l, before the game's first move, is a setup stone
 * (move number 0: a handicap or setup stone): its point and colour. */
static bool setup_stone(const struct ugf *u, const struct line *l, char pt[3], char *color)
{
	char *xy = field(l->s, l->len, 0), *who = field(l->s, l->len, 1),
	     *num = field(l->s, l->len, 2);
	bool setup = !strcmp(num, "0") && strlen(xy) == 2 && (who[0] == 'B' || who[0] == 'W') &&
		     point(u, toupper((unsigned char)xy[0]) - 'A' + 1,
			   toupper((unsigned char)xy[1]) - 'A' + 1, pt);
	*color = who[0];
	free(xy), free(who), free(num);
	return setup;
}

/* [Data]'s moves read as the converter asks (sgf_more): its lines again
 * from the first, quietly (the first reading said what they hold). */
struct data_more {
	struct sgf_more more;
	struct line_reader r;
	int size;
	bool jpn, moved;          /* moved: a move read (no setup stone after it) */
	bool lazy;                /* the game's (sgf_game_set_more), else read by data_made */
	size_t moves, made;       /* the line's moves; those read so far */
	/* The comments of its moves ([Figure], [ReviewComment] without a
	 * review), each its directive line's place in the text (at, from
	 * text; the line's number), in the order read, sorted by move before
	 * its first is made; each read again from there as its move is made
	 * (comment_lines), next the first not put yet. 16 bytes a comment: a
	 * copy of each beside 32 bytes held 1.1 times the record of a comment
	 * a move to its last move (stop 103). 32 bits: a text is at most
	 * 3 GiB decoded (struct sgf_pos), its lines and moves fewer. */
	struct attach {
		size_t at;
		uint32_t move, line;
	} *attach;
	size_t nattach, cap, next;
	const char *text, *end;   /* the game's file (ugf_read's, which outlives it) */
	/* A review tree ([ReviewNode]) read as an index, its nodes made as the
	 * converter asks (review_next): 16 bytes a node, where a struct
	 * sgf_node each, made whole as the check began, held 4.7 times the
	 * record. Each its NODE line's place (at, line), its first kid and
	 * next sibling (0: none; node 0 is the root, no one's kid). r reads
	 * [Data] again, whose first moves moves agree with the main line
	 * (their times put on it), made the main-line nodes made so far. */
	bool review;
	struct rnode {
		uint32_t kid, next, at, line;
	} *nodes;
	uint32_t nnodes, last;    /* last: the main line's last node made */
	size_t put;               /* the comments put (review_next's, in any order) */
};

static struct target target_of(struct ugf *u, long long id, bool ids)
{
	if (!ids && u->more && !u->more->review && id > 1)   /* a move of the line still to read */
		return (struct target){ NULL, (size_t)id - 1 <= u->more->moves ? (size_t)id - 1 : 0 };
	uint32_t n = by_id(u, id);   /* (0: the root, made; others made later) */
	return (struct target){ n == 0 ? u->root : NULL, n == NO_NODE ? 0 : n };
}

/* The comment of directive line l on move k, read again as it is made. */
static void attach(struct ugf *u, size_t move, const struct line *l)
{
	struct data_more *d = u->more;
	d->attach = xgrow(d->attach, &d->cap, d->nattach + 1, sizeof *d->attach);
	d->attach[d->nattach++] = (struct attach){ (size_t)(l->s - d->text), (uint32_t)move,
						   at_line(l).line };
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
static void attach_to(struct data_more *d, struct ugf *u, struct sgf_node *n, size_t k)
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
		comment_lines(u, &r, n, at_line(&l));
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

static int attach_order(const void *a, const void *b)
{
	const struct attach *x = a, *y = b;
	return x->move != y->move ? (x->move > y->move) - (x->move < y->move) :
	       (x->at > y->at) - (x->at < y->at);
}

/* The next move of [Data] from r on, a node under parent (NULL: a node
 * of its own, the caller's to free), or NULL at its end. The game's
 * first reading (last_number given) says what the lines hold and puts
 * the setup stones before the first move on the root; a second reading
 * (data_next's) passes over them. */
static struct sgf_node *data_step(struct ugf *u, struct line_reader *r, bool *moved,
				  struct sgf_node *parent, long long *last_number)
{
	for (struct line l; line_next(r, &l);) {
		char pt[3], color;
		if (!l.len)
			continue;
		if (!*moved && setup_stone(u, &l, pt, &color)) {
			if (last_number)
				props(u->root, color == 'B' ? "AB" : "AW", pt, at_line(&l));
			continue;
		}
		struct sgf_node *m = data_move(u, &l, parent, false);
		if (m) {
			if (last_number)
				check_number(u, &l, r, last_number);
			*moved = true;
			return m;
		}
	}
	return NULL;
}

static bool data_next(struct sgf_more *more, struct sgf_node *root, struct sgf_node *last)
{
	struct data_more *d = (struct data_more *)more;
	struct sgf_notes said = { 0 };   /* (said in the first reading) */
	struct ugf u = { .notes = &said, .size = d->size, .jpn = d->jpn, .root = root };
	struct sgf_node *n = data_step(&u, &d->r, &d->moved, last, NULL);
	if (n)
		attach_to(d, &u, n, ++d->made);
	sgf_notes_free(&said);
	d->more.pending = n ? d->more.pending - 1 : 0;
	return n != NULL;
}

static void data_more_free(struct sgf_more *more)
{
	struct data_more *d = (struct data_more *)more;
	free(d->attach);
	free(d->nodes);
	free(d);
}

/* [Data] alone: the game as played, setup stones (move number 0) first.
 * Its lines are read once to say and count its moves; the nodes are made
 * by a second reading (data_next), as the converter asks for them where
 * u->lazy (a line of a million moves held 104 MB of nodes, 104 bytes a
 * move, whole as its conversion began), else all at once when the game's
 * comments are read (data_made). Either way a comment on a move waits
 * for it in u->more (attach). */
static void data_game(struct ugf *u, const struct section *data)
{
	struct data_more *d = xcalloc(1, sizeof *d);
	*d = (struct data_more){ .more = { data_next, data_more_free, 0 }, .r = section_lines(data),
				 .size = u->size, .jpn = u->jpn, .text = u->text,
				 .end = u->text + u->len };
	d->lazy = u->lazy && sgf_game_set_more(u->root, &d->more);
	u->more = d;
	long long last_number = 0;
	bool moved = false;
	struct line_reader r = section_lines(data);
	for (struct sgf_node *m; (m = data_step(u, &r, &moved, NULL, &last_number));)
		d->more.pending++, d->moves++, sgf_node_free(m);
}

/* Review node i (d->nodes'), its NODE line read again: a new node under
 * parent (of its own allocation where heap, else cut from the game's
 * blocks), or of its own where parent is NULL (the caller's to free). */
static struct sgf_node *review_move(struct ugf *u, const struct data_more *d, uint32_t i,
				    struct sgf_node *parent, bool heap)
{
	const struct rnode *rn = &d->nodes[i];
	struct line_reader r;
	struct line l;
	line_reader_init(&r, d->text + rn->at, (size_t)(d->end - d->text) - rn->at);
	r.no = rn->line - 1;
	line_next(&r, &l);
	size_t ind = indent_of(&l);
	char *c = field(l.s + ind, l.len - ind, 2), *x = field(l.s + ind, l.len - ind, 3),
	     *y = field(l.s + ind, l.len - ind, 4);
	long color = 0, col = 0, row = 0;   /* (whole numbers: the index has none else) */
	lines_whole(c, &color), lines_whole(x, &col), lines_whole(y, &row);
	free(c), free(x), free(y);
	struct sgf_node *n = parent && !heap ? sgf_node_in(u->root, at_line(&l)) :
			     sgf_node_new(at_line(&l));
	if (parent)
		sgf_node_add_kid(parent, n);
	char xy[48];
	snprintf(xy, sizeof xy, "%ld,%ld", col, row);
	move(u, n, color == 1 ? 'B' : 'W', (int)col, (int)row, xy, true, &l);
	return n;
}

/* Review node i made under parent, with the times of its [Data] move
 * (main: its place on the main line, 0 off it) and its comments. */
static struct sgf_node *review_make(struct ugf *u, struct data_more *d, uint32_t i,
				    struct sgf_node *parent, size_t main, bool heap)
{
	struct sgf_node *n = review_move(u, d, i, parent, heap);
	for (struct line l; main && main <= d->moves && line_next(&d->r, &l);) {
		struct sgf_node *m = l.len ? data_move(u, &l, NULL, true) : NULL;
		if (!m)
			continue;
		for (size_t p = 0; p < m->nprops; p++) {
			struct sgf_prop *q = &m->props[p];
			bool existed;
			if (strcmp(q->id, "B") && strcmp(q->id, "W"))
				sgf_prop_add(sgf_prop_get(n, q->id, q->pos, &existed),
					     q->vals[0].raw, q->vals[0].len, q->vals[0].pos);
		}
		sgf_node_free(m);
		break;
	}
	attach_to(d, u, n, i);
	return n;
}

/* The variation from review node i on, whole, under parent: depth first,
 * each node's kids in order; the nodes made. */
static size_t review_variation(struct ugf *u, struct data_more *d, uint32_t i,
			       struct sgf_node *parent)
{
	struct frame { uint32_t i; struct sgf_node *parent; } *stack = NULL;
	size_t len = 0, cap = 0, made = 0;
	stack = xgrow(stack, &cap, 1, sizeof *stack);
	stack[len++] = (struct frame){ i, parent };
	while (len) {
		struct frame f = stack[--len];
		/* (its own allocation where the line is freed as converted: the
		 * variation, held until the line after it is, keeps no block) */
		struct sgf_node *n = review_make(u, d, f.i, f.parent, 0, d->lazy);
		made++;
		size_t from = len;
		for (uint32_t k = d->nodes[f.i].kid; k; k = d->nodes[k].next) {
			stack = xgrow(stack, &cap, len + 1, sizeof *stack);
			stack[len++] = (struct frame){ k, n };
		}
		for (size_t a = from, b = len; a + 1 < b; a++, b--) {   /* the first on top */
			struct frame t = stack[a];
			stack[a] = stack[b - 1], stack[b - 1] = t;
		}
	}
	free(stack);
	return made;
}

/* The next node of the review's main line under last, and the
 * variations beside it whole (the converter holds them until it has
 * converted the line, which goes on in the first variation). */
static bool review_next(struct sgf_more *more, struct sgf_node *root, struct sgf_node *last)
{
	struct data_more *d = (struct data_more *)more;
	uint32_t k = d->nodes[d->last].kid;
	if (!k) {
		d->more.pending = 0;
		return false;
	}
	struct sgf_notes said = { 0 };   /* (said in the first reading) */
	struct ugf u = { .notes = &said, .size = d->size, .jpn = d->jpn, .root = root };
	/* (a node of variations its own allocation: kept while the line
	 * after it is freed, it would keep its block) */
	uint32_t first = d->nodes[k].kid;
	review_make(&u, d, k, last, ++d->made, d->lazy && first && d->nodes[first].next);
	d->more.pending--;
	for (uint32_t v = d->nodes[k].next; v; v = d->nodes[v].next)
		d->more.pending -= review_variation(&u, d, v, last);
	d->last = k;
	sgf_notes_free(&said);
	return true;
}

/* [ReviewNode]: NODE,id,colour(0 none, 1 black, 2 white),x,y, with nested
 * VARIATION, ... VARIATIONEND, blocks indented by two more spaces; read
 * into an index (struct data_more's nodes), saying what its lines hold,
 * its nodes made by review_next as the converter asks where u->lazy,
 * else at once when the game's comments are read (data_made). */
static void review_nodes(struct ugf *u, const struct section *review)
{
	enum { LEVELS = 64 };
	struct data_more *d = xcalloc(1, sizeof *d);
	*d = (struct data_more){ .more = { review_next, data_more_free, 0 }, .review = true,
				 .size = u->size, .jpn = u->jpn, .text = u->text,
				 .end = u->text + u->len };
	d->lazy = u->lazy && sgf_game_set_more(u->root, &d->more);
	u->more = d;
	size_t cap = 0, lcap = 0;
	uint32_t *last = NULL;   /* each node's last kid, while they are read */
	d->nodes = xgrow(NULL, &cap, 1, sizeof *d->nodes);
	last = xgrow(NULL, &lcap, 1, sizeof *last);
	d->nodes[0] = (struct rnode){ 0, 0, 0, 0 };
	last[0] = 0;
	d->nnodes = 1;
	uint32_t cur[LEVELS];
	for (size_t k = 0; k < LEVELS; k++)
		cur[k] = NO_NODE;
	cur[0] = 0;
	bool branch = false;
	struct line_reader r = section_lines(review);
	for (struct line line; line_next(&r, &line);) {
		const struct line *l = &line;
		size_t ind = indent_of(l);
		const char *s = l->s + ind;
		size_t len = l->len - ind;
		size_t level = (ind + 2) / 4;
		if (level >= LEVELS) {
			sgf_say(u->notes, at_line(l), SAY_TOO_DEEP);
			continue;
		}
		if (len >= 10 && !memcmp(s, "VARIATION,", 10)) {
			cur[level] = cur[level - (level > 0)];
			branch = true;
			continue;
		}
		if (len >= 12 && !memcmp(s, "VARIATIONEND", 12))
			continue;
		if (len < 5 || memcmp(s, "NODE,", 5)) {
			if (len)
				sgf_say(u->notes, at_line(l), SAY_NODE_LINE);
			continue;
		}
		char *id = field(s, len, 1), *c = field(s, len, 2), *x = field(s, len, 3),
		     *y = field(s, len, 4);
		long nid, color, col = 0, row = 0;
		if (!lines_whole(id, &nid) || !lines_whole(c, &color) || color < 0 || color > 2 ||
		    (color && (!lines_whole(x, &col) || !lines_whole(y, &row)))) {
			sgf_say(u->notes, at_line(l), SAY_NODE_LINE);
		} else if (!color) {
			/* no move: the root (id 1), or an empty node */
			add_id(u, nid, cur[level] != NO_NODE ? cur[level] : 0);
		} else if (cur[level] != NO_NODE) {
			char xy[48], pt[3];
			snprintf(xy, sizeof xy, "%ld,%ld", col, row);
			if (!point(u, (int)col, (int)row, pt) &&
			    !pass_point(u, (int)col, (int)row, false))
				sgf_say(u->notes, at_line(l), SAY_OFF_BOARD, xy, u->size, u->size);
			uint32_t p = cur[level], n = d->nnodes++;
			d->nodes = xgrow(d->nodes, &cap, d->nnodes, sizeof *d->nodes);
			last = xgrow(last, &lcap, d->nnodes, sizeof *last);
			d->nodes[n] = (struct rnode){ 0, 0, (uint32_t)(l->s - u->text), (uint32_t)l->no };
			last[n] = 0;
			if (!d->nodes[p].kid) {
				d->nodes[p].kid = last[p] = n;
			} else if (!branch) {
				/* the line goes on after its variations: it is the main line */
				d->nodes[n].next = d->nodes[p].kid;
				d->nodes[p].kid = n;
			} else {
				d->nodes[last[p]].next = n;
				last[p] = n;
			}
			add_id(u, nid, n);
			cur[level] = n;
			for (size_t k = level + 1; k < LEVELS; k++)
				cur[k] = NO_NODE;
			branch = false;
		}
		free(id), free(c), free(x), free(y);
	}
	free(last);
	d->more.pending = d->nnodes - 1;
}

/* [Data] beside a review tree: the game as played, the review's main line
 * its copy; the times of its moves go on the main line where they agree
 * (u->more's moves: put as the line is made, review_make), and where they
 * do not, [Data] is kept under meta. */
static void data_onto_review(struct ugf *u, const struct section *data)
{
	struct data_more *d = u->more;
	d->r = section_lines(data);
	uint32_t n = 0;
	struct line_reader r = section_lines(data);
	for (struct line l; line_next(&r, &l);) {
		if (!l.len)
			continue;
		struct sgf_node *m = data_move(u, &l, NULL, true);
		if (!m)
			continue;
		bool same = false;
		n = d->nodes[n].kid;
		if (n) {   /* (else the main line ends before the game: a review cut short) */
			struct sgf_node *mine = review_move(u, d, n, NULL, true);
			const struct sgf_prop *q = &m->props[0], *p = sgf_prop_find(mine, q->id);
			same = p && q->nvals && p->nvals && !strcmp(p->vals[0].raw, q->vals[0].raw);
			sgf_node_free(mine);
		}
		sgf_node_free(m);
		if (!same) {
			sgf_say(u->notes, at_line(&l), SAY_DATA_DIFFERS);
			keep_section(u, data);
			break;
		}
		d->moves++;
	}
}

/* u->more's game read now, where not as converted; u->more done with. */
static void data_made(struct ugf *u)
{
	struct data_more *d = u->more;
	u->more = NULL;
	if (!d || d->lazy)
		return;
	for (struct sgf_node *last = u->root; d->more.next(&d->more, u->root, last);)
		last = last->kids[0];
	data_more_free(&d->more);
}

/* A game with moves read on a size or coordinates its [Header] (at line,
 * or the game's first line) does not give: said, the guess made. */
static void header_guesses(struct ugf *u, unsigned long line)
{
	const struct line *cl = &u->coordinates_line;
	if (!u->has_size)
		sgf_say(u->notes, ((struct sgf_pos){ line, 1 }), SAY_NO_SIZE);
	if (!u->has_coordinates)
		sgf_say(u->notes, ((struct sgf_pos){ line, 1 }), SAY_NO_COORDINATES);
	else if (!u->coordinates_read)
		sgf_say(u->notes, at_line(cl), SAY_BAD_COORDINATES, (int)cl->len, cl->s);
}

/* The game of the sections sec (n of them), its root at line, pushed to out. */
static void ugf_game(struct ugf *u, const struct section *sec, size_t nsec, unsigned long line,
		     struct sgf_games *out)
{
	u->size = 19;
	u->jpn = false;
	u->has_size = u->has_coordinates = false;
	u->nids = 0;
	u->more = NULL;
	u->root = sgf_node_in(NULL, (struct sgf_pos){ line, 1 });
	add_id(u, 1, 0);
	const struct section *data = NULL, *review = NULL;
	unsigned long header_line = line;
	for (size_t k = 0; k < nsec; k++) {
		if (!strcmp(sec[k].name, "Header"))
			read_header(u, &sec[k]), header_line = sec[k].no;
		else if (!strcmp(sec[k].name, "Data"))
			data = &sec[k];
		else if (!strcmp(sec[k].name, "ReviewNode"))
			review = &sec[k];
	}
	if (u->size < 1 || u->size > 52)
		u->size = 19;
	if (data || review)
		header_guesses(u, header_line);
	if (review) {
		review_nodes(u, review);
		if (data)
			data_onto_review(u, data);
	} else if (data) {
		data_game(u, data);
	}
	moves_outside_data(u, sec, nsec, data || review);
	for (size_t k = 0; k < nsec; k++) {
		const char *nm = sec[k].name;
		if (!strcmp(nm, "ReviewComment") || !strcmp(nm, "Figure"))
			comments(u, &sec[k], review != NULL);
		if (strcmp(nm, "Header") && strcmp(nm, "Data") && strcmp(nm, "ReviewNode") &&
		    strcmp(nm, "ReviewComment"))
			keep_section(u, &sec[k]);
	}
	free(u->ids);   /* (the comments' nodes found) */
	u->ids = NULL;
	u->nids = u->idcap = 0;
	if (u->more)   /* in the order of the moves (nodes), each one's as read */
		sort_items(u->more->attach, u->more->nattach, sizeof *u->more->attach, attach_order);
	data_made(u);
	out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
	out->games[out->len++] = u->root;
}

void ugf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes,
	      bool lazy, bool bare)
{
	struct ugf u = { .text = text, .len = len, .notes = notes, .lazy = lazy, .bare = bare };
	size_t nsec;
	struct section *sec = split_sections(&u, &nsec);
	/* Each [Header] after a game's moves begins another game (files
	 * concatenated), which is not more of the same one; a [Header] line
	 * doubled, or a header's lines swapped around it (no [Data] or
	 * [ReviewNode] before it), does not. */
	size_t from = 0;
	for (size_t k = 1; k <= nsec; k++)
		if (k == nsec || !strcmp(sec[k].name, "Header")) {
			bool header = false, moves = false;
			for (size_t i = from; i < k; i++) {
				header |= !strcmp(sec[i].name, "Header");
				moves |= !strcmp(sec[i].name, "Data") || !strcmp(sec[i].name, "ReviewNode");
			}
			if (k == nsec || (header && moves)) {
				ugf_game(&u, sec + from, k - from, from ? sec[from].no : 1, out);
				from = k;
			}
		}
	if (!nsec)
		ugf_game(&u, sec, 0, 1, out);
	for (size_t k = 0; k < nsec; k++)
		free(sec[k].name);
	free(sec);
	free(u.ids);
}
