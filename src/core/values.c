/* values: results, ranks, komi and dates as writers spell them.
 *
 * Every reading works on a normalised copy of the value: fullwidth ASCII
 * (０-９, Ｂ) as ASCII, ASCII letters upper-cased, white space (the
 * ideographic space too) removed, final punctuation (. ! 。 ！) dropped.
 * A value is read only when one pattern takes all of it: anything else stays
 * out of the record's field (the converter keeps it under meta). Values in
 * English words (SGFC's corrections: value_date_words, value_komi_english,
 * value_time_english) are core/english.c's. */
#include "core/values.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jstring.h"
#include "base/regex.h"

/* ---- normalising ---- */

/* The shared reading of a value: fullwidth ASCII as ASCII, ASCII letters
 * upper-cased, white space removed, and unless keep_final, the final
 * punctuation dropped. */
static void normalise_text(const char *s, size_t n, bool keep_final, struct buf *out)
{
	buf_adds(out, "");
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = utf8_next(s + i, n - i, &cp);
		i += k;
		if (cp >= 0xFF01 && cp <= 0xFF5E)
			cp -= 0xFEE0;   /* fullwidth ASCII */
		if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\v' || cp == '\f' ||
		    cp == 0x3000 || cp == 0xA0)
			continue;
		if (cp >= 'a' && cp <= 'z')
			cp -= 'a' - 'A';
		utf8_encode(out, cp);
	}
	/* Final punctuation: "White resigns.", "Black wins by 0.5!", 。 ！ */
	while (!keep_final) {
		if (out->len && (out->data[out->len - 1] == '.' || out->data[out->len - 1] == '!'))
			buf_truncate(out, out->len - 1);
		else if (out->len >= 3 && !memcmp(out->data + out->len - 3, "\xE3\x80\x82", 3))
			buf_truncate(out, out->len - 3);   /* 。 */
		else
			break;
	}
}

static void normalise(const char *s, struct buf *out)
{
	normalise_text(s, strlen(s), false, out);
}

/* A number in digits (12, 6.5) or kanji numerals as they are written (一
 * to 九十九: 九, 十五, 二十, 二十五; 初, and 초 its hangul, are 1 for ranks):
 * its value, or -1 (九九, 十十, 一二 are no numbers). */
