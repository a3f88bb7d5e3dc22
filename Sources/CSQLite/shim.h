#ifndef HOBBYSTORY_CSQLITE_SHIM_H
#define HOBBYSTORY_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: ask SQLite to copy bound text and blobs.
static inline sqlite3_destructor_type hobbystory_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
