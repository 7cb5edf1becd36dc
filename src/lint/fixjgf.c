/* fixjgf: --fix on a JGF document (fixjgf.h): its text a source of fixes
 * for the one loop (lint/fixloop.c), each round's text linted again and
 * refused when it makes things worse; a text that does not parse first
 * repaired (read/repair.h). */
#include "lint/fixjgf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "base/pointer.h"
#include "core/catalog.h"
#include "core/fix.h"
#include "core/settings.h"
#include "engine/engine.h"
#include "lint/edit.h"
#include "lint/jgfsame.h"
#include "lint/lint.h"
#include "read/repair.h"

/* Errors per rule: a short list, as there are few rules. */
struct rule_errors {
	const struct rule *rule;
	long before, after;
};

/* The errors of list counted, each by weight, into before or after; with
 * again, only those of the rules a check again leaves out or runs outside
 * the tree only (engine_again_run: what they found is found again). */
struct errors {
	struct rule_errors *items;
	size_t n, cap;
};

static void count_errors(const struct diag_list *list, struct errors *e, bool before, long weight,
			 const struct lint_settings *again, bool board_same)
{
	for (size_t i = 0; i < list->len; i++) {
		const struct diag *d = &list->items[i];
		if (d->severity != SEV_ERROR ||
		    (again && engine_again_run(d->rule, again, board_same) == AGAIN_WHOLE))
			continue;
		size_t j = 0;
		while (j < e->n && e->items[j].rule != d->rule)
			j++;
		if (j == e->n) {
			e->items = xgrow(e->items, &e->cap, e->n + 1, sizeof *e->items);
			e->items[e->n++] = (struct rule_errors){ d->rule, 0, 0 };
		}
		if (before)
			e->items[j].before += weight;
		else
			e->items[j].after += weight;
	}
}

/* The first rule outside the go category that e counts more errors of
 * after than before (a repaired line lets the replay see further, which is
 * no error the fix made), or NULL; e freed. */
static const char *more_errors(struct errors *e)
{
	const char *why = NULL;
	for (size_t j = 0; j < e->n && !why; j++)
		if (e->items[j].after > e->items[j].before &&
		    strcmp(e->items[j].rule->category, "go") != 0)
			why = e->items[j].rule->id;
	free(e->items);
	return why;
}

/* Why next is worse than doc, or NULL: it does not parse, or some rule
 * outside the go category reports more errors than before. */
static const char *worse(const struct document *doc, const struct document *next)
{
	if (!next->parsed)
		return "the file would not parse";
	struct errors e = { 0 };
	count_errors(&doc->diags, &e, true, 1, NULL, false);
	count_errors(&next->diags, &e, false, 1, NULL, false);
	return more_errors(&e);
}

/* A repair left out: says what stops it (a comment without
 * --unsafe-fixes, a `01` it does not repair, an unterminated string), at
 * the first syntax error, as a fix left out is said. Nothing when there is
 * nothing the repair would do. */
static void refused_repair(const struct document *doc, const struct repair_problems *rp,
			   struct fix_tally *tally)
{
	const struct repair_problem *stop = rp->len && rp->items[rp->len - 1].blocks ?
					    &rp->items[rp->len - 1] : NULL;
	const struct diag *first = NULL, *at = NULL;
	for (size_t i = 0; stop && i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->rule == &rule_json_syntax && (!first || d->offset < first->offset))
			first = d;
		if (d->has_offset && d->offset == stop->at)
			at = d;
	}
	if (stop && first && at) {
		struct buf note = BUF_INIT;
		buf_add(&note, tally->notes, tally->notes_len);
		buf_adds(&note, "jgflint: note: ");
		shown_text(&note, doc->path);
		buf_printf(&note, ":%lu:%lu: the json-syntax fix was not applied: it stops at "
			   "%lu:%lu: %s\n", first->line, first->col, at->line, at->col, stop->message);
		free(tally->notes);
		tally->notes_len = note.len;
		tally->notes = buf_detach(&note);
	}
}

/* A document that does not parse: if the JavaScript style of the
 * specifications is all that keeps it from being JSON, doc becomes the
 * repaired text (the repair's own reading of it), linted. Anything else
 * leaves it as it is. */
static void repair_document(struct document *doc, const struct lint_settings *ls, bool unsafe,
			    struct fix_tally *tally)
{
	if (!doc->text)
		return;
	struct repair_problems rp;
	repair_problems(doc->path, doc->text, doc->len, unsafe, &rp);
	if (!rp.text) {
		refused_repair(doc, &rp, tally);
		repair_problems_free(&rp);
		return;
	}
	for (size_t i = 0; i < rp.count.safe + rp.count.unsafe; i++)
		fix_tally_add(tally, &rule_json_syntax);
	document_free(doc);
	*doc = *rp.read;   /* (rp.text's bytes, read) */
	free(rp.read);
	rp.read = NULL;
	repair_problems_free(&rp);
	lint_document(doc, ls);
}

