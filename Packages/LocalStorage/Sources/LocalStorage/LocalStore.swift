import Foundation
internal import GRDB
internal import GRDBSQLite
internal import SQLiteTuning

/// The Stint database: one SQLite file holding projects, task lists, tasks, their change log and
/// settings.
///
/// Reads never return tombstoned rows. Every write is one IMMEDIATE transaction with one change batch,
/// so a command lands whole or not at all, concurrent `stint` processes queue (busy timeout 10 s)
/// instead of failing, and `undoLastBatch(at:)` can revert the last command. One connection per store:
/// the cheapest setup for a command-line process. All methods throw ``LocalStorageError`` unless
/// stated otherwise.
public final class LocalStore: Sendable {
    /// How a command means to use the store.
    public enum Access: Sendable, Equatable {
        /// Reads and writes.
        case readWrite
        /// Only reads, as far as the command knows. The file is then opened read-only when it allows it, which
        /// leaves SQLite's `-shm` file as it is instead of resetting it (ADR 0028, decision 19). It is a hint,
        /// never a limit: the first write, or a read SQLite cannot do read-only, reopens the file read-write.
        case reading
    }

    /// The database file.
    public let path: String
    private let connection: Connection
    private let statements: StatementCounter
    let batches = StatementCounter()

    private init(path: String, queue: DatabaseQueue, readOnly: Bool, statements: StatementCounter) {
        self.path = path
        connection = Connection(queue: queue, readOnly: readOnly)
        self.statements = statements
    }

    /// The one connection, replaced once when a read-only one has to become read-write.
    private final class Connection: @unchecked Sendable {
        private let lock = NSLock()
        private var current: DatabaseQueue
        private var isReadOnly: Bool
        private var isClosed = false

        init(queue: DatabaseQueue, readOnly: Bool) {
            current = queue
            isReadOnly = readOnly
        }

        var state: (queue: DatabaseQueue, readOnly: Bool) {
            lock.lock()
            defer { lock.unlock() }
            return (current, isReadOnly)
        }

        /// Closes the read-only connection and opens the file read-write in its place (no-op when it is already
        /// read-write, or closed: a closed store stays closed). The read-only connection goes first: connections
        /// of one process share SQLite's `-shm` mapping, and a read-write one must not inherit a read-only one's.
        func makeWritable(path: String, statements: StatementCounter) throws(LocalStorageError) -> DatabaseQueue {
            lock.lock()
            defer { lock.unlock() }
            guard isReadOnly, !isClosed else { return current }
            do { try current.close() } catch {
                throw .cannotOpen(path: path, underlying: LocalStorageError.detail(of: error))
            }
            current = try LocalStore.openReadWrite(path: path, statements: statements)
            isReadOnly = false
            return current
        }

        func close() throws {
            lock.lock()
            defer { lock.unlock() }
            isClosed = true
            try current.close()
        }
    }

    /// Whether the store still reads through a read-only connection (see ``Access/reading``).
    public var isReadOnly: Bool { connection.state.readOnly }

    /// How many change batches this store has committed since it was opened: local changes a sync has
    /// to push (edits, imports, undos), never what a sync itself wrote. The App starts a background sync
    /// after a command only when this is not zero, without asking the database.
    public var committedBatchCount: Int { batches.value }

    /// How many SQL statements this store has run since it was opened, opening included: every
    /// statement SQLite starts on its connection (queries, changes, transactions, pragmas). Counting
    /// costs one lock per statement and changes nothing else.
    public var statementCount: Int { statements.value }