static double number(const char *s, size_t len)
{
	if (!len)
		return -1;
	if (s[0] >= '0' && s[0] <= '9') {
		char tmp[32];
		if (len >= sizeof tmp)
			return -1;
		memcpy(tmp, s, len);
		tmp[len] = '\0';
		char *end;
		double d = strtod(tmp, &end);
		return *end ? -1 : d;
	}
	if (len == 3 && (!memcmp(s, "初", 3) || !memcmp(s, "초", 3)))
		return 1;
	static const char *const digit[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
	/* Each numeral is 3 bytes of UTF-8: [digit] [十 [digit]] */
	int d[3] = { 0, 0, 0 };   /* before 十, 十 itself (-1), after it */
	size_t k = 0;
	for (size_t i = 0; i < len; i += 3, k++) {
		if (len - i < 3 || k >= 3)
			return -1;
		int v = -1;
		for (int j = 0; j < 9; j++)
			if (!memcmp(s + i, digit[j], 3))
				v = j + 1;
		if (v < 0 && !memcmp(s + i, "十", 3))
			v = 0;
		if (v < 0)
			return -1;
		d[k] = v;
	}
	/* 九 | 十 | 十五 | 二十 | 二十五 */
	if (k == 1)
		return d[0] ? d[0] : 10;
	if (k == 2)
		return !d[0] && d[1] ? 10 + d[1] : d[0] && !d[1] ? d[0] * 10 : -1;
	return d[0] && !d[1] && d[2] ? d[0] * 10 + d[2] : -1;
}

static double span_number(const char *s, const struct regex_span *g)
{
	return g->start == SIZE_MAX ? -1 : number(s + g->start, g->end - g->start);
}

static bool present(const struct regex_span *g)
{
	return g->start != SIZE_MAX;
}

/* Whether the span g of s is one of the words (UTF-8, '|'-separated). */
static bool span_in(const char *s, const struct regex_span *g, const char *words)
{
	if (!present(g))
		return false;
	size_t n = g->end - g->start;
	for (const char *w = words; *w;) {
		size_t k = strcspn(w, "|");
		if (k == n && !memcmp(w, s + g->start, n))
			return true;
		w += k + (w[k] == '|');
	}
	return false;
}

/* ---- results ---- */

static void points(struct buf *out, char winner, double pts)
{
	char text[32];
	snprintf(text, sizeof text, "%.2f", pts);
	/* 7.50 -> 7.5, 4.00 -> 4 */
	char *dot = strchr(text, '.');
	size_t end = strlen(text);
	while (end > (size_t)(dot - text) && (text[end - 1] == '0'))
		end--;
	if (text[end - 1] == '.')
		end--;
	text[end] = '\0';
	buf_printf(out, "%c+%s", winner, text);
}

/* The words of a result in Japanese, Chinese (simplified and traditional)
 * and Korean, one list each: won, lost, and how (by resignation, on time,
 * by forfeit: 不戦勝, 不战胜 and 기권승 a win by the other's absence; 負 and
 * 敗 a loss in Japanese and traditional Chinese, 负 and 败 in simplified). */
#define WIN "勝ち|勝利|勝|胜|승"
#define LOSE "負け|負|负|敗|败|패"
#define CJK_BLACK "黒|黑|흑"
#define CJK_WHITE "白|백"
#define BY_RESIGNATION "中押し|中押|中盘|中盤|불계"
#define ON_TIME "時間切れ|時間|时间|超时|超時|시간"
#define BY_FORFEIT "反則|犯规|반칙|不戦|不战|不戰|기권"
#define NUM "[0-9]+(?:\\.[0-9]+)?|(?:一|二|三|四|五|六|七|八|九|十)+"

/* The Japanese, Korean and Chinese forms: colour, then how (by
 * resignation, on time, by forfeit, by points or stones), won or lost. */
static bool cjk_result(const char *s, size_t len, struct buf *out)
{
	/* Groups: 1 colour, 2 win/lose before a margin, 3 how, 4 margin
	 * number, 5 unit, 6 half, 7 half-point form, 8 stones: whole, 9
	 * numerator, 10 denominator, 11 stones half, 12 win/lose after. */
	static struct regex re = REGEX(
		"(" CJK_BLACK "|" CJK_WHITE ")(?:の|的|이|가)?"
		"(" WIN "|" LOSE ")?"
		"(?:(" BY_RESIGNATION "|" ON_TIME "|" BY_FORFEIT ")"
		"|(" NUM ")(目|집|点|點|路)(半|반)?"
		"|(半目|반집)"
		"|(?:([0-9]+)又)?(?:([0-9]+)/([0-9]+)|(" NUM "))子(半)?"
		")"
		"(" WIN "|" LOSE ")?");
	struct regex_span g[13];
	if (!regex_capture(&re, s, len, g, 13))
		return false;
	/* g[0] colour ... g[12] (indices shift by one: groups 1..13) */
	const struct regex_span *colour = &g[0], *before = &g[1], *how = &g[2], *num = &g[3],
				*unit = &g[4], *half = &g[5], *halfpt = &g[6], *whole = &g[7],
				*numer = &g[8], *denom = &g[9], *stones = &g[10], *stones_half = &g[11],
				*after = &g[12];
	(void)unit;
	if (present(before) == present(after))
		return false;   /* won or lost, said once */
	const struct regex_span *verb = present(before) ? before : after;
	bool black = span_in(s, colour, CJK_BLACK);
	bool won = span_in(s, verb, WIN);
	char winner = black == won ? 'B' : 'W';
	if (present(how)) {
		if (span_in(s, how, BY_RESIGNATION))
			buf_printf(out, "%c+R", winner);
		else if (span_in(s, how, BY_FORFEIT))
			buf_printf(out, "%c+F", winner);
		else
			buf_printf(out, "%c+T", winner);
		return true;
	}
	double pts;
	if (present(halfpt)) {
		pts = 0.5;
	} else if (present(num)) {
		pts = span_number(s, num) + (present(half) ? 0.5 : 0);
		if (span_number(s, num) < 0)
			return false;
	} else {
		/* Stones under Chinese counting: 2 points each. */
		double zi = present(whole) ? span_number(s, whole) : 0;
		if (present(numer)) {
			double a = span_number(s, numer), b = span_number(s, denom);
			if (a < 0 || b <= 0 || a >= b)
				return false;
			zi += a / b;
		} else {
			double n = span_number(s, stones);
			if (n < 0)
				return false;
			zi += n;
		}
		if (present(stones_half))
			zi += 0.5;
		pts = zi * 2;
	}
	if (!(pts > 0) || pts > 1000)
		return false;
	points(out, winner, pts);
	return true;
}

/* English: B+R and its spellings, and sentences ("White resigns.", "Black
 * wins by 0.5!", "W wins on time", and Tygem's "black 3.5 win", "black 0.5
 * points win", which aeb's gib2sgf reads). */
static bool english_result(const char *s, size_t len, struct buf *out)
{
	static struct regex plus = REGEX(
		"([BW])\\+(R|RES|RESIGN|RESIGNS|RESIGNED|RESIGNATION|T|TIME|TIMEOUT|TIMEOVER|ONTIME"
		"|F|FORFEIT|DEFAULT|([0-9]+(?:\\.[0-9]+)?)(?:POINTS?|PTS?)?)");
	static struct regex wins = REGEX(
		"(BLACK|WHITE|B|W)(?:WINS|WON|WIN)(?:BY|ON)?(RESIGNATION|RESIGN|TIME|TIMEOUT|FORFEIT|DEFAULT"
		"|([0-9]+(?:\\.[0-9]+)?)(?:POINTS?|PTS?)?)");
	static struct regex margin_wins = REGEX(
		"(BLACK|WHITE|B|W)([0-9]+(?:\\.[0-9]+)?)(?:POINTS?|PTS?)?(?:WINS|WIN|WON)");
	static struct regex loses = REGEX(
		"(BLACK|WHITE|B|W)(RESIGNS|RESIGNED|(?:LOSES|LOST)(?:BY|ON)?(?:TIME|TIMEOUT|RESIGNATION))");
	struct regex_span g[3];
	char winner;
	const char *how;
	if (regex_capture(&plus, s, len, g, 3) || regex_capture(&wins, s, len, g, 3)) {
		winner = s[g[0].start];   /* B, W, BLACK, WHITE */
		how = s + g[1].start;
		if (present(&g[2])) {
			double pts = span_number(s, &g[2]);
			if (!(pts > 0) || pts > 1000)
				return false;   /* B+0: no winner by 0 points */
			points(out, winner, pts);
			return true;
		}
	} else if (regex_capture(&margin_wins, s, len, g, 2)) {
		double pts = span_number(s, &g[1]);
		if (!(pts > 0) || pts > 1000)
			return false;
		points(out, s[g[0].start], pts);
		return true;
	} else if (regex_capture(&loses, s, len, g, 2)) {
		winner = s[g[0].start] == 'B' ? 'W' : 'B';
		how = s + g[1].start;
		how = strstr(how, "TIME") ? "T" : "R";
	} else {
		return false;
	}
	char kind = how[0] == 'R' ? 'R' : how[0] == 'T' || !strncmp(how, "ONTIME", 6) ? 'T' : 'F';
	buf_printf(out, "%c+%c", winner, kind);
	return true;
}

/* "257手完, " / "257手まで" / "总257手" / "250수": the moves played, before
 * the result, which value_result sets aside. */
static struct regex result_moves =
	REGEX("(?:总|總|共)?[0-9]+(?:手|수)(?:完|まで|迄|にて|で|만에)?(?:,|、|，)?(.*)");

bool value_result_aside(const char *s, struct buf *aside)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	struct regex_span rest;
	bool set = regex_capture(&result_moves, n.data, n.len, &rest, 1) && rest.end > rest.start;
	if (set && aside) {
		size_t end = rest.start;   /* without the comma or blank after them */
		while (end > 0 && (n.data[end - 1] == ' ' || n.data[end - 1] == ','))
			end--;
		if (end >= 3 && (!memcmp(n.data + end - 3, "、", 3) || !memcmp(n.data + end - 3, "，", 3)))
			end -= 3;
		buf_add(aside, n.data, end);
	}
	buf_free(&n);
	return set;
}

