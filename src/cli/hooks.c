/* hooks: the test suite's switches, read by the test program alone
 * (cli/hooks.h; tests/jgflint-hooks, never installed). */
#include "cli/hooks.h"

#include <stdlib.h>
#include <string.h>

#include "base/size.h"
#include "cli/write.h"
#include "convert/conversion.h"
#include "convert/sgfmerge.h"
#include "dup/index.h"
#include "engine/engine.h"
#include "read/load.h"
#include "read/sniff.h"

static bool set(const char *name, const char **value)
{
	*value = getenv(name);
	return *value && **value;
}

void cli_test_hooks(enum cli_command sub)
{
	const char *v;
	if (sub == CLI_CHECK) {
		if (set("JGFLINT_TEST_BREAK_RECORD", &v))
			conversion_test_break_records(true);
		if (set("JGFLINT_TEST_NO_LHASA", &v))
			sniff_test_no_lhasa(true);
		if (set("JGFLINT_TEST_PAUSE_BEFORE_RENAME", &v))
			write_test_pause(v);
		if (set("JGFLINT_TEST_AGAIN_WHOLE", &v))
			engine_test_again_whole(true);
		if (set("JGFLINT_TEST_MERGE_LOSES", &v))
			sgf_merge_test_loses(true);
		size_t n;
		if (set("JGFLINT_STREAM_MIN", &v))
			load_test_stream_min(size_parse(v, &n) ? n : strcmp(v, "0") == 0 ? 0 : SIZE_MAX);
	} else if (sub == CLI_DUPLICATES) {
		if (set("JGFLINT_TEST_QUERY_PLAN", &v))
			dup_index_test_query_plan(true);
		if (set("JGFLINT_TEST_AGAINST_WHOLE", &v))
			dup_index_test_against_whole(true);
	}
}

const char *cli_test_hooks_version(void)
{
	return "test hooks: on (JGFLINT_TEST_BREAK_RECORD, JGFLINT_TEST_NO_LHASA, "
	       "JGFLINT_TEST_PAUSE_BEFORE_RENAME, JGFLINT_STREAM_MIN, JGFLINT_TEST_AGAIN_WHOLE, "
	       "JGFLINT_TEST_MERGE_LOSES; "
	       "for jgflint duplicates, JGFLINT_TEST_QUERY_PLAN, JGFLINT_TEST_AGAINST_WHOLE): the "
	       "test suite's program, never installed";
}
