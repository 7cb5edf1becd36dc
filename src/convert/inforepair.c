/* inforepair: the repairs --fix --unsafe-fixes writes of game information
 * FF[4] cannot hold, as --to sgf writes it (inforepair.h). */
#include "convert/inforepair.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/locate.h"
#include "convert/say.h"
#include "convert/sgfmerge.h"
#include "convert/sgfvalue.h"
#include "convert/sgfwrite.h"
#include "core/catalog.h"
#include "core/values.h"

/* What the repairs say (convert/say.h): FF[3]'s KO and TE, which no other
 * finding names, and why a value on two lines has no repair. */
#define SAY_KO_ROOT &rule_sgf_kept_property, \
	"KO with a value in a root (FF[3]'s komi) is a value FF[4] rejects there: kept under " \
	"meta.%s as written"
#define SAY_TE_ROOT &rule_sgf_kept_property, \
	"TE in a root that is not 1 or 2 (FF[3]'s, an event's name) is a value FF[4] rejects " \
	"there: kept under meta.%s as written"
#define SAY_NO_FIX_LINES "no fix offered: the value is on two lines, and the fix that " \
	"writes it in GC is written on one"

/* The place of the `]` that closes value v: its `[` and its text, lines
 * ending at LF, CR LF or a lone CR, columns in code points. */
static struct sgf_pos value_close(const struct sgf_value *v)
{
	return sgf_pos_past((struct sgf_pos){ v->pos.line, v->pos.col + 1 }, v->raw, v->len, 0,
			    v->len);
}

static bool pos_after(struct sgf_pos a, struct sgf_pos b)
{
	return a.line != b.line ? a.line > b.line : a.col > b.col;
}

/* Whether value v's `]` was lost: the reader ended it where no `]` of its
 * own stood, the text going on (sgf_value_unclosed: a short value before
 * a property, KM[0.aAB[dd], or a node, KM[x;B[aa], as sgfproperty.c's
 * short_value_end cuts it, or at a line break, `(` or `)`). A repair then
 * ends with the value's text, and writes the `]` where it keeps the value:
 * it takes no byte after (REVIEW.md R62: it took AB's A, a tree's `)` or
 * `(`). Only a short value is cut at a property: a text reads on past
 * `PB[` (PB[aPB[b] is one value, sgf-swallowed-property), so a text's `[`
 * there follows a `]` and a blank (PB[a] [b], REVIEW.md R87). A value of
 * again cut where again is given again (its next value's `[` as far on as
 * its id is long: KM[6.5KM[7.5], merged into the first) is not lost: the
 * caller's repair holds either reading (several_edit's). */
static bool value_lost(const struct sgf_notes *notes, const struct sgf_value *v,
		       const struct sgf_prop *again)
{
	if (!sgf_value_unclosed(notes, v->pos))
		return false;
	struct sgf_pos close = value_close(v);
	uint32_t id_len = again ? (uint32_t)strlen(again->id) : 0;
	for (uint32_t k = 0; again && k < again->nvals; k++)
		if (again->vals[k].pos.line == close.line &&
		    again->vals[k].pos.col == close.col + id_len)
			return false;
	return true;
}

/* The finding of the root's property at pos among c's notes from from on
 * that keeps its value as read (NULL: none). */
static struct sgf_note *kept_finding(const struct conv *c, size_t from, struct sgf_pos pos)
{
	for (size_t i = from; i < c->notes->len; i++) {
		struct sgf_note *n = &c->notes->items[i];
		if (n->pos.line == pos.line && n->pos.col == pos.col &&
		    (n->rule == &rule_sgf_result_read || n->rule == &rule_sgf_kept_property ||
		     n->rule == &rule_sgf_unknown_property ||
		     n->rule == &rule_sgf_annotation_without_move || n->rule == &rule_sgf_komi_read))
			return n;
	}
	return NULL;
}

