/* lhaload: a UGZ file's LHA archive read as its record and the headers
 * of the files after it (the loader's, load.c), so that memory is bound by
 * the record. */
#ifndef JGF_LHALOAD_H
#define JGF_LHALOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* Where lha_read reads an archive from: a regular file of size bytes,
 * read at any offset (pread), or a stream (a pipe, standard input), read
 * once from its start to its end, of which only the bytes from the offset
 * last asked for on are held (ahead, from at): a file after the record is
 * read past, its bytes counted, never held. */
struct lha_source {
	int fd;
	bool stream;
	size_t size;        /* a file's */
	struct buf ahead;   /* a stream's bytes, from at on after its first skip */
	size_t skip, at;
	bool end;           /* the stream's end is in ahead */
	size_t limit;       /* the most a stream may hold (EFBIG past it) */
};

/* An LHA archive (UGZ) from start, in a regular file or a stream (one
 * reader for both): its first file, the UGF record, read whole, and of
 * each file after it only its headers, made a file's with no data
 * (sniff_lha_no_data; as they are when its data is cut short: liblhasa
 * then runs past the end skipping it, as it does over the bytes there
 * are), so that memory is bound by the record, not by the archive (issue
 * 71: an archive of 1,000 files, 4.1 MB, held whole beside its record of
 * 439 KB; a stream's later file of 80 MB held while read past), and ugz.c
 * says those files as before. Headers liblhasa refuses (a CRC or a
 * checksum not theirs, a size or a chain it does not take) are kept as
 * they are, and nothing after them (it reads no file there and stops; a
 * record's refused in fewer than 24 bytes with the rest of those 24, what
 * it reads first). A later file's header of any method, with dashes or
 * without, is read so (sniff_lha_later); a later header it refuses (bytes
 * that are no header: padding, junk) is kept with the first byte after it
 * that is not padding (ugz.c says what follows the record unless it is
 * padding), not with the rest of the archive (issue 71: 8 MB of junk
 * after a header without dashes held whole). From a header cut short (the
 * archive's end, a record cut short) the rest is read as it is. */
int lha_read(struct buf *b, struct lha_source *s, size_t start);

#endif
