/* convert: SGF properties (FF[1]-FF[4], GM[1]) to JGF v2. Root properties
 * fill the record's sections; node properties become moves, setup, turn,
 * comments, names, markup and score. A value JGF cannot hold as it is goes
 * to meta.sgf with a note; values are checked against the grammars the
 * linter applies, so that the record is clean. */
#include "convert/convert.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "base/pointer.h"
#include "base/regex.h"
#include "core/catalog.h"
#include "core/values.h"
#include "core/komi.h"

/* JGF's rank grammar as rank-format accepts it without a word. */
static struct regex rank_re = REGEX("(?:[1-9]|[12][0-9]|30)k[?*]?|[1-9][dp][?*]?|\\?");

struct conv {
	struct sgf_notes *notes;
	struct posmap *map;
	int width, height;
	const char *source;       /* "sgf" or "ugf": the key under meta */
	json_object *meta;        /* meta.sgf: root properties kept */
	json_object *meta_nodes;  /* meta.sgf.nodes: pointer -> properties kept */
	struct buf *kept;
	size_t nkept_listed;
	struct buf ptr;           /* pointer of the sequence being filled */
	size_t depth;             /* variations nested */
	size_t deepest_variation;
	struct buf *out;          /* the tree's text, node by node */
	size_t json_depth;        /* of the nodes of the sequence being written */
	size_t deepest;           /* the deepest JSON nesting written */
	int extent[4];            /* the points written: least x, y, greatest x, y */
	bool pro_source;          /* the root names a professional body (ranks) */
	bool pro_event;           /* ... as the name of a professional tournament */
	bool has_km;              /* the root has KM (KO is then only kept) */
	const char *at;           /* the pointer of the section a root property fills */
};

/* ---- positions ---- */

/* The map is a trie of pointer segments (each a node: its parent, its
 * segment, and the position when a pointer ends there), found by a hash of
 * (parent, segment): pointers of nested variations share their prefixes,
 * which stored whole grew with the square of the depth (10,000 levels took
 * 600 MB). Node 0 is the empty pointer. */
static size_t seg_hash(size_t parent, const char *seg, size_t len)
{
	size_t h = 14695981039346656037u ^ parent;   /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)seg[i]) * 1099511628211u;
	return h;
}

static size_t pm_hash(const struct posmap *m, size_t k)
{
	const struct posmap_node *n = &m->nodes[k];
	return seg_hash(n->parent, m->segs.data + n->seg, n->seglen);
}

static void pm_insert(struct posmap *m, size_t k)
{
	size_t mask = m->nslots - 1;
	size_t at = pm_hash(m, k) & mask;
	while (m->slots[at])
		at = (at + 1) & mask;
	m->slots[at] = (uint32_t)(k + 1);
}

/* The child of parent named seg (len bytes), made when make. */
static size_t pm_child(struct posmap *m, size_t parent, const char *seg, size_t len, bool make)
{
	if (!m->len) {   /* the root */
		m->nodes = xgrow(m->nodes, &m->cap, 1, sizeof *m->nodes);
		m->nodes[m->len++] = (struct posmap_node){ 0 };
		buf_adds(&m->segs, "");
	}
	size_t mask = m->nslots ? m->nslots - 1 : 0;
	for (size_t at = m->nslots ? seg_hash(parent, seg, len) & mask : 0; m->nslots && m->slots[at];
	     at = (at + 1) & mask) {
		const struct posmap_node *n = &m->nodes[m->slots[at] - 1];
		if (n->parent == parent && n->seglen == len && !memcmp(m->segs.data + n->seg, seg, len))
			return m->slots[at] - 1;
	}
	if (!make)
		return SIZE_MAX;
	if (m->len >= UINT32_MAX - 1 || m->segs.len + len >= UINT32_MAX)
		die_oom();   /* a record of 4 GB and more: the locator stops at 1 GiB */
	m->nodes = xgrow(m->nodes, &m->cap, m->len + 1, sizeof *m->nodes);
	m->nodes[m->len] = (struct posmap_node){ .parent = (uint32_t)parent,
						 .seg = (uint32_t)m->segs.len, .seglen = (uint32_t)len };
	buf_add(&m->segs, seg, len);
	size_t k = m->len++;
	if (2 * m->len > m->nslots) {   /* at most half full */
		free(m->slots);
		m->nslots = m->nslots ? 2 * m->nslots : 64;
		m->slots = xcalloc(m->nslots, sizeof *m->slots);
		for (size_t i = 1; i < m->len; i++)
			pm_insert(m, i);
	} else {
		pm_insert(m, k);
	}
	return k;
}

void posmap_add(struct posmap *map, const char *ptr, struct sgf_pos pos)
{
	if (!map)
		return;
	if (!map->len)
		pm_child(map, 0, "", 0, false);   /* makes the root */
	size_t len = strlen(ptr), nsegs = 0;
	for (size_t i = 0; i < len; i++)
		nsegs += ptr[i] == '/';
	map->last_at = xgrow(map->last_at, &map->last_at_cap, nsegs + 1, sizeof *map->last_at);
	/* The pointers come in tree order: the segments a pointer shares with
	 * the last one, from the start, keep their nodes (last_at). */
	size_t node = 0, seg = 0, j = 0;
	bool shared = true;
	for (size_t i = 0; i < len && ptr[i] == '/';) {
		size_t start = i + 1, end = start;
		while (end < len && ptr[end] != '/')
			end++;
		if (shared && j < map->last.len) {
			size_t ls = j + 1, le = ls;
			while (le < map->last.len && map->last.data[le] != '/')
				le++;
			shared = le - ls == end - start && !memcmp(ptr + start, map->last.data + ls,
								 end - start);
			j = le;
		} else {
			shared = false;
		}
		node = shared ? map->last_at[seg] : pm_child(map, node, ptr + start, end - start, true);
		map->last_at[seg++] = node;
		i = end;
	}
	buf_truncate(&map->last, 0);
	buf_add(&map->last, ptr, len);
	if (!map->nodes[node].has) {
		map->nodes[node].line = (uint32_t)pos.line;
		map->nodes[node].col = (uint32_t)pos.col;
		map->nodes[node].has = true;
	}
}

struct sgf_pos posmap_find(struct posmap *map, const char *pointer)
{
	/* Down the trie segment by segment: the last node with a position is
	 * the longest recorded prefix. */
	struct sgf_pos pos = { 0, 0 };
	size_t node = 0, len = strlen(pointer);
	if (!map->len)
		return pos;
	if (map->nodes[0].has)
		pos = (struct sgf_pos){ map->nodes[0].line, map->nodes[0].col };
	for (size_t i = 0; i < len && pointer[i] == '/';) {
		size_t start = i + 1, end = start;
		while (end < len && pointer[end] != '/')
			end++;
		node = pm_child(map, node, pointer + start, end - start, false);
		if (node == SIZE_MAX)
			break;
		if (map->nodes[node].has)
			pos = (struct sgf_pos){ map->nodes[node].line, map->nodes[node].col };
		i = end;
	}
	return pos;
}

