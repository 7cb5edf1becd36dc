/* dispatch: the messages in: the envelope, the lifecycle, each method to its
 * handler (dispatch.c). */
#ifndef JGF_SERVER_DISPATCH_H
#define JGF_SERVER_DISPATCH_H

#include <json-c/json.h>

/* Handles one message from the client (dispatch.c). */
void handle_message(json_object *msg);

#endif
