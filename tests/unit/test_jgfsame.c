/* The guard's naming (src/lint/jgfsame.c's is_named, a set of the named
 * pointers and the prefixes that hold them): a member that reads otherwise
 * is allowed exactly where the walk over every named pointer it replaced
 * allows it (within(), kept here as the reference), on random pointers of
 * few segments (so that prefixes, `variations` and look-alike keys such as
 * `/tree/1` beside `/tree/10` meet often). TAP output. */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "base/buf.h"
#include "lint/jgfsame.h"
#include "tap.h"

/* The reference: b lies in a (b is a's or below it), but in a's
 * variations' nodes. */
static bool within(const char *a, const char *b)
{
	size_t n = strlen(a);
	return strncmp(a, b, n) == 0 && (b[n] == '\0' ||
		(b[n] == '/' && strncmp(b + n + 1, "variations/", 11) != 0));
}

static bool named_by_walk(const char *key, const char *named, size_t n)
{
	const char *p = named;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1)
		if (!*p || within(key, p) || within(p, key))
			return true;
	return false;
}

static unsigned long seed = 12345;

static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)(seed >> 33) % n;
}

/* A pointer of 0 to 5 segments from a small alphabet. */
static void random_pointer(struct buf *b)
{
	static const char *const segs[] = { "tree", "variations", "1", "10", "0", "move",
					    "x", "variations~1x", "" };
	size_t n = pick(6);
	for (size_t i = 0; i < n; i++) {
		buf_addc(b, '/');
		buf_adds(b, segs[pick(sizeof segs / sizeof *segs)]);
	}
}

/* A digest of one member, key, whose value is v. */
static void one_member(struct jgf_digest *d, const char *key, int v)
{
	d->items = xcalloc(1, sizeof *d->items);
	d->items[0] = (struct jgf_item){ xstrdup(key), json_object_new_int(v), 0 };
	d->len = d->cap = d->members = 1;
}

int main(void)
{
	tap_init();
	size_t cases = 20000, wrong = 0, allowed = 0;
	for (size_t c = 0; c < cases; c++) {
		struct buf named = BUF_INIT, key = BUF_INIT;
		size_t n = pick(4);
		for (size_t i = 0; i < n; i++) {
			random_pointer(&named);
			buf_addc(&named, '\0');
		}
		random_pointer(&key);
		buf_addc(&key, '\0');
		struct jgf_digest was = { 0 }, now = { 0 };
		one_member(&was, key.data, 1);
		one_member(&now, key.data, 2);
		bool want = named_by_walk(key.data, named.data ? named.data : "", n);
		bool got = jgf_digest_same(&was, &now, named.data ? named.data : "", n, NULL);
		allowed += want;
		if (got != want && wrong++ < 5) {
			printf("# key \"%s\": want %d, got %d; named:", key.data, want, got);
			const char *p = named.data;
			for (size_t i = 0; i < n; i++, p += strlen(p) + 1)
				printf(" \"%s\"", p);
			printf("\n");
		}
		jgf_digest_free(&was);
		jgf_digest_free(&now);
		buf_free(&named);
		buf_free(&key);
	}
	tap_ok(wrong == 0, "a changed member is named as the walk over every pointer names it "
	       "(%zu random cases, %zu named, %zu not; %zu differ)", cases, allowed, cases - allowed,
	       wrong);
	tap_ok(allowed > cases / 10 && allowed < cases - cases / 10,
	       "the cases are both named and not");
	return tap_done();
}
