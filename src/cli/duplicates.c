/* duplicates: `jgflint duplicates PATH...`, the same game twice across a
 * collection. A subcommand, not an option of check: it reads other files
 * (every format, not only JGF), answers a question about the collection
 * rather than about each file, and takes options of its own (from the
 * program's one table, cli/cmdline.c, parsed by main.c). */
#include "cli/duplicates.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/paths.h"
#include "cli/cmdline.h"
#include "cli/files.h"
#include "cli/write.h"
#include "convert/named.h"
#include "core/diag.h"
#include "core/position.h"
#include "core/settings.h"
#include "dup/dup.h"
#include "dup/md5.h"
#include "dup/dupread.h"
#include "dup/index.h"
#include "output/format.h"
#include "read/load.h"

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

/* What a copy holds besides its moves: "; black X; white Y; ...". */
static void facts_more(struct buf *out, json_object *m)
{
	static const char *const keys[] = { "black", "white", "date", "result", "event" };
	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
		if (str(m, keys[k]))
			buf_printf(out, "; %s %s", keys[k], str(m, keys[k]));
	long long c = num(m, "comments");
	if (c)
		buf_printf(out, "; comments on %lld node%s", c, c == 1 ? "" : "s");
	if (str(m, "format"))
		buf_printf(out, "; %s", str(m, "format"));
	long long h = num(m, "handicapMoves");
	if (h)   /* a missed white move 2 reads so too */
		buf_printf(out, "; read as a handicap game: its first %lld black moves as stones", h);
	if (member(m, "position"))
		buf_adds(out, "; compared by its position");
}

/* What the kept copy holds: "250 moves; black X; white Y; ...". */
static void facts(struct buf *out, json_object *m)
{
	buf_printf(out, "%lld moves", num(m, "moves"));
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
		struct diag d = { .node = caption };
		if (!pass)
			diag_add_point(&d, ROLE_MOVE, p.last.x, p.last.y, stone, p.last.number, caption,
				       "");
		board_draw(out, &p, &d, 4, &(struct board_paint){ "", "", "" });
		if (pass && color)
			buf_printf(out, "    | move %lld, %s, passes\n", number,
				   stone == STONE_WHITE ? "white" : "black");
		d.node = NULL;
		diag_free(&d);
		free(p.stones);
	}
}

