import Foundation
import Testing

@testable import LocalStorage

/// `LocalStore.open(path:access: .reading)`: a command that only reads gets a read-only connection when the file
/// allows it (ADR 0028, decision 19), and never a weaker store for it.
@Suite("Opening a database for reading")
struct ReadOnlyOpeningTests {
    /// A current Stint file with one project, closed as a command leaves it (empty WAL and `-shm` beside it).
    private func currentFile(in directory: URL) async throws -> String {
        let path = directory.appendingPathComponent("stint.sqlite").path
        let store = try LocalStore.open(path: path)
        try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
        try store.close()
        return path
    }

    private func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }

    @Test("a current file opens read-only, reads as usual and leaves the -shm file as it was")
    func readsReadOnly() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await currentFile(in: directory)
            // Dated in the past, so any write to it shows whatever the file system's clock resolution.
            let past = Date(timeIntervalSince1970: 1_000_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path + "-shm")
            let sizeBefore = try FileManager.default.attributesOfItem(atPath: path + "-shm")[.size] as? Int
            let store = try LocalStore.open(path: path, access: .reading)
            #expect(store.isReadOnly)
            #expect(try await store.projects().map(\.name) == ["Home"])
            #expect(try await store.header() == [Schema.applicationID, Schema.stamp])
            try store.close()
            #expect(try modified(path + "-shm") == past, "a read-write open truncates and rewrites it")
            #expect(try FileManager.default.attributesOfItem(atPath: path + "-shm")[.size] as? Int == sizeBefore)
        }
    }

    @Test("the first write reopens the file read-write, and what it wrote is kept")
    func writeReopens() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await currentFile(in: directory)
            let store = try LocalStore.open(path: path, access: .reading)
            #expect(store.isReadOnly)
            try await store.write(summary: "add", at: day0) { try $0.insert(project(2, "Work")) }
            #expect(!store.isReadOnly)
            try await store.setSetting("device-id", to: "abc")
            #expect(try await store.projects().map(\.name) == ["Home", "Work"])
            #expect(store.committedBatchCount == 1)
            try store.close()
            let reopened = try LocalStore.open(path: path, access: .reading)
            #expect(try await reopened.projects().map(\.name) == ["Home", "Work"])
            #expect(try await reopened.setting("device-id") == "abc")
        }
    }

    @Test("a read-only store sees what a read-write connection commits meanwhile")
    func seesConcurrentWrites() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await currentFile(in: directory)
            let writer = try LocalStore.open(path: path)
            let reader = try LocalStore.open(path: path, access: .reading)
            #expect(reader.isReadOnly)
            #expect(try await reader.projects().map(\.name) == ["Home"])
            try await writer.write(summary: "add", at: day0) { try $0.insert(project(2, "Work")) }
            #expect(try await reader.projects().map(\.name) == ["Home", "Work"])
            #expect(reader.isReadOnly)
            try reader.close()
            try writer.close()
        }
    }

    @Test("a file that is not ready for it opens read-write: new, without its -shm file, or not stamped")
    func fallsBack() async throws {
        try await withTemporaryDirectory { directory in
            let fresh = directory.appendingPathComponent("new/stint.sqlite").path
            let created = try LocalStore.open(path: fresh, access: .reading)
            #expect(!created.isReadOnly)
            try await created.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
            try created.close()

            try FileManager.default.removeItem(atPath: fresh + "-shm")
            let withoutShm = try LocalStore.open(path: fresh, access: .reading)
            #expect(!withoutShm.isReadOnly)
            #expect(try await withoutShm.projects().map(\.name) == ["Home"])
            // As a build before stamps left it: a read-only connection cannot stamp it, so it is opened read-write.
            try await withoutShm.executeUnlogged("PRAGMA application_id = 0; PRAGMA user_version = 0;")
            try withoutShm.close()

            let unstamped = try LocalStore.open(path: fresh, access: .reading)
            #expect(!unstamped.isReadOnly)
            #expect(try await unstamped.header() == [Schema.applicationID, Schema.stamp])
            try unstamped.close()
            #expect(try LocalStore.open(path: fresh, access: .reading).isReadOnly)
        }
    }

    @Test("a closed read-only store stays closed: a write fails instead of reopening the file")
    func closedStaysClosed() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await currentFile(in: directory)
            let store = try LocalStore.open(path: path, access: .reading)
            try store.close()
            await #expect(throws: LocalStorageError.self) {
                try await store.write(summary: "add", at: day0) { try $0.insert(project(2, "Work")) }
            }
            #expect(store.isReadOnly)
            let reopened = try LocalStore.open(path: path)
            #expect(try await reopened.projects().map(\.name) == ["Home"])
        }
    }

    @Test("paths with characters a URI reserves are encoded, and the file they name is the one opened")
    func uriEncoding() async throws {
        #expect(
            LocalStore.readOnlyURI("/a b/c?d#e%f/stint.sqlite")
                == "file:/a%20b/c%3Fd%23e%25f/stint.sqlite?readonly_shm=1")
        #expect(LocalStore.readOnlyURI("rel/é.sqlite") == "file:rel/%C3%A9.sqlite?readonly_shm=1")
        try await withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("odd ?#% name")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = try await currentFile(in: folder)
            let store = try LocalStore.open(path: path, access: .reading)
            #expect(store.isReadOnly)
            #expect(try await store.projects().map(\.name) == ["Home"])
        }
    }
}
