/* ngf: WBaduk's NGF format, whose header has no keys: each value is known
 * by its line (as Sabaki's reader and the samples show it):
 *
 *   0 title            Rated game
 *   1 board size       19
 *   2 white            LQC         9DP        (name, then the rank)
 *   3 black            CYY         9DP
 *   4 server           www.cyberoro.com
 *   5 handicap         0
 *   6 (unknown)        0
 *   7 komi             7                      (whole points: see below)
 *   8 date             20170316 [09:37]
 *   9 (unknown)        5
 *  10 result           Black wins by 0.5!
 *  11 moves            333
 *   PMABBREER ...      a move: PM, its number in two letters, B or W, then
 *                      x and y as letters from B (B is 0), then y and x again;
 *                      AA is a pass
 *
 * Komi is written in whole points: in an even game, where komi has a half
 * point so that there is no draw, 7 is 7.5 (as Sabaki reads it).
 *
 * Some records put GI before each header line and have eleven of them, in
 * another order (title, white, black, two empty lines, date, size,
 * handicap, an unknown line, komi, moves), and the result after the moves
 * (IDB[211] 黑中盘胜(...)[EndTxt]); read so from the one such sample known,
 * with the white player on the first player line as in the usual header.
 * Lines whose meaning is unknown are kept (NGF:LINE7) under meta.ngf. A
 * header of more or fewer lines (one lost or doubled moves every field
 * after it), or whose numbers and date are not on their lines, is said,
 * and each field read where every arrangement of its lines that fits
 * their shapes agrees (fields(), below). A
 * file with fewer moves than its header announces, a PM line that is not
 * a whole move, or move numbers that skip (lost lines), repeat or go back
 * (lines doubled or moved), is said: moves lost, an error (one fewer, a
 * warning). */
#include "convert/ngf.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "convert/lines.h"
#include "convert/say.h"
#include "core/catalog.h"
#include "core/values.h"

/* What the NGF reader says (convert/say.h). */
#define SAY_KOMI_WHOLE &rule_ngf_komi, \
	"komi %ld kept whole: NGF writes whole points, and an even game's komi usually has a " \
	"half point, but the result, %s, is a win by whole points, which a komi with a half " \
	"point cannot give"
#define SAY_KOMI_HALF &rule_ngf_komi, \
	"komi %ld read as %g: NGF writes whole points, and the komi of an even game has a half " \
	"point"
#define SAY_OFF_BOARD &rule_ngf_off_board, \
	"a move at %s, off the %ldx%ld board: read as a pass"
#define SAY_MOVE_LINE &rule_ngf_cut_short, \
	"a move lost: a move line that is not `PMnnCxyyx`, cut short or damaged, is ignored " \
	"(kept under meta)"
#define SAY_MOVES_LOST &rule_ngf_cut_short, \
	"%ld moves lost: the header announces %ld (line %lu), and the moves end here after %zu"
#define SAY_NUMBERS_LOST &rule_ngf_cut_short, \
	"%ld %s lost: move number %ld (`PM%.2s`) follows %ld, and the moves between are not " \
	"in the file"
#define SAY_FIRST_NUMBER &rule_ngf_cut_short, \
	"%ld %s lost: the first move is numbered %ld (`PM%.2s`)"
#define SAY_OUT_OF_ORDER &rule_ngf_cut_short, \
	"move number %ld (`PM%.2s`) follows %ld: a line doubled or out of order"
#define SAY_ONE_MOVE_SHORT &rule_ngf_move_count, \
	"the header announces %ld moves (line %lu), one more than the %zu here: the last move " \
	"may be lost, or the header counts one too many"
#define SAY_HEADER_SHIFTED &rule_ngf_cut_short, \
	"header lines lost, doubled, moved or of another form from here (%zu lines, NGF has " \
	"%zu): its fields read by their lines' shapes%s"
#define SAY_GI_DIALECT &rule_ngf_gi_dialect, \
	"NGF with GI before each header line: read as title, white, black, date, board size, " \
	"handicap and komi on lines 1, 2, 3, 6, 7, 8 and 10, as in the one such record known"

static struct sgf_pos at(const struct line *l) { return (struct sgf_pos){ l->no, 1 }; }

