import Foundation
internal import GRDB

extension LocalStore {
    /// Runs `body` in one read transaction, so several reads see one consistent state and cost one
    /// transaction instead of one each (what a command needs, read once).
    ///
    /// - Parameter body: The reads; the reader must not escape it. It runs on a database thread.
    /// - Returns: What `body` returns.
    /// - Throws: Whatever `body` throws, unchanged, or a ``LocalStorageError`` when the read fails.
    public func reading<T: Sendable>(_ body: @Sendable (StoreReader) throws -> T) async throws -> T {
        do {
            return try await readTransaction { db in
                do {
                    return try body(StoreReader(db: db))
                } catch {
                    throw ReaderBodyError(error: error)
                }
            }
        } catch let error as ReaderBodyError {
            throw error.error
        } catch {
            throw LocalStorageError.reading(error)
        }
    }

    /// An error thrown by the caller's body, told apart from the store's own failures.
    private struct ReaderBodyError: Error {
        let error: any Error
    }
}

/// The reading side of the store, handed to the body of ``LocalStore/reading(_:)``.
///
/// Valid only inside that body: it wraps the open read transaction. Like every read of the store it
/// never returns tombstoned rows. Methods throw ``LocalStorageError``.
public struct StoreReader {
    let db: Database

    /// A configuration value; nil when never set.
    public func setting(_ key: String) throws(LocalStorageError) -> String? {
        try reading { try Queries.setting(db, key: key) }
    }

    public func project(id: String) throws(LocalStorageError) -> ProjectRecord? {
        try reading { try Queries.one(ProjectRecord.self, db, id: id) }
    }

    public func taskList(id: String) throws(LocalStorageError) -> TaskListRecord? {
        try reading { try Queries.one(TaskListRecord.self, db, id: id) }
    }

    public func task(id: String) throws(LocalStorageError) -> TaskRecord? {
        try reading { try Queries.one(TaskRecord.self, db, id: id) }
    }

    public func task(number: Int) throws(LocalStorageError) -> TaskRecord? {
        try reading { try Queries.task(db, number: number) }
    }

    /// Tasks whose id starts with `idPrefix` (case-insensitive), by id.
    public func tasks(idPrefix: String) throws(LocalStorageError) -> [TaskRecord] {
        try reading { try Queries.withIDPrefix(TaskRecord.self, db, prefix: idPrefix) }
    }

    /// Live timers of one person: running first, then the most recently changed.
    public func timers(ownerID: String) throws(LocalStorageError) -> [TimerRecord] {
        try reading { try TimeQueries.timers(db, ownerID: ownerID) }
    }

    /// Every live row, as ``LocalStore/exportRecords()`` returns them.
    public func exportRecords() throws(LocalStorageError) -> StoreSnapshot {
        try reading { try Queries.snapshot(db) }
    }

    private func reading<T>(_ body: () throws -> T) throws(LocalStorageError) -> T {
        do { return try body() } catch { throw LocalStorageError.reading(error) }
    }
}

@available(*, unavailable, message: "a StoreReader is only valid inside the read it was given to")
extension StoreReader: Sendable {}
