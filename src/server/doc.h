/* doc: an open document, a job of it and what its jobs bring back: the state
 * every part of the server reads (documents.c keeps the documents, jobs.c runs
 * the jobs). */
#ifndef JGF_SERVER_DOC_H
#define JGF_SERVER_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "lib/jgflint.h"
#include "server/settings.h"
#include "server/text.h"

/* A finding as the server keeps it between requests: what hovers and code
 * actions need, copied out of the library's result, which goes with its
 * DOM as soon as the diagnostics are made (a 30 MB record's DOM is some
 * hundreds of MB: an open document keeps its text, not that). */
struct edit {
	size_t start, end;      /* bytes of the snapshot's text */
	char *text;
	size_t len;
};

struct finding {
	size_t start, end;      /* bytes; 0, 0 for the whole document */
	bool located;           /* not about the whole document */
	long rule;              /* in the catalogue, or -1 */
	enum jgf_severity severity;
	unsigned fix;           /* 0, JGF_FIX or JGF_UNSAFE_FIXES */
	char *message;
	char *fix_description;
	struct edit *edits;     /* the fix's, in text order; none if any is out of the text */
	size_t nedits;
	bool foreign;           /* foreign-format, or checked in place: --convert reads it */
	json_object *diag;      /* its Diagnostic */
	char *board;            /* a go finding's board (jgf_finding_board: --format text's),
				 * the first MAX_POSITIONS */
};

struct lint_out {
	struct snap *snap;
	bool linted;            /* false when memory ran out, or for a configuration file */
	struct finding *f;
	size_t n;
	json_object *diags;     /* the array of Diagnostic */
	char *publish;          /* the publishDiagnostics message, serialised */
	size_t publish_len;
	bool foreign;           /* a foreign-format finding */
	bool safe_fixes;        /* a finding with a safe fix */
};

struct fix_out {
	size_t fixes;
	json_object *edit;      /* one TextEdit, or NULL when nothing changes */
};

struct conv_out {
	int status;
	size_t n;
	char **names;           /* base names */
	char **texts;
	bool *exists;
	char *messages;
	char *refused;          /* why nothing was converted (then n is 0) */
};

enum job_kind { J_LINT, J_FIX, J_CONVERT, J_SGF, NKINDS };

struct doc {
	uint64_t id;
	char *uri;
	char *path;             /* NULL when not a file:// URI */
	char *name;             /* for the library: the path, or the URI */
	bool is_config;         /* a .jgflint.json */
	int64_t version;
	unsigned long gen;
	bool modified;          /* changed since opened or saved: not the file's text */
	struct snap *snap;
	struct cfgref *cfg;
	struct lint_out *lint;  /* of gen, when done */
	struct fix_out *fix;
	struct conv_out *conv;
	struct conv_out *sgf;   /* its conversion to SGF (jgflint.convertToSgf) */
	bool pending[NKINDS];   /* a job of gen is queued or running */
	struct doc *next;
};

struct job {
	enum job_kind kind;
	uint64_t doc_id;
	unsigned long gen;
	int64_t version;
	char *uri, *name, *path;
	bool is_config;
	bool modified;
	bool push;
	enum encoding enc;
	struct snap *snap;
	struct cfgref *cfg;
	int cancelled;
	struct lint_out *lint;
	struct fix_out *fix;
	struct conv_out *conv;  /* J_CONVERT's, or J_SGF's */
	struct job *next;
};

#endif
