import Entities
import Foundation

/// ``ProjectRepository`` over a ``ProjectDatastore``. Today the datastore is the only source; the
/// sync issue adds a Service beside it without changing the protocol (docs/adr/0003).
struct LocalProjectRepository: ProjectRepository {
    let datastore: any ProjectDatastore
    let clock: any DateProvider
    let ids: any IdentifierProvider

    func projects(includeArchived: Bool) async throws -> [Project] {
        try await datastore.projects(includeArchived: includeArchived)
    }

    func project(id: UUID) async throws -> Project? { try await datastore.project(id: id) }

    func project(reference: String) async throws -> Project {
        let named = try await datastore.projects(named: reference.trimmingWhitespace())
        if named.count == 1 { return named[0] }
        var matches = named
        if matches.isEmpty, let prefix = Reference.idPrefix(reference) {
            matches = try await datastore.projects(idPrefix: prefix)
        }
        return try single(matches, kind: .project, reference: reference) {
            ReferenceCandidate(reference: Reference.short($0.id), label: $0.name)
        }
    }

    func create(name: String, note: String) async throws -> Project {
        let now = clock.now()
        let project = try validating { try Project.create(id: ids.makeIdentifier(), name: name, note: note, now: now) }
        try await datastore.insert(project, summary: "added project \"\(project.name)\"", at: now)
        return project
    }

    func rename(_ id: UUID, to name: String) async throws -> Project {
        let newName = try validating { try Project.validatedName(name) }
        let now = clock.now()
        return try await datastore.update(id: id, at: now, summary: { _, _ in "renamed project to \"\(newName)\"" }) {
            try $0.rename(to: newName, now: now)
        }
    }

    func change(
        _ id: UUID, summary: String, _ change: @escaping @Sendable (inout Project, Date) throws -> Void
    ) async throws -> Project {
        let now = clock.now()
        return try await datastore.update(id: id, at: now, summary: { _, _ in summary }) { try change(&$0, now) }
    }

    func delete(_ id: UUID) async throws -> Project {
        try await datastore.delete(id: id, at: clock.now()) { "deleted project \"\($0.name)\"" }
    }
}

/// ``TaskListRepository`` over a ``TaskListDatastore``.
struct LocalTaskListRepository: TaskListRepository {
    let datastore: any TaskListDatastore
    let projects: any ProjectDatastore
    let clock: any DateProvider
    let ids: any IdentifierProvider

    func taskLists(projectID: UUID?) async throws -> [TaskList] {
        try await datastore.taskLists(projectID: projectID)
    }

    func taskList(id: UUID) async throws -> TaskList? { try await datastore.taskList(id: id) }

    func taskList(reference: String, projectID: UUID?) async throws -> TaskList {
        let named = try await datastore.taskLists(
            named: reference.trimmingWhitespace(), projectID: projectID)
        if named.count == 1 { return named[0] }
        var matches = named
        if matches.isEmpty, let prefix = Reference.idPrefix(reference) {
            matches = try await datastore.taskLists(idPrefix: prefix).filter {
                projectID == nil || $0.projectID == projectID
            }
        }
        var projectNames: [UUID: String] = [:]
        if matches.count > 1 {
            for project in try await projects.projects(includeArchived: true) {
                projectNames[project.id] = project.name
            }
        }
        return try single(matches, kind: .taskList, reference: reference) { list in
            let owner = projectNames[list.projectID].map { " (\($0))" } ?? ""
            return ReferenceCandidate(reference: Reference.short(list.id), label: list.name + owner)
        }
    }

    func create(name: String, projectID: UUID) async throws -> TaskList {
        let now = clock.now()
        let list = try validating {
            try TaskList.create(id: ids.makeIdentifier(), projectID: projectID, name: name, now: now)
        }
        try await datastore.insert(list, at: now) { "added list \"\(list.name)\" to \"\($0.name)\"" }
        return list
    }

    func rename(_ id: UUID, to name: String) async throws -> TaskList {
        let now = clock.now()
        // The name is validated by the entity rule inside the transaction, with the list as stored.
        return try await datastore.update(
            id: id, at: now, summary: { before, after in "renamed list \"\(before.name)\" to \"\(after.name)\"" }
        ) { try $0.rename(to: name, now: now) }
    }

    func delete(_ id: UUID) async throws -> TaskList {
        try await datastore.delete(id: id, at: clock.now()) { "deleted list \"\($0.name)\"" }
    }
}

/// ``TaskRepository`` over a ``TaskDatastore``.
struct LocalTaskRepository: TaskRepository {
    let datastore: any TaskDatastore
    let clock: any DateProvider
    let ids: any IdentifierProvider

    func tasks(matching query: TaskQuery) async throws -> [Task] {
        try await datastore.tasks(matching: query)
    }

    func count(matching query: TaskQuery) async throws -> Int {
        try await datastore.count(matching: query)
    }

    func task(reference: String) async throws -> Task {
        if let number = Reference.number(reference) {
            if let task = try await datastore.task(number: number) { return task }
            // Fall through: "1234" can also be the start of an id.
        }
        guard let prefix = Reference.idPrefix(reference) else {
            throw RepositoryError.notFound(kind: .task, reference: reference)
        }
        let matches = try await datastore.tasks(idPrefix: prefix)
        return try single(matches, kind: .task, reference: reference) {
            ReferenceCandidate(reference: $0.number.map(String.init) ?? Reference.short($0.id), label: $0.title)
        }
    }

