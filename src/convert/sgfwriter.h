/* sgfwriter: the state of one record written as SGF (sgfwrite.h) and the
 * helpers its parts share: the root (sgfwroot.c), the tree and its nodes
 * (sgfwnode.c), what the record kept under meta.sgf (sgfwkept.c), and the
 * entry points (sgfwrite.c). What each property is and where it lives in
 * JGF is sgfprops.h's table. */
#ifndef JGF_SGFWRITER_H
#define JGF_SGFWRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "base/buf.h"

/* The page builds the writer for size, not speed (its size budget; it
 * writes a record at a time): each of the writer's files opens with
 * SGFW_FOR_SIZE, after its includes, and ends with SGFW_FOR_SIZE_END. */
#ifdef __EMSCRIPTEN__
#define SGFW_FOR_SIZE _Pragma("clang attribute push (__attribute__((minsize)), apply_to = function)")
#define SGFW_FOR_SIZE_END _Pragma("clang attribute pop")
#else
#define SGFW_FOR_SIZE
#define SGFW_FOR_SIZE_END
#endif

struct board;
struct document;
struct tree_walk;
struct sgfwrite_options;

struct writer {
	const struct sgfwrite_options *o;
	struct buf *out;
	struct buf *lost;
	json_object *rec;          /* the record written */
	json_object *kept_nodes;   /* meta.sgf.nodes, or NULL */
	int width, height;         /* the sides for points, cut to an int's range */
	double size_w, size_h;     /* the sides as the record gives them, for SZ */
	struct tree_walk *walk;    /* the tree's walk while it is written, else NULL: the
				    * JSON pointer of the node written (sgfw_node_ptr) */
	size_t node_at;            /* where the node written starts in out */
	struct board *board;       /* the position, for an AE that changes nothing; or NULL */
	json_object *ksgf;         /* meta.sgf, or NULL */
	char unheld[48];           /* the kept root ids sgfw_root_unheld wrote (in GC, or
				    * as FF[4] holds them) and said, each and a space */
	char in_gc[48];            /* those of them written in GC, the same way */
	bool dt_time;              /* a kept DT with a time of day is in GC, and said */
	bool root_node;            /* the tree's root node written (and its kept properties) */
	struct buf gc;             /* what GC holds besides game.description and the kept
				    * values (sgfw_unheld_paragraphs): RE's, a date's time */
};

/* The JSON pointer of the node written ("" outside the tree), made when
 * asked (engine/walk.h's walk_pointer): a node's notes and kept
 * properties need it, most nodes nothing (building it at every node was
 * 5% of the writer's work). */
const struct buf *sgfw_node_ptr(const struct writer *w);
/* Whether the node being written has property id already. */
bool sgfw_written(const struct writer *w, const char *id);
/* The first value of property id written in the node being written (the
 * SGF nodes written for it since node_at): where its text starts (after
 * '[') and its length, up to its ']'; false when the node has no such
 * property. */
bool sgfw_written_value(const struct writer *w, const char *id, size_t *start, size_t *len);
/* Inserts n bytes of data into b at byte at. */
void sgfw_insert_at(struct buf *b, size_t at, const char *data, size_t n);
/* The old bytes of b at byte at replaced by the n bytes of data. */
void sgfw_replace_at(struct buf *b, size_t at, size_t old, const char *data, size_t n);
/* Member key of object o, or NULL. */
json_object *sgfw_get(json_object *o, const char *key);
/* What meta.sgf.nodes keeps of the node at w's pointer, or NULL: looked up
 * by its hash (a record's kept nodes may be many, their pointers long and
 * alike, which sgfw_get's comparisons would read again and again). */
json_object *sgfw_kept_node(const struct writer *w);
/* A kept property's values, one or an array of them: how many, and the
 * i-th. */
size_t sgfw_kept_count(json_object *v);
json_object *sgfw_kept_item(json_object *v, size_t i);
/* The string member key of o, or NULL. */
const char *sgfw_str(json_object *o, const char *key);
/* Whether v is a finite number (*d). */
bool sgfw_number(json_object *v, double *d);
/* A finite d as a whole number, cut to [lo, hi] first (lo and hi within
 * what a double holds exactly): a JGF board of 1e11 points or a cut-off of
 * 1e19 is no integer conversion's undefined behaviour (R162). */
int64_t sgfw_whole_within(double d, int64_t lo, int64_t hi);
/* The board's cell of point c, or 0 when there is no board or c is off it. */
int sgfw_cell_of(const struct writer *w, json_object *c);
/* The same of a point's members x and y, read already. */
int sgfw_cell_xy(const struct writer *w, json_object *x, json_object *y);
/* A line for the lost datum at JSON pointer where. */
void sgfw_lost(struct writer *w, const char *where, const char *what);
/* A note for each key of obj (at pointer at, then in: "/move") that the
 * table places in none of section's keys (sgf_prop_placed) nor is one of
 * extras (NULL-terminated): the writer has no property for it. */