/* A JGF document as a source of fixes: its fixes are its findings'
 * (indices into doc's), the next text linted as doc was. */
struct jgf_source {
	struct document *doc, next;
	const struct lint_settings *ls;
	bool unsafe;
	bool *skip;   /* the findings whose fixes are refused */
	char *text;   /* the next text written */
	size_t len;
	/* The game of doc, and of next, read as each check read them: the
	 * guard (issue 70), as SGF's (convert/sgfsame.h). */
	struct jgf_digest was, now;
	bool has_was, has_now;   /* was is doc's; now is next's (else: read when asked) */
	/* ls without the replay, for a next text only judged (not taken):
	 * worse() counts no go finding (a check's offer replayed the record
	 * twice: tests/lsp.sh's one replay) */
	const struct lint_settings *judged;
	struct again_rules *again;   /* judged's checks again (strings_keep), once built */
	/* A check's offer of strings rewritten alone (OP_STRING): judged
	 * in doc's own DOM, no next text written (strings_keep) */
	bool in_place;
	bool *moved;   /* next not linted: its findings are doc's but these
			* (those fixed), moved at take (findings_moved) */
	bool dom_lent;   /* next holds doc's DOM (dom_lent), given back at drop */
	/* Of the text last judged worse, each fix's blame: the rule of an
	 * error it adds (blame_added), or NULL */
	const struct rule **blame;
};

/* The pointer of each member whose key op writes (w), NUL-terminated after
 * the others in named; how many. */
static size_t keys_named(const struct fix_op *op, const struct fix_op_writes *w, struct buf *named)
{
	const char *last = strrchr(op->pointer, '/');
	size_t up = w->sibling ? (size_t)(last ? last - op->pointer : 0) : strlen(op->pointer), n = 0;
	for (const char *k = w->keys; k && *k; n++) {
		size_t len = w->sep ? strcspn(k, (char[]){ w->sep, '\0' }) : strlen(k);
		buf_add(named, op->pointer, up);
		pointer_push_key(named, k, len);
		buf_addc(named, '\0');
		k += len + (w->sep && k[len] == w->sep);
	}
	return n;
}

/* A tail moved names where it goes and the elements after the first,
 * which go with it, each with its variations' nodes (their array, where it
 * cannot be read). Returns how many. */
static size_t moved_tail(const struct document *doc, const struct fix_op *op, const char *dest,
			 struct buf *named)
{
	buf_add(named, dest, strlen(dest) + 1);
	const char *slash = strrchr(op->pointer, '/');
	size_t keep = slash ? (size_t)(slash - op->pointer) : 0, n = 1;
	char *parent = xstrndup(op->pointer, keep);
	json_object *array = dom_resolve(doc->root, parent);
	if (!json_object_is_type(array, json_type_array)) {
		buf_add(named, parent, keep + 1);
		free(parent);
		return n + 1;
	}
	/* each with the nodes of its variations */
	buf_printf(named, "%s/variations%c", op->pointer, '\0'), n++;
	for (size_t i = strtoul(slash + 1, NULL, 10) + 1; i < json_object_array_length(array); i++)
		buf_printf(named, "%s/%zu%c%s/%zu/variations%c", parent, i, '\0', parent, i, '\0'),
			n += 2;
	free(parent);
	return n;
}

/* What the fixes used name (NUL after each): their findings' pointers,
 * the values their ops apply to (an object given or losing members too),
 * the members they write by key, and where they move elements (fix_op_writes).
 * Returns how many. */
static size_t named_by(const struct document *doc, const bool *used, struct buf *named)
{
	size_t n = 0;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (!used[i] || !d->fix)
			continue;
		if (d->pointer)
			buf_add(named, d->pointer, strlen(d->pointer) + 1), n++;
		for (size_t j = 0; j < d->fix->nops; j++) {
			const struct fix_op *op = &d->fix->ops[j];
			struct fix_op_writes w = fix_op_writes(op);
			if (!op->pointer)
				continue;
			buf_add(named, op->pointer, strlen(op->pointer) + 1), n++;
			n += keys_named(op, &w, named);
			if (w.dest)
				n += moved_tail(doc, op, w.dest, named);
		}
	}
	return n;
}

/* Whether text is one JSON scalar: a string, a number, true, false or
 * null (no `,`, `]` or `}` that would end it and go on). */
static bool scalar_text(const char *t)
{
	size_t n = strlen(t);
	if (n >= 2 && t[0] == '"') {
		size_t i = 1;
		while (i < n && t[i] != '"')
			i += t[i] == '\\' ? 2 : 1;
		return i == n - 1;
	}
	return (n && strspn(t, "-+.0123456789eE") == n) || !strcmp(t, "true") ||
	       !strcmp(t, "false") || !strcmp(t, "null");
}

