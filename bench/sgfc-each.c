/* bench/sgfc.sh's harness for SGFC 2.0: its main() body once per file
 * named, in one process, with `sgfc -v -t FILE`'s options and no output
 * file (the check in place). Built by bench/sgfc.sh against SGFC's own
 * source (-DVERSION_NO_MAIN), outside the project: the product never
 * links it. Exits with the worst of SGFC's statuses. */
#include "all.h"
#include "protos.h"

int main(int argc, const char *argv[])
{
	int worst = 0;
	for (int i = 1; i < argc; i++) {
		const char *args[] = { "sgfc", "-v", "-t", argv[i] };
		struct SGFInfo *sgfc = SetupSGFInfo(NULL);
		int ret = 20;
		if (ParseArgs(sgfc, 4, args) && LoadSGF(sgfc, sgfc->options->infile)
		    && ParseSGF(sgfc)) {
			ret = sgfc->error_count ? 10 : sgfc->warning_count ? 5 : 0;
			PrintStatusLine(sgfc);
		}
		FreeSGFInfo(sgfc);
		if (ret > worst)
			worst = ret;
	}
	return worst;
}