    /// Opens the database at `path`, creating it (and missing parent directories, mode 0700; the
    /// file gets mode 0600) when absent, and bringing its schema up to date.
    ///
    /// - Throws: ``LocalStorageError/notADatabase(path:)`` when the file is not a Stint database and
    ///   ``LocalStorageError/newerSchema(path:)`` when a newer Stint migrated it; the file is left
    ///   untouched in both cases. ``LocalStorageError/cannotOpen(path:underlying:)`` for file-system
    ///   failures.
    /// - Parameter access: ``Access/reading`` for a command that only reads (see there).
    public static func open(path: String, access: Access = .readWrite) throws(LocalStorageError) -> LocalStore {
        _ = sqliteSetUp
        let state: DatabaseFile.State
        do {
            state = try DatabaseFile.state(of: path)
        } catch {
            // A parent that cannot be created says so more clearly than the failed look at the file.
            try DatabaseFile.createParentDirectories(of: path)
            throw error
        }
        let statements = StatementCounter()
        if access == .reading, case .sqlite(wal: true) = state, DatabaseFile.hasWALFiles(path),
            let queue = openReadOnly(path: path, statements: statements)
        {
            return LocalStore(path: path, queue: queue, readOnly: true, statements: statements)
        }
        let queue = try openReadWrite(path: path, state: state, statements: statements)
        return LocalStore(path: path, queue: queue, readOnly: false, statements: statements)
    }

    /// ``open(path:access:)`` without the read-only choice: creates, migrates, stamps as needed.
    fileprivate static func openReadWrite(
        path: String, state known: DatabaseFile.State? = nil, statements: StatementCounter
    ) throws(LocalStorageError) -> DatabaseQueue {
        let state: DatabaseFile.State
        if let known { state = known } else { state = try DatabaseFile.state(of: path) }
        let existing: Bool
        var inWAL = false
        switch state {
        case .notSQLite:
            throw .notADatabase(path: path)
        case .absent:
            try DatabaseFile.createParentDirectories(of: path)
            try DatabaseFile.createPrivateFile(at: path)
            existing = false
        case .empty:
            existing = false
        case .sqlite(let wal):
            existing = true
            inWAL = wal
        }
        let queue = try connect(path: path, settingWAL: !existing, counting: statements)
        if existing {
            // The lean open: one statement finds the stamp a current Stint file carries, and the header already
            // said the file is in WAL mode. Anything else takes the careful path, which reads the migrations,
            // refuses what is not ours, migrates and stamps.
            guard !(inWAL && isStamped(queue)) else { return removingAuthorizer(queue) }
            if try inspect(queue, path: path) == .needsMigration {
                try migrate(queue, path: path)
            } else {
                // A file made current before stamps existed; a file that cannot be written to now is still read.
                try? stamp(queue)
            }
            try ensureWAL(queue, path: path)
        } else {
            try migrate(queue, path: path)
        }
        return removingAuthorizer(queue)
    }

