/* format: what an output format defines, for the files of output/ that
 * each define one (`const struct format format_NAME`, listed in report.c),
 * and the helpers they share. */
#ifndef JGF_FORMAT_H
#define JGF_FORMAT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>

#include "base/buf.h"
#include "core/diag.h"
#include "read/load.h"

struct summary {
	size_t files;        /* files checked */
	size_t counts[3];    /* findings by severity */
	size_t fixes;        /* fixes applied (or, with --diff, that would be) */
	size_t fixed_files;
	size_t baselined;    /* findings a baseline suppressed */
	size_t fixable;      /* findings --fix would repair */
	size_t unsafe_fixable; /* more that --fix --unsafe-fixes would */
	int status;          /* the exit status, as far as known when reporting */
};

struct report_options {
	bool color;          /* ANSI colours (text format) */
	bool statistics;     /* counts per rule instead of each finding */
	bool quiet;          /* errors only */
	bool unsafe;         /* --unsafe-fixes: unsafe fixes count as fixable */
	bool in_memory;      /* a document format's results in memory, not spooled
			      * to a temporary file (the library: one document,
			      * and no file system in the page) */
	size_t columns;      /* the terminal's width: the text format cuts quoted
				lines to it (0: a window only on long lines) */
	bool no_board;       /* --no-board: no board under findings about positions */
};

struct position;

/* What the text and html formats quote of each finding, kept when the
 * document's text is freed: the window of its line (copied into text), the
 * name of its point as players read it, and for a finding about a position
 * the position at its node. */
struct finding_view {
	bool quoted;                /* the line is quoted */
	bool cut_left, cut_right;   /* the window is part of a long line */
	size_t from, to, at;        /* [from, to) of text, the finding at at */
	char *point;                /* ", (3, 3) is D16", or "" */
	const struct position *board;  /* the position at its node (its finding's), or NULL */
};

struct doc_view {
	char *text;
	struct finding_view *items; /* one per finding of the document */
	size_t len;
	bool by_diag;               /* a finding's item is its `view` (findings were
				     * dropped since: a baseline, --max-findings) */
};

/* The view of finding i of a document (d). */
const struct finding_view *finding_view_of(const struct doc_view *view, const struct diag *d,
					   size_t i);

struct reporter;

struct format {
	const char *name;
	/* For people reading a terminal: shares standard output with a diff,
	 * and ends with what --fix would repair. */
	bool terminal;
	/* --statistics lists counts per rule in this format (else it lists the
	 * findings as usual). */
	bool statistics;
	/* It reads the document's view (text_view): quoted lines, point names,
	 * and the boards of findings about positions. */
	bool view;
	/* One JSON document, written at the end: its findings are spooled as
	 * they come and spliced into its results array, nested results_level
	 * deep, by wrap. */
	bool document;
	int results_level;
	/* The sequence number of a finding among those of its rule and
	 * pointer in the document is passed as nth (for fingerprints). */
	bool occurrences;
	/* One finding (doc->diags.items[i]); view is the document's view, and
	 * for the text format never NULL. */
	void (*finding)(struct reporter *r, const struct document *doc, const struct doc_view *view,
			size_t i, size_t nth);
	/* A document format's document around its results (which it takes). */
	json_object *(*wrap)(struct reporter *r, json_object *results, const struct summary *sum);
	/* A line format that is one document all the same (XML): its head,
	 * written when the reporter starts, what opens and closes each
	 * document's findings (shown of them are reported), and its tail,
	 * written at the end. Each may be NULL. */
	void (*begin)(struct reporter *r);
	void (*document_begin)(struct reporter *r, const struct document *doc, size_t shown);
	void (*document_end)(struct reporter *r, const struct document *doc, size_t shown);
	void (*end)(struct reporter *r, const struct summary *sum);
	/* It carries the edits of fixes, located in the document's text
	 * (fix_edits): the text is kept for it until it is reported. */
	bool edits;
	/* Each finding's position in bytes from the start of its line: the
	 * document's text and locator are kept for the reporter. */
	bool byte_columns;
	/* It reads where in an SGF's game tree a finding is (diag.place: its
	 * words, or fingerprints made of them): a check in place makes the
	 * places only when a format or a baseline reads them. */
	bool places;
};