void posmap_free(struct posmap *map)
{
	free(map->nodes);
	buf_free(&map->segs);
	free(map->slots);
	free(map->last_at);
	buf_free(&map->last);
	*map = (struct posmap){0};
}

/* ---- values ---- */

/* SGF Text: escapes removed, soft line breaks (`\` + newline) removed, other
 * white space than line breaks as spaces, line breaks as "\n". With simple
 * (SimpleText), line breaks are spaces too. Stops at an unescaped `:` when
 * colon is given (the first half of a compose value), storing where. */
static void decode_text(struct buf *out, const char *s, size_t len, bool simple,
			size_t *colon)
{
	if (colon)
		*colon = SIZE_MAX;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '\\' && i + 1 < len) {
			c = s[++i];
			if (c == '\n' || c == '\r') {   /* soft line break */
				if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c)
					i++;
				continue;
			}
		} else if (c == ':' && colon) {
			*colon = i;
			break;
		} else if (c == '\r' || c == '\n') {
			if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c)
				i++;
			c = '\n';
		}
		if (!c)   /* noted by the reader (sgf.c) */
			continue;
		if (c == '\n' && simple)
			c = ' ';
		else if (c != '\n' && isspace((unsigned char)c))
			c = ' ';
		buf_addc(out, c);
	}
	if (!out->data)
		buf_adds(out, "");
}

static char *text_of(const struct sgf_value *v, bool simple)
{
	struct buf b = BUF_INIT;
	decode_text(&b, v->raw, v->len, simple, NULL);
	return buf_detach(&b);
}

/* simpletext trimmed, for names and short fields */
static char *simple_of(const struct sgf_value *v)
{
	char *s = text_of(v, true);
	size_t n = strlen(s), start = 0;
	while (start < n && s[start] == ' ')
		start++;
	while (n > start && s[n - 1] == ' ')
		n--;
	memmove(s, s + start, n - start);
	s[n - start] = '\0';
	return s;
}

static int coord_of(char c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 26;
	return -1;
}

static bool point_of(const char *s, size_t len, int *x, int *y)
{
	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (len != 2)
		return false;
	*x = coord_of(s[0]);
	*y = coord_of(s[1]);
	return *x >= 0 && *y >= 0;
}

/* long long, not long: long is 32 bits in wasm32 (the page), where
 * GM[4294967297] or OB[3000000000] would overflow and read otherwise. */
static bool number_of(const struct sgf_value *v, long long *out)
{
	char *s = simple_of(v), *end;
	errno = 0;
	long long n = strtoll(s, &end, 10);
	bool ok = *s && !*end && !errno;
	free(s);
	*out = n;
	return ok;
}

static bool real_of(const struct sgf_value *v, double *out)
{
	char *s = simple_of(v), *end;
	for (char *p = s; *p; p++)
		if (*p == ',')
			*p = '.';   /* a decimal comma, as some writers use */
	errno = 0;
	double d = strtod(s, &end);
	bool ok = *s && !*end && !errno && isfinite(d) && !strpbrk(s, "xXnNiI");
	free(s);
	*out = d;
	return ok;
}

/* Komi in words (6目半, 黒6目半): values.c. */
static bool komi_words(const struct sgf_value *v, double *out)
{
	char *s = simple_of(v);
	bool ok = value_komi_words(s, out);
	free(s);
	return ok;
}

static json_object *number_json(double d)
{
	if (d == floor(d) && fabs(d) < 1e15)
		return dom_int((long long)d);
	char text[32];
	snprintf(text, sizeof text, "%.15g", d);
	return dom_double_s(d, text);
}

/* ---- meta ---- */

/* The list names at most this many properties (then "…"): it is read by a
 * person, and a longer one would cost a scan per property. */
#define KEPT_LISTED 64

static void kept_add(struct conv *c, const char *id)
{
	/* the list names each property once: ", "-separated */
	if (c->nkept_listed > KEPT_LISTED)
		return;
	size_t n = strlen(id);
	for (const char *p = c->kept->data; p && *p;) {
		const char *end = strstr(p, ", ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && !memcmp(p, id, n))
			return;
		p = end ? end + 2 : NULL;
	}
	if (c->kept->len)
		buf_adds(c->kept, ", ");
	buf_adds(c->kept, ++c->nkept_listed > KEPT_LISTED ? "…" : id);
}

static json_object *values_json(const struct sgf_prop *p)
{
	if (p->nvals == 1) {
		char *s = text_of(&p->vals[0], false);
		json_object *o = dom_string(s);
		free(s);
		return o;
	}
	json_object *a = dom_array();
	for (size_t i = 0; i < p->nvals; i++) {
		char *s = text_of(&p->vals[i], false);
		dom_push(a, dom_string(s));
		free(s);
	}
	return a;
}

/* The key of a kept property: the own variables of UGF, GIB and NGF
 * (UGF:Name, GIB:KEY, NGF:LINE7) without their prefix. */
static const char *kept_key(const char *id)
{
	const char *colon = strchr(id, ':');
	return colon && colon - id == 3 ? colon + 1 : id;
}

static void keep_root(struct conv *c, const struct sgf_prop *p)
{
	dom_add(c->meta, kept_key(p->id), values_json(p));
	kept_add(c, kept_key(p->id));
}

/* A node property kept under meta.sgf.nodes, keyed by the JGF node's pointer. */
static void keep_node(struct conv *c, const char *node_ptr, const struct sgf_prop *p)
{
	json_object *props = NULL;
	if (!json_object_object_get_ex(c->meta_nodes, node_ptr, &props)) {
		props = dom_object();
		dom_add(c->meta_nodes, node_ptr, props);
	}
	dom_add(props, kept_key(p->id), values_json(p));
	kept_add(c, kept_key(p->id));
}

/* ---- sections ---- */

static json_object *section(json_object *root, const char *key)
{
	json_object *s;
	if (!json_object_object_get_ex(root, key, &s)) {
		s = dom_object();
		dom_add(root, key, s);
	}
	return s;
}

/* A JSON string of s, which it frees. */
static json_object *string_json(char *s)
{
	json_object *o = dom_string(s);
	free(s);
	return o;
}

/* Digits exactly n long, as a number, or -1. */
static int digits(const char *s, size_t n)
{
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* SGF's DT: ISO dates, comma-separated, where later ones may leave out
 * what they share with the one before (1996-05-06,07,08 or 1996-12-27,
 * 01-02 or 1996-12-27,1997-01-03). Appends each as a full ISO date. A full
 * date with a time of day (2016-12-29 19:01:34, an ISO timestamp) gives its
 * date, and sets *trimmed. */
static bool dates_of(const char *s, json_object *out, bool *trimmed)
{
	*trimmed = false;
	int y = -1, m = -1, d = -1;
	char text[32];
	const char *p = s;
	for (;;) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, ",");
		size_t t = n;
		while (t && p[t - 1] == ' ')
			t--;
		int a, b, e;
		char day[11];
		const char *q = p;   /* the item, or its date without the time */
		if (!(t == 10 && p[4] == '-' && p[7] == '-') && value_date_with_time(p, t, day)) {
			q = day;
			t = 10;
			*trimmed = true;
		}
		if (t == 10 && q[4] == '-' && q[7] == '-' && (a = digits(q, 4)) >= 0 &&
		    (b = digits(q + 5, 2)) >= 0 && (e = digits(q + 8, 2)) >= 0)
			y = a, m = b, d = e;
		else if (t == 7 && q[4] == '-' && (a = digits(q, 4)) >= 0 && (b = digits(q + 5, 2)) >= 0)
			y = a, m = b, d = -1;
		else if (t == 4 && (a = digits(q, 4)) >= 0)
			y = a, m = d = -1;
		else if (t == 5 && q[2] == '-' && y >= 0 && m >= 0 && d >= 0 &&
			 (b = digits(q, 2)) >= 0 && (e = digits(q + 3, 2)) >= 0)
			m = b, d = e;
		else if (t == 2 && y >= 0 && m >= 0 && (e = digits(q, 2)) >= 0)
			d = d >= 0 ? e : -1, m = d >= 0 ? m : e;
		else
			return false;
		if (m != -1 && (m < 1 || m > 12))
			return false;
		if (d != -1 && (d < 1 || d > value_days_in(y, m)))
			return false;
		if (d >= 0)
			snprintf(text, sizeof text, "%04d-%02d-%02d", y, m, d);
		else if (m >= 0)
			snprintf(text, sizeof text, "%04d-%02d", y, m);
		else
			snprintf(text, sizeof text, "%04d", y);
		dom_push(out, dom_string(text));
		if (!p[n])
			return true;
		p += n + 1;
	}
}

