/* ugz: a UGF record compressed with LHA, inflated in memory by liblhasa,
 * which is loaded (dlopen) when the first UGZ file is inflated. */
#include "convert/ugz.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/fail.h"
#include "convert/say.h"
#include "core/catalog.h"
#include "read/load.h"
#include "read/sniff.h"

/* What the UGZ reader says (convert/say.h): each of a whole file, that
 * nothing in it was checked. */
#define SAY_BUDGET_INFLATING &rule_json_too_large, \
	"the UGF record in this UGZ file is %zu bytes inflated (its LHA header says), and " \
	"checking its first %zu bytes would take about %zu bytes already (%d a byte of text, " \
	"and %zu a line, each at most one node of the game), more than the memory budget of " \
	"%zu bytes (--max-memory); it was not inflated further, and nothing in it was checked"
#define SAY_BUDGET &rule_json_too_large, \
	"the UGF record in this UGZ file is %zu bytes inflated (its LHA header says), and " \
	"checking it would take about %zu bytes (the text inflated, decoded and kept: %d bytes " \
	"a byte, besides its moves), more than the memory budget of %zu bytes (--max-memory); " \
	"it was not inflated, and nothing in it was checked"
#define SAY_TOO_LARGE &rule_json_too_large, \
	"the UGF record in this UGZ file is %zu bytes inflated (its LHA header says), more " \
	"than jgflint's limit of %zu bytes; it was not inflated, and nothing in it was checked"
#define SAY_DATA_CUT &rule_ugz_unreadable, \
	"this UGZ file is cut short: its LHA archive ends before the compressed data of %s " \
	"does (%zu bytes of it, the header says), which inflated to %zu of its %zu bytes; " \
	"nothing in it was checked"
#define SAY_DATA_SHORT &rule_ugz_unreadable, \
	"this UGZ file's LHA data is corrupt: %s inflated to %zu of the %zu bytes its header " \
	"gives; nothing in it was checked"
#define SAY_DATA_CRC &rule_ugz_unreadable, \
	"this UGZ file's LHA data is corrupt: %s inflates to bytes whose CRC-16 is %04X, not " \
	"the %04X its header gives; nothing in it was checked"
#define SAY_ITS_FILE "its file"   /* the archive's file, unnamed */
#define SAY_HEADER_CUT &rule_ugz_unreadable, \
	"this UGZ file is cut short: it ends inside the header of its LHA archive; nothing in " \
	"it was checked"
#define SAY_NO_HEADER &rule_ugz_unreadable, \
	"this UGZ file's LHA archive has no header that can be read: it is corrupt; nothing in " \
	"it was checked"
#define SAY_DIRECTORY &rule_ugz_unreadable, \
	"this UGZ file's LHA archive holds a directory (%s) where its UGF record should be; " \
	"nothing in it was checked"
#define SAY_METHOD &rule_ugz_unreadable, \
	"this UGZ file's LHA archive is compressed with %s, a method liblhasa does not read " \
	"(UGZ files are -lh5-); nothing in it was checked"
#define SAY_NOT_UGF &rule_ugz_unreadable, \
	"this UGZ file's LHA archive holds %s, which is not a UGF record (no [Header] line " \
	"first); nothing in it was checked"
#define SAY_A_FILE "a file"   /* the archive's file, unnamed */
#define SAY_FILES_AFTER &rule_ugz_unreadable, \
	"this UGZ file's LHA archive holds %zu more %s after its UGF record (%s%s)%s, which a " \
	"UGZ file does not: only the record was read, and nothing after it was inflated"
#define SAY_FILE_AFTER "file"
#define SAY_FILES_AFTER_MANY "files"
#define SAY_FIRST_AFTER ", the first"   /* after the first one's name, of several */
#define SAY_THEN_BYTES ", then bytes that are no file liblhasa reads"
#define SAY_BYTES_AFTER &rule_ugz_unreadable, \
	"this UGZ file's LHA archive holds bytes after its UGF record that are no file " \
	"liblhasa reads (a damaged header, or bytes past the archive's end), which a UGZ file " \
	"does not: only the record was read"
#define SAY_NOT_LOADED &rule_ugz_unreadable, \
	"this UGZ file was not inflated: liblhasa, which reads it, cannot be loaded (%s); " \
	"install it (on Debian or Ubuntu: apt-get install liblhasa0); nothing in it was checked"
/* A build without liblhasa's header (./configure --without-lhasa): not
 * reached from conversion.c, which asks sniff_ugz_readable first, and the
 * loader's foreign-format finding says how to build one that reads it. */
#define SAY_NOT_BUILT &rule_ugz_unreadable, \
	"this UGZ file was not inflated: this jgflint was built without liblhasa, which reads " \
	"it; nothing in it was checked"

#ifdef HAVE_LHASA
#include <dlfcn.h>
#include <lhasa.h>
#include <pthread.h>
#include <stdio.h>
#endif

static const struct sgf_pos whole_file = { 0, 0 };

