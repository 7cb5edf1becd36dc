/* dupreport: a group of duplicates as the report gives it: its copies
 * listed, each with its relation to the kept one (duprelation.c), the
 * facts they agree and differ on, and which copy to keep and why. */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"

/* What the report compares after the facts (fact_names'): comments, and
 * markup. */
enum { FACT_COMMENTS = FACT_COUNT, FACT_MARKUP };

/* Whether e gives fact which (a player named, not a placeholder:
 * dup_no_player), comments or markup (on any node: a variation's too). */
static bool has_fact(const struct dup_set *s, const struct entry *e, int which)
{
	return which < FACT_COUNT ? dup_gives(s, e, which)
	       : which == FACT_COMMENTS ? e->comments > 0 || e->comment_items > 0
	       : e->mark_items > 0;
}

static void add_string(json_object *o, const char *key, const char *v)
{
	if (v)
		dom_add(o, key, dom_string(v));
}

json_object *dup_game_place(const struct dup_set *s, const struct entry *e)
{
	json_object *o = dom_object();
	dom_add(o, "path", dom_string(s->sources[e->source]));
	if (e->count > 1)
		dom_add(o, "game", dom_uint(e->index + 1));
	return o;
}

json_object *dup_member_json(const struct dup_set *s, const struct entry *e)
{
	json_object *m = dup_game_place(s, e);
	dom_add(m, "format", dom_string(e->format));
	dom_add(m, "moves", dom_uint(e->moves));
	if (e->handicap_moves)
		dom_add(m, "handicapMoves", dom_uint(e->handicap_moves));
	add_string(m, "black", dup_fact(s, e, FACT_BLACK));
	add_string(m, "white", dup_fact(s, e, FACT_WHITE));
	add_string(m, "date", dup_fact(s, e, FACT_DATE));
	add_string(m, "result", dup_fact(s, e, FACT_RESULT));
	add_string(m, "event", dup_fact(s, e, FACT_EVENT));
	const char *komi = dup_fact(s, e, FACT_KOMI), *handicap = dup_fact(s, e, FACT_HANDICAP);
	if (komi)
		dom_add(m, "komi", dom_double_s(strtod(komi, NULL), komi));
	if (handicap)
		dom_add(m, "handicap", dom_int(strtoll(handicap, NULL, 10)));
	add_string(m, "rules", dup_fact(s, e, FACT_RULES));
	dom_add(m, "comments", dom_uint(e->comments));
	if (e->mark_items)   /* (none: said by leaving it out, as a report before them) */
		dom_add(m, "markup", dom_uint(e->mark_items));
	if (e->illegal)
		dom_add(m, "illegal", dom_uint(e->illegal));
	if (e->variations)   /* (none: said by leaving it out, as a report before them) */
		dom_add(m, "variations", dom_uint(e->variations));
	if (e->vars_unknown)   /* too many nodes to read: its variations not compared */
		dom_add(m, "variationsCompared", dom_bool(false));
	if (e->indexed)
		dom_add(m, "indexed", dom_bool(true));
	if (e->position)
		dom_add(m, "position", dom_bool(true));
	return m;
}


static const char *const fact_names[FACT_MARKUP + 1] = { "black", "white", "date", "result",
	"event", "komi", "handicap", "rules", "round", "black's rank", "white's rank", "comments",
	"markup" };

static bool same_fact(const struct dup_set *s, const struct entry *e, int f, bool swapped,
		      const char *w);

/* Whether copies a and b give the same players (as written: a rank
 * after one is no other player, but what deleting the copy loses), date,
 * result, event and comments (texts and where they stand), a's colours
 * read as b's. */
static bool same_record(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	bool swapped = (a->sym ^ b->sym) & 8;
	for (int f = 0; f < FACT_KOMI; f++) {
		const char *w = dup_fact(s, b, f);
		if (!same_fact(s, a, f, swapped, w))
			return false;
		const char *v = dup_fact(s, a, swapped && f <= FACT_WHITE ? f ^ 1 : f);
		if (f <= FACT_WHITE && v && w && !dup_same_text(v, w))
			return false;
		/* (the ranks given apart where both give one, as written) */
		v = f <= FACT_WHITE ? dup_fact(s, a, FACT_BLACK_RANK + (swapped ? f ^ 1 : f)) : NULL;
		w = v ? dup_fact(s, b, FACT_BLACK_RANK + f) : NULL;
		if (v && w && !dup_same_text(v, w))
			return false;
	}
	return a->comments == b->comments && a->comment_hash == b->comment_hash &&
	       a->mark_items == b->mark_items && a->mark_hash == b->mark_hash;
}

