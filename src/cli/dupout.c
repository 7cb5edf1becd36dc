/* dupout: `jgflint duplicates`' report, written piece by piece
 * (cli/dupout.h). */
#define _FILE_OFFSET_BITS 64
#include "cli/dupout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/paths.h"
#include "convert/sgfprops.h"
#include "core/diag.h"
#include "core/position.h"
#include "core/record.h"
#include "output/format.h"

static const char *str(json_object *o, const char *key)
{
	json_object *v = member_of_type(o, key, json_type_string);
	return v ? json_object_get_string(v) : NULL;
}

static long long num(json_object *o, const char *key)
{
	long long v = 0;
	get_int(member(o, key), &v);
	return v;
}

static void list(struct buf *out, json_object *arr)
{
	for (size_t i = 0; i < json_object_array_length(arr); i++)
		buf_printf(out, "%s%s", i ? ", " : "", json_object_get_string(
				   json_object_array_get_idx(arr, i)));
}

/* What a copy holds besides its moves: "; black X; white Y; ...; komi
 * 6.5; handicap 2; rules Japanese" (komi and handicap numbers, as json
 * writes them). */
static void facts_more(struct buf *out, json_object *m)
{
	static const char *const keys[] = { "black", "white", "date", "result", "event", "komi",
					     "handicap", "rules" };
	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		json_object *v = member(m, keys[k]);
		if (v)
			buf_printf(out, "; %s %s", keys[k], json_object_get_string(v));
	}
	long long c = num(m, "comments");
	if (c)
		buf_printf(out, "; comments on %lld node%s of its main line", c, c == 1 ? "" : "s");
	long long marks = num(m, "markup");
	if (marks)
		buf_printf(out, "; %lld mark%s", marks, marks == 1 ? "" : "s");
	long long illegal = num(m, "illegal");
	if (illegal)   /* on a point a stone holds, a suicide, a ko taken back */
		buf_printf(out, "; move %lld illegal", illegal);
	long long v = num(m, "variations");
	if (v)
		buf_printf(out, "; %lld variation%s%s", v, v == 1 ? "" : "s",
			   member(m, "variationsCompared") ? " (too many nodes to compare)" : "");
	if (str(m, "format"))
		buf_printf(out, "; %s", str(m, "format"));
	long long h = num(m, "handicapMoves");
	if (h)   /* a missed white move 2 reads so too */
		buf_printf(out, "; read as a handicap game: its first %lld black moves as stones", h);
	if (member(m, "position"))
		buf_adds(out, "; compared by its position");
}

/* The moves of a group, a fragment's copy or a game it copies as the text
 * says them: the passes after the last move not counted (no moves, as the
 * copies' relations count them). */
static long long played(json_object *o)
{
	return num(o, "moves") - num(o, "passesAfter");
}

/* What copy m holds: "250 moves; black X; white Y; ...", the passes after
 * its last move those o counts (m's own, a kept copy's its group's). */
static void facts(struct buf *out, json_object *m, json_object *o)
{
	long long after = num(o, "passesAfter"), n = num(m, "moves") - after;
	buf_printf(out, "%lld move%s", n, n == 1 ? "" : "s");
	if (after)   /* the passes after its last move no moves */
		buf_printf(out, "; passes after its last move: %lld", after);
	facts_more(out, m);
}

/* A game named: "a.sgf", "a.sgf (game 2)". */
static void game_name(struct buf *out, json_object *m)
{
	buf_adds(out, str(m, "path"));
	if (num(m, "game"))
		buf_printf(out, " (game %lld)", num(m, "game"));
}

/* The boards at a near copy's first difference (its "boards"): this copy
 * after its move there, then the kept copy after its own, both as this
 * copy is turned, drawn as the text format draws the boards of findings. */
