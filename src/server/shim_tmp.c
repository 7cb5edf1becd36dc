/* shim_tmp: TEMPORARY, delete at merge. The draft API functions the server
 * relies on (/work/notes/api-draft.h), implemented over today's library
 * internals until the lead's src/lib has them. This is the only file of
 * src/server/ that includes internal headers; it is compiled with -I src
 * and linked against .libs/libjgflint.a (src/server/build-tmp.sh).
 *
 * Known differences from the draft:
 *  - jgf_config_discover merges the file's settings into the one settings
 *    layer api.c's jgf_config has, with the per-path-ignores that match the
 *    path resolved into `ignore`: a jgf_config_select afterwards adds to the
 *    file's select instead of replacing it. The configuration file's path is
 *    kept in the (for jgf_lint unused) `extensions` list.
 *  - per-finding data the server asks for (end offset, fix edits) is
 *    computed on first use and cached in the finding's `point` field (freed
 *    with the result): a result must not be read by two threads at once.
 *  - jgf_config_parse goes through a temporary file. */
#define JGFLINT_BUILDING 1
#include "jgflint.h"
#include "server/api_draft_tmp.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "catalog.h"
#include "charset.h"
#include "config.h"
#include "convert.h"
#include "engine.h"
#include "fix.h"
#include "jstring.h"
#include "lint.h"
#include "load.h"
#include "record.h"
#include "sgf.h"
#include "sgfjson.h"
#include "sniff.h"
#include "ugf.h"

/* api.c's private layouts, repeated. */
struct jgf_config {
	struct settings s;
};

struct jgf_result {
	struct document doc;
	size_t fixes;
};

static const struct diag *shim_finding(const jgf_result *r, size_t i)
{
	return i < r->doc.diags.len ? &r->doc.diags.items[i] : NULL;
}

unsigned long jgf_finding_end_line(const jgf_result *r, size_t i)
{
	const struct diag *d = shim_finding(r, i);
	return d ? d->end_line : 0;
}

unsigned long jgf_finding_end_column(const jgf_result *r, size_t i)
{
	const struct diag *d = shim_finding(r, i);
	return d ? d->end_col : 0;
}

size_t jgf_finding_offset(const jgf_result *r, size_t i)
{
	const struct diag *d = shim_finding(r, i);
	return d && d->line && d->has_offset ? d->offset : 0;
}

/* What is computed once per finding. */
struct shim_edit {
	size_t start, end;
	char *text;
};
struct shim_cache {
	size_t end_offset;
	size_t nedits;
	struct shim_edit edits[];
};

static struct locator *shim_locator(const jgf_result *r)
{
	struct document *doc = (struct document *)&r->doc;
	if (!doc->loc && doc->text)
		doc->loc = locator_new(doc->text, doc->len, doc->body);
	return doc->loc;
}

/* The byte offset of 1-based line:col (columns as locator_linecol counts
 * them: bytes that are not UTF-8 continuation bytes, from the body). */
static size_t shim_offset_of(const jgf_result *r, unsigned long line, unsigned long col)
{
	struct locator *loc = shim_locator(r);
	if (!loc)
		return 0;
	size_t start, end;
	locator_line_bounds(loc, line, &start, &end);
	if (start < r->doc.body && r->doc.body <= end)
		start = r->doc.body;
	size_t o = start;
	unsigned long c = 1;
	while (o < end) {
		unsigned char b = (unsigned char)r->doc.text[o];
		if ((b & 0xC0) != 0x80) {
			if (c == col)
				break;
			c++;
		}
		o++;
	}
	return o;
}

