/* sgfrules: SGF's own rules for a game's properties (sgfrules.h). */
#include "convert/sgfrules.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "convert/say.h"
#include "convert/sgfahead.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"

/* What SGF's rules say (convert/say.h); needed() words a value's type. */
#define SAY_EMPTY_VALUE &rule_sgf_empty_value, "an empty value of %s, which needs %s: %s%s"
#define SAY_EMPTY_LEFT_OUT "it stands for nothing and is left out"
#define SAY_EMPTY_KEPT_ROOT "kept under meta.sgf as written"
#define SAY_EMPTY_KEPT_NODE "kept under meta.sgf.nodes as written"
#define SAY_EMPTY_NO_TURN ", no turn read"
#define SAY_EMPTY_TEXT &rule_sgf_empty_text, "an empty %s: it says nothing, and the SGF jgflint " \
	"writes leaves it out"
#define SAY_TURN_NUMBER &rule_sgf_turn_read, \
	"PL[%s] read as PL[%c] (%s to play), the number SGF before FF[4] gave each colour"
#define SAY_TURN_KEPT &rule_sgf_kept_property, \
	"kept under meta.sgf%s: PL (not B or W, the colours it names)"
#define SAY_POINT_TWICE &rule_sgf_duplicate_point, "point %s twice in %s: %s"
#define SAY_POINT_TWICE_MARK "marked once"
#define SAY_POINT_TWICE_SETUP "set up once"
#define SAY_POINT_IN_BOTH &rule_sgf_duplicate_point, "point %s in both %s and %s of one node: %s"
#define SAY_POINT_IN_BOTH_MARKS "both marks kept"
#define SAY_POINT_IN_BOTH_SETUP "both read, in the order written"
#define SAY_POINT_IN_BOTH_LABELS "both labels read; SGF labels a point once, and the SGF " \
	"jgflint writes keeps the first"
#define SAY_JUDGES_NO_MOVE &rule_sgf_annotation_without_move, \
	"%s judges a move, and its node has none (B or W): kept under %s as written"
#define SAY_JUDGED_TWICE &rule_sgf_annotation_conflict, \
	"%s and %s in one node: %s; both kept under %s as written"
#define SAY_JUDGED_MOVE "a move is judged one way (TE, BM, DO or IT)"
#define SAY_JUDGED_POSITION "a position is judged one way (DM, GB, GW or UC)"
#define SAY_FF_VERSION &rule_sgf_ff_version, \
	"FF[%s] is no version of SGF (FF[1] to FF[4]): kept under meta.sgf as written; the game " \
	"is read as SGF"

#define SAY_NUMBER_BLANKS &rule_sgf_number_blanks, \
	"%s[%.*s]: a number with blanks around it, which SGF does not write: write %s[%.*s]"
#define SAY_POINT_BLANKS &rule_sgf_point_blanks, \
	"%s[%s]: a point with blanks around it, which SGF does not write: write %s[%s]"
#define SAY_POINT_BREAK &rule_sgf_point_blanks, \
	"%s[%s]: a point with a line break before or after it, which SGF does not write: " \
	"read as %s[%s]; --fix leaves it"

/* A Number, or SZ's Number:Number, written with blanks around it (GM[1 ],
 * HA[ 2], SZ[ 9]): every reader takes the number, and SGFC corrects it
 * (its error 15 in FF[4]); said, with the fix that writes the number
 * alone. KM, TM, BL and WL (Reals) are sgf-komi-read's and sgf-time-read's. */
static void number_blanks(const struct sgf_prop *p, const struct sgf_propdef *d,
			  struct sgf_notes *notes)
{
	for (uint32_t i = 0; i < p->nvals; i++) {
		const struct sgf_value *v = &p->vals[i];
		if (!v->len || (v->raw[0] != ' ' && v->raw[v->len - 1] != ' '))
			continue;
		size_t a = 0, b = v->len;
		while (a < b && v->raw[a] == ' ')
			a++;
		while (b > a && v->raw[b - 1] == ' ')
			b--;
		bool digits = a < b;
		for (size_t k = a; k < b; k++)
			digits &= strchr("+-0123456789:", v->raw[k]) != NULL;
		if (!digits)
			continue;   /* not a number blanks aside: another rule's, if any */
		char bare[40];
		if (b - a >= sizeof bare)
			continue;
		memcpy(bare, v->raw + a, b - a);
		bare[b - a] = '\0';
		struct sgf_value number = { .raw = bare, .len = b - a, .pos = v->pos };
		int width, height;
		if (d->type == SGF_T_SIZE ? !sgf_size_of(&number, &width, &height) :
					    !sgf_number_fits(&number, false))
			continue;
		sgf_say(notes, p->pos, SAY_NUMBER_BLANKS, p->id, (int)v->len, v->raw, p->id,
			(int)(b - a), bare);
		sgf_value_fix(notes, v, bare, false);
	}
}

