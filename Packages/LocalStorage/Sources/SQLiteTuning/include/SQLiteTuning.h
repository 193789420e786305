#ifndef STINT_SQLITE_TUNING_H
#define STINT_SQLITE_TUNING_H

#include <sqlite3.h>

/// SQLite's process-wide settings, made before the process opens its first database: later they change nothing and
/// `sqlite3_config` returns SQLITE_MISUSE. A C function because `sqlite3_config` is variadic, which Swift cannot call.
///
/// - No memory statistics: they take a global mutex and update counters around every allocation SQLite makes, 15 %
///   of the instructions a command spends in SQLite, for figures (`sqlite3_memory_used`, the soft heap limit) Stint
///   never reads.
/// - `file:` URIs as file names: the read-only open of a command that only reads asks for a read-only `-shm` file
///   with the URI parameter `readonly_shm=1` (ADR 0028, decision 19). Debian builds SQLite with URIs on; this makes
///   it so wherever Stint is built.
static inline int stint_sqlite_set_up(void) {
    int statistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    int uris = sqlite3_config(SQLITE_CONFIG_URI, 1);
    return statistics != SQLITE_OK ? statistics : uris;
}

#endif
