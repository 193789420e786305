import Foundation
import Testing

@testable import LocalStorage

@Suite("Opening a database")
struct OpeningTests {
    @Test("creates missing directories private to the user, and a private file")
    func createsPrivateFiles() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("a/b/stint.sqlite").path
            let store = try LocalStore.open(path: path)
            #expect(store.path == path)
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }

            let manager = FileManager.default
            let fileMode = try manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            let directoryMode =
                try manager.attributesOfItem(atPath: directory.appendingPathComponent("a/b").path)[.posixPermissions]
                as? Int
            #expect(fileMode == 0o600)
            #expect(directoryMode == 0o700)
        }
    }

    @Test("reopening keeps the data")
    func reopening() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            do {
                let store = try LocalStore.open(path: path)
                try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
                try store.close()
            }
            let reopened = try LocalStore.open(path: path)
            #expect(try await reopened.projects().map(\.name) == ["Home"])
        }
    }

    @Test("closing leaves an empty WAL beside the file, so the next process has nothing to replay, and loses nothing")
    func closingEmptiesTheWAL() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let store = try LocalStore.open(path: path)
            for number in 1...50 {
                try await store.write(summary: "add", at: day0) { try $0.insert(project(number, "P\(number)")) }
            }
            let walBefore = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
            #expect((walBefore ?? 0) > 0)
            try store.close()
            try store.close()  // a second close changes nothing
            // The WAL is kept (creating and deleting it on every command cost more than emptying it), but empty.
            #expect(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int == 0)
            // A closed store refuses to read instead of reopening behind the caller's back.
            let closedError = await #expect(throws: LocalStorageError.self) { try await store.projects() }
            guard case .readFailed = closedError else {
                Issue.record("expected a read failure, got \(String(describing: closedError))")
                return
            }
            let reopened = try LocalStore.open(path: path)
            #expect(try await reopened.projects().count == 50)
        }
    }

    @Test("a file that is not SQLite is refused and left byte-identical")
    func notADatabase() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: URL(fileURLWithPath: path))

            #expect {
                _ = try LocalStore.open(path: path)
            } throws: { error in
                guard case .notADatabase(let reported) = error as? LocalStorageError else { return false }
                return reported == path
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        }
    }

    @Test("an SQLite file of another application is refused and left byte-identical")
    func foreignDatabase() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("other.sqlite").path
            do {
                let store = try LocalStore.open(path: path)
                // Play another application: its own table, its own application id, no trace of Stint's migrations.
                try await store.executeUnlogged(
                    "CREATE TABLE photos (id INTEGER PRIMARY KEY); DROP TABLE grdb_migrations; DROP TABLE changes; "
                        + "PRAGMA application_id = 1234; PRAGMA user_version = 3;")
                try store.close()
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let error = #expect(throws: LocalStorageError.self) { _ = try LocalStore.open(path: path) }
            #expect({ if case .notADatabase = error { true } else { false } }(), "\(String(describing: error))")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("a database migrated by a newer Stint is refused and left byte-identical")
    func newerSchema() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            do {
                let store = try LocalStore.open(path: path)
                try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
                // What a newer Stint's migration leaves: its migration and its stamp.
                try await store.executeUnlogged(
                    "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future'); PRAGMA user_version = 99;"
                )
                try store.close()
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            #expect {
                _ = try LocalStore.open(path: path)
            } throws: { error in
                guard case .newerSchema(let reported) = error as? LocalStorageError else { return false }
                return reported == path
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("a migrated file carries Stint's stamp; a current file from before stamps gets it on its next open")
    func stamp() async throws {
        #expect(Schema.stamp == Schema.migrator.migrations.count, "a new migration raises Schema.stamp")
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            do {
                let store = try LocalStore.open(path: path)
                #expect(try await store.header() == [Schema.applicationID, Schema.stamp])
                try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
                // As a build before stamps left it.
                try await store.executeUnlogged("PRAGMA application_id = 0; PRAGMA user_version = 0;")
                try store.close()
            }
            let store = try LocalStore.open(path: path)
            #expect(try await store.header() == [Schema.applicationID, Schema.stamp])
            #expect(try await store.projects().map(\.name) == ["Home"])
        }
    }

    @Test("a path that is a directory cannot be opened")
    func directoryPath() async throws {
        try await withTemporaryDirectory { directory in
            #expect {
                _ = try LocalStore.open(path: directory.path)
            } throws: { error in
                guard case .cannotOpen = error as? LocalStorageError else { return false }
                return true
            }
        }
    }

    @Test("every error describes itself in one line")
    func oneLineDescriptions() {
        struct Multiline: Error, CustomStringConvertible {
            var description: String { "first\nsecond" }
        }
        let errors: [LocalStorageError] = [
            .cannotOpen(path: "/x", underlying: "permission denied"), .notADatabase(path: "/x"),
            .newerSchema(path: "/x"), .readFailed(underlying: Multiline()), .writeFailed(underlying: Multiline()),
            .notFound(entity: "task", id: "abc"), .constraint("a record with the same id already exists"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
            #expect(error.localizedDescription == error.description)
        }
        #expect(LocalStorageError.writeFailed(underlying: Multiline()).underlyingError is Multiline)
    }

    @Test("settings are stored, replaced and removed")
    func settings() async throws {
        try await withStore { store in
            #expect(try await store.setting("device-id") == nil)
            try await store.setSetting("device-id", to: "abc")
            try await store.setSetting("device-id", to: "def")
            #expect(try await store.setting("device-id") == "def")
            try await store.write(summary: "cursor", at: day0) { writer in
                try writer.setSetting("sync-cursor", to: "42")
                #expect(try writer.setting("sync-cursor") == "42")
            }
            #expect(try await store.setting("sync-cursor") == "42")
            try await store.setSetting("device-id", to: nil)
            #expect(try await store.setting("device-id") == nil)
            // Settings are configuration, not undoable data.
            #expect(try await store.loggedBatches().isEmpty)
        }
    }
}