static void note_kept(struct conv *c, const struct sgf_prop *p, const char *why)
{
	sgf_note(c->notes, &rule_sgf_kept_property, p->pos,
		 "kept under meta.%s: %s (%s)", c->source, kept_key(p->id), why);
	keep_root(c, p);
}

/* Adds key to obj, the section (or player) the caller named c->at, and
 * maps its pointer to p's position: a finding about it (handicap-mismatch
 * on rules.handicap) is shown at the property it came from. */
static void put_root(struct conv *c, json_object *obj, const char *key, json_object *v,
		     const struct sgf_prop *p)
{
	dom_add(obj, key, v);
	if (!c->map)
		return;
	struct buf ptr = BUF_INIT;
	buf_printf(&ptr, "%s/%s", c->at, key);
	posmap_add(c->map, ptr.data, p->pos);
	buf_free(&ptr);
}

static bool simple_field(struct conv *c, json_object *obj, const char *key,
			 const struct sgf_prop *p)
{
	put_root(c, obj, key, string_json(simple_of(&p->vals[0])), p);
	return true;
}

static bool text_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	put_root(c, obj, key, string_json(text_of(&p->vals[0], false)), p);
	return true;
}

static bool rank_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	char *s = simple_of(&p->vals[0]);
	struct buf r = BUF_INIT;
	enum rank_reading how;
	if (regex_match(&rank_re, s, strlen(s))) {
		put_root(c, obj, key, dom_string(s), p);
	} else if (value_rank(s, c->pro_source, &r, &how)) {
		put_root(c, obj, key, dom_string(r.data), p);
		keep_root(c, p);   /* the original spelling, too */
		static const char *const why[] = {
			[RANK_MARKED] = "as its words say",
			[RANK_PRO_SOURCE] = "the record names a professional body",
			[RANK_NUMERALS] = "a dan in kanji numerals is a professional's",
			[RANK_DIGITS] = "a dan in digits is a server's or an amateur's",
			[RANK_SERVER_MARK] = "a rank with a server's mark * is an amateur's",
		};
		const char *reason = how == RANK_PRO_SOURCE && c->pro_event ?
				     "the record names a professional tournament" : why[how];
		if (how != RANK_AS_WRITTEN)
			sgf_note(c->notes, &rule_sgf_rank_read, p->pos,
				 "%s[%s] read as rank %s (%s); the original is "
				 "kept under meta.%s", p->id, s, r.data, reason, c->source);
	} else {
		note_kept(c, p, "not a rank JGF can write, such as 15k, 4d or 2p");
	}
	buf_free(&r);
	free(s);
	return true;
}

static bool result_field(struct conv *c, json_object *obj, const char *key,
			 const struct sgf_prop *p)
{
	char *s = simple_of(&p->vals[0]);
	struct buf r = BUF_INIT;
	if (value_result(s, &r)) {
		put_root(c, obj, key, dom_string(r.data ? r.data : ""), p);
		if (strcmp(s, r.data ? r.data : ""))
			keep_root(c, p);   /* the original spelling, too */
	} else {
		note_kept(c, p, "not a result with one certain reading in JGF's grammar");
	}
	buf_free(&r);
	free(s);
	return true;
}

/* DT: game.date, or game.dates when it lists several. */
static bool date_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	(void)key;
	char *s = simple_of(&p->vals[0]);
	json_object *dates = dom_array();
	bool trimmed;
	if (dates_of(s, dates, &trimmed)) {
		if (json_object_array_length(dates) == 1)
			put_root(c, obj, "date", json_object_get(json_object_array_get_idx(dates, 0)), p);
		else
			put_root(c, obj, "dates", json_object_get(dates), p);
		if (trimmed)
			keep_root(c, p);   /* the time of day, the days after the first */
	} else {
		note_kept(c, p, "not a list of ISO dates");
	}
	json_object_put(dates);
	free(s);
	return true;
}

static bool komi_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	const struct sgf_value *v = &p->vals[0];
	double d;
	char how[128];
	if (real_of(v, &d) && komi_plausible(d)) {
		put_root(c, obj, key, number_json(d), p);
	} else if (real_of(v, &d) && komi_likely(d, &d, how, sizeof how)) {
		char *s = simple_of(v);
		sgf_note(c->notes, &rule_sgf_komi_kept, p->pos,
			 "kept under meta.%s: KM (%s is not a komi a game has: "
			 "most likely %g, %s; rules.komi is left out)", c->source, s, d, how);
		keep_root(c, p);
		free(s);
	} else if (!real_of(v, &d) && komi_words(v, &d)) {
		put_root(c, obj, key, number_json(d), p);
		keep_root(c, p);
	} else {
		note_kept(c, p, real_of(v, &d) ? "not a komi a game has" : "not a number");
	}
	return true;
}

/* KO[黒6目半]: komi in a Japanese dialect's own property, read when there
 * is no KM; kept in any case, as every property SGF does not define. */
static bool ko_field(struct conv *c, json_object *obj, const char *key,
		     const struct sgf_prop *p)
{
	double d;
	if (!c->has_km && komi_words(&p->vals[0], &d)) {
		put_root(c, obj, key, number_json(d), p);
		char *s = simple_of(&p->vals[0]);
		sgf_note(c->notes, &rule_sgf_komi_read, p->pos,
			 "KO[%s] read as komi %g; the original is kept under "
			 "meta.%s", s, d, c->source);
		free(s);
	}
	return false;
}

