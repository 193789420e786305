import Foundation

/// Whole-second UTC arithmetic without Foundation's calendars or formatters: the peers' files need
/// 100,000 timestamps rewritten, and every tool in the bench runs with TZ=UTC.
enum UTC {
    static let day = 86_400

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `days(year:month:day:)`.
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds since the epoch of "2026-11-21T10:00:00.000Z" or "2026-11-21" (what ExportGenerator writes).
    static func epoch(_ text: String) -> Int? {
        let digits = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= digits.count else { return nil }
            var value = 0
            for byte in digits[from..<from + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2) else { return nil }
        let midnight = days(year: year, month: month, day: day) * Self.day
        guard digits.count > 10 else { return midnight }
        guard let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        return midnight + hour * 3_600 + minute * 60 + second
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// "2026-11-21"
    static func date(_ epoch: Int) -> String {
        let (year, month, day) = civil(floorDiv(epoch, Self.day))
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// "20261121T100000Z", the form Taskwarrior and Timewarrior store.
    static func compact(_ epoch: Int) -> String {
        let (year, month, day) = civil(floorDiv(epoch, Self.day))
        let second = epoch - floorDiv(epoch, Self.day) * Self.day
        return "\(year)\(two(month))\(two(day))T\(two(second / 3_600))\(two(second / 60 % 60))\(two(second % 60))Z"
    }

    /// "2026-11", the name of Timewarrior's data file for an interval that starts then.
    static func month(_ epoch: Int) -> String {
        let (year, month, _) = civil(floorDiv(epoch, Self.day))
        return "\(year)-\(two(month))"
    }

    static func floorDiv(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// Monday 00:00 of the week holding `epoch` (1970-01-01 was a Thursday).
    static func weekStart(_ epoch: Int) -> Int {
        let days = floorDiv(epoch, Self.day)
        return (days - (days + 3) % 7) * Self.day
    }

    /// 1 January 00:00 of the year holding `epoch`.
    static func yearStart(_ epoch: Int) -> Int {
        days(year: civil(floorDiv(epoch, Self.day)).year, month: 1, day: 1) * Self.day
    }
}

/// The one generated data set, as Stint's export and as each peer's own files.
///
/// ExportGenerator writes the Stint export; everything the peers get is derived from that same
/// in-memory document, so the four tools hold the same tasks and the same time: Taskwarrior gets the
/// tasks (open and in-progress become pending, in progress with a start time; done becomes completed;
/// note lines become annotations; lists and estimates have no Taskwarrior field and are left out),
/// Timewarrior and Watson get the time entries (each tagged or filed under its project, the task's
/// project for an entry on a task, plus the entry's tags).
struct PeerDataSet {
    struct Task {
        let uuid: String
        let title: String
        let status: String
        let projectName: String?
        let priority: String
        let due: String?
        let tags: [String]
        let noteLines: [String]
        let created: Int
        let updated: Int
        let completed: Int?
    }

    struct Interval {
        let id: String
        let start: Int
        let end: Int
        let projectName: String?
        let tags: [String]
    }

    /// The name Watson files an entry without a project under (a frame must have a project).
    static let noProject = "(no project)"

    let document: [String: Any]
    let tasks: [Task]
    let intervals: [Interval]

    /// Reads the generator's document back; the generator's own field names are the contract.
    init(document: [String: Any]) throws {
        self.document = document
        var projectNames: [String: String] = [:]
        for project in document["projects"] as? [[String: Any]] ?? [] {
            if let id = project["id"] as? String, let name = project["name"] as? String { projectNames[id] = name }
        }
        var taskProjects: [String: String] = [:]
        var tasks: [Task] = []
        for task in document["tasks"] as? [[String: Any]] ?? [] {
            guard let uuid = task["id"] as? String, let title = task["title"] as? String,
                let status = task["status"] as? String,
                let created = (task["created_at"] as? String).flatMap(UTC.epoch),
                let updated = (task["updated_at"] as? String).flatMap(UTC.epoch)
            else { throw PeerDataError.malformed("task \(task["id"] ?? "?")") }
            let projectName = (task["project_id"] as? String).flatMap { projectNames[$0] }
            if let projectName { taskProjects[uuid] = projectName }
            let note = task["note"] as? String ?? ""
            tasks.append(
                Task(
                    uuid: uuid, title: title, status: status, projectName: projectName,
                    priority: task["priority"] as? String ?? "none", due: task["due"] as? String,
                    tags: task["tags"] as? [String] ?? [],
                    noteLines: note.split(separator: "\n").map(String.init), created: created, updated: updated,
                    completed: (task["completed_at"] as? String).flatMap(UTC.epoch)))
        }
        var intervals: [Interval] = []
        for entry in document["time_entries"] as? [[String: Any]] ?? [] {
            guard let id = entry["id"] as? String, let start = (entry["start"] as? String).flatMap(UTC.epoch),
                let duration = entry["duration_seconds"] as? Int
            else { throw PeerDataError.malformed("time entry \(entry["id"] ?? "?")") }
            let projectName =
                (entry["project_id"] as? String).flatMap { projectNames[$0] }
                ?? (entry["task_id"] as? String).flatMap { taskProjects[$0] }
            intervals.append(
                Interval(
                    id: id, start: start, end: start + duration, projectName: projectName,
                    tags: entry["tags"] as? [String] ?? []))
        }
        intervals.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        self.tasks = tasks
        self.intervals = intervals
    }

    // MARK: What every tool must report

    /// Open and in-progress tasks: Stint's default list, Taskwarrior's status:pending.
    func pendingCount(project: String? = nil) -> Int {
        tasks.filter { $0.status != "done" && (project == nil || $0.projectName == project) }.count
    }

    /// Seconds of time inside [from, to), entries cut at the edges (as all three trackers count a period).
    func seconds(from: Int, to: Int) -> Int {
        intervals.reduce(0) { total, interval in
            total + max(0, min(interval.end, to) - max(interval.start, from))
        }
    }

    /// The 1-based number Stint gives the task at `index` (an import numbers tasks in the file's
    /// order) and the id Taskwarrior gives it (pending tasks, numbered in import order).
    func numbers(ofTaskAt index: Int) -> (stint: Int, taskwarrior: Int) {
        let pendingBefore = tasks[...index].filter { $0.status != "done" }.count
        return (index + 1, pendingBefore)
    }

    /// The first pending task of `project` in the second half of the file: a task both tools can
    /// annotate and a timer can start on.
    func sampleTaskIndex(project: String) -> Int? {
        tasks.indices.first { $0 >= tasks.count / 2 && tasks[$0].status != "done" && tasks[$0].projectName == project }
            ?? tasks.indices.first { tasks[$0].status != "done" && tasks[$0].projectName == project }
    }

    // MARK: The peers' files

    /// `task import FILE`: Taskwarrior's JSON array of tasks.
    func taskwarriorImport() throws -> Data {
        let priorities = ["high": "H", "medium": "M", "low": "L"]
        let records: [[String: Any]] = tasks.map { task in
            var record: [String: Any] = [
                "uuid": task.uuid, "description": task.title, "entry": UTC.compact(task.created),
                "modified": UTC.compact(task.updated), "status": task.status == "done" ? "completed" : "pending",
            ]
            if let project = task.projectName { record["project"] = project }
            if let priority = priorities[task.priority] { record["priority"] = priority }
            if let due = task.due.flatMap(UTC.epoch) { record["due"] = UTC.compact(due) }
            if !task.tags.isEmpty { record["tags"] = task.tags }
            if task.status == "in-progress" { record["start"] = UTC.compact(task.updated) }
            if task.status == "done" { record["end"] = UTC.compact(task.completed ?? task.updated) }
            if !task.noteLines.isEmpty {
                // Taskwarrior keys annotations by their entry time, so each line gets its own second.
                record["annotations"] = task.noteLines.enumerated().map { offset, line in
                    ["entry": UTC.compact(task.created + offset), "description": line]
                }
            }
            return record
        }
        return try JSONSerialization.data(withJSONObject: records, options: [.sortedKeys])
    }

    /// Timewarrior's database: one `data/YYYY-MM.data` file per month, intervals sorted by start,
    /// `inc START - END # tag "two words"`, each in the file of the month it starts in.
    func timewarriorFiles() -> [(name: String, contents: String)] {
        var files: [String: [String]] = [:]
        for interval in intervals {
            let tags = ([interval.projectName].compactMap { $0 } + interval.tags).map(Self.timewarriorTag)
            let line =
                "inc \(UTC.compact(interval.start)) - \(UTC.compact(interval.end))"
                + (tags.isEmpty ? "" : " # " + tags.joined(separator: " "))
            files[UTC.month(interval.start), default: []].append(line)
        }
        return files.keys.sorted().map { month in
            (month + ".data", (files[month] ?? []).joined(separator: "\n") + "\n")
        }
    }

    private static func timewarriorTag(_ tag: String) -> String {
        let bare = tag.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
        return bare ? tag : "\"" + tag.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Watson's `frames` file: a JSON array of [start, stop, project, id, tags, updated_at], times in
    /// epoch seconds, ids 32 hex digits (Watson's uuid4().hex).
    func watsonFrames() throws -> Data {
        let frames: [[Any]] = intervals.map { interval in
            [
                interval.start, interval.end, interval.projectName ?? Self.noProject,
                interval.id.replacingOccurrences(of: "-", with: ""), interval.tags, interval.end,
            ]
        }
        return try JSONSerialization.data(withJSONObject: frames)
    }
}

enum PeerDataError: Error, CustomStringConvertible {
    case malformed(String)

    var description: String {
        switch self {
        case .malformed(let what): "the generated export has a malformed \(what)"
        }
    }
}
