import Foundation
internal import GRDB
internal import GRDBSQLite

extension Array where Element == String {
    /// The elements with `separator` between them, for SQL text: TerminalUI's `joined(with:)`, which this
    /// package cannot import (see there why not the standard library's `joined(separator:)`).
    func joined(with separator: String) -> String {
        var text = ""
        var first = true
        for element in self {
            if first { first = false } else { text += separator }
            text += element
        }
        return text
    }
}

extension Database {
    /// Runs statements that take no arguments and return no rows (transaction control, pragmas) through
    /// `sqlite3_exec`.
    ///
    /// GRDB's `execute(sql:)` builds an `SQL` literal first, whose generic code costs every process a scan of
    /// all protocol conformances on first use; a read-only command needs nothing else from that path. Failures
    /// come back as the `DatabaseError` GRDB would have thrown, with SQLite's extended result code.
    func runPlain(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(sqliteConnection, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: text, sql: sql)
        }
    }

    /// Runs `body` in an IMMEDIATE transaction begun and ended through ``runPlain(_:)``: what GRDB's
    /// `inTransaction` does, without its `BEGIN`, whose SQL literal made every writing command scan all protocol
    /// conformances once (a tenth of `stint task note`'s instructions, and code and data pages of its memory).
    ///
    /// A transaction that finds the log empty (the first of a process: the last connection to close truncated it)
    /// commits with `synchronous = OFF`, saving SQLite's sync of the log's header alone (ADR 0028, decision 28).
    /// That sync keeps a restart of the log harmless when a torn write leaves older frames behind the new ones;
    /// an empty log has none, and the checkpoint that follows, run with `NORMAL` again, syncs the header and the
    /// frames together before it copies anything. Automatic checkpoints are off until then, so none copies an
    /// unsynced log. When another process wrote between the look and the lock, the transaction starts over as
    /// usual.
    ///
    /// - Parameter rollingBack: undo what `body` did once it returns.
    /// - Throws: the first error of `body`, the commit or the rollback; `SQLITE_ABORT` when SQLite ended the
    ///   transaction on its own during `body` (disk full, I/O error), which GRDB would also have reported: the body's
    ///   changes before that point are gone, and nothing may be reported as written.
    func immediateTransaction<T>(rollingBack: Bool, _ body: () throws -> T) throws -> T {
        if !rollingBack, logIsEmpty() {
            // Neither setting may change inside a transaction.
            try runPlain("PRAGMA synchronous = OFF")
            sqlite3_wal_autocheckpoint(sqliteConnection, 0)
            var restored = false
            func restore() throws {
                guard !restored else { return }
                sqlite3_wal_autocheckpoint(sqliteConnection, 1000)
                try runPlain("PRAGMA synchronous = NORMAL")
                restored = true
            }
            defer { try? restore() }
            try runPlain("BEGIN IMMEDIATE TRANSACTION")
            if logIsEmpty() { return try commit(body, rollingBack: false, beforeCheckpoint: restore) }
            try runPlain("ROLLBACK TRANSACTION")
            try restore()
        }
        try runPlain("BEGIN IMMEDIATE TRANSACTION")
        return try commit(body, rollingBack: rollingBack, beforeCheckpoint: {})
    }

    /// Runs `body` in the transaction just begun, then rolls it back, or commits it, runs `beforeCheckpoint` and
    /// makes the commit durable.
    private func commit<T>(
        _ body: () throws -> T, rollingBack: Bool, beforeCheckpoint: () throws -> Void
    ) throws -> T {
        do {
            let result = try body()
            guard sqlite3_get_autocommit(sqliteConnection) == 0 else {
                throw DatabaseError(resultCode: .SQLITE_ABORT, message: "Transaction was aborted")
            }
            if rollingBack {
                try rollBackIfOpen()
            } else {
                try runPlain("COMMIT TRANSACTION")
                do {
                    try beforeCheckpoint()
                } catch {
                    // Never checkpoint without syncs: the log alone keeps the commit.
                    try syncLog()
                    throw error
                }
                try makeCommitDurable()
            }
            return result
        } catch {
            try? rollBackIfOpen()
            throw error
        }
    }

    /// Whether the connection's write-ahead log exists and holds nothing. False for any other journal mode, an
    /// in-memory database, a closed connection, or a log that cannot be looked at.
    func logIsEmpty() -> Bool {
        guard let connection = sqliteConnection, let name = sqlite3_db_filename(connection, "main"), name.pointee != 0,
            let log = sqlite3_filename_wal(name)
        else { return false }
        var status = stat()
        return stat(log, &status) == 0 && status.st_size == 0
    }

    /// Makes the last commit durable before the caller reports it. The connection runs with
    /// `synchronous = NORMAL`, so a commit only writes the log; a checkpoint then syncs the log, copies it into the
    /// database file and syncs that: the syncs the checkpoint on close made anyway, now before the report instead
    /// of after it, and the commit's own sync of the log is saved (ADR 0028, decision 26). When a reader keeps
    /// part of the log from being copied, or another connection is checkpointing, the log itself is synced.
    func makeCommitDurable() throws {
        var logFrames: Int32 = 0
        var copied: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(sqliteConnection, "main", SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied)
        // Not in WAL mode (-1, -1) nothing is left to do: SQLite synced the rollback journal and the file itself.
        if code == SQLITE_OK && copied == logFrames { return }
        guard code == SQLITE_OK || code == SQLITE_BUSY else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "checkpoint after a commit")
        }
        try syncLog()
    }

    /// Syncs the log file through SQLite's own file methods (`SQLITE_FCNTL_JOURNAL_POINTER`), which know the
    /// platform's right call and sync the folder too the first time after creating the file.
    private func syncLog() throws {
        var log: UnsafeMutablePointer<sqlite3_file>?
        let found = sqlite3_file_control(sqliteConnection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log)
        guard found == SQLITE_OK, let log, let sync = log.pointee.pMethods?.pointee.xSync else {
            throw DatabaseError(resultCode: .SQLITE_IOERR, message: "no log file to sync after a commit")
        }
        let synced = sync(log, SQLITE_SYNC_NORMAL)
        guard synced == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: synced), message: "syncing the log after a commit")
        }
    }

    /// SQLite rolls back by itself after some errors, and then `ROLLBACK` would only fail.
    private func rollBackIfOpen() throws {
        guard sqlite3_get_autocommit(sqliteConnection) == 0 else { return }
        try runPlain("ROLLBACK TRANSACTION")
    }
}

extension StatementArguments {
    /// Positional arguments, built without GRDB's generic `init(_:)`: called from this package that initializer
    /// runs unspecialized, and its `map` looks up the sequence's associated types by name on first use, one more
    /// scan of every protocol conformance per process. Each `[value]` here is GRDB's array literal, whose
    /// initializer GRDB compiles for arrays itself.
    static func positional(_ values: [(any DatabaseValueConvertible)?]) -> StatementArguments {
        var arguments = StatementArguments()
        for value in values { arguments += [value] }
        return arguments
    }
}