bool value_result(const char *s, struct buf *out)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	const char *r = n.data;
	size_t len = n.len;
	struct regex_span rest;
	if (regex_capture(&result_moves, r, len, &rest, 1) && rest.end > rest.start) {
		r += rest.start;
		len = rest.end - rest.start;
	}
	static const char *const draws[] = { "0", "DRAW", "JIGO", "D", "持碁", "ジゴ", "じご", "和棋",
					     "和局", "무승부", "빅", NULL };
	static const char *const none[] = { "", "VOID", "無勝負", "无胜负", "打ち掛け", "打掛",
					    NULL };
	bool ok = true;
	bool done = false;
	for (const char *const *d = draws; *d && !done; d++)
		if (strlen(*d) == len && !memcmp(r, *d, len))
			buf_adds(out, "0"), done = true;
	for (const char *const *d = none; *d && !done; d++)
		if (strlen(*d) == len && !memcmp(r, *d, len))
			buf_adds(out, ""), done = true;
	if (!done && len == 1 && r[0] == '?')
		buf_adds(out, "?"), done = true;
	if (!done)
		ok = english_result(r, len, out) || cjk_result(r, len, out);
	buf_free(&n);
	return ok;
}

/* Near misses of the grammar in SGF's and servers' ASCII spellings, read
 * on the value normalised with its final punctuation, and BLACK or WHITE
 * at the start shortened to B or W. Group 1 is the winner. */
