/* usage: the text of `jgflint --help` and `jgflint duplicates --help`. */
#ifndef JGF_USAGE_H
#define JGF_USAGE_H

extern const char cli_usage[];
extern const char duplicates_usage[];

#endif