static bool time_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	double d;
	char *s = simple_of(&p->vals[0]);
	if (real_of(&p->vals[0], &d) && d >= 0) {
		put_root(c, obj, key, number_json(d), p);
	} else if (value_time_words(s, &d)) {
		put_root(c, obj, key, number_json(d), p);
		keep_root(c, p);   /* the original words */
	} else {
		note_kept(c, p, "not a number");
	}
	free(s);
	return true;
}

static bool handicap_field(struct conv *c, json_object *obj, const char *key,
			   const struct sgf_prop *p)
{
	long long n;
	if (number_of(&p->vals[0], &n) && n >= 0 && n <= 361)
		put_root(c, obj, key, dom_int(n), p);
	else
		note_kept(c, p, "not a handicap");
	return true;
}

/* The root properties JGF has a place for: the section (a player: "black"
 * or "white") and key, and how the value is read. A reader returns false
 * when the property is kept under meta all the same. */
static const struct root_field {
	const char *id, *section, *key;
	bool (*read)(struct conv *c, json_object *obj, const char *key, const struct sgf_prop *p);
} root_fields[] = {
	{ "GN", "game", "name", simple_field },      { "ON", "game", "opening", simple_field },
	{ "AN", "game", "annotator", simple_field }, { "GC", "game", "description", text_field },
	{ "RE", "game", "result", result_field },    { "DT", "game", "date", date_field },
	{ "EV", "event", "name", simple_field },     { "PC", "event", "location", simple_field },
	{ "RO", "event", "round", simple_field },    { "SO", "source", "name", simple_field },
	{ "CP", "source", "copyright", simple_field },
	{ "US", "record", "transcriber", simple_field },
	{ "RU", "rules", "ruleset", simple_field },  { "OT", "rules", "overtime", simple_field },
	{ "KM", "rules", "komi", komi_field },       { "KO", "rules", "komi", ko_field },
	{ "TM", "rules", "time", time_field },       { "HA", "rules", "handicap", handicap_field },
	{ "PB", "black", "name", simple_field },     { "PW", "white", "name", simple_field },
	{ "BR", "black", "rank", rank_field },       { "WR", "white", "rank", rank_field },
	{ "BT", "black", "team", simple_field },     { "WT", "white", "team", simple_field },
};

/* One root property in its section; false when it is not one of them. The
 * players are /players/0 (black) and /players/1 (white): both are written
 * when either has a member. */
static bool root_property(struct conv *c, json_object *rec, const struct sgf_prop *p,
			  json_object *black, json_object *white)
{
	for (size_t i = 0; i < sizeof root_fields / sizeof *root_fields; i++) {
		const struct root_field *f = &root_fields[i];
		if (strcmp(p->id, f->id))
			continue;
		bool player = !strcmp(f->section, "black") || !strcmp(f->section, "white");
		json_object *obj = !player ? section(rec, f->section) :
				   f->section[0] == 'b' ? black : white;
		char at[32];
		snprintf(at, sizeof at, "/%s", !player ? f->section :
			 f->section[0] == 'b' ? "players/0" : "players/1");
		c->at = at;
		bool placed = f->read(c, obj, f->key, p);
		c->at = NULL;
		return placed;
	}
	return false;
}

/* ---- nodes ---- */

static json_object *coord_json(int x, int y)
{
	json_object *o = dom_object();
	dom_add(o, "x", dom_int(x));
	dom_add(o, "y", dom_int(y));
	return o;
}

/* The points of (compressed) point lists, each once, in the order given;
 * bad: a value that is no point on the board. */
struct points {
	int (*xy)[2];
	size_t len, cap;
	bool bad;
	unsigned char seen[52 * 52 / 8 + 1];   /* boards are at most 52x52 */
};

/* Adds (x, y) unless it is there already: false then. */
static bool points_add(struct points *pts, int x, int y)
{
	size_t bit = (size_t)y * 52 + (size_t)x;
	if (pts->seen[bit / 8] & (1u << (bit % 8)))
		return false;   /* a repeat adds nothing */
	pts->seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
	pts->xy = xgrow(pts->xy, &pts->cap, pts->len + 1, sizeof *pts->xy);
	pts->xy[pts->len][0] = x;
	pts->xy[pts->len++][1] = y;
	return true;
}

static void points_of(struct conv *c, const struct sgf_prop *p, struct points *pts)
{
	for (size_t i = 0; i < p->nvals; i++) {
		const struct sgf_value *v = &p->vals[i];
		const char *colon = memchr(v->raw, ':', v->len);
		int x1, y1, x2, y2;
		if (colon && point_of(v->raw, (size_t)(colon - v->raw), &x1, &y1) &&
		    point_of(colon + 1, v->len - (size_t)(colon + 1 - v->raw), &x2, &y2)) {
			if (x1 > x2) { int t = x1; x1 = x2; x2 = t; }
			if (y1 > y2) { int t = y1; y1 = y2; y2 = t; }
			if (x2 >= c->width || y2 >= c->height) {
				pts->bad = true;
				continue;
			}
			for (int x = x1; x <= x2; x++)
				for (int y = y1; y <= y2; y++)
					points_add(pts, x, y);
		} else if (!colon && point_of(v->raw, v->len, &x1, &y1) && x1 < c->width &&
			   y1 < c->height) {
			points_add(pts, x1, y1);
		} else if (v->len) {
			pts->bad = true;
		}
	}
}

static json_object *coords_json(const struct points *pts)
{
	json_object *a = dom_array();
	for (size_t i = 0; i < pts->len; i++)
		dom_push(a, coord_json(pts->xy[i][0], pts->xy[i][1]));
	return a;
}

static void add_entry(json_object **list, const char *key, const char *value, json_object *coords)
{
	if (!*list)
		*list = dom_array();
	json_object *e = dom_object();
	dom_add(e, key, dom_string(value));
	dom_add(e, "coords", coords);
	dom_push(*list, e);
}

/* What one SGF node becomes: at most a setup node then a node with the
 * move and the annotations (JGF never combines setup and a move). */
struct parts {
	json_object *setup, *turn, *move, *comments, *name, *markup, *score;
	json_object *move2;   /* a second move (B and W in one node): a node of its own */
	struct sgf_pos setup_pos, move_pos, move2_pos;
	const struct sgf_prop **kept;   /* what has no place in JGF */
	size_t nkept, kcap;
	const struct sgf_prop *time[4];   /* BL, WL, OB, OW */
};

static bool is_root_info(const char *id)
{
	static const char *const ids[] = {
		"FF", "GM", "CA", "AP", "ST", "SZ", "VW", "PB", "PW", "BR", "WR", "BT", "WT", "KM",
		"HA", "RE", "DT", "GN", "ON", "AN", "GC", "EV", "PC", "RO", "SO", "CP", "US",
		"RU", "TM", "OT", "KO", NULL
	};
	for (const char *const *p = ids; *p; p++)
		if (!strcmp(*p, id))
			return true;
	return false;
}

static void keep_part(struct parts *pt, const struct sgf_prop *p)
{
	pt->kept = xgrow(pt->kept, &pt->kcap, pt->nkept + 1, sizeof *pt->kept);
	pt->kept[pt->nkept++] = p;
}

/* B or W: the node's move (a second one in the node gets a node of its
 * own after the first). */