static void text_prop(struct sgf_node *n, const char *id, const char *s, size_t len,
		      const struct line *l)
{
	sgf_prop_text(n, id, s, len, at(l));
}

/* The len bytes at s as lines_whole reads them. */
static bool whole(const char *s, size_t len, long *out)
{
	char tmp[24];
	if (!len || len >= sizeof tmp)
		return false;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	return lines_whole(tmp, out);
}

/* "LQC         9DP": the name, and the last word as the rank when there
 * are two words or more. */
static void player(struct sgf_node *root, char color, const struct line *l)
{
	const char *s = l->s, *e = l->s + l->len;
	while (e > s && e[-1] == ' ')
		e--;
	const char *sp = e;
	while (sp > s && sp[-1] != ' ')
		sp--;
	char id[3] = { 'P', color, '\0' }, rid[3] = { color, 'R', '\0' };
	if (sp > s) {
		const char *ne = sp;
		while (ne > s && ne[-1] == ' ')
			ne--;
		text_prop(root, id, s, (size_t)(ne - s), l);
		text_prop(root, rid, sp, (size_t)(e - sp), l);
	} else if (e > s) {
		text_prop(root, id, s, (size_t)(e - s), l);
	}
}

/* 20170316 [09:37] or 2006-9-5: the date. */
static bool date_of(const struct line *l, int *y, int *m, int *d)
{
	const char *s = l->s;
	size_t n = l->len, i = 0;
	int v[3] = { 0 }, k = 0;
	bool compact = n >= 8;
	for (size_t j = 0; j < 8 && compact; j++)
		compact = s[j] >= '0' && s[j] <= '9';
	if (compact && (n == 8 || s[8] == ' ')) {
		*y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
		*m = (s[4] - '0') * 10 + (s[5] - '0');
		*d = (s[6] - '0') * 10 + (s[7] - '0');
	} else {
		for (; k < 3; k++) {
			size_t start = i;
			while (i < n && s[i] >= '0' && s[i] <= '9' && i - start < 4)
				v[k] = v[k] * 10 + (s[i++] - '0');
			if (i == start || (k < 2 && (i >= n || s[i++] != '-')))
				return false;
		}
		if (i != n || v[0] < 1000)
			return false;
		*y = v[0], *m = v[1], *d = v[2];
	}
	return *m >= 1 && *m <= 12 && *d >= 1 && *d <= 31;
}

static void keep(struct sgf_node *root, const struct line *l, int index)
{
	char id[24];
	snprintf(id, sizeof id, "NGF:LINE%d", index);
	text_prop(root, id, l->s, l->len, l);
}

/* The text's lines, each without its trailing blanks. */
static struct line *split_lines(const char *text, size_t len, size_t *nlines)
{
	struct line *lines = lines_split(text, len, nlines);
	for (size_t i = 0; i < *nlines; i++)
		while (lines[i].len && (lines[i].s[lines[i].len - 1] == ' ' ||
					lines[i].s[lines[i].len - 1] == '\t'))
			lines[i].len--;
	return lines;
}

static bool starts(const struct line *l, const char *prefix)
{
	size_t n = strlen(prefix);
	return l->len >= n && !memcmp(l->s, prefix, n);
}

/* The header: each layout's lines, the field each holds (-1 unknown, kept
 * under meta) and its shape: n a whole number, d a date, s a server's
 * address (a dot, no space), t text neither (a player), x any text, N a
 * number of unknown meaning. */
enum field { TITLE, SIZE, WHITE, BLACK, SERVER, HANDICAP, KOMI, DATE, RESULT, COUNT, NFIELDS };
static const char *const field_name[NFIELDS] = { "title", "board size", "white", "black",
	"server", "handicap", "komi", "date", "result", "moves" };
struct layout {
	size_t n;
	signed char field[12];
	const char *shape;
};
static const struct layout usual_layout = {
	12, { TITLE, SIZE, WHITE, BLACK, SERVER, HANDICAP, -1, KOMI, DATE, -1, RESULT, COUNT },
	"xnttsnNndNxn"
};
/* (the GI layout's two empty lines are e: one of them lost is told from a
 * lost title or player, which moved a player onto an empty line) */
