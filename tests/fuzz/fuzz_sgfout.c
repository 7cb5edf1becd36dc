/* libFuzzer target: what `--to sgf` writes, jgflint reads back with the same
 * games (issue 47: nodes, moves and values kept aside vanished from SGF
 * output). The bytes are read as an SGF file (any format the converter
 * sniffs) through the public API (and the pipeline's sgf_ident_ok, the
 * names the writer writes): jgf_convert gives each game's JGF record,
 * jgf_convert_to(..., "sgf") each game's SGF; that SGF converted again must
 * give one record whose moves, in the order of the tree (variations
 * included, passes and colours), and whose values kept under
 * meta.sgf.nodes (node after node) are the first record's, as the reader
 * reads a point or a label (beside them, values the board holds written
 * into a property kept whole). Built by `make
 * fuzz`; a crash, a leak, a sanitizer report, a game not written or a move
 * or kept value lost or changed on the way is a bug. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "convert/sgfprops.h"
#include "convert/sgfwrite.h"
#include "lib/jgflint.h"

static void die(const char *why, const char *a, const char *b)
{
	fprintf(stderr, "%s\n--- first read:\n%.2000s\n--- read back:\n%.2000s\n", why, a ? a : "",
		b ? b : "");
	abort();
}

struct text {
	char *data;
	size_t len, cap;
};

static void add(struct text *t, const char *s)
{
	size_t n = strlen(s);
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->data = realloc(t->data, t->cap);
		if (!t->data)
			abort();
	}
	memcpy(t->data + t->len, s, n + 1);
	t->len += n;
}

/* Every "move" object of v, depth first in the order written: "b3,4 ",
 * "wpass ". */
static void moves(json_object *v, struct text *out)
{
	if (json_object_is_type(v, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(v); i++)
			moves(json_object_array_get_idx(v, i), out);
	} else if (json_object_is_type(v, json_type_object)) {
		json_object_object_foreach(v, key, val) {
			if (!strcmp(key, "move") && json_object_is_type(val, json_type_object)) {
				json_object *c, *x, *y, *pass;
				char one[80];
				const char *color = json_object_object_get_ex(val, "color", &c) ?
						    json_object_get_string(c) : "?";
				if (json_object_object_get_ex(val, "pass", &pass) &&
				    json_object_get_boolean(pass))
					snprintf(one, sizeof one, "%.1s pass ", color);
				else
					snprintf(one, sizeof one, "%.1s%d,%d ", color,
						 json_object_object_get_ex(val, "x", &x) ?
						 json_object_get_int(x) : -1,
						 json_object_object_get_ex(val, "y", &y) ?
						 json_object_get_int(y) : -1);
				add(out, one);
			} else if (!strcmp(key, "tree")) {
				moves(val, out);
			} else if (!strcmp(key, "variations")) {
				moves(val, out);
			}
		}
	}
}

static int by_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether property id's value v is one the SGF writer writes and its reader
 * reads back: not empty (PL[][]: empty values the writer leaves out, said)
 * and a name SGF can hold ("B[9]@B[x" from SGF-in-JSON: left out, said). */
static bool kept_written(const char *id, json_object *v)
{
	if (!sgf_ident_ok(id))
		return false;
	size_t k = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
	for (size_t j = 0; j < k; j++) {
		json_object *e = json_object_is_type(v, json_type_array) ? json_object_array_get_idx(v, j) : v;
		if (json_object_get_string(e) && *json_object_get_string(e))
			return true;
	}
	return false;
}

/* How many nodes of meta.sgf.nodes have a value kept_written, the first
 * max of them in out, in the order read (the writer may give a node's setup
 * and move nodes of their own, so the nodes' pointers are not compared). */
static size_t kept_nodes(json_object *root, json_object **out, size_t max)
{
	json_object *meta, *sgf, *nodes;
	size_t n = 0;
	if (!json_object_object_get_ex(root, "meta", &meta) ||
	    !json_object_object_get_ex(meta, "sgf", &sgf) ||
	    !json_object_object_get_ex(sgf, "nodes", &nodes) ||
	    !json_object_is_type(nodes, json_type_object))
		return 0;
	json_object_object_foreach(nodes, ptr, props) {
		(void)ptr;
		if (!json_object_is_type(props, json_type_object))
			continue;
		bool any = false;
		json_object_object_foreach(props, id, v)
			any |= kept_written(id, v);
		if (any && n++ < max)
			out[n - 1] = props;
	}
	return n;
}

