/* gib: Tygem's GIB format, as Sabaki's reader and the samples show it:
 *
 *   \HS
 *   \[GAMEBLACKNAME=dustkd1015 (1급)\]      header lines, \[KEY=value\]
 *   \[GAMEINFOMAIN=GBKIND:0,...,GRLT:7,ZIPSU:0,...,GONGJE:65,...\]
 *   \[GAMETAG=S0,R0,D0,G65,W7,Z0,T30-3-1200,C2015:08:29:22:56,...\]
 *   \HE
 *   \GS
 *   INI 0 1 3 &4                             the handicap (field 3)
 *   STO 0 2 1 16 2                           a move: number, colour (1 black,
 *   ...                                      2 white), x and y from 0
 *   SKI 0 262                                a pass: its number only (the
 *   \GE                                      colour is the turn's)
 *
 * Names carry their rank in parentheses ("jy512 (15K)"). Tygem's current
 * layout has none of the lines GAMEBLACKNAME, GAMENAME, GAMEPLACE, only
 *
 *   \[GAMEINFOMAIN=GBKIND:0,GTIME:1200-30-3,GRLT:7,ZIPSU:0,GONGJE:65,...\]
 *   \[GAMEINFOSUB=GNAMEF:0,GPLCF:0,GNAME:name,GDATE:2015- 8-29-22-56-58,GPLC:place,GCMT:\]
 *   \[WUSERINFO=WID:dongjik,WLV:17,WNICK:dongjik,WNCD:0,WAID:60001,WIMG:\]
 *   \[BUSERINFO=BID:dustkd1015,BLV:17,BNICK:Yunwonsan,BNCD:0,BAID:0,BIMG:\]
 *   \[GAMETAG=S0,R0,D0,G65,W7,Z0,T30-3-1200,C2015:08:29:22:56,...\]
 *
 * whose ids (BID, the name), levels (BLV: 17 is 1 kyu, 18 1 dan), date,
 * game name and place are read as the older lines are; what either layout
 * gives first is kept, the other's same value not added again. GRLT is the kind
 * of result (0 black and 1 white by points, 3 and 4 by resignation, 7 and 8
 * on time; 255, in the unfinished game of utf8.gib, no result; no reader
 * knows another, which is said: the result is then GAMERESULT's words, and
 * GAMEINFOMAIN is kept whole under meta.gib) and ZIPSU the points ×10;
 * GONGJE the komi ×10; GAMETAG's W,
 * Z and G say the same (read where GAMEINFOMAIN is missing), as do the
 * older layout's GAMEGONGJE and GAMEDATE. DUM (GAMEDUM, GAMEINFOMAIN's
 * DUM, GAMETAG's D: 5 in a game of 3 stones whose GAMECONDITION says
 * "White Dum(5)", 0 in every even game) is not read as komi: Sabaki,
 * gofish, komu's gib2sgf, gibson and Lizzie read the komi from GONGJE
 * alone, and what DUM counts is not known; it is kept under meta.gib. The board is
 * 19×19. Every file seen ends its moves with \GE and numbers them one
 * after another, and the game's second line (`50 0 &4`, aeb's gib2sgf's
 * number of moves) is its last move's number (the samples' 50, 269 and
 * 119, each TCNT + 1 where TCNT is not 0): a move number that skips some,
 * or moves that end before the number the count names (with or without
 * their \GE), lost moves (gib-cut-short, an error, as is a number
 * repeated or out of order: a line doubled or moved); moves with no \GE
 * after them otherwise
 * are a file cut short that may have lost none (gib-unclosed-game, a
 * warning). Every header value
 * becomes a property: SGF's where it has one, the key itself (GIB:KEY)
 * otherwise, which the converter keeps under meta.gib. */
#include "convert/gib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/lines.h"
#include "convert/say.h"
#include "core/catalog.h"

/* What the GIB reader says (convert/say.h). */
#define SAY_NO_HANDICAP_STONES &rule_gib_handicap, \
	"a handicap of %ld: no stones placed (Tygem places 2 to 9)"
#define SAY_OFF_BOARD &rule_gib_off_board, \
	"a move at %ld, %ld, off the 19x19 board: read as a pass"