/* The object holding the member at pointer of root, or NULL (an element
 * of an array, the root). */
static json_object *holder(json_object *root, const char *pointer)
{
	const char *slash = strrchr(pointer, '/');
	if (!slash)
		return NULL;
	char *up = xstrndup(pointer, (size_t)(slash - pointer));
	json_object *parent = dom_resolve(root, up);
	free(up);
	return json_object_is_type(parent, json_type_object) ? parent : NULL;
}

/* What an op of doc's fixes does, as the judgements ask it: the one
 * reading of an op for each of them (bits; an op that writes bytes
 * before the JSON text alone, a byte order mark, has them all).
 * OP_SCALAR: it replaces a scalar (a colour's case, a number) by one, so
 * the rest of the text is the same bytes and the record the same but for
 * the values named: the guard has nothing to read (a colour fixed cost two
 * digests of the record and their comparison, 1.2 times the instructions
 * of --fix before the guard). OP_OUTSIDE_TREE: it changes a value, key or
 * member at a pointer outside the tree (its edits are that value's, key's
 * or member's with its separator), so the tree's nodes are the same bytes.
 * OP_STRING: it rewrites a string as a string outside the record's header
 * (a colour's case, a rank's, a date's form), the record's shape and its
 * values' types kept: the rules can judge it in doc's own DOM
 * (strings_keep); a version or a format rewritten is a migration, a string
 * made a number (wrong-type) lets the rules of numbers read it (off-board):
 * judged by their text. A streamed record's values are the walk's: not
 * looked for there (neither OP_SCALAR nor OP_STRING). */
enum { OP_BEFORE_TEXT = 1, OP_SCALAR = 2, OP_OUTSIDE_TREE = 4, OP_STRING = 8, OP_ALL = 15 };

static unsigned op_does(const struct document *doc, const struct fix_op *op)
{
	if (op->kind == FIX_BYTES)
		return op->bytes.end <= doc->body ? OP_ALL : 0;
	unsigned does = 0;
	if (!fix_op_writes(op).beside && op->pointer &&
	    op->pointer[0] == '/' && !pointer_within(op->pointer, "/tree", 5))
		does |= OP_OUTSIDE_TREE;
	if (op->kind != FIX_REPLACE || !op->text || !scalar_text(op->text) || doc->streamed)
		return does;
	json_object *was = doc->root ? dom_resolve(doc->root, op->pointer) : NULL;
	if (was && !json_object_is_type(was, json_type_object) &&
	    !json_object_is_type(was, json_type_array))
		does |= OP_SCALAR;
	if (op->text[0] == '"' && strncmp(op->pointer, "/record", 7) != 0 &&
	    json_object_is_type(was, json_type_string) && holder(doc->root, op->pointer))
		does |= OP_STRING;
	return does;
}

/* What every op of fix f does (op_does). */
static unsigned fix_does(const struct document *doc, const struct fix *f)
{
	unsigned does = OP_ALL;
	for (size_t j = 0; j < f->nops; j++)
		does &= op_does(doc, &f->ops[j]);
	return does;
}

/* What every op of the fixes used does. */
static unsigned used_do(const struct document *doc, const bool *used)
{
	unsigned does = OP_ALL;
	for (size_t i = 0; i < doc->diags.len; i++)
		if (used[i] && doc->diags.items[i].fix)
			does &= fix_does(doc, doc->diags.items[i].fix);
	return does;
}

/* Whether next's members are doc's but for what the fixes used name, its
 * tree the same bytes (OP_OUTSIDE_TREE): no node read or compared (Seki's
 * records, their version and players rewritten, read and compared every
 * node twice a round, and a streamed one read whole). */
static bool members_keep(struct jgf_source *s, const bool *used, struct buf *why)
{
	struct jgf_digest was = { 0 }, now = { 0 };
	jgf_digest_read(&was, s->doc, false);
	jgf_digest_read(&now, &s->next, false);
	struct buf named = BUF_INIT;
	size_t n = named_by(s->doc, used, &named);
	bool same = jgf_digest_same(&was, &now, named.data, n, why);
	buf_free(&named);
	jgf_digest_free(&was);
	jgf_digest_free(&now);
	return same;
}