static const char *value_at(json_object *v, size_t j)
{
	json_object *e = json_object_is_type(v, json_type_array) ? json_object_array_get_idx(v, j) : v;
	return json_object_get_string(e) ? json_object_get_string(e) : "";
}

static size_t value_count(json_object *v)
{
	return json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
}

/* A point ("dd"), a compressed list ("aa:cc") or a label ("dd:A"): a value
 * the board holds, which the writer writes into a property kept whole for a
 * value beside it it could not read (L[gg]LB[jj:A][19], an FF[3] label
 * beside a kept LB, is written LB[gg:a][jj:A][19], and read back the whole
 * LB is kept with gg:a in it). */
static bool board_shaped(const char *id, const char *s)
{
	bool two = ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) &&
		   ((s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z'));
	if (!two)
		return false;
	if (!strcmp(id, "LB"))
		return s[2] == ':';
	return s[2] == '\0' || (s[2] == ':' && board_shaped("", s + 3) && s[5] == '\0');
}

/* Value s as the reader reads a point or a label when that is one the board
 * holds (each side of its first ':' trimmed of blanks and line breaks, those
 * inside as spaces: "jj: x " is "jj:x"), else s itself; in out (cap bytes). */
static const char *as_read(const char *id, const char *s, char *out, size_t cap)
{
	const char *colon = strchr(s, ':');
	size_t k = 0, len = strlen(s);
	size_t parts[2][2] = { { 0, colon ? (size_t)(colon - s) : len }, { colon ? (size_t)(colon - s) + 1 : 0, len } };
	for (int p = 0; p < (colon ? 2 : 1); p++) {
		size_t a = parts[p][0], b = parts[p][1];
		while (a < b && strchr(" \t\r\n", s[a]))
			a++;
		while (b > a && strchr(" \t\r\n", s[b - 1]))
			b--;
		if (p && k + 1 < cap)
			out[k++] = ':';
		for (size_t i = a; i < b && k + 1 < cap; i++)
			out[k++] = strchr("\t\r\n", s[i]) ? ' ' : s[i];
	}
	out[k] = '\0';
	return k + 1 < cap && board_shaped(id, out) ? out : s;
}

/* Game information FF[4] holds once, read with several values in a node,
 * is written as the datum of its first value (RE[?] where it reads none)
 * and the property whole in that node's GC (values that each say nothing,
 * empty or blank: as one, its first alone, REVIEW.md R105), and GC of several values as
 * one text (tests/roundtrip_same.cjs's severalInfo, the same rule; FF[4]
 * holds once: sgfw_one_info, FF[3]'s ID[a][b] too): whether
 * b's kept id bv (NULL: none) is a's av so written, its values all in b's
 * GC; or, id GC, whether b's GC holds each of a's GC values (av; NULL:
 * none) and each such property of a. */
static bool in_gc(json_object *b, const char *id, json_object *av)
{
	json_object *gc;
	if (!json_object_object_get_ex(b, "GC", &gc) || value_count(gc) != 1)
		return false;
	const char *text = value_at(gc, 0);
	char head[16];
	snprintf(head, sizeof head, "%s[", id);
	if (!strstr(text, head))
		return false;
	for (size_t j = 0; j < value_count(av); j++)
		if (!strstr(text, value_at(av, j)))
			return false;
	return true;
}

/* Whether each of the values of v is empty or blank (says nothing). */
static bool says_nothing(json_object *v)
{
	for (size_t j = 0; j < value_count(v); j++) {
		const char *s = value_at(v, j);
		if (s && s[strspn(s, " \t\r\n")])
			return false;
	}
	return true;
}

static bool several_info(json_object *a, json_object *b, const char *id, json_object *av,
			 json_object *bv)
{
	if (sgfw_one_info(id) && value_count(av) > 1 && says_nothing(av))
		return !bv || (value_count(bv) == 1 && !strcmp(value_at(bv, 0), value_at(av, 0)));
	if (strcmp(id, "GC"))
		return sgfw_one_info(id) && value_count(av) > 1 &&
		       (!bv || value_count(bv) == 1) && in_gc(b, id, av);
	if (value_count(bv) != 1)
		return false;
	const char *text = value_at(bv, 0);
	bool any = av && value_count(av) > 1;
	for (size_t j = 0; av && j < value_count(av); j++)
		if (!strstr(text, value_at(av, j)))
			return false;
	json_object_object_foreach(a, aid, v) {
		if (!kept_written(aid, v) || !sgfw_one_info(aid) ||
		    value_count(v) < 2 || says_nothing(v))
			continue;
		if (!in_gc(b, aid, v))
			return false;
		any = true;
	}
	return any;
}

/* Whether what b kept of a node is what a kept: the same properties, each
 * of a's values among b's (as the reader reads it: the writer writes the
 * board's values of a property kept whole first, then the rest; a point or
 * label the board holds once however often kept), b's others board_shaped. */
static bool kept_node_same(json_object *a, json_object *b)
{
	json_object_object_foreach(a, aid, av) {
		json_object *bv;
		if (kept_written(aid, av) &&
		    (!json_object_object_get_ex(b, aid, &bv) || !kept_written(aid, bv)) &&
		    !several_info(a, b, aid, av, NULL))
			return false;
	}
	json_object_object_foreach(b, bid, bv) {
		json_object *av;
		if (!kept_written(bid, bv))
			continue;
		if (!strcmp(bid, "GC") && several_info(a, b, bid,
			json_object_object_get_ex(a, bid, &av) && kept_written(bid, av) ? av : NULL, bv))
			continue;
		if (!json_object_object_get_ex(a, bid, &av) || !kept_written(bid, av)) {
			/* nothing kept first (LB[] read, the board's L[dd]): the
			 * board's values written with an empty one kept */
			char z[512];
			for (size_t j = 0; j < value_count(bv); j++) {
				const char *v = as_read(bid, value_at(bv, j), z, sizeof z);
				if (*v && !board_shaped(bid, v))
					return false;
			}
			continue;
		}
		if (several_info(a, b, bid, av, bv))
			continue;
		size_t na = value_count(av), nb = value_count(bv);
		bool *used = calloc(nb + 1, sizeof *used);
		bool same = used != NULL;
		char x[512], y[512];
		for (size_t i = 0; same && i < na; i++) {
			const char *want = as_read(bid, value_at(av, i), x, sizeof x);
			size_t j = 0;
			while (j < nb && (used[j] || strcmp(want, as_read(bid, value_at(bv, j), y, sizeof y))))
				j++;
			if (j < nb) {
				used[j] = true;
				continue;
			}
			/* a second copy of a point or label the board holds
			 * (LB[jj:A][1][jj:A] kept whole) is the first's */
			j = 0;
			while (j < nb && strcmp(want, as_read(bid, value_at(bv, j), y, sizeof y)))
				j++;
			same = j < nb && board_shaped(bid, want);
		}
		for (size_t j = 0; same && j < nb; j++)
			same = used[j] || board_shaped(bid, as_read(bid, value_at(bv, j), y, sizeof y));
		free(used);
		if (!same)
			return false;
	}
	return true;
}

/* Whether node n keeps only values the board holds, or empty ones (LB[]
 * beside the board's L[dd], written LB[dd:a][], read back kept whole). */
static bool board_only(json_object *n)
{
	char z[512];
	json_object_object_foreach(n, id, v) {
		if (!kept_written(id, v))
			continue;
		for (size_t j = 0; j < value_count(v); j++) {
			const char *s = as_read(id, value_at(v, j), z, sizeof z);
			if (*s && !board_shaped(id, s))
				return false;
		}
	}
	return true;
}

/* Node by node, b's nodes that keep only the board's values between. */
static bool kept_same(json_object *a, json_object *b)
{
	static json_object *an[4096], *bn[4096];
	size_t na = kept_nodes(a, an, 4096), nb = kept_nodes(b, bn, 4096), i = 0, j = 0;
	if (na > 4096 || nb > 4096)
		return na == nb;   /* (not compared: more than the harness holds) */
	while (i < na || j < nb) {
		if (i < na && j < nb && kept_node_same(an[i], bn[j]))
			i++, j++;
		else if (j < nb && board_only(bn[j]))
			j++;
		else
			return false;
	}
	return true;
}

/* The values kept, node after node, each node's properties by name, for
 * the message: "AB[aa][zz] B[tt;)] | ...". */
static void kept_values(json_object *root, struct text *out)
{
	static json_object *nodes[4096];
	size_t count = kept_nodes(root, nodes, 4096);
	for (size_t m = 0; m < count && m < 4096; m++) {
		const char *ids[1024];
		size_t n = 0;
		json_object_object_foreach(nodes[m], id, v) {
			if (kept_written(id, v) && n < sizeof ids / sizeof *ids)
				ids[n++] = id;
		}
		qsort(ids, n, sizeof *ids, by_key);
		for (size_t i = 0; i < n; i++) {
			json_object *v = json_object_object_get(nodes[m], ids[i]);
			add(out, ids[i]);
			for (size_t j = 0; j < value_count(v); j++) {
				add(out, "[");
				add(out, value_at(v, j));
				add(out, "]");
			}
			add(out, " ");
		}
		add(out, "| ");
	}
}

static json_object *parse(const char *text, size_t len)
{
	json_tokener *tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH * 1000);
	json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)len) : NULL;
	json_tokener_free(tok);
	return root;
}

