/* events: the main loop's queue, which the reader thread (messages) and
 * the workers (jobs done) push onto and the main loop pops; what an
 * event carries is freed by its taker (server.c). */
#include "server/events.h"

#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ev_cond = PTHREAD_COND_INITIALIZER;
static struct event *ev_head, *ev_tail;

void events_push(struct event *e)
{
	e->next = NULL;
	pthread_mutex_lock(&ev_lock);
	if (ev_tail)
		ev_tail->next = e;
	else
		ev_head = e;
	ev_tail = e;
	pthread_cond_signal(&ev_cond);
	pthread_mutex_unlock(&ev_lock);
}

struct event *events_try_pop(void)
{
	pthread_mutex_lock(&ev_lock);
	struct event *e = ev_head;
	if (e) {
		ev_head = e->next;
		if (!ev_head)
			ev_tail = NULL;
	}
	pthread_mutex_unlock(&ev_lock);
	return e;
}

struct event *events_pop(void)
{
	pthread_mutex_lock(&ev_lock);
	while (!ev_head)
		pthread_cond_wait(&ev_cond, &ev_lock);
	struct event *e = ev_head;
	ev_head = e->next;
	if (!ev_head)
		ev_tail = NULL;
	pthread_mutex_unlock(&ev_lock);
	return e;
}