/* KO with a value, or TE that is not 1 or 2, in a root: FF[3]'s, which no
 * other finding names (a KO read as komi is sgf-komi-read's), said so that
 * its repair has a finding to go with. */
static void root_ff3_said(const struct conv *c, size_t from, const struct sgf_prop *p)
{
	if ((strcmp(p->id, "KO") && strcmp(p->id, "TE")) || kept_finding(c, from, p->pos))
		return;
	if (!strcmp(p->id, "KO"))
		sgf_say(c->notes, p->pos, SAY_KO_ROOT, c->source);
	else
		sgf_say(c->notes, p->pos, SAY_TE_ROOT, c->source);
}

/* The repair of KO where --to sgf writes the record's komi as KM
 * (sgfw_unheld_how's SGFW_AS_KM: KO's value is that komi): KO written as
 * KM[komi] when the komi was read from it, else taken out beside the
 * root's KM, which the komi is. */
static struct unheld_fix ko_as_km(const struct sgf_notes *notes, const struct sgf_prop *p,
			       bool read_komi)
{
	double d;
	char km[40] = "";
	if (read_komi && sgf_komi_words(&p->vals[0], &d))
		snprintf(km, sizeof km, "KM[%.15g]", d);
	struct sgf_pos close = value_close(&p->vals[0]);
	return (struct unheld_fix){ .pos = p->pos, .at = p->pos,
				    .len = close.col + !value_lost(notes, &p->vals[0], NULL) - p->pos.col,
				    .fix = xstrdup(km) };
}

/* What FF[4] holds of value s written in its place (sgfw_unheld_how's
 * held: the record's result, RE[?], DT's year), or NULL: the property
 * taken out. */
static char *held_of(enum sgfw_held held, const char *s, const char *year)
{
	struct buf r = BUF_INIT;
	if (held == SGFW_HELD_RESULT && value_result(s, &r) && r.data)
		return buf_detach(&r);
	buf_free(&r);
	return held == SGFW_HELD_RESULT || held == SGFW_HELD_UNKNOWN ? xstrdup("?") :
	       held == SGFW_HELD_YEAR ? xstrdup(year) : NULL;
}

struct values_past {
	const struct sgf_prop *q;
	struct sgf_pos a;
};

static bool value_past(const void *ctx, size_t i)
{
	const struct values_past *v = ctx;
	return pos_after(v->q->vals[i].pos, v->a);
}

/* Whether a property of node but p, or a value of one, begins after a and
 * before b: a property given again is read into its first, whose place is
 * the first's, its values where they stand (PB[a]GC[g]PB[b]GC[h]: PB[b]
 * between GC's values, REVIEW.md R128). A property's values are in the
 * order of the text: the first after a found by halving (a node of many
 * values asks this of each). */
static bool prop_between(const struct sgf_node *node, const struct sgf_prop *p, struct sgf_pos a,
			 struct sgf_pos b)
{
	for (uint32_t i = 0; i < node->nprops; i++) {
		const struct sgf_prop *q = &node->props[i];
		if (q == p)
			continue;
		if (pos_after(q->pos, a) && pos_after(b, q->pos))
			return true;
		size_t k = bound_first(0, q->nvals, value_past, &(struct values_past){ q, a });
		if (k < q->nvals && pos_after(b, q->vals[k].pos))
			return true;
	}
	return false;
}

/* Where the text after node's last `]` before at on at's line begins
 * (after a value's `]`, or at the line's start where none is there); {0,
 * 0} when that `]` was lost (value_lost). */
static struct sgf_pos after_last_close(const struct sgf_notes *notes, const struct sgf_node *node,
				       struct sgf_pos at)
{
	struct sgf_pos last = { at.line, 0 };
	const struct sgf_value *before = NULL;
	for (uint32_t i = 0; i < node->nprops; i++)
		for (uint32_t k = 0; k < node->props[i].nvals; k++) {
			struct sgf_pos close = value_close(&node->props[i].vals[k]);
			if (close.line == at.line && close.col < at.col && close.col > last.col)
				last = close, before = &node->props[i].vals[k];
		}
	if (before && value_lost(notes, before, NULL))
		return (struct sgf_pos){ 0, 0 };
	return (struct sgf_pos){ at.line, last.col + 1 };
}

