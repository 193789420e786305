import Foundation
import Testing

@testable import ServerCore

/// Runs the store contract, and what only the embedded store has (files, permissions, the clock).
@Suite("SQLiteServerStore")
struct SQLiteServerStoreTests {
    /// A fresh directory under the system's temporary one; removed by the test that made it.
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("stint-server-tests-\(UUID().uuidString)")
    }

    static func subject() throws -> StoreContract.Subject {
        let clock = ManualClock(StoreContract.now)
        let store = try SQLiteServerStore(directory: directory(), clock: clock.read)
        let file = store.fileURL
        return StoreContract.Subject(
            store: store,
            storedBytes: {
                // The WAL holds recent writes until a checkpoint: read it too.
                var bytes = try Data(contentsOf: file)
                if let wal = try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal")) { bytes += wal }
                return bytes
            }, advance: { clock.advance($0) })
    }

    @Test("store contract", arguments: StoreContract.checks)
    func contract(check: StoreContract.Check) async throws {
        let subject = try Self.subject()
        defer {
            if let store = subject.store as? SQLiteServerStore {
                try? FileManager.default.removeItem(at: store.fileURL.deletingLastPathComponent())
            }
        }
        try await check.run(subject)
    }

    @Test("the directory is 0700, the database 0600, and reopening keeps data and epoch")
    func filesAndReopen() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(directory: directory)
        let alice = try await store.addUser(name: "Alice")
        let epoch = try await store.epoch()
        let manager = FileManager.default
        let directoryMode = try manager.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        let fileMode = try manager.attributesOfItem(atPath: store.fileURL.path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        #expect(fileMode == 0o600)
        let reopened = try SQLiteServerStore(directory: directory)
        #expect(try await reopened.epoch() == epoch)
        #expect(try await reopened.authenticate(secret: alice.secret) == alice.user)
        let other = try SQLiteServerStore(directory: Self.directory())
        #expect(try await other.epoch() != epoch)
        try? manager.removeItem(at: other.fileURL.deletingLastPathComponent())
    }

    @Test("last use is recorded at most once a minute")
    func lastUsed() async throws {
        let clock = ManualClock(Fixture.now)
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(directory: directory, clock: clock.read)
        let issued = try await store.addUser(name: "Alice")
        #expect(try await store.tokens(ofUser: "alice").first?.lastUsedAt == nil)
        _ = try await store.authenticate(secret: issued.secret)
        #expect(try await store.tokens(ofUser: "alice").first?.lastUsedAt == Fixture.now)
        clock.advance(59)
        _ = try await store.authenticate(secret: issued.secret)
        #expect(try await store.tokens(ofUser: "alice").first?.lastUsedAt == Fixture.now)
        clock.advance(1)
        _ = try await store.authenticate(secret: issued.secret)
        #expect(try await store.tokens(ofUser: "alice").first?.lastUsedAt == Fixture.now.addingTimeInterval(60))
    }

    @Test("a store that is not a database is a storage error, not a crash")
    func garbageFile() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not sqlite at all, just text that is long enough".utf8)
            .write(to: directory.appendingPathComponent(SQLiteServerStore.fileName))
        #expect(throws: ServerError.self) { try SQLiteServerStore(directory: directory) }
    }
}

/// A clock tests move by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var read: @Sendable () -> Date { { [self] in lock.withLock { current } } }

    func advance(_ seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