static const struct layout gi_layout = {
	11, { TITLE, WHITE, BLACK, -1, -1, DATE, SIZE, HANDICAP, -1, KOMI, COUNT }, "xtteednnNnn"
};

struct header {
	struct line h[16];             /* the lines before the first move, GI cut */
	size_t nh;
	char cls[16];                  /* each line's shape (n, d, s, t or e) */
	const struct line *field[NFIELDS];
	const struct layout *layout;
	bool used[16];
	long size, hcap;
	/* the arrangements of the lines on the layout's that fit their shapes */
	const struct line *cur[12], *got[12];
	bool differs[12];
	int fits;
	size_t dep;                    /* the first line any of them moves */
};
/* The handicap (2 and up), and its stones as WBaduk places them. */
static void handicap(struct sgf_node *root, struct header *hd)
{
	const struct line *l = hd->field[HANDICAP];
	char buf[32];
	if (!l || !whole(l->s, l->len, &hd->hcap) || hd->hcap < 2)
		return;
	snprintf(buf, sizeof buf, "%ld", hd->hcap);
	text_prop(root, "HA", buf, strlen(buf), l);
	int xy[9][2];
	int n = sgf_tygem_handicap((int)hd->size, (int)hd->hcap, xy);
	for (int i = 0; i < n && n == hd->hcap; i++) {
		char pt[3];
		sgf_point(xy[i][0], xy[i][1], (int)hd->size, pt);
		text_prop(root, "AB", pt, 2, l);
	}
}

/* Whether the result line reads as a win by whole points ("흑7집승", B+7),
 * written into margin. */
static bool whole_margin(const struct line *l, struct buf *margin)
{
	if (!l || !l->len)
		return false;
	char *s = xstrndup(l->s, l->len);
	bool read = value_result(s, margin);
	free(s);
	const char *m = margin->data;
	return read && (m[0] == 'B' || m[0] == 'W') && m[2] >= '0' && m[2] <= '9' &&
	       !strchr(m, '.');
}

/* Komi in whole points: in an even game (handicap 0), its half point is
 * added, 0 too (0.5), as Sabaki's, gofish's and gokifu's readers add it,
 * unless the result is a win by whole points, which a komi with a half
 * point cannot give (a game whose komi had none). Handicap 1 (black first,
 * no stones) keeps its komi whole, as Sabaki's, gofish's and aeb's
 * ngf2sgf's readers keep it (ngf2sgf.pl: "no half is added in case of a
 * handicap"); only rooklift's ogatak adds the half point to every komi. */
static void komi(struct sgf_node *root, struct header *hd, struct sgf_notes *notes)
{
	const struct line *l = hd->field[KOMI];
	long komi;
	char buf[64];
	if (!l || !whole(l->s, l->len, &komi))
		return;
	double k = (double)komi;
	struct buf margin = BUF_INIT;
	bool even = hd->hcap == 0;
	if (even && whole_margin(hd->field[RESULT], &margin)) {
		if (komi)   /* (0 kept whole goes without saying) */
			sgf_say(notes, at(l), SAY_KOMI_WHOLE, komi, margin.data);
	} else if (even) {
		k += komi >= 0 ? 0.5 : -0.5;
		sgf_say(notes, at(l), SAY_KOMI_HALF, komi, k);
	}
	snprintf(buf, sizeof buf, "%g", k);
	text_prop(root, "KM", buf, strlen(buf), l);
	if (k != (double)komi)
		keep(root, l, (int)(l - hd->h));
	buf_free(&margin);
}

/* A header line that is a whole number from lo to hi. */
static bool number_line(const struct line *l, long lo, long hi)
{
	long v;
	return whole(l->s, l->len, &v) && v >= lo && v <= hi;
}

