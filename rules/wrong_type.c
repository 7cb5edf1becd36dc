/* wrong-type: a known key whose value has the wrong JSON type, or a node of
 * the tree that is not an object. */
#include <stdio.h>
#include <string.h>

#include "engine/check.h"
#include "base/pointer.h"
#include "seki_pre4_variations.h"

extern const struct rule rule_wrong_type;

/* Whether s is exactly a JSON number (what the string holds, written as a
 * number, is the same value). */
static bool json_number(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return false;
	if (*s == '.') {
		if (!(*++s >= '0' && *s <= '9'))
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == 0;
}

/* The fix: a number or boolean written as a string ("6.5", "true") is
 * written as the number or boolean (safe: the one value it spells). */
static void fix_type(struct check *c, struct diag *d, const char *rel, unsigned want,
		     json_object *found)
{
	if (!json_object_is_type(found, json_type_string))
		return;
	const char *s = json_object_get_string(found);
	if ((size_t)json_object_get_string_len(found) != strlen(s))
		return;
	if (((want & J_INT) && !(want & J_FRACTION) && json_number(s) && !strpbrk(s, ".eE")) ||
	    ((want & J_FRACTION) && json_number(s)) ||
	    ((want & J_BOOL) && (strcmp(s, "true") == 0 || strcmp(s, "false") == 0)))
		check_fix_replace(c, d, FIX_SAFE, rel, s);
}

/* The right shape of a list of entries given as one object (`markup`:
 * {"type": ...}), for its message; NULL for other keys. */
static const char *entries_example(const char *key)
{
	static const struct { const char *key, *example; } lists[] = {
		{ "markup", "\"markup\": [ { \"type\": \"circle\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] } ]" },
		{ "setup", "\"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] } ]" },
		{ "score", "\"score\": [ { \"color\": \"black\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] } ]" },
		{ "coords", "\"coords\": [ { \"x\": 3, \"y\": 3 } ]" },
	};
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
		if (strcmp(key, lists[i].key) == 0)
			return lists[i].example;
	return NULL;
}

/* subject names what is wrong: "`komi`", "each element of `dates`"; key,
 * the key whose value it is, or NULL. */
static void report_type(struct check *c, const char *rel, const char *subject, const char *key,
			unsigned want, json_object *found)
{
	struct buf expected = BUF_INIT, got = BUF_INIT;
	describe_types(&expected, want);
	describe_value(&got, found);
	const char *example = key && json_object_is_type(found, json_type_object) ?
			      entries_example(key) : NULL;
	if (example)
		buf_printf(&got, "; a list is an array even when it holds one: %s", example);
	fix_type(c, check_report(c, &rule_wrong_type, rel, false, "%s must be %s, found %s",
				 subject, expected.data, got.data),
		 rel, want, found);
	buf_free(&expected);
	buf_free(&got);
}

/* A point written as an array ([3, 3], as SGF-in-JSON and other formats
 * write them) where JGF wants {"x": 3, "y": 3}: said so, and fixed. */
static bool point_as_array(struct check *c, const char *rel, const char *key, json_object *e)
{
	long long x, y;
	if (strcmp(key, "coords") != 0 || !json_object_is_type(e, json_type_array) ||
	    json_object_array_length(e) != 2 || !get_int(json_object_array_get_idx(e, 0), &x) ||
	    !get_int(json_object_array_get_idx(e, 1), &y))
		return false;
	char point[64];
	snprintf(point, sizeof point, "{\"x\": %lld, \"y\": %lld}", x, y);
	check_fix_replace(c, check_report(c, &rule_wrong_type, rel, false,
					  "each element of `coords` must be a point object, found the "
					  "array [%lld, %lld]: write %s", x, y, point),
			  FIX_SAFE, rel, point);
	return true;
}

static void check_types(struct check *c, json_object *obj, const struct schema *schema)
{
	struct buf rel = BUF_INIT, subject = BUF_INIT;
	json_object_object_foreach(obj, key, val) {
		const struct field *f = schema_field(schema, key);
		if (!f)
			continue;
		/* Messages are built only for a finding: this runs on every object. */
		if (!(json_type_bits(val) & f->types)) {
			buf_truncate(&rel, 0);
			buf_printf(&rel, "/%s", key); /* schema keys need no escaping */
			buf_truncate(&subject, 0);
			buf_printf(&subject, "`%s`", key);
			report_type(c, rel.data, subject.data, key, f->types, val);
			continue;
		}
		if (!f->elems || !json_object_is_type(val, json_type_array))
			continue;
		/* Bare nodes as Seki before 4.0 wrote them: seki-pre4-variations'. */
		if (key_eq(key, "variations") && seki_pre4_variations(val))
			continue;
		size_t n = json_object_array_length(val);
		for (size_t i = 0; i < n; i++) {
			json_object *e = json_object_array_get_idx(val, i);
			if (json_type_bits(e) & f->elems)
				continue;
			buf_truncate(&rel, 0);
			buf_printf(&rel, "/%s", key);
			pointer_push_index(&rel, i);
			if (point_as_array(c, rel.data, key, e))
				continue;
			buf_truncate(&subject, 0);
			buf_printf(&subject, "each element of `%s`", key);
			report_type(c, rel.data, subject.data, NULL, f->elems, e);
		}
	}
	if (rel.data) {   /* as unknown-key's: no calls for an object without a finding */
		buf_free(&rel);
		buf_free(&subject);
	}
}

/* Nodes of the main line and of every variation. */
static void check_node(struct check *c, const struct node_visit *n)
{
	if (!json_object_is_type(n->node, json_type_object))
		report_type(c, "", "every node of the tree", NULL, J_OBJECT, n->node);
}

const struct rule rule_wrong_type = {
	.id = "wrong-type",
	.category = "schema",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a known key holds a value of the wrong JSON type",
	.explanation =
		"What it checks\n"
		"  Every key the JGF specification defines has a type: komi is a number,\n"
		"  handicap an integer, allowSuicide a boolean, comments an array of\n"
		"  strings, every node of the tree an object, and so on. A value of\n"
		"  another type is an error: readers either ignore it or misread it (a\n"
		"  komi of \"6.5\" is a string, and 6.5 + \"6.5\" is \"6.56.5\" in JavaScript).\n"
		"  Integral numbers such as 2.0 count as integers, as in JSON.parse.\n"
		"\n"
		"Fix\n"
		"  Safe: a number or boolean written as a string where the schema wants a\n"
		"  number or boolean (\"komi\": \"6.5\", \"pass\": \"true\") is written as one;\n"
		"  a point written as an array of two integers in `coords` ([3, 3]) is\n"
		"  written as the point object {\"x\": 3, \"y\": 3}.\n"
		"\n"
		"Fails\n"
		"  { \"rules\": { \"komi\": \"6.5\", \"allowSuicide\": \"no\" } }\n"
		"\n"
		"Passes\n"
		"  { \"rules\": { \"komi\": 6.5, \"allowSuicide\": false } }\n",
	.fix = FIX_SAFE,
	.on_object = check_types,
	.on_node = check_node,
};