/* Whether next's game is doc's but for what the fixes used name. */
static bool keeps_game(struct jgf_source *s, const bool *used, struct buf *why)
{
	/* Bytes before the JSON text, scalars rewritten, or the same values
	 * (blanks): nothing to compare */
	s->has_now = false;
	unsigned does = used_do(s->doc, used);
	if (does & OP_SCALAR)
		return true;
	if (does & OP_OUTSIDE_TREE)
		return members_keep(s, used, why);
	/* A streamed record's nodes are the walk's, one at a time: the guard
	 * holds them all, read whole (as the ngGo migration reads it) */
	if (s->doc->streamed)
		document_whole(s->doc);
	if (s->next.streamed)
		document_whole(&s->next);
	if (json_object_equal(s->doc->root, s->next.root))
		return true;
	if (!s->has_was)
		jgf_digest_read(&s->was, s->doc, true);
	s->has_was = true;
	jgf_digest_read(&s->now, &s->next, true);
	s->has_now = true;
	struct buf named = BUF_INIT;
	size_t n = named_by(s->doc, used, &named);
	bool same = jgf_digest_same(&s->was, &s->now, named.data, n, why);
	buf_free(&named);
	return same;
}

/* A member's value of doc's DOM put aside for a judgement: its object and
 * key, and the value, held by a reference of its own. */
struct held {
	json_object *parent, *was;
	char *key;
};

/* Puts val as the member at pointer of root in place of its value (kept
 * in h); false when pointer names no member. The value itself is left as
 * it is: what holds its string (record_info's colours) still does once it
 * is back. */
static bool put_at(json_object *root, const char *pointer, json_object *val, struct held *h)
{
	*h = (struct held){ .parent = holder(root, pointer) };
	if (!h->parent || !(h->was = dom_resolve(root, pointer)))
		return false;
	struct buf key = BUF_INIT;
	const char *last = strrchr(pointer, '/');
	pointer_next(&last, &key);   /* its last token, unescaped */
	h->key = buf_detach(&key);
	json_object_get(h->was);
	dom_add(h->parent, h->key, val);
	return true;
}

/* The value h put aside back in its place. */
static void put_back(struct held *h)
{
	dom_add(h->parent, h->key, h->was);
	free(h->key);
}

/* Whether doc with the strings the fixes used rewrite keeps what it held
 * (no error more), judged in doc's own DOM: each string put in, the rules
 * run again (no replay: worse() counts no go finding) into findings of
 * their own, each value put back. Nothing is parsed or held twice: a 10
 * MB record checked in the editor server costs it no second DOM. Strings
 * outside the tree (a player's colour, a rank, a date) are judged by the
 * rules whose findings they can change (engine_again): the whole check
 * again was 30% of a check of records with a player's colour to fix
 * (bench/fix.sh's jgf set). */
static void blame_added(struct jgf_source *s, const struct diag_list *next, const bool *used);

static bool strings_keep(struct jgf_source *s, const bool *used, struct buf *why)
{
	struct document *doc = s->doc;
	struct record_info rec = *document_record(doc);
	bool outside = rec.dialect == DIALECT_JGF && (used_do(doc, used) & OP_OUTSIDE_TREE);
	/* what the rules run outside the tree only find there before the change */
	struct document was = *doc;
	was.diags = (struct diag_list){ 0 };
	if (outside) {
		if (!s->again)
			s->again = engine_again_rules(s->judged);
		engine_again_was(&was, s->again);
		settings_apply(s->judged, &was.diags);
	}
	struct held *held = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		for (size_t j = 0; used[i] && f && j < f->nops; j++) {
			if (f->ops[j].kind != FIX_REPLACE)
				continue;
			struct buf value = BUF_INIT;
			jstring_decode(f->ops[j].text, &value);
			json_object *v = dom_string_len(value.data ? value.data : "", value.len);
			buf_free(&value);
			held = xgrow(held, &cap, n + 1, sizeof *held);
			if (put_at(doc->root, f->ops[j].pointer, v, &held[n]))
				n++;
			else
				json_object_put(v);
		}
	}
	struct document next = *doc;
	next.diags = (struct diag_list){ 0 };
	next.classified = false;   /* the players' colours read again */
	bool board = false;
	outside = outside && engine_again(&next, s->again, &rec, &board);
	if (!outside)
		engine_run(&next, s->judged);
	settings_apply(s->judged, &next.diags);
	const char *worse_rule;
	if (outside) {
		/* those left out or run outside the tree only find what they
		 * found, but what those last find there now for what they did */
		struct errors e = { 0 };
		count_errors(&doc->diags, &e, true, 1, NULL, false);
		count_errors(&doc->diags, &e, false, 1, s->judged, board);
		count_errors(&was.diags, &e, false, -1, NULL, false);
		count_errors(&next.diags, &e, false, 1, NULL, false);
		worse_rule = more_errors(&e);
	} else {
		worse_rule = worse(doc, &next);
		if (worse_rule)
			blame_added(s, &next.diags, used);
	}
	if (worse_rule && why)
		buf_printf(why, "it would add a %s error", worse_rule);
	diag_list_free(&was.diags);
	diag_list_free(&next.diags);
	while (n--)
		put_back(&held[n]);
	free(held);
	return !worse_rule;
}

