/* io-error: an input could not be read. Emitted by: read/load.c (a file),
 * cli/stream.c (a line of --stream). */
#include "core/rule.h"

const struct rule rule_io_error = {
	.id = "io-error",
	.category = "io",
	.severity = SEV_ERROR,
	.summary = "the input could not be read",
	.explanation =
		"What it reports\n"
		"  A file named on the command line that does not exist, is a directory,\n"
		"  cannot be opened (permissions) or read, or is larger than 1 GiB. The\n"
		"  message gives the operating system's reason. The other files are still\n"
		"  checked, and jgflint exits with status 2.\n"
		"\n"
		"Example\n"
		"  $ jgflint missing.jgf\n"
		"  missing.jgf: error: cannot read the file: No such file or directory [io-error]\n",
};