static struct regex near_points =
	REGEX("([BW])\\+(?=[.,]?[0-9])([0-9]*)(?:[.,]([0-9]+))?(?:PTS?|POINTS?)?");
static struct regex near_resign = REGEX("([BW])\\+(?:R|RES|RESIGN|RESIGNS|RESIGNED|RESIGNATION)");
static struct regex near_time = REGEX("([BW])\\+(?:T|TIME|TIMEOUT|TIMEUP|ONTIME)");
static struct regex near_forfeit = REGEX("([BW])\\+(?:F|FORFEIT|FORFEITED)");
/* Causes outside the grammar, read as the closest one it has (a
 * reinterpretation). */
static struct regex near_illegal = REGEX("([BW])\\+(?:ILLEGAL|ILLEGALMOVE)");
static struct regex near_timeout = REGEX("([BW])\\+?(?:TOUT|TO|T/O)\\.?");
static struct regex near_resigns = REGEX("([BW])\\+?(?:RS|RES)\\.?");
static struct regex near_winner = REGEX("([BW])\\+?");
static struct regex near_draw = REGEX("DRAW|DRAWN|JIGO|TIE|D|=|0(?:[.,]0+)?");
static struct regex near_none =
	REGEX("VOID|NORESULT|NR|NONE|N/A|-|.*ADJOURN.*|.*SUSPEND.*|.*UNFINISHED.*");
