/* libFuzzer target: arbitrary bytes through `jgflint --convert` (sniffing,
 * character sets, the SGF, SGF-in-JSON and UGF readers, the mapping to JGF,
 * the lint of each record and its atomic write into a scratch directory).
 * Built by `make fuzz`; any crash, leak or sanitizer report is a bug, and so
 * is a written record with a finding outside the go category: the converter
 * must only write records the linter accepts, whatever it reads. */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/convert_cli.h"

static char *scratch_dir, *input_path, *output_dir;

static void empty_dir(const char *path)
{
	DIR *d = opendir(path);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
}

static void remove_scratch(void)
{
	empty_dir(output_dir);
	rmdir(output_dir);
	unlink(input_path);
	rmdir(scratch_dir);
}

static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);
	if (!p)
		abort();
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	static char shm[] = "/dev/shm/jgflint-fuzz-convert-XXXXXX";
	static char tmp[] = "/tmp/jgflint-fuzz-convert-XXXXXX";
	scratch_dir = mkdtemp(shm);
	if (!scratch_dir)
		scratch_dir = mkdtemp(tmp);
	if (!scratch_dir)
		abort();
	input_path = join(scratch_dir, "game.sgf");
	output_dir = join(scratch_dir, "out");
	if (mkdir(output_dir, 0700) != 0)
		abort();
	atexit(remove_scratch);
	/* What --convert says of each game goes to standard output; libFuzzer
	 * reports on standard error. */
	int null = open("/dev/null", O_WRONLY);
	if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
		abort();
	close(null);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fopen(input_path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	char *paths[] = { input_path };
	struct convert_options o = { .output = output_dir, .force = true };
	size_t bugs = 0;
	convert_files(paths, 1, &o, &bugs);
	if (bugs) {
		fprintf(stderr, "the converter wrote a record with %zu findings outside go\n", bugs);
		abort();
	}
	empty_dir(output_dir);
	return 0;
}