/* A value of n bytes at s as a message shows it: its first 16 bytes
 * (whole characters), then "…" when there is more; a line break as a
 * space. Appended to out. */
static void shown_value(struct buf *out, const char *s, size_t n)
{
	size_t k = n <= 16 ? n : 16;
	while (k < n && k && ((unsigned char)s[k] & 0xC0) == 0x80)
		k--;
	for (size_t i = 0; i < k; i++)
		buf_addc(out, s[i] == '\n' || s[i] == '\r' ? ' ' : s[i]);
	if (k < n)
		buf_adds(out, "…");
}

size_t sgf_point_bare(const char *s, size_t len, enum sgf_type type, int width, int height,
		      char bare[6])
{
	if (len <= 2 || !sgf_type_points(type))
		return 0;
	/* the points' bytes: a label's before its `:` */
	const char *colon = memchr(s, ':', len);
	size_t head = type != SGF_T_LABELS ? len : colon ? (size_t)(colon - s) : 0;
	size_t first = type == SGF_T_POINTS || type == SGF_T_LINES ?
		       (colon ? (size_t)(colon - s) : len) : head;
	size_t at, at2 = 0;
	if (!sgf_point_in(s, first, &at) ||
	    (first < head && !sgf_point_in(s + first + 1, head - first - 1, &at2)))
		return 0;
	bare[0] = s[at];
	bare[1] = s[at + 1];
	size_t n = 2;
	if (first < head) {
		bare[n++] = ':';
		bare[n++] = s[first + 1 + at2];
		bare[n++] = s[first + 2 + at2];
	}
	bare[n] = '\0';
	if (n == head)
		return 0;   /* no white space around the points */
	struct sgf_box b;
	int x, y;
	if (type == SGF_T_MOVE ? !(sgf_point_of(bare, 2, &x, &y) && x < width && y < height) :
				 !sgf_box_of(bare, n, width, height, &b))
		return 0;   /* no point read: another rule's */
	return head;
}

/* A point written with white space around it (B[ cc], MA[aa :bb],
 * LB[ ee:A], AR[aa: bb]): the mapping reads the point (sgf_point_of sets
 * the white space aside), and SGFC corrects it (its errors 15 and 25).
 * Said where the value, its points' white space set aside, is one the
 * mapping reads (sgf_point_bare), with the fix that writes its points
 * alone: the edit of the points' bytes, before a label's `:` (its text as
 * it is), on one line; a line break among them is said and left. */
static void point_blanks(const struct sgf_prop *p, const struct sgf_propdef *d, int width,
			 int height, struct sgf_notes *notes)
{
	for (uint32_t i = 0; i < p->nvals; i++) {
		const struct sgf_value *v = &p->vals[i];
		const char *s = v->raw;
		char bare[6];
		size_t head = sgf_point_bare(s, v->len, d->type, width, height, bare);
		if (!head)
			continue;
		bool broken = memchr(s, '\n', head) || memchr(s, '\r', head);
		struct buf was = BUF_INIT, now = BUF_INIT;
		shown_value(&was, s, v->len);
		buf_adds(&now, bare);
		if (head < v->len)
			shown_value(&now, s + head, v->len - head);
		if (broken) {
			sgf_say(notes, p->pos, SAY_POINT_BREAK, p->id, now.data, p->id, now.data);
		} else {
			sgf_say(notes, p->pos, SAY_POINT_BLANKS, p->id, was.data, p->id, now.data);
			struct sgf_pos from = { v->pos.line, v->pos.col + 1 };   /* after its `[` */
			sgf_note_fix(notes, from, (uint32_t)head, bare, false);
		}
		buf_free(&was);
		buf_free(&now);
	}
}

/* Whether v may be a number or a point written with blanks around it: its
 * first or last byte, or its third or fourth (beside a `:` after two
 * letters, aa :bb, aa: bb), is white space or another control byte. Nearly
 * every value is not, and the table of properties is not asked. */
static inline bool blanks_maybe(const struct sgf_value *v)
{
	const unsigned char *s = (const unsigned char *)v->raw;
	size_t n = v->len;
	return n && (s[0] <= ' ' || s[n - 1] <= ' ' || (n > 3 && (s[2] <= ' ' || s[3] <= ' ')));
}