static struct regex near_unknown = REGEX("UNKNOWN|\\?+");

static void near_normalise(const char *s, size_t len, struct buf *out)
{
	normalise_text(s, len, true, out);
	for (const char *const *w = (const char *const[]){ "BLACK", "WHITE", NULL }; *w; w++)
		if (strncmp(out->data, *w, 5) == 0) {
			memmove(out->data + 1, out->data + 5, out->len - 4);
			out->len -= 4;
		}
}

bool value_result_near_miss(const char *s, size_t len, struct buf *out, bool *reinterprets)
{
	*reinterprets = false;
	if (len > 64)
		return false;
	struct buf n = BUF_INIT;
	near_normalise(s, len, &n);
	bool found = true;
	struct regex_span g[3];   /* winner, whole points, fraction */
	if (regex_capture(&near_points, n.data, n.len, g, 3)) {
		buf_printf(out, "%c+", n.data[0]);
		if (g[1].start < g[1].end)
			buf_add(out, n.data + g[1].start, g[1].end - g[1].start);
		else
			buf_addc(out, '0');
		if (g[2].start != SIZE_MAX)
			buf_printf(out, ".%.*s", (int)(g[2].end - g[2].start), n.data + g[2].start);
	} else if (regex_match(&near_resign, n.data, n.len) ||
		   regex_match(&near_resigns, n.data, n.len)) {
		*reinterprets = !regex_match(&near_resign, n.data, n.len);
		buf_printf(out, "%c+R", n.data[0]);
	} else if (regex_match(&near_time, n.data, n.len) ||
		   regex_match(&near_timeout, n.data, n.len)) {
		*reinterprets = !regex_match(&near_time, n.data, n.len);
		buf_printf(out, "%c+T", n.data[0]);
	} else if (regex_match(&near_forfeit, n.data, n.len) ||
		   regex_match(&near_illegal, n.data, n.len)) {
		*reinterprets = !regex_match(&near_forfeit, n.data, n.len);
		buf_printf(out, "%c+F", n.data[0]);
	} else if (regex_match(&near_draw, n.data, n.len)) {
		buf_adds(out, "0");
	} else if (regex_match(&near_none, n.data, n.len)) {
		buf_adds(out, "");
	} else if (regex_match(&near_unknown, n.data, n.len)) {
		buf_adds(out, "?");
	} else {
		found = false;
	}
	buf_free(&n);
	return found;
}

bool value_result_winner_alone(const char *s, size_t len, char *winner)
{
	if (len > 64)
		return false;
	struct buf n = BUF_INIT;
	near_normalise(s, len, &n);
	bool found = regex_match(&near_winner, n.data, n.len);
	*winner = n.data[0];
	buf_free(&n);
	return found;
}

/* ---- ranks ---- */

bool value_pro_source(const char *s)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	static const char *const words[] = {
		"棋院", "기원", "KIIN", "KI-IN", "GOASSOCIATION", "WEIQIASSOCIATION",
		"BADUKASSOCIATION", "围棋协会", "圍棋協會", "棋士", "プロ", "职业", "職業", "프로",
		NULL
	};
	/* An online server is no professional body, whatever its name says
	 * (台灣棋院棋城網, the Taiwanese Go association's web server). */
	static const char *const servers[] = {
		"網", "网", "WWW.", ".COM", ".NET", ".ORG", "ONLINE", "SERVER", "TYGEM", "WBADUK",
		"CYBERORO", "FOXWQ", "野狐", "弈城", "对弈", "對弈", "대국실", "사이버", NULL
	};
	bool found = false;
	for (const char *const *w = words; *w && !found; w++)
		found = strstr(n.data, *w) != NULL;
	for (const char *const *w = servers; *w && found; w++)
		found = strstr(n.data, *w) == NULL;
	buf_free(&n);
	return found;
}