/* The end (the `]`) of p's last value when every value after the second
 * follows the one before on its line, each `]` where it stands, with no
 * other property between (TM[3600][1:00:00]; PB[a] [b], blanks between;
 * KM[6.5]KM[7.5], given again and merged); {0, 0} when not. The second
 * may follow the first so, or stand after other properties (KM[6.5]PB[x]
 * KM[7.5], given again: REVIEW.md R87's item 2) or on a line of its own
 * (PB[a] LF [b]); *rest is where the text that holds the values after the
 * first begins: after the first's `]`, after the last `]` before the
 * second on its line, or that line's start. A short value's `]` at a
 * line's end may have been lost there (KM[6.5 LF [7.5]): its second stays
 * on its first's line, or a value or property follows the first there
 * (KM[6.5]GC[g LF LF h]KM[7], GC's R128 repair made first). *one_line: all of them follow the first on p's
 * line. */
static struct sgf_pos values_run(const struct sgf_notes *notes, const struct sgf_node *root,
				 const struct sgf_prop *p, bool *one_line, struct sgf_pos *rest)
{
	struct sgf_pos close = value_close(&p->vals[0]), none = { 0, 0 };
	*one_line = close.line == p->pos.line;
	*rest = (struct sgf_pos){ close.line, close.col + 1 };
	for (uint32_t i = 1; i < p->nvals; i++) {
		if (value_lost(notes, &p->vals[i - 1], p) || !pos_after(p->vals[i].pos, close))
			return none;
		bool apart = p->vals[i].pos.line != close.line ||
			     prop_between(root, p, close, p->vals[i].pos);
		if (apart && i == 1) {
			*rest = after_last_close(notes, root, p->vals[1].pos);
			if (!rest->line ||
			    prop_between(root, p, (struct sgf_pos){ rest->line, rest->col - 1 },
					 p->vals[1].pos) ||
			    (sgf_short_value(p->id) && p->vals[1].pos.line != close.line &&
			     !prop_between(root, p, close, (struct sgf_pos){ close.line + 1, 0 })))
				return none;
			*one_line = false;
		} else if (apart) {
			return none;
		}
		close = value_close(&p->vals[i]);
	}
	return value_lost(notes, &p->vals[p->nvals - 1], NULL) ||
			       close.line != p->vals[p->nvals - 1].pos.line ?
	       none : close;
}

/* The edit of a property of several values of game information FF[4]
 * gives one (sgfw_unheld_how's several, REVIEW.md R77), to last, its last
 * `]`, from rest (values_run's): the values after the first taken out
 * where FF[4] holds the first (TM[3600]), else the first rewritten as held
 * (RE[?]) or the property taken out, as --to sgf writes it. A short
 * value's `]` just before its second may be a `]` lost before the property
 * given again (KM[6.5KM[7.5] reads as KM[6.5] [7.5] does, value_lost): its
 * first is written again, from its text on to the last `]`, which holds
 * both. False where the edit would not be on one line: only the values
 * after the first are taken out apart from it. */
static bool several_edit(const struct sgf_prop *p, struct sgf_pos last, bool one_line,
			 struct sgf_pos rest, bool first_held, char *held, struct unheld_fix *f)
{
	struct sgf_pos close = value_close(&p->vals[0]);
	const char *raw = p->vals[0].raw;
	if (first_held && sgf_short_value(p->id) && rest.line == close.line &&
	    rest.col == close.col + 1) {
		for (uint32_t k = 0; k < p->vals[0].len; k++)
			if ((unsigned char)raw[k] >= 0x80)   /* (a fix is ASCII) */
				return false;
		held = xstrdup(raw);
		first_held = false;
	}
	if (!one_line && (!first_held || held)) {
		free(held);
		return false;
	}
	f->at = first_held ? rest : held ? (struct sgf_pos){ p->pos.line, p->vals[0].pos.col + 1 } :
		p->pos;
	f->len = last.col + !held - f->at.col;
	f->fix = held ? held : xstrdup("");
	return true;
}