static const struct shim_cache *shim_cache(const jgf_result *r, size_t i)
{
	struct diag *d = (struct diag *)shim_finding(r, i);
	if (!d)
		return NULL;
	if (d->point)
		return (const struct shim_cache *)(void *)d->point;
	size_t n = 0;
	struct fix_edit *e = NULL;
	if (d->fix) {
		shim_locator(r);
		e = fix_edits(&r->doc, i, &n);
	}
	size_t bytes = sizeof(struct shim_cache) + n * sizeof(struct shim_edit);
	for (size_t k = 0; k < n; k++)
		bytes += strlen(e[k].text) + 1;
	struct shim_cache *c = xmalloc(bytes);
	char *p = (char *)&c->edits[n];
	c->nedits = n;
	for (size_t k = 0; k < n; k++) {
		size_t tl = strlen(e[k].text) + 1;
		memcpy(p, e[k].text, tl);
		c->edits[k] = (struct shim_edit){ e[k].start, e[k].end, p };
		p += tl;
	}
	fix_edits_free(e, n);
	size_t start = jgf_finding_offset(r, i);
	c->end_offset = start;
	if (d->line && d->end_line) {
		size_t end = shim_offset_of(r, d->end_line, d->end_col);
		if (end >= start)
			c->end_offset = end;
	}
	d->point = (char *)(void *)c;
	return c;
}

size_t jgf_finding_end_offset(const jgf_result *r, size_t i)
{
	const struct shim_cache *c = shim_cache(r, i);
	return c ? c->end_offset : 0;
}

unsigned jgf_finding_fix(const jgf_result *r, size_t i)
{
	const struct diag *d = shim_finding(r, i);
	if (!d || !d->fix)
		return 0;
	return d->fix->safety == FIX_SAFE ? JGF_FIX : JGF_UNSAFE_FIXES;
}

size_t jgf_finding_edit_count(const jgf_result *r, size_t i)
{
	const struct shim_cache *c = shim_cache(r, i);
	return c ? c->nedits : 0;
}

int jgf_finding_edit(const jgf_result *r, size_t i, size_t k, size_t *start, size_t *end,
		     const char **text)
{
	const struct shim_cache *c = shim_cache(r, i);
	if (!c || k >= c->nedits)
		return -1;
	*start = c->edits[k].start;
	*end = c->edits[k].end;
	*text = c->edits[k].text;
	return 0;
}

/* Rule pages, built once. */
static pthread_once_t urls_once = PTHREAD_ONCE_INIT;
static char **urls;
static size_t nurls;

static void build_urls(void)
{
	nurls = jgf_rule_count();
	const struct rule *const *rules;
	catalog_sorted(&rules);
	urls = xcalloc(nurls + 1, sizeof *urls);
	for (size_t i = 0; i < nurls; i++) {
		struct buf b = BUF_INIT;
		catalog_doc_url(rules[i], &b);
		urls[i] = buf_detach(&b);
	}
}

long jgf_rule_find(const char *id)
{
	size_t n = jgf_rule_count();
	for (size_t i = 0; id && i < n; i++)
		if (!strcmp(jgf_rule_id(i), id))
			return (long)i;
	return -1;
}

const char *jgf_rule_url(size_t i)
{
	pthread_once(&urls_once, build_urls);
	return i < nurls ? urls[i] : NULL;
}

const char *jgf_finding_url(const jgf_result *r, size_t i)
{
	long k = jgf_rule_find(jgf_finding_rule(r, i));
	return k < 0 ? NULL : jgf_rule_url((size_t)k);
}

void jgf_free(void *p)
{
	free(p);
}

/* ---- configurations ---- */

static jgf_result *shim_problems(struct config *c)
{
	if (!c->doc.diags.len)
		return NULL;
	jgf_result *r = xcalloc(1, sizeof *r);
	r->doc = c->doc;
	c->doc = (struct document){ 0 };
	json_put_deep(r->doc.root, r->doc.depth);
	r->doc.root = NULL;
	return r;
}

static void copy_list(struct rule_list *to, const struct rule_list *from)
{
	for (size_t i = 0; i < from->len; i++)
		rule_list_add(to, from->items[i]);
}

