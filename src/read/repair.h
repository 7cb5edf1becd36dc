/* repair: text written in the JavaScript style of the JGF specifications
 * (which people copy) turned into JSON, for --fix: trailing commas go,
 * unquoted keys and single-quoted strings get double quotes (safe: the
 * value is the one JavaScript reads); with unsafe, // and block comments
 * go too (their text is lost). Everything else stays byte for byte. */
#ifndef JGF_REPAIR_H
#define JGF_REPAIR_H

#include <stdbool.h>
#include <stddef.h>

struct document;
struct rule;

struct repair_count {
	size_t safe, unsafe;   /* repairs of each kind made */
	size_t guessed;        /* strings ended at their line's end: no fix, but the
				* rest of the text can be read */
};

/* Where the reading came from: from output offset out on, byte k of the
 * reading is byte in + (k - out) of the text (until the next mark). */
struct repair_mark {
	size_t out, in;
};

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
	 * the repaired text. NULL text: no repair (blocks, a guess). */
	size_t start, end;
	char *text;
};

/* One run of the repair: what it meets, what it makes, and its reading. */
struct repair_problems {
	struct repair_problem *items;   /* in the order met, the blocking one last */
	size_t len, cap;
	/* The repaired text (NUL-terminated) when there was something to
	 * repair and the repair makes the text JSON, else NULL; and the
	 * repairs of each kind made (unsafe: the comments). */
	char *text;
	size_t text_len;
	struct repair_count count;
	/* The text as the reader reads it on, read as a document (read/load.h,
	 * named as the text): every repair made, every bracket one too many
	 * left out, every string that meets a line break ended at its line's
	 * end; with marks, where each of its bytes came from in the text. NULL
	 * when the repair gives up, or nothing was repaired or guessed. Read
	 * once: it is what --fix writes when text is not NULL (the same
	 * bytes), and with unsafe, where it parses, the rest of the record as
	 * a check reads it past the defect (lint/lint.c). A caller may take it
	 * (repair_problems_free frees it otherwise). */
	struct document *read;
	struct repair_mark *marks;
	size_t nmarks;
};

/* The one entry to the repair (every front end's, through the check and
 * --fix): every problem it meets in text (with unsafe, comments go too),
 * into out (free it with repair_problems_free). True when the repair makes
 * the text JSON (a guess does not). name: the document's, for out->read. */
bool repair_problems(const char *name, const char *text, size_t len, bool unsafe,
		     struct repair_problems *out);
void repair_problems_free(struct repair_problems *p);

/* The offset in the text of byte at of p's reading (p->read). */
size_t repair_problems_map(const struct repair_problems *p, size_t at);

#endif