static void move_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	const char *id = p->id;
	int x, y;
	const struct sgf_value *v = &p->vals[0];
	if (pt->move2 || p->nvals != 1) {
		sgf_note(c->notes, &rule_sgf_two_moves, p->pos,
			 "kept under meta.%s.nodes: %s (%s)", c->source, id,
			 pt->move2 ? "a third move in one node" : "a move with several values");
		keep_part(pt, p);
		return;
	}
	bool pass = v->len == 0 || (v->len == 2 && !memcmp(v->raw, "tt", 2) &&
				    c->width <= 19 && c->height <= 19);
	json_object *m = dom_object();
	dom_add(m, "color", dom_string(id[0] == 'B' ? "black" : "white"));
	if (pass) {
		dom_add(m, "pass", dom_bool(1));
	} else if (point_of(v->raw, v->len, &x, &y) && x < c->width && y < c->height) {
		dom_add(m, "x", dom_int(x));
		dom_add(m, "y", dom_int(y));
	} else {
		json_object_put(m);
		sgf_note(c->notes, &rule_sgf_point_value, v->pos,
			 "kept under meta.%s.nodes: %s[%s] (not a point "
			 "on the %dx%d board)", c->source, id, v->raw, c->width, c->height);
		keep_part(pt, p);
		return;
	}
	if (pt->move) {
		/* SGF allows one move a node; a writer that put both
		 * (GNU Go's ;B[tt]W[tt]) meant them one after the other. */
		sgf_note(c->notes, &rule_sgf_two_moves, p->pos,
			 "repaired: a second move in one node: it gets a node "
			 "of its own after the first");
		pt->move2 = m;
		pt->move2_pos = p->pos;
	} else {
		pt->move = m;
		pt->move_pos = p->pos;
	}
}

/* AB, AW or AE: a setup entry. */
static void setup_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	const char *id = p->id;
	struct points pts = {0};
	points_of(c, p, &pts);
	if (pts.bad) {
		sgf_note(c->notes, &rule_sgf_off_board, p->pos,
			 "kept under meta.%s.nodes: %s (points off the "
			 "%dx%d board)", c->source, id, c->width, c->height);
		keep_part(pt, p);
	}
	if (pts.len) {
		add_entry(&pt->setup, "type", id[1] == 'B' ? "black" : id[1] == 'W' ? "white" : "clear",
			  coords_json(&pts));
		if (!pt->setup_pos.line)
			pt->setup_pos = p->pos;
	}
	free(pts.xy);
}

/* L (FF[1-3] labels): the points get a, b, c, ... in order. */
static void old_labels_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	struct points pts = {0};
	points_of(c, p, &pts);
	if (pts.bad || pts.len > 26) {
		sgf_note(c->notes, &rule_sgf_label_value, p->pos,
			 "kept under meta.%s.nodes: L (points off the "
			 "board, or more than 26)", c->source);
		keep_part(pt, p);
	}
	json_object *coords = dom_array();
	for (size_t j = 0; j < pts.len && j < 26; j++) {
		json_object *cj = coord_json(pts.xy[j][0], pts.xy[j][1]);
		char text[2] = { (char)('a' + j), '\0' };
		dom_add(cj, "text", dom_string(text));
		dom_push(coords, cj);
	}
	free(pts.xy);
	if (json_object_array_length(coords))
		add_entry(&pt->markup, "type", "label", coords);
	else
		json_object_put(coords);
}

/* LB: labels point:text, one a point. */
static void labels_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	json_object *coords = dom_array();
	struct points seen = {0};
	bool bad = false;
	for (size_t j = 0; j < p->nvals; j++) {
		const struct sgf_value *v = &p->vals[j];
		struct buf first = BUF_INIT;
		size_t colon;
		decode_text(&first, v->raw, v->len, true, &colon);
		int x, y;
		if (colon == SIZE_MAX || !point_of(first.data, first.len, &x, &y) ||
		    x >= c->width || y >= c->height || !points_add(&seen, x, y)) {
			bad = true;   /* no point:text, or a second label on a point */
		} else {
			json_object *pt_json = coord_json(x, y);
			struct sgf_value rest = { .raw = v->raw + colon + 1, .len = v->len - colon - 1,
						 .pos = v->pos };
			char *text = simple_of(&rest);
			if (!*text) {
				free(text);
				text = xstrdup(" ");
			}
			dom_add(pt_json, "text", dom_string(text));
			free(text);
			dom_push(coords, pt_json);
		}
		buf_free(&first);
	}
	free(seen.xy);
	if (bad) {
		sgf_note(c->notes, &rule_sgf_label_value, p->pos,
			 "kept under meta.%s.nodes: LB (labels that are "
			 "not point:text on the board, or a second label on a point)",
			 c->source);
		keep_part(pt, p);
	}
	if (json_object_array_length(coords)) {
		if (!pt->markup)
			pt->markup = dom_array();
		json_object *e = dom_object();
		dom_add(e, "type", dom_string("label"));
		dom_add(e, "coords", coords);
		dom_push(pt->markup, e);
	} else {
		json_object_put(coords);
	}
}

/* TB or TW: score points, unique across colours (the first keeps one). */
static void score_part(struct conv *c, const struct sgf_prop *p, struct parts *pt,
		       struct points *seen_score)
{
	const char *id = p->id;
	struct points pts = {0}, fresh = {0};
	points_of(c, p, &pts);
	for (size_t j = 0; j < pts.len; j++) {
		if (points_add(seen_score, pts.xy[j][0], pts.xy[j][1]))
			points_add(&fresh, pts.xy[j][0], pts.xy[j][1]);
		else
			pts.bad = true;
	}
	if (pts.bad) {
		sgf_note(c->notes, &rule_sgf_off_board, p->pos,
			 "kept under meta.%s.nodes: %s (points off the "
			 "board or territory of both colours)", c->source, id);
		keep_part(pt, p);
	}
	if (fresh.len)
		add_entry(&pt->score, "color", id[1] == 'B' ? "black" : "white", coords_json(&fresh));
	free(pts.xy);
	free(fresh.xy);
}

/* CR, TR, SQ, MA, SL, M: markup of that type; false for another property. */
static bool mark_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	static const struct { const char *id, *type; } marks[] = {
		{ "CR", "circle" }, { "TR", "triangle" }, { "SQ", "square" }, { "MA", "mark" },
		{ "SL", "selected" }, { "M", "mark" },
	};
	for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
		if (strcmp(p->id, marks[k].id))
			continue;
		struct points pts = {0};
		points_of(c, p, &pts);
		if (pts.bad) {
			sgf_note(c->notes, &rule_sgf_off_board, p->pos,
				 "kept under meta.%s.nodes: %s (points "
				 "off the board)", c->source, p->id);
			keep_part(pt, p);
		}
		if (pts.len) {
			if (!pt->markup)
				pt->markup = dom_array();
			add_entry(&pt->markup, "type", marks[k].type, coords_json(&pts));
		}
		free(pts.xy);
		return true;
	}
	return false;
}

