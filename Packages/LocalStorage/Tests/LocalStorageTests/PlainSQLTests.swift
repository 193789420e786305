import Foundation
import GRDB
import Testing

@testable import LocalStorage

/// The store's own paths around GRDB's generic ones (transaction control, pragmas, arguments, SQL lists): the
/// same behaviour GRDB's would give.
struct PlainSQLTests {
    @Test func joinedWithMatchesTheStandardLibrary() {
        for parts in [[], ["id"], ["id", "name", "note"], ["a, b", "", "ü"]] as [[String]] {
            #expect(parts.joined(with: ", ") == parts.joined(separator: ", "))
            #expect(parts.joined(with: " AND ") == parts.joined(separator: " AND "))
        }
    }

    @Test func positionalArgumentsBindInOrderWithNulls() throws {
        let queue = try DatabaseQueue()
        let values: [(any DatabaseValueConvertible)?] = ["x", 42, nil, 2.5]
        let row = try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT ?, ?, ?, ?", arguments: .positional(values))
        }
        #expect(row?[0] == "x")
        #expect(row?[1] == 42)
        #expect(row?[2] == DatabaseValue.null)
        #expect(row?[3] == 2.5)
        #expect(StatementArguments.positional([]) == StatementArguments())
    }

    @Test func runPlainFailsWithGRDBsErrorAndSQLitesCode() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in
            let error = #expect(throws: DatabaseError.self) { try db.runPlain("COMMIT TRANSACTION") }
            #expect(error?.resultCode == .SQLITE_ERROR)
            #expect(error?.sql == "COMMIT TRANSACTION")
            #expect(error?.message?.contains("no transaction is active") == true)

            try db.runPlain("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
            let duplicate = #expect(throws: DatabaseError.self) { try db.runPlain("INSERT INTO t VALUES (1)") }
            #expect(duplicate?.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") == 1)
        }
    }

    @Test("a read that throws leaves no transaction open, and the store goes on reading and writing")
    func readThatThrowsRollsBack() async throws {
        struct Refused: Error {}
        try await withStore { store in
            await #expect(throws: Refused.self) {
                _ = try await store.readTransaction { _ -> Int in throw Refused() }
            }
            let open = try await store.readTransaction { db in db.isInsideTransaction }
            #expect(open)
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
            #expect(try await store.projects().map(\.name) == ["Home"])
        }
    }

    @Test("a write lands whole: its rows and its change batch, and a setting, once committed")
    func writeCommits() async throws {
        try await withStore { store in
            let name = try await store.write(summary: "add", at: day0) { writer -> String in
                try writer.insert(project(1, "Home"))
                return "Home"
            }
            try await store.setSetting("device", to: "d1")
            #expect(name == "Home")
            #expect(try await store.projects().map(\.name) == ["Home"])
            #expect(try await store.setting("device") == "d1")
            #expect(try await store.loggedBatches().map(\.summary) == ["add"])
            #expect(try await store.readTransaction { db in db.isInsideTransaction } == true)
        }
    }

    /// Whether `marker` is in the file's bytes (SQLite stores text as it is).
    private static func file(_ path: String, holds marker: String) throws -> Bool {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        return bytes.range(of: Data(marker.utf8)) != nil
    }

    @Test("a committed write is in the database file itself when it returns, not only in the log")
    func commitIsCheckpointed() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let store = try LocalStore.open(path: path)
            let marker = "Durable-\(UUID().uuidString)"
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, marker)) }
            // The store is still open: only a checkpoint after the commit put the row into the file (and synced it).
            #expect(try Self.file(path, holds: marker))
            #expect(try await store.projects().map(\.name) == [marker])
        }
    }

    /// A second connection inside a read transaction, and the projects it counts: its snapshot is the database
    /// file as it is now, so no checkpoint may copy over it until it commits.
    private static func pinnedReader(_ path: String) throws -> (DatabaseQueue, Int?) {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        let count = try reader.inDatabase { db in
            try db.execute(sql: "BEGIN DEFERRED")
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM projects")
        }
        return (reader, count)
    }

    /// A store on a file created and closed once: what a command finds, a log the last connection truncated.
    private static func reopened(_ path: String) throws -> LocalStore {
        _ = try LocalStore.open(path: path)
        return try LocalStore.open(path: path)
    }

    /// The connection's durability settings, as a write leaves them: `synchronous` and the automatic checkpoint.
    private static func settings(_ store: LocalStore) async throws -> [Int?] {
        try await store.readTransaction { db in
            [
                try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint"),
            ]
        }
    }

    @Test("a first write over an empty log and a second over a used one both reach the file; settings are restored")
    func leanAndCheckpointedCommitsBothReachTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let store = try Self.reopened(path)
            // The log the last connection truncated is empty, so the first write takes the lean path.
            #expect(try await store.readTransaction { db in db.logIsEmpty() })
            let first = "Lean-\(UUID().uuidString)"
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, first)) }
            #expect(try Self.file(path, holds: first))
            #expect(try await Self.settings(store) == [1, 1000])
            // The log now holds the first write's frames (copied, not truncated while the store is open).
            #expect(try await store.readTransaction { db in db.logIsEmpty() } == false)
            let second = "Checkpointed-\(UUID().uuidString)"
            try await store.write(summary: "add", at: day0) { try $0.insert(project(2, second)) }
            #expect(try Self.file(path, holds: second))
            #expect(try await Self.settings(store) == [1, 1000])
            #expect(try await store.projects().map(\.name).sorted() == [second, first].sorted())
        }
    }

    @Test("a lean write whose body throws keeps nothing and leaves the connection's settings as they were")
    func leanWriteThatThrowsRestoresSettings() async throws {
        struct Refused: Error {}
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let store = try Self.reopened(path)
            #expect(try await store.readTransaction { db in db.logIsEmpty() })
            await #expect(throws: Refused.self) {
                try await store.write(summary: "add", at: day0) { writer in
                    try writer.insert(project(1, "Home"))
                    throw Refused()
                }
            }
            #expect(try await Self.settings(store) == [1, 1000])
            #expect(try await store.projects().isEmpty)
        }
    }

    @Test("a lean write under a reader of the empty log's file returns with its row synced in the log only")
    func leanCommitUnderAReaderStaysInTheLog() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let store = try Self.reopened(path)
            let (reader, before) = try Self.pinnedReader(path)
            #expect(try await store.readTransaction { db in db.logIsEmpty() })
            let marker = "PinnedLean-\(UUID().uuidString)"
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, marker)) }
            #expect(try !Self.file(path, holds: marker))
            #expect(try Self.file(path + "-wal", holds: marker))
            #expect(try await Self.settings(store) == [1, 1000])
            #expect(
                try reader.inDatabase { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM projects") } == before)
            try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
            let reopened = try LocalStore.open(path: path, access: .reading)
            #expect(try await reopened.projects().map(\.name) == [marker])
        }
    }

    @Test func anInMemoryDatabaseHasNoEmptyLog() throws {
        let queue = try DatabaseQueue()
        #expect(queue.inDatabase { db in db.logIsEmpty() } == false)
    }

    @Test("with a reader holding the old file, a write still returns, kept in the log until the reader lets go")
    func commitUnderAReaderStaysInTheLog() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let store = try LocalStore.open(path: path)
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Before")) }
            let (reader, before) = try Self.pinnedReader(path)
            let marker = "Pinned-\(UUID().uuidString)"
            try await store.write(summary: "add", at: day0) { try $0.insert(project(2, marker)) }
            #expect(try !Self.file(path, holds: marker))
            #expect(try Self.file(path + "-wal", holds: marker))
            #expect(
                try reader.inDatabase { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM projects") } == before)
            try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
            let reopened = try LocalStore.open(path: path, access: .reading)
            #expect(try await reopened.projects().map(\.name).sorted() == ["Before", marker])
        }
    }

    @Test("a write whose body throws leaves nothing, throws the body's own error and leaves no transaction open")
    func writeThatThrowsRollsBack() async throws {
        struct Refused: Error {}
        try await withStore { store in
            await #expect(throws: Refused.self) {
                try await store.write(summary: "add", at: day0) { writer in
                    try writer.insert(project(1, "Home"))
                    throw Refused()
                }
            }
            #expect(try await store.projects().isEmpty)
            #expect(try await store.loggedBatches().isEmpty)
            try await store.write(summary: "add", at: day0) { try $0.insert(project(2, "Work")) }
            #expect(try await store.projects().map(\.name) == ["Work"])
        }
    }

    @Test("a rehearsal returns what the body found and keeps nothing")
    func rehearsalRollsBack() async throws {
        try await withStore { store in
            let found = try await store.rehearse(summary: "add", at: day0) { writer -> Int in
                try writer.insert(project(1, "Home"))
                return 1
            }
            #expect(found == 1)
            #expect(try await store.projects().isEmpty)
            #expect(try await store.loggedBatches().isEmpty)
        }
    }

    @Test("a transaction SQLite ended during the body (as after a full disk) fails with SQLITE_ABORT, keeping nothing")
    func transactionEndedUnderTheBodyAborts() async throws {
        try await withStore { store in
            let failure = await #expect(throws: LocalStorageError.self) {
                try await store.transaction { db in
                    try db.runPlain("INSERT INTO settings (key, value) VALUES ('device', 'd1')")
                    try db.runPlain("ROLLBACK TRANSACTION")
                }
            }
            guard case .writeFailed(let underlying) = failure else {
                Issue.record("expected a write failure, got \(String(describing: failure))")
                return
            }
            #expect((underlying as? DatabaseError)?.resultCode == .SQLITE_ABORT)
            #expect(try await store.setting("device") == nil)
            try await store.setSetting("device", to: "d2")
            #expect(try await store.setting("device") == "d2")
        }
    }

    @Test func foreignKeysAreEnforcedOnEveryConnection() async throws {
        try await withStore { store in
            let enforced = try await store.readTransaction { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
            #expect(enforced == true)
        }
    }
}