void sgfw_unmapped(struct writer *w, json_object *obj, const char *at, const char *in,
		   const char *section, const char *const *extras, const char *what);

/* How a value is written: ']' and '\' escaped always; ':' too in a part of
 * a composed value; '[', ';', '(' and ')' too in a kept value of a short
 * property (sgf_short_value: the reader takes them for a lost ']' there);
 * SimpleText's line breaks as spaces (what they mean there), Text's as one
 * \n each (a reader makes \r\n one); with V_ESCAPE_FIRST the first
 * character too (a kept value that would be read as the board's point). */
enum { V_RAW = 0, V_COMPOSED = 1, V_SIMPLE = 2, V_TEXT = 4, V_SHORT = 8, V_ESCAPE_FIRST = 16 };
void sgfw_value(struct buf *out, const char *s, int how);
/* Kept value s of property id as sgfw_value writes it (how), but a point
 * written with white space around it (VW[ aa:ei], DD[ cc], LB[ ee:A]) as
 * the reader reads it, its points alone (sgfrules.h's sgf_point_bare:
 * sgf-point-blanks says it of what is written as read, REVIEW.md R136),
 * unless it is written escaped. */
void sgfw_kept_value(const struct writer *w, struct buf *out, const char *id, const char *s,
		     int how);
/* Property id with one value, unless s is NULL or empty: SimpleText, Text. */
void sgfw_prop(struct writer *w, const char *id, const char *s);
void sgfw_prop_text(struct writer *w, const char *id, const char *s);
/* A number, as the shortest decimal that reads back, never an exponent. */
void sgfw_prop_number(struct writer *w, const char *id, json_object *v);

/* A point, "aa" from the top left corner; false off the letters SGF has. */
bool sgfw_point(json_object *c, char out[3]);
/* The same of a point's x and y, numbers read already. */
bool sgfw_point_at(double x, double y, char out[3]);
/* "B" for black, "W" for white, else NULL. */
const char *sgfw_color_letter(const char *color);

/* The root's properties from the record's sections, in the table's order,
 * and the notes for what they hold that SGF has no property for. */
void sgfw_root(struct writer *w);
/* The root's kept values (meta.sgf) FF[4] cannot hold there, FF[3]'s and
 * game information out of its FF[4] grammar, each once: what FF[4] holds
 * of them, and their words in GC (sgfwkept.c). Property only alone (its
 * row's, after the row's datum, so that what FF[4] holds of it is written
 * in the table's order), or with NULL each not written yet. */
void sgfw_root_unheld(struct writer *w, const char *only);
/* The root's kept GC of several values (GC[a][b]), where FF[4]'s GC holds
 * one text (SGFC: "may have only ONE value", critical; REVIEW.md R87):
 * its values not empty added to text as one, a blank line before each
 * when text holds some, from its second on when datum (the record's
 * description, written as the first) is not NULL; said, and taken from
 * sgfw_kept's (w->unheld). False, nothing added, when it keeps none. */
bool sgfw_gc_several(struct writer *w, struct buf *text, const char *datum);
/* The paragraphs of the kept root properties sgfw_root_unheld wrote in GC,
 * ID[a][b], each added to gc where sgf_gc_paragraph_at puts it (a blank
 * line between paragraphs), as --fix --unsafe-fixes adds them. */
void sgfw_unheld_paragraphs(const struct writer *w, struct buf *gc);
/* RE in SGF's grammar: 0, ?, Void, B+R/T/F, B+score, or B+ alone (a win
 * by an unknown margin); anything else is kept in the game comment. */
bool sgfw_result_ok(const char *r);
/* How a kept L of props (meta.sgf's or a node's) is written beside the
 * node's markup, planned once for both: each value that reads as the
 * board's points escaped unless the markup holds the labels it gives, and
 * the labels the L written gives (by point, y * 52 + x; 0 for none),
 * which the markup leaves to it (sgfw_kept leaves L to this). */
struct old_labels {
	json_object *values;     /* the kept L; NULL without one */
	bool *escaped;           /* by value */
	unsigned char *letters;  /* by point */
};
void sgfw_old_labels_plan(const struct writer *w, json_object *props, json_object *markup,
			  struct old_labels *plan);
/* The kept L as planned (nothing without one), and the plan freed. */
void sgfw_old_labels_write(struct writer *w, struct old_labels *plan);
/* Properties kept under meta.sgf (the root's) or meta.sgf.nodes (a
 * node's), as part says: a node's; the root's game information and those
 * of no place in JGF, before the root node's content; the root's of a
 * node's place (setup, marks, territory, a move's: those the root node's
 * content writes too), after it, so that each is written beside its datum's
 * value as a node's are (AB[a\a][cc] in the root, cc the record's setup). */
enum kept_part { KEPT_NODE, KEPT_ROOT_INFO, KEPT_ROOT_NODE };
void sgfw_kept(struct writer *w, json_object *props, enum kept_part part);
/* The record's tree (doc: when streamed, its text), node by node. */
void sgfw_tree(struct writer *w, const struct document *doc, json_object *rec);

#endif
