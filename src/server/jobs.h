/* jobs: the worker threads: lint, fix-all, convert and SGF jobs (jobs.c). */
#ifndef JGF_SERVER_JOBS_H
#define JGF_SERVER_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "server/doc.h"

/* Starts the worker threads; false when one cannot start. */
bool workers_start(void);
/* Whether a worker is inside the library. */
bool workers_busy(void);
/* Cancels every queued job and waits until no worker runs one. */
void workers_quiesce(void);
/* Queues a job of kind for d's current generation: a job of the same kind
 * for d still waiting in the queue is brought up to date instead. */
void enqueue(struct doc *d, enum job_kind kind);
/* Cancels d's queued jobs of kind (all kinds: NKINDS). */
void cancel_queued(uint64_t doc_id, int kind);
void job_free(struct job *j);
/* The file at path, whole, when it is a regular file (a URI may name a
 * FIFO or /dev/zero) of at most max bytes; false otherwise. */
bool file_read_whole(const char *path, struct buf *out, size_t max);
void lint_out_free(struct lint_out *o);
void fix_out_free(struct fix_out *o);
void conv_out_free(struct conv_out *o);

#endif