static void draw_boards(struct buf *out, json_object *m)
{
	json_object *b = member(m, "boards");
	if (!b)
		return;
	static const char *const names[2] = { "this", "kept" };
	for (int k = 0; k < 2; k++) {
		json_object *side = member(b, names[k]), *rows = member(side, "rows");
		size_t h = rows ? json_object_array_length(rows) : 0;
		const char *first = h ? json_object_get_string(json_object_array_get_idx(rows, 0)) : "";
		size_t w = strlen(first);
		if (!h || !w)
			continue;
		struct position p = { .width = (int)w, .height = (int)h, .ko_x = -1, .ko_y = -1 };
		p.stones = xcalloc(w * h, 1);
		for (size_t y = 0; y < h; y++) {
			const char *row = json_object_get_string(json_object_array_get_idx(rows, y));
			for (size_t x = 0; x < w && row && row[x]; x++)
				p.stones[y * w + x] = row[x] == 'X' ? STONE_BLACK : row[x] == 'O'
						      ? STONE_WHITE : STONE_NONE;
		}
		/* Each side after its own move there (its number, "move", may
		 * differ from the other's after a move inserted or deleted); the
		 * side without one, after its move before, or its setup. */
		long long number = member(side, "move") ? num(side, "move") : num(b, "move");
		const char *color = str(side, "color");
		char caption[64];
		if (color)
			snprintf(caption, sizeof caption, "move %lld of %s", number,
				 k ? "the kept copy" : "this copy");
		else
			snprintf(caption, sizeof caption, "the setup of %s",
				 k ? "the kept copy" : "this copy");
		int stone = color && !strcmp(color, "white") ? STONE_WHITE : STONE_BLACK;
		bool pass = !member(side, "x");
		p.node = caption;
		p.last = (struct position_move){ .number = (unsigned long)number,
						 .color = (unsigned char)stone, .pass = pass,
						 .x = pass ? -1 : (int)num(side, "x"),
						 .y = pass ? -1 : (int)num(side, "y"), .node = "" };
		/* an illegal move is not on the board: its point shows what
		 * was there (another's stone), which no mark may call it */
		bool played = pass || (p.last.x >= 0 && p.last.y >= 0 && (size_t)p.last.x < w &&
				       (size_t)p.last.y < h &&
				       p.stones[(size_t)p.last.y * w + (size_t)p.last.x] == stone &&
				       !(k == 0 && member(m, "illegal") && num(m, "illegal") == number));
		struct diag d = { .node = caption };
		if (!pass && played)
			diag_add_point(&d, ROLE_MOVE, p.last.x, p.last.y, stone, p.last.number, caption,
				       "");
		board_draw(out, &p, &d, 4, &(struct board_paint){ "", "", "" });
		/* (the point named: the board shows another's stone there, or
		 * none; which rule forbids it the check says) */
		char at[POINT_NAME_SIZE + 4] = "";
		if (!pass && !played && point_name((int)w, (int)h, p.last.x, p.last.y, at + 4))
			memcpy(at, " at ", 4);
		if (color && (pass || !played))
			buf_printf(out, "    | move %lld, %s%s, %s\n", number,
				   stone == STONE_WHITE ? "white" : "black", at,
				   pass ? "passes" : "illegal: not played on this board");
		d.node = NULL;
		diag_free(&d);
		free(p.stones);
	}
}

/* A colour as a difference names it, by the SGF property of the one
 * table that holds it: B, W; AB, AW, AE for setup ("setup empty" is the
 * table's "clear"). */
static const char *color_letters(const char *color)
{
	bool setup = color && !strncmp(color, "setup ", 6);
	const char *entry = setup ? color + 6 : color;
	if (setup && !strcmp(entry, "empty"))
		entry = "clear";
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	for (size_t i = 0; entry && i < n; i++)
		if (t[i].kind == (setup ? SGF_K_SETUP : SGF_K_MOVE) && t[i].entry &&
		    !strcmp(t[i].entry, entry))
			return t[i].id;
	return "?";
}

/* One difference of a near copy: "move 100 D4 (kept: Q16)" (a move that
 * differs; "move 81 D4 (kept: move 80 Q16)" when the copies number it
 * differently, "move 100 B D4 (kept: W Q16)" when the colours differ),
 * "move 57 inserted: B Q16" (this copy's move, not in the kept copy),
 * "move 57 deleted: B Q16" (the kept copy's move, not in this copy). */
