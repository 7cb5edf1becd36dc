/* ugf: UGF/UGI to the SGF property tree. The header becomes root
 * properties (SGF's where SGF has them, the UGF variable name where not, so
 * that the converter keeps it under meta); the review tree ([ReviewNode])
 * when there is one, else the [Data] moves, become the nodes; comments
 * ([ReviewComment] .Comment, [Figure] .Text) go on their nodes. Its parts
 * share ugfreader.h: a review tree is ugfreview.c's, a line made a
 * node's ugfnode.c's. */
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
#include "convert/ugfreader.h"
#include "core/catalog.h"

/* What the UGF reader says (convert/say.h). */
#define SAY_MOVES_OUTSIDE &rule_ugf_unreadable_line, \
	"a [Data] move line in [%s], and no [Data] (its line lost?): the game's moves are not read"
#define SAY_MOVE_OUTSIDE &rule_ugf_unreadable_line, \
	"ignored: a [Data] move line in [%s] (a line moved?): its move is not read"
#define SAY_LOST_COMMENT &rule_ugf_lost_comment, \
	"ignored: a comment on %s %s, which is not in the game"
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

/* The property id that keeps the UGF variable or section `name` under meta:
 * whole, however long (a cut id could split a UTF-8 character or merge two
 * names). */
static char *ugf_id(const char *name)
{
	struct buf id = BUF_INIT;
	buf_printf(&id, "UGF:%s", name);
	return buf_detach(&id);
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
	char *x = ugf_field(val, strlen(val), i), *y = ugf_field(val, strlen(val), j);
	if (*x)
		ugf_props(r, a, x, pos);
	if (*y)
		ugf_props(r, b, y, pos);
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
		ugf_props(r, "PC", val, pos);
	} else if (!strcmp(name, "Size")) {
		long v;   /* (none from 1 to 52: 19, as sgf-board-size reads SZ) */
		u->size = lines_whole(val, &v) && v >= 1 && v <= 52 ? (int)v : 0;
		u->has_size = true;   /* (a value no size is sgf-board-size's) */
		ugf_props(r, "SZ", val, pos);
	} else if (!strcmp(name, "Rule") && *val) {
		ugf_props(r, "RU", !strcmp(val, "JPN") ? "Japanese" : !strcmp(val, "CHN") ? "Chinese" :
			  !strcmp(val, "KOR") ? "Korean" : val, pos);
		kept = strcmp(val, "JPN") && strcmp(val, "CHN") && strcmp(val, "KOR");
	} else if (!strcmp(name, "Hdcp")) {
		two_fields(r, val, 0, "HA", 1, "KM", pos);
	} else if (!strcmp(name, "Date") && *val) {
		char *a = ugf_field(val, vlen, 0), *b = ugf_field(val, vlen, 2);
		for (char *p = a; *p; p++)
			*p = *p == '/' ? '-' : *p;
		for (char *p = b; *p; p++)
			*p = *p == '/' ? '-' : *p;
		struct buf d = BUF_INIT;
		buf_adds(&d, a);
		if (*b && strcmp(a, b))
			buf_printf(&d, ",%s", b);
		ugf_props(r, "DT", d.data, pos);
		buf_free(&d);
		free(a);
		free(b);
		kept = true;   /* the times of day */
	} else if (!strcmp(name, "Winner") && *val) {
		char *w = ugf_field(val, vlen, 0), *how = ugf_field(val, vlen, 1), buf[32];
		const char *re = result(w, how, buf, sizeof buf);
		if (re)
			ugf_props(r, "RE", re, pos);
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
		ugf_props(r, "CP", val, pos);
	} else if (!strcmp(name, "Writer") && *val) {
		ugf_props(r, "US", val, pos);
	} else if (!strcmp(name, "Comment") && *val) {
		ugf_props(r, "GC", val, pos);
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
		ugf_props(r, id, val, pos);
		free(id);
	}
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

/* Comments: `.Comment,ID` (review node ids) or `.Text,MOVE,…` (move
 * numbers, 0 for the start), each up to the next `.` line or `.EndText`
 * (ugf_comment_lines); one on a move of a [Data] line still to be read is
 * read again from the text as the move is made (attach). */
static void comments(struct ugf *u, const struct section *sec, bool review)
{
	struct line_reader r = section_lines(sec);
	for (struct line l; line_next(&r, &l);) {
		if (!ugf_directive_line(&l))
			continue;   /* (lines of no comment) */
		char *kind = ugf_field(l.s, l.len, 0), *num = ugf_field(l.s, l.len, 1);
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
				ugf_comment_lines(u, &r, t.node, at_line(&l));
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
		ugf_prop(u->root, id, l.s, l.len, at_line(&l));
	free(id);
}

static struct section *split_sections(const struct ugf *u, size_t *n)
{
	struct section *sec = NULL;
	size_t nsec = 0, cap = 0;
	struct line_reader r;
	line_reader_init(&r, u->text, u->len);
	for (struct line l; line_next(&r, &l);) {
		if (ugf_section_line(&l)) {
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
	char *num = ugf_field(l->s, l->len, 2);
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
		char *num = ugf_field(l->s, l->len, 2);
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
			char *xy = ugf_field(l->s, l->len, 0), *who = ugf_field(l->s, l->len, 1);
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
	char *xy = ugf_field(l->s, l->len, 0), *who = ugf_field(l->s, l->len, 1),
	     *num = ugf_field(l->s, l->len, 2);
	bool setup = !strcmp(num, "0") && strlen(xy) == 2 && (who[0] == 'B' || who[0] == 'W') &&
		     ugf_point(u, toupper((unsigned char)xy[0]) - 'A' + 1,
			       toupper((unsigned char)xy[1]) - 'A' + 1, pt);
	*color = who[0];
	free(xy), free(who), free(num);
	return setup;
}

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
				ugf_props(u->root, color == 'B' ? "AB" : "AW", pt, at_line(&l));
			continue;
		}
		struct sgf_node *m = ugf_data_move(u, &l, parent, false);
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
		ugf_attach_to(d, &u, n, ++d->made);
	sgf_notes_free(&said);
	d->more.pending = n ? d->more.pending - 1 : 0;
	return n != NULL;
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
	*d = (struct data_more){ .more = { data_next, ugf_more_free, 0 }, .r = section_lines(data),
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

/* u->more's game read now, where not as converted; u->more done with. */
static void data_made(struct ugf *u)
{
	struct data_more *d = u->more;
	u->more = NULL;
	if (!d || d->lazy)
		return;
	for (struct sgf_node *last = u->root; d->more.next(&d->more, u->root, last);)
		last = last->kids[0];
	ugf_more_free(&d->more);
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
	ugf_add_id(u, 1, 0);
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
		ugf_review_nodes(u, section_lines(review));
		if (data && !ugf_review_data(u, section_lines(data)))
			keep_section(u, data);
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