static void read_header(struct sgf_node *root, struct header *hd, struct sgf_notes *notes)
{
	const struct line *const *field = hd->field;
	if (field[TITLE] && field[TITLE]->len)
		text_prop(root, "GN", field[TITLE]->s, field[TITLE]->len, field[TITLE]);
	hd->size = 19;
	if (field[SIZE] && whole(field[SIZE]->s, field[SIZE]->len, &hd->size) && hd->size >= 2 &&
	    hd->size <= 52)
		text_prop(root, "SZ", field[SIZE]->s, field[SIZE]->len, field[SIZE]);
	else
		hd->size = 19;
	if (field[WHITE])
		player(root, 'W', field[WHITE]);
	if (field[BLACK])
		player(root, 'B', field[BLACK]);
	if (field[SERVER] && field[SERVER]->len)
		text_prop(root, "PC", field[SERVER]->s, field[SERVER]->len, field[SERVER]);
	handicap(root, hd);
	komi(root, hd, notes);
	int y, m, d;
	char buf[64];
	if (field[DATE] && date_of(field[DATE], &y, &m, &d)) {
		snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
		text_prop(root, "DT", buf, strlen(buf), field[DATE]);
		if (field[DATE]->len != 10 || memcmp(field[DATE]->s, buf, 10))
			keep(root, field[DATE], (int)(field[DATE] - hd->h));   /* the time of day */
	}
	if (field[RESULT] && field[RESULT]->len)
		text_prop(root, "RE", field[RESULT]->s, field[RESULT]->len, field[RESULT]);
	/* A size, handicap, komi or date line not read so is kept as a line of
	 * unknown meaning (a komi 6.5), not lost. */
	const struct line *unread[] = {
		field[SIZE] && !number_line(field[SIZE], 2, 52) ? field[SIZE] : NULL,
		field[HANDICAP] && !number_line(field[HANDICAP], LONG_MIN, LONG_MAX) ?
			field[HANDICAP] : NULL,
		field[KOMI] && !number_line(field[KOMI], LONG_MIN, LONG_MAX) ? field[KOMI] : NULL,
		field[DATE] && !date_of(field[DATE], &y, &m, &d) ? field[DATE] : NULL,
	};
	for (size_t i = 0; i < sizeof unread / sizeof *unread; i++)
		if (unread[i])
			hd->used[unread[i] - hd->h] = false;
	for (size_t i = 0; i < hd->nh; i++)
		if (!hd->used[i] && hd->h[i].len)
			keep(root, &hd->h[i], (int)i);
}

/* IDB[211] 黑中盘胜(现场消息)[EndTxt] (the GI layout): the result, then a remark. */
static void gi_result(struct sgf_node *root, const struct line *l)
{
	const char *r = memchr(l->s, ']', l->len);
	const char *e = l->s + l->len;
	if (!r)
		return;
	r++;
	while (r < e && *r == ' ')
		r++;
	size_t n = (size_t)(e - r);
	if (n >= 8 && !memcmp(e - 8, "[EndTxt]", 8))
		n -= 8;
	const char *paren = memchr(r, '(', n);
	size_t rn = paren ? (size_t)(paren - r) : n;
	if (rn && !sgf_prop_find(root, "RE"))
		text_prop(root, "RE", r, rn, l);
}

/* A PM line's move number, its two letters from A in base 26 (AB is 1,
 * BA 26, as the samples count to 333); -1 when they are not letters. */
static long move_number(const struct line *l)
{
	if (l->len < 4 || l->s[2] < 'A' || l->s[2] > 'Z' || l->s[3] < 'A' || l->s[3] > 'Z')
		return -1;
	return (l->s[2] - 'A') * 26L + (l->s[3] - 'A');
}

/* Whether a PM line of lines [from, to) is numbered lo to hi. */
static bool numbered_later(const struct line *lines, size_t from, size_t to, long lo, long hi)
{
	for (size_t i = from; i < to; i++) {
		long n = starts(&lines[i], "PM") ? move_number(&lines[i]) : -1;
		if (n >= lo && n <= hi)
			return true;
	}
	return false;
}

/* PM lines number the moves 1, 2, ...: a number past the next whose
 * missing numbers come nowhere later lost those moves (lines lost from the
 * file, or the first moves); any other out of sequence is a line doubled
 * or moved, said once (after it the sequence says nothing certain). *last
 * is the last number (0 before the first), -1 once given up. Returns the
 * moves said lost. */
