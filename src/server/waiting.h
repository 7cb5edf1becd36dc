/* waiting: the requests waiting for a result, failed when their document
 * changes (waiting.c). */
#ifndef JGF_SERVER_WAITING_H
#define JGF_SERVER_WAITING_H

#include <stdint.h>
#include <json-c/json.h>

/* A request waiting, in arrival order on preqs. */
struct preq {
	json_object *id;
	char *method;
	json_object *params;
	uint64_t doc_id;
	unsigned long gen;
	struct preq *next;
};
extern struct preq *preqs;
void preq_free(struct preq *q);

/* Answers with an error every waiting request of doc (all documents: 0)
 * older than gen. */
void fail_waiting(uint64_t doc_id, unsigned long gen, int code, const char *why);
/* Forgets the waiting requests, unanswered (the end of a session). */
void requests_free(void);

#endif