/* sgf-number-blanks and sgf-point-blanks of p, one of whose values may be
 * either (blanks_maybe): the property's type says which. */
static void value_blanks(const struct sgf_prop *p, int width, int height,
			 struct sgf_notes *notes)
{
	const struct sgf_propdef *d = sgf_prop_def(p->id);
	if (!d)
		return;
	if (d->type == SGF_T_NUMBER || d->type == SGF_T_SIZE)
		number_blanks(p, d, notes);
	else if (sgf_type_points(d->type))
		point_blanks(p, d, width, height, notes);
}

/* The groups of properties the rules of a node compare, by identifier:
 * asked of every property of every node, in one switch on its two
 * letters (a list of them compared one by one was 1% of checking a
 * large tree in place). */
enum group { G_NONE, G_SETUP, G_MARK, G_LABEL, G_POSITION, G_MOVE };

static enum group group_of(const char *id)
{
	if (id[0] && !id[1])   /* FF[3]'s M (MA) and L (labels a, b, c ...) */
		return id[0] == 'M' ? G_MARK : id[0] == 'L' ? G_LABEL : G_NONE;
	if (!id[0] || id[2])
		return G_NONE;
	switch (id[0] << 8 | id[1]) {
	case 'A' << 8 | 'B': case 'A' << 8 | 'W': case 'A' << 8 | 'E':
		return G_SETUP;
	case 'M' << 8 | 'A': case 'T' << 8 | 'R': case 'C' << 8 | 'R': case 'S' << 8 | 'Q':
	case 'S' << 8 | 'L':
		return G_MARK;
	case 'L' << 8 | 'B':
		return G_LABEL;
	case 'D' << 8 | 'M': case 'G' << 8 | 'B': case 'G' << 8 | 'W': case 'U' << 8 | 'C':
		return G_POSITION;
	case 'T' << 8 | 'E': case 'B' << 8 | 'M': case 'D' << 8 | 'O': case 'I' << 8 | 'T':
		return G_MOVE;
	default:
		return G_NONE;
	}
}

/* Whether a value is empty or only blanks (its first byte asked first). */
static bool blank_value(const struct sgf_value *v)
{
	if (!v->len)
		return true;
	char c = v->raw[0];
	return (c == ' ' || c == '\t' || c == '\r' || c == '\n') && strspn(v->raw, " \t\r\n") >= v->len;
}

/* Whether a text value reads as blanks or nothing: blanks, escaped blanks
 * (`\ `) and soft line breaks (`\` and a line break, read as nothing). */
static bool blank_text(const struct sgf_value *v)
{
	for (size_t i = 0; i < v->len; i++) {
		if (v->raw[i] == '\\' && i + 1 < v->len)
			i++;
		char c = v->raw[i];   /* (strchr's call for each value was 0.3% of a check) */
		if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
			return false;
	}
	return true;
}

/* What a property of type t needs, in words. */
static const char *needed(enum sgf_type t)
{
	switch (t) {
	case SGF_T_COLOR: return "B or W";
	case SGF_T_DOUBLE: return "1 or 2";
	case SGF_T_POINTS: return "a point";
	case SGF_T_LINES: return "two points";
	default: return "a number";
	}
}

/* An empty value FF[4] does not allow (sgfprops.c: a number, a colour, a
 * list that is no elist); B[] is a pass, C[] an empty text, KO[] has no
 * value to give. Those whose reading says so already (KM, HA, SZ, LB, TM)
 * are theirs. */
static void empty_values(const struct sgf_prop *p, bool root, struct sgf_notes *notes)
{
	uint32_t i = 0;   /* its first empty value, before the table is asked */
	while (i < p->nvals && !blank_value(&p->vals[i]))
		i++;
	if (i == p->nvals)
		return;
	const struct sgf_propdef *def = sgf_prop_def(p->id);
	if (!sgf_prop_no_empty(p->id) || def->kind == SGF_K_KOMI || def->kind == SGF_K_HANDICAP ||
	    def->kind == SGF_K_SIZE || def->kind == SGF_K_LABEL || def->kind == SGF_K_TIME)
		return;
	bool dropped = def->kind == SGF_K_SETUP || def->kind == SGF_K_MARK;
	sgf_say(notes, p->vals[i].pos, SAY_EMPTY_VALUE, p->id, needed(def->type),   /* once a property */
		dropped ? SAY_EMPTY_LEFT_OUT : root ? SAY_EMPTY_KEPT_ROOT : SAY_EMPTY_KEPT_NODE,
		def->kind == SGF_K_TURN ? SAY_EMPTY_NO_TURN : "");
}

