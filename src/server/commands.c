/* commands: workspace/executeCommand. A client that cannot create files
 * through a workspace edit (Neovim 0.7 declares no documentChanges, Eglot
 * no resource operations) gets the convert action as the command
 * jgflint.convert, and the server writes the records itself, as jgflint
 * --convert writes them: beside the document, never over a file that
 * exists (O_EXCL), whole or not at all, flushed to the disk.
 * jgflint.convertToSgf answers with the document as SGF (a JGF record, or
 * the games of SGF, GIB, NGF, UGF ...), as jgflint --convert --to sgf
 * --sgf-collection writes it, and writes nothing: the editor shows it,
 * saves it where the user says. jgflint.ignoreRule writes the
 * .jgflint.json of the "ignore this rule" action for the same clients,
 * the same way. */
#include "server/commands.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "lib/jgflint.h"
#include "server/doc.h"
#include "server/documents.h"
#include "server/ignore.h"
#include "server/rpc.h"
#include "server/session.h"

bool server_writes_files = true;

/* Writes a new file at path; 0 or an errno. A file that exists is never
 * replaced, and one that could not be written whole is removed. */
static int write_new_file(const char *path, const char *data, size_t len)
{
	if (!server_writes_files)
		return EROFS;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0)
		return errno;
	int err = 0;
	for (size_t done = 0; done < len && !err;) {
		ssize_t n = write(fd, data + done, len - done);
		if (n > 0)
			done += (size_t)n;
		else if (n < 0 && errno != EINTR)
			err = errno;
		else if (n == 0)
			err = EIO;
	}
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (err)
		unlink(path);
	return err;
}

/* The directory of path, flushed so that new names in it last. */
static void sync_directory(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* Writes d's conversion; answers id with null and tells the user what was
 * written, or answers the error. */
static void convert_command(const struct doc *d, json_object *id)
{
	const struct conv_out *c = d->conv;
	if (!d->path || !c->n) {
		send_error(id, E_REQUEST_FAILED, "jgflint: nothing to convert: %s",
			   c->refused ? c->refused : *c->messages ? c->messages :
			   "not a record in another format");
		return;
	}
	char *dir = xstrdup(d->path);
	*strrchr(dir, '/') = '\0';
	struct buf written = BUF_INIT;
	const char *failed = NULL;
	int err = 0;
	for (size_t i = 0; i < c->n && !err; i++) {
		char *path = xasprintf("%s/%s", *dir ? dir : "", c->names[i]);
		err = write_new_file(path, c->texts[i], strlen(c->texts[i]));
		free(path);
		if (err) {
			failed = c->names[i];
		} else {
			buf_adds(&written, written.len ? ", " : "");
			buf_adds(&written, c->names[i]);
		}
	}
	sync_directory(*dir ? dir : "/");
	free(dir);
	if (err) {
		send_error(id, E_REQUEST_FAILED, "jgflint: %s not written: %s%s%s%s", failed,
			   err == EEXIST ? "it exists (jgflint --convert does not replace a file)" :
			   strerror(err), written.len ? " (written: " : "",
			   written.len ? written.data : "", written.len ? ")" : "");
	} else {
		tell("window/showMessage", 3, "jgflint: converted to %s", written.data);
		send_response(id, NULL);
	}
	buf_free(&written);
}

/* The SGF file's name: the document's base name with its ending replaced
 * by .sgf (game.jgf -> game.sgf). */
static char *sgf_name(const struct doc *d)
{
	const char *path = d->path ? d->path : d->uri;
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	return xasprintf("%.*s.sgf", (int)n, base);
}

/* Answers id with {"sgf": TEXT, "name": "game.sgf", "games": N,
 * "messages": "..."}: every game in one collection, the messages what
 * --convert would say (notes, "not in SGF", the source's findings); or
 * with an error when nothing could be converted. */
static void sgf_command(const struct doc *d, json_object *id)
{
	const struct conv_out *c = d->sgf;
	if (d->is_config) {
		send_error(id, E_REQUEST_FAILED, "jgflint: %s is a configuration file, not a record: "
			   "nothing to convert to SGF", d->uri);
		return;
	}
	if (!c->n) {
		send_error(id, E_REQUEST_FAILED, "jgflint: nothing to convert to SGF: %s",
			   c->refused ? c->refused : *c->messages ? c->messages :
			   "not a record");
		return;
	}
	struct buf text = BUF_INIT;
	for (size_t i = 0; i < c->n; i++)
		buf_adds(&text, c->texts[i]);
	json_object *r = dom_object();
	dom_add(r, "sgf", dom_string_len(text.data, text.len));
	char *name = sgf_name(d);
	dom_add(r, "name", dom_string(name));
	free(name);
	dom_add(r, "games", dom_uint(c->n));
	dom_add(r, "messages", dom_string(c->messages));
	buf_free(&text);
	send_response(id, r);
}

void ignore_command(const struct doc *d, json_object *id, json_object *params)
{
	json_object *args = member_of_type(params, "arguments", json_type_array);
	json_object *r = args && json_object_array_length(args) > 1 ?
			 json_object_array_get_idx(args, 1) : NULL;
	const char *rule = r && json_object_is_type(r, json_type_string) ?
			   json_object_get_string(r) : NULL;
	if (!rule || jgf_rule_find(rule) < 0 || !d->path) {
		send_error(id, E_INVALID_PARAMS, "%s: arguments must be a file's URI and a rule",
			   IGNORE_COMMAND);
		return;
	}
	char *config = jgf_config_find(d->path);
	if (config) {
		send_error(id, E_REQUEST_FAILED, "jgflint: %s applies to this file: ignore %s there "
			   "(the action adds it to its \"ignore\" list)", config, rule);
		jgf_free(config);
		return;
	}
	size_t at;
	char *text, *why;
	ignore_edit("", 0, rule, &at, &text, &why);
	char *dir = xstrdup(d->path);
	*strrchr(dir, '/') = '\0';
	char *path = xasprintf("%s/.jgflint.json", dir);
	int err = write_new_file(path, text, strlen(text));
	sync_directory(*dir ? dir : "/");
	if (err) {
		send_error(id, E_REQUEST_FAILED, "jgflint: %s not written: %s", path,
			   err == EEXIST ? "it exists" : strerror(err));
	} else {
		tell("window/showMessage", 3, "jgflint: wrote %s, which ignores %s", path, rule);
		send_response(id, NULL);
		reload_configs();
	}
	free(path);
	free(dir);
	free(text);
}

enum job_kind command_job(json_object *params)
{
	const char *command = member_string(params, "command");
	return command && !strcmp(command, SGF_COMMAND) ? J_SGF : J_CONVERT;
}

void answer_command(const struct doc *d, json_object *id, json_object *params)
{
	const char *command = member_string(params, "command");
	if (command && !strcmp(command, CONVERT_COMMAND))
		convert_command(d, id);
	else if (command && !strcmp(command, SGF_COMMAND))
		sgf_command(d, id);
	else
		send_error(id, E_INVALID_PARAMS, "workspace/executeCommand: no command %s",
			   command ? command : "(not a string)");
}

/* The document a command's arguments name: [uri], as actions.c makes them. */
const char *command_uri(json_object *params)
{
	json_object *args = member_of_type(params, "arguments", json_type_array);
	json_object *uri = args && json_object_array_length(args) ?
			   json_object_array_get_idx(args, 0) : NULL;
	return uri && json_object_is_type(uri, json_type_string) ? json_object_get_string(uri) :
	       NULL;
}
