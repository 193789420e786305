import Entities
import Foundation
import Repositories

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The export file. Field names are snake_case and stable; ids are lowercase UUIDs, as in every `--json`
/// (either case is read back); dates are ISO-8601 with milliseconds (what the database keeps), days are
/// YYYY-MM-DD, durations are seconds.
///
/// Version 2 added `timers`, `time_entries` and `person_id`. A version 1 file (without them) still
/// imports; a version 1 Stint refuses a version 2 file instead of silently dropping the time in it.
struct ExportFile: Codable {
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

    // The keys as the file spells them. Spelled out rather than derived with `convertFromSnakeCase`, which
    // rewrote every key of every record as it was read: two fifths of the decoder's work, profiled (issue 11).
    enum CodingKeys: String, CodingKey {
        case format, version, projects, lists, tasks, timers
        case exportedAt = "exported_at", timeEntries = "time_entries", personId = "person_id"
    }

    /// A timer; exactly one of `task_id` and `project_id` is set.
    struct TimerEntry: Codable {
        struct Interval: Codable {
            var start: Date
            var end: Date?
        }

        enum CodingKeys: String, CodingKey {
            case id, note, billable, tags, intervals
            case ownerId = "owner_id", taskId = "task_id", projectId = "project_id", createdAt = "created_at"
            case updatedAt = "updated_at"
        }

        var id: UUID
        var ownerId: UUID
        var taskId: UUID?
        var projectId: UUID?
        var note: String
        var billable: Bool
        /// Absent in files written before timers had tags.
        var tags: [String]?
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
            tags = timer.tags.map(\.name)
            intervals = timer.intervals.map { Interval(start: $0.start, end: $0.end) }
            createdAt = timer.createdAt
            updatedAt = timer.updatedAt
        }

