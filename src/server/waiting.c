/* waiting: the requests that wait for a document's result, in arrival
 * order; failed here when the document changes under them (documents.c),
 * answered by requests.c when the result comes. */
#include "server/waiting.h"

#include <stdint.h>
#include <stdlib.h>
#include <json-c/json.h>

#include "server/session.h"

struct preq *preqs;

void preq_free(struct preq *q)
{
	json_object_put(q->id);
	json_object_put(q->params);
	free(q->method);
	free(q);
}

void fail_waiting(uint64_t doc_id, unsigned long gen, int code, const char *why)
{
	for (struct preq **pp = &preqs; *pp;) {
		struct preq *q = *pp;
		if ((doc_id == 0 || q->doc_id == doc_id) && q->gen < gen) {
			send_error(q->id, code, "%s", why);
			*pp = q->next;
			preq_free(q);
		} else {
			pp = &q->next;
		}
	}
}

void requests_free(void)
{
	while (preqs) {
		struct preq *q = preqs;
		preqs = q->next;
		preq_free(q);
	}
}