/* Where a node ends: after its last `]` (after the text of a last value
 * whose `]` was lost). */
static struct sgf_pos node_end(const struct sgf_notes *notes, const struct sgf_node *node)
{
	struct sgf_pos end = { 0, 0 };
	const struct sgf_value *last = NULL;
	for (size_t i = 0; i < node->nprops; i++) {
		const struct sgf_prop *p = &node->props[i];
		struct sgf_pos close = p->nvals ? value_close(&p->vals[p->nvals - 1]) : p->pos;
		if (pos_after(close, end))
			end = close, end.col++, last = p->nvals ? &p->vals[p->nvals - 1] : NULL;
	}
	end.col -= last && value_lost(notes, last, NULL);
	return end;
}

/* Where a GC of p's own goes in a root that has none: at its end, or
 * after p's first value where another property stands between it and its
 * second (given again after it: PB[a]PW[b][c]PB[d]): p's repair, which
 * takes out the values after the others, then begins at its first place,
 * before theirs (REVIEW.md R112). A round makes the one of the root's
 * repairs that begins first; each later one's paragraph goes into that GC
 * where sgf_gc_paragraph_at puts it, as --to sgf adds it. (A move's
 * node's GC is at its end.) */
static struct sgf_pos own_gc_at(const struct sgf_notes *notes, const struct sgf_node *root,
				const struct sgf_prop *p)
{
	struct sgf_pos first = value_close(&p->vals[0]);
	if (p->nvals > 1 && prop_between(root, p, first, p->vals[1].pos))
		return (struct sgf_pos){ first.line, first.col + 1 };
	return node_end(notes, root);
}

/* f's second edit: p's every value into the node's GC as --to sgf's
 * kept_values writes them, ID[a\][b\], after GC's one value and a blank
 * line (its last paragraph) or before a paragraph of an id written after
 * it, or a GC of its own at end. */
static void values_in_gc(const struct sgf_prop *gc, const struct sgf_prop *p, struct sgf_pos end,
			 struct unheld_fix *f)
{
	struct buf also = BUF_INIT;
	struct sgf_pos before = { 0, 0 };
	if (gc) {   /* where --to sgf adds it (sgf_gc_paragraph_at): REVIEW.md R112's rest,
		     * PB[a]PW[b][c]PB[d]GC[x], PW's repair made first;
		     * LT[30秒]PW[b][c], LT's GC made first; stop 92's
		     * PB[a]KM[x]PB[d]GC[y], KM's made first */
		const struct sgf_value *v = &gc->vals[0];
		*f = (struct unheld_fix){ .pos = f->pos, .at = f->at, .len = f->len, .fix = f->fix,
					  .several = f->several, .in_gc = true, .id = p->id,
					  .gap = sgf_gc_paragraph_at(v->raw, v->len, p->id) };
		if (f->gap < v->len) {
			before = (struct sgf_pos){ v->pos.line, v->pos.col + 1 };
			text_pos_past(v->raw, v->len, 0, f->gap, &before.line, &before.col);
		}
	}
	if (gc && !before.line)
		buf_adds(&also, gc->vals[0].len ? "\n\n" : "");
	else if (!gc)
		buf_adds(&also, "GC[");
	buf_adds(&also, p->id);
	for (uint32_t v = 0; v < p->nvals; v++) {
		buf_addc(&also, '[');
		const char *raw = p->vals[v].raw;
		uint32_t len = p->vals[v].len, bare = 0;
		while (bare < len && raw[len - 1 - bare] == '\\')
			bare++;
		buf_add(&also, raw, len);
		/* a last `\` that escapes nothing (a soft line break's, whose line
		 * break the value ends before; a file cut after it) doubled, as
		 * --to sgf escapes the text read: it would escape the `\]`
		 * (REVIEW.md R106) */
		buf_adds(&also, bare % 2 ? "\\\\]" : "\\]");
	}
	buf_adds(&also, !gc ? "]" : before.line ? "\n\n" : "");
	f->also_at = before.line ? before : gc ? value_close(&gc->vals[0]) : end;
	f->also = buf_detach(&also);
}

