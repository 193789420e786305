import Foundation
import GRDB
import Testing

@testable import LocalStorage

/// A fresh directory under the system temporary directory, removed when the test body returns.
@discardableResult
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("stint-localstorage-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// SQLite's plan for `sql` in `store`, one line per step: tests hold queries to the index they were written for.
func queryPlan(_ store: LocalStore, _ sql: String, arguments: StatementArguments) async throws -> String {
    try await store.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
            .map { row in row["detail"] as String? ?? "" }.joined(separator: "\n")
    }
}

/// A new store in a temporary directory.
@discardableResult
func withStore<T>(_ body: (LocalStore) async throws -> T) async throws -> T {
    try await withTemporaryDirectory { directory in
        let store = try LocalStore.open(path: directory.appendingPathComponent("stint.sqlite").path)
        return try await body(store)
    }
}

/// A file an older build left: migrated up to `migration`, holding what `rows` inserts, stamped with
/// `version`. Opening it must migrate it: the new stamp, a sound file, and `index` as the schema now defines it
/// are checked here; `body` checks what the data reads like afterwards.
func withFileMigrated(
    from migration: String, version: Int, rows: String, index: String,
    _ body: (LocalStore, String) async throws -> Void
) async throws {
    try await withTemporaryDirectory { directory in
        let path = directory.appendingPathComponent("stint.sqlite").path
        try LocalStore.createFile(
            at: path, migratedUpTo: migration,
            then: rows + "\nPRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(version);")
        let store = try LocalStore.open(path: path)
        #expect(try await store.header() == [Schema.applicationID, Schema.stamp])
        let schema = try await store.schemaDefinitions()
        let definition = try #require(schema.first { $0.hasPrefix("index \(index) ") })
        #expect(try await store.integrityCheck() == "ok")
        try await body(store, definition)
    }
}

/// Fixed instants, so records compare equal after a round trip through the store.
let day0 = Date(timeIntervalSince1970: 1_800_000_000)

func at(_ minutes: Int) -> Date {
    day0.addingTimeInterval(Double(minutes) * 60)
}

func makeID(_ number: Int) -> String {
    String(format: "00000000-0000-4000-8000-%012d", number)
}

/// A time entry of `minutes` from `start`, on a task or a project, logged by person 900 unless `author` says
/// otherwise.
func entry(
    _ number: Int, task: String? = nil, project: String? = nil, start: Date, minutes: Int, billable: Bool = false,
    tags: [String] = [], by author: String = makeID(900)
) -> TimeEntryRecord {
    TimeEntryRecord(
        id: makeID(number), taskID: task, projectID: project, start: start, durationSeconds: minutes * 60,
        billable: billable, tags: tags, loggedBy: author, createdAt: start, updatedAt: start)
}

func project(_ number: Int, _ name: String, archivedAt: Date? = nil) -> ProjectRecord {
    ProjectRecord(id: makeID(number), name: name, archivedAt: archivedAt, createdAt: at(number), updatedAt: at(number))
}

func list(_ number: Int, _ name: String, in projectID: String) -> TaskListRecord {
    TaskListRecord(id: makeID(number), projectID: projectID, name: name, createdAt: at(number), updatedAt: at(number))
}

func task(
    _ number: Int, _ title: String, project: String? = nil, list: String? = nil, status: String = "open",
    priority: Int = 0, due: String? = nil, tags: [String] = [], note: String = "", created: Int? = nil
) -> TaskRecord {
    TaskRecord(
        id: makeID(number), projectID: project, listID: list, title: title, note: note, status: status,
        priority: priority, due: due, tags: tags, completedAt: status == "done" ? at(number) : nil,
        createdAt: at(created ?? number), updatedAt: at(created ?? number))
}

extension LocalStore {
    /// Inserts each task in its own batch and returns them as stored (with numbers).
    @discardableResult
    func add(_ tasks: TaskRecord...) async throws -> [TaskRecord] {
        var stored: [TaskRecord] = []
        for task in tasks {
            stored.append(try await write(summary: "add \(task.title)", at: task.createdAt) { try $0.insert(task) })
        }
        return stored
    }

    func titles(_ filter: TaskRecordFilter) async throws -> [String] {
        try await tasks(filter).map(\.title)
    }
}

/// SplitMix64: random test data that is the same on every run, so a failure reproduces.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(upTo bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