static void difference(struct buf *out, const char *sep, json_object *x)
{
	const char *edit = str(x, "edit");
	if (edit && !strcmp(edit, "inserted")) {
		buf_printf(out, "%smove %lld inserted: %s %s", sep, num(x, "move"),
			   color_letters(str(x, "color")), str(x, "this"));
		return;
	}
	if (edit && !strcmp(edit, "deleted")) {
		buf_printf(out, "%smove %lld deleted: %s %s", sep, num(x, "move"),
			   color_letters(str(x, "keptColor")), str(x, "kept"));
		return;
	}
	const char *c = str(x, "color"), *kc = str(x, "keptColor");
	bool colors = c && kc && strcmp(c, kc);
	buf_printf(out, "%smove %lld %s%s%s (kept: ", sep, num(x, "move"),
		   colors ? color_letters(c) : "", colors ? " " : "", str(x, "this"));
	if (member(x, "keptMove") && num(x, "keptMove") != num(x, "move"))
		buf_printf(out, "move %lld ", num(x, "keptMove"));
	buf_printf(out, "%s%s%s)", colors ? color_letters(kc) : "", colors ? " " : "",
		   str(x, "kept"));
}

/* A copy's relation to the kept copy: "kept: 250 moves; ...", "prefix
 * (turned 90 degrees clockwise), 150 of 250 moves", "near, 1 move
 * differs: move 100 D4 (kept: Q16)". */
static void relation(struct buf *out, json_object *g, json_object *m)
{
	const char *rel = str(m, "relation");
	buf_adds(out, rel);
	if (!strcmp(rel, "kept")) {   /* its moves as the group's header counts them */
		buf_adds(out, ": ");
		facts(out, m, g);
		return;
	}
	const char *o = str(m, "orientation");
	if (strcmp(o, "as it is") || member(m, "colorsSwapped"))
		buf_printf(out, " (%s%s)", strcmp(o, "as it is") ? o : "",
			   member(m, "colorsSwapped") ? strcmp(o, "as it is")
			   ? ", colors swapped" : "colors swapped" : "");
	if (member(m, "position") && !strcmp(rel, "prefix"))
		buf_adds(out, ": the position without a side to play");
	bool uncompared = member(m, "variationsCompared");
	/* passes after the last move count for neither: its line's moves and
	 * the kept copy's without them */
	bool passes = member(m, "passesAfter");
	long long after = passes ? num(m, "passesAfter") : 0,
		  kept_after = passes ? num(m, "keptPassesAfter") : 0;
	if (passes && !strcmp(rel, "same-line"))   /* one line but for them */
		buf_adds(out, ": the same main line");
	else if (!strcmp(rel, "same-line"))
		buf_adds(out, uncompared ? ": the same main line, its variations not compared"
			 : ": the same main line, other variations");
	if (!strcmp(rel, "same-position"))
		buf_adds(out, uncompared ? ": the same position, its solutions not compared"
			 : ": the same position, another solution or none");
	if (member(m, "from"))   /* a middle excerpt: the kept copy's moves it holds */
		buf_printf(out, ", moves %lld to %lld of %lld", num(m, "from"), num(m, "to"),
			   played(g));
	else if (num(m, "moves") - after != num(g, "moves") - kept_after &&
		 !member(m, "position"))   /* a position's moves (a problem's solution) are
		 * not what it is compared by */
		buf_printf(out, ", %lld of %lld moves", num(m, "moves") - after,
			   num(g, "moves") - kept_after);
	json_object *d = member(m, "differences");
	size_t nd = d ? json_object_array_length(d) : 0;
	if (nd)
		buf_printf(out, ", %zu move%s differ%s:", nd, nd == 1 ? "" : "s",
			   nd == 1 ? "s" : "");
	for (size_t k = 0; k < nd; k++)
		difference(out, k ? ", " : " ", json_object_array_get_idx(d, k));
	if (passes)
		buf_printf(out, "; passes after its last move: %lld, the kept copy's: %lld", after,
			   kept_after);
	json_object *same = member(m, "sameAs");
	if (same) {   /* a copy identical to one listed before: the keeper may drop it */
		buf_adds(out, "; the same as ");
		game_name(out, same);
	}
	facts_more(out, m);
}