/* A colour as a difference names it: B, W; AB, AW, AE for setup. */
static const char *color_letters(const char *color)
{
	static const char *const names[][2] = { { "black", "B" }, { "white", "W" },
		{ "setup black", "AB" }, { "setup white", "AW" }, { "setup empty", "AE" } };
	for (size_t i = 0; color && i < sizeof names / sizeof *names; i++)
		if (!strcmp(color, names[i][0]))
			return names[i][1];
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
	if (!strcmp(rel, "kept")) {
		buf_adds(out, ": ");
		facts(out, m);
		return;
	}
	const char *o = str(m, "orientation");
	if (strcmp(o, "as it is") || member(m, "colorsSwapped"))
		buf_printf(out, " (%s%s)", strcmp(o, "as it is") ? o : "",
			   member(m, "colorsSwapped") ? strcmp(o, "as it is")
			   ? ", colors swapped" : "colors swapped" : "");
	if (member(m, "position") && !strcmp(rel, "prefix"))
		buf_adds(out, ": the position without a side to play");
	if (num(m, "moves") != num(g, "moves") && !member(m, "position"))   /* a position's
		 * moves (a problem's solution) are not what it is compared by */
		buf_printf(out, ", %lld of %lld moves", num(m, "moves"), num(g, "moves"));
	json_object *d = member(m, "differences");
	size_t nd = d ? json_object_array_length(d) : 0;
	if (nd)
		buf_printf(out, ", %zu move%s differ%s:", nd, nd == 1 ? "" : "s",
			   nd == 1 ? "s" : "");
	for (size_t k = 0; k < nd; k++)
		difference(out, k ? ", " : " ", json_object_array_get_idx(d, k));
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

/* A fragment: the beginning of several games that are not one, said as
 * such (it belongs to no group: which game it copies cannot be told). */
static void text_fragment(struct buf *out, json_object *f)
{
	json_object *games = member(f, "games"), *of = member(f, "prefixOf");
	size_t n = json_object_array_length(games), k = json_object_array_length(of);
	json_object *first = json_object_array_get_idx(games, 0);
	buf_printf(out, "prefix of %zu different games: %zu cop%s, %lld moves\n", k, n,
		   n == 1 ? "y" : "ies", first ? num(first, "moves") : 0);
	for (size_t i = 0; i < n; i++) {
		json_object *m = json_object_array_get_idx(games, i);
		buf_adds(out, "  ");
		game_name(out, m);
		if (member(m, "indexed"))
			buf_adds(out, " (in the index)");
		buf_adds(out, ": ");
		facts(out, m);
		buf_addc(out, '\n');
	}
	buf_adds(out, "  the beginning of each of: ");
	for (size_t i = 0; i < k; i++) {
		json_object *m = json_object_array_get_idx(of, i);
		buf_adds(out, i ? ", " : "");
		game_name(out, m);
		buf_printf(out, " (%lld moves%s)", num(m, "moves"), member(m, "indexed")
			   ? ", in the index" : "");
	}
	buf_adds(out, "\n  keep it: which of them it copies cannot be told\n");
}

static void text_group(struct buf *out, json_object *g)
{
	json_object *games = member(g, "games");
	buf_printf(out, "%s: %zu games, %lld moves\n", str(g, "class"),
		   json_object_array_length(games), num(g, "moves"));
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
	":root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--mute:#666;--line:#ddd}"
	"@media(prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#181a1b;--mute:#aaa;--line:#333}}"
	"body{font:15px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);"
	"margin:0 auto;max-width:70em;padding:1em}"
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

static void html_report(FILE *out, json_object *report, const char *summary)
{
	json_object *groups = member(report, "groups");
	size_t ngroups = json_object_array_length(groups);
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
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < ngroups; i++) {
		json_object *g = json_object_array_get_idx(groups, i);
		json_object *games = member(g, "games");
		size_t n = json_object_array_length(games);
		fprintf(out, "<section class=group id=g%zu>\n<h3>%s: %zu games, %lld moves</h3>\n"
			"<table>\n<tr><th>game</th><th>copy</th></tr>\n", i + 1, str(g, "class"), n,
			num(g, "moves"));
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
	}
	json_object *frags = member(report, "fragments");
	for (size_t i = 0; frags && i < json_object_array_length(frags); i++) {
		b.len = 0;
		text_fragment(&b, json_object_array_get_idx(frags, i));
		fprintf(out, "<section class=group id=f%zu>\n<pre>", i + 1);
		html_buf(out, &b);
		fputs("</pre>\n</section>\n", out);
	}
	buf_free(&b);
	fputs("</section>\n</main>\n</body>\n</html>\n", out);
}

/* The report to standard output in format (the summary: the html page's
 * header). */
/* -o FILE, --output-file FILE: where the report goes (NULL or "-":
 * standard output). */
static const char *report_path;

static void put_report(FILE *to, json_object *report, const char *format,
		       const char *summary);

/* The report to standard output, or to the file -o names (written whole,
 * atomically: a failure leaves what was there); false after saying why it
 * could not be written. */
static bool write_report(json_object *report, const char *format, const char *summary)
{
	if (!report_path || !strcmp(report_path, "-")) {
		put_report(stdout, report, format, summary);
		return true;
	}
	/* As the check writes --output: whole or not at all, and a device
	 * (-o /dev/null) or a FIFO as it is. */
	struct pending_file out;
	int err = write_begin(&out, report_path);
	if (err) {
		fprintf(stderr, "jgflint duplicates: cannot write %s: %s\n", report_path,
			write_error(err, NULL));
		return false;
	}
	put_report(out.file, report, format, summary);
	err = ferror(out.file) ? EIO : 0;
	if (err)
		write_abandon(&out);
	else
		err = write_commit(&out);
	if (err) {
		fprintf(stderr, "jgflint duplicates: cannot write %s: %s; %s\n", report_path,
			write_error(err, NULL), write_outcome(&out));
		return false;
	}
	return true;
}

/* The report in format to the stream to (the summary: the html page's header). */
static void put_report(FILE *to, json_object *report, const char *format,
		       const char *summary)
{
	json_object *groups = member(report, "groups");
	if (!strcmp(format, "html")) {
		html_report(to, report, summary);
	} else if (!strcmp(format, "json")) {
		size_t len;
		const char *text = dom_json(report, JSON_C_TO_STRING_PRETTY |
					    JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE,
					    &len);
		fwrite(text, 1, len, to);
		fputc('\n', to);
	} else {
		struct buf out = BUF_INIT;
		json_object *keys = member(report, "keys");
		for (size_t i = 0; keys && i < json_object_array_length(keys); i++) {
			json_object *k = json_object_array_get_idx(keys, i);
			buf_printf(&out, "%s", str(k, "path"));
			if (num(k, "game"))
				buf_printf(&out, " (game %lld)", num(k, "game"));
			buf_printf(&out, ": key %s dyer %s sgfinfo %s\n", str(k, "key"),
				   str(k, "dyer") ? str(k, "dyer") : "-",
				   str(k, "sgfinfo") ? str(k, "sgfinfo") : "-");
		}
		if (keys && json_object_array_length(keys) && json_object_array_length(groups))
			buf_addc(&out, '\n');
		for (size_t i = 0; i < json_object_array_length(groups); i++) {
			if (i)
				buf_addc(&out, '\n');
			text_group(&out, json_object_array_get_idx(groups, i));
		}
		json_object *frags = member(report, "fragments");
		for (size_t i = 0; frags && i < json_object_array_length(frags); i++) {
			if (i || json_object_array_length(groups))
				buf_addc(&out, '\n');
			text_fragment(&out, json_object_array_get_idx(frags, i));
		}
		fwrite(out.data ? out.data : "", 1, out.len, to);
		buf_free(&out);
	}
}

/* The summary's end: "N duplicates in M groups" or "no duplicates". */
static void summary_groups(struct buf *summary, json_object *report)
{
	long long copies = num(report, "duplicates");
	size_t ngroups = json_object_array_length(member(report, "groups"));
	size_t nfrags = json_object_array_length(member(report, "fragments"));
	if (ngroups)
		buf_printf(summary, "%lld duplicate%s in %zu group%s", copies,
			   copies == 1 ? "" : "s", ngroups, ngroups == 1 ? "" : "s");
	else
		buf_adds(summary, "no duplicates");
	if (nfrags)
		buf_printf(summary, "; %zu prefix%s of several different games", nfrags,
			   nfrags == 1 ? "" : "es");
}

/* Whether the report found something: a group, or a fragment. */
static bool found_any(json_object *report)
{
	return json_object_array_length(member(report, "groups")) > 0 ||
	       json_object_array_length(member(report, "fragments")) > 0;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* --indexes: the games of the indexes paths (n of them) searched together,
 * each index opened read-only, no record read. A file in more than one
 * index (shards that overlap) is taken from the first that has it, and
 * an index given twice (the same database, by another name) is taken
 * once: else each of its games would be its own duplicate. */
static int merged(int n, char **paths, const struct dup_options *o, const char *format,
		  bool exit_zero)
{
	struct dup_set *set = dup_set_new(o);
	int status = EXIT_CLEAN;
	size_t games = 0, opened = 0, shared = 0;
	/* Open until the report is written: its games' formats are theirs */
	struct dup_index **held = xcalloc(n > 0 ? (size_t)n : 1, sizeof *held);
	struct stat *ids = xcalloc(n > 0 ? (size_t)n : 1, sizeof *ids);
	const char **names = xcalloc(n > 0 ? (size_t)n : 1, sizeof *names);
	char **loaded = NULL;   /* the files' absolute paths, sorted */
	size_t nloaded = 0, loaded_cap = 0;
	for (int i = 0; i < n; i++) {
		struct stat st;
		bool known = !stat(paths[i], &st);
		size_t again = opened;
		for (size_t k = 0; known && k < opened; k++)
			if (ids[k].st_dev == st.st_dev && ids[k].st_ino == st.st_ino)
				again = k;
		if (again < opened) {
			fprintf(stderr, "jgflint duplicates: %s is the index %s again: taken once\n",
				paths[i], names[again]);
			continue;
		}
		struct buf err = BUF_INIT;
		struct dup_index *idx = held[opened] = dup_index_open(paths[i], false, &err);
		bool failed = !idx;
		if (idx) {
			games += dup_index_load(idx, set, loaded, nloaded, false);
			char **own;
			size_t nown = dup_index_paths(idx, &own);
			size_t before = nloaded;
			for (size_t k = 0; k < nown; k++) {
				if (before && bsearch(&own[k], loaded, before, sizeof *loaded, cmp_path)) {
					shared++;
					free(own[k]);
					continue;
				}
				loaded = xgrow(loaded, &loaded_cap, nloaded + 1, sizeof *loaded);
				loaded[nloaded++] = own[k];
			}
			free(own);
			if (nloaded)   /* (qsort takes no NULL, even for none) */
				qsort(loaded, nloaded, sizeof *loaded, cmp_path);
			ids[opened] = st;
			if (!known)
				ids[opened].st_ino = 0, ids[opened].st_dev = 0;
			names[opened] = paths[i];
			opened++;
			failed = dup_index_failed(idx, &err);
		}
		if (failed) {
			fprintf(stderr, "jgflint duplicates: %s\n", err.data ? err.data : paths[i]);
			status = EXIT_TROUBLE;
		}
		buf_free(&err);
	}
	if (shared)
		fprintf(stderr,
			"jgflint duplicates: the indexes overlap: %zu file%s in more than one, "
			"each taken once, from the first index that has it\n",
			shared, shared == 1 ? " is" : "s are");
	size_t files = nloaded;
	for (size_t k = 0; k < nloaded; k++)
		free(loaded[k]);
	free(loaded);
	free(ids);
	free(names);
	json_object *report = dup_set_report(set);
	if (!report) {
		fprintf(stderr, "jgflint duplicates: cannot read back the temporary file: %s\n",
			strerror(errno));
		dup_set_free(set);
		for (size_t i = 0; i < opened; i++)
			dup_index_close(held[i]);
		free(held);
		return EXIT_TROUBLE;
	}
	struct buf summary = BUF_INIT;
	buf_printf(&summary, "%zu game%s of %zu file%s in %zu index%s: ", games,
		   games == 1 ? "" : "s", files, files == 1 ? "" : "s", opened,
		   opened == 1 ? "" : "es");
	summary_groups(&summary, report);
	if (!write_report(report, format, summary.data))
		status = EXIT_TROUBLE;
	fprintf(stderr, "%s\n", summary.data);
	buf_free(&summary);
	bool found = found_any(report);
	json_object_put(report);
	dup_set_free(set);
	for (size_t i = 0; i < opened; i++)
		dup_index_close(held[i]);
	free(held);
	if (status == EXIT_CLEAN && found && !exit_zero)
		status = EXIT_FINDINGS;
	return status;
}


void duplicates_init(struct duplicates_command *d)
{
	*d = (struct duplicates_command){ .o = { .max_differ = 2 }, .format = "text" };
}

bool duplicates_option(struct duplicates_command *d, int c, const char *arg)
{
	switch (c) {
	case OPT_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "html")) {
			fprintf(stderr, "jgflint duplicates: --format takes text, json or html, not "
				"'%s'\n", arg);
			return false;
		}
		d->format = arg;
		break;
	case OPT_MAX_DIFFER: {
		char *end;
		errno = 0;
		long k = strtol(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end || errno || k > 100) {
			fprintf(stderr, "jgflint duplicates: --max-differ takes a number of "
				"moves from 0 to 100, not '%s'\n", arg);
			return false;
		}
		d->o.max_differ = (int)k;
		break;
	}
	case OPT_SWAP_COLORS: d->o.swap_colors = true; break;
	case OPT_ENCODING: d->encoding = arg; break;
	case OPT_KEYS: d->o.keys = true; break;
	case OPT_INDEX: d->index = arg; break;
	case OPT_AGAINST: d->against = arg; break;
	case OPT_INDEXES: d->indexes = true; break;
	case OPT_EXIT_ZERO: d->exit_zero = true; break;
	case OPT_OUTPUT_FILE:
		if (d->output_file) {
			fputs("jgflint duplicates: -o (--output-file) names one file; give it "
			      "once\n", stderr);
			return false;
		}
		if (!*arg) {
			fputs("jgflint duplicates: -o (--output-file) takes a file name, not "
			      "''\n", stderr);
			return false;
		}
		d->output_file = arg;
		break;
	case 'q': d->quiet = true; break;
	default:   /* the table gives it no other */
		fprintf(stderr, "jgflint duplicates: %s is not its option\n", cli_option_name(c));
		return false;
	}
	return true;
}

