/* ugz: UGZ files (seed 004): a UGF record compressed with LHA (-lh5-), in
 * an archive of one file after two bytes. Inflated in memory through
 * liblhasa when jgflint is built with it (configure finds it; HAVE_LHASA),
 * then read as UGF. */
#ifndef JGF_UGZ_H
#define JGF_UGZ_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* Inflates the first file of the LHA archive in bytes (sniff_lha finds
 * where it starts) into out, NUL-terminated, and returns true; or adds the
 * note that says why not and returns false: json-too-large when checking
 * the file would take more than budget: its text, by the length the header
 * gives (before inflating), then its text and its lines, each at most one
 * node of cost_line bytes (counted as it inflates, which stops past the
 * budget: 1 MB that inflates to a GB of moves holds no more than the part
 * the budget pays for, and is not read as a game of millions of nodes),
 * ugz-unreadable for an archive that is corrupt, cut short, whose CRC-16
 * is not its file's, or whose file is no UGF record; without liblhasa,
 * ugz-unreadable saying how to build with it (sniff_ugz_unreadable: callers
 * ask sniff_ugz_readable first, and the loader's foreign-format says it). */
bool ugz_inflate(const char *bytes, size_t len, size_t budget, size_t cost_line,
		 struct buf *out, struct sgf_notes *notes);

#endif