/* A text property with no text, as SGFC's warning 17 finds it: its one
 * value a simple text empty or of blanks (read as empty; escaped blanks
 * and soft line breaks too: PB[\ ]), a text (C, GC) that reads as nothing
 * (C[], C[\<LF>]); the property deleted by --fix when it is ID[] or ID[ ]
 * on one line. DT, BR, WR and game information outside the root are kept, and
 * say so. */
static void empty_text(const struct sgf_prop *p, bool root, struct sgf_notes *notes)
{
	/* (of more values, or given twice, it is kept or merged, and said);
	 * its one value asked before the table, as empty_values does */
	if (p->nvals != 1 || !blank_text(&p->vals[0]))
		return;
	const struct sgf_propdef *def = sgf_prop_def(p->id);
	if (!def || (def->type != SGF_T_SIMPLE && def->type != SGF_T_TEXT) ||
	    def->kind == SGF_K_HEADER || def->kind == SGF_K_KEPT || def->kind == SGF_K_DATE ||
	    def->kind == SGF_K_RANK ||
	    (!root && (def->flags & SGF_P_INFO)))
		return;
	if (def->type == SGF_T_TEXT && p->vals[0].len != 0) {
		char *text = sgf_text_of(&p->vals[0], false);
		bool blanks = *text;
		free(text);
		if (blanks)
			return;   /* a comment of blanks is written back (C[\ ] too) */
	}
	sgf_say(notes, p->vals[0].pos, SAY_EMPTY_TEXT, p->id);
	/* The id as written, its lower-case letters too (gC[] in FF[4], whose
	 * fix --fix makes once the rename is: fix_mutations seed 4, c02614),
	 * from its place to the value's `[`: sgf_fix_attach writes the fix
	 * where only letters stand there (not N [ ]). */
	size_t idlen = strlen(p->id);
	uint32_t n = sgf_fix_len(p->vals[0].raw, p->vals[0].len);
	if (n != UINT32_MAX && p->vals[0].pos.line == p->pos.line &&
	    p->vals[0].pos.col >= p->pos.col + idlen && p->vals[0].pos.col - p->pos.col < 16)
		sgf_note_fix(notes, p->pos, p->vals[0].pos.col - p->pos.col + 2 + n, "", false);
}

/* PL: B or W; 1 and 2 (an old spelling) are read as them, any other value
 * is kept. */
static void turn_value(const struct sgf_prop *p, bool root, struct sgf_notes *notes)
{
	if (strcmp(p->id, "PL") || !p->nvals || !p->vals[0].len)
		return;
	char *s = sgf_simple_of(&p->vals[0]);
	if (!strcmp(s, "1") || !strcmp(s, "2"))
		sgf_say(notes, p->pos, SAY_TURN_NUMBER, s, s[0] == '1' ? 'B' : 'W',
			s[0] == '1' ? "black" : "white");
	else if (strcmp(s, "B") && strcmp(s, "W"))
		sgf_say(notes, p->pos, SAY_TURN_KEPT, root ? "" : ".nodes");
	free(s);
}

/* A point of a node's setup or marks: its group (0 setup, 1 marks), the
 * point, and the property and value that give it, in the order written. */
struct spot {
	int group, xy;
	size_t order;
	const char *id;
	const struct sgf_value *v;
};

#define SMALL_SPOTS 16

