/* heap: malloc's settings for a run's jobs, and what a run in turn gives
 * back of its heap between files. */
#define _DEFAULT_SOURCE   /* sbrk */
#include "cli/run.h"

#include <malloc.h>
#include <stdint.h>
#include <unistd.h>

void run_prepare_threads(long workers)
{
#ifdef M_TOP_PAD
	/* A worker's malloc arena grows its heap a few pages per mprotect call:
	 * 133,000 calls for 150 MB of large records, which took most of what a
	 * second job gains. Growing it 64 MB at a time (address space, not
	 * memory in use) makes 16 calls of them (bench/jobs.sh large records:
	 * -j 2 1.38 to 1.63 times faster than -j 1; small records and peak
	 * memory unchanged). */
	if (workers > 1)
		mallopt(M_TOP_PAD, 64 << 20);
#else
	(void)workers;
#endif
}

/* The free pages that checks in turn leave inside the heap stay resident
 * (only its top is trimmed, past M_TRIM_THRESHOLD, src/cli/main.c):
 * malloc_trim gives them back, once the heap's break has risen 256 KB past
 * where the last trim left it, and every 64 files: pages freed by a
 * check are touched again by the next ones without the break rising, and
 * the run's resident heap crept up to 1.1 MB over bench/sgfc.sh's 6,320
 * files (the set's peak, medians of 9: 5,204 -> 4,944 KB; one copy's
 * instructions the same within their noise; after every file cost 0.2%
 * and twice the page faults). */
void run_trim_heap(void)
{
#ifdef __GLIBC__
	static uintptr_t trimmed;
	static unsigned files;
	uintptr_t now = (uintptr_t)sbrk(0);
	if (!trimmed || now < trimmed)
		trimmed = now;
	if (now - trimmed < 256 * 1024 && ++files % 64)
		return;
	malloc_trim(0);
	trimmed = (uintptr_t)sbrk(0);
#endif
}