struct rule_count {
	const struct rule *rule;
	size_t count;
	size_t fixable;   /* of them, what --fix repairs (`[*]`, as report_fixable) */
};

struct reporter {
	const struct format *format;
	FILE *out;
	struct report_options opts;
	json_object *results;     /* document formats: results (when not spooled) */
	FILE *spool;              /* the same, serialised; NULL when tmpfile failed */
	size_t nspooled;
	struct rule_count *stats; /* --statistics */
	size_t nstats, stats_cap;
	void *state;              /* a format's own, from begin() to end() (html) */
};

/* The formats (one file each in output/). */
extern const struct format format_text, format_concise, format_json, format_sarif,
	format_github, format_gitlab, format_junit, format_checkstyle, format_rdjson, format_html;

#define JSON_FLAGS (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)

/* Adds a finding's JSON to a document format's results. */
void report_add_result(struct reporter *r, json_object *o);
/* Text from a record or a file name as line formats show it: \n, \r and \t,
 * \uXXXX for other invisible characters, \xNN for a byte that is not UTF-8. */
void report_put_escaped(FILE *out, const char *s);
/* The escape of the character of n bytes at s (code point cp), or NULL to
 * show it as it is. */
const char *report_shown_escape(char esc[13], const char *s, size_t n, uint32_t cp);
/* Whether --fix (with --unsafe-fixes when given) would repair d. */
bool report_fixable(const struct reporter *r, const struct diag *d);
/* The address of a rule's page when it is on the web, or NULL: a report
 * read elsewhere (a CI artifact, a review) links no file:// page, which
 * is on the machine that wrote it only. */
const char *report_web_doc_url(const struct rule *rule);
/* A path as code scanning and code quality reports want it: relative to the
 * working directory when below it, without ./. */
const char *report_project_path(const char *path);
/* Indentation of JSON text, and JSON text as json_escape_invisible
 * writes it. */
void report_indent(FILE *out, int level);
void report_write_escaped(FILE *out, const char *t, size_t len);
/* A stable identity for a finding: rule, file, where (report_where) and nth. */
char *report_fingerprint(const struct document *doc, const struct diag *d, size_t nth);
/* Where a finding is, as fingerprints and baselines key it: its pointer,
 * else its place in an SGF's game tree (diag.place: its words made in
 * words, which the caller frees), else "". */
const char *report_where(const struct diag *d, struct buf *words);
/* An order of findings by where they are in which two are equal when
 * report_where's words are, without making the words of places. */
int report_where_cmp(const struct diag *a, const struct diag *b);
/* The html reports' colours, light and dark, and their body: the check's
 * page (html.c) and the duplicates' (cli/dupout.c) look alike. */
#define REPORT_HTML_BASE_STYLE \
	":root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--mute:#666;--line:#ddd;" \
	"--e:#c62828;--w:#b26a00;--i:#1565c0;--wood:#dcb35c;--mark:#d50000}" \
	"@media(prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#181a1b;--mute:#aaa;" \
	"--line:#333;--e:#ef5350;--w:#ffa726;--i:#64b5f6;--wood:#a8823c;--mark:#ff5252}}" \
	"body{font:15px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);" \
	"margin:0 auto;max-width:70em;padding:1em}"
/* ANSI colours, when enabled. */
const char *report_paint(const struct reporter *r, const char *code);
#define BOLD "\033[1m"
#define RESET "\033[0m"
#define RED "\033[1;31m"
#define YELLOW "\033[1;33m"
#define CYAN "\033[1;36m"
#define BLUE "\033[1;34m"
const char *report_severity_color(enum severity s);
/* Text as an XML attribute value or character data: &, <, >, " and '
 * as entities, and what report_put_escaped escapes (invisible characters,
 * bytes that are not UTF-8) and what XML 1.0 cannot hold (U+FFFE, U+FFFF)
 * escaped as there, so the document is well-formed whatever a record holds. */
void report_put_xml(FILE *out, const char *s);
/* "PATH:LINE:COL: SEVERITY: MESSAGE [RULE]" as plain text (no colour, no
 * escapes), for formats that quote the whole finding. */