static int by_spot(const void *a, const void *b)
{
	const struct spot *x = a, *y = b;
	if (x->group != y->group)
		return x->group - y->group;
	if (x->xy != y->xy)
		return x->xy - y->xy;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The points of value v of property id of group g on the width x height
 * board, as the mapping reads them (sgf_box_of: a point off it is kept
 * aside, none read): an LB label's point before its ':' (LB[ jj : x ]
 * labels jj; LB[jj], no label, none), else a point or a rectangle, its
 * corners in any order (FF[3]'s L too); false for none. */
static bool spots_of(enum group g, const char *id, const struct sgf_value *v, int width,
		     int height, struct sgf_box *b)
{
	if (g != G_LABEL || strcmp(id, "LB"))
		return sgf_box_of(v->raw, v->len, width, height, b);
	if (!memchr(v->raw, ':', v->len))
		return false;
	/* LB[jj:x] as the converter reads it, with no text decoded: two
	 * letters, then the colon (a label on every eighth node of a large
	 * tree) */
	if (v->len >= 3 && v->raw[2] == ':' && sgf_letter(v->raw[0]) && sgf_letter(v->raw[1]))
		return sgf_box_of(v->raw, 2, width, height, b);
	struct buf first = BUF_INIT;
	size_t colon;
	sgf_decode_text(&first, v->raw, v->len, true, &colon);
	bool ok = colon != SIZE_MAX && first.data &&
		  sgf_box_of(first.data, first.len, width, height, b) && !b->rectangle;
	buf_free(&first);
	return ok;
}

/* A point twice in a node: in one setup or mark list, in two setup
 * properties, under two marks (SGFC 38), or labelled by both L and LB
 * (a second label in LB alone is the mapping's to say: it keeps LB); once
 * a node, at the later. */
static void repeated_points(const struct sgf_node *n, int width, int height,
			    struct sgf_notes *notes)
{
	/* A node's few points (a move's labels and marks) are held and
	 * compared on the stack: the sort and its allocation were most of
	 * this check of a large tree */
	struct spot few[SMALL_SPOTS], *spots = few;
	size_t len = 0, cap = SMALL_SPOTS;
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		enum group of = group_of(p->id);
		int g = of == G_SETUP ? 0 : of == G_MARK ? 1 : of == G_LABEL ? 2 : -1;
		for (uint32_t k = 0; g >= 0 && k < p->nvals; k++) {
			struct sgf_box r;
			if (!spots_of(of, p->id, &p->vals[k], width, height, &r))
				continue;
			/* Past two boards' points, a group holds one twice (a
			 * hostile AB[aa:ZZ][aa:ZZ]... costs no more) */
			for (int y = r.y1; y <= r.y2 && len <= 2 * 52 * 52; y++)
				for (int x = r.x1; x <= r.x2 && len <= 2 * 52 * 52; x++) {
					if (len == cap && spots == few) {
						spots = xmalloc(2 * cap * sizeof *spots);
						memcpy(spots, few, sizeof few);
						cap *= 2;
					}
					spots = xgrow(spots, &cap, len + 1, sizeof *spots);
					spots[len] = (struct spot){ g, y * 64 + x, len, p->id, &p->vals[k] };
					len++;
				}
		}
	}
	const struct spot *again = NULL, *before = NULL;
	if (spots == few) {
		/* In the order written: the first point whose last one before
		 * it (the same group and point) is a repeat, as the sort finds */
		for (size_t i = 1; i < len && !again; i++)
			for (size_t j = i; j-- > 0;)
				if (spots[j].group == spots[i].group && spots[j].xy == spots[i].xy) {
					if (spots[i].group != 2 || strcmp(spots[i].id, spots[j].id))
						again = &spots[i], before = &spots[j];
					break;
				}
	} else {
		sort_items(spots, len, sizeof *spots, by_spot);
		for (size_t i = 1; i < len; i++)
			if (spots[i].group == spots[i - 1].group && spots[i].xy == spots[i - 1].xy &&
			    (spots[i].group != 2 || strcmp(spots[i].id, spots[i - 1].id)) &&
			    (!again || spots[i].order < again->order))
				again = &spots[i], before = &spots[i - 1];
	}
	if (again) {
		int x = again->xy % 64, y = again->xy / 64;
		char pt[3] = { (char)(x < 26 ? 'a' + x : 'A' + x - 26),
			       (char)(y < 26 ? 'a' + y : 'A' + y - 26), 0 };
		if (!strcmp(before->id, again->id))
			sgf_say(notes, again->v->pos, SAY_POINT_TWICE, pt, again->id,
				again->group ? SAY_POINT_TWICE_MARK : SAY_POINT_TWICE_SETUP);
		else
			sgf_say(notes, again->v->pos, SAY_POINT_IN_BOTH, pt, before->id, again->id,
				again->group == 2 ? SAY_POINT_IN_BOTH_LABELS :
				again->group ? SAY_POINT_IN_BOTH_MARKS : SAY_POINT_IN_BOTH_SETUP);
	}
	if (spots != few)
		free(spots);
}

/* repeated_points of a node with two points or more: a move's node has
 * none, and is asked without the frame of the points compared */
static void repeated_points_of(const struct sgf_node *n, int width, int height,
			       struct sgf_notes *notes)
{
	size_t values = 0;
	for (uint32_t i = 0; i < n->nprops; i++) {
		enum group g = group_of(n->props[i].id);
		if (g == G_SETUP || g == G_MARK || g == G_LABEL)
			values += n->props[i].nvals;
	}
	if (values >= 2)
		repeated_points(n, width, height, notes);
}

