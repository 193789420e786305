import Entities
import Foundation
import LocalStorage

/// ``ProjectDatastore`` on the local SQLite file.
public struct SQLiteProjectDatastore: ProjectDatastore {
    private let store: LocalStore

    public init(store: LocalStore) { self.store = store }

    public func projects(includeArchived: Bool) async throws -> [Project] {
        try await storage { try await store.projects(includeArchived: includeArchived) }.map(RecordMapping.project)
    }

    public func project(id: UUID) async throws -> Project? {
        try await storage { try await store.project(id: id.storageID) }.map(RecordMapping.project)
    }

    public func projects(named name: String) async throws -> [Project] {
        try await storage { try await store.projects(named: name) }.map(RecordMapping.project)
    }

    public func projects(idPrefix prefix: String) async throws -> [Project] {
        try await storage { try await store.projects(idPrefix: prefix) }.map(RecordMapping.project)
    }

    public func insert(_ project: Project, summary: String, at date: Date) async throws {
        let record = RecordMapping.record(project)
        try await storage { try await store.write(summary: summary, at: date) { try $0.insert(record) } }
    }

    public func update(
        id: UUID, summary: String, at date: Date, _ change: @Sendable (inout Project) throws -> Void
    ) async throws -> Project {
        try await readChangeWrite(
            in: store, id: id, kind: .project, summary: summary, at: date, change: change,
            read: { try $0.project(id: $1) }, map: RecordMapping.project,
            write: { writer, project, record in
                try writer.update(RecordMapping.record(project, version: record.version))
            })
    }

    public func delete(id: UUID, summary: String, at date: Date) async throws {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                guard try writer.project(id: id.storageID) != nil else {
                    throw RepositoryError.notFound(kind: .project, reference: id.storageID)
                }
                // Storage only tombstones rows; the cascade is this datastore's promise, and it happens
                // in the same transaction so one undo restores the whole project.
                for task in try writer.tasks(TaskRecordFilter(projectID: id.storageID)) {
                    try deleteTime(of: task.id, projectID: nil, writer: writer, at: date)
                    try writer.deleteTask(id: task.id, at: date)
                }
                try deleteTime(of: nil, projectID: id.storageID, writer: writer, at: date)
                for list in try writer.taskLists(projectID: id.storageID) {
                    try writer.deleteTaskList(id: list.id, at: date)
                }
                try writer.deleteProject(id: id.storageID, at: date)
            }
        }
    }
}

/// ``TaskListDatastore`` on the local SQLite file.
public struct SQLiteTaskListDatastore: TaskListDatastore {
    private let store: LocalStore

    public init(store: LocalStore) { self.store = store }

    public func taskLists(projectID: UUID?) async throws -> [TaskList] {
        try await storage { try await store.taskLists(projectID: projectID?.storageID) }.map(RecordMapping.taskList)
    }

    public func taskList(id: UUID) async throws -> TaskList? {
        try await storage { try await store.taskList(id: id.storageID) }.map(RecordMapping.taskList)
    }

    public func taskLists(named name: String, projectID: UUID?) async throws -> [TaskList] {
        try await storage { try await store.taskLists(named: name, projectID: projectID?.storageID) }
            .map(RecordMapping.taskList)
    }

    public func taskLists(idPrefix prefix: String) async throws -> [TaskList] {
        try await storage { try await store.taskLists(idPrefix: prefix) }.map(RecordMapping.taskList)
    }

    public func insert(_ list: TaskList, summary: String, at date: Date) async throws {
        let record = RecordMapping.record(list)
        try await storage { try await store.write(summary: summary, at: date) { try $0.insert(record) } }
    }

    public func update(
        id: UUID, summary: String, at date: Date, _ change: @Sendable (inout TaskList) throws -> Void
    ) async throws -> TaskList {
        try await readChangeWrite(
            in: store, id: id, kind: .taskList, summary: summary, at: date, change: change,
            read: { try $0.taskList(id: $1) }, map: RecordMapping.taskList,
            write: { writer, list, record in try writer.update(RecordMapping.record(list, version: record.version)) })
    }

    public func delete(id: UUID, summary: String, at date: Date) async throws {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                guard try writer.taskList(id: id.storageID) != nil else {
                    throw RepositoryError.notFound(kind: .taskList, reference: id.storageID)
                }
                // The list's tasks stay in its project, unfiled, in the same transaction.
                for var task in try writer.tasks(TaskRecordFilter(listID: id.storageID)) {
                    task.listID = nil
                    task.updatedAt = date
                    try writer.update(task)
                }
                try writer.deleteTaskList(id: id.storageID, at: date)
            }
        }
    }
}

/// ``TaskDatastore`` on the local SQLite file. Filtering, sorting and counting happen in SQL so a
/// listing stays fast with tens of thousands of tasks.
public struct SQLiteTaskDatastore: TaskDatastore {
    private let store: LocalStore

    public init(store: LocalStore) { self.store = store }

    public func tasks(matching query: TaskQuery) async throws -> [Task] {
        let filter = RecordMapping.filter(query)
        return try await storage { try await store.tasks(filter) }.map(RecordMapping.task)
    }

    public func count(matching query: TaskQuery) async throws -> Int {
        var filter = RecordMapping.filter(query)
        filter.limit = nil
        return try await storage { try await store.countTasks(filter) }
    }

    public func task(id: UUID) async throws -> Task? {
        try await storage { try await store.task(id: id.storageID) }.map(RecordMapping.task)
    }

    public func task(number: Int) async throws -> Task? {
        try await storage { try await store.task(number: number) }.map(RecordMapping.task)
    }

