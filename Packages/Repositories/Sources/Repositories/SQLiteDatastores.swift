import Entities
import Foundation
import LocalStorage

/// ``ProjectDatastore`` on the local SQLite file.
struct SQLiteProjectDatastore: ProjectDatastore {
    let store: LocalStore

    func projects(includeArchived: Bool) async throws -> [Project] {
        try await storage { try await store.projects(includeArchived: includeArchived) }.map(RecordMapping.project)
    }

    func project(id: UUID) async throws -> Project? {
        try await storage { try await store.project(id: id.storageID) }.map(RecordMapping.project)
    }

    func projects(named name: String) async throws -> [Project] {
        try await storage { try await store.projects(named: name) }.map(RecordMapping.project)
    }

    func projects(idPrefix prefix: String) async throws -> [Project] {
        try await storage { try await store.projects(idPrefix: prefix) }.map(RecordMapping.project)
    }

    func insert(_ project: Project, summary: String, at date: Date) async throws {
        let record = RecordMapping.record(project)
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                try Self.ensureUnique(project.name, except: project.id, writer: writer)
                try writer.insert(record)
            }
        }
    }

    func update(
        id: UUID, at date: Date, summary: @escaping @Sendable (Project, Project) -> String,
        _ change: @escaping @Sendable (inout Project) throws -> Void
    ) async throws -> Project {
        try await readChangeWrite(
            in: store, id: id, kind: .project, at: date, summary: summary, change: change,
            read: { try $0.project(id: $1) }, map: RecordMapping.project,
            write: { writer, before, project, record in
                if project.name != before.name { try Self.ensureUnique(project.name, except: id, writer: writer) }
                try writer.update(RecordMapping.record(project, version: record.version))
            })
    }

    func delete(id: UUID, at date: Date, summary: @escaping @Sendable (Project) -> String) async throws -> Project {
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                guard let record = try writer.project(id: id.storageID) else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .project, id: id))
                }
                let project = try RecordMapping.project(record)
                try writer.setSummary(summary(project))
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
                return project
            }
        }
    }

    /// Names are unique among live projects, ignoring case; checked where the name is written.
    private static func ensureUnique(_ name: String, except id: UUID, writer: StoreWriter) throws {
        if let clash = try writer.projects(named: name).first(where: { $0.id != id.storageID }) {
            throw RepositoryError.conflict(.duplicateProjectName(existing: clash.name))
        }
    }
}

/// ``TaskListDatastore`` on the local SQLite file.
struct SQLiteTaskListDatastore: TaskListDatastore {
    let store: LocalStore

    func taskLists(projectID: UUID?) async throws -> [TaskList] {
        try await storage { try await store.taskLists(projectID: projectID?.storageID) }.map(RecordMapping.taskList)
    }

    func taskList(id: UUID) async throws -> TaskList? {
        try await storage { try await store.taskList(id: id.storageID) }.map(RecordMapping.taskList)
    }

    func taskLists(named name: String, projectID: UUID?) async throws -> [TaskList] {
        try await storage { try await store.taskLists(named: name, projectID: projectID?.storageID) }
            .map(RecordMapping.taskList)
    }

    func taskLists(idPrefix prefix: String) async throws -> [TaskList] {
        try await storage { try await store.taskLists(idPrefix: prefix) }.map(RecordMapping.taskList)
    }