#ifdef HAVE_LHASA

/* liblhasa is loaded when a UGZ file is first inflated, not linked: a
 * check of other records does not map it (52 KB of its resident memory,
 * issue 52), as dup/sqlitelib.c loads SQLite. */
#define LHASA_LIB_NAME "liblhasa.so.0"
#define LHASA_FUNCTIONS(X) \
	X(input_stream_new) X(input_stream_free) X(reader_new) X(reader_free) \
	X(reader_next_file) X(reader_read) X(decoder_for_name)
static struct {
#define LHASA_POINTER(name) __typeof__(lha_##name) *name;
	LHASA_FUNCTIONS(LHASA_POINTER)
#undef LHASA_POINTER
} lhasa;
static pthread_once_t lhasa_once = PTHREAD_ONCE_INIT;
static char lhasa_error[512];   /* empty when loaded */

static void lhasa_load(void)
{
	/* Never closed: a later UGZ file uses it again. */
	void *lib = dlopen(LHASA_LIB_NAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(lhasa_error, sizeof lhasa_error, "%s", dlerror());
		return;
	}
#define LHASA_FIND(name)                                                          \
	if (!lhasa_error[0] && !(*(void **)&lhasa.name = dlsym(lib, "lha_" #name))) \
		snprintf(lhasa_error, sizeof lhasa_error, "it has no lha_%s", #name);
	LHASA_FUNCTIONS(LHASA_FIND)
#undef LHASA_FIND
}

/* The archive's bytes as liblhasa's input stream reads them. */
struct memory {
	const unsigned char *p;
	size_t len, at;
	bool ended;   /* asked for bytes past the end: the file is cut short */
	size_t skipped;   /* where the last skip ended: the next header's start */
};

static int memory_read(void *handle, void *buf, size_t n)
{
	struct memory *m = handle;
	size_t left = m->len - m->at;
	if (n > left) {
		n = left;
		m->ended = true;
	}
	if (n > INT_MAX)
		n = INT_MAX;
	if (n)
		memcpy(buf, m->p + m->at, n);
	m->at += n;
	return (int)n;
}

/* liblhasa's own skip reads until it has skipped all, forever at the end
 * of a stream that returns 0: this one says it failed instead. */
static int memory_skip(void *handle, size_t n)
{
	struct memory *m = handle;
	if (n > m->len - m->at) {
		m->at = m->len;
		m->ended = true;
		return 0;
	}
	m->at += n;
	m->skipped = m->at;
	return 1;
}

static const LHAInputStreamType memory_stream = { memory_read, memory_skip, NULL };

/* What a byte of the inflated text costs as it is checked: the text
 * inflated, decoded to UTF-8 (CP932's two bytes can be three) and kept for
 * the report (plain), besides what its lines cost as nodes. */
#define UGZ_COST_BYTE 4

/* Inflates the current file of reader (length bytes) into out; false with
 * the note that says why not. What checking the text would cost (its
 * bytes, and its lines, each at most one node of cost_line bytes) is
 * counted as it comes: past budget, inflating stops there, so that a bomb
 * (1 MB of LHA that inflates to 1 GB of moves) never holds more than the
 * part of its text the budget pays for. */
static bool inflate_file(LHAReader *reader, const LHAFileHeader *h, struct memory *m,
			 size_t budget, size_t cost_line, struct buf *out, struct sgf_notes *notes)
{
	/* Grown as the bytes come: a header may give any length. */
	size_t got = 0, lines = 1;
	for (;;) {
		size_t want = h->length - got < 65536 ? h->length - got : 65536;
		buf_reserve(out, want);
		size_t n = want ? lhasa.reader_read(reader, out->data + got, want) : 0;
		if (!n)
			break;
		const char *p = out->data + got, *end = p + n;
		for (; (p = memchr(p, '\n', (size_t)(end - p))); p++)
			lines++;
		got += n;
		out->len = got;
		if (got * UGZ_COST_BYTE + lines * cost_line > budget) {
			sgf_say(notes, whole_file, SAY_BUDGET_INFLATING, h->length, got,
				got * UGZ_COST_BYTE + lines * cost_line, UGZ_COST_BYTE, cost_line,
				budget);
			return false;
		}
	}
	out->data[got] = '\0';
	if (got < h->length && m->ended) {
		sgf_say(notes, whole_file, SAY_DATA_CUT, h->filename ? h->filename : SAY_ITS_FILE,
			h->compressed_length, got, h->length);
		return false;
	}
	if (got < h->length) {
		sgf_say(notes, whole_file, SAY_DATA_SHORT, h->filename ? h->filename : SAY_ITS_FILE,
			got, h->length);
		return false;
	}
	unsigned crc = sniff_lha_crc16((const unsigned char *)out->data, got);
	if (crc != h->crc) {
		sgf_say(notes, whole_file, SAY_DATA_CRC, h->filename ? h->filename : SAY_ITS_FILE,
			crc, (unsigned)h->crc);
		return false;
	}
	return true;
}

/* The files of reader's archive after the one read, said: a UGZ file is
 * an archive of one, and one after it was not read in silence (an archive
 * of a record and a second one checked the first alone, exit 0). Their
 * headers are read, not their data: memory is bound by the record. Where
 * liblhasa stops before the archive's bytes end (a header it refuses, not
 * the end byte and nothing or a few bytes after it, where it asks for
 * more than there is; nor padding), those bytes are said too: they were
 * read in silence (stop 101). */
/* Whether the bytes from at on are padding: 0x00s or 0x1As alone (XMODEM's,
 * CP/M's), after the archive's end byte or without one (XMODEM pads a file
 * with 0x1A to its block whether the archive ended or not): none a file,
 * nothing lost. */
static bool padding(const struct memory *m, size_t at)
{
	if (at < m->len && !m->p[at])
		at++;   /* the end byte */
	for (size_t i = at; i < m->len; i++)
		if (m->p[i] != m->p[at] || (m->p[i] && m->p[i] != 0x1A))
			return false;
	return true;
}

static void files_after(LHAReader *reader, const struct memory *m, struct sgf_notes *notes)
{
	size_t n = 0;
	char *first = NULL;
	for (LHAFileHeader *h; (h = lhasa.reader_next_file(reader)); n++)
		if (!first)
			first = xstrdup(h->filename ? h->filename : h->path ? h->path : SAY_A_FILE);
	/* (each header is read after the data before it is skipped: where
	 * liblhasa stopped reading files, the last skip ended) */
	bool bytes = !m->ended && !padding(m, m->skipped);
	if (n)
		sgf_say(notes, whole_file, SAY_FILES_AFTER, n,
			n == 1 ? SAY_FILE_AFTER : SAY_FILES_AFTER_MANY, first, n > 1 ? SAY_FIRST_AFTER : "",
			bytes ? SAY_THEN_BYTES : "");
	else if (bytes)
		sgf_say(notes, whole_file, SAY_BYTES_AFTER);
	free(first);
}

bool ugz_inflate(const char *bytes, size_t len, size_t budget, size_t cost_line,
		 struct buf *out, struct sgf_notes *notes)
{
	pthread_once(&lhasa_once, lhasa_load);
	if (lhasa_error[0]) {
		sgf_say(notes, whole_file, SAY_NOT_LOADED, lhasa_error);
		return false;
	}
	size_t start = 0;
	sniff_lha(bytes, len, &start);
	struct memory m = { (const unsigned char *)bytes + start, len - start, 0, false, 0 };
	LHAInputStream *stream = lhasa.input_stream_new(&memory_stream, &m);
	LHAReader *reader = stream ? lhasa.reader_new(stream) : NULL;
	if (!reader)
		fail("out of memory");
	bool ok = false;
	LHAFileHeader *h = lhasa.reader_next_file(reader);
	if (!h && m.ended) {
		sgf_say(notes, whole_file, SAY_HEADER_CUT);
	} else if (!h) {
		sgf_say(notes, whole_file, SAY_NO_HEADER);
	} else if (!strcmp(h->compress_method, "-lhd-")) {
		sgf_say(notes, whole_file, SAY_DIRECTORY,
			h->path ? h->path : h->filename ? h->filename : "");
	} else if (!lhasa.decoder_for_name(h->compress_method)) {
		sgf_say(notes, whole_file, SAY_METHOD, h->compress_method);
	} else if (h->length > JGF_MAX_FILE_SIZE) {
		sgf_say(notes, whole_file, SAY_TOO_LARGE, h->length, (size_t)JGF_MAX_FILE_SIZE);
	} else if (h->length > budget / UGZ_COST_BYTE) {
		/* Refused before a byte is inflated: its text alone, held as it
		 * is read, takes more than the budget (a bomb of a few MB that
		 * inflates to a GB). */
		sgf_say(notes, whole_file, SAY_BUDGET, h->length,
			h->length > SIZE_MAX / UGZ_COST_BYTE ? SIZE_MAX : h->length * UGZ_COST_BYTE,
			UGZ_COST_BYTE, budget);
	} else if (inflate_file(reader, h, &m, budget, cost_line, out, notes)) {
		if (sniff_text(out->data, out->len) == TEXT_UGF)
			ok = true, files_after(reader, &m, notes);
		else
			sgf_say(notes, whole_file, SAY_NOT_UGF, h->filename ? h->filename : SAY_A_FILE);
	}
	lhasa.reader_free(reader);
	lhasa.input_stream_free(stream);
	if (!ok)
		buf_free(out);
	return ok;
}

#else

bool ugz_inflate(const char *bytes, size_t len, size_t budget, size_t cost_line,
		 struct buf *out, struct sgf_notes *notes)
{
	(void)bytes, (void)len, (void)budget, (void)cost_line, (void)out;
	sgf_say(notes, whole_file, SAY_NOT_BUILT);
	return false;
}

#endif