/* A search over files: the files read (and the index updated or read),
 * and what it counts. */
struct scan {
	const struct duplicates_command *d;
	struct dup_index *idx;
	struct dup_set *set;
	int status;
	size_t files, added, changed, unchanged, removed, indexed_games;
	bool index_failed;
	json_object *report;   /* --index: made before the update ends, which holds its groups */
	struct buf log, changed_list, removed_list;
	char **fresh;   /* --against: the files read now, absolute */
	size_t nfresh, fresh_cap;
};

/* A file that --index holds (abs, stamped as st says), read into the index
 * unless it is the same as indexed; the document doc, loaded. */
static void index_file(struct scan *sc, struct document *doc, const char *abs, long long size,
		       long long mtime, enum dup_file_state state)
{
	/* size and time as read, the content's hash */
	size = (long long)doc->len;
	if (doc->stamp.known)
		mtime = (long long)doc->stamp.mtime.tv_sec * 1000000000LL + doc->stamp.mtime.tv_nsec;
	struct md5 m;
	char hex[33];
	md5_init(&m);
	md5_add(&m, doc->text, doc->len);
	md5_hex(&m, hex);
	if (state == DUP_FILE_CHANGED && dup_index_same_content(sc->idx, abs, size, mtime, hex)) {
		sc->unchanged++;
		return;
	}
	dup_index_begin_file(sc->idx, abs, size, mtime, hex);
	dup_index_end_file(sc->idx, dup_read_games(dup_index_add, sc->idx, true, doc, doc->path,
						   sc->d->encoding, &sc->log));
	if (state == DUP_FILE_CHANGED) {
		sc->changed++;
		buf_printf(&sc->changed_list, "%s\n", doc->path);
	} else {
		sc->added++;
	}
}