    func insert(_ list: TaskList, at date: Date, summary: @escaping @Sendable (Project) -> String) async throws {
        let record = RecordMapping.record(list)
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                guard let project = try writer.project(id: list.projectID.storageID) else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .project, id: list.projectID))
                }
                try writer.setSummary(summary(try RecordMapping.project(project)))
                try Self.ensureUnique(list.name, in: list.projectID, except: list.id, writer: writer)
                try writer.insert(record)
            }
        }
    }

    func update(
        id: UUID, at date: Date, summary: @escaping @Sendable (TaskList, TaskList) -> String,
        _ change: @escaping @Sendable (inout TaskList) throws -> Void
    ) async throws -> TaskList {
        try await readChangeWrite(
            in: store, id: id, kind: .taskList, at: date, summary: summary, change: change,
            read: { try $0.taskList(id: $1) }, map: RecordMapping.taskList,
            write: { writer, before, list, record in
                if list.name != before.name {
                    try Self.ensureUnique(list.name, in: list.projectID, except: id, writer: writer)
                }
                try writer.update(RecordMapping.record(list, version: record.version))
            })
    }

    func delete(id: UUID, at date: Date, summary: @escaping @Sendable (TaskList) -> String) async throws -> TaskList {
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                guard let record = try writer.taskList(id: id.storageID) else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .taskList, id: id))
                }
                let list = try RecordMapping.taskList(record)
                try writer.setSummary(summary(list))
                // The list's tasks stay in its project, unfiled, in the same transaction.
                for var task in try writer.tasks(TaskRecordFilter(listID: id.storageID)) {
                    task.listID = nil
                    task.updatedAt = date
                    try writer.update(task)
                }
                try writer.deleteTaskList(id: id.storageID, at: date)
                return list
            }
        }
    }

    /// List names are unique within a project, ignoring case; checked where the name is written.
    private static func ensureUnique(_ name: String, in projectID: UUID, except id: UUID, writer: StoreWriter) throws {
        let clashes = try writer.taskLists(named: name, projectID: projectID.storageID)
        if let clash = clashes.first(where: { $0.id != id.storageID }) {
            throw RepositoryError.conflict(.duplicateListName(existing: clash.name, projectID: projectID))
        }
    }
}

/// ``TaskDatastore`` on the local SQLite file. Filtering, sorting and counting happen in SQL so a
/// listing stays fast with tens of thousands of tasks.
struct SQLiteTaskDatastore: TaskDatastore {
    let store: LocalStore

    func tasks(matching query: TaskQuery) async throws -> [Task] {
        let filter = RecordMapping.filter(query)
        var records = try await storage { try await store.tasks(filter) }
        // The records are dropped once mapped, so their strings move into the tasks (RecordMapping.task(taking:)).
        var tasks: [Task] = []
        tasks.reserveCapacity(records.count)
        for index in records.indices { tasks.append(try RecordMapping.task(taking: &records[index])) }
        return tasks
    }

    func count(matching query: TaskQuery) async throws -> Int {
        var filter = RecordMapping.filter(query)
        filter.limit = nil
        return try await storage { try await store.countTasks(filter) }
    }

    func task(id: UUID) async throws -> Task? {
        try await storage { try await store.task(id: id.storageID) }.map(RecordMapping.task)
    }

    func task(number: Int) async throws -> Task? {
        try await storage { try await store.task(number: number) }.map(RecordMapping.task)
    }

    func tasks(idPrefix prefix: String) async throws -> [Task] {
        try await storage { try await store.tasks(idPrefix: prefix) }.map(RecordMapping.task)
    }

    func insert(_ task: Task, summary: String, at date: Date) async throws -> Task {
        let record = RecordMapping.record(task)
        let stored = try await storage {
            try await store.write(summary: summary, at: date) { writer in
                try Self.checkPlacement(projectID: task.projectID, listID: task.listID, writer: writer)
                try Self.checkLinks(of: task, before: nil, writer: writer)
                return try writer.insert(record)
            }
        }
        return try RecordMapping.task(stored)
    }

    func update(
        id: UUID, at date: Date, summary: @escaping @Sendable (Task, Task) -> String,
        _ change: @escaping @Sendable (inout Task) throws -> Void
    ) async throws -> Task {
        try await readChangeWrite(
            in: store, id: id, kind: .task, at: date, summary: summary, change: change,
            read: { try $0.task(id: $1) }, map: RecordMapping.task,
            write: { writer, before, task, record in
                try Self.checkChange(from: before, to: task, writer: writer)
                try writer.update(RecordMapping.record(task, version: record.version))
                try Self.makeNextOccurrence(from: before, to: task, writer: writer, at: date)
            })
    }

