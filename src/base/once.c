/* once: tables built on first use, again after a failed build. */
#include "base/once.h"

bool once_run(struct once *o, bool (*build)(void))
{
	if (__atomic_load_n(&o->done, __ATOMIC_ACQUIRE))
		return true;
	pthread_mutex_lock(&o->lock);
	if (!o->done && build())
		__atomic_store_n(&o->done, true, __ATOMIC_RELEASE);
	bool done = o->done;
	pthread_mutex_unlock(&o->lock);
	return done;
}

void thread_attr_worker(pthread_attr_t *attr)
{
	pthread_attr_init(attr);
	pthread_attr_setstacksize(attr, (size_t)8 << 20);
}
