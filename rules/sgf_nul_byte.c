/* sgf-nul-byte: a NUL byte in a property value: dropped, the text around it
 * kept. Emitted by: convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_nul_byte = {
	.id = "sgf-nul-byte",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a NUL byte in a property value: dropped, the text around it kept",
	.explanation =
		"What it checks\n"
		"  A text value holds characters, never the byte 0 (SGFC and C programs\n"
		"  cut the text there). jgflint drops the NUL bytes and keeps the text on\n"
		"  both sides of them.\n"
		"\n"
		"Fix\n"
		"  None: the byte is dropped where it is read; the file is left as it\n"
		"  is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]C[a<00>b])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]C[ab])\n",
};