/* A copy (ids[i], its member m) the same as one listed before it (not
 * the kept one: its relation says so) says which ("sameAs"): the same
 * moves and variations, terms, facts and comments, what a keeper drops
 * without reading on. */
static void same_as(struct dup_set *s, const size_t *ids, size_t i, json_object *const *shown,
		    json_object *m)
{
	const struct entry *e = &s->games[ids[i]];
	for (size_t j = 0; j < i; j++) {
		const struct entry *o = &s->games[ids[j]];
		if (!shown[j] || o->whole != e->whole || o->len != e->len || !dup_same_terms(s, o, e) ||
		    !dup_same_tree(o, e) || !same_record(s, e, o))
			continue;
		uint16_t *ko = dup_load_key(s, o), *ke = dup_load_key(s, e);
		bool same = !dup_cmp_key(ko, ke, e->len);
		free(ko);
		free(ke);
		if (same) {
			dom_add(m, "sameAs", dup_game_place(s, o));
			return;
		}
	}
}

/* What in[i] of a group's game says: left out of it, in it, or in it with
 * its colours swapped against the kept copy (--swap-colors). */
enum { OUT, IN, IN_SWAPPED };

/* The members of the group ids (n games) pushed to members after the
 * kept copy k: each copy within the bounds the report gives, its
 * relation to k; in[i] says which are (k too) and how. Returns the weakest
 * relation (REL_IDENTICAL to REL_NEAR); texts[i], how each one's comments
 * stand to k's (texts_kept); *listed, the copies listed; *near, whether
 * one of them is near k (its relation REL_NEAR, as computed);
 * *terms, whether a copy of k's moves or their beginning was played under
 * other terms (its relation then "same-moves", never "identical" nor
 * "prefix": a keeper told so deletes the copy with the true komi). */
static int list_members(struct dup_set *s, const size_t *ids, size_t n, size_t keep,
			json_object *members, unsigned char *in, unsigned char *texts, size_t *listed,
			bool *near, bool *terms)
{
	const struct entry *k = &s->games[keep];
	uint16_t *kk = dup_load_key(s, k);
	int width = kk[0], height = kk[1], worst = 0;
	free(kk);
	json_object **shown = xcalloc(n, sizeof *shown);
	*listed = 0;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (ids[i] == keep) {
			in[i] = IN;
			continue;
		}
		json_object *m = dup_member_json(s, e);
		size_t ndiffs = 0;
		int rel = dup_relation(s, k, e, m, width, height, &ndiffs, &texts[i]);
		if (rel < 0 || (rel == REL_NEAR && ndiffs > (size_t)s->o.max_differ)) {
			json_object_put(m);   /* beyond the bounds: not a copy of the kept one */
			continue;
		}
		in[i] = json_object_object_get_ex(m, "colorsSwapped", NULL) ? IN_SWAPPED : IN;
		worst = rel > worst ? rel : worst;
		*near |= rel == REL_NEAR;
		if (rel <= REL_PREFIX && !dup_same_terms(s, k, e)) {
			dom_add(m, "relation", dom_string("same-moves"));
			*terms = true;
		}
		if (rel)
			same_as(s, ids, i, shown, m);
		shown[i] = m;
		dom_push(members, m);
		(*listed)++;
	}
	free(shown);
	return worst;
}

/* Whether a copy's fact f (its colours swapped against the kept copy's
 * with swapped: its white player is the kept copy's black, its W+R is B+R)
 * is the kept copy's w. */
static bool same_fact(const struct dup_set *s, const struct entry *e, int f, bool swapped,
		      const char *w)
{
	const char *v = dup_fact(s, e, swapped && f <= FACT_WHITE ? f ^ 1 : f);
	if (f <= FACT_WHITE && dup_no_player(v))
		v = NULL;   /* a placeholder names no player: as none given */
	if (f <= FACT_WHITE && dup_no_player(w))
		w = NULL;
	if (!v || !w)
		return !v && !w;
	if (f == FACT_KOMI || f == FACT_HANDICAP)   /* as numbers: 6.5 is 6.50 */
		return strtod(v, NULL) == strtod(w, NULL);
	if (f <= FACT_WHITE)   /* one name: LEE, Sedol is Lee Sedol 9p */
		return dup_same_text(v, w) || dup_same_player(v, w);
	if (f == FACT_DATE)   /* one day: 2016.3.9 is 2016-03-09 */
		return dup_same_date(v, w);
	if (f != FACT_RESULT)
		return dup_same_text(v, w);
	if (!swapped || !strchr("BWbw", v[0]) || !v[0] || v[1] != '+')
		return dup_same_result(v, w);   /* B+13.50 is B+13.5 */
	char *t = xstrdup(v);
	t[0] = strchr("Bb", v[0]) ? 'W' : 'B';
	bool same = dup_same_result(t, w);
	free(t);
	return same;
}

