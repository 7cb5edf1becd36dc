/* sgf-too-many-properties: a node has more different properties than jgflint
 * reads. Emitted by: convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_too_many_properties = {
	.id = "sgf-too-many-properties",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a node has more different properties than jgflint reads",
	.explanation =
		"What it checks\n"
		"  A node holds at most 1000 different properties; those beyond are\n"
		"  ignored (a real record has a few dozen at most). Such a node is most\n"
		"  likely a broken or hostile file.\n"
		"\n"
		"Fix\n"
		"  None: the properties beyond are not read; deleting them deletes\n"
		"  values of the file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]AA[]AB[]...  (more than 1000 different identifiers))\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
};