    public func tasks(idPrefix prefix: String) async throws -> [Task] {
        try await storage { try await store.tasks(idPrefix: prefix) }.map(RecordMapping.task)
    }

    public func insert(_ task: Task, summary: String, at date: Date) async throws -> Task {
        let record = RecordMapping.record(task)
        let stored = try await storage { try await store.write(summary: summary, at: date) { try $0.insert(record) } }
        return try RecordMapping.task(stored)
    }

    public func update(
        id: UUID, summary: String, at date: Date, _ change: @Sendable (inout Task) throws -> Void
    ) async throws -> Task {
        try await readChangeWrite(
            in: store, id: id, kind: .task, summary: summary, at: date, change: change,
            read: { try $0.task(id: $1) }, map: RecordMapping.task,
            write: { writer, task, record in try writer.update(RecordMapping.record(task, version: record.version)) })
    }

    public func delete(id: UUID, summary: String, at date: Date) async throws {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                guard try writer.task(id: id.storageID) != nil else {
                    throw RepositoryError.notFound(kind: .task, reference: id.storageID)
                }
                try deleteTime(of: id.storageID, projectID: nil, writer: writer, at: date)
                try writer.deleteTask(id: id.storageID, at: date)
            }
        }
    }

    public func tallyByProject() async throws -> [UUID: TaskTally] {
        try await tallies { try await store.taskCountsByProject() }
    }

    public func tallyByList() async throws -> [UUID: TaskTally] {
        try await tallies { try await store.taskCountsByList(projectID: nil) }
    }

    private func tallies(_ read: () async throws -> [String: TaskCounts]) async throws -> [UUID: TaskTally] {
        var result: [UUID: TaskTally] = [:]
        for (key, counts) in try await storage(read) {
            result[try UUID(storageID: key, field: "tally id")] = RecordMapping.tally(counts)
        }
        return result
    }
}

/// ``HistoryDatastore`` on the change log that LocalStorage writes beside every change.
public struct SQLiteHistoryDatastore: HistoryDatastore {
    private let store: LocalStore

    public init(store: LocalStore) { self.store = store }

    public func undoLatest(at date: Date) async throws -> String? {
        try await storage { try await store.undoLastBatch(at: date) }
    }
}

/// ``TransferDatastore`` on the local SQLite file.
public struct SQLiteTransferDatastore: TransferDatastore {
    private let store: LocalStore

    public init(store: LocalStore) { self.store = store }

    public func snapshot() async throws -> Snapshot {
        let records = try await storage { try await store.exportRecords() }
        return Snapshot(
            projects: try records.projects.map(RecordMapping.project),
            taskLists: try records.taskLists.map(RecordMapping.taskList),
            tasks: try records.tasks.map(RecordMapping.task),
            timers: try records.timers.map(TimeMapping.timer),
            timeEntries: try records.timeEntries.map(TimeMapping.entry),
            personID: try await storage { try await store.setting(SQLiteTimeDatastore.personKey) }.map {
                text throws(RepositoryError) in try UUID(storageID: text, field: "person id")
            })
    }

    public func merge(
        _ snapshot: Snapshot, summary: String, at date: Date, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> ImportSummary {
        if let person = snapshot.personID {
            try await storage {
                try await store.write(summary: "person", at: date) { writer in
                    if try writer.setting(SQLiteTimeDatastore.personKey) == nil {
                        try writer.setSetting(SQLiteTimeDatastore.personKey, to: person.storageID)
                    }
                }
            }
        }
        let counts = try await storage {
            try await store.importRecords(
                projects: snapshot.projects.map { RecordMapping.record($0) },
                lists: snapshot.taskLists.map { RecordMapping.record($0) },
                tasks: snapshot.tasks.map { RecordMapping.record($0) },
                timers: snapshot.timers.map { TimeMapping.record($0) },
                timeEntries: snapshot.timeEntries.map { TimeMapping.record($0) },
                summary: summary, at: date, progress: progress)
        }
        return ImportSummary(inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged)
    }
}

/// Tombstones the timers and time entries of a task (or of a project itself) that is being deleted,
/// in the deleting transaction, so time never points at a deleted item and one undo brings it all back.
private func deleteTime(of taskID: String?, projectID: String?, writer: StoreWriter, at date: Date) throws {
    for timer in try writer.timers(taskID: taskID, projectID: projectID) {
        try writer.deleteTimer(id: timer.id, at: date)
    }
    for entry in try writer.timeEntries(taskID: taskID, projectID: projectID) {
        try writer.deleteTimeEntry(id: entry.id, at: date)
    }
}

/// Reads a row, lets an entity rule change it and writes it back, all in one transaction, so two
/// `stint` processes changing the same item cannot overwrite each other's work.
private func readChangeWrite<Record: Sendable, Entity: Sendable>(
    in store: LocalStore, id: UUID, kind: EntityKind, summary: String, at date: Date,
    change: @Sendable (inout Entity) throws -> Void,
    read: @escaping @Sendable (StoreWriter, String) throws -> Record?,
    map: @escaping @Sendable (Record) throws(RepositoryError) -> Entity,
    write: @escaping @Sendable (StoreWriter, Entity, Record) throws -> Void
) async throws -> Entity {
    try await storage {
        try await store.write(summary: summary, at: date) { writer in
            guard let record = try read(writer, id.storageID) else {
                throw RepositoryError.notFound(kind: kind, reference: id.storageID)
            }
            var entity = try map(record)
            try change(&entity)
            try write(writer, entity, record)
            return entity
        }
    }
}
