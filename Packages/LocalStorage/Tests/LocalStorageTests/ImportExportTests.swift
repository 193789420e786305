import Foundation
import Testing

@testable import LocalStorage

/// Collects progress reports, which arrive on a database thread.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var reported: [Int] = []

    func append(_ value: Int) { lock.withLock { reported.append(value) } }
    var values: [Int] { lock.withLock { reported } }
}

@Suite("Import and export")
struct ImportExportTests {
    private func sample(taskCount: Int) -> StoreSnapshot {
        let work = project(1, "Work")
        let home = project(2, "Home", archivedAt: at(2))
        let backlog = list(3, "Backlog", in: work.id)
        let tasks = (0..<taskCount).map { index in
            task(
                1_000 + index, "Task \(index)", project: index % 2 == 0 ? work.id : nil,
                list: index % 4 == 0 ? backlog.id : nil, status: index % 5 == 0 ? "done" : "open",
                priority: index % 4, due: index % 3 == 0 ? "2026-12-0\(1 + index % 9)" : nil,
                tags: index % 2 == 0 ? ["even"] : [])
        }
        return StoreSnapshot(projects: [work, home], taskLists: [backlog], tasks: tasks)
    }

    private func importing(_ snapshot: StoreSnapshot, into store: LocalStore, at date: Date = day0) async throws
        -> ImportCounts
    {
        try await store.importRecords(
            projects: snapshot.projects, lists: snapshot.taskLists, tasks: snapshot.tasks, summary: "import",
            at: date)
    }

    @Test("an import inserts everything once; the same import again changes nothing and logs nothing")
    func idempotent() async throws {
        try await withStore { store in
            let snapshot = sample(taskCount: 250)
            let reports = ProgressRecorder()
            let first = try await store.importRecords(
                projects: snapshot.projects, lists: snapshot.taskLists, tasks: snapshot.tasks, summary: "import",
                at: day0, progress: { done in reports.append(done) })
            #expect(first == ImportCounts(inserted: 253, updated: 0, unchanged: 0))
            #expect(reports.values == [100, 200, 253])
            #expect(try await store.countTasks() == 250)
            #expect(try await store.loggedBatches().count == 1)

            let second = try await importing(snapshot, into: store)
            #expect(second == ImportCounts(inserted: 0, updated: 0, unchanged: 253))
            #expect(try await store.loggedBatches().count == 1)
        }
    }

    @Test("an import updates changed rows, keeps local numbers and numbers new tasks locally")
    func updates() async throws {
        try await withStore { store in
            try await store.add(task(1, "local"))
            var snapshot = sample(taskCount: 3)
            _ = try await importing(snapshot, into: store)
            #expect(try await store.tasks(TaskRecordFilter(sort: .number)).map(\.number) == [1, 2, 3, 4])

            snapshot.tasks[0].title = "Renamed"
            snapshot.tasks[0].number = 99
            snapshot.tasks[1].deletedAt = at(50)
            snapshot.projects[1].name = "House"
            let counts = try await importing(snapshot, into: store, at: at(60))
            #expect(counts == ImportCounts(inserted: 0, updated: 3, unchanged: 3))
            let renamed = try #require(await store.task(id: snapshot.tasks[0].id))
            #expect(renamed.title == "Renamed")
            #expect(renamed.number == 2)
            #expect(renamed.version == 2)
            #expect(try await store.task(id: snapshot.tasks[1].id) == nil)
            #expect(try await store.projects(includeArchived: true).map(\.name).contains("House"))
            let operations = try await store.loggedBatches().last?.changes.map(\.operation).sorted()
            #expect(operations == ["delete", "update", "update"])
        }
    }

    @Test("an import is one transaction: a bad reference rolls all of it back")
    func atomic() async throws {
        try await withStore { store async throws in
            var snapshot = sample(taskCount: 10)
            snapshot.tasks[9].listID = makeID(777)
            let error = await #expect(throws: LocalStorageError.self) { _ = try await importing(snapshot, into: store) }
            #expect({ if case .constraint = error { true } else { false } }(), "\(String(describing: error))")
            #expect(try await store.exportRecords() == StoreSnapshot(projects: [], taskLists: [], tasks: []))
            #expect(try await store.loggedBatches().isEmpty)
        }
    }

    @Test("undo of an import removes everything it added")
    func undoImport() async throws {
        try await withStore { store in
            try await store.add(task(1, "mine"))
            _ = try await importing(sample(taskCount: 1_000), into: store)
            #expect(try await store.countTasks() == 1_001)
            #expect(try await store.undoLastBatch(at: at(100)) == "import")
            #expect(try await store.tasks().map(\.title) == ["mine"])
            #expect(try await store.projects(includeArchived: true).isEmpty)
            #expect(try await store.loggedBatches().last?.changes.count == 1_003)
        }
    }

    @Test("export returns live rows in a stable order; importing it elsewhere reproduces it")
    func export() async throws {
        try await withStore { store in
            let snapshot = sample(taskCount: 20)
            _ = try await importing(snapshot, into: store)
            try await store.write(summary: "delete", at: at(9)) {
                try $0.deleteTask(id: snapshot.tasks[0].id, at: at(9))
            }

            let exported = try await store.exportRecords()
            #expect(exported.projects.map(\.name) == ["Home", "Work"])
            #expect(exported.taskLists == snapshot.taskLists)
            #expect(exported.tasks.count == 19)
            #expect(exported.tasks.map(\.number) == Array(2...20))
            #expect(exported.tasks.map(\.title) == snapshot.tasks.dropFirst().map(\.title))

            try await withStore { copy in
                let counts = try await importing(exported, into: copy)
                #expect(counts.inserted == 22)
                let copied = try await copy.exportRecords()
                #expect(copied.projects == exported.projects)
                #expect(copied.tasks.map(\.id) == exported.tasks.map(\.id))
                #expect(copied.tasks.map(\.number) == Array(1...19))
            }
        }
    }
}