/* The edit of GC of several values (GC[a][b], which FF[4] gives one text)
 * that writes them as --to sgf does (sgfwkept.c's gc_values, REVIEW.md
 * R87): one text, its values not empty a blank line apart. Where they
 * follow the first on its line, that text over them; where the second
 * stands apart (GC[g]PB[b]GC[h], given again after another property: a
 * line, or another's value, between), the values after the first taken
 * out and their words added to the first, two edits that write nothing
 * over what stands between (REVIEW.md R128: one edit over it wrote the
 * joined GC over PB[b]). False when the values after the first are not
 * on one line (the edit's), or a `]` was lost. */
static bool gc_one_text(const struct sgf_notes *notes, const struct sgf_node *node,
			const struct sgf_prop *gc, struct unheld_fix *f)
{
	bool one_line;
	struct sgf_pos rest, last = values_run(notes, node, gc, &one_line, &rest);
	struct sgf_pos from = one_line ? (struct sgf_pos){ gc->pos.line, gc->vals[0].pos.col + 1 }
				       : rest;
	if (gc->nvals < 2 || !last.line || last.line != from.line)
		return false;
	struct buf text = BUF_INIT;
	for (uint32_t v = 0; v < gc->nvals; v++) {
		if (!gc->vals[v].len)
			continue;
		buf_adds(&text, text.len ? "\n\n" : "");
		buf_add(&text, gc->vals[v].raw, gc->vals[v].len);
	}
	*f = (struct unheld_fix){ .pos = gc->pos, .several = true, .at = from,
				  .len = last.col + !one_line - from.col };
	if (one_line) {
		f->fix = text.data ? buf_detach(&text) : xstrdup("");
		return true;
	}
	f->fix = xstrdup("");
	f->also_at = value_close(&gc->vals[0]);
	f->also = xstrdup(text.data ? text.data + gc->vals[0].len : "");
	buf_free(&text);
	return true;
}

/* Whether every value of p says nothing (sgfw_says_nothing: EV[][ ]): as
 * one such value (REVIEW.md R105): the values after the first taken out. */
static bool says_nothing(const struct sgf_prop *p)
{
	bool nothing = true;
	for (uint32_t k = 0; nothing && k < p->nvals; k++) {
		char *s = sgf_simple_of(&p->vals[k]);
		nothing = sgfw_says_nothing(s);
		free(s);
	}
	return nothing;
}

/* Of the fixes of plan that add a paragraph to one place of the node's GC,
 * the one whose id sgf_prop_order puts first, alone: two in one round are
 * written in the order of their edits' places, not that order
 * (EV[a][b]GC[LT[x\]]PB[c][d]: EV's edit ends where PB's begins); --fix's
 * next round adds the next, before or after it as sgf_gc_paragraph_at
 * puts it, which gives one order whatever order they come in. */
static void one_a_gap(struct unheld_plan *plan)
{
	size_t k = 0;
	for (size_t i = 0; i < plan->len; i++) {
		struct unheld_fix *f = &plan->items[i];
		bool later = false;
		for (size_t j = 0; j < plan->len && f->in_gc && !later; j++) {
			const struct unheld_fix *o = &plan->items[j];
			int order = o->in_gc && o->gap == f->gap ? sgf_prop_order(o->id, f->id) : 1;
			later = j != i && (order < 0 || (!order && j < i));
		}
		if (later) {
			free(f->fix);
			free(f->also);
			continue;
		}
		plan->items[k++] = *f;
	}
	plan->len = k;
}

