/* A fix's copy (src/core/fixop.c's fix_copy): an op of every kind copied
 * with each string it owns (its pointer, its text, its kind's: fixop.c's
 * owned(), which fix_free reads too) equal and its own, its other
 * fields as they were; both freed by fix_free (a sanitizer or valgrind
 * build sees a string owned twice or left). TAP output. */
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/fixop.h"
#include "tap.h"

static char *s(const char *t)
{
	return xstrdup(t);
}

/* Whether a and b are both NULL, or equal strings at different places. */
static bool copied(const char *a, const char *b)
{
	return a ? b && a != b && strcmp(a, b) == 0 : !b;
}

int main(void)
{
	tap_init();
	struct fix *f = xcalloc(1, sizeof *f);
	f->safety = FIX_UNSAFE;
	f->nops = f->cap = 9;
	f->ops = xcalloc(f->nops, sizeof *f->ops);
	struct fix_op *o = f->ops;
	o[0] = (struct fix_op){ .kind = FIX_REPLACE, .pointer = s("/a"), .text = s("1") };
	o[1] = (struct fix_op){ .kind = FIX_RENAME, .pointer = s("/b"), .rename.key = s("c") };
	o[2] = (struct fix_op){ .kind = FIX_INSERT, .pointer = s(""), .text = s("2"),
				.insert = { .key = s("d"), .anchor = s("e"), .first = true } };
	o[3] = (struct fix_op){ .kind = FIX_INSERT, .pointer = s(""), .text = s("3"),
				.insert = { .key = s("f") } };
	o[4] = (struct fix_op){ .kind = FIX_REMOVE, .pointer = s("/g") };
	o[5] = (struct fix_op){ .kind = FIX_BYTES, .text = s(""), .bytes = { 0, 3 } };
	o[6] = (struct fix_op){ .kind = FIX_SPLIT, .pointer = s("/tree/0"),
				.split.parts = s("setup move") };
	o[7] = (struct fix_op){ .kind = FIX_MOVE_TAIL, .pointer = s("/tree/2"),
				.move_tail.dest = s("/tree/1/variations/0") };
	o[8] = (struct fix_op){ .kind = FIX_REMOVE_KEYS, .pointer = s("/h"),
				.remove_keys.keys = s("i j") };
	struct fix *c = fix_copy(f);
	tap_ok(c && c != f && c->ops != f->ops && c->nops == 9 && c->safety == FIX_UNSAFE,
	       "the copy is a fix of its own, its ops and safety as they were");
	bool all = true;
	for (size_t i = 0; c && i < 9; i++)
		all &= c->ops[i].kind == o[i].kind && copied(o[i].pointer, c->ops[i].pointer) &&
		       copied(o[i].text, c->ops[i].text);
	tap_ok(all, "each op's pointer and text copied (NULL where none)");
	tap_ok(c && copied(o[1].rename.key, c->ops[1].rename.key), "a rename's key copied");
	tap_ok(c && copied(o[2].insert.key, c->ops[2].insert.key) &&
	       copied(o[2].insert.anchor, c->ops[2].insert.anchor) && c->ops[2].insert.first &&
	       copied(o[3].insert.key, c->ops[3].insert.key) && !c->ops[3].insert.anchor,
	       "an insert's key and anchor copied (none where none), first as it was");
	tap_ok(c && c->ops[5].bytes.start == 0 && c->ops[5].bytes.end == 3,
	       "a byte range as it was");
	tap_ok(c && copied(o[6].split.parts, c->ops[6].split.parts), "a split's parts copied");
	tap_ok(c && copied(o[7].move_tail.dest, c->ops[7].move_tail.dest),
	       "a tail's destination copied");
	tap_ok(c && copied(o[8].remove_keys.keys, c->ops[8].remove_keys.keys),
	       "the keys removed copied");
	tap_ok(!fix_copy(NULL), "no fix copied as none");
	fix_free(f);
	fix_free(c);
	fix_free(NULL);
	return tap_done();
}