/* The moves of a JGF record, then the values it kept in its nodes. */
static char *record_moves(json_object *root)
{
	struct text t = { 0 };
	add(&t, "");
	moves(root, &t);
	add(&t, "\nkept: ");
	kept_values(root, &t);
	return t.data;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	jgf_conversion *jgf = jgf_convert("game.sgf", (const char *)data, size);
	jgf_conversion *sgf = jgf_convert_to("game.sgf", (const char *)data, size, "sgf");
	if (!jgf || !sgf)
		abort();   /* memory: never, under libFuzzer's limit */
	size_t games = jgf_conversion_count(jgf);
	size_t b = size >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3) ? 3 : 0;   /* a BOM */
	while (b < size && data[b] && strchr(" \t\r\n", data[b]))
		b++;
	if (!games && b < size && data[b] == '{') {
		/* JSON no reader converts (OGS's shape broken): --to sgf reads it
		 * as the JGF record it may be, --convert has nothing to write */
		jgf_conversion_free(jgf);
		jgf_conversion_free(sgf);
		return 0;
	}
	if (jgf_conversion_count(sgf) != games)
		die("--to sgf wrote another number of games than --convert",
		    jgf_conversion_messages(jgf), jgf_conversion_messages(sgf));
	for (size_t i = 0; i < games; i++) {
		size_t len, back_len;
		const char *record = jgf_conversion_text(jgf, i, &len);
		const char *written = jgf_conversion_text(sgf, i, &back_len);
		jgf_conversion *again = jgf_convert("back.sgf", written, back_len);
		if (!again)
			abort();
		if (jgf_conversion_count(again) != 1)
			die("the SGF written does not read back as one game", written,
			    jgf_conversion_messages(again));
		const char *back = jgf_conversion_text(again, 0, &back_len);
		json_object *first = parse(record, len), *second = parse(back, back_len);
		struct text ma = { 0 }, mb = { 0 };
		add(&ma, "");
		add(&mb, "");
		moves(first, &ma);
		moves(second, &mb);
		if (strcmp(ma.data, mb.data) || !kept_same(first, second)) {
			char *a = record_moves(first), *b = record_moves(second);
			die("the SGF written reads back with other moves or kept values", a, b);
		}
		free(ma.data);
		free(mb.data);
		json_object_put(first);
		json_object_put(second);
		jgf_conversion_free(again);
	}
	jgf_conversion_free(jgf);
	jgf_conversion_free(sgf);
	return 0;
}