/* A pointer a fix used names, with the fix. */
struct named_at {
	char *pointer;
	size_t fix;
};

static int by_named(const void *a, const void *b)
{
	const struct named_at *x = a, *y = b;
	int c = strcmp(x->pointer, y->pointer);
	return c ? c : x->fix < y->fix ? -1 : x->fix > y->fix;
}

struct named_ask {
	const struct named_at *at;
	const char *pointer;
	size_t len;
};

/* Whether named pointer i is not before the len bytes of pointer. */
static bool named_not_before(const void *ctx, size_t i)
{
	const struct named_ask *a = ctx;
	int c = strncmp(a->at[i].pointer, a->pointer, a->len);
	return c ? c > 0 : true;
}

static void named_add(struct named_at **at, size_t *n, size_t *cap, char *pointer, size_t fix)
{
	*at = xgrow(*at, cap, *n + 1, sizeof **at);
	(*at)[(*n)++] = (struct named_at){ pointer, fix };
}

/* The pointers the ops of the fixes used write at, each with its fix (a
 * member renamed: its new pointer too; members inserted or removed by
 * key: theirs, not their object's, whose other members stay), sorted.
 * Not named_by's: the guard names what a round may change (an object
 * given a member, a finding's place), the blame what each fix writes; both
 * read fix_op_writes. False where an op moves array elements (a node split, a
 * tail moved, an element removed or appended): a pointer of the text
 * written may be another value's of doc's. */
static bool named_at(const struct document *doc, const bool *used, struct named_at **at,
		     size_t *n)
{
	size_t cap = 0;
	struct buf p = BUF_INIT;
	bool ok = true;
	*at = NULL, *n = 0;
	for (size_t i = 0; ok && i < doc->diags.len; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		for (size_t j = 0; used[i] && f && ok && j < f->nops; j++) {
			const struct fix_op *op = &f->ops[j];
			struct fix_op_writes w = fix_op_writes(op);
			if (!op->pointer)
				continue;   /* bytes that are no value */
			if (!(ok = !w.moves))
				break;
			if (w.value)
				named_add(at, n, &cap, xstrdup(op->pointer), i);
			buf_truncate(&p, 0);
			for (size_t m = keys_named(op, &w, &p), o = 0; m--; o += strlen(p.data + o) + 1)
				named_add(at, n, &cap, xstrdup(p.data + o), i);
		}
	}
	buf_free(&p);
	if (ok)
		sort_items(*at, *n, sizeof **at, by_named);
	for (size_t k = 0; !ok && k < *n; k++)
		free((*at)[k].pointer);
	if (!ok)
		free(*at), *at = NULL, *n = 0;
	return ok;
}

/* The one fix used that writes at pointer or above it counted by sign in
 * counts (nrules a fix, rule w's); none where two do (two members renamed
 * or inserted with one key: which one to leave out is the search's). */
static void count_above(const struct named_at *at, size_t n, const char *pointer, long sign,
			long *counts, size_t nrules, size_t w)
{
	size_t fix = SIZE_MAX;
	for (size_t len = strlen(pointer);;) {
		struct named_ask a = { at, pointer, len };
		for (size_t i = bound_first(0, n, named_not_before, &a);
		     i < n && !strncmp(at[i].pointer, pointer, len) && !at[i].pointer[len]; i++) {
			if (fix != SIZE_MAX && fix != at[i].fix)
				return;
			fix = at[i].fix;
		}
		if (!len)
			break;
		while (len && pointer[--len] != '/')
			;
	}
	if (fix != SIZE_MAX)
		counts[fix * nrules + w] += sign;
}

/* Which fixes used to blame for next being worse than doc (more errors of
 * a rule outside the go category, as worse() counts them): each whose ops
 * write at or above more errors of such a rule in next than in doc, the
 * rule of the first such in worse()'s order (in s->blame). An error of a
 * rule the round does not make worse blames none: a fix that adds one
 * while another takes one away keeps the count, as the search's probes
 * judge it (a node renamed `move` whose `clor` a later round renames).
 * None where an op moves array elements (named_at). */
