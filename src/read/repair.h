/* repair: text written in the JavaScript style of the JGF specifications
 * (which people copy) turned into JSON, for --fix: trailing commas go,
 * unquoted keys and single-quoted strings get double quotes (safe: the
 * value is the one JavaScript reads); with unsafe, // and block comments
 * go too (their text is lost). Everything else stays byte for byte. */
#ifndef JGF_REPAIR_H
#define JGF_REPAIR_H

#include <stdbool.h>
#include <stddef.h>

struct rule;

struct repair_count {
	size_t safe, unsafe;   /* repairs of each kind made */
	size_t guessed;        /* strings ended at their line's end: no fix (repair_js
				* gives up), but the rest of the text can be read */
};

/* The repaired text (NUL-terminated, *out_len set; free it), or NULL when
 * there is nothing to repair or something cannot be (an unterminated
 * string or comment, a comment without unsafe, nesting deeper than the
 * repair follows). Whether the result is JSON is for the caller to see. */
char *repair_js(const char *text, size_t len, bool unsafe, size_t *out_len,
		struct repair_count *count);

/* A syntax problem the repair meets: each it repairs (a comment, a key or
 * string not in double quotes, a trailing comma), and the one it cannot
 * get past (blocks): where it gives up (an unterminated string, a comment
 * without unsafe), or else the first error of the repaired text (a leading
 * zero, a missing comma), at its place in the text. */
struct repair_problem {
	size_t at;                  /* byte offset in the text */
	char *message;              /* as the scanner words it */
	bool blocks;                /* the repair cannot make the text JSON past it */
	bool guess;                 /* a string ended at its line's end (a closing `"`
				     * missing), or a bracket one too many left out:
				     * read on, but never a fix */
	const char *unsure;         /* a guess: what is not certain about it */
	const struct rule *rule;    /* blocks: the scanner's rule of it (NULL: json-syntax) */
	size_t closer;              /* a trailing comma: where its `}` or `]` is (else 0) */
	/* A repair: its own edit, the bytes [start, end) of the text become
	 * text; the edits of every repair, each apart from the others, make
	 * repair_js's text. NULL text: no repair (blocks, a guess). */
	size_t start, end;
	char *text;
};

struct repair_problems {
	struct repair_problem *items;   /* in the order met, the blocking one last */
	size_t len, cap;
	/* The repaired text (NUL-terminated) when there was something to
	 * repair and the repair makes the text JSON, else NULL; and the
	 * repairs of each kind made (unsafe: the comments). */
	char *text;
	size_t text_len;
	struct repair_count count;
	/* With unsafe, the same run's reading as repair_recover gives it
	 * (NULL where repair_recover gives false): a check runs the repair
	 * once for both. */
	struct repair_recovery *recovery;
};

/* Every problem the repair (with unsafe or not) meets in text, into out
 * (free it with repair_problems_free). True when the repair makes the
 * text JSON (a guess does not). One run: what repair_js would write is
 * out->text. */
bool repair_problems(const char *text, size_t len, bool unsafe, struct repair_problems *out);
void repair_problems_free(struct repair_problems *p);

/* The text as the repair reader reads it on: every repair made (comments
 * too), every bracket one too many left out, and every string that meets
 * a line break ended at its line's end,
 * with where each byte of it came from in the text. When that text is
 * JSON, the reader resumed with certainty: the rest of the record can be
 * checked as it would be without the defect (lint/lint.c). */
struct repair_recovery {
	char *text;                 /* NUL-terminated */
	size_t len;
	struct repair_mark *marks;  /* from output offset out on, text from in */
	size_t nmarks;
};

/* False (nothing to free) when the reader gives up, or nothing was
 * repaired or guessed. */
bool repair_recover(const char *text, size_t len, struct repair_recovery *out);
/* The offset in the text of byte at of the recovered text. */
size_t repair_recovery_map(const struct repair_recovery *r, size_t at);
void repair_recovery_free(struct repair_recovery *r);

#endif