/* BL, WL, OB, OW: time left, on the move of the same colour. */
static void time_parts(struct parts *pt)
{
	for (int k = 0; k < 4; k++) {
		const struct sgf_prop *p = pt->time[k];
		if (!p)
			continue;
		json_object *move = NULL;
		for (int i = 0; i < 2 && !move; i++) {
			json_object *m = i ? pt->move2 : pt->move;
			const char *color = m ? json_object_get_string(
				json_object_object_get(m, "color")) : "";
			if (color[0] && (k % 2 == 0) == (color[0] == 'b'))
				move = m;
		}
		double d;
		long long count;
		if (move && k < 2 && real_of(&p->vals[0], &d) && d >= 0)
			dom_add(move, "timeLeft", number_json(d));
		else if (move && k >= 2 && number_of(&p->vals[0], &count) && count >= 0)
			dom_add(move, "periodsLeft", dom_int(count));
		else
			keep_part(pt, p);
	}
}

/* What a node's properties become in JGF, part by part. */
static void node_parts(struct conv *c, const struct sgf_node *n, bool root, struct parts *pt)
{
	struct points seen_score = {0};
	*pt = (struct parts){0};
	for (size_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		const char *id = p->id;
		if (root && is_root_info(id))
			continue;
		if (!strcmp(id, "B") || !strcmp(id, "W")) {
			move_part(c, p, pt);
		} else if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE")) {
			setup_part(c, p, pt);
		} else if (!strcmp(id, "PL")) {
			char *s = simple_of(&p->vals[0]);
			const char *turn = !strcmp(s, "B") || !strcmp(s, "1") ? "black" :
					   !strcmp(s, "W") || !strcmp(s, "2") ? "white" : NULL;
			if (turn)
				pt->turn = dom_string(turn);
			else
				keep_part(pt, p);
			free(s);
		} else if (!strcmp(id, "C")) {
			if (!pt->comments)
				pt->comments = dom_array();
			for (size_t j = 0; j < p->nvals; j++) {
				char *s = text_of(&p->vals[j], false);
				dom_push(pt->comments, dom_string(s));
				free(s);
			}
		} else if (!strcmp(id, "N")) {
			char *s = simple_of(&p->vals[0]);
			pt->name = dom_string(s);
			free(s);
			if (p->nvals > 1)
				keep_part(pt, p);
		} else if (!strcmp(id, "L")) {
			old_labels_part(c, p, pt);
		} else if (!strcmp(id, "LB")) {
			labels_part(c, p, pt);
		} else if (!strcmp(id, "TB") || !strcmp(id, "TW")) {
			score_part(c, p, pt, &seen_score);
		} else if (!mark_part(c, p, pt)) {
			int k = !strcmp(id, "BL") ? 0 : !strcmp(id, "WL") ? 1 :
				!strcmp(id, "OB") ? 2 : !strcmp(id, "OW") ? 3 : -1;
			if (k >= 0)
				pt->time[k] = p;
			else
				keep_part(pt, p);
		}
	}
	free(seen_score.xy);
	time_parts(pt);
}

/* ---- the tree, written as it is converted ----
 *
 * A long game's record was held whole as a DOM (about 860 bytes a move)
 * and written indented, 7 lines a move: each node is now written as it is
 * made, on one line, and freed. Variations are indented 2 spaces a level up
 * to MAX_INDENT_LEVEL, no further: indentation that grows with the depth
 * made a deep tree's record grow with the square of its depth. Variations
 * nested deeper than CONVERT_FLAT_DEPTH (no game's, nor a dictionary's)
 * are written on one line: 2,000 of them, 32 KB of SGF, make 270 KB.
 *
 *     "tree": [
 *       { },
 *       { "move": { "color": "black", "x": 15, "y": 3 } },
 *       { "variations": [ [
 *         { "move": { "color": "white", "x": 2, "y": 3 } }
 *       ], [
 *         { "move": { "color": "white", "x": 3, "y": 2 } }
 *       ] ] }
 *     ]
 */
#define MAX_INDENT_LEVEL 6

/* A sequence of nodes being written: how many so far, at what level. */
struct seq {
	size_t count, level;
};

static void new_line(struct conv *c, size_t level)
{
	if (c->depth > CONVERT_FLAT_DEPTH) {
		buf_addc(c->out, ' ');
		return;
	}
	buf_addc(c->out, '\n');
	for (size_t i = 0; i < 2 + 2 * (level < MAX_INDENT_LEVEL ? level : MAX_INDENT_LEVEL); i++)
		buf_addc(c->out, ' ');
}

static void node_pointer(struct conv *c, const struct seq *seq, struct buf *out)
{
	buf_truncate(out, 0);
	buf_add(out, c->ptr.data, c->ptr.len);
	buf_printf(out, "/%zu", seq->count);
}

/* The JSON nesting of v (v itself counts 1), and the points in it. */
static size_t node_extent(json_object *v, int extent[4])
{
	size_t deepest = 0;
	if (json_object_is_type(v, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			size_t d = node_extent(json_object_array_get_idx(v, i), extent);
			deepest = d > deepest ? d : deepest;
		}
	} else if (json_object_is_type(v, json_type_object)) {
		json_object *x, *y;
		if (json_object_object_get_ex(v, "x", &x) && json_object_object_get_ex(v, "y", &y)) {
			int px = json_object_get_int(x), py = json_object_get_int(y);
			extent[0] = px < extent[0] ? px : extent[0];
			extent[1] = py < extent[1] ? py : extent[1];
			extent[2] = px > extent[2] ? px : extent[2];
			extent[3] = py > extent[3] ? py : extent[3];
		}
		json_object_object_foreach(v, key, val) {
			(void)key;
			size_t d = node_extent(val, extent);
			deepest = d > deepest ? d : deepest;
		}
	} else {
		return 0;
	}
	return deepest + 1;
}

/* Writes node (and frees it) as the next of seq, from pos in the source. */
static void add_node(struct conv *c, struct seq *seq, json_object *node, struct sgf_pos pos)
{
	struct buf p = BUF_INIT;
	node_pointer(c, seq, &p);
	posmap_add(c->map, p.data, pos);
	buf_free(&p);
	size_t depth = c->json_depth + node_extent(node, c->extent) - 1;
	if (depth > c->deepest)
		c->deepest = depth;
	if (seq->count)
		buf_addc(c->out, ',');
	new_line(c, seq->level);
	size_t len;
	const char *json = dom_json(node, JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE,
				    &len);
	/* The same values, with no invisible character raw in the record a
	 * terminal (--output -) or an editor shows. */
	json_escape_invisible(c->out, json, len);
	json_object_put(node);
	seq->count++;
}

static void put(json_object *node, const char *key, json_object *v)
{
	if (v)
		dom_add(node, key, v);
}

/* Emits the JGF nodes of one SGF node into seq: a setup node before the
 * node with the move when the SGF node has both (JGF never combines them),
 * and no move in the root node (the first node of the tree). */
