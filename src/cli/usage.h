/* usage: the text of `jgflint --help`. */
#ifndef JGF_USAGE_H
#define JGF_USAGE_H

extern const char cli_usage[];

#endif
