/* transport: Content-Length framing on two threads: the reader hands messages
 * to the main loop (events.h), the writer sends what is queued (transport.c).
 * */
#ifndef JGF_SERVER_TRANSPORT_H
#define JGF_SERVER_TRANSPORT_H

#include <stddef.h>
#include <json-c/json.h>

/* The largest message body read; a longer one is skipped and answered
 * with an error. */
#define MAX_MESSAGE_BYTES ((size_t)1 << 30)

/* Starts the reader thread over fd in and the writer thread over fd out. */
void transport_start(int in, int out);
/* Queues one message (serialised here; the reference is dropped). */
void transport_send(json_object *msg);
/* Queues one message already serialised (copied). */
void transport_send_bytes(const char *body, size_t len);
/* Waits until everything queued is written (or the output failed). */
void transport_flush(void);
/* Ends the reader, if the input has not, and joins it: always, since a
 * thread that ends unjoined is a leak to ThreadSanitizer. */
void transport_reap(void);
/* After a session (server_session_reset): ends and joins the reader
 * (transport_reap) and drops the input. */
void transport_stop(void);

#endif