    func delete(id: UUID, at date: Date, summary: @escaping @Sendable (Task) -> String) async throws -> Task {
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                guard let record = try writer.task(id: id.storageID) else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .task, id: id))
                }
                let task = try RecordMapping.task(record)
                try writer.setSummary(summary(task))
                try deleteTime(of: id.storageID, projectID: nil, writer: writer, at: date)
                try writer.deleteTask(id: id.storageID, at: date)
                return task
            }
        }
    }

    func update(
        ids: [UUID], at date: Date, summary: String, _ change: @escaping @Sendable (inout Task) throws -> Void
    ) async throws -> [Task] {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                try ids.map { id in
                    guard let record = try writer.task(id: id.storageID) else {
                        throw RepositoryError.conflict(.noLongerExists(kind: .task, id: id))
                    }
                    let before = try RecordMapping.task(record)
                    var task = before
                    try change(&task)
                    try Self.checkChange(from: before, to: task, writer: writer)
                    try writer.update(RecordMapping.record(task, version: record.version))
                    try Self.makeNextOccurrence(from: before, to: task, writer: writer, at: date)
                    return task
                }
            }
        }
    }

    func delete(ids: [UUID], at date: Date, summary: String) async throws -> [Task] {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                try ids.map { id in
                    guard let record = try writer.task(id: id.storageID) else {
                        throw RepositoryError.conflict(.noLongerExists(kind: .task, id: id))
                    }
                    let task = try RecordMapping.task(record)
                    try deleteTime(of: id.storageID, projectID: nil, writer: writer, at: date)
                    try writer.deleteTask(id: id.storageID, at: date)
                    return task
                }
            }
        }
    }

    func tallyByProject(projectID: UUID?) async throws -> [UUID: TaskTally] {
        try await tallies { try await store.taskCountsByProject(projectID: projectID?.storageID) }
    }

    func tallyByList(projectID: UUID?) async throws -> [UUID: TaskTally] {
        try await tallies { try await store.taskCountsByList(projectID: projectID?.storageID) }
    }

    private func tallies(_ read: () async throws -> [String: TaskCounts]) async throws -> [UUID: TaskTally] {
        var result: [UUID: TaskTally] = [:]
        for (key, counts) in try await storage(read) {
            result[try UUID(storageID: key, field: "tally id")] = RecordMapping.tally(counts)
        }
        return result
    }

    func links() async throws -> TaskLinkMap {
        try RecordMapping.links(try await storage { try await store.taskLinks() })
    }

    func labels(of ids: Set<UUID>) async throws -> [UUID: TaskLabel] {
        let records = try await storage { try await store.taskLabels(ids: ids.map(\.storageID)) }
        var labels: [UUID: TaskLabel] = [:]
        labels.reserveCapacity(records.count)
        for record in records {
            let id = try UUID(storageID: record.id, field: "task id")
            labels[id] = TaskLabel(
                id: id, number: record.number, title: record.title,
                projectID: try record.projectID.map { text throws(RepositoryError) in
                    try UUID(storageID: text, field: "task project id")
                })
        }
        return labels
    }

    private static func checkChange(from before: Task, to task: Task, writer: StoreWriter) throws {
        if task.projectID != before.projectID || task.listID != before.listID {
            try checkPlacement(projectID: task.projectID, listID: task.listID, writer: writer)
        }
        try checkLinks(of: task, before: before, writer: writer)
    }

    /// A new parent or prerequisite is a live task and closes no loop, checked in the transaction that stores the
    /// link: two commands each linking one half of a loop cannot both pass. Links kept from before are not
    /// checked again (one that sync made dangling or circular must not block every other edit of the task).
    private static func checkLinks(of task: Task, before: Task?, writer: StoreWriter) throws {
        let newParent = task.parentID != before?.parentID ? task.parentID : nil
        let newPrerequisites = task.prerequisiteIDs.filter { !(before?.prerequisiteIDs.contains($0) ?? false) }
        guard newParent != nil || !newPrerequisites.isEmpty else { return }
        for id in [newParent].compactMap({ $0 }) + newPrerequisites where try writer.task(id: id.storageID) == nil {
            throw RepositoryError.conflict(.noLongerExists(kind: .task, id: id))
        }
        let links = try RecordMapping.links(try writer.taskLinks())
        if let newParent, let loop = TaskGraph.parentLoop(setting: newParent, of: task.id, parents: links.parents) {
            throw RepositoryError.invalid(
                inner: ValidationError(field: "parent", reason: .relationCycle(path: try labels(loop, writer))))
        }
        if !newPrerequisites.isEmpty,
            let loop = TaskGraph.prerequisiteLoop(
                adding: newPrerequisites, to: task.id, edges: links.prerequisites)
        {
            throw RepositoryError.invalid(
                inner: ValidationError(field: "after", reason: .relationCycle(path: try labels(loop, writer))))
        }
    }

    /// The tasks of a loop as people type them: their numbers (the task being changed has one too).
    private static func labels(_ ids: [UUID], _ writer: StoreWriter) throws -> [String] {
        try ids.map { id in try writer.task(id: id.storageID).map { String($0.number) } ?? Reference.short(id) }
    }

    /// Completing a recurring task makes its next occurrence in the same transaction (one undo takes both back).
    /// The occurrence's id derives from its series and day, so there is only ever one: a live one still to do (a
    /// reopened task completed again, or one another device made and sync brought) is left as it is, and one that
    /// was deleted (the undo of an earlier completion) comes back with its number. A completed one lies behind
    /// (this task's due day was moved before it), so the series goes on after it.
    private static func makeNextOccurrence(from before: Task, to task: Task, writer: StoreWriter, at date: Date)
        throws
    {
        guard before.status != .completed, task.status == .completed else { return }
        var next = task.nextOccurrence(now: date)
        for _ in 0..<occurrenceLookahead {
            guard let candidate = next else { return }
            guard let existing = try writer.task(id: candidate.id.storageID) else {
                try writer.insertOrRevive(RecordMapping.record(candidate))
                return
            }
            guard existing.status == TaskRecord.completedStatus else { return }
            next = candidate.nextOccurrence(now: date)
        }
    }

    /// How many completed occurrences ahead a completion looks past for the next one to make; a series with more
    /// of them done in advance is left to the next completion.
    static let occurrenceLookahead = 100

    /// A task's project and list are live and agree, checked in the transaction that stores the task:
    /// a list deleted by another command a moment earlier cannot end up holding the task.
    private static func checkPlacement(projectID: UUID?, listID: UUID?, writer: StoreWriter) throws {
        if let listID {
            guard let record = try writer.taskList(id: listID.storageID) else {
                throw RepositoryError.conflict(.noLongerExists(kind: .taskList, id: listID))
            }
            let list = try RecordMapping.taskList(record)
            if let projectID, list.projectID != projectID {
                throw RepositoryError.conflict(.listInAnotherProject(list: list, projectID: projectID))
            }
        }
        if let projectID, try writer.project(id: projectID.storageID) == nil {
            throw RepositoryError.conflict(.noLongerExists(kind: .project, id: projectID))
        }
    }
}

