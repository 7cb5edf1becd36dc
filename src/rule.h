/* rule: what every rule unit in rules/ declares about itself. The table of
 * all rules (rule_registry) is generated from the rule units in rules/ at build time. */
#ifndef JGF_RULE_H
#define JGF_RULE_H

enum severity {
	SEV_INFO,
	SEV_WARNING,
	SEV_ERROR,
};

struct rule {
	const char *id;          /* stable kebab-case id; never renamed or reused */
	const char *category;    /* group used by --list-rules: json, io, ... */
	enum severity severity;  /* default severity */
	const char *summary;     /* one line */
	const char *explanation; /* what it checks, why, a failing and a passing example */
};

/* NULL-terminated, in the order the rule units were linked. */
extern const struct rule *const rule_registry[];

#endif
