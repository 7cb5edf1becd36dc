/* foreign-format: the document is another format: a JSON one, as
 * core/record.c classifies it, or SGF, UGF, GIB or NGF text, as read/sniff.c
 * names it. Emitted by: engine/engine.c (JSON), read/load.c (text). */
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
		"  Text formats are recognised before any JSON syntax check: SGF (`(`\n"
		"  then `;` or a property, after white space; in UTF-8, or UTF-16 with or\n"
		"  without a byte order mark; or after other text, `(;` at the start of\n"
		"  a line or followed by a property, as in `] 01-11-2017~(;GM[1]`)\n"
		"  and UGF/UGI (a `[Header]` line after optional `#`\n"
		"  comment lines), Tygem's GIB (`\\HS` and `\\[KEY=value\\]` header lines)\n"
		"  and WBaduk's NGF (its fixed header, then `PM` move lines). For these and\n"
		"  for SGF-in-JSON (seed 002's: a collection of game trees, one game tree\n"
		"  of SGF property nodes, nodes with `variations`; and sgfgrove's, whose\n"
		"  game trees are [sequence, children]) the message names the command\n"
		"  that converts the file to JGF v2: `jgflint --convert FILE`.\n"
		"\n"
		"  A binary file is named by the magic number it starts with (an ELF\n"
		"  program, gzip, bzip2, xz, zstd, ZIP or 7-Zip data, a PNG, JPEG or GIF\n"
		"  image, a PDF document) rather than reported as a JSON syntax error\n"
		"  about its first control character.\n"
		"\n"
		"Fails\n"
		"  { \"graph\": { \"nodes\": [], \"edges\": [] } }\n"
		"  (;FF[4]GM[1]SZ[19];B[pd];W[dp])\n"
		"  [ { \"FF\": 4, \"SZ\": 19 }, { \"B\": \"pd\" } ]\n"
		"  [ [ [ { \"FF\": 4, \"SZ\": 19 }, { \"B\": \"pd\" } ], [] ] ]\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n",
};