/* Whether each value of judgement p is of its type (none for DO and IT,
 * 1 or 2 for the others), as the reader judges it (sgf_value_misfit). */
static bool judgement_fits(const struct sgf_prop *p)
{
	enum sgf_type type = sgf_prop_def(p->id)->type;
	for (size_t i = 0; i < p->nvals; i++)
		if (sgf_value_misfit(type, &p->vals[i], 0, 0))
			return false;
	return true;
}

/* Annotations: one of DM, GB, GW, UC (SGFC 41), one of TE, BM, DO, IT
 * (42), and the latter only beside a move (43). */
static void annotations(const struct sgf_node *n, bool root, struct sgf_notes *notes)
{
	const struct sgf_prop *first[2] = { NULL, NULL };
	int has_move = -1;   /* asked once a node judges something */
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		enum group of = group_of(p->id);
		int g = of == G_POSITION ? 0 : of == G_MOVE ? 1 : -1;
		if (g < 0 || (g == 0 && p->nvals && !p->vals[0].len))
			continue;   /* an empty DM[] judges nothing (sgf-empty-value) */
		if (root && !strcmp(p->id, "TE") && !judgement_fits(p))
			continue;   /* TE[Kisei]: the event, in Japanese and Korean roots */
		if (has_move < 0)
			has_move = sgf_prop_find(n, "B") || sgf_prop_find(n, "W");
		/* a root's move takes its judgement along (conv_kept_with_move) */
		const char *meta = root && !(has_move && judgement_fits(p)) ? "meta.sgf" :
				   "meta.sgf.nodes";
		if (g == 1 && !has_move)
			sgf_say(notes, p->pos, SAY_JUDGES_NO_MOVE, p->id, meta);
		if (first[g])
			sgf_say(notes, p->pos, SAY_JUDGED_TWICE, first[g]->id, p->id,
				g ? SAY_JUDGED_MOVE : SAY_JUDGED_POSITION, meta);
		else
			first[g] = p;
	}
}

/* FF: 1 to 4 (SGFC 46). */
static void version(const struct sgf_node *root, struct sgf_notes *notes)
{
	const struct sgf_prop *ff = sgf_prop_find(root, "FF");
	long long n;
	if (!ff || !ff->nvals || (sgf_number_of(&ff->vals[0], &n) && n >= 1 && n <= 4))
		return;
	char *s = sgf_simple_of(&ff->vals[0]);
	sgf_say(notes, ff->pos, SAY_FF_VERSION, s);
	free(s);
}

/* What node n (root: the game's root) breaks, on a board of size. */
static void node_rules(const struct sgf_node *n, bool root, const int size[2],
		       struct sgf_notes *notes)
{
	for (uint32_t i = 0; i < n->nprops; i++) {
		empty_values(&n->props[i], root, notes);
		empty_text(&n->props[i], root, notes);
		turn_value(&n->props[i], root, notes);
		for (uint32_t k = 0; k < n->props[i].nvals; k++)
			if (blanks_maybe(&n->props[i].vals[k])) {
				value_blanks(&n->props[i], size[0], size[1], notes);
				break;
			}
	}
	repeated_points_of(n, size[0], size[1], notes);
	annotations(n, root, notes);
}

void sgf_rules_check(const struct sgf_node *root, struct sgf_notes *notes, int size[2])
{
	version(root, notes);
	/* the board the mapping reads (rootprops.c's board_size_of) */
	const struct sgf_prop *sz = sgf_prop_find(root, "SZ");
	size[0] = size[1] = 19;   /* unless SZ reads as another */
	if (sz && sz->nvals)
		sgf_size_of(&sz->vals[0], &size[0], &size[1]);
	size_t len = 0, cap = 0;
	const struct sgf_node **stack = xgrow(NULL, &cap, 16, sizeof *stack);
	stack[len++] = root;
	while (len) {
		const struct sgf_node *n = stack[--len];
		node_rules(n, n == root, size, notes);
		stack = xgrow(stack, &cap, len + n->nkids, sizeof *stack);
		for (uint32_t i = n->nkids; i-- > 0;)
			stack[len++] = n->kids[i];
	}
	free(stack);
}

void sgf_rules_node(const struct sgf_node *n, const int size[2], struct sgf_notes *notes)
{
	node_rules(n, false, size, notes);
}
