#ifndef STINT_SQLITE_TUNING_H
#define STINT_SQLITE_TUNING_H

#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which take a global mutex and update counters around every allocation
/// SQLite makes: 15 % of the instructions a command spends in SQLite, for figures (`sqlite3_memory_used`, the
/// soft heap limit) Stint never reads. It must run before SQLite initializes, that is before the process opens
/// its first database; later it changes nothing and returns SQLITE_MISUSE. A C function because
/// `sqlite3_config` is variadic, which Swift cannot call.
static inline int stint_sqlite_skip_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