static void blame_added(struct jgf_source *s, const struct diag_list *next, const bool *used)
{
	const struct document *doc = s->doc;
	size_t n = doc->diags.len;
	free(s->blame);
	s->blame = xcalloc(n + 1, sizeof *s->blame);
	struct errors e = { 0 };
	count_errors(&doc->diags, &e, true, 1, NULL, false);
	count_errors(next, &e, false, 1, NULL, false);
	const struct rule **rules = xcalloc(e.n + 1, sizeof *rules);
	size_t nrules = 0;
	for (size_t j = 0; j < e.n; j++)
		if (e.items[j].after > e.items[j].before &&
		    strcmp(e.items[j].rule->category, "go") != 0)
			rules[nrules++] = e.items[j].rule;
	free(e.items);
	struct named_at *at;
	size_t nat;
	if (nrules && named_at(doc, used, &at, &nat)) {
		long *counts = xcalloc(n * nrules + 1, sizeof *counts);
		for (int after = 0; after < 2; after++) {
			const struct diag_list *list = after ? next : &doc->diags;
			for (size_t i = 0; i < list->len; i++) {
				const struct diag *d = &list->items[i];
				for (size_t w = 0; d->severity == SEV_ERROR && d->pointer && w < nrules; w++)
					if (d->rule == rules[w])
						count_above(at, nat, d->pointer, after ? 1 : -1, counts,
							    nrules, w);
			}
		}
		for (size_t i = 0; i < n; i++)
			for (size_t w = 0; used[i] && !s->blame[i] && w < nrules; w++)
				if (counts[i * nrules + w] > 0)
					s->blame[i] = rules[w];
		free(counts);
		for (size_t i = 0; i < nat; i++)
			free(at[i].pointer);
		free(at);
	}
	free(rules);
}

static bool jgf_blamed(void *self, size_t i, struct buf *why)
{
	struct jgf_source *s = self;
	if (!s->blame || !s->blame[i])
		return false;
	if (why)
		buf_printf(why, "it would add a %s error", s->blame[i]->id);
	return true;
}

static size_t jgf_edits(void *self, bool unsafe, struct fix_refusals *r)
{
	struct jgf_source *s = self;
	struct document *doc = s->doc;
	s->unsafe = unsafe;
	free(s->skip);
	s->skip = xcalloc(doc->diags.len + 1, sizeof *s->skip);
	for (size_t i = 0; r->len && i < doc->diags.len; i++)
		s->skip[i] = doc->diags.items[i].fix && fix_refused(r, &doc->diags.items[i]);
	return doc->diags.len;
}

static const struct diag *jgf_finding(void *self, size_t i)
{
	return &((struct jgf_source *)self)->doc->diags.items[i];
}

/* A value a fix rewrites (FIX_REPLACE): its pointer, the fix, and a
 * number the same for the same pointer. */
struct rewrite {
	const char *pointer;
	size_t fix, value;
};

static int by_pointer(const void *a, const void *b)
{
	return strcmp(((const struct rewrite *)a)->pointer, ((const struct rewrite *)b)->pointer);
}

static int by_fix(const void *a, const void *b)
{
	const struct rewrite *x = a, *y = b;
	return x->fix < y->fix ? -1 : x->fix > y->fix;
}

/* Which of doc's fixes not skipped a round of strings rewritten in place
 * uses: each, in order, but one that rewrites a value a fix used before it
 * rewrites (strings rewritten do not overlap but where they are one). The
 * values are numbered once, by a sort of their pointers: comparing each
 * fix's with every one before it cost a record of n colours to fix (one
 * finding of n uses) n squared at every probe of the fix loop's search. */
static bool used_in_place(const struct document *doc, const bool *skip, bool *used)
{
	struct rewrite *rw = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		for (size_t j = 0; f && !skip[i] && j < f->nops; j++)
			if (f->ops[j].kind == FIX_REPLACE) {
				rw = xgrow(rw, &cap, n + 1, sizeof *rw);
				rw[n++] = (struct rewrite){ f->ops[j].pointer, i, 0 };
			}
	}
	sort_items(rw, n, sizeof *rw, by_pointer);
	for (size_t k = 1; k < n; k++)
		rw[k].value = rw[k - 1].value + (strcmp(rw[k - 1].pointer, rw[k].pointer) != 0);
	sort_items(rw, n, sizeof *rw, by_fix);   /* (a fix's values together) */
	bool *taken = xcalloc(n + 1, sizeof *taken), any = false;
	size_t k = 0;
	for (size_t i = 0; i < doc->diags.len; i++) {
		size_t from = k;
		used[i] = doc->diags.items[i].fix && !skip[i];
		for (; k < n && rw[k].fix == i; k++)
			used[i] = used[i] && !taken[rw[k].value];
		for (size_t m = from; used[i] && m < k; m++)
			taken[rw[m].value] = true;
		any |= used[i];
	}
	free(taken);
	free(rw);
	return any;
}

static bool jgf_write(void *self, const bool *take, bool *used)
{
	struct jgf_source *s = self;
	size_t n = s->doc->diags.len;
	bool *skip = xcalloc(n + 1, sizeof *skip);
	for (size_t i = 0; i < n; i++)
		skip[i] = s->skip[i] || (take && !take[i]);
	if (s->in_place) {
		bool any = used_in_place(s->doc, skip, used);
		free(skip);
		return any;
	}
	free(s->text);
	s->text = fix_apply_some(s->doc, s->unsafe, &s->len, used, skip);
	free(skip);
	return s->text != NULL;
}