static void emit(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root)
{
	struct parts pt;
	node_parts(c, n, root, &pt);
	struct sgf_pos setup_pos = pt.setup_pos.line ? pt.setup_pos : n->pos;
	/* PL beside a move of the other colour says who plays after it (as
	 * editors write it: W[mo]PL[B]); beside its own colour, before it. */
	json_object *turn_after = NULL;
	json_object *last = pt.move2 ? pt.move2 : pt.move;
	if (pt.turn && last &&
	    strcmp(json_object_get_string(pt.turn),
		   json_object_get_string(json_object_object_get(last, "color")))) {
		turn_after = pt.turn;
		pt.turn = NULL;
	}
	json_object *node = dom_object();
	struct sgf_pos pos = n->pos;
	if ((pt.setup || pt.turn || root) && pt.move) {
		put(node, "setup", pt.setup);
		put(node, "turn", pt.turn);
		add_node(c, seq, node, setup_pos);
		node = dom_object();
	} else {
		put(node, "setup", pt.setup);
		put(node, "turn", pt.turn);
		if (pt.setup || pt.turn)
			pos = setup_pos;
	}
	if (pt.move) {
		dom_add(node, "move", pt.move);
		pos = pt.move_pos;
	}
	put(node, "name", pt.name);
	put(node, "comments", pt.comments);
	put(node, "markup", pt.markup);
	put(node, "score", pt.score);
	struct buf p = BUF_INIT;
	if (!root && !pt.nkept && !json_object_object_length(node)) {
		json_object_put(node);   /* an empty SGF node carries nothing */
	} else {
		node_pointer(c, seq, &p);
		add_node(c, seq, node, pos);
	}
	if (pt.move2) {
		json_object *m = dom_object();
		dom_add(m, "move", pt.move2);
		add_node(c, seq, m, pt.move2_pos);
	}
	if (turn_after) {
		json_object *t = dom_object();
		dom_add(t, "turn", turn_after);
		add_node(c, seq, t, sgf_prop_find(n, "PL")->pos);
	}
	/* What has no place: the root's under meta itself, a node's by pointer. */
	for (size_t i = 0; i < pt.nkept; i++) {
		if (!pt.kept[i])
			continue;
		if (root)
			keep_root(c, pt.kept[i]);
		else
			keep_node(c, p.data ? p.data : "", pt.kept[i]);
	}
	free(pt.kept);
	buf_free(&p);
}

/* Deeper variations than this are not nested further (see MAX_NESTING in
 * sgf.c): the JSON depth the scanner accepts bounds what a record holds. */
#define MAX_VARIATION_DEPTH 2000

static void convert_line(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root);

/* The variations node after a node with several children: each variation
 * of empty nodes only is left out, and the node when all of them are. */
static void convert_variations(struct conv *c, const struct sgf_node *n, struct seq *seq)
{
	size_t mark = c->out->len, ptr_mark = c->ptr.len;
	if (seq->count)
		buf_addc(c->out, ',');
	new_line(c, seq->level);
	buf_adds(c->out, "{ \"variations\": [ ");
	buf_printf(&c->ptr, "/%zu/variations", seq->count);
	struct buf vnode = BUF_INIT;
	node_pointer(c, seq, &vnode);
	posmap_add(c->map, vnode.data, n->kids[0]->pos);
	buf_free(&vnode);
	c->depth++;
	if (c->depth > c->deepest_variation)
		c->deepest_variation = c->depth;
	c->json_depth += 3;   /* the node, its variations, a variation */
	size_t kept = 0;
	for (size_t i = 0; i < n->nkids; i++) {
		size_t vmark = c->out->len, vptr = c->ptr.len;
		if (kept) {
			new_line(c, seq->level);
			buf_adds(c->out, "], ");
		}
		buf_addc(c->out, '[');
		buf_printf(&c->ptr, "/%zu", kept);
		struct seq var = { 0, seq->level + 1 };
		convert_line(c, n->kids[i], &var, false);
		buf_truncate(&c->ptr, vptr);
		if (var.count)
			kept++;
		else
			buf_truncate(c->out, vmark);   /* a variation of empty nodes only */
	}
	c->json_depth -= 3;
	c->depth--;
	buf_truncate(&c->ptr, ptr_mark);
	if (!kept) {
		buf_truncate(c->out, mark);
		return;
	}
	new_line(c, seq->level);
	buf_adds(c->out, "] ] }");
	seq->count++;
}

static void convert_line(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root)
{
	while (n) {
		emit(c, n, seq, root);
		root = false;
		if (n->nkids == 1 || (n->nkids > 1 && c->depth >= MAX_VARIATION_DEPTH)) {
			n = n->kids[0];
			continue;
		}
		if (n->nkids)
			convert_variations(c, n, seq);
		return;
	}
}

static bool board_size(struct conv *c, const struct sgf_prop *sz, json_object *board)
{
	c->width = c->height = 19;
	if (!sz) {
		dom_add(board, "size", dom_int(19));
		return true;
	}
	char *s = simple_of(&sz->vals[0]);
	char *colon = strchr(s, ':');
	struct sgf_value w = { .raw = s, .len = colon ? (size_t)(colon - s) : strlen(s) };
	long long a, b;
	char tmp[32];
	snprintf(tmp, sizeof tmp, "%.*s", (int)(w.len < 31 ? w.len : 31), s);
	struct sgf_value wv = { .raw = tmp, .len = strlen(tmp), .pos = sz->pos };
	bool ok = number_of(&wv, &a);
	b = a;
	if (ok && colon) {
		struct sgf_value hv = { .raw = colon + 1, .len = strlen(colon + 1), .pos = sz->pos };
		ok = number_of(&hv, &b);
	}
	free(s);
	if (!ok || a < 1 || b < 1 || a > 52 || b > 52) {
		sgf_note(c->notes, &rule_sgf_board_size, sz->pos,
			 "SZ is not a board size from 1 to 52: the board is read "
			 "as 19x19 and SZ kept under meta.sgf");
		dom_add(board, "size", dom_int(19));
		return false;
	}
	c->width = (int)a, c->height = (int)b;
	if (a == b) {
		dom_add(board, "size", dom_int((int)a));
	} else {
		dom_add(board, "width", dom_int((int)a));
		dom_add(board, "height", dom_int((int)b));
	}
	return true;
}

/* VW (FF[4]: the part of the board shown) as JGF's cut-offs, when it is one
 * rectangle that hides no stone, move or mark; else it is kept. */
static void view(struct conv *c, const struct sgf_prop *vw, json_object *board)
{
	const struct sgf_value *v = &vw->vals[0];
	const char *colon = memchr(v->raw, ':', v->len);
	int x1, y1, x2, y2;
	if (vw->nvals == 1 && v->len == 0)
		return;   /* VW[]: the whole board */
	if (vw->nvals != 1 || !colon || !point_of(v->raw, (size_t)(colon - v->raw), &x1, &y1) ||
	    !point_of(colon + 1, v->len - (size_t)(colon + 1 - v->raw), &x2, &y2) ||
	    x1 > x2 || y1 > y2 || x2 >= c->width || y2 >= c->height) {
		note_kept(c, vw, "not one rectangle of the board");
		return;
	}
	const int *e = c->extent;   /* the points of the tree written */
	if (e[0] <= e[2] && (e[0] < x1 || e[1] < y1 || e[2] > x2 || e[3] > y2)) {
		note_kept(c, vw, "the view would hide stones, moves or marks");
		return;
	}
	static const char *const keys[] = { "cutOffTop", "cutOffBottom", "cutOffLeft", "cutOffRight" };
	int cut[] = { y1, c->height - 1 - y2, x1, c->width - 1 - x2 };
	for (int i = 0; i < 4; i++)
		if (cut[i])
			dom_add(board, keys[i], dom_int(cut[i]));
}

