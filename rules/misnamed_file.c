/* misnamed-file: a file named for one format jgflint reads that holds
 * another (a .sgf holding a JGF record or GIB text, a .json holding SGF
 * text): checked as what it holds, but the tools its name promises will
 * not open it. Its words are named_mismatch's, in the file that knows the
 * names. Emitted by: door/door.c (the door of every check of a file: the
 * CLI, the library, the page and the editor server). */
#include "core/rule.h"

const struct rule rule_misnamed_file = {
	.id = "misnamed-file",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "a file's name promises one format and it holds another jgflint reads",
	.explanation =
		"What it checks\n"
		"  jgflint reads a file by what it holds; the keeper's other tools go by\n"
		"  its name, and will not open a .sgf that holds a JGF record or GIB\n"
		"  text, nor parse a .json that holds SGF. A file named .sgf, .gib,\n"
		"  .ngf, .ugf, .ugi, .ugz or .json that holds another of the formats\n"
		"  jgflint reads gets this error at 1:1, naming what it holds and the\n"
		"  ending that fits; its contents are checked as usual. A .jgf holding\n"
		"  another format is `foreign-format`; a file holding none of them is\n"
		"  its name's `*-no-game` finding or `json-syntax`.\n"
		"\n"
		"Fix\n"
		"  Rename the file (`git mv game.sgf game.gib`).\n"
		"\n"
		"Fails\n"
		"    game.sgf: { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n"
		"    game.json: (;GM[1]FF[4]SZ[19];B[pd])\n"
		"\n"
		"Passes\n"
		"    game.jgf: { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n"
		"    game.sgf: (;GM[1]FF[4]SZ[19];B[pd])\n",
};