/* Whether copy e gives fact f, which the kept copy k lacks, as a value
 * k can take (its colours read as k's when swapped): a player k names
 * of the other colour is no black (or white) to copy into it, but the
 * players written exchanged (players_exchanged says so). */
static bool gives_lacked(const struct dup_set *s, const struct entry *e, int f, bool swapped,
			 const struct entry *k)
{
	int g = swapped && f <= FACT_WHITE ? f ^ 1 : f;
	if (!has_fact(s, e, g))
		return false;
	return f > FACT_WHITE || !dup_same_player(dup_fact(s, e, g), dup_fact(s, k, f ^ 1));
}

/* Whether k and e name the same two players (dup_same_player), as written
 * or exchanged. */
static bool same_players(const struct dup_set *s, const struct entry *k, const struct entry *e)
{
	const char *kb = dup_fact(s, k, FACT_BLACK), *kw = dup_fact(s, k, FACT_WHITE);
	const char *eb = dup_fact(s, e, FACT_BLACK), *ew = dup_fact(s, e, FACT_WHITE);
	return (dup_same_player(kb, eb) && dup_same_player(kw, ew)) ||
	       (dup_same_player(kb, ew) && dup_same_player(kw, eb));
}

/* Whether copy e names as its player of colour f (FACT_BLACK, FACT_WHITE;
 * its colours read as k's where swapped) another player than the kept copy
 * k (dup_other_player: Park Junghwan and Park Younghwan, whatever words
 * they share), and a player of the other colour is named another too as
 * written exchanged: not a copy that writes the two exchanged, which has
 * its own advice (players_exchanged). */
static bool other_player_named(const struct dup_set *s, const struct entry *k,
			       const struct entry *e, bool swapped, int f)
{
	const char *kb = dup_fact(s, k, FACT_BLACK), *kw = dup_fact(s, k, FACT_WHITE);
	const char *eb = dup_fact(s, e, swapped ? FACT_WHITE : FACT_BLACK);
	const char *ew = dup_fact(s, e, swapped ? FACT_BLACK : FACT_WHITE);
	return dup_other_player(f == FACT_BLACK ? eb : ew, f == FACT_BLACK ? kb : kw) &&
	       (dup_other_player(eb, kw) || dup_other_player(ew, kb));
}

/* Whether copy e's handicap is compared with the kept copy k's: as read
 * (HA[2] and two black moves in a row read as its stones agree; HA[3] and
 * they do not), but for where one gives none and the other's is black
 * moves in a row its record declares no handicap for (stones_undeclared:
 * a move inserted or lost, which its relation says; the moves differ, not
 * the terms). */
static bool handicap_compared(const struct dup_set *s, const struct entry *k,
			      const struct entry *e)
{
	return !(e->stones_undeclared && !has_fact(s, k, FACT_HANDICAP)) &&
	       !(k->stones_undeclared && !has_fact(s, e, FACT_HANDICAP));
}

/* Adds name to a list of them ("date, result"). */
static void list_add(struct buf *list, const char *name)
{
	buf_printf(list, "%s%s", list->len ? ", " : "", name);
}

/* The facts the group's copies (those in[]) agree on with the kept copy
 * k, and those they differ in ("agree", "differ" of g), a copy of colours
 * swapped read as the kept copy's colours; the moves in one of them as
 * worst (the weakest relation) says; the terms that differ, and the
 * date, result, event or a player's rank two copies give otherwise, added
 * to terms ("result, komi", nothing when none), the facts the kept copy
 * lacks and another gives to lacks; *comments: whether a copy has
 * comments the kept copy has not. */