    func create(_ draft: NewTask) async throws -> Task {
        let now = clock.now()
        // Validated here, before the write lock is taken; placement is checked inside the write.
        var task = try validating {
            try Task.create(
                id: ids.makeIdentifier(), title: draft.title, projectID: draft.projectID, listID: draft.listID,
                due: draft.due, priority: draft.priority, tags: draft.tags, estimate: draft.estimate, note: draft.note,
                assigneeID: draft.assigneeID, parentID: draft.parentID, prerequisiteIDs: draft.prerequisiteIDs,
                repetition: nil, now: now)
        }
        if let rule = draft.repeatRule {
            // The series is named by its first task and counts from its due day, which the caller must give.
            guard let start = task.due else {
                throw RepositoryError.invalid(inner: ValidationError(field: "due", reason: .empty(.day)))
            }
            task.setRepetition(
                TaskRepetition(rule: rule, until: draft.repeatUntil, seriesID: task.id, start: start), now: now)
        }
        return try await datastore.insert(task, summary: "added task \"\(task.title)\"", at: now)
    }

    func change(
        _ id: UUID, summary: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void
    ) async throws -> Task {
        let now = clock.now()
        return try await datastore.update(id: id, at: now, summary: { _, _ in summary }) { try change(&$0, now) }
    }

    func delete(_ id: UUID) async throws -> Task {
        try await datastore.delete(id: id, at: clock.now()) { task in
            "deleted \(task.number.map { "task \($0)" } ?? "task") \"\(task.title)\""
        }
    }

    func change(
        _ ids: [UUID], summary: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void
    ) async throws -> [Task] {
        let now = clock.now()
        return try await datastore.update(ids: ids, at: now, summary: summary) { try change(&$0, now) }
    }

    func delete(_ ids: [UUID], summary: String) async throws -> [Task] {
        try await datastore.delete(ids: ids, at: clock.now(), summary: summary)
    }

    func tallyByProject(projectID: UUID?) async throws -> [UUID: TaskTally] {
        try await datastore.tallyByProject(projectID: projectID)
    }

    func tallyByList(projectID: UUID?) async throws -> [UUID: TaskTally] {
        try await datastore.tallyByList(projectID: projectID)
    }

    func links() async throws -> TaskLinkMap { try await datastore.links() }

    func labels(of ids: Set<UUID>) async throws -> [UUID: TaskLabel] {
        guard !ids.isEmpty else { return [:] }
        return try await datastore.labels(of: ids)
    }
}

/// ``HistoryRepository`` over a ``HistoryDatastore``.
struct LocalHistoryRepository: HistoryRepository {
    let datastore: any HistoryDatastore
    let clock: any DateProvider

    func undo() async throws -> String {
        guard let summary = try await datastore.undoLatest(at: clock.now()) else {
            throw RepositoryError.conflict(.nothingToUndo)
        }
        return summary
    }
}

/// ``TransferRepository`` over a ``TransferDatastore``.
struct LocalTransferRepository: TransferRepository {
    let datastore: any TransferDatastore
    let clock: any DateProvider

    func snapshot() async throws -> Snapshot { try await datastore.snapshot() }

    func localPersonID() async throws -> UUID? { try await datastore.localPersonID() }

    func merge(_ snapshot: Snapshot, progress: @escaping @Sendable (Int) -> Void) async throws -> ImportSummary {
        let count =
            snapshot.projects.count + snapshot.taskLists.count + snapshot.tasks.count + snapshot.timers.count
            + snapshot.timeEntries.count
        let removed = snapshot.deletedTaskIDs.count + snapshot.deletedTimerIDs.count
        let summary =
            "imported \(Self.counted(count, "item"))"
            + (removed > 0 ? " and removed \(Self.counted(removed, "item"))" : "")
        return try await datastore.merge(snapshot, summary: summary, at: clock.now(), dryRun: false, progress: progress)
    }

    /// "1 item", "50,002 items": the summary `stint undo` shows later, worded as every other count (ADR 0009).
    static func counted(_ count: Int, _ noun: String) -> String {
        let digits = Array(String(count.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (count < 0 ? "-" : "") + text + " " + noun + (count == 1 ? "" : "s")
    }

    func rehearseMerge(_ snapshot: Snapshot) async throws -> ImportSummary {
        try await datastore.merge(snapshot, summary: "a dry run", at: clock.now(), dryRun: true) { _ in }
    }
}

/// Runs an entity rule, turning its ``ValidationError`` into ``RepositoryError/invalid(inner:)``.
func validating<T>(_ body: () throws -> T) throws(RepositoryError) -> T {
    do { return try body() } catch { throw repositoryError(error) }
}

/// The one match, or `notFound` / `ambiguous` with candidates a user can pick from.
func single<T>(
    _ matches: [T], kind: EntityKind, reference: String, candidate: (T) -> ReferenceCandidate
) throws(RepositoryError) -> T {
    switch matches.count {
    case 1: return matches[0]
    case 0: throw .notFound(kind: kind, reference: reference)
    default: throw .ambiguous(kind: kind, reference: reference, candidates: matches.map(candidate))
    }
}
