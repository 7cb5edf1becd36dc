/* usage: the text of `jgflint --help`, `jgflint duplicates --help` and
 * `jgflint server --help`. */
#ifndef JGF_USAGE_H
#define JGF_USAGE_H

extern const char cli_usage[];
extern const char duplicates_usage[];
extern const char server_usage[];

#endif
