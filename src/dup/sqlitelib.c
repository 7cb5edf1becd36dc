/* sqlitelib: libsqlite3 loaded on first use (dup/sqlitelib.h). */
#ifdef HAVE_SQLITE3
#include "dup/sqlitelib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct sqlite_lib sqlite_lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];   /* empty when loaded */

static void load(void)
{
	/* Never closed: the index's statements live until the process ends. */
	void *lib = dlopen(SQLITE_LIB_NAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(load_error, sizeof load_error, "%s", dlerror());
		return;
	}
#define SQLITE_LIB_FIND(name)                                                        \
	if (!load_error[0] && !(*(void **)&sqlite_lib.name = dlsym(lib, "sqlite3_" #name))) \
		snprintf(load_error, sizeof load_error, "it has no sqlite3_%s (SQLite too old)", #name);
	SQLITE_LIB_FUNCTIONS(SQLITE_LIB_FIND)
#undef SQLITE_LIB_FIND
}

bool sqlite_lib_load(struct buf *err)
{
	pthread_once(&load_once, load);
	if (!load_error[0])
		return true;
	buf_printf(err, "cannot load SQLite, which --index, --against and --indexes need: %s; "
		   "install it (on Debian or Ubuntu: apt-get install libsqlite3-0)", load_error);
	return false;
}

#endif