/* Whether every fix used writes only bytes before doc's JSON text (a byte
 * order mark taken out), and no fix left names bytes of it (its places
 * would be another text's in next). */
static bool round_before_text(const struct document *doc, const bool *used)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		for (size_t j = 0; f && j < f->nops; j++)
			if (used[i] ? !(fix_does(doc, f) & OP_BEFORE_TEXT) : f->ops[j].kind == FIX_BYTES)
				return false;
	}
	return true;
}

/* next's findings: doc's, but those of the fixes used (s->moved), at
 * their places in next's text, which is doc's JSON text from its start
 * (lines and columns the same: a column does not count a byte order
 * mark); next's own, its reading's, are doc's again. */
static void findings_moved(struct jgf_source *s)
{
	struct document *doc = s->doc, *next = &s->next;
	size_t shift = doc->body - next->body, k = 0;
	diag_list_free(&next->diags);
	next->diags = doc->diags;
	doc->diags = (struct diag_list){ 0 };
	for (size_t i = 0; i < next->diags.len; i++) {
		struct diag *d = &next->diags.items[i];
		if (s->moved[i]) {
			diag_free(d);
			continue;
		}
		if (d->has_offset)
			d->offset -= shift;
		d->end_offset -= d->end_offset >= shift ? shift : d->end_offset;
		next->diags.items[k++] = *d;
	}
	next->diags.len = k;
}

/* next as doc's JSON text alone, which the text written is (what stood
 * before it, a byte order mark, taken out): the same JSON, read the same,
 * so next holds doc's DOM, handed to it (document_hand), not parsed again
 * (--diff of a record with a byte order mark read its text twice, 1.56x a
 * lint); at jgf_take it is next's, at jgf_drop doc's again. False (nothing
 * handed) for any other text, for a streamed document (its nodes are read
 * from its text), and for one whose DOM is lent to it already
 * (document_lend). */
static bool dom_lent(struct jgf_source *s)
{
	struct document *doc = s->doc;
	if (!doc->parsed || doc->streamed || doc->lent || s->len != doc->len - doc->body ||
	    memcmp(s->text, doc->text + doc->body, s->len) != 0)
		return false;
	document_hand(&s->next, doc, s->text, s->len);
	s->dom_lent = true;
	return true;
}

/* The next text loaded and linted: no worse than doc (kept, full, for
 * take or drop). A round of fixes before the JSON text alone (a byte order
 * mark taken out), with no other fix that names bytes of it, is not linted
 * again: the same JSON, the same findings but those fixed (findings_moved;
 * --diff of a record with a byte order mark linted it twice, 2.0x a lint),
 * nor read again (dom_lent). */
static bool jgf_keeps(void *self, const bool *used, bool full, struct buf *why)
{
	struct jgf_source *s = self;
	free(s->blame);
	s->blame = NULL;
	if (s->in_place)
		return strings_keep(s, used, why);
	free(s->moved);
	s->moved = NULL;
	if (full && round_before_text(s->doc, used) && dom_lent(s)) {
		s->moved = xcalloc(s->doc->diags.len + 1, sizeof *s->moved);
		memcpy(s->moved, used, s->doc->diags.len * sizeof *used);
	} else {
		document_load_buffer(&s->next, s->doc->path, s->text, s->len);
		lint_document(&s->next, full ? s->ls : s->judged);
	}
	const char *worse_rule = worse(s->doc, &s->next);
	if (worse_rule && s->next.parsed)
		blame_added(s, &s->next.diags, used);
	if (worse_rule && why)
		buf_printf(why, "%s%s%s", s->next.parsed ? "it would add a " : "", worse_rule,
			   s->next.parsed ? " error" : "");
	bool keeps = !worse_rule && keeps_game(s, used, why);
	if (!full)
		document_free(&s->next);
	return keeps;
}

static bool jgf_unchanged(void *self)
{
	struct jgf_source *s = self;
	return s->next.len == s->doc->len && memcmp(s->next.text, s->doc->text, s->doc->len) == 0;
}

static void jgf_take(void *self)
{
	struct jgf_source *s = self;
	if (s->moved)
		findings_moved(s);
	s->dom_lent = false;   /* next's now */
	document_free(s->doc);
	*s->doc = s->next;
	s->next = (struct document){ 0 };
	/* next's game, read, is the one the next round is compared with */
	struct jgf_digest t = s->was;
	s->was = s->now, s->now = t;
	s->has_was = s->has_now;
}