#define SAY_MOVE_LINE &rule_gib_unreadable_line, \
	"ignored: a move line that is not `STO 0 N COLOR X Y` (nor a pass, `SKI 0 N`)"
#define SAY_NOT_READ &rule_gib_unreadable_line, \
	"not read: `%.*s`, a line of a kind whose meaning is not known (kept under meta; " \
	"said once a game)"
#define SAY_NUMBER &rule_gib_unreadable_line, \
	"move number `%s` is none from 1 to 100,000,000: %s"
#define SAY_SKIPPED &rule_gib_cut_short, \
	"%ld %s lost: move number %ld follows %ld, and the moves between are not in the file"
#define SAY_OUT_OF_ORDER &rule_gib_cut_short, \
	"move number %ld follows %ld: a line doubled or out of order"
#define SAY_CUT &rule_gib_cut_short, \
	"%ld %s lost: the game's count (line %lu) names %ld as its last move's number, and " \
	"the moves end here, after number %ld, with no \\GE"
#define SAY_CUT_CLOSED &rule_gib_cut_short, \
	"%ld %s lost: the game's count (line %lu) names %ld as its last move's number, and " \
	"its \\GE closes the moves after number %ld"
#define SAY_HEADER_LINE &rule_gib_unreadable_line, \
	"not read: `%.*s`, a header line cut"
#define SAY_RESULT_CODE &rule_gib_unreadable_line, \
	"not read: the result code `%s%ld`, whose meaning is not known"
#define SAY_TCNT &rule_gib_cut_short, \
	"%ld %s lost: TCNT (line %lu) counts %ld moves, and the game has %ld"
#define SAY_NO_END &rule_gib_unclosed_game, \
	"the moves end here with no \\GE after them: the file may be cut short"
#define SAY_NO_MOVES &rule_gib_unclosed_game, \
	"the file ends here, before the game's moves, with no \\GE: it is cut short"
#define SAY_NO_END_COUNTED &rule_gib_unclosed_game, \
	"the moves end here with no \\GE after them: the file is cut short, after the last " \
	"move its count (line %lu) names, so that no move is lost"

struct gib {
	struct sgf_notes *notes;
	struct sgf_node *root, *last;
	bool moves;
	bool komi, result;         /* read from GAMEINFOMAIN or GAMETAG */
	long number;               /* the last move's number (0: none) */
	bool disordered;           /* a number out of sequence said: no more are */
	bool begun;                /* its \HS read */
	bool other_said;           /* a line of a kind not read said */
	bool code_said;            /* a result code not known said */
	long counted;              /* the game's count: its last move's number (0: none) */
	unsigned long count_line;  /* the line of the count */
	int last_color;            /* the last move's (1 black, 2 white; 0: none) */
	long handicap;             /* INI's: white moves first from 2 up */
	unsigned long last_move;   /* the line of the last move read */
	unsigned long closed;      /* the line of its \GE (0: none) */
	long tcnt;                 /* GAMEINFOMAIN's TCNT: its moves (0: none) */
	unsigned long tcnt_line;
	long move_lines;           /* its move lines, read or said unreadable */
	bool lost_said;            /* moves said lost by their numbers */
	struct sgf_games *out;
	size_t nodes;
};

static struct sgf_pos at(unsigned long line) { return (struct sgf_pos){ line, 1 }; }

static void text_prop(struct sgf_node *n, const char *id, const char *s, unsigned long line)
{
	sgf_prop_text(n, id, s, strlen(s), at(line));
}

/* The value of KEY: in a comma-separated list "K1:v1,K2:v2" (GAMEINFOMAIN),
 * or of a leading letter in "S0,R0,G65,C2015:..." (GAMETAG); NULL if none. */
static char *list_value(const char *list, const char *key, bool letter)
{
	size_t klen = strlen(key);
	for (const char *p = list; p && *p;) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t n = strcspn(p, ",");
		if (n > klen && !strncmp(p, key, klen) && (letter || p[klen] == ':'))
			return xstrndup(p + klen + !letter, n - klen - !letter);
		p = p[n] ? p + n + 1 : NULL;
	}
	return NULL;
}

