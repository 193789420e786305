import Entities
import Foundation
import Repositories

/// Export and import of everything Stint stores, as one JSON document.
///
/// The file format is defined here, not by the entities' own Codable shapes, so that renaming a
/// property in Entities can never silently change (or break reading of) files people keep.
public struct TransferWorker: Sendable {
    let transfer: any TransferRepository
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository
    let calendar: WorkCalendar

    /// The whole database as pretty-printed JSON.
    public func export() async throws(WorkerError) -> Data {
        try await working {
            let snapshot = try await transfer.snapshot()
            let file = ArchiveFile(
                format: ArchiveFile.formatName, version: ArchiveFile.currentVersion, exportedAt: calendar.now,
                projects: snapshot.projects.map(ArchiveFile.ProjectEntry.init),
                lists: snapshot.taskLists.map(ArchiveFile.ListEntry.init),
                tasks: snapshot.tasks.map(ArchiveFile.TaskEntry.init),
                timers: snapshot.timers.map(ArchiveFile.TimerEntry.init),
                timeEntries: snapshot.timeEntries.map(ArchiveFile.TimeEntryEntry.init), personId: snapshot.personID)
            return try ArchiveFile.encoder.encode(file)
        }
    }

    /// Reads an export and merges it by id; returns what changed.
    /// - Parameter progress: told how many items are done, with the total.
    public func importArchive(_ data: Data, progress: @escaping @Sendable (Int, Int) -> Void) async throws(WorkerError)
        -> ImportSummary
    {
        let file: ArchiveFile
        do {
            file = try ArchiveFile.decoder.decode(ArchiveFile.self, from: data)
        } catch let error as DecodingError {
            throw WorkerError(
                .invalidInput, "the file is not a Stint export: \(ArchiveFile.describe(error))", cause: error)
        } catch {
            throw WorkerError(.invalidInput, "the file is not a Stint export", cause: error)
        }
        guard file.format == ArchiveFile.formatName else {
            throw WorkerError(.invalidInput, "the file is not a Stint export (format is '\(file.format)')")
        }
        guard file.version <= ArchiveFile.currentVersion else {
            throw WorkerError(
                .invalidInput, "the file was written by a newer Stint (format \(file.version)); upgrade to import it")
        }
        let snapshot = try working { try file.snapshot() }
        try await checkReferences(snapshot)
        let total =
            snapshot.projects.count + snapshot.taskLists.count + snapshot.tasks.count + snapshot.timers.count
            + snapshot.timeEntries.count
        return try await working { try await transfer.merge(snapshot) { progress($0, total) } }
    }

    /// Every list and task must point at something in the file or already stored, so the import
    /// fails with a clear message instead of a storage constraint error.
    private func checkReferences(_ snapshot: Snapshot) async throws(WorkerError) {
        let known = try await working {
            var projectIDs = Set(snapshot.projects.map(\.id))
            var listIDs = Set(snapshot.taskLists.map(\.id))
            projectIDs.formUnion(try await projects.projects(includeArchived: true).map(\.id))
            listIDs.formUnion(try await lists.taskLists(projectID: nil).map(\.id))
            return (projectIDs, listIDs)
        }
        for list in snapshot.taskLists where !known.0.contains(list.projectID) {
            throw WorkerError(.invalidInput, "list \"\(list.name)\" refers to a project that is not in the file")
        }
        for task in snapshot.tasks {
            if let projectID = task.projectID, !known.0.contains(projectID) {
                throw WorkerError(.invalidInput, "task \"\(task.title)\" refers to a project that is not in the file")
            }
            if let listID = task.listID, !known.1.contains(listID) {
                throw WorkerError(.invalidInput, "task \"\(task.title)\" refers to a list that is not in the file")
            }
        }
        // Time points at tasks or projects; look up only the few ids the file does not itself carry.
        let fileTasks = Set(snapshot.tasks.map(\.id))
        let targets = snapshot.timers.map(\.target) + snapshot.timeEntries.map(\.target)
        var checked: Set<TimeTarget> = []
        for target in targets where !checked.contains(target) {
            checked.insert(target)
            switch target {
            case .project(let id) where !known.0.contains(id):
                throw WorkerError(.invalidInput, "time in the file refers to a project that is not in the file")
            case .task(let id) where !fileTasks.contains(id):
                let stored = try? await tasks.task(reference: id.uuidString.lowercased())
                if stored == nil {
                    throw WorkerError(.invalidInput, "time in the file refers to a task that is not in the file")
                }
            default:
                break
            }
        }
    }
}