bool value_pro_event(const char *s)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	/* The international cups and the national titles, as the records of
	 * Korea, China, Japan and Taiwan name them (normalised: no spaces,
	 * upper case). */
	static const char *const events[] = {
		"춘란배", "삼성화재배", "삼성배", "LG배", "응씨배", "농심신라면배", "농심배",
		"몽백합배", "백령배", "란커배", "글로비스배", "명인전", "국수전", "기성전", "왕위전",
		"천원전", "십단전", "박카스배", "GS칼텍스배", "맥심커피배", "바둑리그", "신인왕전",
		"春兰杯", "春蘭杯", "三星杯", "三星火灾杯", "三星火災杯", "LG杯", "应氏杯", "應氏杯",
		"农心杯", "農心杯", "梦百合杯", "夢百合杯", "百灵杯", "百靈杯", "烂柯杯", "爛柯杯",
		"名人战", "名人戦", "名人戰", "棋圣战", "棋聖戦", "棋聖戰", "本因坊", "十段战", "十段戦",
		"王座战", "王座戦", "王座戰", "碁聖戦", "天元战", "天元戦", "天元戰", "国手战", "國手戰",
		"围甲", "圍甲", "围棋甲级联赛", "SAMSUNGCUP", "CHUNLANCUP", "LGCUP", "NONGSHIMCUP",
		"MEIJIN", "HONINBO", "KISEI", "JUDAN", "GOSEI", NULL
	};
	/* An amateur's or a youth event of the same name is no professional's
	 * (아마국수전, アマ本因坊, 业余天元), nor a server's game (网, 網). */
	static const char *const amateur[] = {
		"아마", "アマ", "业余", "業餘", "業余", "AMATEUR", "내셔널", "학생", "어린이", "少年",
		"少儿", "儿童", "學生", "学生", "網", "网", "ONLINE", "대국실", NULL
	};
	bool found = false;
	for (const char *const *w = events; *w && !found; w++)
		found = strstr(n.data, *w) != NULL;
	for (const char *const *w = amateur; *w && found; w++)
		found = strstr(n.data, *w) == NULL;
	buf_free(&n);
	return found;
}

/* A rank as written, its number's range aside. */
struct rank_parts {
	double num;
	char letter;            /* k, d or p: as read */
	char range;             /* k, d or p: the range it is checked against */
	enum rank_reading how;
	char mark;              /* '?', '*' or 0 */
};

