import Entities
import Foundation
import LocalStorage

// Storage records never leave this package: these functions are the only place where
// LocalStorage's shapes and the Entities meet.

extension UUID {
    /// Ids are stored as lowercase text so prefix lookups and sorting behave the same everywhere.
    var storageID: String { lowercasedString }

    init(storageID text: String, field: String) throws(RepositoryError) {
        guard let id = UUID(canonical: text) ?? UUID(uuidString: text) else {
            throw .corruptData(message: "stored \(field) '\(text)' is not a valid id")
        }
        self = id
    }
}

enum RecordMapping {
    static func project(_ record: ProjectRecord) throws(RepositoryError) -> Project {
        Project(
            id: try UUID(storageID: record.id, field: "project id"), name: record.name, note: record.note,
            archivedAt: record.archivedAt, createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    static func record(_ project: Project, version: Int = 0) -> ProjectRecord {
        ProjectRecord(
            id: project.id.storageID, name: project.name, note: project.note, archivedAt: project.archivedAt,
            createdAt: project.createdAt, updatedAt: project.updatedAt, deletedAt: nil, version: version)
    }

    static func taskList(_ record: TaskListRecord) throws(RepositoryError) -> TaskList {
        TaskList(
            id: try UUID(storageID: record.id, field: "list id"),
            projectID: try UUID(storageID: record.projectID, field: "list project id"), name: record.name,
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    static func record(_ list: TaskList, version: Int = 0) -> TaskListRecord {
        TaskListRecord(
            id: list.id.storageID, projectID: list.projectID.storageID, name: list.name, createdAt: list.createdAt,
            updatedAt: list.updatedAt, deletedAt: nil, version: version)
    }

    static func task(_ record: TaskRecord) throws(RepositoryError) -> Task {
        var record = record
        return try task(taking: &record)
    }

    /// ``task(_:)`` that moves the record's title, note and tags into the task instead of copying them, leaving
    /// them empty: a listing maps thousands of records it then drops, and each copied string was retained here
    /// and released with the record (ADR 0028, decision 33). Passed `inout`, the record is also not copied whole
    /// on its way in, as an element of an array handed to a function is.
    static func task(taking record: inout TaskRecord) throws(RepositoryError) -> Task {
        guard let status = TaskStatus(rawValue: record.status) else {
            throw .corruptData(message: "stored task status '\(record.status)' is unknown")
        }
        guard let priority = Priority(rawValue: record.priority) else {
            throw .corruptData(message: "stored task priority \(record.priority) is unknown")
        }
        var due: Day?
        if let text = record.due {
            guard let day = Day(iso: text) else { throw .corruptData(message: "stored due day '\(text)' is invalid") }
            due = day
        }
        var tags: [Tag] = []
        tags.reserveCapacity(record.tags.count)
        for name in record.tags.taken() {
            do { tags.append(try Tag(stored: name)) } catch {
                throw .corruptData(message: "stored tag '\(name)' is invalid")
            }
        }
        var estimate: Estimate?
        if let seconds = record.estimateSeconds {
            do { estimate = try Estimate(seconds: seconds) } catch {
                throw .corruptData(message: "stored estimate \(seconds) s is invalid")
            }
        }
        return Task(
            id: try UUID(storageID: record.id, field: "task id"), number: record.number,
            projectID: try record.projectID.map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "task project id")
            },
            listID: try record.listID.map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "task list id")
            },
            title: record.title.taken(), note: record.note.taken(), status: status, priority: priority, due: due,
            tags: tags, estimate: estimate, completedAt: record.completedAt,
            assigneeID: try record.assigneeID.map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "task assignee id")
            },
            parentID: try record.parentID.map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "task parent id")
            },
            prerequisiteIDs: try record.prerequisiteIDs.map { text throws(RepositoryError) in
                try UUID(storageID: text, field: "task prerequisite id")
            },
            repetition: try repetition(record), createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    /// A recurring task's four repeat columns, or nil when the task is a one-off. A rule without its series (a
    /// device that wrote half of them) is damage, not a one-off: reading it as one would lose the series.
    private static func repetition(_ record: TaskRecord) throws(RepositoryError) -> TaskRepetition? {
        guard let text = record.repeatRule else { return nil }
        guard let rule = try? RepeatRule.parse(text) else {
            throw .corruptData(message: "stored repeat rule '\(text)' is unknown")
        }
        guard let seriesText = record.seriesID, let startText = record.seriesStart, let start = Day(iso: startText)
        else { throw .corruptData(message: "stored repeat rule '\(text)' has no series") }
        var until: Day?
        if let text = record.repeatUntil {
            guard let day = Day(iso: text) else {
                throw .corruptData(message: "stored repeat end '\(text)' is invalid")
            }
            until = day
        }
        return TaskRepetition(
            rule: rule, until: until, seriesID: try UUID(storageID: seriesText, field: "task series id"), start: start)
    }

    static func record(_ task: Task, version: Int = 0) -> TaskRecord {
        TaskRecord(
            id: task.id.storageID, number: task.number ?? 0, projectID: task.projectID?.storageID,
            listID: task.listID?.storageID, title: task.title, note: task.note, status: task.status.rawValue,
            priority: task.priority.rawValue, due: task.due?.iso, tags: task.tags.map(\.name),
            estimateSeconds: task.estimate?.seconds, completedAt: task.completedAt,
            assigneeID: task.assigneeID?.storageID, parentID: task.parentID?.storageID,
            prerequisiteIDs: task.prerequisiteIDs.map(\.storageID), repeatRule: task.repetition?.rule.text,
            repeatUntil: task.repetition?.until?.iso, seriesID: task.repetition?.seriesID.storageID,
            seriesStart: task.repetition?.start.iso, createdAt: task.createdAt,
            updatedAt: task.updatedAt, deletedAt: nil, version: version)
    }

    static func filter(_ query: TaskQuery) -> TaskRecordFilter {
        var filter = TaskRecordFilter()
        filter.projectID = query.projectID?.storageID
        filter.noProject = query.inboxOnly
        filter.listID = query.listID?.storageID
        filter.assigneeID = query.assigneeID?.storageID
        filter.statuses = TaskStatus.allCases.filter { query.statuses.contains($0) }.map(\.rawValue)
        filter.tag = query.tag?.name
        filter.priorities = query.priority.map { [$0.rawValue] } ?? []
        filter.dueBefore = query.dueBefore?.iso
        filter.dueOnOrAfter = query.dueOnOrAfter?.iso
        filter.dueOn = query.dueOn?.iso
        filter.text = query.text
        filter.sort =
            switch query.sort {
            case .priority: .priority
            case .due: .due
            case .created: .created
            case .updated: .updated
            case .title: .title
            case .number: .number
            }
        filter.descending = query.descending
        filter.limit = query.limit
        // Unsorted: the ids travel as one JSON argument whose order SQLite ignores (sorting a report's 600 ids cost
        // more than reading their tasks' numbers).
        filter.ids = query.ids.map { $0.map(\.storageID) }
        filter.parentIDs = query.parentIDs.map { $0.map(\.storageID).sorted() }
        filter.after = query.after?.storageID
        filter.blocked = query.blocked
        return filter
    }

    static func tally(_ counts: TaskCounts) -> TaskTally {
        TaskTally(open: counts.open, inProgress: counts.inProgress, completed: counts.completed)
    }
}

