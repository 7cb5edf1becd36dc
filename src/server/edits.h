/* edits: TextEdit, WorkspaceEdit and CreateFile (edits.c). */
#ifndef JGF_SERVER_EDITS_H
#define JGF_SERVER_EDITS_H

#include <stddef.h>
#include <json-c/json.h>

#include "server/doc.h"
#include "server/text.h"

json_object *text_edit(const struct snap *s, size_t start, size_t end, const char *text,
		       size_t len, enum encoding enc);
/* The edits of a finding's fix (NULL when it has none, or more than
 * max_bytes of text). */
json_object *finding_edits(const struct snap *s, const struct finding *f, enum encoding enc,
			   size_t max_bytes);
/* A WorkspaceEdit of edits to uri: documentChanges, naming the document's
 * version (taken; NULL: JSON null, a file not open), when the client takes
 * them, else changes. */
json_object *workspace_edit(const char *uri, json_object *version, json_object *edits);
/* Appends to a documentChanges array a CreateFile of uri (never replacing
 * a file) and the edit that writes text in it. */
void create_file_with(json_object *changes, const char *uri, const char *text);

#endif