/* One file found: into the index (--index), or into the search. */
static void read_one(struct scan *sc, const char *name)
{
	const struct duplicates_command *d = sc->d;
	bool input = !strcmp(name, "-");
	char *abs = sc->idx && !input ? absolute_path(name) : NULL;
	struct stat st;
	bool stamped = abs && !stat(abs, &st);
	long long size = stamped ? (long long)st.st_size : 0;
	long long mtime = stamped ? (long long)st.st_mtim.tv_sec * 1000000000LL +
				    st.st_mtim.tv_nsec : 0;
	enum dup_file_state state = DUP_FILE_NEW;
	if (d->index && stamped) {
		state = dup_index_check(sc->idx, abs, size, mtime);
		if (state == DUP_FILE_SAME) {
			sc->unchanged++;
			sc->files++;
			free(abs);
			return;
		}
	}
	struct document doc;
	document_load_file(&doc, name);
	if (doc.io_failed)
		sc->status = EXIT_TROUBLE;
	if (d->index && stamped && !doc.io_failed) {
		index_file(sc, &doc, abs, size, mtime, state);
	} else {
		if (d->index && abs)
			dup_index_keep(sc->idx, abs);   /* not readable now: as indexed */
		if (d->against && abs) {
			sc->fresh = xgrow(sc->fresh, &sc->fresh_cap, sc->nfresh + 1, sizeof *sc->fresh);
			sc->fresh[sc->nfresh++] = abs;
			abs = NULL;
		}
		dup_read_document(sc->set, &doc, doc.path, d->encoding, &sc->log);
	}
	free(abs);
	document_free(&doc);
	sc->files++;
	if (!d->quiet || doc.io_failed)
		fputs(sc->log.data ? sc->log.data : "", stderr);
	buf_truncate(&sc->log, 0);
}

