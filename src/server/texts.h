/* texts: documents' texts taken out of messages before json-c reads them
 * (texts.c). */
#ifndef JGF_SERVER_TEXTS_H
#define JGF_SERVER_TEXTS_H

#include <stddef.h>
#include <json-c/json.h>

struct texts;

/* json-c's parse of a message's body (json_tokener_parse_ex over all of
 * it), but each long string of a "text" member decoded here, into *texts,
 * and json-c given a placeholder for it; *end is where json-c stopped in
 * body. A message json-c does not read whole is json-c's own parse of it
 * (and *texts is NULL). */
json_object *parse_taking_texts(json_tokener *tok, const char *body, size_t len, size_t *end,
				struct texts **texts);
void texts_free(struct texts *t);
/* The texts of the message the main loop handles now (NULL after it). */
void texts_handling(struct texts *t);
/* A string of that message: its text (json-c's, or the one taken out for
 * it), which message_text_take hands over (malloc'd, NUL-terminated). */
const char *message_text(json_object *s, size_t *len);
char *message_text_take(json_object *s, size_t *len);

#endif