/* "name (rank)": the name, and the rank when the parentheses close the value. */
static void player(struct gib *g, const char *value, char color, unsigned long line)
{
	const char *open = strrchr(value, '(');
	size_t len = strlen(value);
	char id[3] = { 'P', color, '\0' }, rid[3] = { color, 'R', '\0' };
	if (sgf_prop_find(g->root, id))
		return;   /* given by BUSERINFO, before this line */
	if (open && len && value[len - 1] == ')' && open > value && !strchr(open + 1, '(')) {
		const char *end = open;
		while (end > value && end[-1] == ' ')
			end--;
		sgf_prop_text(g->root, id, value, (size_t)(end - value), at(line));
		sgf_prop_text(g->root, rid, open + 1, (size_t)(value + len - 1 - (open + 1)), at(line));
	} else {
		text_prop(g->root, id, value, line);
	}
}

/* id set to value unless the header gave it already: the lines of the
 * older layout (GAMENAME) and of the current one (GAMEINFOSUB's GNAME) say
 * the same, and either may be missing. */
static void once_prop(struct gib *g, const char *id, const char *value, unsigned long line)
{
	if (!sgf_prop_find(g->root, id))
		text_prop(g->root, id, value, line);
}

/* The date of 2015- 8-29-22-56-58 (GAMEDATE, GAMEINFOSUB's GDATE), unless
 * the header gave it already. */
static void game_date(struct gib *g, const char *value, unsigned long line)
{
	int y, m, d;
	if (sscanf(value, "%d-%d-%d", &y, &m, &d) == 3 && y >= 1000 && y <= 9999 && m >= 1 &&
	    m <= 12 && d >= 1 && d <= 31) {
		char iso[16];
		snprintf(iso, sizeof iso, "%04d-%02d-%02d", y, m, d);
		once_prop(g, "DT", iso, line);
	}
}

/* GAMEINFOSUB=GNAMEF:0,GPLCF:0,GNAME:name,GDATE:2015- 8-29-22-56-58,GPLC:place,GCMT:
 * (the current layout, where it is the only place of these). */
static void game_info_sub(struct gib *g, const char *value, unsigned long line)
{
	static const char *const keys[][2] = { { "GNAME", "GN" }, { "GPLC", "PC" }, { "GCMT", "GC" } };
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
		char *v = list_value(value, keys[i][0], false);
		if (v && *v)
			once_prop(g, keys[i][1], v, line);
		free(v);
	}
	char *date = list_value(value, "GDATE", false);
	if (date)
		game_date(g, date, line);
	free(date);
}

/* Tygem's level: 18 and up are dan (18 is 1d, 26 9d), 17 and down kyu (17
 * is 1k), as its players' names show them beside it ("dustkd1015 (1급)",
 * level 17; "harpmaster(3段)", level 20). Empty when out of these. */
static void tygem_level(const char *level, char out[8])
{
	long n;
	out[0] = '\0';
	if (lines_whole(level, &n) && n >= 18 && n <= 26)
		snprintf(out, 8, "%ldd", n - 17);
	else if (lines_whole(level, &n) && n >= 1 && n <= 17)
		snprintf(out, 8, "%ldk", 18 - n);
}

/* BUSERINFO=BID:dustkd1015,BLV:17,BNICK:Yunwonsan,BNCD:0,... (WUSERINFO
 * with W): the player's id is the name, as in GAMEBLACKNAME, and the level
 * the rank, where the older lines did not give them. */
static void user_info(struct gib *g, const char *value, char color, unsigned long line)
{
	char key[4] = { color, 'I', 'D', '\0' }, name[3] = { 'P', color, '\0' };
	char lv[4] = { color, 'L', 'V', '\0' }, rank[3] = { color, 'R', '\0' };
	char *id = list_value(value, key, false), *level = list_value(value, lv, false);
	if (id && *id)
		once_prop(g, name, id, line);
	char r[8];
	if (level && (tygem_level(level, r), r[0]))
		once_prop(g, rank, r, line);
	free(id);
	free(level);
}

/* The komi (×10) and the result (GRLT's kind and ZIPSU's points ×10), of
 * GAMEINFOMAIN or GAMETAG (whose GRLT is named code, "GRLT:" or "W"), which
 * say the same: the first read is kept; the result's code replaces
 * GAMERESULT's words. A code of none of the six known is said (once a
 * game): every reader searched (Sabaki, gofish, Lizzie, aeb's and komu's
 * gib2sgf, gokifu's gib2sgf.pl, xyz2sgf, Sensei's Library's page) knows
 * those six alone; but 255, which utf8.gib's unfinished game gives with
 * GAMERESULT empty, its count 0: no result, as its words say. Frees the
 * three. */