/* "agree: players, date; differ: event". */
static void agreement(struct buf *out, json_object *g)
{
	buf_adds(out, "agree: ");
	if (json_object_array_length(member(g, "agree")))
		list(out, member(g, "agree"));
	else
		buf_adds(out, "nothing");
	if (json_object_array_length(member(g, "differ"))) {
		buf_adds(out, "; differ: ");
		list(out, member(g, "differ"));
	}
}

/* The games a fragment's text paragraph names, the first so many of
 * those it begins ("and N more": its json lists them all). */
#define FRAGMENT_NAMED 16

/* A fragment: the beginning (or middle: "from" and "to" on the game's
 * entry) of several games that are not one, said as such (it belongs to
 * no group: which game it copies cannot be told). */
static void text_fragment(struct buf *out, json_object *f)
{
	json_object *games = member(f, "games"), *of = member(f, "prefixOf");
	size_t n = json_object_array_length(games), k = json_object_array_length(of);
	const struct dup_part_words *part = &dup_part_words[dup_fragment_part(f)];
	json_object *first = json_object_array_get_idx(games, 0);
	buf_printf(out, "%s of %zu different games: %zu cop%s, %lld moves\n", part->one, k, n,
		   n == 1 ? "y" : "ies", first ? played(first) : 0);
	for (size_t i = 0; i < n; i++) {
		json_object *m = json_object_array_get_idx(games, i);
		buf_adds(out, "  ");
		game_name(out, m);
		if (member(m, "indexed"))
			buf_adds(out, " (in the index)");
		buf_adds(out, ": ");
		facts(out, m, m);
		buf_addc(out, '\n');
	}
	buf_printf(out, "  the %s of each of: ", part->of_each);
	for (size_t i = 0; i < k && i < FRAGMENT_NAMED; i++) {
		json_object *m = json_object_array_get_idx(of, i);
		buf_adds(out, i ? ", " : "");
		game_name(out, m);
		if (member(m, "from"))
			buf_printf(out, " (moves %lld to %lld of %lld%s)", num(m, "from"), num(m, "to"),
				   played(m), member(m, "indexed") ? ", in the index" : "");
		else   /* (the passes after its last move no moves, here and above) */
			buf_printf(out, " (%lld moves%s)", played(m),
				   member(m, "indexed") ? ", in the index" : "");
	}
	if (k > FRAGMENT_NAMED)
		buf_printf(out, ", and %zu more (--format json names them all)", k - FRAGMENT_NAMED);
	buf_adds(out, "\n  keep it: which of them it copies cannot be told\n");
}

static void text_group(struct buf *out, json_object *g)
{
	json_object *games = member(g, "games");
	long long moves = played(g);
	buf_printf(out, "%s: %zu games, %lld move%s\n", str(g, "class"),
		   json_object_array_length(games), moves, moves == 1 ? "" : "s");
	for (size_t i = 0; i < json_object_array_length(games); i++) {
		json_object *m = json_object_array_get_idx(games, i);
		buf_printf(out, "  %s", str(m, "path"));
		if (num(m, "game"))
			buf_printf(out, " (game %lld)", num(m, "game"));
		if (member(m, "indexed"))
			buf_adds(out, " (in the index)");
		buf_adds(out, ": ");
		relation(out, g, m);
		buf_addc(out, '\n');
		draw_boards(out, m);
	}
	buf_adds(out, "  ");
	agreement(out, g);
	buf_printf(out, "\n  keep %s", str(g, "keep"));
	if (num(g, "keepGame"))
		buf_printf(out, " (game %lld)", num(g, "keepGame"));
	buf_printf(out, ": %s\n", str(g, "why"));
}

/* The html report: one self-contained page (no script, and a
 * Content-Security-Policy that lets it fetch nothing), its duplicates
 * section a group each: a table of its games, the boards of near copies
 * as the text format draws them, what agrees and which copy to keep. */