static void jgf_drop(void *self)
{
	struct jgf_source *s = self;
	if (s->dom_lent) {
		document_hand_back(s->doc, &s->next);
		s->dom_lent = false;
	}
	document_free(&s->next);
	free(s->moved);
	s->moved = NULL;
}

static struct document *jgf_doc(void *self)
{
	return ((struct jgf_source *)self)->doc;
}

static const struct fix_source jgf_source = {
	jgf_edits, jgf_finding, jgf_write, jgf_keeps, jgf_unchanged, jgf_take, jgf_drop, jgf_doc,
	NULL,   /* a refusal tried again once the text changes */
	NULL,   /* no fix judged alone: each round searched */
	NULL,   /* one part: the record */
	jgf_blamed
};

/* How a check judges the fixes of doc that skip does not leave out: not
 * at all (none, or a byte order mark's alone), in doc's own DOM (strings
 * rewritten: strings_keep), or as --fix does, by the text they write
 * linted again (a migration, a rename, a node split, a value's type
 * changed). What a check judges by a second text is paid there alone: a
 * 10 MB record with a rank to fix was written and linted again at each
 * lint of the editor server, whose memory grew (tests/lsp.sh's 40
 * changes), and a check of records with a colour to fix cost twice its
 * instructions (bench/fix.sh's jgf set). */
enum judgement { JUDGE_NONE, JUDGE_IN_PLACE, JUDGE_TEXT };

static enum judgement judged_by(const struct document *doc, const bool *skip)
{
	enum judgement j = JUDGE_NONE;
	for (size_t i = 0; i < doc->diags.len && j != JUDGE_TEXT; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		unsigned does = f && !(skip && skip[i]) ? fix_does(doc, f) : OP_ALL;
		if (!(does & OP_BEFORE_TEXT))
			j = does & OP_STRING ? JUDGE_IN_PLACE : JUDGE_TEXT;
	}
	return j;
}

/* One pass of a check's offer: the safe fixes, or (unsafe) the unsafe ones
 * alone, as --fix takes them (in rounds of their own, once no safe one is
 * left), written together and judged by --fix's guard (jgf_keeps: no
 * error more, the game kept); a round refused searched as --fix searches
 * it, those refused added to r. A document large enough to take its part
 * of the memory budget is judged in place only: a next text, held beside
 * it, would take a second part the budget did not give (jobs at once ran
 * out of memory where the budget had room for each once: tests/bounds.sh
 * 28). */
static void offer_pass(struct jgf_source *s, bool unsafe, struct fix_refusals *r)
{
	struct document *doc = s->doc;
	size_t n = doc->diags.len;
	s->unsafe = unsafe;
	free(s->skip);
	s->skip = xcalloc(n + 1, sizeof *s->skip);
	for (size_t i = 0; i < n; i++) {
		const struct fix *f = doc->diags.items[i].fix;
		s->skip[i] = f && (f->safety == FIX_UNSAFE) != unsafe;
	}
	enum judgement j = judged_by(doc, s->skip);
	if (j == JUDGE_NONE || (j == JUDGE_TEXT && doc->estimate))
		return;
	s->in_place = j == JUDGE_IN_PLACE;
	bool *used = xcalloc(n + 1, sizeof *used);
	if (jgf_write(s, NULL, used))
		fix_loop_search(&jgf_source, s, n, used, r);
	free(used);
}

void fix_offer(struct document *doc, const struct lint_settings *ls)
{
	if (!doc->parsed || judged_by(doc, NULL) == JUDGE_NONE)
		return;
	struct settings every;
	settings_init(&every);
	struct lint_settings judged = ls ? *ls : (struct lint_settings){ .cli = &every };
	judged.no_replay = true;
	judged.positions = judged.traced = false;
	struct jgf_source s = { .doc = doc, .ls = ls, .judged = &judged };
	struct fix_refusals r = { 0 };
	offer_pass(&s, false, &r);
	offer_pass(&s, true, &r);
	fix_refusals_unoffer(&r, doc);
	fix_refusals_free(&r);
	engine_again_rules_free(s.again);
	settings_free(&every);
	free(s.skip);
	free(s.text);
	free(s.blame);
	jgf_digest_free(&s.was);
	jgf_digest_free(&s.now);
}

bool fix_document(struct document *doc, const struct lint_settings *ls, bool unsafe,
		  struct fix_tally *tally)
{
	if (!doc->parsed)
		repair_document(doc, ls, unsafe, tally);
	if (!doc->parsed)
		return true;
	struct jgf_source s = { .doc = doc, .ls = ls, .judged = ls };
	bool ok = fix_loop(&jgf_source, &s, unsafe, tally);
	free(s.skip);
	free(s.text);
	free(s.moved);
	free(s.blame);
	jgf_digest_free(&s.was);
	jgf_digest_free(&s.now);
	return ok;
}
