/* misnamed-file: a file named for one format jgflint reads that holds
 * another (a .sgf holding a JGF record or GIB text, a .json holding SGF
 * text): checked as what it holds, but the tools its name promises will
 * not open it. Its words are named_mismatch's, in the file that knows the
 * names. Emitted by: convert/checkplace.c (a check in place: the CLI, the
 * library, the page and the editor server). */
#include "core/rule.h"

const struct rule rule_misnamed_file = {
	.id = "misnamed-file",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "a file's name promises one format and it holds another jgflint reads",
	.explanation =
		"What it checks\n"
		"  jgflint reads a file by what it holds, not by its name, so a game\n"
		"  in a misnamed file is checked all the same. The keeper's other\n"
		"  tools go by the name: an SGF editor will not open a .sgf that holds\n"
		"  a JGF record or Tygem's GIB text, and a JSON reader will not parse\n"
		"  a .json that holds SGF text. A file named .sgf, .gib, .ngf, .ugf,\n"
		"  .ugi, .ugz or .json (in any case) whose contents are another of the\n"
		"  formats jgflint reads (JSON, SGF, GIB, NGF, UGF/UGI, UGZ) gets this\n"
		"  error at its start, naming what it holds and the ending that fits,\n"
		"  as a file named .jgf that holds another format gets `foreign-format`;\n"
		"  its contents' findings follow as usual. .ugf and .ugi are one format.\n"
		"  A file named for a format that holds none of them is that format's\n"
		"  `*-no-game` finding (`sgf-no-game-tree`), and JSON that does not\n"
		"  parse in a .json is `json-syntax`. Other names (.txt, none at all)\n"
		"  promise nothing and get no finding.\n"
		"\n"
		"Fix\n"
		"  Rename the file to the ending the message names (`git mv game.sgf\n"
		"  game.gib`); jgflint does not rename files.\n"
		"\n"
		"Fails\n"
		"  game.sgf: { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n"
		"  game.json: (;GM[1]FF[4]SZ[19];B[pd])\n"
		"\n"
		"Passes\n"
		"  game.jgf: { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n"
		"  game.sgf: (;GM[1]FF[4]SZ[19];B[pd])\n",
};