static void komi_result(struct gib *g, const char *code, char *komi, char *grlt, char *zipsu,
			unsigned long line)
{
	struct buf b = BUF_INIT;
	long n, z;
	if (komi && lines_whole(komi, &n) && !g->komi) {
		buf_printf(&b, "%g", n / 10.0);
		text_prop(g->root, "KM", b.data, line);
		g->komi = true;
	}
	const char *how[] = { [3] = "B+R", [4] = "W+R", [7] = "B+T", [8] = "W+T" };
	buf_truncate(&b, 0);
	if (grlt && lines_whole(grlt, &n) && (n == 0 || n == 1) && zipsu && lines_whole(zipsu, &z) && z > 0)
		buf_printf(&b, "%c+%g", n ? 'W' : 'B', z / 10.0);
	else if (grlt && lines_whole(grlt, &n) && n >= 3 && n <= 8 && how[n])
		buf_adds(&b, how[n]);
	else if (grlt && lines_whole(grlt, &n) && n != 0 && n != 1 && n != 255 && !g->result &&
		 !g->code_said) {
		sgf_say(g->notes, at(line), SAY_RESULT_CODE, code, n);
		g->code_said = true;
	}
	if (b.len && !g->result) {
		struct sgf_prop *re = sgf_prop_find(g->root, "RE");
		if (re)   /* the words give way to the code */
			sgf_prop_clear(re);
		text_prop(g->root, "RE", b.data, line);
		g->result = true;
	}
	buf_free(&b);
	free(komi);
	free(grlt);
	free(zipsu);
}