/* The files of the paths (npaths), read; then the index pruned, its
 * games loaded and the update committed. */
static void read_paths(struct scan *sc, int npaths, char **paths)
{
	const struct duplicates_command *d = sc->d;
	const char *endings[NAMED_ENDINGS];   /* every format's: .jgf and what --convert reads */
	struct rule_list every = { 0 };
	rule_list_add(&every, ".jgf");
	for (size_t i = 0, n = named_endings(endings); i < n; i++)
		rule_list_add(&every, endings[i]);
	for (int i = 0; i < npaths; i++) {
		struct file_list found = { 0 };
		if (!files_collect(paths[i], &(struct walk_options){ .extensions = &every,
								      .cli_extensions = true },
				   &found))
			sc->status = EXIT_TROUBLE;
		for (size_t k = 0; k < found.len; k++)
			read_one(sc, found.items[k]);
		files_free(&found);
	}
	for (size_t i = 0; i < every.len; i++)
		free(every.items[i]);
	free(every.items);
	if (!sc->idx)
		return;
	if (d->index)
		sc->removed = dup_index_prune(sc->idx, &sc->removed_list);
	sc->indexed_games = d->against ? dup_index_against(sc->idx, sc->set, sc->fresh, sc->nfresh)
			    : dup_index_load(sc->idx, sc->set, NULL, 0, false);
	if (d->index && (sc->report = dup_set_report(sc->set)))
		dup_index_groups(sc->idx, sc->report);
	struct buf err = BUF_INIT;
	if (d->index ? !dup_index_commit(sc->idx, &err) : dup_index_failed(sc->idx, &err)) {
		fprintf(stderr, "jgflint duplicates: %s%s\n", err.data ? err.data :
			d->index ? d->index : d->against,
			d->index ? " (the index is left as it was)" : "");
		sc->status = EXIT_TROUBLE;
		sc->index_failed = true;
	}
	buf_free(&err);
}

