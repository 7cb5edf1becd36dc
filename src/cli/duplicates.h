/* duplicates: `jgflint duplicates PATH...` (src/dup/ does the work). */
#ifndef JGF_DUPLICATES_H
#define JGF_DUPLICATES_H

/* argv[0] is the subcommand ("duplicates"); the options and paths follow.
 * Returns the exit status: 0 no duplicates (or --exit-zero), 1 duplicates,
 * 2 trouble. */
int duplicates_main(int argc, char **argv);

#endif
