/* diag: the one diagnostic model used by every stage after reading. A
 * diagnostic is created with either a byte offset (the scanner knows it) or a
 * JSON pointer (rules know only the DOM); the locator fills in the rest. */
#ifndef JGF_DIAG_H
#define JGF_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "core/rule.h"
#include "core/position.h"

/* What a point is to a finding about a position (the go rules'). */
enum point_role {
	ROLE_MOVE,       /* the move the finding is about */
	ROLE_STONE,      /* a stone standing on the point (of the move, or of a setup) */
	ROLE_CAPTURE,    /* a stone the move captures (the ko, a repeated position) */
	ROLE_CHAIN,      /* a stone of a chain left without liberties */
	ROLE_SETUP,      /* the setup point the finding is about */
	ROLE_PREVIOUS,   /* the previous move, of the same colour */
};

/* A point a finding involves, on the board of its node's position. */
struct diag_point {
	int x, y;
	unsigned char role;       /* enum point_role */
	unsigned char color;      /* 0 none (a point cleared), 1 black, 2 white */
	unsigned long move;       /* the move it is, or that placed its stone; 0: none (setup) */
	char *node;               /* the node of that move or setup, or NULL */
	char *pointer;            /* the value in the record: that move ("/tree/43/move"), or
				   * the point of that setup ("/tree/0/setup/1/coords/3") */
	unsigned long line, col, end_line, end_col;  /* where that value is (as the finding's) */
	size_t start, end;        /* the same in bytes, when known before the lint locates it
				   * (a streamed check's); else 0, 0 */
	char name[16];            /* as players name it ("D16"), or "" (core/record's point_name) */
};

struct diag {
	const struct rule *rule;
	enum severity severity;
	bool has_offset;      /* offset is valid (here, in the padding after severity) */
	bool at_key;          /* locate the member's key rather than its value */
	char *message;
	char *pointer;        /* RFC 6901 pointer of the value concerned, or NULL */
	size_t offset;        /* byte offset in the file, valid when has_offset */
	unsigned long line;   /* 1-based; 0 for a diagnostic about the whole file */
	unsigned long col;    /* 1-based, in Unicode code points */
	unsigned long end_line, end_col;  /* just past the value; 0 when unknown */
	size_t end_offset;    /* the same as a byte offset; offset when unknown */
	size_t seq;           /* creation order, the tie-breaker when sorting */
	struct fix *fix;      /* how to fix it, or NULL (see fix.h) */
	/* A finding about a position (the go rules'): its node, and the points
	 * it involves. */
	char *node;           /* the node's pointer, or NULL */
	struct diag_point *points;
	size_t npoints;
	/* The position at its node, from the replay that found it, when the
	 * lint keeps positions (lint_settings.positions), else NULL. */
	struct position *position;
	size_t view;          /* its item in the text format's view, plus one; 0: its index */
	/* A finding on SGF checked in place: where it is in the SGF's tree,
	 * "game 1, node 3, B" (convert/sgfplace.c), which baselines match
	 * (a record's findings have their pointer): entry place of places
	 * (diag_place_words), else places is NULL. */
	struct diag_places *places;
	uint32_t place;
};

struct diag_list {
	struct diag *items;
	size_t len;
	size_t cap;
	/* Findings the settings left out (core/settings.h's settings_apply:
	 * --select, --ignore, a severity): what a reading found is not all
	 * here (SGF's --fix asks the reading itself then: convert/sgfedit.c) */
	bool partial;
};

/* At a byte offset (pointer may be NULL; it is copied). */
struct diag *diag_at(struct diag_list *list, const struct rule *rule,
		     size_t offset, const char *pointer, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* At a byte offset, about no pointer, its message given (a string of
 * the caller's heap, the finding's now): a reader's note's words, not
 * copied (10,000 nested variations: 30,000 copies and frees). */
struct diag *diag_at_given(struct diag_list *list, const struct rule *rule, size_t offset,
			   char *message);
/* At the value (or, with at_key, the member key) that pointer names. */
struct diag *diag_ptr(struct diag_list *list, const struct rule *rule,
		      const char *pointer, bool at_key, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* The same, for callers that format their own messages (no length limit). */
struct diag *diag_vat(struct diag_list *list, const struct rule *rule, size_t offset,
		      const char *pointer, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));
struct diag *diag_vptr(struct diag_list *list, const struct rule *rule, const char *pointer,
		       bool at_key, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));
/* About the file as a whole (I/O failures): no position. */
struct diag *diag_file(struct diag_list *list, const struct rule *rule,
		       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Adds a point to d (copying node and pointer, which may be NULL). */
struct diag_point *diag_add_point(struct diag *d, enum point_role role, int x, int y,
				  int color, unsigned long move, const char *node,
				  const char *pointer);
/* "move", "stone", ...: the role's name in reports. */
const char *diag_role_name(enum point_role role);
/* Frees what a finding holds: the one way a finding goes. */
void diag_free(struct diag *d);
/* to as a copy of from that owns its own memory (its fix, points and
 * position copied; its place's trie held once more): diag_free frees it. */
void diag_copy(struct diag *to, const struct diag *from);
/* The places of one text's findings: a trie of the words of its levels,
 * each entry a level's words (", variation 2, node 3") after its parent's
 * entry's (0, the empty words, is the root), made once and shared by every
 * place under it, and counted (each finding holds it, diag_free lets go):
 * a place costs a few bytes whatever its depth, its words made when shown
 * (held as text, a finding at every level of nested variations was memory
 * in the square of their depth: 3.2 GB for 10,000 levels). */
struct diag_places *diag_places_new(void);
/* The entry of the words seg (len bytes) after entry parent's. */
uint32_t diag_places_add(struct diag_places *t, uint32_t parent, const char *seg, size_t len);
/* The bytes of words t holds (an entry's words the same as its parent's
 * are held once: tests/unit/test_base.c). */
size_t diag_places_words(const struct diag_places *t);
/* Lets go of one hold of t (diag_places_new's, or a finding's). */
void diag_places_release(struct diag_places *t);
/* Gives d entry at of t as its place (d holds t). */
void diag_set_place(struct diag *d, struct diag_places *t, uint32_t at);
/* Appends the words of d's place to out; false (out as it was) when it has
 * none. */
bool diag_place_words(const struct diag *d, struct buf *out);
/* An order of places (<0, 0, >0) in which two are equal when their words
 * are: within one trie by entry (equal words are one entry), else by
 * words; no place first. */
int diag_place_cmp(const struct diag *a, const struct diag *b);
/* Sorts by line, column, then creation order. */
void diag_list_sort(struct diag_list *list);
size_t diag_list_count(const struct diag_list *list, enum severity sev);
/* Moves every finding of from (left empty) to the end of to, as if made
 * there: in order, after those to holds. */
void diag_list_take(struct diag_list *to, struct diag_list *from);
/* to (uninitialised) as a copy of from, each finding by diag_copy. */
void diag_list_copy(struct diag_list *to, const struct diag_list *from);
void diag_list_free(struct diag_list *list);
/* Keeps the first max findings of each rule (in list order; 0: all) and
 * replaces the rest of each rule's findings with one summary finding at the
 * first one dropped, so that a pathological file cannot flood a report. */
void diag_list_cap(struct diag_list *list, size_t max);

#endif
