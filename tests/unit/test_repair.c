/* The repairs of the specifications' JavaScript style (src/read/repair.c): each
 * repair alone, what must stay byte for byte, and what makes the repair
 * give up (the file is then left alone). TAP output. */
#include <stdlib.h>
#include <string.h>

#include "read/load.h"
#include "read/repair.h"
#include "tap.h"

/* want NULL: the repair must give up (or make no JSON). */
static void check(const char *name, const char *in, bool unsafe, const char *want,
		  size_t safe, size_t unsafe_count)
{
	struct repair_problems rp;
	repair_problems("", in, strlen(in), unsafe, &rp);
	const char *out = rp.text;
	size_t len = rp.text_len;
	struct repair_count count = rp.count;
	bool ok = want ? out && len == strlen(want) && memcmp(out, want, len) == 0 &&
			 count.safe == safe && count.unsafe == unsafe_count
		       : out == NULL;
	/* The text --fix writes is the one the repair read. */
	ok = ok && (!out || (rp.read && rp.read->parsed && rp.read->len == len &&
			     memcmp(rp.read->text, out, len) == 0));
	if (!tap_ok(ok, "%s", name))
		printf("# got: %s (%zu safe, %zu unsafe)\n", out ? out : "NULL", count.safe,
		       count.unsafe);
	repair_problems_free(&rp);
}

/* The problems the repair meets in in, in the order met, each where the
 * text `where` first occurs in in. */
struct want {
	const char *where;     /* the problem is where this text first occurs in in */
	const char *message;   /* its message starts with this */
	bool blocks;
};

static void problems(const char *name, const char *in, bool unsafe, bool repaired,
		     const struct want *want, size_t n)
{
	struct repair_problems rp;
	bool got = repair_problems("", in, strlen(in), unsafe, &rp);
	bool ok = got == repaired && rp.len == n && (got ? rp.text != NULL : !rp.text);
	/* Its reading maps back into the text in order: byte 0 to 0, each
	 * later one no earlier, within the text. */
	for (size_t at = 0, was = 0; ok && rp.read && at < rp.read->len; at++) {
		size_t from = repair_problems_map(&rp, at);
		ok = (at || from == 0) && from >= was && from < strlen(in);
		was = from;
	}
	for (size_t i = 0; ok && i < n; i++) {
		const char *at = strstr(in, want[i].where);
		ok = at && rp.items[i].at == (size_t)(at - in) && rp.items[i].blocks == want[i].blocks &&
		     strncmp(rp.items[i].message, want[i].message, strlen(want[i].message)) == 0;
	}
	if (!tap_ok(ok, "problems: %s", name)) {
		printf("# repaired: %d\n", got);
		for (size_t i = 0; i < rp.len; i++)
			printf("# %zu%s: %s\n", rp.items[i].at, rp.items[i].blocks ? " (blocks)" : "",
			       rp.items[i].message);
	}
	repair_problems_free(&rp);
}

static void problem_cases(void)
{
	problems("a comment, then a leading zero it does not repair",
		 "{\n  // c\n  \"h\": 01\n}", true, false,
		 (struct want[]){ { "//", "comments are not allowed in JSON", false },
				  { "01", "leading zeros are not allowed", true } }, 2);
	problems("without unsafe, the comment is what stops it",
		 "{\n  // c\n  \"h\": 1\n}", false, false,
		 (struct want[]){ { "//", "comments are removed only with --unsafe-fixes", true } }, 1);
	problems("unquoted keys before the zero: offsets in the text, not the repair",
		 "{a: {b: 1}, 'c': 'x\"y', d: 01}", false, false,
		 (struct want[]){ { "a:", "object keys must be strings in double quotes: write `\"a\"`", false },
				  { "b:", "object keys must be strings in double quotes: write `\"b\"`", false },
				  { "'c'", "object keys must be in double quotes, not single quotes", false },
				  { "'x", "strings must be in double quotes, not single quotes", false },
				  { "d:", "object keys must be strings in double quotes", false },
				  { "01", "leading zeros are not allowed", true } }, 6);
	problems("a trailing comma and a comment taken back with its blanks",
		 "{\"a\": [1 , // c\n], \"b\": 01}", true, false,
		 (struct want[]){ { ",", "trailing comma before `]`", false },
				  { "//", "comments are not allowed in JSON", false },
				  { "01", "leading zeros are not allowed", true } }, 3);
	problems("an unterminated single-quoted string after a repair",
		 "{a: 'x\n}", false, false,
		 (struct want[]){ { "a:", "object keys must be strings", false },
				  { "'x", "a single-quoted string is not closed on its line", true } }, 2);
	problems("all of it repaired: no blocker", "{a: 1, // c\n}", true, true,
		 (struct want[]){ { "a:", "object keys must be strings", false },
				  { ",", "trailing comma before `}`", false },
				  { "//", "comments are not allowed in JSON", false } }, 3);
	problems("strict JSON: nothing met", "{\"a\": [1, 2]}", true, false, NULL, 0);
	/* A closing quote missing: the string ends on its line, later quotes
	 * are never paired with it (issue 36). */
	problems("a value's closing quote missing: read on after its line",
		 "{\n \"a\": \"x,\n \"b\": \"y\" // c\n}", true, false,
		 (struct want[]){ { "\n \"b\"", "line break inside the string that starts at 2:7: "
				    "is a closing `\"` missing?", false },
				  { "//", "comments are not allowed in JSON", false } }, 2);
	problems("a key's closing quote missing: it ends before its colon",
		 "{\n \"a: 1,\n \"b\": 2\n}", true, false,
		 (struct want[]){ { "\n \"b\"", "line break inside the string", false } }, 1);
	problems("a guess, then what stops the repair",
		 "{\n \"a\": \"x,\n \"b\": 01\n}", true, false,
		 (struct want[]){ { "\n \"b\"", "line break inside the string", false },
				  { "01", "leading zeros are not allowed", true } }, 2);
	problems("an opening quote missing: the word stops the repair",
		 "{\"a\": x\", \"b\": \"y\"}", true, false,
		 (struct want[]){ { "x\"", "unexpected word `x`", true } }, 1);
	/* A bracket one too many after a comma: left out, a guess. */
	problems("a `}` one too many after a comma: read on without it",
		 "{\"a\": 1, }\"b\": 2}", true, false,
		 (struct want[]){ { "}\"b", "found `}` after a comma, where a key should stand", false } }, 1);
	problems("a `]` one too many, then what stops the repair",
		 "[1, ]2, 01]", true, false,
		 (struct want[]){ { "]2", "found `]` after a comma, where a value should stand", false },
				  { "01", "leading zeros are not allowed", true } }, 2);
	/* A word where a value stands is no key, whatever follows it. */
	problems("a literal before a stray `:` is a value, not a key",
		 "{\"ai\": true :}", true, false, NULL, 0);
	problems("an unquoted key after a comma still is one",
		 "{\"a\": 1, b: true}", true, true,
		 (struct want[]){ { "b:", "object keys must be strings in double quotes: write `\"b\"`", false } }, 1);
}

