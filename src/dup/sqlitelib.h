/* sqlitelib: libsqlite3, loaded when an index is opened (dup/index.c), not
 * when jgflint starts: a check that never opens an index does not map it,
 * nor the libm it needs (640 KB of a check's resident memory, issue 52).
 * Included instead of <sqlite3.h>: the sqlite3_ functions the index calls
 * are the loaded library's through sqlite_lib. Not for use outside src/dup/;
 * only with SQLite (HAVE_SQLITE3). */
#ifndef JGF_DUP_SQLITELIB_H
#define JGF_DUP_SQLITELIB_H

#include <stdbool.h>
#include <sqlite3.h>

#include "base/buf.h"

/* The soname SQLite 3 has always had. */
#define SQLITE_LIB_NAME "libsqlite3.so.0"

#define SQLITE_LIB_FUNCTIONS(X) \
	X(open_v2) X(close_v2) X(busy_timeout) X(exec) X(errmsg) X(get_autocommit) \
	X(prepare_v2) X(step) X(reset) X(finalize) X(clear_bindings) \
	X(bind_int) X(bind_int64) X(bind_text) X(bind_blob) X(bind_null) \
	X(column_int) X(column_int64) X(column_text) X(column_bytes) X(column_blob) \
	X(last_insert_rowid) X(errcode) X(system_errno) X(column_type)

struct sqlite_lib {
#define SQLITE_LIB_POINTER(name) __typeof__(sqlite3_##name) *name;
	SQLITE_LIB_FUNCTIONS(SQLITE_LIB_POINTER)
#undef SQLITE_LIB_POINTER
};
extern struct sqlite_lib sqlite_lib;

/* Loads the library once a process; false, and why in err, when it cannot
 * be (not installed, or without a function the index calls). */
bool sqlite_lib_load(struct buf *err);

/* From here on, a call of a function the list names is the loaded one's. */
#define sqlite3_open_v2 (*sqlite_lib.open_v2)
#define sqlite3_close_v2 (*sqlite_lib.close_v2)
#define sqlite3_busy_timeout (*sqlite_lib.busy_timeout)
#define sqlite3_exec (*sqlite_lib.exec)
#define sqlite3_errmsg (*sqlite_lib.errmsg)
#define sqlite3_get_autocommit (*sqlite_lib.get_autocommit)
#define sqlite3_prepare_v2 (*sqlite_lib.prepare_v2)
#define sqlite3_step (*sqlite_lib.step)
#define sqlite3_reset (*sqlite_lib.reset)
#define sqlite3_finalize (*sqlite_lib.finalize)
#define sqlite3_clear_bindings (*sqlite_lib.clear_bindings)
#define sqlite3_bind_int (*sqlite_lib.bind_int)
#define sqlite3_bind_int64 (*sqlite_lib.bind_int64)
#define sqlite3_bind_text (*sqlite_lib.bind_text)
#define sqlite3_bind_blob (*sqlite_lib.bind_blob)
#define sqlite3_bind_null (*sqlite_lib.bind_null)
#define sqlite3_column_int (*sqlite_lib.column_int)
#define sqlite3_column_int64 (*sqlite_lib.column_int64)
#define sqlite3_column_text (*sqlite_lib.column_text)
#define sqlite3_column_bytes (*sqlite_lib.column_bytes)
#define sqlite3_column_blob (*sqlite_lib.column_blob)
#define sqlite3_last_insert_rowid (*sqlite_lib.last_insert_rowid)
#define sqlite3_errcode (*sqlite_lib.errcode)
#define sqlite3_system_errno (*sqlite_lib.system_errno)
#define sqlite3_column_type (*sqlite_lib.column_type)

#endif
