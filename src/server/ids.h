/* ids: request ids as the client wrote them (ids.c). */
#ifndef JGF_SERVER_IDS_H
#define JGF_SERVER_IDS_H

#include <stddef.h>
#include <json-c/json.h>

/* The ids a message carries (its own, and the one $/cancelRequest names)
 * serialised as the client wrote them in body (ids.c). */
void keep_id_texts(json_object *msg, const char *body, size_t len);

#endif
