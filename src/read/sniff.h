/* sniff: recognises the text formats --convert reads (SGF, UGF/UGI, GIB,
 * NGF, and UGF compressed as UGZ) from their first bytes, so that the linter names them in one finding instead
 * of reporting JSON syntax errors, and the converter knows which reader to
 * use. JSON formats are recognised on the DOM (core/record.c). */
#ifndef JGF_SNIFF_H
#define JGF_SNIFF_H

#include <stdbool.h>
#include <stddef.h>

enum text_format { TEXT_OTHER, TEXT_SGF, TEXT_UGF, TEXT_GIB, TEXT_NGF, TEXT_UGZ };

/* SGF: `(` then `;` (or a property `ID[`) after an optional byte order mark
 * (UTF-8 or UTF-16; UTF-16 is also recognised without one) and whitespace;
 * UGF/UGI: a `[Header]` line after optional `#` comment lines; Tygem's GIB:
 * a `\HS` line or a `\[KEY=` header line first; WBaduk's NGF: a board size
 * (2 to 52) alone on the second line, or GI before the first, and a PM move
 * line (PM, two letters, B or W, four letters) among the first 200 lines;
 * UGZ: an LHA archive (sniff_lha), after two bytes or at the start. */
enum text_format sniff_text(const char *text, size_t len);

/* Whether text starts as an LHA archive does (a header's `-lh?-` or
 * `-lz?-` method), at its first byte or after two (UGZ files, seed 004,
 * have two bytes before it: `PP%D-lh5-`); *start gets where. The loader
 * reads such a file whole, NUL bytes and all (a regular file's files after
 * its first as their headers alone: read/lhaload.c's lha_read). */
bool sniff_lha(const char *text, size_t len, size_t *start);

/* The headers of the LHA file at text (avail bytes of the archive from
 * it) when they are a level 0, 1, 2 (OS-9's too) or 3 file's (UGZ's are
 * level 1) whose size, checksum and extended headers liblhasa reads (one
 * it then refuses for what they say, a file without a name, stops it here
 * as it would with the data after it): their length, and in *data the
 * bytes of the file's data after them; or, where liblhasa reads them and
 * refuses them (a CRC or checksum not theirs, a size or a chain it does
 * not take), the bytes it reads, and *data SIZE_MAX: it reads no file
 * there, and nothing after them. 0 for any other header (a method not
 * LHA's), or none; *need then the bytes it takes to tell (more than
 * avail), or 0. */
size_t sniff_lha_headers(const char *text, size_t avail, size_t *need, size_t *data);
/* The same of a header after the archive's first file, of any method,
 * with dashes or without (`-pm2-`, `-lzx-`, `xlh5x`, padding, junk):
 * liblhasa reads a later file's header whatever its method (it looks for
 * LHA's, LArc's or PMarc's only at the archive's start, and never for the
 * dashes: 0.3.1) and skips its data; zeros it reads as a level 0 header
 * it refuses at its first 22 bytes. 0 only for a header cut short. */
size_t sniff_lha_later(const char *text, size_t avail, size_t *need, size_t *data);
/* Makes those headers (len bytes, as sniff_lha_headers read them) a
 * file's with no data: liblhasa reads them as before and skips none. */
void sniff_lha_no_data(char *headers, size_t len);
/* LHA's CRC-16 (the ARC one: polynomial 0xA001 reflected, from 0) of data:
 * of a file's bytes, and of a level 2 header's. */
unsigned sniff_lha_crc16(const unsigned char *data, size_t len);

/* Whether this jgflint reads UGZ: built with liblhasa (configure finds it)
 * and not told otherwise by sniff_test_no_lhasa. */
bool sniff_ugz_readable(void);
/* Test hook: UGZ is read as by a build without liblhasa (the tests' way to
 * see what one says, in a build with it). Only the test program calls it
 * (cli/hooks.c), from JGFLINT_TEST_NO_LHASA (CONTRIBUTING.md). */
void sniff_test_no_lhasa(bool on);

/* What kind of binary file text is, from the magic number it starts with
 * ("an ELF program", "gzip-compressed data", ...), or NULL: no JSON or Go
 * record text starts with one, so the linter says what the file is instead
 * of a JSON syntax error about its first control character. */
const char *sniff_binary(const char *text, size_t len);

/* Where the text in the first 64 KiB ends: the offset of the first control
 * character no text holds (NUL, C0 but for tabs, line and page breaks, ^Z
 * and ESC), or min(len, 64 KiB). No game tree is looked for after it:
 * random bytes held a "(;" after a line break, or "( ;B[", in one 70 KB
 * block in 150. */
size_t sniff_text_end(const char *text, size_t len);

/* One sentence naming the format, "this is ..., not JGF". */
const char *sniff_description(enum text_format f);
/* What a UGZ file gets from a jgflint that does not read it
 * (sniff_ugz_readable): that it is UGZ, and how to build one that does. */
extern const char sniff_ugz_unreadable[];

#endif