static void agreement(struct dup_set *s, const size_t *ids, size_t n, const unsigned char *in,
		      const unsigned char *texts, const struct entry *k, int worst, json_object *g,
		      struct buf *terms, struct buf *lacks, bool *comments, bool *markup)
{
	json_object *agree = dom_array(), *differ = dom_array();
	*comments = *markup = false;
	for (int f = 0; f <= FACT_MARKUP; f++) {
		/* the round is read by records without moves only (dupfacts.c);
		 * the ranks with their players (ranks, below) */
		if (f == FACT_ROUND || f == FACT_BLACK_RANK || f == FACT_WHITE_RANK)
			continue;
		bool same = true, any = false, lacked = false, disputed = false, ranks = false;
		bool rank_lacked = false;
		size_t others = 0;   /* the copies compared beside k */
		for (size_t i = 0; i < n; i++) {
			const struct entry *e = &s->games[ids[i]];
			if (!in[i] || (f == FACT_HANDICAP && !handicap_compared(s, k, e)))
				continue;
			others += e != k;
			any |= has_fact(s, e, f);
			/* a date, result or event both give, each another (the
			 * players written exchanged have their own advice; a
			 * date that gives the month or year alone and holds
			 * the other's day is no other date) */
			disputed |= f >= FACT_DATE && f <= FACT_EVENT && has_fact(s, k, f) &&
				    has_fact(s, e, f) && !same_fact(s, e, f, in[i] == IN_SWAPPED,
								    dup_fact(s, k, f)) &&
				    !(f == FACT_DATE && (dup_date_holds(s, e, k) || dup_date_holds(s, k, e)));
			/* a player named otherwise, where the moves say one game
			 * (a shorter game's copies are asked whether it is:
			 * short_doubt) */
			disputed |= f <= FACT_WHITE && e != k &&
				    (DUP_PLAYED(k) >= DUP_NEAR_MIN_MOVES || k->position) &&
				    other_player_named(s, k, e, in[i] == IN_SWAPPED, f);
			lacked |= dup_lackable(f) && !has_fact(s, k, f) && gives_lacked(s, e, f,
				  in[i] == IN_SWAPPED, k);
			/* one player, a rank (given apart, or after the name)
			 * another (never compared where one gives none); or
			 * given where the kept copy gives none (REVIEW.md R190) */
			int c = in[i] == IN_SWAPPED && f <= FACT_WHITE ? f ^ 1 : f;
			ranks |= f <= FACT_WHITE && e != k &&
				 dup_ranks_differ(dup_fact(s, e, c), dup_fact(s, e, FACT_BLACK_RANK + c),
						  dup_fact(s, k, f), dup_fact(s, k, FACT_BLACK_RANK + f));
			rank_lacked |= f <= FACT_WHITE && dup_lackable(FACT_BLACK_RANK + f) && e != k &&
				       !has_fact(s, k, FACT_BLACK_RANK + f) &&
				       dup_same_player(dup_fact(s, e, c), dup_fact(s, k, f)) &&
				       has_fact(s, e, FACT_BLACK_RANK + c);
			if (f < FACT_COUNT)
				same &= same_fact(s, e, f, in[i] == IN_SWAPPED, dup_fact(s, k, f));
			else if (f == FACT_COMMENTS)   /* their texts, each after the move aligned with k's */
				same &= e == k || (e->comments == k->comments &&
						   TEXTS_OF(texts[i]) == TEXTS_SAME);
			else   /* each mark at its node, as a text */
				same &= e == k || MARKS_OF(texts[i]) == TEXTS_SAME;
		}
		any &= others > 0;
		if (any)
			dom_push(same ? agree : differ, dom_string(fact_names[f]));
		if ((any && !same && f >= FACT_KOMI && f <= FACT_RULES) || disputed)
			list_add(terms, fact_names[f]);
		if (ranks) {   /* which rank is true no count of copies tells, as a date */
			dom_push(differ, dom_string(fact_names[FACT_BLACK_RANK + f]));
			list_add(terms, fact_names[FACT_BLACK_RANK + f]);
		}
		if (lacked)
			list_add(lacks, fact_names[f]);
		if (rank_lacked)
			list_add(lacks, fact_names[FACT_BLACK_RANK + f]);
	}
	/* A text another copy has that the kept copy has not after the same
	 * move: deleted with it, its commentary is lost. */
	for (size_t i = 0; i < n; i++) {
		*comments |= in[i] && TEXTS_OF(texts[i]) == TEXTS_LOST;
		*markup |= in[i] && MARKS_OF(texts[i]) == TEXTS_LOST;
	}
	/* Variations another copy holds: a copy kept for its facts (a short
	 * game's, over one with a variation) would lose them with the rest. */
	for (size_t i = 0; i < n; i++)
		if (in[i] && s->games[ids[i]].variations > k->variations) {
			list_add(lacks, "variations");
			break;
		}
	/* the moves of every variation (a position's solution) compared; not
	 * said where the copies' main lines agree and some variations were
	 * too many to read */
	if (worst != REL_UNCOMPARED)
		dom_push(worst != REL_IDENTICAL ? differ : agree, dom_string("moves"));
	dom_add(g, "agree", agree);
	dom_add(g, "differ", differ);
}