static const char html_style[] =
	REPORT_HTML_BASE_STYLE   /* the check's page's colours */
	"h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:1.2em 0 .4em}"
	"h3{font-size:1em;margin:1em 0 .3em}"
	"section.group{border-top:1px solid var(--line);content-visibility:auto;"
	"contain-intrinsic-size:auto 12em}"
	"table{border-collapse:collapse;max-width:100%}td,th{padding:.1em .8em .1em 0;"
	"text-align:left;vertical-align:top;overflow-wrap:anywhere}"
	"td.k{font-weight:bold}p{margin:.3em 0}.m{color:var(--mute)}"
	"pre{margin:.3em 0;padding:.3em .5em;overflow-x:auto;background:rgba(127,127,127,.12)}";

/* Text as HTML, line by line (report_put_xml shows a newline as \\n). */
static void html_buf(FILE *out, const struct buf *b)
{
	for (char *p = b->data, *nl; p && *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl) {
			report_put_xml(out, p);
			return;
		}
		*nl = '\0';
		report_put_xml(out, p);
		*nl = '\n';
		fputc('\n', out);
	}
}


/* A group as the html page shows it (number: its id, from 1). */
static void html_group(FILE *out, json_object *g, size_t number)
{
	json_object *games = member(g, "games");
	size_t n = json_object_array_length(games);
	fprintf(out, "<section class=group id=g%zu>\n<h3>%s: %zu games, %lld move%s</h3>\n"
		"<table>\n<tr><th>game</th><th>copy</th></tr>\n", number, str(g, "class"), n,
		played(g), played(g) == 1 ? "" : "s");
	struct buf b = BUF_INIT;
	for (size_t k = 0; k < n; k++) {
		json_object *m = json_object_array_get_idx(games, k);
		b.len = 0;
		buf_adds(&b, str(m, "path"));
		if (num(m, "game"))
			buf_printf(&b, " (game %lld)", num(m, "game"));
		if (member(m, "indexed"))
			buf_adds(&b, " (in the index)");
		fprintf(out, "<tr><td%s>", strcmp(str(m, "relation"), "kept") ? "" : " class=k");
		html_buf(out, &b);
		b.len = 0;
		relation(&b, g, m);
		fputs("</td><td>", out);
		html_buf(out, &b);
		b.len = 0;
		draw_boards(&b, m);
		if (b.len) {
			fputs("<pre>", out);
			html_buf(out, &b);
			fputs("</pre>", out);
		}
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n<p>", out);
	b.len = 0;
	agreement(&b, g);
	html_buf(out, &b);
	b.len = 0;
	buf_printf(&b, "keep %s", str(g, "keep"));
	if (num(g, "keepGame"))
		buf_printf(&b, " (game %lld)", num(g, "keepGame"));
	fputs("</p>\n<p><b>", out);
	html_buf(out, &b);
	fputs("</b>: ", out);
	report_put_xml(out, str(g, "why"));
	fputs("</p>\n</section>\n", out);
	buf_free(&b);
}

/* The html page's head: everything before the groups. */
static void html_head(FILE *out, const char *summary, size_t ngroups)
{
	fputs("<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n"
	      "<meta name=viewport content=\"width=device-width,initial-scale=1\">\n"
	      "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n<title>jgflint duplicates</title>\n<style>", out);
	fputs(html_style, out);
	fputs("</style>\n</head>\n<body>\n<header><h1>jgflint duplicates</h1>\n<p>", out);
	report_put_xml(out, summary);
	fprintf(out, ". jgflint %s; nothing was deleted.</p>\n</header>\n", PACKAGE_VERSION);
	fputs("<main>\n<section id=duplicates>\n<h2>Duplicates</h2>\n", out);
	if (!ngroups)
		fputs("<p>No duplicates.</p>\n", out);
}

enum out_format { OUT_TEXT, OUT_JSON, OUT_HTML };

struct dup_out {
	enum out_format format;
	bool keys;
	FILE *spool;          /* the pieces written: a temporary file, */
	char *mem;            /* ... or in memory where none can be made */
	size_t mem_len;
	bool in_memory;
	long long keys_end;   /* json: where the keys end and the groups begin, */
	bool past_keys;       /* ... once known */
	bool fragments_open;  /* json: "fragments" begun */
	size_t nkeys, ngroups, nfragments;
	struct buf text;      /* a piece's text, kept from piece to piece */
};

struct dup_out *dup_out_new(const char *format, bool keys)
{
	struct dup_out *o = xcalloc(1, sizeof *o);
	o->format = !strcmp(format, "json") ? OUT_JSON : !strcmp(format, "html") ? OUT_HTML
		    : OUT_TEXT;
	o->keys = keys;
	o->spool = temp_file();
	if (!o->spool) {
		o->in_memory = true;
		o->spool = open_memstream(&o->mem, &o->mem_len);
		if (!o->spool)
			die_oom();
	}
	return o;
}

/* A json value, written as json-c writes it depth levels down (two spaces
 * a level) in the whole document: its lines after the first indented
 * (a string in JSON holds no newline of its own). */
static void put_json(FILE *out, json_object *v, int depth)
{
	size_t len;
	const char *text = dom_json(v, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
				    JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
		if (p != text)
			fprintf(out, "%*s", 2 * depth, "");
		fwrite(p, 1, n, out);
		p += n;
	}
}

/* An element of one of json's arrays at depth 1 ("keys", "groups",
 * "fragments"), the index-th. */
static void put_element(FILE *out, json_object *v, size_t index)
{
	fputs(index ? ",\n    " : "    ", out);
	put_json(out, v, 2);
}

/* The end of an array at depth 1 of n elements: json-c's "[\n  ]" when empty. */
static void close_array(FILE *out, size_t n)
{
	fputs(n ? "\n  ]" : "  ]", out);
}

/* The keys are all written: what follows is the groups. */
static void past_keys(struct dup_out *o)
{
	if (o->past_keys)
		return;
	fflush(o->spool);
	o->keys_end = o->in_memory ? (long long)o->mem_len : (long long)ftello(o->spool);
	o->past_keys = true;
}

void dup_out_key(void *out, json_object *k)
{
	struct dup_out *o = out;
	if (o->format == OUT_JSON) {
		put_element(o->spool, k, o->nkeys);
	} else if (o->format == OUT_TEXT) {
		fprintf(o->spool, "%s", str(k, "path"));
		if (num(k, "game"))
			fprintf(o->spool, " (game %lld)", num(k, "game"));
		fprintf(o->spool, ": key %s dyer %s sgfinfo %s\n", str(k, "key"),
			str(k, "dyer") ? str(k, "dyer") : "-", str(k, "sgfinfo") ? str(k, "sgfinfo")
			: "-");
	}
	o->nkeys++;
}

void dup_out_group(void *out, json_object *g)
{
	struct dup_out *o = out;
	past_keys(o);
	if (o->format == OUT_JSON) {
		put_element(o->spool, g, o->ngroups);
	} else if (o->format == OUT_HTML) {
		html_group(o->spool, g, o->ngroups + 1);
	} else {
		o->text.len = 0;
		if (o->ngroups || o->nkeys)
			buf_addc(&o->text, '\n');
		text_group(&o->text, g);
		fwrite(o->text.data, 1, o->text.len, o->spool);
	}
	o->ngroups++;
}

/* json: the groups' end, the fragments' beginning. */
static void open_fragments(struct dup_out *o)
{
	if (o->fragments_open)
		return;
	close_array(o->spool, o->ngroups);
	fputs(",\n  \"fragments\": [\n", o->spool);
	o->fragments_open = true;
}

void dup_out_fragment(void *out, json_object *f)
{
	struct dup_out *o = out;
	past_keys(o);
	o->text.len = 0;
	if (o->format == OUT_JSON) {
		open_fragments(o);
		put_element(o->spool, f, o->nfragments);
	} else if (o->format == OUT_HTML) {
		text_fragment(&o->text, f);
		fprintf(o->spool, "<section class=group id=f%zu>\n<pre>", o->nfragments + 1);
		html_buf(o->spool, &o->text);
		fputs("</pre>\n</section>\n", o->spool);
	} else {
		if (o->nfragments || o->ngroups)
			buf_addc(&o->text, '\n');
		text_fragment(&o->text, f);
		fwrite(o->text.data, 1, o->text.len, o->spool);
	}
	o->nfragments++;
}

/* The spool's bytes from from to to (-1: its end) copied to out; false
 * when they cannot be read back. */
static bool copy_spool(struct dup_out *o, FILE *out, long long from, long long to)
{
	if (o->in_memory) {
		size_t end = to < 0 ? o->mem_len : (size_t)to;
		if (end > (size_t)from)
			fwrite(o->mem + from, 1, end - (size_t)from, out);
		return true;
	}
	if (fseeko(o->spool, (off_t)from, SEEK_SET))
		return false;
	char chunk[1 << 16];
	for (long long left = to < 0 ? -1 : to - from; left;) {
		size_t want = left < 0 || left > (long long)sizeof chunk ? sizeof chunk : (size_t)left;
		size_t got = fread(chunk, 1, want, o->spool);
		if (!got)
			break;
		fwrite(chunk, 1, got, out);
		if (left > 0)
			left -= (long long)got;
	}
	return !ferror(o->spool);
}

/* json's document: its head with the counts, the pieces, its end. */
static bool json_write(struct dup_out *o, FILE *to, const struct dup_totals *t,
		       json_object *index)
{
	bool read = true;
	fputs("{\n", to);
	if (o->keys) {
		fputs("  \"keys\": [\n", to);
		read &= copy_spool(o, to, 0, o->keys_end);
		close_array(to, o->nkeys);
		fputs(",\n", to);
	}
	fprintf(to, "  \"games\": %zu,\n  \"duplicates\": %zu,\n  \"groups\": [\n", t->games,
		t->duplicates);
	read &= copy_spool(o, to, o->keys_end, -1);
	if (!o->fragments_open) {
		close_array(to, o->ngroups);
		fputs(",\n  \"fragments\": [\n", to);
	}
	close_array(to, o->nfragments);
	if (index) {
		fputs(",\n  \"index\": ", to);
		put_json(to, index, 1);
	}
	fputs("\n}\n", to);
	return read;
}

bool dup_out_write(struct dup_out *o, FILE *to, const struct dup_totals *totals,
		   const char *summary, json_object *index)
{
	past_keys(o);
	if (fflush(o->spool) || ferror(o->spool)) {
		errno = errno ? errno : EIO;
		return false;
	}
	bool read = true;
	if (o->format == OUT_JSON) {
		read = json_write(o, to, totals, index);
	} else if (o->format == OUT_HTML) {
		html_head(to, summary, o->ngroups);
		read = copy_spool(o, to, 0, -1);
		fputs("</section>\n</main>\n</body>\n</html>\n", to);
	} else {
		read = copy_spool(o, to, 0, -1);
	}
	if (!read)
		errno = errno ? errno : EIO;
	return read;
}

void dup_out_free(struct dup_out *o)
{
	if (!o)
		return;
	fclose(o->spool);
	free(o->mem);
	buf_free(&o->text);
	free(o);
}

void dup_out_summary(struct buf *summary, const struct dup_totals *t)
{
	if (t->groups)
		buf_printf(summary, "%zu duplicate%s in %zu group%s", t->duplicates,
			   t->duplicates == 1 ? "" : "s", t->groups, t->groups == 1 ? "" : "s");
	else
		buf_adds(summary, "no duplicates");
	if (!t->fragments)
		return;
	/* each fragment by its name (dup_part_words), prefixes first */
	const struct dup_part_words *prefix = &dup_part_words[DUP_PART_BEGINNING],
				    *middle = &dup_part_words[DUP_PART_MIDDLE];
	size_t prefixes = t->fragments - t->middles;
	buf_adds(summary, "; ");
	if (prefixes)
		buf_printf(summary, "%zu %s%s", prefixes, prefixes == 1 ? prefix->one
			   : prefix->several, t->middles ? " and " : "");
	if (t->middles)
		buf_printf(summary, "%zu %s", t->middles, t->middles == 1 ? middle->one
			   : middle->several);
	buf_adds(summary, " of several different games");
}
