/* named: what a file's name asks of its contents. A file named for a text
 * format (.sgf, .gib, .ngf, .ugf, .ugi, .ugz) that holds none of them is
 * that format's *-no-game finding; an input asked to be JGF (named .jgf,
 * a --stream line) that holds another format jgflint checks in place gets
 * a foreign-format error before its games' findings, and one named for a
 * format that holds another gets misnamed-file (named_mismatch). And the
 * names --convert gives the records it writes. */
#include "convert/named.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "core/catalog.h"
#include "core/record.h"
#include "convert/say.h"
#include "read/sniff.h"

/* What a file's name asks and its contents do not give, worded here
 * (convert/say.h): a text format's *-no-game finding and what the file
 * holds instead, the words of foreign-format for an input asked to be JGF
 * (read/load.c adds the command), and misnamed-file's. */
#define SAY_NO_GAME(rule) rule, \
	"this file is named %s but holds %s: %s; nothing in it is read"
#define SAY_HOLDS_EMPTY "it is empty"
#define SAY_HOLDS_BOM "it holds only a byte order mark"
#define SAY_HOLDS_SPACE "it holds only white space"
#define SAY_HOLDS_CONTROL \
	"it is not text: it holds the control character U+%04X, which no %s or JSON text holds"
#define SAY_HOLDS_CONTROL_FIRST "its first character that is not white space is the " \
	"control character U+%04X, where %s text would be"
#define SAY_HOLDS_TEXT "it holds %s, and is not JSON either"
#define SAY_NOT_JGF "%s, in a file named %s: no JGF reader opens it (its games are " \
	"checked as they are)"
#define SAY_NOT_JGF_LINE "%s, on a --stream line, which is a JGF record: no JGF reader " \
	"opens it (its games are checked as they are)"
#define SAY_MISNAMED "this file is named %s but holds %s: it is checked as what it " \
	"holds, but %s readers will not open it; rename it to end in %s"

/* The text formats a file's name promises, and the rule that says it holds
 * none of that format's data: the endings jgflint reads besides .jgf (in
 * the order named_endings_words names them). */
static const struct named_format {
	const char *ending, *format, *lacks;
	const struct rule *rule;
	enum text_format holds;   /* what sniff_text names the format */
} named_formats[] = {
	{ ".sgf", "SGF", "no game tree `(;`", &rule_sgf_no_game_tree, TEXT_SGF },
	{ ".ugf", "UGF", "no UGF header (a `[Header]` line)", &rule_ugf_no_game, TEXT_UGF },
	{ ".ugi", "UGI", "no UGF header (a `[Header]` line)", &rule_ugf_no_game, TEXT_UGF },
	{ ".ugz", "UGZ", "no UGZ data (an LHA archive)", &rule_ugf_no_game, TEXT_UGZ },
	{ ".gib", "GIB", "no GIB header (a `\\HS` or `\\[KEY=` line first)", &rule_gib_no_game,
	  TEXT_GIB },
	{ ".ngf", "NGF", "no NGF game (a board size alone on its second line, `PM` move lines)",
	  &rule_ngf_no_game, TEXT_NGF },
};
#define NNAMED (sizeof named_formats / sizeof *named_formats)
_Static_assert(NNAMED == NAMED_ENDINGS, "named.h's NAMED_ENDINGS counts named_formats");

size_t named_endings(const char **out)
{
	for (size_t i = 0; i < NNAMED; i++)
		out[i] = named_formats[i].ending;
	return NNAMED;
}

void named_endings_words(struct buf *out, const char *conjunction)
{
	for (size_t i = 0; i < NNAMED; i++)
		buf_printf(out, "%s%s", i == 0 ? "" : i + 1 < NNAMED ? ", " : conjunction,
			   named_formats[i].ending);
}

static bool starts_nocase(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(end - p) >= n && !strncasecmp(p, word, n);
}

/* What a file with no game holds, from p (its first character that is not
 * white space) on: "an HTML page (`<!DOCTYPE html>`)", "text (`Just some
 * text`)", its first line quoted as messages show text (40 bytes at most,
 * cut between characters). */
static void no_game_holds(struct buf *out, const char *p, const char *end)
{
	const char *what = "text";
	if (starts_nocase(p, end, "<!doctype html") || starts_nocase(p, end, "<html"))
		what = "an HTML page";
	else if (starts_nocase(p, end, "<?xml"))
		what = "an XML document";
	size_t n = 0;
	while (p + n < end && p[n] != '\n' && p[n] != '\r') {
		uint32_t cp;
		size_t k = utf8_next(p + n, (size_t)(end - p - n), &cp);
		if (n + k > 40)
			break;
		n += k;
	}
	bool cut = p + n < end && p[n] != '\n' && p[n] != '\r';
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	char *first = xstrndup(p, n);
	struct buf shown = BUF_INIT;
	buf_printf(out, "%s (`%s%s`)", what, shown_text(&shown, first), cut ? "…" : "");
	buf_free(&shown);
	free(first);
}