/// The export file. Field names are snake_case and stable; dates are ISO-8601 with milliseconds
/// (what the database keeps), days are YYYY-MM-DD, durations are seconds.
///
/// Version 2 added `timers`, `time_entries` and `person_id`. A version 1 file (without them) still
/// imports; a version 1 Stint refuses a version 2 file instead of silently dropping the time in it.
struct ArchiveFile: Codable {
    static let formatName = "stint-export"
    static let currentVersion = 2

    var format: String
    var version: Int
    var exportedAt: Date
    var projects: [ProjectEntry]
    var lists: [ListEntry]
    var tasks: [TaskEntry]
    var timers: [TimerEntry]?
    var timeEntries: [TimeEntryEntry]?
    var personId: UUID?

    /// A timer; exactly one of `task_id` and `project_id` is set.
    struct TimerEntry: Codable {
        struct Interval: Codable {
            var start: Date
            var end: Date?
        }

        var id: UUID
        var ownerId: UUID
        var taskId: UUID?
        var projectId: UUID?
        var note: String
        var billable: Bool
        var intervals: [Interval]
        var createdAt: Date
        var updatedAt: Date

        init(_ timer: Entities.Timer) {
            id = timer.id
            ownerId = timer.ownerID
            taskId = timer.target.taskID
            projectId = timer.target.projectID
            note = timer.note
            billable = timer.billable
            intervals = timer.intervals.map { Interval(start: $0.start, end: $0.end) }
            createdAt = timer.createdAt
            updatedAt = timer.updatedAt
        }

        func entity() throws -> Entities.Timer {
            let target = try ArchiveFile.target(taskId: taskId, projectId: projectId, what: "timer")
            // The same shape rules the timer keeps itself: chronological, only the last interval open.
            var previousEnd = Date.distantPast
            for (index, interval) in intervals.enumerated() {
                let isLast = index == intervals.count - 1
                guard interval.start >= previousEnd, interval.end.map({ $0 >= interval.start }) ?? isLast else {
                    throw ValidationError(
                        field: "intervals", reason: .invalidFormat("timer \(id)"),
                        message: "timer \(id.uuidString.lowercased().prefix(8)) has intervals out of order")
                }
                previousEnd = interval.end ?? interval.start
            }
            guard !intervals.isEmpty else {
                throw ValidationError(
                    field: "intervals", reason: .empty,
                    message: "timer \(id.uuidString.lowercased().prefix(8)) has no intervals")
            }
            var timer = Entities.Timer(
                id: id, ownerID: ownerId, target: target, note: "", billable: billable,
                intervals: intervals.map { WorkInterval(start: $0.start, end: $0.end) }, createdAt: createdAt,
                updatedAt: updatedAt)
            try timer.setNote(note, now: updatedAt)
            return timer
        }
    }

    /// A time entry; exactly one of `task_id` and `project_id` is set.
    struct TimeEntryEntry: Codable {
        var id: UUID
        var taskId: UUID?
        var projectId: UUID?
        var start: Date
        var durationSeconds: Int
        var note: String
        var billable: Bool
        var tags: [String]
        var loggedBy: UUID
        var createdAt: Date
        var updatedAt: Date

        init(_ entry: TimeEntry) {
            id = entry.id
            taskId = entry.target.taskID
            projectId = entry.target.projectID
            start = entry.start
            durationSeconds = entry.durationSeconds
            note = entry.note
            billable = entry.billable
            tags = entry.tags.map(\.name)
            loggedBy = entry.loggedBy
            createdAt = entry.createdAt
            updatedAt = entry.updatedAt
        }

        func entity() throws -> TimeEntry {
            guard (1...TimeEntry.hardLimit).contains(durationSeconds) else {
                throw ValidationError(
                    field: "duration", reason: .outOfRange(String(durationSeconds)),
                    message: "entry \(id.uuidString.lowercased().prefix(8)) has an impossible duration")
            }
            var entry = TimeEntry(
                id: id, target: try ArchiveFile.target(taskId: taskId, projectId: projectId, what: "entry"),
                start: start, durationSeconds: durationSeconds, note: "", billable: billable,
                tags: try tags.map { try Tag($0) }, loggedBy: loggedBy, createdAt: createdAt, updatedAt: updatedAt)
            try entry.setNote(note, now: updatedAt)
            return entry
        }
    }