/* The report's "index": what the index holds, and what --index did. */
static json_object *index_about(const struct scan *sc)
{
	const struct duplicates_command *d = sc->d;
	json_object *about = dom_object();
	dom_add(about, "path", dom_string(d->index ? d->index : d->against));
	dom_add(about, "files", dom_uint(dup_index_files(sc->idx)));
	dom_add(about, "games", dom_uint(sc->indexed_games));
	if (!d->index)
		return about;
	dom_add(about, "updated", dom_bool(!sc->index_failed));
	dom_add(about, "added", dom_uint(sc->added));
	dom_add(about, "changed", dom_uint(sc->changed));
	dom_add(about, "removed", dom_uint(sc->removed));
	dom_add(about, "unchanged", dom_uint(sc->unchanged));
	const struct buf *lists[2] = { &sc->changed_list, &sc->removed_list };
	const char *names[2] = { "changedFiles", "removedFiles" };
	for (int l = 0; l < 2; l++) {
		json_object *arr = dom_array();
		for (char *p = lists[l]->data, *nl; p && (nl = strchr(p, '\n')); p = nl + 1)
			dom_push(arr, dom_string_len(p, (size_t)(nl - p)));
		dom_add(about, names[l], arr);
	}
	return about;
}

/* The summary's beginning (standard error, and the html page's header). */
static void summary_start(struct buf *summary, const struct scan *sc)
{
	const struct duplicates_command *d = sc->d;
	size_t files = sc->files;
	if (d->index) {
		size_t added = sc->added, indexed = sc->indexed_games, held = dup_index_files(sc->idx);
		buf_printf(summary, "index %s: %zu file%s added, %zu changed, %zu removed, %zu "
			   "unchanged (not read again); %zu game%s in %zu file%s: ", d->index, added,
			   added == 1 ? "" : "s", sc->changed, sc->removed, sc->unchanged, indexed,
			   indexed == 1 ? "" : "s", held, held == 1 ? "" : "s");
	} else if (d->against) {
		size_t now = dup_set_games(sc->set) - sc->indexed_games;
		buf_printf(summary, "%zu game%s read from %zu file%s, against %zu game%s in %s: ",
			   now, now == 1 ? "" : "s", files, files == 1 ? "" : "s",
			   sc->indexed_games, sc->indexed_games == 1 ? "" : "s", d->against);
	} else {
		size_t games = dup_set_games(sc->set);
		buf_printf(summary, "%zu game%s read from %zu file%s: ", games, games == 1 ? "" : "s",
			   files, files == 1 ? "" : "s");
	}
}

