/* sniff: recognises the text formats --convert reads (SGF, UGF/UGI) from
 * their first bytes, so that the linter names them in one finding instead
 * of reporting JSON syntax errors, and the converter knows which reader to
 * use. JSON formats are recognised on the DOM (core/record.c). */
#ifndef JGF_SNIFF_H
#define JGF_SNIFF_H

#include <stddef.h>

enum text_format { TEXT_OTHER, TEXT_SGF, TEXT_UGF, TEXT_GIB, TEXT_NGF };

/* SGF: `(` then `;` (or a property `ID[`) after an optional byte order mark
 * (UTF-8 or UTF-16; UTF-16 is also recognised without one) and whitespace;
 * UGF/UGI: a `[Header]` line after optional `#` comment lines; Tygem's GIB:
 * a `\HS` line or a `\[KEY=` header line first; WBaduk's NGF: a board size
 * (2 to 52) alone on the second line, or GI before the first, and a PM move
 * line (PM, two letters, B or W, four letters) among the first 200 lines. */
enum text_format sniff_text(const char *text, size_t len);

/* What kind of binary file text is, from the magic number it starts with
 * ("an ELF program", "gzip-compressed data", ...), or NULL: no JSON or Go
 * record text starts with one, so the linter says what the file is instead
 * of a JSON syntax error about its first control character. */
const char *sniff_binary(const char *text, size_t len);

/* One sentence naming the format and the command that converts it. */
const char *sniff_description(enum text_format f);

#endif