static void plan_add(struct unheld_plan *plan, const struct unheld_fix *f)
{
	plan->items = xgrow(plan->items, &plan->cap, plan->len + 1, sizeof *plan->items);
	plan->items[plan->len++] = *f;
}

void node_several_fixes(struct conv *c, const struct sgf_node *node, size_t from)
{
	struct unheld_plan plan = { 0 };
	if (strcmp(c->source, "sgf"))
		return;
	const struct sgf_prop *gc = sgf_prop_find(node, "GC");
	for (size_t i = 0; i < node->nprops; i++) {
		const struct sgf_prop *p = &node->props[i];
		struct unheld_fix f = { 0 };
		if (p->nvals < 2 || (p != gc && !sgfw_one_info(p->id)))
			continue;   /* (AB's points: values_run not walked) */
		bool one_line;
		struct sgf_pos rest, last = p != gc ? values_run(c->notes, node, p, &one_line, &rest) :
						(struct sgf_pos){ 0, 0 };
		if (p == gc) {
			if (!gc_one_text(c->notes, node, p, &f))
				continue;
		} else if (last.line && says_nothing(p)) {   /* its first alone */
			f = (struct unheld_fix){ .pos = p->pos, .several = true };
			if (!several_edit(p, last, one_line, rest, true, NULL, &f))
				continue;
		} else if (last.line && (!gc || gc->nvals == 1)) {
			/* the first, where FF[4] holds it, as --to sgf writes it */
			char *s = sgf_simple_of(&p->vals[0]);
			bool first_held = sgfw_first_held(p->id, s, false);
			free(s);
			f = (struct unheld_fix){ .pos = p->pos, .several = true };
			if (!several_edit(p, last, one_line, rest, first_held, NULL, &f))
				continue;
			values_in_gc(gc, p, node_end(c->notes, node), &f);
		} else {
			continue;
		}
		plan_add(&plan, &f);
	}
	one_a_gap(&plan);
	for (size_t i = 0; i < plan.len; i++) {
		struct unheld_fix *f = &plan.items[i];
		for (size_t k = from; k < c->notes->len; k++) {
			struct sgf_note *n = &c->notes->items[k];
			if ((n->rule == &rule_sgf_info_outside_root ||
			     n->rule == &rule_sgf_unknown_property) &&   /* (FF[3]'s ID) */
			    n->pos.line == f->pos.line && n->pos.col == f->pos.col) {
				sgf_note_fix_two(n, f->at, f->len, f->fix, f->also_at, f->also);
				break;
			}
		}
		free(f->fix);
		free(f->also);
	}
	free(plan.items);
}