/* Reads the rank s into p; false when it is not written as a rank. */
static bool rank_parts(const char *s, bool pro_source, struct rank_parts *p)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	/* Groups: 1 marker before, 2 number, 3 unit, 4 uncertainty, 5 marker
	 * after (NGF's 7단P too), 6 uncertainty after it ("2 dan pro?"). */
	static struct regex re = REGEX(
		"(PRO|AMA|AMATEUR|P|プロ|アマ|职业|職業|业余|業餘|業余|프로|아마)?-?"
		"(" NUM "|初|초)[-.]?"
		"(DAN|KYU|PRO|DP|D|K|P|段|級|级|급|단)"
		"([?*])?(PRO|AMA|AMATEUR|P)?([?*])?");
	struct regex_span g[6];
	if (!regex_capture(&re, n.data, n.len, g, 6)) {
		buf_free(&n);
		return false;
	}
	double num = span_number(n.data, &g[1]);
	bool kanji = !(n.data[g[1].start] >= '0' && n.data[g[1].start] <= '9');
	bool kyu = span_in(n.data, &g[2], "KYU|K|級|级|급");
	bool pro_unit = span_in(n.data, &g[2], "PRO|DP|P");
	bool pro = span_in(n.data, &g[0], "PRO|P|プロ|职业|職業|프로") ||
		   span_in(n.data, &g[4], "PRO|P");
	bool ama = span_in(n.data, &g[0], "AMA|AMATEUR|アマ|业余|業餘|業余|아마") ||
		   span_in(n.data, &g[4], "AMA|AMATEUR");
	if (!(num >= 0) || num != floor(num) || (ama && (pro || pro_unit)) ||
	    (kyu && (pro || pro_unit)) || (present(&g[3]) && present(&g[5]))) {
		buf_free(&n);
		return false;
	}
	bool english_unit = span_in(n.data, &g[2], "DAN|KYU|PRO|DP|D|K|P");
	/* The marks of JGF's grammar (3d?, 9p*); a server's `*` (WBaduk's
	 * 5단*) says amateur where the record would otherwise guess. */
	p->mark = present(&g[3]) ? n.data[g[3].start] : present(&g[5]) ? n.data[g[5].start] : 0;
	p->num = num;
	if (kyu) {
		p->letter = 'k';
		p->how = RANK_AS_WRITTEN;
	} else if (pro_unit || pro || ama) {
		p->letter = pro_unit || pro ? 'p' : 'd';
		p->how = pro_unit || (english_unit && (pro || ama)) ? RANK_AS_WRITTEN : RANK_MARKED;
	} else if (span_in(n.data, &g[2], "D")) {
		p->letter = 'd';   /* 4d, 4D: JGF's own spelling */
		p->how = RANK_AS_WRITTEN;
	} else if (p->mark == '*' && (pro_source || kanji)) {
		p->letter = 'd';   /* a server's mark says amateur, whatever would guess otherwise */
		p->how = RANK_SERVER_MARK;
	} else if (pro_source) {
		p->letter = 'p';
		p->how = RANK_PRO_SOURCE;
	} else if (kanji) {
		p->letter = 'p';
		p->how = RANK_NUMERALS;
	} else {
		p->letter = 'd';
		p->how = RANK_DIGITS;
	}
	/* A dan beyond 9 is out of the amateur range unless a word says
	 * professional: 十段 is a title, 10d no rank either way. */
	p->range = kyu ? 'k' : pro_unit || pro ? 'p' : 'd';
	buf_free(&n);
	return true;
}

static bool in_range(const struct rank_parts *p)
{
	return p->num >= 1 && p->num <= (p->range == 'k' ? 30 : 9);
}

bool value_rank(const char *s, bool pro_source, struct buf *out, enum rank_reading *how)
{
	struct rank_parts p;
	if (!rank_parts(s, pro_source, &p) || !in_range(&p))
		return false;
	buf_printf(out, "%ld%c", (long)p.num, p.letter);
	if (p.mark)
		buf_addc(out, p.mark);
	*how = p.how;
	return true;
}

bool value_rank_usual(const char *s, size_t len)
{
	/* SGF's notation (FF[4] BR/WR): "?" after a rank marks it uncertain,
	 * "*" established; Seki copies both. */
	static struct regex usual = REGEX("(?:[1-9]|[12][0-9]|30)k[?*]?|[1-9][dp][?*]?");
	return regex_match(&usual, s, len);
}

bool value_rank_unknown(const char *s, size_t len)
{
	/* as servers and editors write an unknown rank (WR[?], NR): "?"
	 * alone is no rank, not the mark of JGF's "3d?" */
	static struct regex unknown = REGEX("\\?+|-+|NR|UNKNOWN|NONE|N/A|不明|未知");
	struct buf n = BUF_INIT;
	normalise_text(s, len, true, &n);
	bool found = regex_match(&unknown, n.data, n.len);
	buf_free(&n);
	return found;
}

bool value_rank_out_of_range(const char *s, char *unit)
{
	struct rank_parts p;
	if (!rank_parts(s, false, &p) || in_range(&p))
		return false;
	*unit = p.range;
	return true;
}

/* ---- komi ---- */