/* A jgf_config with c's settings as they apply to the file abs (absolute;
 * NULL: none of the per-path ignores). */
static jgf_config *shim_config_from(struct config *c, const char *abs, const char *cfg_path)
{
	jgf_config *cfg = jgf_config_new();
	struct settings *s = &cfg->s;
	s->has_select = c->file.has_select;
	copy_list(&s->select, &c->file.select);
	copy_list(&s->ignore, &c->file.ignore);
	for (size_t i = 0; i < c->file.nseverities; i++)
		jgf_config_severity(cfg, c->file.severities[i].rule,
				    (enum jgf_severity)c->file.severities[i].severity);
	const char *rel = abs ? relative_to(abs, c->dir) : NULL;
	for (size_t i = 0; rel && i < c->file.npath_ignores; i++) {
		struct path_ignore *pi = &c->file.path_ignores[i];
		if (regex_match(&pi->re, rel, strlen(rel)))
			copy_list(&s->ignore, &pi->rules);
	}
	if (cfg_path)
		rule_list_add(&s->extensions, cfg_path);
	return cfg;
}

jgf_config *jgf_config_discover(const char *path, jgf_result **problems)
{
	if (problems)
		*problems = NULL;
	char *abs = path ? absolute_path(path) : NULL;
	if (!abs)
		return jgf_config_new();
	char *dir = xstrdup(abs);
	char *found = NULL;
	for (;;) {
		char *slash = strrchr(dir, '/');
		if (!slash)
			break;
		*slash = '\0';
		struct buf p = BUF_INIT;
		buf_printf(&p, "%s/%s", dir, CONFIG_FILE_NAME);
		struct stat st;
		if (stat(p.data, &st) == 0 && S_ISREG(st.st_mode)) {
			found = buf_detach(&p);
			break;
		}
		buf_free(&p);
		if (!*dir)
			break;
	}
	free(dir);
	jgf_config *cfg;
	if (found) {
		struct config *c = config_load(found);
		cfg = shim_config_from(c, abs, found);
		if (problems)
			*problems = shim_problems(c);
		config_free(c);
	} else {
		cfg = jgf_config_new();
	}
	free(found);
	free(abs);
	return cfg;
}

jgf_config *jgf_config_parse(const char *name, const char *data, size_t len, jgf_result **problems)
{
	if (problems)
		*problems = NULL;
	char tmpl[] = "/tmp/jgflint-shim-XXXXXX";
	if (!mkdtemp(tmpl))
		return jgf_config_new();
	struct buf p = BUF_INIT;
	buf_printf(&p, "%s/%s", tmpl, CONFIG_FILE_NAME);
	FILE *f = fopen(p.data, "wb");
	jgf_config *cfg;
	if (f && fwrite(data, 1, len, f) == len && fclose(f) == 0) {
		struct config *c = config_load(p.data);
		free(c->doc.path);
		c->doc.path = xstrdup(name ? name : CONFIG_FILE_NAME);
		cfg = shim_config_from(c, NULL, NULL);
		if (problems)
			*problems = shim_problems(c);
		config_free(c);
	} else {
		if (f)
			fclose(f);
		cfg = jgf_config_new();
	}
	unlink(p.data);
	rmdir(tmpl);
	buf_free(&p);
	return cfg;
}

const char *jgf_config_path(const jgf_config *cfg)
{
	return cfg && cfg->s.extensions.len ? cfg->s.extensions.items[0] : NULL;
}

/* ---- conversion (convert_cli.c's convert_one, in memory) ---- */

struct jgf_conversion {
	int status;
	size_t n;
	char **names;
	char **texts;
	size_t *lens;
	struct buf messages;
};