int main(void)
{
	tap_init();
	problem_cases();
	check("trailing comma in an object", "{\"a\": 1, }", false, "{\"a\": 1 }", 1, 0);
	check("trailing comma in an array, across lines", "[1,\n 2,\n]", false, "[1,\n 2\n]", 1, 0);
	check("unquoted keys", "{a: 1, $b_2: {c: true}}", false,
	      "{\"a\": 1, \"$b_2\": {\"c\": true}}", 3, 0);
	check("values true, false, null are not keys", "[true, false, null]", false, NULL, 0, 0);
	check("a single-quoted string, with an escaped quote and a double quote",
	      "{'k': 'it\\'s \"x\"'}", false, "{\"k\": \"it's \\\"x\\\"\"}", 2, 0);
	check("// in a string stays", "{\"url\": \"https://x.org\", a: 1}", false,
	      "{\"url\": \"https://x.org\", \"a\": 1}", 1, 0);
	check("a comment needs unsafe", "{\n  // c\n  \"a\": 1\n}", false, NULL, 0, 0);
	check("a comment line goes with its line break", "{\n  // c\n  \"a\": 1\n}", true,
	      "{\n  \"a\": 1\n}", 0, 1);
	check("a CR LF comment line goes whole", "{\r\n  // c\r\n  \"a\": 1\r\n}", true,
	      "{\r\n  \"a\": 1\r\n}", 0, 1);
	check("a comment after a value goes with the blanks before it",
	      "{\"a\": 1, // one\n \"b\": 2}", true, "{\"a\": 1,\n \"b\": 2}", 0, 1);
	check("a block comment inside a line", "[1, /* two */ 2]", true, "[1, 2]", 0, 1);
	check("a trailing comma before a comment and a bracket", "[1, // x\n]", true, "[1\n]", 1, 1);
	check("an unterminated block comment gives up", "[1 /* x", true, NULL, 0, 0);
	check("an unterminated string gives up", "{\"a: 1}", true, NULL, 0, 0);
	check("a string ended at its line's end is no fix", "{\"a\": \"x,\n b: 1}", true, NULL, 0, 0);
	check("a single-quoted string across a line gives up", "['a\nb']", false, NULL, 0, 0);
	check("numbers are copied, exponents too", "{n: -1.5e+3,}", false, "{\"n\": -1.5e+3}", 2, 0);
	check("strict JSON: nothing to repair", "{\"a\": [1, 2]}", true, NULL, 0, 0);
	/* Deeper than the repair follows: given up, never a crash. */
	size_t depth = 100000;
	char *deep = malloc(2 * depth + 8);
	memset(deep, '[', depth);
	memcpy(deep + depth, "1,", 2);
	memset(deep + depth + 2, ']', depth);
	deep[2 * depth + 2] = 0;
	struct repair_problems rp;
	repair_problems("", deep, strlen(deep), false, &rp);
	tap_ok(rp.text == NULL, "nesting deeper than the repair follows gives up");
	repair_problems_free(&rp);
	free(deep);
	return tap_done();
}