bool value_komi_words(const char *s, double *out)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	/* Groups: 1 colour, 2 number, 3 unit, 4 half, 5 half-point form */
	static struct regex re = REGEX(
		"(黒|黑|白|흑|백)?(?:(" NUM ")(目|집|点|點)?(半|반)?|(半目|반집))(?:コミ|貼|덤)?");
	struct regex_span g[5];
	bool ok = regex_capture(&re, n.data, n.len, g, 5);
	if (ok) {
		/* A plain number is KM's own: words only. */
		double v = present(&g[4]) ? 0.5 : span_number(n.data, &g[1]);
		ok = v >= 0 && (present(&g[0]) || present(&g[2]) || present(&g[3]) || present(&g[4]));
		if (present(&g[3]))
			v += 0.5;
		if (span_in(n.data, &g[0], "白|백"))
			v = -v;
		*out = v;
	}
	buf_free(&n);
	return ok;
}

/* ---- times ---- */

bool value_time_words(const char *s, double *seconds)
{
	struct buf n = BUF_INIT;
	normalise(s, &n);
	/* Groups: 1 hours, 2 minutes, 3 seconds */
	static struct regex re = REGEX(
		"(?:(" NUM ")(?:時間|小时|小時|시간))?(?:(" NUM ")(?:分钟|分鐘|分|분))?"
		"(?:(" NUM ")(?:秒|초))?");
	struct regex_span g[3];
	bool ok = n.len && regex_capture(&re, n.data, n.len, g, 3);
	double total = 0;
	static const double unit[3] = { 3600, 60, 1 };
	for (int i = 0; ok && i < 3; i++) {
		if (!present(&g[i]))
			continue;
		double v = span_number(n.data, &g[i]);
		ok = v >= 0;
		total += v * unit[i];
	}
	buf_free(&n);
	*seconds = total;
	return ok;
}

/* ---- dates ---- */

int value_days_in(long year, int month)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return month == 2 && leap ? 29 : days[month - 1];
}

/* A date's day as value_date_with_time and value_date_bad_time read it,
 * one pattern: groups 1 year, 2 month, 3 day; then the last day of a range
 * (1940.10.30-31). */
#define DATE_DAY "\\s*([0-9]{4})(?:-|/|\\.|年)([0-9]{1,2})(?:-|/|\\.|月)([0-9]{1,2})(?:日)?" \
		 "(?:(?:-|~|～)[0-9]{1,2}(?:日)?)?"

bool value_date_with_time(const char *s, size_t len, char out[11])
{
	/* Groups 1 to 3 (DATE_DAY's); then a time of day and its zone (Z,
	 * +09:00, UT, KST). */
	static struct regex re = REGEX(
		DATE_DAY "(?:(?:\\s+|T)([0-9]{1,2}):([0-9]{2})(?::([0-9]{2})(?:\\.[0-9]+)?)?"
		"(?:\\s*(?:Z|[+-][0-9]{2}:?[0-9]{2}|[A-Z]{2,5}))?)?\\s*");
	/* Groups 4 to 6: the hour, minutes and seconds of the time of day,
	 * bounded as en_time_of_day bounds them (24:00, a leap second). */
	struct regex_span g[6];
	if (!regex_capture(&re, s, len, g, 6))
		return false;
	if (present(&g[3]) && (atoi(s + g[3].start) > 24 || atoi(s + g[4].start) > 59 ||
			       (present(&g[5]) && atoi(s + g[5].start) > 60)))
		return false;
	int y = atoi(s + g[0].start), m = atoi(s + g[1].start), d = atoi(s + g[2].start);
	snprintf(out, 11, "%04d-%02d-%02d", y, m, d);
	return true;
}

bool value_date_bad_time(const char *s)
{
	static struct regex timed = REGEX(DATE_DAY "(?:\\s+|T)[0-9]{1,2}:[0-9]{2}.*");
	char day[11];
	for (const char *p = s;; p++) {
		size_t n = strcspn(p, ",");
		if (regex_match(&timed, p, n) && !value_date_with_time(p, n, day))
			return true;
		p += n;
		if (!*p)
			return false;
	}
}