/* What --index changed, file by file, on standard error. */
static void say_index_changes(const struct scan *sc)
{
	for (char *p = sc->changed_list.data, *nl; p && (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, "%.*s: changed since it was indexed: read again\n", (int)(nl - p), p);
	for (char *p = sc->removed_list.data, *nl; p && (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, "%.*s: gone since it was indexed: dropped from the index\n",
			(int)(nl - p), p);
}

/* The groups of the games read, reported; the exit status. */
static int report_scan(struct scan *sc)
{
	const struct duplicates_command *d = sc->d;
	json_object *report = sc->report ? sc->report : dup_set_report(sc->set);
	if (!report) {
		fprintf(stderr, "jgflint duplicates: cannot read back the temporary file: %s\n",
			strerror(errno));
		return EXIT_TROUBLE;
	}
	if (sc->index_failed) {
		/* Nothing was added, and the games read went to the index (or
		 * the index could not be read): no report, which would say
		 * there are no duplicates. */
		if (d->index)
			fprintf(stderr, "index %s not updated (left as it was): %zu file%s read, "
				"duplicates not searched\n", d->index, sc->files,
				sc->files == 1 ? "" : "s");
		json_object_put(report);
		return EXIT_TROUBLE;
	}
	if (sc->idx)
		dom_add(report, "index", index_about(sc));
	struct buf summary = BUF_INIT;
	summary_start(&summary, sc);
	summary_groups(&summary, report);
	int status = sc->status;
	if (!write_report(report, d->format, summary.data))
		status = EXIT_TROUBLE;
	if (d->index && !d->quiet)
		say_index_changes(sc);
	fprintf(stderr, "%s\n", summary.data);
	buf_free(&summary);
	bool found = found_any(report);
	json_object_put(report);
	if (status == EXIT_CLEAN && found && !d->exit_zero)
		status = EXIT_FINDINGS;
	return status;
}

/* Options that do not go together; the message, or NULL. */
static const char *conflict(const struct duplicates_command *d, int npaths)
{
	if (npaths <= 0)
		return "no PATH given (a directory, files, or - for standard input)\n"
		       "Try 'jgflint duplicates --help'.";
	if (d->index && d->against)
		return "--index and --against take one index each: --index updates one, --against "
		       "only reads one";
	if (d->indexes && (d->index || d->against))
		return "--indexes searches the indexes given as PATHs; it takes neither --index nor "
		       "--against";
	return NULL;
}

int duplicates_run(const struct duplicates_command *d, int npaths, char **paths)
{
	const char *why = conflict(d, npaths);
	if (why) {
		fprintf(stderr, "jgflint duplicates: %s\n", why);
		return EXIT_TROUBLE;
	}
	report_path = d->output_file;
	if (d->indexes)
		return merged(npaths, paths, &d->o, d->format, d->exit_zero);
	struct scan sc = { .d = d, .status = EXIT_CLEAN };
	const char *idx_path = d->index ? d->index : d->against;
	if (idx_path) {
		struct buf err = BUF_INIT;
		sc.idx = dup_index_open(idx_path, d->index != NULL, &err);
		if (!sc.idx) {
			fprintf(stderr, "jgflint duplicates: %s\n", err.data ? err.data : idx_path);
			buf_free(&err);
			return EXIT_TROUBLE;
		}
		buf_free(&err);
	}
	struct dup_options o = d->o;
	o.only_new = d->against != NULL;
	sc.set = dup_set_new(&o);
	read_paths(&sc, npaths, paths);
	int status = report_scan(&sc);
	for (size_t i = 0; i < sc.nfresh; i++)
		free(sc.fresh[i]);
	free(sc.fresh);
	buf_free(&sc.log);
	dup_set_free(sc.set);
	dup_index_close(sc.idx);
	buf_free(&sc.changed_list);
	buf_free(&sc.removed_list);
	return status;
}