static char *shim_find_ca(const char *s, size_t len)
{
	for (size_t i = 0; i + 2 < len; i++) {
		if (s[i] != 'C' || s[i + 1] != 'A' || (i && s[i - 1] >= 'A' && s[i - 1] <= 'Z'))
			continue;
		size_t j = i + 2;
		while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
			j++;
		if (j >= len || s[j] != '[')
			continue;
		size_t k = ++j;
		while (k < len && s[k] != ']' && k - j < 40)
			k++;
		if (k >= len || s[k] != ']')
			return NULL;
		char *v = xstrndup(s + j, k - j);
		char *a = v, *e = v + strlen(v);
		while (*a == ' ')
			a++;
		while (e > a && e[-1] == ' ')
			e--;
		*e = '\0';
		memmove(v, a, strlen(a) + 1);
		return v;
	}
	return NULL;
}

static void shim_decode_sgf(const char *s, size_t len, struct buf *out, struct sgf_notes *notes)
{
	struct sgf_pos file = { 0, 0 };
	const char *used;
	if (len >= 2 && (!memcmp(s, "\xFF\xFE", 2) || !memcmp(s, "\xFE\xFF", 2))) {
		if (charset_decode(s, len, "UTF-16", out, &used)) {
			sgf_note(notes, file, "read as UTF-16 (its byte order mark)");
			return;
		}
	}
	if (len >= 2 && (!s[0] != !s[1]) &&
	    charset_decode(s, len, s[0] ? "UTF-16LE" : "UTF-16BE", out, &used)) {
		sgf_note(notes, file, "read as %s (a zero byte beside every ASCII character)", used);
		return;
	}
	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) && charset_valid_utf8(s + 3, len - 3)) {
		buf_add(out, s + 3, len - 3);
		sgf_note(notes, file, "read as UTF-8 (its byte order mark)");
		return;
	}
	char *ca = shim_find_ca(s, len);
	if (ca && charset_decode(s, len, ca, out, &used)) {
		sgf_note(notes, file, "read as %s (CA[%s])", used, ca);
	} else if (charset_valid_utf8(s, len)) {
		buf_add(out, s, len);
	} else {
		charset_decode(s, len, "ISO-8859-1", out, &used);
		sgf_note(notes, file, "read as ISO-8859-1");
	}
	free(ca);
	if (!out->data)
		buf_adds(out, "");
}

static bool shim_game_tree_after_text(const char *s, size_t len)
{
	if (len > 65536)
		len = 65536;
	for (size_t i = 0; i + 1 < len; i++)
		if (s[i] == '(' && s[i + 1] == ';' && (i == 0 || s[i - 1] == '\n' || s[i - 1] == '\r'))
			return true;
	return false;
}

static char *shim_output_name(const char *input, size_t game, size_t ngames)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	struct buf b = BUF_INIT;
	if (slash)
		buf_add(&b, input, (size_t)(slash - input) + 1);
	buf_add(&b, base, stem);
	if (ngames > 1)
		buf_printf(&b, "-%zu", game + 1);
	buf_adds(&b, ".jgf");
	return buf_detach(&b);
}

static void shim_notes(struct buf *m, const char *src, const struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++) {
		const struct sgf_note *n = &notes->items[i];
		if (n->pos.line)
			buf_printf(m, "%s:%lu:%lu: note: %s\n", src, n->pos.line, n->pos.col, n->text);
		else
			buf_printf(m, "%s: note: %s\n", src, n->text);
	}
}