static size_t check_number(const struct line *lines, size_t i, size_t nlines, long *last,
			   struct sgf_notes *notes)
{
	const struct line *l = &lines[i];
	long n = move_number(l), lost = n - *last - 1;
	if (*last < 0 || n < 0 || n == *last + 1) {
		if (*last >= 0 && n >= 0)
			*last = n;
		return 0;
	}
	if (n > *last + 1 && !numbered_later(lines, i + 1, nlines, *last + 1, n - 1)) {
		if (*last)
			sgf_say(notes, at(l), SAY_NUMBERS_LOST, lost, lost == 1 ? "move" : "moves", n,
				l->s + 2, *last);
		else
			sgf_say(notes, at(l), SAY_FIRST_NUMBER, lost, lost == 1 ? "move" : "moves", n,
				l->s + 2);
		*last = n;
		return (size_t)lost;
	} else {
		sgf_say(notes, at(l), SAY_OUT_OF_ORDER, n, l->s + 2, *last);
		*last = -1;
	}
	return 0;
}

/* The moves, and what follows them; the number of move lines (a damaged
 * one, and the moves a gap in the numbers lost, said so, counted too),
 * SIZE_MAX for a game refused. */
static size_t read_moves(struct sgf_node *root, const struct line *lines, size_t from,
			 size_t nlines, long size, bool is_gi, struct sgf_games *out,
			 struct sgf_notes *notes)
{
	struct sgf_node *last = root;
	size_t nodes = 1, damaged = 0;
	long number = 0;
	for (size_t i = from; i < nlines; i++) {
		const struct line *l = &lines[i];
		if (starts(l, "PM") && (l->len < 7 || (l->s[4] != 'B' && l->s[4] != 'W'))) {
			sgf_say(notes, at(l), SAY_MOVE_LINE);
			keep(root, l, (int)i);
			damaged++;
			if (number >= 0)   /* its move said lost already */
				number = move_number(l) > number ? move_number(l) : number + 1;
		} else if (l->len >= 7 && starts(l, "PM")) {
			damaged += check_number(lines, i, nlines, &number, notes);
			if (sgf_games_full(out, ++nodes))
				return SIZE_MAX;   /* refused: more than the memory budget holds */
			char pt[3];
			sgf_point(l->s[5] - 'B', l->s[6] - 'B', (int)size, pt);
			/* AA, the point before B B: how NGF writes a pass (aeb's ngf2sgf) */
			bool pass = l->s[5] == 'A' && l->s[6] == 'A';
			if (!pt[0] && !pass) {
				/* (two bytes of the text: half of a character, maybe) */
				char two[3] = { l->s[5], l->s[6], '\0' };
				struct buf shown = BUF_INIT;
				utf8_escape_invalid(&shown, two);
				sgf_say(notes, at(l), SAY_OFF_BOARD, shown.data ? shown.data : "", size,
					size);
				buf_free(&shown);
			}
			struct sgf_node *n = sgf_node_new(at(l));
			sgf_node_add_kid(last, n);
			last = n;
			char id[2] = { l->s[4], '\0' };
			text_prop(n, id, pt, strlen(pt), l);
		} else if (is_gi && l->len > 4 && starts(l, "IDB[")) {
			gi_result(root, l);
			keep(root, l, (int)i);
		} else if (l->len) {
			keep(root, l, (int)i);
		}
	}
	return nodes - 1 + damaged;
}

/* The number of moves the header announces (its last line, in either
 * layout), against those read, said at the game's end (where the moves
 * were lost): two or more fewer is a file cut short; one fewer may be a
 * header that counts one too many, which aeb's ngf2sgf saw in a file.
 * (More is not said: a record with a pass is seen to leave it out of the
 * count.) */
static void move_count(const struct header *hd, size_t read, struct sgf_pos end,
		       struct sgf_notes *notes)
{
	const struct line *l = hd->field[COUNT];
	long announced;
	if (!l || !whole(l->s, l->len, &announced) || announced <= 0 ||
	    (unsigned long)announced <= read)
		return;
	if ((unsigned long)announced == read + 1)
		sgf_say(notes, end, SAY_ONE_MOVE_SHORT, announced, l->no, read);
	else
		sgf_say(notes, end, SAY_MOVES_LOST, announced - (long)read, announced, l->no, read);
}