/// ``HistoryDatastore`` on the change log that LocalStorage writes beside every change.
struct SQLiteHistoryDatastore: HistoryDatastore {
    let store: LocalStore

    func undoLatest(at date: Date) async throws -> String? {
        try await storage { try await store.undoLastBatch(at: date) }
    }
}

/// ``TransferDatastore`` on the local SQLite file.
struct SQLiteTransferDatastore: TransferDatastore {
    let store: LocalStore

    func localPersonID() async throws -> UUID? {
        try await SQLiteTimeDatastore(store: store).localPersonID()
    }

    func snapshot() async throws -> Snapshot {
        let (records, person) = try await storage {
            try await store.reading { reader in
                (try reader.exportRecords(), try reader.setting(SQLiteTimeDatastore.personKey))
            }
        }
        return Snapshot(
            projects: try records.projects.map(RecordMapping.project),
            taskLists: try records.taskLists.map(RecordMapping.taskList),
            tasks: try records.tasks.map(RecordMapping.task),
            timers: try records.timers.map(TimeMapping.timer),
            timeEntries: try records.timeEntries.map(TimeMapping.entry),
            personID: try person.map { text throws(RepositoryError) in try UUID(storageID: text, field: "person id") })
    }

    func merge(
        _ snapshot: Snapshot, summary: String, at date: Date, dryRun: Bool, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> ImportSummary {
        let projects = snapshot.projects.map { RecordMapping.record($0) }
        let lists = snapshot.taskLists.map { RecordMapping.record($0) }
        let tasks = snapshot.tasks.map { RecordMapping.record($0) }
        let timers = snapshot.timers.map { TimeMapping.record($0) }
        let entries = snapshot.timeEntries.map { TimeMapping.record($0) }
        let person = snapshot.personID?.storageID
        let deletedTasks = snapshot.deletedTaskIDs.map(\.storageID)
        let deletedTimers = snapshot.deletedTimerIDs.map(\.storageID)
        let counts = try await storage {
            // One transaction: the person is adopted only if every record lands too. A dry run is the same
            // transaction, rolled back.
            let body: @Sendable (StoreWriter) throws -> ImportCounts = { writer in
                if let person, try writer.setting(SQLiteTimeDatastore.personKey) == nil {
                    try writer.setSetting(SQLiteTimeDatastore.personKey, to: person)
                }
                let counts = try writer.importRecords(
                    projects: projects, lists: lists, tasks: tasks, timers: timers, timeEntries: entries,
                    progress: progress)
                // What the source removed since an earlier import goes too (only what is still live here).
                for id in deletedTasks where try writer.task(id: id) != nil {
                    try deleteTime(of: id, projectID: nil, writer: writer, at: date)
                    try writer.deleteTask(id: id, at: date)
                }
                for id in deletedTimers where try writer.timer(id: id) != nil {
                    try writer.deleteTimer(id: id, at: date)
                }
                return counts
            }
            return dryRun
                ? try await store.rehearse(summary: summary, at: date, body)
                : try await store.write(summary: summary, at: date, body)
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
    // A teammate's entries are theirs (the server refuses their deletion, and a sync would bring them back): they
    // stay, on the tombstoned task or project, as a report of their time still counts them.
    let person = try writer.setting(SQLiteTimeDatastore.personKey)
    for entry in try writer.timeEntries(taskID: taskID, projectID: projectID)
    where person == nil || entry.loggedBy == person {
        try writer.deleteTimeEntry(id: entry.id, at: date)
    }
}

/// Reads a row, lets an entity rule change it and writes it back, all in one transaction, so two
/// processes changing the same item cannot overwrite each other's work. `write` gets the
/// entity before and after the change, so it can check what the change touched.
func readChangeWrite<Record: Sendable, Entity: Sendable>(
    in store: LocalStore, id: UUID, kind: EntityKind, at date: Date,
    summary: @escaping @Sendable (Entity, Entity) -> String,
    change: @escaping @Sendable (inout Entity) throws -> Void,
    read: @escaping @Sendable (StoreWriter, String) throws -> Record?,
    map: @escaping @Sendable (Record) throws(RepositoryError) -> Entity,
    write: @escaping @Sendable (StoreWriter, Entity, Entity, Record) throws -> Void
) async throws -> Entity {
    try await storage {
        try await store.write(summary: "", at: date) { writer in
            guard let record = try read(writer, id.storageID) else {
                throw RepositoryError.conflict(.noLongerExists(kind: kind, id: id))
            }
            let before = try map(record)
            var entity = before
            try change(&entity)
            try writer.setSummary(summary(before, entity))
            try write(writer, before, entity, record)
            return entity
        }
    }
}
