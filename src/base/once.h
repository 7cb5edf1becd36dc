/* once: a table built on first use by whichever thread comes first. Unlike
 * pthread_once, a build that fails (out of memory) is tried again by the
 * next caller, and no failure has to unwind out of it: the build returns
 * false and the caller fails (base/fail.h) after the lock is released. */
#ifndef JGF_ONCE_H
#define JGF_ONCE_H

#include <pthread.h>
#include <stdbool.h>

struct once {
	pthread_mutex_t lock;
	bool done;
};

#define ONCE_INIT { PTHREAD_MUTEX_INITIALIZER, false }

/* Runs build unless it has succeeded before; whether the table is built. */
bool once_run(struct once *o, bool (*build)(void));

/* The attributes of a worker thread that checks or converts records: the
 * stack of glibc's threads and main thread (8 MiB) whatever the C library,
 * since the walks of a deep record recurse (musl's threads have 128 KiB:
 * the static program crashed where the packaged one did not). */
void thread_attr_worker(pthread_attr_t *attr);

#endif