/// Turns whatever the storage or a business rule threw into the package's one error type,
/// keeping the original as the inner error.
func repositoryError(_ error: any Error) -> RepositoryError {
    switch error {
    case let error as RepositoryError:
        return error
    case let error as ValidationError:
        return .invalid(inner: error)
    case let error as LocalStorageError:
        if let inner = error.underlyingError as? RepositoryError { return inner }
        if let inner = error.underlyingError as? ValidationError { return .invalid(inner: inner) }
        return .storage(inner: error)
    default:
        return .storage(inner: error)
    }
}

/// Runs a storage call and converts its errors with ``repositoryError(_:)``.
@discardableResult
func storage<T>(_ body: () async throws -> T) async throws(RepositoryError) -> T {
    do { return try await body() } catch { throw repositoryError(error) }
}

extension RecordMapping {
    static func links(_ records: [TaskLinks]) throws(RepositoryError) -> TaskLinkMap {
        var parents: [UUID: UUID] = [:]
        var prerequisites: [UUID: [UUID]] = [:]
        for record in records {
            let id = try UUID(storageID: record.id, field: "task id")
            if let parent = record.parentID { parents[id] = try UUID(storageID: parent, field: "task parent id") }
            if !record.prerequisiteIDs.isEmpty {
                var ids: [UUID] = []
                for text in record.prerequisiteIDs {
                    ids.append(try UUID(storageID: text, field: "task prerequisite id"))
                }
                prerequisites[id] = ids
            }
        }
        return TaskLinkMap(parents: parents, prerequisites: prerequisites)
    }
}

extension RangeReplaceableCollection {
    /// The value, leaving an empty one behind: a move, where a copy would retain what the old value keeps.
    fileprivate mutating func taken() -> Self {
        let value = self
        self = Self()
        return value
    }
}