jgf_conversion *jgf_convert(const char *name, const char *data, size_t len)
{
	pthread_once(&urls_once, build_urls);   /* the engine's tables too */
	jgf_conversion *c = xcalloc(1, sizeof *c);
	const char *src = name ? name : "<buffer>";
	struct document doc;
	document_load_buffer(&doc, src, data ? data : "", data ? len : 0);
	struct sgf_games games = { 0 };
	struct sgf_notes notes = { 0 };
	enum text_format kind = sniff_text(doc.text, doc.len);
	if (kind == TEXT_OTHER && !doc.parsed && shim_game_tree_after_text(doc.text, doc.len))
		kind = TEXT_SGF;
	if (kind == TEXT_SGF) {
		struct buf text = BUF_INIT;
		shim_decode_sgf(doc.text, doc.len, &text, &notes);
		size_t skip = text.len >= 3 && !memcmp(text.data, "\xEF\xBB\xBF", 3) ? 3 : 0;
		sgf_read(text.data + skip, text.len - skip, &games, &notes);
		buf_free(&text);
	} else if (kind == TEXT_UGF) {
		ugf_read(doc.text, doc.len, &games, &notes);
	} else {
		struct record_info rec;
		if (doc.parsed)
			record_classify(doc.root, &rec);
		if (!doc.parsed || !rec.convertible) {
			buf_printf(&c->messages, "%s: error: not SGF, SGF-in-JSON or UGF/UGI: nothing "
				   "to convert\n", src);
			c->status = 2;
			document_free(&doc);
			return c;
		}
		sgfjson_read(&doc, &games, &notes);
	}
	shim_notes(&c->messages, src, &notes);
	if (!games.len) {
		buf_printf(&c->messages, "%s: error: no game found\n", src);
		c->status = 2;
	}
	c->names = xcalloc(games.len + 1, sizeof *c->names);
	c->texts = xcalloc(games.len + 1, sizeof *c->texts);
	c->lens = xcalloc(games.len + 1, sizeof *c->lens);
	for (size_t g = 0; g < games.len; g++) {
		struct sgf_notes gnotes = { 0 };
		struct posmap map = { 0 };
		struct buf kept = BUF_INIT;
		json_object *rec = convert_game(games.games[g], kind == TEXT_UGF ? "ugf" : "sgf",
						&gnotes, &map, &kept);
		shim_notes(&c->messages, src, &gnotes);
		if (!rec) {
			if (c->status < 1)
				c->status = 1;
		} else {
			size_t jl;
			const char *json = json_object_to_json_string_length(
				rec, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
				JSON_C_TO_STRING_NOSLASHESCAPE, &jl);
			struct buf out = BUF_INIT;
			json_escape_invisible(&out, json, jl);
			buf_addc(&out, '\n');
			char *oname = shim_output_name(src, g, games.len);
			struct document check;
			document_load_buffer(&check, oname, out.data, out.len);
			lint_document(&check);
			for (size_t i = 0; i < check.diags.len; i++)
				if (check.diags.items[i].severity == SEV_ERROR && c->status < 1)
					c->status = 1;
			document_free(&check);
			c->names[c->n] = oname;
			c->lens[c->n] = out.len;
			c->texts[c->n++] = buf_detach(&out);
			if (kept.len)
				buf_printf(&c->messages, "%s: kept under meta.%s: %s\n", oname,
					   kind == TEXT_UGF ? "ugf" : "sgf", kept.data);
			json_object_put(rec);
		}
		buf_free(&kept);
		posmap_free(&map);
		sgf_notes_free(&gnotes);
	}
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	document_free(&doc);
	return c;
}

int jgf_conversion_status(const jgf_conversion *c)
{
	return c->status;
}

size_t jgf_conversion_count(const jgf_conversion *c)
{
	return c->n;
}

const char *jgf_conversion_name(const jgf_conversion *c, size_t i)
{
	return i < c->n ? c->names[i] : NULL;
}

const char *jgf_conversion_text(const jgf_conversion *c, size_t i, size_t *len)
{
	if (i >= c->n)
		return NULL;
	if (len)
		*len = c->lens[i];
	return c->texts[i];
}

const char *jgf_conversion_messages(const jgf_conversion *c)
{
	return c->messages.data ? c->messages.data : "";
}

void jgf_conversion_free(jgf_conversion *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->names[i]);
		free(c->texts[i]);
	}
	free(c->names);
	free(c->texts);
	free(c->lens);
	buf_free(&c->messages);
	free(c);
}