/* Whether copy e names a player of k's colour (its colours read as k's
 * where swapped) in a spelling only the fold of romanisations ties to
 * k's (dup_respelt_player). */
static bool respelt(const struct dup_set *s, const struct entry *k, const struct entry *e,
		    bool swapped)
{
	for (int f = FACT_BLACK; f <= FACT_WHITE; f++)
		if (dup_respelt_player(dup_fact(s, e, swapped ? f ^ 1 : f), dup_fact(s, k, f)))
			return true;
	return false;
}

/* Whether a copy listed (in[]) beside the kept copy k, a game of fewer
 * than DUP_NEAR_MIN_MOVES moves, may be another game, where two games can
 * share those moves: its players or date do not say it is k's game
 * (dup_facts_say: linked because nothing said it is another, names in
 * another script, a date one gives), or it names a player otherwise
 * (other_player_named: one game by its moves and day, the man page's
 * "whatever the other's names"), or in a spelling only the fold of
 * romanisations ties to k's (respelt: one player for grouping, maybe
 * two). A longer game's copies are one game by
 * their moves: a player named otherwise is a fact they disagree on
 * (agreement). */
static bool short_doubt(const struct dup_set *s, const size_t *ids, size_t n,
			const unsigned char *in, const struct entry *k)
{
	if (DUP_PLAYED(k) >= DUP_NEAR_MIN_MOVES || k->position)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (!in[i] || e == k)
			continue;
		if ((dup_facts_given(s, e) && dup_facts_say(s, k, e) != FACTS_ONE_GAME) ||
		    other_player_named(s, k, e, in[i] == IN_SWAPPED, FACT_BLACK) ||
		    other_player_named(s, k, e, in[i] == IN_SWAPPED, FACT_WHITE) ||
		    respelt(s, k, e, in[i] == IN_SWAPPED))
			return true;
	}
	return false;
}

/* Whether a copy listed (in[]) beside the kept copy k, records without a
 * move, names a player otherwise (in another script or romanisation, or
 * not at all): one game by their facts alone, one player, the day, the
 * event and the result (REVIEW.md R51), which a player's games of a day
 * can share. */
static bool unplayed_doubt(const struct dup_set *s, const size_t *ids, size_t n,
			   const unsigned char *in, const struct entry *k)
{
	if (DUP_PLAYED(k) || k->position)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (in[i] && e != k && !same_players(s, k, e))
			return true;
	}
	return false;
}

/* Whether a copy listed (in[]) beside the kept copy k writes the players
 * exchanged against k or against the first other copy that names both
 * (k may name none: its copies can still disagree). */
static bool players_exchanged(const struct dup_set *s, const size_t *ids, size_t n,
			      const unsigned char *in, const struct entry *k)
{
	const struct entry *ref = NULL;
	bool ref_swapped = false;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &s->games[ids[i]];
		if (!in[i] || e == k)
			continue;
		bool swapped = in[i] == IN_SWAPPED;
		if (dup_players_exchanged(s, e, k, swapped) ||
		    (ref && dup_players_exchanged(s, e, ref, swapped != ref_swapped)))
			return true;
		if (!ref && dup_fact(s, e, FACT_BLACK) && dup_fact(s, e, FACT_WHITE))
			ref = e, ref_swapped = swapped;
	}
	return false;
}

/* The group of ids (n games, in the order read): its kept copy, each
 * other copy's relation to it. A copy whose relation is not within the
 * bounds the report gives (a near copy of a near copy, more than
 * --max-differ moves from the kept one) is left out of the group: it
 * links to it through another copy only; left gets those (*nleft of
 * them, in the order read). NULL when no copy is left but the kept one.
 * *copies: the copies listed, not kept. */
