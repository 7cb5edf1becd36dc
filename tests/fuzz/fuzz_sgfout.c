/* libFuzzer target: what `--to sgf` writes, jgflint reads back with the same
 * games (issue 47: nodes, moves and values kept aside vanished from SGF
 * output). The bytes are read as an SGF file (any format the converter
 * sniffs) through the public API: jgf_convert gives each game's JGF record,
 * jgf_convert_to(..., "sgf") each game's SGF; that SGF converted again must
 * give one record whose moves, in the order of the tree (variations
 * included, passes and colours), and whose values kept under
 * meta.sgf.nodes (node after node) are the first record's. Built by `make
 * fuzz`; a crash, a leak, a sanitizer report, a game not written or a move
 * or kept value lost or changed on the way is a bug. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

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

/* The values kept under meta.sgf.nodes, node after node in the order read,
 * each node's properties by name (the writer puts them in its own order,
 * and may give a node's setup and move nodes of their own, so the nodes'
 * pointers are not compared): "AB[aa][zz] B[tt;)] | ...". */
static void kept_values(json_object *root, struct text *out)
{
	json_object *meta, *sgf, *nodes;
	if (!json_object_object_get_ex(root, "meta", &meta) ||
	    !json_object_object_get_ex(meta, "sgf", &sgf) ||
	    !json_object_object_get_ex(sgf, "nodes", &nodes) ||
	    !json_object_is_type(nodes, json_type_object))
		return;
	json_object_object_foreach(nodes, ptr, props) {
		(void)ptr;
		if (!json_object_is_type(props, json_type_object))
			continue;
		const char *ids[1024];
		size_t n = 0;
		json_object_object_foreach(props, id, v) {
			(void)v;
			if (n < sizeof ids / sizeof *ids)
				ids[n++] = id;
		}
		qsort(ids, n, sizeof *ids, by_key);
		size_t before = out->len;
		for (size_t i = 0; i < n; i++) {
			json_object *v = json_object_object_get(props, ids[i]);
			size_t k = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
			bool empty = true;
			for (size_t j = 0; j < k; j++) {
				json_object *e = json_object_is_type(v, json_type_array) ?
						 json_object_array_get_idx(v, j) : v;
				empty &= !json_object_get_string(e) || !*json_object_get_string(e);
			}
			if (empty)
				continue;   /* PL[][]: empty values the writer leaves out, said */
			bool ident = *ids[i] != '\0';
			for (const char *c = ids[i]; *c; c++)
				ident &= *c >= 'A' && *c <= 'Z';
			if (!ident)
				continue;   /* a name SGF cannot hold ("B[9]@B[x"): left out, said */
			add(out, ids[i]);
			for (size_t j = 0; j < k; j++) {
				json_object *e = json_object_is_type(v, json_type_array) ?
						 json_object_array_get_idx(v, j) : v;
				add(out, "[");
				add(out, json_object_get_string(e) ? json_object_get_string(e) : "");
				add(out, "]");
			}
			add(out, " ");
		}
		if (out->len > before)
			add(out, "| ");
	}
}

/* The moves of a JGF record's text, then the values it kept in its nodes. */
static char *record_moves(const char *text, size_t len)
{
	json_tokener *tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH * 1000);
	json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)len) : NULL;
	struct text t = { 0 };
	add(&t, "");
	moves(root, &t);
	add(&t, "\nkept: ");
	kept_values(root, &t);
	json_object_put(root);
	json_tokener_free(tok);
	return t.data;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	jgf_conversion *jgf = jgf_convert("game.sgf", (const char *)data, size);
	jgf_conversion *sgf = jgf_convert_to("game.sgf", (const char *)data, size, "sgf");
	if (!jgf || !sgf)
		abort();   /* memory: never, under libFuzzer's limit */
	size_t games = jgf_conversion_count(jgf);
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
		char *a = record_moves(record, len), *b = record_moves(back, back_len);
		if (strcmp(a, b))
			die("the SGF written reads back with other moves or kept values", a, b);
		free(a);
		free(b);
		jgf_conversion_free(again);
	}
	jgf_conversion_free(jgf);
	jgf_conversion_free(sgf);
	return 0;
}
