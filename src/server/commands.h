/* commands: workspace/executeCommand: the convert action's command,
 * jgflint.convertToSgf, jgflint.ignoreRule (commands.c). */
#ifndef JGF_SERVER_COMMANDS_H
#define JGF_SERVER_COMMANDS_H

#include <stdbool.h>
#include <json-c/json.h>

#include "server/doc.h"

/* Whether commands write files (the fuzz target's sessions do not). */
extern bool server_writes_files;
/* Converts a document's record beside it, as the convert action's edit. */
#define CONVERT_COMMAND "jgflint.convert"
/* Answers with the document's record (or the games it holds) as SGF, as
 * jgflint --convert --to sgf --sgf-collection writes it; writes nothing. */
#define SGF_COMMAND "jgflint.convertToSgf"
/* Runs IGNORE_COMMAND (ignore.h). */
void ignore_command(const struct doc *d, json_object *id, json_object *params);
/* The job a command waits for: J_SGF or J_CONVERT. */
enum job_kind command_job(json_object *params);
void answer_command(const struct doc *d, json_object *id, json_object *params);
/* The document a command's arguments name, or NULL. */
const char *command_uri(json_object *params);

#endif