    /// A current Stint file opened read-only (ADR 0028, decision 19), or nil when it must be opened read-write.
    ///
    /// Every read-write open finding itself the only connection resets the `-shm` file (SQLite truncates it, then
    /// writes it back to 32 KiB), and once the file system has written those pages out the truncation frees
    /// their blocks through the journal: half a millisecond of a command a person runs every few minutes. A
    /// read-only connection with `readonly_shm=1` opens the `-shm` file read-only instead: with no other
    /// connection it keeps its index of the (emptied) WAL in its own memory, and beside a live writer it reads
    /// that writer's index, as SQLite's read-only WAL support does for files on read-only media.
    private static func openReadOnly(path: String, statements: StatementCounter) -> DatabaseQueue? {
        var configuration = configuration(settingWAL: false, counting: statements)
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: readOnlyURI(path), configuration: configuration) else {
            return nil
        }
        guard isStamped(queue) else {
            try? queue.close()
            return nil
        }
        return removingAuthorizer(queue)
    }

    /// `file:` and the path, its bytes outside the unreserved ones and `/` percent-encoded (SQLite decodes them),
    /// then `?readonly_shm=1`.
    static func readOnlyURI(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes = Array("file:".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        bytes += Array("?readonly_shm=1".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Takes GRDB's statement authorizer off the connection once the schema is current (ADR 0028 decision 18).
    ///
    /// GRDB has SQLite call it back for every column each statement reads, to record regions and effects for
    /// transaction observers, suspension and its schema cache: a fifth of `stint timer`'s instructions. Stint
    /// observes nothing, never suspends, and after the migrations (which keep the authorizer: they read the schema
    /// through GRDB) runs no schema change that GRDB's schema cache would have to see (an import drops and recreates
    /// indexes by name, in SQL). Setting it once, before any statement of the store runs, expires nothing in use.
    private static func removingAuthorizer(_ queue: DatabaseQueue) -> DatabaseQueue {
        queue.inDatabase { db in _ = sqlite3_set_authorizer(db.sqliteConnection, nil, nil) }
        return queue
    }

    /// SQLite's process-wide settings, made once before the process's first database opens (see
    /// `stint_sqlite_set_up`).
    private static let sqliteSetUp: Int32 = stint_sqlite_set_up()

    /// Opens the connection. Switching a new file to WAL needs the file to itself, and SQLite answers "busy" at once,
    /// without waiting, while another process that is creating the same file holds it: then this waits a moment and
    /// tries again, as the busy timeout would, for up to about two seconds.
    private static func connect(
        path: String, settingWAL: Bool, counting statements: StatementCounter
    ) throws(LocalStorageError) -> DatabaseQueue {
        var attempt = 1
        while true {
            do {
                return try DatabaseQueue(
                    path: path, configuration: configuration(settingWAL: settingWAL, counting: statements))
            } catch let error as DatabaseError where settingWAL && error.resultCode == .SQLITE_BUSY && attempt < 40 {
                usleep(useconds_t(min(attempt, 10) * 5_000))
                attempt += 1
            } catch {
                throw openingError(error, path: path)
            }
        }
    }

    /// GRDB's WAL set-up writes to the file, so it is only asked for on a file Stint creates. An
    /// existing Stint database is in WAL mode already (the mode is stored in the file).
    private static func configuration(settingWAL: Bool, counting statements: StatementCounter) -> Configuration {
        var configuration = Configuration()
        configuration.label = "Stint.LocalStore"
        if settingWAL { configuration.journalMode = .wal }
        configuration.busyMode = .timeout(10)
        // Foreign keys are switched on below with the other pragmas, not by GRDB (see `runPlain`); GRDB's
        // migrator reads the pragma itself, so migrations handle them as before.
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            db.add(function: Queries.foldFunction)
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.runPlain("PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 0; PRAGMA synchronous = NORMAL")
            db.trace(options: .statement) { _ in statements.increment() }
        }
        return configuration
    }

    /// What an existing file turned out to be, once it is known not to be refused.
    enum FileState: Sendable, Equatable {
        case current
        case needsMigration
    }

    /// Refuses, before any write can happen, a file migrated by a newer Stint or holding another
    /// application's tables, and says whether the schema is up to date, all in one read.
    private static func inspect(_ queue: DatabaseQueue, path: String) throws(LocalStorageError) -> FileState {
        enum Verdict: Sendable { case current, behind, newer, foreign }
        do {
            let verdict = try queue.read { db -> Verdict in
                guard try db.tableExists("grdb_migrations") else {
                    let tables = try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    return (tables ?? 0) > 0 ? .foreign : .behind
                }
                let applied = try Schema.migrator.appliedIdentifiers(db)
                let known = Schema.migrator.migrations
                if applied.contains(where: { !known.contains($0) }) { return .newer }
                return known.allSatisfy(applied.contains) ? .current : .behind
            }
            switch verdict {
            case .current: return .current
            case .behind: return .needsMigration
            case .newer: throw LocalStorageError.newerSchema(path: path)
            case .foreign: throw LocalStorageError.notADatabase(path: path)
            }
        } catch {
            throw openingError(error, path: path)
        }
    }

    /// Whether the header carries Stint's application id and the stamp of this build's schema.
    private static func isStamped(_ queue: DatabaseQueue) -> Bool {
        // Two plain pragmas: preparing the one query over both pragma tables cost 220,000 instructions, as much as
        // the rest of opening the file.
        let stamp = try? queue.inDatabase { db in
            (
                try Int.fetchOne(db.makeStatement(sql: "PRAGMA application_id")),
                try Int.fetchOne(db.makeStatement(sql: "PRAGMA user_version"))
            )
        }
        guard let stamp else { return false }
        return stamp.0 == Schema.applicationID && stamp.1 == Schema.stamp
    }

    /// Marks the file as Stint's, with a schema this build knows to be complete.
    private static func stamp(_ queue: DatabaseQueue) throws {
        try queue.inDatabase { db in
            try db.execute(
                sql: "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(Schema.stamp)")
        }
    }

    /// A Stint database left in another journal mode (restored from a backup tool, say) is switched
    /// back, so concurrent commands keep queueing instead of failing.
    private static func ensureWAL(_ queue: DatabaseQueue, path: String) throws(LocalStorageError) {
        do {
            try queue.inDatabase { db in
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode")
                if mode?.lowercased() != "wal" { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            }
        } catch {
            throw openingError(error, path: path)
        }
    }

    /// Applies missing migrations. Several processes may open a new file at once: the loser of that
    /// race fails on tables the winner created, then finds the migrations applied and carries on.
    private static func migrate(_ queue: DatabaseQueue, path: String) throws(LocalStorageError) {
        let attempts = 5
        for attempt in 1...attempts {
            do {
                let (superseded, complete) = try queue.read { db in
                    (try Schema.migrator.hasBeenSuperseded(db), try Schema.migrator.hasCompletedMigrations(db))
                }
                if superseded { throw LocalStorageError.newerSchema(path: path) }
                if !complete { try Schema.migrator.migrate(queue) }
                try stamp(queue)
                return
            } catch let error as DatabaseError
                where attempt < attempts && [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode)
            {
                continue
            } catch {
                throw openingError(error, path: path)
            }
        }
    }

    private static func openingError(_ error: any Error, path: String) -> LocalStorageError {
        if let error = error as? LocalStorageError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path)
            default: return .cannotOpen(path: path, underlying: LocalStorageError.detail(of: error))
            }
        }
        return .cannotOpen(path: path, underlying: LocalStorageError.detail(of: error))
    }

    /// Closes the connection: SQLite checkpoints the WAL and empties it, so the next process opens the file
    /// without replaying anything. Every later call on this store fails with a reading or writing error.
    /// Closing twice does nothing more.
    ///
    /// - Throws: ``LocalStorageError/reading(_:)`` when SQLite cannot close the file; it stays open then.
    public func close() throws(LocalStorageError) {
        do { try connection.close() } catch { throw LocalStorageError.reading(error) }
    }

    // MARK: Reading

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(LocalStorageError) -> T {
        do {
            return try await readTransaction(body)
        } catch {
            throw LocalStorageError.reading(error)
        }
    }

    /// Runs `body` in one deferred transaction, so its queries see one state of the file. Not GRDB's
    /// `read`: that also switches `query_only` on and off around every read, two more statements for each
    /// of the few queries a command makes. Every body is this package's own code, and only selects.
    func readTransaction<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try readTransactionNow(body)
    }

    /// The connection is used on the caller's thread, not through GRDB's asynchronous access: that hops to the
    /// queue's own thread and back for every read or write, and a command-line process has no other work
    /// for the caller's thread to do meanwhile (ADR 0028).
    ///
    /// On a read-only connection, a read SQLite cannot do without writing (recovering a WAL another process left
    /// behind, a `-shm` file deleted meanwhile) reopens the file read-write and runs once more.
    private func readTransactionNow<T>(_ body: (Database) throws -> T) throws -> T {
        let (queue, readOnly) = connection.state
        guard readOnly else { return try Self.readTransaction(queue, body) }
        do {
            return try Self.readTransaction(queue, body)
        } catch let error as DatabaseError where [.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode) {
            return try Self.readTransaction(connection.makeWritable(path: path, statements: statements), body)
        }
    }

    private static func readTransaction<T>(_ queue: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        try queue.unsafeRead { db in
            try db.runPlain("BEGIN DEFERRED TRANSACTION")
            do {
                let value = try body(db)
                try db.runPlain("COMMIT TRANSACTION")
                return value
            } catch {
                if !db.isInsideTransaction { throw error }
                try? db.runPlain("ROLLBACK TRANSACTION")
                throw error
            }
        }
    }

    /// Projects ordered by name (ASCII case-insensitive); archived ones only when asked.
    public func projects(includeArchived: Bool = false) async throws(LocalStorageError) -> [ProjectRecord] {
        try await read { db in try Queries.projects(db, includeArchived: includeArchived) }
    }

    public func project(id: String) async throws(LocalStorageError) -> ProjectRecord? {
        try await read { db in try Queries.one(ProjectRecord.self, db, id: id) }
    }

    /// Projects, archived included, whose name equals `name` ignoring case.
    public func projects(named name: String) async throws(LocalStorageError) -> [ProjectRecord] {
        try await read { db in try Queries.projects(db, named: name) }
    }

    /// Projects, archived included, whose id starts with `idPrefix` (case-insensitive), by id.
    public func projects(idPrefix: String) async throws(LocalStorageError) -> [ProjectRecord] {
        try await read { db in try Queries.withIDPrefix(ProjectRecord.self, db, prefix: idPrefix) }
    }

    /// Lists of one project, or of every project when `projectID` is nil, ordered by name.
    public func taskLists(projectID: String? = nil) async throws(LocalStorageError) -> [TaskListRecord] {
        try await read { db in try Queries.taskLists(db, projectID: projectID) }
    }

    public func taskList(id: String) async throws(LocalStorageError) -> TaskListRecord? {
        try await read { db in try Queries.one(TaskListRecord.self, db, id: id) }
    }

    /// Lists whose name equals `name` ignoring case, in one project or in any when `projectID` is nil.
    public func taskLists(named name: String, projectID: String? = nil) async throws(LocalStorageError)
        -> [TaskListRecord]
    {
        try await read { db in try Queries.taskLists(db, named: name, projectID: projectID) }
    }

    public func taskLists(idPrefix: String) async throws(LocalStorageError) -> [TaskListRecord] {
        try await read { db in try Queries.withIDPrefix(TaskListRecord.self, db, prefix: idPrefix) }
    }

    /// The tasks the filter selects, in its order, at most `filter.limit` of them.
    public func tasks(_ filter: TaskRecordFilter = TaskRecordFilter()) async throws(LocalStorageError)
        -> [TaskRecord]
    {
        try await read { db in try Queries.tasks(db, filter) }
    }

    /// How many tasks the filter selects, ignoring its sort and limit.
    public func countTasks(_ filter: TaskRecordFilter = TaskRecordFilter()) async throws(LocalStorageError) -> Int {
        try await read { db in try Queries.countTasks(db, filter) }
    }

    /// Every live task's links to other tasks (only tasks that have one).
    public func taskLinks() async throws(LocalStorageError) -> [TaskLinks] {
        try await read { db in try Queries.taskLinks(db) }
    }

    public func task(id: String) async throws(LocalStorageError) -> TaskRecord? {
        try await read { db in try Queries.one(TaskRecord.self, db, id: id) }
    }

    public func task(number: Int) async throws(LocalStorageError) -> TaskRecord? {
        try await read { db in try Queries.task(db, number: number) }
    }

    public func tasks(idPrefix: String) async throws(LocalStorageError) -> [TaskRecord] {
        try await read { db in try Queries.withIDPrefix(TaskRecord.self, db, prefix: idPrefix) }
    }

    /// Task counts per project id, of one project or of all when nil; projects without live tasks are absent,
    /// inbox tasks are not counted.
    public func taskCountsByProject(projectID: String?) async throws(LocalStorageError) -> [String: TaskCounts] {
        try await read { db in try Queries.taskCounts(db, groupedBy: "project_id", projectID: projectID) }
    }

    /// Task counts per list id, for the lists of one project or of all projects when nil.
    public func taskCountsByList(projectID: String?) async throws(LocalStorageError) -> [String: TaskCounts] {
        try await read { db in try Queries.taskCounts(db, groupedBy: "list_id", projectID: projectID) }
    }

    /// Every live row, read in one transaction so the snapshot is consistent.
    public func exportRecords() async throws(LocalStorageError) -> StoreSnapshot {
        try await read { db in try Queries.snapshot(db) }
    }

    // MARK: Settings

    /// A configuration value such as a device id or a sync cursor; nil when never set.
    public func setting(_ key: String) async throws(LocalStorageError) -> String? {
        try await read { db in try Queries.setting(db, key: key) }
    }

    /// Stores a configuration value, or removes it when `value` is nil. Settings are not part of the
    /// change log, so `undoLastBatch(at:)` never touches them.
    public func setSetting(_ key: String, to value: String?) async throws(LocalStorageError) {
        do {
            try writeNow { db in
                try db.immediateTransaction(rollingBack: false) { try Queries.setSetting(db, key: key, value: value) }
            }
        } catch {
            throw LocalStorageError.writing(error)
        }
    }

    // MARK: Writing

    /// Runs `body` in one IMMEDIATE transaction and records its changes as one batch described by
    /// `summary` (what `stint undo` reports). Nothing is logged when the body changes nothing.
    ///
    /// - Parameters:
    ///   - summary: A short description of the command, e.g. "add task 12".
    ///   - date: The time of the change, stored on the batch.
    ///   - body: The changes; the writer must not escape it. It runs on a database thread.
    /// - Returns: What `body` returns.
    /// - Throws: Whatever `body` throws, unchanged (the transaction is rolled back), or a
    ///   ``LocalStorageError`` when the transaction cannot start or commit (busy, constraint, I/O).
    @discardableResult
    public func write<T: Sendable>(
        summary: String, at date: Date, _ body: @Sendable (StoreWriter) throws -> T
    ) async throws -> T {
        let (result, logged) = try await transaction { db in
            let writer = StoreWriter(db: db, log: ChangeLog(db: db, summary: summary, date: date))
            do {
                return (try body(writer), writer.log.batchID != nil)
            } catch {
                throw BodyError(error: error)
            }
        }
        if logged { batches.increment() }
        return result
    }

    /// ``write(summary:at:_:)``, then rolled back: what the body found (counts of what it would insert and
    /// update) is returned and nothing stays, so a dry run reports exactly what the write would do.
    public func rehearse<T: Sendable>(
        summary: String, at date: Date, _ body: @Sendable (StoreWriter) throws -> T
    ) async throws -> T {
        try await transaction(rollingBack: true) { db in
            let writer = StoreWriter(db: db, log: ChangeLog(db: db, summary: summary, date: date))
            do {
                return try body(writer)
            } catch {
                throw BodyError(error: error)
            }
        }
    }

    /// An error thrown by the caller's body, told apart from the store's own failures.
    private struct BodyError: Error {
        let error: any Error
    }

    /// Runs `body` in an IMMEDIATE transaction: the write lock is taken up front, so a concurrent
    /// writer waits for it (busy timeout) instead of failing when upgrading a read.
    /// - Parameter rollingBack: undo everything `body` did once it returns (``rehearse(summary:at:_:)``).
    func transaction<T: Sendable>(rollingBack: Bool = false, _ body: @Sendable (Database) throws -> T) async throws
        -> T
    {
        do {
            return try writeNow { db in try db.immediateTransaction(rollingBack: rollingBack) { try body(db) } }
        } catch let error as BodyError {
            throw error.error
        } catch {
            throw LocalStorageError.writing(error)
        }
    }

    /// A write on the caller's thread (see `readTransactionNow`).
    /// A store opened for reading becomes read-write here, before its first write.
    private func writeNow<T>(_ body: (Database) throws -> T) throws -> T {
        let (queue, readOnly) = connection.state
        guard readOnly else { return try queue.writeWithoutTransaction(body) }
        return try connection.makeWritable(path: path, statements: statements).writeWithoutTransaction(body)
    }

    /// ``transaction(_:)`` for the store's own operations, whose errors are all ``LocalStorageError``.
    func storeTransaction<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(LocalStorageError) -> T {
        do {
            return try await transaction(body)
        } catch {
            throw LocalStorageError.writing(error)
        }
    }
}