json_object *dup_group_json(struct dup_set *s, const size_t *ids, size_t n, size_t keep,
			       const struct keep_why *why, size_t *copies, size_t *left,
			       size_t *nleft)
{
	const struct entry *k = &s->games[keep];
	json_object *members = dom_array();
	json_object *kept = dup_member_json(s, k);
	dom_add(kept, "relation", dom_string("kept"));
	dom_push(members, kept);
	unsigned char *in = xcalloc(n, sizeof *in), *texts = xcalloc(n, sizeof *texts);
	size_t listed;
	bool other_terms = false, near = false;   /* (a near copy listed: not the beginning) */
	int worst = list_members(s, ids, n, keep, members, in, texts, &listed, &near,
				 &other_terms);
	*nleft = 0;
	for (size_t i = 0; i < n; i++)
		if (!in[i])
			left[(*nleft)++] = ids[i];
	if (!listed) {
		free(in);
		free(texts);
		json_object_put(members);
		return NULL;
	}
	*copies = listed;
	json_object *g = dom_object();
	dom_add(g, "class", dom_string(worst == REL_IDENTICAL && other_terms ? "same-moves"
				       : dup_rel_name(worst, k->position)));
	dom_add(g, "moves", dom_uint(k->moves));
	if (k->passes_after && !k->position)   /* no moves: the header counts without them */
		dom_add(g, "passesAfter", dom_uint(k->passes_after));
	struct buf terms = BUF_INIT, lacks = BUF_INIT;
	bool other_comments, other_markup;
	agreement(s, ids, n, in, texts, k, worst, g, &terms, &lacks, &other_comments,
		  &other_markup);
	bool doubt = short_doubt(s, ids, n, in, k), exchanged = players_exchanged(s, ids, n, in, k);
	bool unplayed = unplayed_doubt(s, ids, n, in, k);
	free(in);
	free(texts);
	dom_add(g, "keep", dom_string(s->sources[k->source]));
	if (k->count > 1)
		dom_add(g, "keepGame", dom_uint(k->index + 1));
	char words[1280];   /* (two ties said whole: some 840 bytes; and a copy not kept
			     * for its facts as written, some 250) */
	dup_why_words(why, listed + 1, k, worst == REL_MIDDLE, near, words, sizeof words);
	struct buf why_text = BUF_INIT;   /* the reservations after it, never cut */
	buf_adds(&why_text, words);
	if (lacks.len)   /* kept for its moves, comments or variations: the rest would be lost */
		buf_printf(&why_text, "; but other copies give the %s it lacks: copy them "
		    "into it before deleting them", lacks.data);
	if (other_comments)   /* commentary no count of comments weighs */
		buf_printf(&why_text, "; but other copies have comments it has not: copy "
		    "them into it before deleting them");
	if (other_markup)   /* marks no count of them weighs (another label, another node) */
		buf_printf(&why_text, "; but other copies have marks it has not: copy "
		    "them into it before deleting them");
	if (terms.len)   /* which is true no count of copies tells: the keeper is asked */
		buf_printf(&why_text, "; but the copies disagree on %s: find out which is "
		    "true before deleting any", terms.data);
	if (dup_kept_beside_moves(why))   /* which moves were played no count of copies tells */
		buf_printf(&why_text, "; but the copies' moves differ: find out which were "
		    "played before deleting any");
	if (exchanged)   /* which copy writes them right no count tells */
		buf_printf(&why_text, "; but a copy writes the players exchanged: find out "
		    "which is true before deleting any");
	if (doubt)   /* linked for nothing against it: the keeper is asked */
		buf_printf(&why_text, "; but a copy names the players or date otherwise, "
		    "and two games can share fewer than %d moves: find out whether it is this game "
		    "before deleting it", DUP_NEAR_MIN_MOVES);
	if (unplayed)   /* one game by facts a player's games of a day can share */
		buf_printf(&why_text, "; but these records have no moves, and a copy names "
		    "a player otherwise: find out whether it is this game before deleting it");
	if (why->moves == KEEP_UNINSERTED)   /* inserted in copying, or lost from this one */
		buf_printf(&why_text, "; but find out whether the moves the other copy has "
		    "among these were played before deleting it");
	dom_add(g, "why", dom_string(why_text.data));
	buf_free(&why_text);
	buf_free(&terms);
	buf_free(&lacks);
	dom_add(g, "games", members);
	return g;
}

/* A game as a fragment's entry names it: {"path", "game", "moves",
 * "passesAfter"}. */
json_object *dup_game_ref(const struct dup_set *s, const struct entry *e)
{
	json_object *o = dup_game_place(s, e);
	dom_add(o, "moves", dom_uint(e->moves));
	if (e->passes_after && !e->position)
		dom_add(o, "passesAfter", dom_uint(e->passes_after));
	if (e->indexed)
		dom_add(o, "indexed", dom_bool(true));
	return o;
}