        func entity() throws -> Entities.Timer {
            let target = try ExportFile.target(taskId: taskId, projectId: projectId, what: "timer")
            // The same shape rules the timer keeps itself: chronological, only the last interval open.
            var previousEnd = Date.distantPast
            for (index, interval) in intervals.enumerated() {
                let isLast = index == intervals.count - 1
                guard interval.start >= previousEnd, interval.end.map({ $0 >= interval.start }) ?? isLast else {
                    throw WorkerError(.invalidInput, "its intervals are out of order")
                }
                previousEnd = interval.end ?? interval.start
            }
            guard !intervals.isEmpty else { throw WorkerError(.invalidInput, "it has no intervals") }
            var timer = Entities.Timer(
                id: id, ownerID: ownerId, target: target, note: "", billable: billable,
                intervals: intervals.map { WorkInterval(start: $0.start, end: $0.end) }, createdAt: createdAt,
                updatedAt: updatedAt)
            try timer.setNote(note, now: updatedAt)
            try timer.addTags(try Tag.storedList(from: tags ?? []), now: updatedAt)
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

        enum CodingKeys: String, CodingKey {
            case id, start, note, billable, tags
            case taskId = "task_id", projectId = "project_id", durationSeconds = "duration_seconds"
            case loggedBy = "logged_by", createdAt = "created_at", updatedAt = "updated_at"
        }

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
                throw WorkerError(.invalidInput, "its duration of \(durationSeconds) seconds is impossible")
            }
            var entry = TimeEntry(
                id: id, target: try ExportFile.target(taskId: taskId, projectId: projectId, what: "entry"),
                start: start, durationSeconds: durationSeconds, note: "", billable: billable,
                tags: try Tag.storedList(from: tags), loggedBy: loggedBy, createdAt: createdAt, updatedAt: updatedAt)
            try entry.setNote(note, now: updatedAt)
            return entry
        }
    }

    static func target(taskId: UUID?, projectId: UUID?, what: String) throws -> TimeTarget {
        switch (taskId, projectId) {
        case (let task?, nil): return .task(task)
        case (nil, let project?): return .project(project)
        default:
            throw WorkerError(.invalidInput, "it must name exactly one of task_id and project_id")
        }
    }

    struct ProjectEntry: Codable {
        var id: UUID
        var name: String
        var note: String
        var archivedAt: Date?
        var createdAt: Date
        var updatedAt: Date

        enum CodingKeys: String, CodingKey {
            case id, name, note
            case archivedAt = "archived_at", createdAt = "created_at", updatedAt = "updated_at"
        }

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

        enum CodingKeys: String, CodingKey {
            case id, name
            case projectId = "project_id", createdAt = "created_at", updatedAt = "updated_at"
        }

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
        /// The team member the task is assigned to (a server's user id); absent in files written before sync.
        var assigneeId: UUID?
        var createdAt: Date
        var updatedAt: Date
        /// The links and series of issue 12; absent in files written before them (then none).
        var parentId: UUID? = nil
        var prerequisiteIds: [UUID]? = nil
        var repeatRule: String? = nil
        var repeatUntil: String? = nil
        var seriesId: UUID? = nil
        var seriesStart: String? = nil

        enum CodingKeys: String, CodingKey {
            case id, title, note, status, priority, due, tags
            case projectId = "project_id", listId = "list_id", estimateSeconds = "estimate_seconds"
            case completedAt = "completed_at", assigneeId = "assignee_id", createdAt = "created_at"
            case updatedAt = "updated_at", parentId = "parent_id", prerequisiteIds = "prerequisite_ids"
            case repeatRule = "repeat_rule", repeatUntil = "repeat_until", seriesId = "series_id"
            case seriesStart = "series_start"
        }

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
            assigneeId = task.assigneeID
            createdAt = task.createdAt
            updatedAt = task.updatedAt
            parentId = task.parentID
            prerequisiteIds = task.prerequisiteIDs
            repeatRule = task.repetition?.rule.text
            repeatUntil = task.repetition?.until?.iso
            seriesId = task.repetition?.seriesID
            seriesStart = task.repetition?.start.iso
        }

        func entity() throws -> Task {
            guard let status = TaskStatus(rawValue: status) else {
                throw WorkerError(.invalidInput, "its status '\(status.prefix(20))' is not one Stint writes")
            }
            if (status == .completed) != (completedAt != nil) {
                throw WorkerError(.invalidInput, "completed_at must be set exactly when the status is done")
            }
            let day = try due.map { text throws(ValidationError) in try Day.parse(iso: text, field: "due") }
            var task = Task(
                id: id, number: nil, projectID: projectId, listID: listId, title: title, note: note, status: status,
                priority: try Priority.parse(priority), due: day, tags: try Tag.storedList(from: tags),
                estimate: try estimateSeconds.map { try Estimate(seconds: $0) }, completedAt: completedAt,
                assigneeID: assigneeId, parentID: parentId, prerequisiteIDs: prerequisiteIds ?? [],
                repetition: try repetition(), createdAt: createdAt, updatedAt: updatedAt)
            try task.rename(to: title, now: updatedAt)
            try task.setNote(note, now: updatedAt)
            // The same rules as typed links, re-applied to what the file says (the stamp is put back after).
            try task.setParent(parentId, now: updatedAt)
            try task.setPrerequisites(prerequisiteIds ?? [], now: updatedAt)
            return task
        }

        /// The four repeat fields as one series, all or none.
        private func repetition() throws -> TaskRepetition? {
            guard let repeatRule else {
                if repeatUntil != nil || seriesId != nil || seriesStart != nil {
                    throw WorkerError(.invalidInput, "repeat_until, series_id and series_start need repeat_rule")
                }
                return nil
            }
            guard let seriesId, let seriesStart else {
                throw WorkerError(.invalidInput, "repeat_rule needs series_id and series_start")
            }
            return TaskRepetition(
                rule: try RepeatRule.parse(repeatRule),
                until: try repeatUntil.map { text throws(ValidationError) in
                    try Day.parse(iso: text, field: "repeat_until")
                }, seriesID: seriesId, start: try Day.parse(iso: seriesStart, field: "series_start"))
        }
    }

    /// The file's records as entities, each checked by the same rules as typed input. A record that breaks
    /// one is named by its place in the file (`tasks[3]`), so the user can find it.
    func snapshot() throws(WorkerError) -> Snapshot {
        func each<Record, Entity>(_ records: [Record], _ key: String, _ entity: (Record) throws -> Entity)
            throws(WorkerError) -> [Entity]
        {
            var result: [Entity] = []
            result.reserveCapacity(records.count)
            for (index, record) in records.enumerated() {
                do {
                    result.append(try entity(record))
                } catch {
                    let wrapped = WorkerError(wrapping: error)
                    throw WorkerError(
                        .invalidInput, "\(key)[\(index)] in the file: \(wrapped.message)", cause: wrapped.cause ?? error
                    )
                }
            }
            return result
        }
        return Snapshot(
            projects: try each(projects, "projects") { try $0.entity() },
            taskLists: try each(lists, "lists") { try $0.entity() },
            tasks: try each(tasks, "tasks") { try $0.entity() },
            timers: try each(timers ?? [], "timers") { try $0.entity() },
            timeEntries: try each(timeEntries ?? [], "time_entries") { try $0.entity() }, personID: personId)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ExportText.timestamp(date) ?? date.formatted(timestampStyle))
        }
        return encoder
    }

    /// Every instant and id of the file is read by the overloads at the end of this file; the date strategy
    /// reads the same way, for any instant they would not see. Only files ``ExportFileReader`` leaves alone come
    /// here, so the key strategy costs nothing on the files Stint writes.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            FileKey(stringValue: fileKey(path.last?.stringValue ?? ""))
        }
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = instant(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: notAnInstant(text))
            }
            return date
        }
        return decoder
    }

    /// A key of the file as the record types spell it. The decoder read keys with `convertFromSnakeCase` until
    /// issue 11, so a key matched when that conversion gave the property's name: `created_at`, and also
    /// `createdAt`, which a hand-written file may hold. The same conversion, spelled back in snake case (each
    /// capital becomes `_` and its lowercase letter), keeps both readable now that the types spell their keys.
    static func fileKey(_ key: String) -> String {
        var snake = ""
        for character in camelCase(key) {
            if character.isUppercase {
                snake += "_" + character.lowercased()
            } else {
                snake.append(character)
            }
        }
        return snake
    }

    /// Foundation's `convertFromSnakeCase`: leading and trailing underscores kept, the words between them joined,
    /// the first lowercased and the others capitalized; a key without an inner underscore is left as it is.
    private static func camelCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = ([words[0].lowercased()] + words.dropFirst().map { $0.capitalized }).joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    private struct FileKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    /// The instant of a timestamp in the file; nil when it is not one Stint accepts. Stint never writes an
    /// instant outside the accepted range, so a file that holds one was not written by Stint (year 0000, year
    /// 99999) and is refused where it is read.
    static func instant(_ text: String) -> Date? {
        guard
            let date = ExportText.instant(text) ?? (try? timestampStyle.parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text)),
            AcceptedRange.instants.contains(date)
        else { return nil }
        return date
    }

    /// The id of an id in the file: the 36-character form in either case, as Foundation reads it.
    static func id(_ text: String) -> UUID? {
        UUID(canonical: text) ?? UUID(uuidString: text)
    }

    static func notAnInstant(_ text: String) -> String {
        "'\(text.prefix(40))' is not an ISO-8601 timestamp Stint accepts"
    }

    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// One line saying where a file went wrong, instead of Foundation's multi-line dump.
    static func describe(_ error: DecodingError) -> String {
        /// `tasks[3].created_at`: the place as the file spells it.
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + snakeCase(key.stringValue)
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        func snakeCase(_ name: String) -> String {
            name.reduce(into: "") { result, character in
                if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
            }
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

// Foundation writes a `UUID` in uppercase, while the database, `--json` and the sync protocol write ids in
// lowercase: these overloads make every id of this file's records (whose `encode(to:)` the compiler writes, here)
// lowercase too, so a script can compare an id from `stint export` with one from `stint task list --json`.
// Reading is unchanged: `UUID(uuidString:)` takes either case, so older exports still import.
extension KeyedEncodingContainer {
    fileprivate mutating func encode(_ value: UUID, forKey key: Key) throws {
        try encode(value.uuidString.lowercased(), forKey: key)
    }

    fileprivate mutating func encodeIfPresent(_ value: UUID?, forKey key: Key) throws {
        try encodeIfPresent(value?.uuidString.lowercased(), forKey: key)
    }

    /// A task's prerequisites: a list of ids, which the two above did not reach (they were written in uppercase).
    fileprivate mutating func encodeIfPresent(_ value: [UUID]?, forKey key: Key) throws {
        try encodeIfPresent(value?.map { $0.uuidString.lowercased() }, forKey: key)
    }
}

// The compiler-written `init(from:)` of this file's records reads every id and instant through these overloads
// (the most specific match, as with the encoding ones above): one fast reader each, with Foundation's as the
// fallback, instead of `UUID`'s own decoding and a date strategy closure per value. Errors are the decoder's own
// (`dataCorrupted` at the key), so `describe` names the place as before.
extension KeyedDecodingContainer {
    fileprivate func decode(_ type: UUID.Type, forKey key: Key) throws -> UUID {
        let text = try decode(String.self, forKey: key)
        guard let id = ExportFile.id(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "'\(text.prefix(40))' is not an id")
        }
        return id
    }

    fileprivate func decodeIfPresent(_ type: UUID.Type, forKey key: Key) throws -> UUID? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(UUID.self, forKey: key)
    }

    fileprivate func decode(_ type: Date.Type, forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = ExportFile.instant(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: ExportFile.notAnInstant(text))
        }
        if key.stringValue == "updated_at" { RecordCounting.recordRead() }
        return date
    }

    fileprivate func decodeIfPresent(_ type: Date.Type, forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(Date.self, forKey: key)
    }
}

/// Counts the records of a file as the decoder reads them: every record of the format has exactly one
/// `updated_at`, and reading it calls ``recordRead()``, which tells whoever ``counting(_:_:)`` named on this
/// thread (the decoder runs on the caller's thread, start to end). A thread-specific value rather than a task
/// local: `TaskLocal.withValue` crashed the statically linked release build (Swift 6.3, in
/// `swift_task_localValuePush`), and a read costs one `pthread_getspecific` per record.
enum RecordCounting {
    private final class Ticker {
        let tick: () -> Void
        init(_ tick: @escaping () -> Void) { self.tick = tick }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` with `tick` called for every record read on this thread meanwhile.
    static func counting<T>(_ tick: @escaping () -> Void, _ body: () throws -> T) rethrows -> T {
        let ticker = Unmanaged.passRetained(Ticker(tick))
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, ticker.toOpaque())
        defer {
            pthread_setspecific(key, previous)
            ticker.release()
        }
        return try body()
    }

    static func recordRead() {
        guard let ticker = pthread_getspecific(key) else { return }
        Unmanaged<Ticker>.fromOpaque(ticker).takeUnretainedValue().tick()
    }
}