/* Where the game that begins at lines[from] ends: where the next game's
 * header begins (files concatenated), the twelve lines before a move that
 * follow the moves, a board size second and a number of moves last; else
 * at the end. (The GI dialect's lines after the moves are its own.) */
static size_t game_end(const struct line *lines, size_t from, size_t nlines, bool is_gi)
{
	bool moved = false;
	for (size_t i = from; i < nlines && !is_gi; i++) {
		if (starts(&lines[i], "PM")) {
			moved = true;
			continue;
		}
		size_t j = i;
		while (j < nlines && !starts(&lines[j], "PM"))
			j++;
		if (moved && j < nlines && j - i >= 12 && number_line(&lines[j - 11], 1, 52) &&
		    number_line(&lines[j - 1], 0, 100000))
			return j - 12;
		i = j - 1;
	}
	return nlines;
}

/* Whether a line of shape c (n, d, s, t or e, empty) fits a layout's
 * shape: a text's only by its kind in a header whose lines are more or
 * fewer (a title "2017" is none of its numbers). */
static bool fits(char shape, char c, bool shifted)
{
	if (shape == 'N')   /* a line of unknown meaning: a number seen */
		return !shifted || c == 'n';
	return shape == c || (shape != 'n' && shape != 'd' &&
			      (!shifted || c == 'e' || (shape == 'x' && c != 'n' && c != 'd')));
}

/* Every arrangement of the header's lines from i on on the layout's from
 * p on that loses as many of the layout's lines (or has as many extra
 * ones, doubled) as their numbers differ by, each line fitting its
 * place's shape: the first kept in got, the places they differ on
 * marked, and dep the first line one of them moves. */
static void arrange(struct header *hd, size_t i, size_t p, size_t dep)
{
	size_t n = hd->nh, places = hd->layout->n;
	if (i == n && p == places) {
		for (size_t k = 0; k < places; k++) {
			const struct line *a = hd->got[k], *b = hd->cur[k];
			if (!hd->fits)
				hd->got[k] = b;
			else if (!a != !b || (a && (a->len != b->len || memcmp(a->s, b->s, a->len))))
				hd->differs[k] = true;
		}
		hd->fits++;
		hd->dep = dep < hd->dep ? dep : hd->dep;
		return;
	}
	if (i < n && p < places && fits(hd->layout->shape[p], hd->cls[i], n != places)) {
		hd->cur[p] = &hd->h[i];
		arrange(hd, i + 1, p + 1, dep);
	}
	if (n < places && places - p > n - i) {
		hd->cur[p] = NULL;
		arrange(hd, i, p + 1, i < dep ? i : dep);
	}
	if (n > places && n - i > places - p)
		arrange(hd, i + 1, p, i < dep ? i : dep);
}

/* Where no arrangement fits: the first of the header's lines not to be
 * trusted by position. None (SIZE_MAX) when its lines are the layout's
 * and no line that misfits its place fits another's that misfits too: a
 * value of another form (an empty date, a komi 6.5) read as it was, not
 * said; two lines swapped, the first that misfits. With lines lost or
 * doubled, the first whose kind is not its place's (a server's address
 * where a number is): those before it (the title, the size, the players)
 * read where they are. */
static size_t unfit(const struct header *hd)
{
	const struct layout *ly = hd->layout;
	size_t first = SIZE_MAX, n = hd->nh < ly->n ? hd->nh : ly->n;
	bool same = hd->nh == ly->n;
	for (size_t p = 0; p < ly->n && first == SIZE_MAX; p++)
		if (p >= n || (ly->shape[p] != 'x' && !fits(ly->shape[p], hd->cls[p], !same)))
			first = p;
	if (!same)
		return first < ly->n ? first : ly->n;
	for (size_t p = first; p < ly->n; p++)
		for (size_t q = first; q < ly->n; q++)
			if (p != q && !fits(ly->shape[p], hd->cls[p], false) &&
			    !fits(ly->shape[q], hd->cls[q], false) && fits(ly->shape[p], hd->cls[q], false))
				return first;
	return SIZE_MAX;
}