void root_unheld_plan(const struct conv *c, const struct sgf_node *root, size_t from,
		      const double *komi, struct unheld_plan *plan)
{
	static const char *const ids[] = { "RE", "DT", "KM", "HA", "LT", "DO", "IT", "BM", "KO", "TE",
					   NULL };
	*plan = (struct unheld_plan){ 0 };
	if (strcmp(c->source, "sgf"))
		return;
	const struct sgf_prop *gc = sgf_prop_find(root, "GC");
	for (size_t i = 0; i < root->nprops; i++) {
		const struct sgf_prop *p = &root->props[i];
		struct unheld_fix g;
		if (p == gc && gc_one_text(c->notes, root, p, &g)) {
			plan_add(plan, &g);
			continue;
		}
		size_t k = 0;
		while (ids[k] && strcmp(ids[k], p->id))
			k++;
		bool several = p->nvals > 1 && sgfw_one_info(p->id), one_line = false;
		struct sgf_pos rest, last = several ? values_run(c->notes, root, p, &one_line, &rest) :
						value_close(&p->vals[0]);
		if (several && says_nothing(p)) {   /* its first alone */
			struct unheld_fix f = { .pos = p->pos, .several = true };
			if (!last.line || !several_edit(p, last, one_line, rest, true, NULL, &f))
				continue;
			plan_add(plan, &f);
			continue;
		}
		if ((!ids[k] || p->nvals != 1) && (!several || !last.line))
			continue;
		const struct sgf_note *n = kept_finding(c, from, p->pos);
		bool read = !n || n->rule != &rule_sgf_kept_property;
		char *s = sgf_simple_of(&p->vals[0]), year[5];
		struct sgf_pos close = value_close(&p->vals[0]);
		enum sgfw_held hold;
		enum sgfw_unheld how = sgfw_unheld_how(p->id, s, p->nvals > 1, read, komi, &hold,
						       year);
		bool cannot = how != SGFW_WRITTEN;
		if (cannot)
			root_ff3_said(c, from, p);
		struct sgf_note *said = cannot ? kept_finding(c, from, p->pos) : NULL;
		if (said && close.line != p->pos.line) {
			char *why = xasprintf("%s (%s)", said->text, SAY_NO_FIX_LINES);
			free(said->text);
			said->text = why;
		}
		bool unheld = cannot && close.line == p->pos.line && (!gc || gc->nvals == 1);
		/* a first value that says nothing, beside one that does (KM[ ][6.5],
		 * EV[]EV[x]): --to sgf writes none of it (a datum read from it says
		 * nothing) and the property in GC alone: the repair takes it out
		 * (REVIEW.md R127) */
		bool first_held = several && sgfw_first_held(p->id, s, read);
		char *held = unheld && !first_held ? held_of(hold, s, year) : NULL;
		free(s);
		if (!unheld || how == SGFW_AS_SECONDS)   /* (TM: not among ids) */
			continue;
		if (how == SGFW_AS_KM) {
			struct unheld_fix ko = ko_as_km(c->notes, p, n && n->rule == &rule_sgf_komi_read);
			plan_add(plan, &ko);
			continue;
		}
		struct unheld_fix f = { .pos = p->pos, .several = several };
		/* the value rewritten (its lost `]` written), or the property (on
		 * one line) taken out */
		bool lost = value_lost(c->notes, &p->vals[0], NULL);
		if (several && !several_edit(p, last, one_line, rest, first_held, held, &f)) {
			continue;
		} else if (!several) {
			f.at = held ? (struct sgf_pos){ p->pos.line, p->vals[0].pos.col + 1 } : p->pos;
			f.len = held ? close.col - f.at.col : close.col + !lost - f.at.col;
			f.fix = held && lost ? xasprintf("%s]", held) : held ? held : xstrdup("");
			if (held && lost)
				free(held);
		}
		values_in_gc(gc, p, own_gc_at(c->notes, root, p), &f);
		plan_add(plan, &f);
	}
}

void root_unheld_attach(struct conv *c, struct unheld_plan *plan, size_t from)
{
	one_a_gap(plan);
	for (size_t i = 0; i < plan->len; i++) {
		struct unheld_fix *f = &plan->items[i];
		struct sgf_note *n = kept_finding(c, from, f->pos);
		while (f->several && n && n->rule != &rule_sgf_kept_property &&
		       n->rule != &rule_sgf_unknown_property)   /* RE's safe fix stays */
			n = kept_finding(c, (size_t)(n - c->notes->items) + 1, f->pos);
		if (n && f->also)
			sgf_note_fix_two(n, f->at, f->len, f->fix, f->also_at, f->also);
		else if (n)   /* one edit (KO as KM): unsafe, as the others */
			sgf_note_fix_two(n, f->at, f->len, f->fix, f->at, NULL);
		free(f->fix);
		free(f->also);
	}
	free(plan->items);
	*plan = (struct unheld_plan){ 0 };
}