/* The text format path's ending names (in any case), or NULL. */
static const struct named_format *named_format_of(const char *path)
{
	size_t n = path ? strlen(path) : 0;
	for (size_t i = 0; i < NNAMED && n >= 4; i++)
		if (!strcasecmp(path + n - 4, named_formats[i].ending))
			return &named_formats[i];
	return NULL;
}

/* doc's text past a byte order mark and the white space after it. */
static const char *past_space(const struct document *doc)
{
	const char *p = doc->text, *end = doc->text + doc->len;
	if (doc->len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	while (p < end && strchr(" \t\r\n", *p) && *p)
		p++;
	return p;
}

/* A file named for a text format (.sgf, .gib, .ngf, .ugf, .ugi, .ugz) that
 * holds none of the formats, and is not JSON either (SGFC's "no SGF data"):
 * its JSON syntax errors replaced by one finding (sgf-no-game-tree,
 * gib-no-game, ngf-no-game, ugf-no-game) that says what it holds. True
 * when it was. */
bool conversion_no_game(struct document *doc)
{
	size_t n = doc->path ? strlen(doc->path) : 0;
	if (doc->io_failed || doc->parsed || !doc->text)
		return false;
	const struct named_format *f = named_format_of(doc->path);
	if (!f)
		return false;
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].rule == &rule_foreign_format ||   /* binary, or a format */
		    doc->diags.items[i].rule == &rule_json_too_large)
			return false;
	const char *p = past_space(doc), *end = doc->text + doc->len;
	bool bom = doc->len >= 3 && !memcmp(doc->text, "\xEF\xBB\xBF", 3);
	if (p < end && (*p == '{' || *p == '[' || *p == '"' ||
			sniff_text(doc->text, doc->len) != TEXT_OTHER))
		return false;   /* JSON (a record misnamed), or a format */
	diag_list_free(&doc->diags);
	/* The first control character no text holds, in the whole file */
	size_t stop = 0, at = 0;
	while (stop < doc->len && sniff_text_end(doc->text + stop, 1) == 1)
		stop++;
	unsigned char first = p < end ? (unsigned char)*p : 0;
	struct buf holds = BUF_INIT;
	if (!doc->len)
		buf_adds(&holds, SAY_HOLDS_EMPTY);
	else if (p == end && (size_t)(p - doc->text) == 3 && bom)
		buf_adds(&holds, SAY_HOLDS_BOM);
	else if (p == end)
		buf_adds(&holds, SAY_HOLDS_SPACE);
	else if (stop < doc->len) {
		buf_printf(&holds, SAY_HOLDS_CONTROL, (unsigned char)doc->text[stop], f->format);
		at = stop;
	} else if (first < 0x20 || first == 0x7F) {
		buf_printf(&holds, SAY_HOLDS_CONTROL_FIRST, first, f->format);
		at = (size_t)(p - doc->text);
	} else {
		struct buf text = BUF_INIT;
		no_game_holds(&text, p, end);
		buf_printf(&holds, SAY_HOLDS_TEXT, text.data);
		buf_free(&text);
	}
	diag_say(&doc->diags, at, SAY_NO_GAME(f->rule), doc->path + n - 4, f->lacks,
		 holds.data);   /* .SGF as named */
	buf_free(&holds);
	return true;
}

/* Whether doc was asked to be JGF: a --stream line (JGF by definition), or
 * a file (or a library's buffer, the page's and the editor's documents)
 * named .jgf, in any case. */
static bool asked_jgf(const struct document *doc, bool line)
{
	size_t n = doc->path ? strlen(doc->path) : 0;
	return line || (n >= 4 && !strcasecmp(doc->path + n - 4, ".jgf"));
}

bool named_jgf(const struct document *doc)
{
	return asked_jgf(doc, false);
}

char *named_not_jgf(const struct document *doc, bool line)
{
	if (!asked_jgf(doc, line))
		return NULL;
	const char *what = NULL;
	if (doc->parsed) {
		struct record_info rec;
		record_classify(doc->root, &rec);
		what = rec.what;
	} else {
		what = sniff_description(sniff_text(doc->text, doc->len));
	}
	if (!what)
		return NULL;
	struct buf is = BUF_INIT;
	size_t n = strlen(doc->path);
	/* Its games are checked all the same: the findings that follow. */
	if (line)
		buf_printf(&is, SAY_NOT_JGF_LINE, what);
	else
		buf_printf(&is, SAY_NOT_JGF, what, doc->path + n - 4);   /* .JGF as named */
	char *words = document_foreign_words(doc, is.data, line);
	buf_free(&is);
	return words;
}

