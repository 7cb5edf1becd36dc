/* ugz-unreadable: a UGZ file (a UGF record compressed with LHA) whose
 * archive cannot be read: corrupt, cut short, a CRC that is not its
 * file's, or no UGF record in it. Nothing in the file is checked.
 * Emitted by: convert/ugz.c. */
#include "core/rule.h"

const struct rule rule_ugz_unreadable = {
	.id = "ugz-unreadable",
	.category = "ugf",
	.severity = SEV_ERROR,
	.summary = "a UGZ file whose LHA archive cannot be read (corrupt, cut short, "
		   "a CRC that is not its file's): nothing in it checked; or that holds "
		   "more than its UGF record",
	.explanation =
		"What it checks\n"
		"  A UGZ file is a UGF record compressed with LHA's -lh5- method: an\n"
		"  archive of one file, after two bytes (`PP%D-lh5-`, seed 004).\n"
		"  jgflint inflates it in memory with liblhasa and reads the UGF as it\n"
		"  reads a .ugf file, in --convert and in a check in place. An archive\n"
		"  whose header cannot be read, that ends before its compressed data\n"
		"  does (a file cut short), whose data inflates to fewer bytes than its\n"
		"  header gives or to bytes whose CRC-16 is not the one its header\n"
		"  records, that uses a method liblhasa does not read, or whose file is\n"
		"  not a UGF record, gets this one finding, and nothing else in it is\n"
		"  checked. An archive that holds more files after its UGF record gets\n"
		"  it too: the record is checked, and the files after it are not\n"
		"  inflated (memory is bound by the record, not by the archive).\n"
		"  A UGF record longer than the memory budget (--max-memory),\n"
		"  as its header gives its length, is refused before it is inflated,\n"
		"  with json-too-large. A jgflint built without liblhasa reads no UGZ\n"
		"  file: it says so with foreign-format, and how to build with it\n"
		"  (apt-get install liblhasa-dev, then ./configure and make).\n"
		"\n"
		"Fails\n"
		"    $ head -c 1000 game.ugz > cut.ugz; jgflint cut.ugz\n"
		"    cut.ugz: error: this UGZ file is cut short: its LHA archive ends before\n"
		"    the compressed data of game.ugf does (2751 bytes of it, the header\n"
		"    says), which inflated to 2321 of its 7347 bytes; nothing in it was\n"
		"    checked [ugz-unreadable]\n"
		"\n"
		"Passes\n"
		"  a UGZ file whose archive inflates to its UGF record, with the length\n"
		"  and CRC-16 its header gives\n",
};