static void header(struct gib *g, const char *key, const char *value, unsigned long line)
{
	struct buf b = BUF_INIT;
	char *v;
	if (!strcmp(key, "GAMEBLACKNAME") || !strcmp(key, "GAMEWHITENAME")) {
		player(g, value, key[4], line);
	} else if (!strcmp(key, "GAMENAME")) {
		once_prop(g, "GN", value, line);
	} else if (!strcmp(key, "GAMEPLACE")) {
		once_prop(g, "PC", value, line);
	} else if (!strcmp(key, "GAMECOMMENT")) {
		if (*value)
			once_prop(g, "GC", value, line);
	} else if (!strcmp(key, "GAMEGONGJE")) {
		/* the komi ×10, as GAMEINFOMAIN's GONGJE (komu's gib2sgf and
		 * gibson read it first): the only place of it in a file of the
		 * older layout without GAMEINFOMAIN and GAMETAG */
		komi_result(g, "", xstrdup(value), NULL, NULL, line);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else if (!strcmp(key, "GAMEDATE")) {
		/* 2016- 3-26-17-29-25, as GAMEINFOSUB's GDATE */
		game_date(g, value, line);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else if (!strcmp(key, "GAMEINFOSUB")) {
		game_info_sub(g, value, line);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else if (!strcmp(key, "BUSERINFO") || !strcmp(key, "WUSERINFO")) {
		user_info(g, value, key[0], line);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else if (!strcmp(key, "GAMERESULT")) {
		/* The result in words; GRLT says it for certain, where known. */
		if (*value && !sgf_prop_find(g->root, "RE"))
			text_prop(g->root, "RE", value, line);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else if (!strcmp(key, "GAMEINFOMAIN")) {
		komi_result(g, "GRLT:", list_value(value, "GONGJE", false),
			    list_value(value, "GRLT", false),
			    list_value(value, "ZIPSU", false), line);
		if ((v = list_value(value, "TCNT", false)) && lines_whole(v, &g->tcnt) && g->tcnt > 0)
			g->tcnt_line = line;
		else
			g->tcnt = 0;
		free(v);
		if ((v = list_value(value, "GTIME", false))) {
			long main_time, period, periods;
			if (sscanf(v, "%ld-%ld-%ld", &main_time, &period, &periods) == 3 &&
			    main_time >= 0 && period > 0 && periods > 0) {
				buf_printf(&b, "%ld", main_time);
				text_prop(g->root, "TM", b.data, line);
				buf_truncate(&b, 0);
				buf_printf(&b, "%ldx%ld byo-yomi", periods, period);
				text_prop(g->root, "OT", b.data, line);
			}
			free(v);
		}
		buf_truncate(&b, 0);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else if (!strcmp(key, "GAMETAG")) {
		/* G, W and Z: GAMEINFOMAIN's GONGJE, GRLT and ZIPSU, the only
		 * place of these in a file without it */
		komi_result(g, "W", list_value(value, "G", true), list_value(value, "W", true),
			    list_value(value, "Z", true), line);
		int y, m, d;
		if ((v = list_value(value, "C", true)) && sscanf(v, "%4d:%2d:%2d", &y, &m, &d) == 3 &&
		    !sgf_prop_find(g->root, "DT")) {
			buf_printf(&b, "%04d-%02d-%02d", y, m, d);
			text_prop(g->root, "DT", b.data, line);
		}
		free(v);
		buf_truncate(&b, 0);
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	} else {
		buf_printf(&b, "GIB:%s", key);
		text_prop(g->root, b.data, value, line);
	}
	buf_free(&b);
}

/* The line without its leading and trailing blanks. */
static const char *trimmed(const struct line *l, size_t *n)
{
	const char *s = l->s;
	*n = l->len;
	while (*n && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
		(*n)--;
	while (*n && (*s == ' ' || *s == '\t'))
		s++, (*n)--;
	return s;
}

/* Whether a line (trimmed) is one of GIB's own marks or a header line
 * begun: \[, \HS, \HE, \GS, \GE. */
static bool gib_mark(const char *s, size_t n)
{
	return n >= 2 && s[0] == '\\' && (s[1] == '[' || s[1] == 'H' || s[1] == 'G');
}

/* A header line \[KEY=value\] broken over lines (a line break inside its
 * value, as a re-wrapped or damaged file has), begun by first: the lines
 * after it up to the one that ends with \], none of them a mark of GIB's
 * own (at most 8), joined with their breaks taken out, lines moved past
 * them, *last their last line's number; NULL, lines unmoved, when no such
 * line ends it (its end lost: what follows is not certain to be its). */
static char *joined_header(struct line_reader *lines, const struct line *first, size_t *len)
{
	struct line_reader ahead = *lines;
	struct buf b = BUF_INIT;
	struct line l;
	size_t n;
	buf_add(&b, first->s, first->len);
	for (int k = 0; k < 8 && line_next(&ahead, &l); k++) {
		const char *s = trimmed(&l, &n);
		if (gib_mark(s, n))
			break;
		buf_add(&b, l.s, l.len);
		if (n >= 2 && !memcmp(s + n - 2, "\\]", 2)) {
			*lines = ahead;
			*len = b.len;   /* (a NUL byte may stand inside) */
			return buf_detach(&b);
		}
	}
	buf_free(&b);
	return NULL;
}

/* A header line \[KEY=value\] (s, n of it, trimmed) read. */
static void header_line(struct gib *g, const char *s, size_t n, unsigned long line)
{
	const char *eq = memchr(s + 2, '=', n - 4);
	if (!eq)
		return;
	char *key = xstrndup(s + 2, (size_t)(eq - s - 2));
	char *value = xstrndup(eq + 1, (size_t)(s + n - 2 - eq - 1));
	if (*key)
		header(g, key, value, line);
	free(key);
	free(value);
}

/* A line of the header that is not a whole \\[KEY=value\\]: the first of a
 * line broken in two or more, read whole where the lines after it end it,
 * else said and not read (a value whose end is lost may be read wrong). */
static void broken_header(struct gib *g, struct line_reader *lines, const struct line *line,
			  const char *s, size_t n)
{
	size_t len = 0;
	char *whole_line = n >= 2 && !memcmp(s, "\\[", 2) ? joined_header(lines, line, &len) : NULL;
	if (whole_line) {
		size_t wn;
		const char *w = trimmed(&(struct line){ whole_line, len, line->no }, &wn);
		header_line(g, w, wn, line->no);
		free(whole_line);
	} else {
		sgf_say(g->notes, at(line->no), SAY_HEADER_LINE, (int)n, s);
	}
}

/* Whitespace-separated fields of a line (at most 8). */
static size_t split(const char *s, size_t len, char *fields[8])
{
	size_t n = 0;
	for (size_t i = 0; i < len && n < 8;) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		size_t j = i;
		while (j < len && s[j] != ' ' && s[j] != '\t')
			j++;
		if (j > i)
			fields[n++] = xstrndup(s + i, j - i);
		i = j;
	}
	return n;
}

static void handicap(struct gib *g, long count, unsigned long line)
{
	int xy[9][2];
	int n = sgf_tygem_handicap(19, (int)count, xy);
	if (count < 2)
		return;
	char buf[24];
	snprintf(buf, sizeof buf, "%ld", count);
	text_prop(g->root, "HA", buf, line);
	if (n != count) {
		sgf_say(g->notes, at(line), SAY_NO_HANDICAP_STONES, count);
		return;
	}
	for (int i = 0; i < n; i++) {
		char pt[3];
		sgf_point(xy[i][0], xy[i][1], 19, pt);
		text_prop(g->root, "AB", pt, line);
	}
}

static void move(struct gib *g, int color, const char *pt, unsigned long line)
{
	if (sgf_games_full(g->out, ++g->nodes))
		return;   /* refused: more than the memory budget holds */
	struct sgf_node *n = sgf_node_new(at(line));
	sgf_node_add_kid(g->last, n);
	g->last = n;
	text_prop(n, color == 1 ? "B" : "W", pt, line);
	g->last_color = color;
	g->moves = true;
	g->move_lines++;
	g->last_move = line;
}

/* Whether a move line from the reader's place to the game's end (\GE or
 * \HS) has a number from lo to hi. */
static bool numbered_later(struct line_reader ahead, long lo, long hi)
{
	struct line l;
	while (line_next(&ahead, &l)) {
		const char *s = l.s;
		size_t n = l.len;
		while (n && (*s == ' ' || *s == '\t'))
			s++, n--;
		if (n >= 3 && (!memcmp(s, "\\GE", 3) || !memcmp(s, "\\HS", 3)))
			return false;
		if (n < 3 || (memcmp(s, "STO", 3) && memcmp(s, "SKI", 3)))
			continue;
		char *f[8];
		size_t nf = split(s, n, f);
		long number;
		bool in = nf >= 3 && lines_whole(f[2], &number) && number >= lo && number <= hi;
		for (size_t i = 0; i < nf; i++)
			free(f[i]);
		if (in)
			return true;
	}
	return false;
}

/* A move's number (a STO's or SKI's third field), the lines after it in
 * ahead: one that skips some after the last, which come nowhere later,
 * says the moves between are lost; one the moves had, or that skips some
 * that come later, a line doubled or out of order (said once a game). One
 * that is no number, said, is the next (so that the count still tells
 * the moves lost after it); 0, none read, the next is not compared. */
static void numbered(struct gib *g, const char *field, unsigned long line,
		     const struct line_reader *ahead)
{
	long number = 0;
	if (!lines_whole(field, &number) || number < 1) {
		sgf_say(g->notes, at(line), SAY_NUMBER, field, g->number ? "read as the one after "
			"the last" : "the next move's number is not compared with it");
		number = g->number ? g->number + 1 : 0;
	}
	bool first_one = !g->moves && number == 1;   /* numbered from 1, not INI's 2 */
	if (g->number && number && number != g->number + 1 && !g->disordered && !first_one) {
		if (number > g->number + 1 && !numbered_later(*ahead, g->number + 1, number - 1)) {
			g->lost_said = true;
			sgf_say(g->notes, at(line), SAY_SKIPPED, number - g->number - 1,
				number - g->number - 1 == 1 ? "move" : "moves", number, g->number);
		} else {
			sgf_say(g->notes, at(line), SAY_OUT_OF_ORDER, number, g->number);
			g->disordered = true;
		}
	}
	g->number = number;
}

/* A game's moves are closed by \GE; a game begun (its \HS) with none was
 * cut short (every GIB file seen ends so) where it ends, end: before the
 * number its count names, moves lost; with no move read, in its header or
 * before its moves. GAMEINFOMAIN's TCNT is its number of moves (in every
 * file seen, numbered from 1 or from INI's 2): fewer lines, where nothing
 * else said moves lost, lost some (the first of a game numbered from 1,
 * a line under a \GE whose count line is lost: the numbers cannot tell). */
static void end_of_game(const struct gib *g, bool ended, struct sgf_pos end)
{
	long number = g->moves ? g->number : 1;   /* none: cut after INI's number, 1 */
	bool closed_short = ended && g->closed && number && g->counted > number && !g->disordered;
	bool cut = !ended && (g->moves || g->begun) && number && g->counted > number;
	if (closed_short)
		/* closed before the count's last move: lines lost from its end */
		sgf_say(g->notes, at(g->closed), SAY_CUT_CLOSED, g->counted - number,
			g->counted - number == 1 ? "move" : "moves", g->count_line, g->counted, number);
	if (!closed_short && !cut && !g->lost_said && !g->disordered && g->tcnt > g->move_lines)
		sgf_say(g->notes, ended && g->closed ? at(g->closed) : end, SAY_TCNT,
			g->tcnt - g->move_lines, g->tcnt - g->move_lines == 1 ? "move" : "moves",
			g->tcnt_line, g->tcnt, g->move_lines);
	if (ended || (!g->moves && !g->begun))
		return;
	if (cut)
		sgf_say(g->notes, end, SAY_CUT, g->counted - number,
			g->counted - number == 1 ? "move" : "moves", g->count_line, g->counted, number);
	else if (!g->moves)
		sgf_say(g->notes, end, SAY_NO_MOVES);
	else if (number && g->counted == number)
		sgf_say(g->notes, end, SAY_NO_END_COUNTED, g->count_line);
	else
		sgf_say(g->notes, end, SAY_NO_END);
}

/* The game's count, `50 0 &4` before its INI line: its last move's number. */
static bool counted(const char *l, size_t n, long *last)
{
	char *f[8];
	size_t nf = split(l, n, f);
	long number;
	bool count = nf == 3 && lines_whole(f[0], &number) && number > 0 && !strcmp(f[1], "0") &&
		     !strcmp(f[2], "&4");
	for (size_t i = 0; i < nf; i++)
		free(f[i]);
	if (count)
		*last = number;
	return count;
}

/* Whether a line of the moves is a command of three capitals (STO, SKI,
 * INI; IDX, REM, ...). */
static bool command(const char *l, size_t n)
{
	for (size_t i = 0; i < 3; i++)
		if (i >= n || l[i] < 'A' || l[i] > 'Z')
			return false;
	return n == 3 || l[3] == ' ' || l[3] == '\t';
}

/* A line of the moves of a kind not read (aeb's gib2sgf met IDX and REM in
 * unfinished games, "2 6 0" on their first line, and knew the meaning of
 * neither): kept whole under meta.gib (GIB:REM), said once a game. IDX 0 N
 * sets the move number the next follows, as aeb's reader takes it. */
static void other_line(struct gib *g, const char *l, size_t n, unsigned long line)
{
	char id[8] = "GIB:", *f[8];
	memcpy(id + 4, l, 3);
	id[7] = '\0';
	sgf_prop_text(g->root, id, l, n, at(line));
	if (!g->other_said)
		sgf_say(g->notes, at(line), SAY_NOT_READ, (int)n, l);
	g->other_said = true;
	size_t nf = split(l, n, f);
	long number;
	if (!memcmp(l, "IDX", 3) && nf == 3 && lines_whole(f[2], &number) && number > 0)
		g->number = number;
	for (size_t i = 0; i < nf; i++)
		free(f[i]);
}

/* The game read so far is one of out's. */
static void push_game(struct gib *g)
{
	g->out->games = xgrow(g->out->games, &g->out->cap, g->out->len + 1,
			      sizeof *g->out->games);
	g->out->games[g->out->len++] = g->root;
}

/* A header after a game's moves or its end (line no): the game read so far
 * is out's, and another begins. */
static void next_game(struct gib *g, bool ended, unsigned long no)
{
	end_of_game(g, ended, at(no));
	push_game(g);
	g->root = g->last = sgf_node_new(at(no));
	g->moves = g->komi = g->result = false;
	g->number = g->counted = g->handicap = 0;
	g->disordered = g->other_said = g->code_said = false;
	g->last_color = 0;
	g->closed = 0;
	g->tcnt = g->move_lines = 0;
	g->lost_said = false;
}

/* A line of the game's play (l, n bytes; line no): INI (the handicap), STO
 * (a move) or SKI (a pass); one of none of those shapes is said lost. */
static void play_line(struct gib *g, const char *l, size_t n, unsigned long no,
		      struct line_reader *lines)
{
	char *f[8];
	size_t nf = split(l, n, f);
	long color, x, y, count;
	if (!memcmp(l, "INI", 3)) {
		if (nf >= 4 && lines_whole(f[3], &count) && !g->moves) {
			handicap(g, count, no);
			g->handicap = count;
			if (!strcmp(f[2], "1"))
				g->number = 1;   /* the first move is 2 */
		}
	} else if (nf >= 6 && lines_whole(f[3], &color) && (color == 1 || color == 2) &&
		   lines_whole(f[4], &x) && lines_whole(f[5], &y)) {
		char pt[3];
		sgf_point((int)x, (int)y, 19, pt);
		if (!pt[0])
			sgf_say(g->notes, at(no), SAY_OFF_BOARD, x, y);
		numbered(g, f[2], no, lines);
		move(g, (int)color, pt, no);
	} else if (!memcmp(l, "SKI", 3) && nf == 3) {
		/* a pass, the turn's: the other colour than the last move's
		 * (Lizzie's reader passes for the side to move) */
		numbered(g, f[2], no, lines);
		int turn = g->last_color ? 3 - g->last_color : g->handicap >= 2 ? 2 : 1;
		move(g, turn, "", no);
	} else {
		sgf_say(g->notes, at(no), SAY_MOVE_LINE);
		g->move_lines++;
		long number;   /* its move said lost: the next number follows it */
		if (g->number)
			g->number = nf >= 3 && lines_whole(f[2], &number) && number > g->number ?
					    number : g->number + 1;
	}
	for (size_t i = 0; i < nf; i++)
		free(f[i]);
}

void gib_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes)
{
	struct gib g = { .notes = notes, .out = out, .nodes = 1 };
	g.root = g.last = sgf_node_new(at(1));
	bool in_header = false, ended = false;
	struct line_reader lines;
	struct line line;
	line_reader_init(&lines, text, len);
	while (line_next(&lines, &line)) {
		unsigned long no = line.no;
		size_t n = line.len;
		while (n && (line.s[n - 1] == ' ' || line.s[n - 1] == '\t'))
			n--;
		const char *l = line.s;
		while (n && (*l == ' ' || *l == '\t'))
			l++, n--;
		if (n >= 3 && !memcmp(l, "\\HS", 3)) {
			/* A header after a game's moves or its end begins another
			 * game (files concatenated), not more of the same one. */
			if (g.moves || ended)
				next_game(&g, ended, no);
			in_header = true;
			g.begun = true;
			ended = false;
		} else if (n >= 3 && !memcmp(l, "\\GE", 3)) {
			if (!ended)
				g.closed = no;
			ended = true;
		} else if (n >= 3 && (!memcmp(l, "\\HE", 3) || !memcmp(l, "\\GS", 3))) {
			in_header = false;   /* (\GS: the header ends there, its \HE lost) */
		} else if (in_header && n >= 4 && !memcmp(l, "\\[", 2) && !memcmp(l + n - 2, "\\]", 2)) {
			header_line(&g, l, n, no);
		} else if (!g.moves && !g.counted && counted(l, n, &g.counted)) {
			g.count_line = no;
		} else if (n >= 3 && (!memcmp(l, "INI", 3) || !memcmp(l, "STO", 3) ||
				      !memcmp(l, "SKI", 3))) {
			play_line(&g, l, n, no, &lines);
		} else if (!in_header && g.begun && command(l, n)) {
			other_line(&g, l, n, no);
		} else if (in_header && n && !command(l, n)) {
			broken_header(&g, &lines, &line, l, n);
		}
	}
	unsigned long end_line, end_col;
	lines_end(text, len, &end_line, &end_col);
	end_of_game(&g, ended, (struct sgf_pos){ end_line, end_col });
	push_game(&g);
}
