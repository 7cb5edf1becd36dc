/* events: the main loop's queue: messages in, jobs done (events.c). */
#ifndef JGF_SERVER_EVENTS_H
#define JGF_SERVER_EVENTS_H

#include <json-c/json.h>

/* What the reader thread and the workers hand the main loop. */
enum event_kind {
	EV_MESSAGE,       /* msg: a parsed JSON value */
	EV_BAD_MESSAGE,   /* code, text: answered with an error whose id is null */
	EV_EOF,           /* standard input ended (or failed) */
	EV_JOB_DONE,      /* job */
};

struct job;
struct texts;

struct event {
	enum event_kind kind;
	json_object *msg;
	struct texts *texts;   /* the document texts msg's placeholders stand for */
	int code;
	char *text;
	struct job *job;
	struct event *next;
};

/* The main loop's queue (events.c); its taker frees what an event carries. */
void events_push(struct event *e);
struct event *events_pop(void);   /* blocks */
struct event *events_try_pop(void);   /* NULL when there is none */

#endif