/* The header's fields: by position, when its lines are the layout's and
 * fit their shapes; else, said, each where every arrangement that fits
 * places the same text (a lost or doubled line moves those after it);
 * where none fits, by position as far as unfit() trusts it, and the moves'
 * count from the last line. */
static void fields(struct header *hd, struct sgf_pos after, struct sgf_notes *notes)
{
	const struct layout *ly = hd->layout;
	char miss[96] = "";
	for (size_t i = 0; i < hd->nh; i++) {
		const struct line *l = &hd->h[i];
		long v;
		int y, m, d;
		hd->cls[i] = !l->len ? 'e' : date_of(l, &y, &m, &d) ? 'd' : whole(l->s, l->len, &v) ? 'n' :
			     memchr(l->s, '.', l->len) && !memchr(l->s, ' ', l->len) ? 's' : 't';
	}
	hd->dep = SIZE_MAX;
	arrange(hd, 0, 0, SIZE_MAX);
	size_t trust = hd->fits ? 0 : unfit(hd);
	for (size_t p = 0; p < ly->n; p++) {
		const struct line *l = hd->got[p];
		if (!hd->fits) {
			if (hd->nh == ly->n)   /* by position, but lines moved */
				l = trust == SIZE_MAX || fits(ly->shape[p], hd->cls[p], false) ?
				    &hd->h[p] : NULL;
			else
				l = p < trust ? &hd->h[p] : NULL;
			if (!l && ly->field[p] == COUNT && hd->nh && hd->cls[hd->nh - 1] == 'n')
				l = &hd->h[hd->nh - 1];   /* the last line, wherever it moved */
			hd->dep = trust < hd->dep ? trust : hd->dep;
		}
		if (ly->field[p] < 0)
			continue;
		if (l && !hd->differs[p])
			hd->field[ly->field[p]] = l, hd->used[l - hd->h] = true;
		else
			strcat(strcat(miss, *miss ? ", " : "; not read: "), field_name[ly->field[p]]);
	}
	if (hd->dep != SIZE_MAX)
		sgf_say(notes, hd->dep < hd->nh ? at(&hd->h[hd->dep]) : after, SAY_HEADER_SHIFTED,
			hd->nh, ly->n, miss);
}

/* The game of lines (n of them), which ends at end, pushed to out. */
static void ngf_game(const struct line *lines, size_t nlines, struct sgf_pos end, bool is_gi,
		     struct sgf_games *out, struct sgf_notes *notes)
{
	struct sgf_node *root = sgf_node_new((struct sgf_pos){ nlines ? lines[0].no : 1, 1 });
	size_t header = 0;   /* lines before the first move */
	while (header < nlines && !starts(&lines[header], "PM"))
		header++;
	struct header hd = { .layout = is_gi ? &gi_layout : &usual_layout };
	for (size_t i = 0; i < header && hd.nh < 16; i++) {
		hd.h[hd.nh] = lines[i];
		if (is_gi && starts(&hd.h[hd.nh], "GI"))
			hd.h[hd.nh].s += 2, hd.h[hd.nh].len -= 2;
		hd.nh++;
	}
	fields(&hd, header < nlines ? at(&lines[header]) : end, notes);
	read_header(root, &hd, notes);
	move_count(&hd, read_moves(root, lines, header, nlines, hd.size, is_gi, out, notes), end,
		   notes);
	out->games = xgrow(out->games, &out->cap, out->len + 1, sizeof *out->games);
	out->games[out->len++] = root;
}

void ngf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes)
{
	size_t nlines;
	struct line *lines = split_lines(text, len, &nlines);
	bool is_gi = nlines && starts(&lines[0], "GI");
	if (is_gi)
		sgf_say(notes, ((struct sgf_pos){ 1, 1 }), SAY_GI_DIALECT);
	size_t from = 0;
	do {
		size_t to = game_end(lines, from, nlines, is_gi);
		/* the next game's first line, or the end of the text */
		unsigned long line = to < nlines ? lines[to].no : 0, col = 1;
		if (to == nlines)
			lines_end(text, len, &line, &col);
		ngf_game(lines + from, to - from, (struct sgf_pos){ line, col }, is_gi, out, notes);
		from = to;
	} while (from < nlines);
	free(lines);
}