void report_finding_text(struct buf *out, const struct document *doc, const struct diag *d);
/* The same, "[*] " before the message when fixable (as the terminal's
 * formats mark what --fix repairs). */
void report_finding_marked(struct buf *out, const struct document *doc, const struct diag *d,
			   bool fixable);
/* The terminal's count of what `[*]` marks ("[*] 2 fixable with `--fix`,
 * 1 more with `--fix --unsafe-fixes`"), a line; nothing when none. */
void report_fixable_text(struct buf *out, const struct summary *sum, bool unsafe);
/* What a point of a finding about a position is, for a person: "move 9,
 * black at C8 (2, 1)", "the white stone of move 43, at D16 (3, 3)". */
void report_point_text(struct buf *out, const struct diag_point *p);
/* The concise line of a finding (the text format's first line too). */
void concise_line(struct reporter *r, const struct document *doc, const struct diag *d);
/* The view of doc (report.h) the text and html formats read, built from its
 * text and DOM; columns as in report_options; with boards, the positions of
 * findings about positions (board_positions). */
void text_view(const struct document *doc, size_t columns, bool boards, struct doc_view *view);

/* Boards (output/board.c), for the text and html formats. */
/* The position at the node of each finding of doc about a position, into
 * view->items[i].board: the finding's own, which the lint's replay kept
 * (lint_settings.positions: a front end that draws boards asks for them). */
void board_positions(const struct document *doc, struct doc_view *view);
/* The part of a board shown under finding d: [x0, x1) × [y0, y1), at least
 * span × span points (or the whole side, when it is at most span + 4)
 * around its points, more when they lie further apart. */
struct board_window {
	int x0, y0, x1, y1;
};
/* The span of the boards the text and html formats show. */
enum { BOARD_SPAN = 9 };
void board_window(const struct position *p, const struct diag *d, int span, struct board_window *w);
/* Whether (x, y) is a star point (hoshi) of a square board of 9 lines or
 * more: the corner points and tengen, and on 15 lines or more the points
 * between them on the sides. */
bool board_star(const struct position *p, int x, int y);
/* The stone on (x, y): 0 none, 1 black, 2 white. */
int board_stone(const struct position *p, int x, int y);
/* The label of column x or row y at the edge of a board: "D" and "16" as
 * players name them, or x and y on a board wider than 25. */
void board_column_label(const struct position *p, int x, char out[8]);
void board_row_label(const struct position *p, int y, char out[8]);
/* The text board under finding d at position p, into out: its caption,
 * the column names, a line per row, the column names again and a legend
 * of the marks, each line led by gutter spaces and " = " (the caption) or
 * " | " as the text format quotes; paint: the escapes of the labels, of
 * the marks and of the reset ("" for none). */
struct board_paint {
	const char *label, *mark, *reset;
};
void board_draw(struct buf *out, const struct position *p, const struct diag *d, int gutter,
		const struct board_paint *paint);
/* The same board without the gutter, as a string the caller frees
 * (jgf_finding_board). */
char *board_text(const struct position *p, const struct diag *d);
/* The board at p's node, its move and the stones its setup places marked
 * as a finding's points are (jgf_position_board); NULL when p has no
 * board. */
char *board_text_at_node(const struct position *p);
/* "the position after move 9", "before move 9: the line stops there", ...:
 * which position a board shows, for a caption. */
void board_caption(struct buf *out, const struct position *p);
/* The parts of that board, for a format that draws it otherwise (html):
 * the mark of (x, y) on d's board, 0, '[' for its move or setup point,
 * '(' for the others, with *point the point it marks (the move's when
 * several are there); what stands on (x, y) as shown, X and O, + on a star
 * point, . elsewhere, and a marked point whose stone the position does not
 * hold (a move not played, a stone taken) in lower case (point: the marked
 * one, or NULL); and the legend of the marks, "[x] move 9, black, not
 * played; (O) the white stone of move 8", into out (empty). */
char board_mark(const struct diag *d, int x, int y, const struct diag_point **point);
char board_char(const struct position *p, int x, int y, const struct diag_point *point);
void board_legend(struct buf *out, const struct position *p, const struct diag *d);

#endif
