/* sgfnote: where in a reader's input (struct sgf_pos) and what a reader
 * says of it there: a note a finding, with the repair --fix writes for it.
 * A reader words its notes in the table at the top of its file
 * (convert/say.h, whose sgf_say calls sgf_note). */
#ifndef JGF_SGFNOTE_H
#define JGF_SGFNOTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/locate.h"

struct sgf_pos {
	/* 1-based; col in code points; 0:0 when unknown. 32 bits: a text is at
	 * most 1 GiB (JGF_MAX_FILE_SIZE), 3 GiB once decoded to UTF-8, and a
	 * move holds three positions. */
	uint32_t line, col;
};

/* at, the place of byte from of the len bytes at s, moved on to byte to:
 * base/locate.h's count, the one of every position. */
static inline struct sgf_pos sgf_pos_past(struct sgf_pos at, const char *s, size_t len,
					  size_t from, size_t to)
{
	text_pos_past(s, len, from, to, &at.line, &at.col);
	return at;
}

/* Whether a is read before b. */
static inline bool sgf_pos_before(struct sgf_pos a, struct sgf_pos b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

struct rule;

/* A repair, loss or reading choice: the rule it is a finding of (its id,
 * severity and docs: rules/sgf_*.c, gib_*, ngf_*, ugf_*, charset_*), or
 * NULL for a plain note that is no fault of the file (the character set a
 * byte order mark or --encoding chose). */
struct sgf_note {
	struct sgf_pos pos;
	const struct rule *rule;
	char *text;
	/* The repair written into the file (--fix on SGF): len code points of
	 * the decoded text from at, on one line, become fix (ASCII, the same
	 * bytes in every character set jgflint fixes in); NULL: no fix. */
	struct sgf_pos fix_at;
	uint32_t fix_len;
	char *fix;
	bool fix_unsafe;   /* the repair changes what the file says (not only its spelling) */
	/* A second edit of the same repair, written with the first or not at
	 * all: fix_also inserted at also_at (game information FF[4] cannot
	 * hold, its words into GC); NULL: none. */
	struct sgf_pos also_at;
	char *fix_also;
};

/* What a reader or the converter says about the input: repairs, the
 * character set used, what went to meta. */
struct sgf_notes {
	struct sgf_note *items;
	size_t len, cap;
	/* The `[` of each value the reader ended where no `]` of its own
	 * stood, the text going on (cut at a line break, `[`, `;`, `(` or
	 * `)`), in the order of the text: a repair that rewrites such a value
	 * writes its `]` and takes no byte after its text (REVIEW.md R62). A
	 * value the file ends in is not one: nothing follows it to keep, and
	 * its repairs are sgf-cut-short's (R101, R219). */
	struct sgf_pos *unclosed;
	size_t nunclosed, unclosed_cap;
	/* A conversion's notes: the reader's, whose unclosed values it asks
	 * of (NULL: these are the reader's own). */
	const struct sgf_notes *reader;
	/* Their rules, places and repairs only, no words (text NULL): a
	 * reading asked only which rules its notes hold, as the fix loop's
	 * probes ask it (the words' vsnprintf was 55% of a check of nested
	 * variations with findings at every level: issue 74, R47's file). */
	bool bare;
};

/* Attaches to the last note added the repair that writes what the reader
 * read: len code points at at become text (ASCII). */
void sgf_note_fix(struct sgf_notes *notes, struct sgf_pos at, uint32_t len, const char *text,
		  bool unsafe);
/* The same repair (unsafe) with a second edit, text also inserted at
 * also_at, on note n (also NULL: the one edit). */
void sgf_note_fix_two(struct sgf_note *n, struct sgf_pos at, uint32_t len, const char *text,
		      struct sgf_pos also_at, const char *also);
/* The code points of the n bytes of UTF-8 at s; UINT32_MAX when they
 * hold a line break (a repair stays on its line). */
uint32_t sgf_fix_len(const char *s, size_t n);

/* Moves from's notes into to, before its note at (from is freed). */
void sgf_notes_insert(struct sgf_notes *to, size_t at, struct sgf_notes *from);

/* Whether a note of rule is among notes. */
bool sgf_notes_have(const struct sgf_notes *notes, const struct rule *rule);

/* Records that the value whose `[` is at at has no `]` of its own. */
void sgf_note_unclosed(struct sgf_notes *notes, struct sgf_pos at);
/* Whether the reader recorded so the value whose `[` is at at (in
 * notes->reader's list where notes has one). */
bool sgf_value_unclosed(const struct sgf_notes *notes, struct sgf_pos at);

/* Adds a note of rule at pos, in the words fmt formats: through sgf_say,
 * which takes the rule and the words from an entry of the reader's table. */
void sgf_note(struct sgf_notes *notes, const struct rule *rule, struct sgf_pos pos,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void sgf_notes_free(struct sgf_notes *notes);

#endif