/* Whether the record names a professional body (日本棋院, 한국기원) or,
 * in its event, game name or round, a professional tournament (춘란배,
 * 三星杯: value_pro_event; *event says which), so that a dan it does not
 * mark professional or amateur is read as a professional's: a guess, made
 * only where nothing in the record says otherwise. A server's record
 * (Tygem's GIB, WBaduk's NGF) and a handicap game are amateurs' (a place
 * that is a server, 台灣棋院棋城網, names no body: value_pro_source), and
 * so is a rank a server marks (5단*: value_rank). */
static bool names_pro_body(const struct sgf_node *root, const char *source, bool *event)
{
	*event = false;
	if (!strcmp(source, "gib") || !strcmp(source, "ngf"))
		return false;
	const struct sgf_prop *ha = sgf_prop_find(root, "HA");
	long long handicap;
	if (ha && ha->nvals && number_of(&ha->vals[0], &handicap) && handicap >= 1)
		return false;
	static const char *const sources[] = { "EV", "PC", "SO", "GN", "CP", "AN", "US", "TE", NULL };
	bool named = false;
	for (const char *const *id = sources; *id && !named; id++) {
		const struct sgf_prop *p = sgf_prop_find(root, *id);
		for (size_t i = 0; p && i < p->nvals && !named; i++) {
			char *s = simple_of(&p->vals[i]);
			named = value_pro_source(s);
			if (!named && (!strcmp(*id, "EV") || !strcmp(*id, "GN") || !strcmp(*id, "TE")))
				named = *event = value_pro_event(s);
			free(s);
		}
	}
	return named;
}

/* The record's text: its sections as json-c writes them (indented), then
 * the tree written node by node, which out holds (and keeps: a long game's
 * tree is not copied); *depth gets the sections' JSON nesting. */
static void write_record(struct buf *out, json_object *rec, size_t *depth)
{
	int unused[4] = { 0 };
	*depth = node_extent(rec, unused);
	size_t len;
	const char *json = dom_json(rec, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
				    JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	while (len && json[len - 1] != '}')   /* "{\n  ...\n}": the tree goes before the } */
		len--;
	if (len)
		len--;
	while (len && (json[len - 1] == '\n' || json[len - 1] == ' '))
		len--;
	struct buf head = BUF_INIT;
	json_escape_invisible(&head, json, len);
	json_object_put(rec);
	buf_adds(&head, ",\n  \"tree\": [");
	static const char tail[] = "\n  ]\n}\n";
	size_t tree = out->len;
	buf_reserve(out, head.len + sizeof tail);
	memmove(out->data + head.len, out->data, tree);
	memcpy(out->data, head.data, head.len);
	out->len = head.len + tree;
	buf_adds(out, tail);
	buf_free(&head);
}

bool convert_game(const struct sgf_node *root, const char *source, struct sgf_notes *notes,
		  struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		  size_t *nesting)
{
	struct conv c = { .notes = notes, .map = map, .kept = kept, .source = source, .out = out,
			  .json_depth = 3, .extent = { INT_MAX, INT_MAX, INT_MIN, INT_MIN } };
	const struct sgf_prop *gm = sgf_prop_find(root, "GM");
	long long game_type;
	if (gm && number_of(&gm->vals[0], &game_type) && game_type != 1) {
		sgf_note(notes, &rule_sgf_not_go, gm->pos,
			 "GM[%lld] is not Go (GM[1]): this game is not converted",
			 game_type);
		return false;
	}
	json_object *rec = dom_object();
	json_object *record = section(rec, "record");
	dom_add(record, "format", dom_string("JGF"));
	dom_add(record, "version", dom_int(2));
	dom_add(record, "charset", dom_string("UTF-8"));
	dom_add(record, "generator",
			       dom_string("jgflint " PACKAGE_VERSION " --convert"));
	json_object *game = section(rec, "game");
	dom_add(game, "type", dom_string("go"));
	c.meta = dom_object();
	c.meta_nodes = dom_object();
	/* Sections first in the order of the spec; empty ones go at the end. */
	section(rec, "players");
	json_object *board = dom_object();
	const struct sgf_prop *sz = sgf_prop_find(root, "SZ");
	if (!board_size(&c, sz, board))
		keep_root(&c, sz);
	json_object *black = dom_object(), *white = dom_object();
	dom_add(black, "color", dom_string("black"));
	dom_add(white, "color", dom_string("white"));
	/* What ranks and KO are read with: who the record comes from, and KM. */
	c.has_km = sgf_prop_find(root, "KM") != NULL;
	c.pro_source = names_pro_body(root, source, &c.pro_event);
	for (size_t i = 0; i < root->nprops; i++) {
		const struct sgf_prop *p = &root->props[i];
		if (!strcmp(p->id, "SZ") || !strcmp(p->id, "VW") || !is_root_info(p->id))
			continue;
		if (!p->nvals || !root_property(&c, rec, p, black, white))
			keep_root(&c, p);
		else if (p->nvals > 1)
			note_kept(&c, p, "more than one value");
	}
	json_object *players = dom_array();
	if (json_object_object_length(black) > 1 || json_object_object_length(white) > 1) {
		dom_push(players, black);
		dom_push(players, white);
	} else {
		json_object_put(black);
		json_object_put(white);
	}
	dom_add(rec, "players", players);
	dom_add(rec, "board", board);
	buf_adds(&c.ptr, "/tree");
	struct seq seq = { 0, 1 };
	convert_line(&c, root, &seq, true);
	buf_free(&c.ptr);
	const struct sgf_prop *vw = sgf_prop_find(root, "VW");
	if (vw)
		view(&c, vw, board);   /* before meta is assembled: it may keep VW */
	/* Drop the sections that stayed empty (players last: after the walk). */
	if (!json_object_array_length(players))
		json_object_object_del(rec, "players");
	static const char *const sections[] = { "source", "event", "rules", NULL };
	for (const char *const *s = sections; *s; s++) {
		json_object *o;
		if (json_object_object_get_ex(rec, *s, &o) && !json_object_object_length(o))
			json_object_object_del(rec, *s);
	}
	if (json_object_object_length(c.meta_nodes))
		dom_add(c.meta, "nodes", c.meta_nodes);
	else
		json_object_put(c.meta_nodes);
	if (json_object_object_length(c.meta)) {
		json_object *meta = dom_object();
		dom_add(meta, source, c.meta);
		dom_add(rec, "meta", meta);
	} else {
		json_object_put(c.meta);
	}
	write_record(out, rec, depth);
	if (c.deepest > *depth)
		*depth = c.deepest;
	*nesting = c.deepest_variation;
	return true;
}
