/* foreign-format: the document is another format: a JSON one, as
 * core/record.c classifies it, or (with --fix, which writes none of them:
 * door/door.c, before their findings) SGF, UGF, GIB or NGF text, as
 * read/sniff.c names it, or SGF-in-JSON; and any of those checked in place
 * where the input was asked to be JGF (a name ending .jgf, a --stream line).
 * Emitted by: engine/engine.c (JSON), read/load.c (text), convert/inplace.c
 * (asked to be JGF), door/door.c (with --fix). */
#include "core/rule.h"

const struct rule rule_foreign_format = {
	.id = "foreign-format",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "the file is another format (JSON, SGF, UGF, GIB or NGF), not a JGF record",
	.explanation =
		"What it checks\n"
		"  Files named .jgf, or JSON files in a Go collection, are not always\n"
		"  JGF records. jgflint recognises the JSON Graph Format (which also uses\n"
		"  .jgf), OGS game records, JGOF, KGS protocol JSON, SGF-in-JSON, SGF\n"
		"  libraries' JSON trees, WGo.js JGO and ngGo's early bare tree array, and\n"
		"  says in one sentence what the file is instead of reporting a pile of\n"
		"  schema errors. A JSON object with none of JGF's sections is reported\n"
		"  the same way. Nothing else is checked in such a file.\n"
		"\n"
		"  SGF, UGF/UGI, Tygem's GIB and WBaduk's NGF text, SGF-in-JSON (seed\n"
		"  002's: a collection of game trees, one game tree of SGF property\n"
		"  nodes, nodes with `variations`; and sgfgrove's, whose game trees are\n"
		"  [sequence, children]) and OGS game records are checked where they\n"
		"  are (what jgflint's readers repair, and the go rules on the record\n"
		"  each game reads as), and `jgflint --convert FILE` writes them as JGF\n"
		"  v2. Where one was asked to be JGF it is this rule's all the same, an\n"
		"  error that names the format and the command that converts it, before\n"
		"  its games' findings: no JGF reader opens it. Asked to be JGF is a\n"
		"  file named .jgf or .JGF (found by a directory walk, named on the\n"
		"  command line, or standard input named so by --stdin-filename), a\n"
		"  buffer the library checks under such a name (the page's documents,\n"
		"  the editor server's), and every --stream line, which is a JGF\n"
		"  record by definition: `(;GM[1]SZ[9];B[ee])` fails in game.jgf, and\n"
		"  passes in game.sgf (as SGF-in-JSON in game.json).\n"
		"  --fix writes JGF, and SGF where it is: a file of another format is\n"
		"  checked as it is, nothing written, this finding first, its own\n"
		"  findings after it. A UGZ file (a UGF record compressed with LHA)\n"
		"  gets this finding alone from a jgflint built without liblhasa,\n"
		"  which reads it: the message says how to build with it.\n"
		"\n"
		"  A binary file is named by the magic number it starts with (an ELF\n"
		"  program, gzip, bzip2, xz, zstd, ZIP or 7-Zip data, a PNG, JPEG or GIF\n"
		"  image, a PDF document) rather than reported as a JSON syntax error\n"
		"  about its first control character. No file is read as SGF when a\n"
		"  control character no text holds (a NUL, say) comes before its first\n"
		"  game tree: random bytes hold a `(;` now and then. A file named .sgf\n"
		"  (or .gib, .ngf, .ugf, .ugi, .ugz) that holds none of these formats,\n"
		"  no magic number and no JSON is `sgf-no-game-tree` (`gib-no-game`,\n"
		"  `ngf-no-game`, `ugf-no-game`), which says what it holds.\n"
		"\n"
		"Fails\n"
		"  { \"graph\": { \"nodes\": [], \"edges\": [] } }\n"
		"  { \"size\": 19, \"info\": {}, \"game\": [ { \"x\": 3, \"y\": 3, \"c\": 1 } ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n",
};
