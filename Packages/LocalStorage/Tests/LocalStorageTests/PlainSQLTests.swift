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

    @Test func foreignKeysAreEnforcedOnEveryConnection() async throws {
        try await withStore { store in
            let enforced = try await store.readTransaction { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
            #expect(enforced == true)
        }
    }
}