    static func target(taskId: UUID?, projectId: UUID?, what: String) throws -> TimeTarget {
        switch (taskId, projectId) {
        case (let task?, nil): return .task(task)
        case (nil, let project?): return .project(project)
        default:
            throw ValidationError(
                field: "target", reason: .invalidFormat(what),
                message: "a \(what) in the file must name exactly one of task_id and project_id")
        }
    }

    struct ProjectEntry: Codable {
        var id: UUID
        var name: String
        var note: String
        var archivedAt: Date?
        var createdAt: Date
        var updatedAt: Date

        init(_ project: Project) {
            id = project.id
            name = project.name
            note = project.note
            archivedAt = project.archivedAt
            createdAt = project.createdAt
            updatedAt = project.updatedAt
        }

        func entity() throws -> Project {
            var project = Project(
                id: id, name: name, note: note, archivedAt: archivedAt, createdAt: createdAt, updatedAt: updatedAt)
            // Run the same rules as typed input: a hand-edited file must not sneak in a 1 MB name.
            try project.rename(to: name, now: updatedAt)
            try project.setNote(note, now: updatedAt)
            return project
        }
    }

    struct ListEntry: Codable {
        var id: UUID
        var projectId: UUID
        var name: String
        var createdAt: Date
        var updatedAt: Date

        init(_ list: TaskList) {
            id = list.id
            projectId = list.projectID
            name = list.name
            createdAt = list.createdAt
            updatedAt = list.updatedAt
        }

        func entity() throws -> TaskList {
            var list = TaskList(id: id, projectID: projectId, name: name, createdAt: createdAt, updatedAt: updatedAt)
            try list.rename(to: name, now: updatedAt)
            return list
        }
    }

    struct TaskEntry: Codable {
        var id: UUID
        var projectId: UUID?
        var listId: UUID?
        var title: String
        var note: String
        var status: String
        var priority: String
        var due: String?
        var tags: [String]
        var estimateSeconds: Int?
        var completedAt: Date?
        var createdAt: Date
        var updatedAt: Date

        init(_ task: Task) {
            id = task.id
            projectId = task.projectID
            listId = task.listID
            title = task.title
            note = task.note
            status = task.status.rawValue
            priority = task.priority.name
            due = task.due?.iso
            tags = task.tags.map(\.name)
            estimateSeconds = task.estimate?.seconds
            completedAt = task.completedAt
            createdAt = task.createdAt
            updatedAt = task.updatedAt
        }

        func entity() throws -> Task {
            guard let status = TaskStatus(rawValue: status) else {
                throw ValidationError(field: "status", reason: .invalidFormat(String(status.prefix(20))))
            }
            if (status == .completed) != (completedAt != nil) {
                throw ValidationError(
                    field: "status", reason: .invalidTransition(status.rawValue),
                    message: "task \"\(title.prefix(40))\": completed_at must be set exactly when status is done")
            }
            let day = try due.map { text throws(ValidationError) in
                guard let day = Day(iso: text) else {
                    throw ValidationError(field: "due", reason: .invalidFormat(String(text.prefix(20))))
                }
                return day
            }
            var task = Task(
                id: id, number: nil, projectID: projectId, listID: listId, title: title, note: note, status: status,
                priority: try Priority.parse(priority), due: day, tags: try tags.map { try Tag($0) },
                estimate: try estimateSeconds.map { try Estimate(seconds: $0) }, completedAt: completedAt,
                createdAt: createdAt, updatedAt: updatedAt)
            try task.rename(to: title, now: updatedAt)
            try task.setNote(note, now: updatedAt)
            return task
        }
    }

    func snapshot() throws -> Snapshot {
        Snapshot(
            projects: try projects.map { try $0.entity() }, taskLists: try lists.map { try $0.entity() },
            tasks: try tasks.map { try $0.entity() }, timers: try (timers ?? []).map { try $0.entity() },
            timeEntries: try (timeEntries ?? []).map { try $0.entity() }, personID: personId)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(timestampStyle))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? timestampStyle.parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text.prefix(40))' is not an ISO-8601 timestamp")
        }
        return decoder
    }

    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// One line saying where a file went wrong, instead of Foundation's multi-line dump.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(key.stringValue) is missing at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "bad value at \(path(context))"
        @unknown default: return "it could not be read"
        }
    }
}