/* What a text format's contents are called in a message, and the ending
 * that names them. */
static const struct {
	enum text_format format;
	const char *words, *ending;
} held_formats[] = {
	{ TEXT_SGF, "SGF text", ".sgf" },
	{ TEXT_UGF, "UGF text", ".ugf" },
	{ TEXT_GIB, "GIB text (Tygem's format)", ".gib" },
	{ TEXT_NGF, "NGF text (WBaduk's format)", ".ngf" },
	{ TEXT_UGZ, "a UGZ archive (UGF compressed with LHA)", ".ugz" },
};

char *named_mismatch(struct document *doc)
{
	size_t n = doc->path ? strlen(doc->path) : 0;
	const struct named_format *f = named_format_of(doc->path);
	bool json_named = n >= 5 && !strcasecmp(doc->path + n - 5, ".json");
	if ((!f && !json_named) || !doc->text || doc->io_failed)
		return NULL;
	/* JSON that parsed, else a text format (UGF's `[Header]` opens as a JSON
	 * array would), else JSON that does not parse. */
	enum text_format held = doc->parsed ? TEXT_OTHER : sniff_text(doc->text, doc->len);
	const char *p = past_space(doc), *end = doc->text + doc->len;
	const char *words = NULL, *ending = NULL;
	if (doc->parsed || (held == TEXT_OTHER && p < end && (*p == '{' || *p == '['))) {
		if (json_named)
			return NULL;
		/* (classified once: the check asks the same) */
		bool jgf = doc->parsed && document_record(doc)->dialect == DIALECT_JGF;
		words = jgf ? "a JGF record" : "JSON";
		ending = jgf ? ".jgf" : ".json";
	} else {
		if (held == TEXT_OTHER || (f && held == f->holds))
			return NULL;
		for (size_t i = 0; i < sizeof held_formats / sizeof *held_formats; i++)
			if (held_formats[i].format == held)
				words = held_formats[i].words, ending = held_formats[i].ending;
		if (!words)
			return NULL;
	}
	struct buf msg = BUF_INIT;
	size_t named = json_named ? 5 : 4;
	buf_printf(&msg, SAY_MISNAMED, doc->path + n - named, words,
		   json_named ? "JSON" : f->format, ending);   /* .SGF as named */
	return buf_detach(&msg);
}

/* The record's path: beside the input, or in DIR (below DIR, the input's
 * directories under the walked directory root, when it came from a walk),
 * named BASE.jgf or BASE-N.jgf. */
char *conversion_sgf_name(char *name, bool sgfjson)
{
	size_t n = strlen(name);
	if (n < 4 || strcmp(name + n - 4, ".jgf"))
		return name;
	if (!sgfjson) {
		memcpy(name + n - 4, ".sgf", 4);
		return name;
	}
	char *json = xasprintf("%.*s.json", (int)(n - 4), name);
	free(name);
	return json;
}

char *conversion_record_name(const char *input, const char *root, const char *dir, size_t game,
			 size_t ngames)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	if (!strcmp(input, "-"))
		base = "stdin";
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	struct buf b = BUF_INIT;
	if (dir) {
		buf_printf(&b, "%s/", dir);
		/* The input's directories below root, as the walk named them:
		 * "games/" walked gives "games/x/a.sgf" (x/), and "." gives
		 * "x/a.sgf" (the walk drops its "./"), where "./" gives
		 * "./x/a.sgf". */
		size_t rootlen = root ? strlen(root) : 0;
		while (rootlen > 0 && root[rootlen - 1] == '/')
			rootlen--;
		size_t below = 0;   /* where the directories below root start */
		if (root && !strncmp(input, root, rootlen) && input[rootlen] == '/')
			below = rootlen + 1;   /* "/" walked: "/x/a.sgf", x/ */
		if (root && slash && (size_t)(slash - input) >= below)
			buf_add(&b, input + below, (size_t)(slash - input) + 1 - below);
	} else if (slash) {
		buf_add(&b, input, (size_t)(slash - input) + 1);
	}
	buf_add(&b, base, stem);
	if (ngames > 1)
		buf_printf(&b, "-%zu", game + 1);
	buf_adds(&b, ".jgf");
	return buf_detach(&b);
}
