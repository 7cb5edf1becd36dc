/* sgfedit: a reader's repair as an edit of the file's own bytes: attached
 * to its finding as an edit of the decoded text, then placed in the bytes
 * of the file, which is read in one set (convert/sgfedit.c). */
#ifndef JGF_SGFEDIT_H
#define JGF_SGFEDIT_H

#include <stdbool.h>
#include <stddef.h>

struct charset_file;

struct diag;
struct document;
struct sgf_note;

/* A reader's note's repair attached to its finding d as an edit of the
 * decoded text (len bytes) from start, the byte of the note's fix_at (and
 * also, of its also_at, when it has a second edit). The note's fix
 * becomes the edit's text (n->fix NULL after) when it is the only edit;
 * returns whether the finding got a fix. */
bool sgf_fix_attach(struct diag *d, struct sgf_note *n, const char *text, size_t len,
		    size_t start, size_t also);
/* Whether --fix writes in a file read in set (conversion's set): one set
 * that keeps ASCII, a character told on the bytes (not UTF-16, nor a set
 * with shifts). */
bool sgf_fix_set_writable(const char *set);

/* A fix of one edit of the decoded text (a reader's repair), placed in the
 * file's bytes [a, b); ok false when it cannot be (why says so). */
struct sgf_placed {
	size_t diag, a, b;
	bool ok;
	const char *why;
	char *text;   /* the fix's text in the file's set, when not its own bytes */
};
/* Each fix of d's findings (a check of SGF in place, its decoded text)
 * placed in the file's len bytes at bytes, read in set, in the text's
 * order; returns how many (*out the caller's: sgf_placed_free). */
size_t sgf_fix_place(const struct document *d, const char *bytes, size_t len, const char *set,
		     struct sgf_placed **out);
void sgf_placed_free(struct sgf_placed *p, size_t n);
/* Whether the reading of d's text guessed where a value ends (an
 * sgf-unclosed-value finding), reported or not (--select, --ignore). */
bool sgf_reading_guessed(const struct document *d);
/* The fixes of doc's findings that --fix cannot write into the file's
 * len bytes at bytes, read in set, taken off: a check offers only what
 * --fix repairs. */
void sgf_fix_offer(struct document *doc, const char *bytes, size_t len, const char *set);
/* The fixes offered placed moved bytes further in the file: their bytes
 * were the text's after a byte order mark moved off its start. */
void sgf_fix_moved(struct document *doc, size_t moved);
/* The file's len bytes (taken), read in set, kept to tell where its
 * text's places are in it (base/charset.h's charset_file_at); NULL (the
 * bytes freed) where they cannot be walked a character at a time (UTF-16,
 * several sets: sgf_fix_place's reasons). */
struct charset_file *sgf_file_kept(char *bytes, size_t len, const char *set);

#endif
