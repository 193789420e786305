import Entities
import Foundation

/// The JSON of `task export` (Taskwarrior 2.x and 3.x) read into Stint's terms; ADR 0029 has the mapping.
///
/// Only reads and checks: which project and list each task goes to is settled against the database by
/// ``TransferWorker``. Every record is checked before anything is written, and the first bad one stops the
/// import with its position and what is wrong.
struct TaskwarriorFile {
    /// One task of the file, with the names of its project and list (`Website.Backlog` → `Website`, `Backlog`).
    struct Item {
        var task: Task
        var project: String?
        var list: String?
        /// Taskwarrior's own uuid of the task.
        var sourceID: UUID
    }

    /// A record left out on purpose, and why.
    struct Skip: Equatable {
        var title: String
        var reason: String
    }

    /// A task the file says was deleted: gone from Stint too when an earlier import brought it.
    struct Deleted: Equatable {
        var id: UUID
        /// Taskwarrior's own uuid of the task.
        var sourceID: UUID
        var title: String
        /// When Taskwarrior deleted it (its `end`, else its last change).
        var deletedAt: Date
    }

    var items: [Item] = []
    var skipped: [Skip] = []
    var deleted: [Deleted] = []

    /// Keys that are Taskwarrior's own bookkeeping: derived (urgency, id), or the links of a recurring task's
    /// instances to their template (read for the series, then not kept).
    private static let ignoredKeys: Set<String> = ["id", "urgency", "mask", "imask", "rtype", "parent"]
    /// Keys this reader maps to a field of the task.
    private static let mappedKeys: Set<String> = [
        "uuid", "description", "status", "entry", "modified", "end", "due", "priority", "project", "tags",
        "annotations", "start",
    ]

    /// - Throws: `WorkerError` `.invalidInput` for a file that is not a Taskwarrior export, or naming the first
    ///   record that cannot be imported.
    static func read(_ data: Data, timeZone: any TimeZoneRules, recordRead: () -> Void = {}) throws(WorkerError)
        -> TaskwarriorFile
    {
        let records = try objects(in: data)
        var file = TaskwarriorFile()
        var seen: Set<UUID> = []
        var sources: Set<UUID> = []
        // A recurring task's instances count their series from the template's due day.
        var templates: [String: Date] = [:]
        for object in records where object["status"] as? String == "recurring" {
            if let uuid = (object["uuid"] as? String)?.lowercased(), let due = (object["due"] as? String) {
                templates[uuid] = ForeignTime.date(due)
            }
        }
        for (index, object) in records.enumerated() {
            let record = Record(object: object, position: index + 1, templates: templates)
            switch try record.status() {
            case "deleted":
                // Its id as an earlier import gave it (a recurring instance's from its series and day).
                if let item = try? record.item(timeZone: timeZone, taken: []),
                    let at = (try? record.date("end")) ?? (try? record.date("modified")) ?? (try? record.date("entry"))
                {
                    file.deleted.append(
                        Deleted(id: item.task.id, sourceID: item.sourceID, title: item.task.title, deletedAt: at))
                } else {
                    file.skipped.append(Skip(title: record.title, reason: "deleted in Taskwarrior"))
                }
            case "recurring":
                file.skipped.append(
                    Skip(
                        title: record.title,
                        reason: "the template of a recurring task (its instances are imported as tasks)"))
            default:
                let item = try record.item(timeZone: timeZone, taken: seen)
                guard sources.insert(item.sourceID).inserted else {
                    throw record.failure("its uuid appears twice in the file")
                }
                seen.insert(item.task.id)
                file.items.append(item)
            }
            recordRead()
        }
        // A dependency names the task by Taskwarrior's uuid: it becomes the id that task got here (a recurring
        // instance's is its occurrence's). One on a task the file does not hold at all would wait on nothing, so
        // it is dropped; one on a task deleted in Taskwarrior stays (that task may be kept in Stint, and a deleted
        // one never blocks).
        var renamed: [UUID: UUID] = [:]
        for item in file.items { renamed[TaskwarriorFile.id(item.sourceID)] = item.task.id }
        for gone in file.deleted { renamed[TaskwarriorFile.id(gone.sourceID)] = gone.id }
        for index in file.items.indices where !file.items[index].task.prerequisiteIDs.isEmpty {
            var task = file.items[index].task
            let kept = task.prerequisiteIDs.compactMap { renamed[$0] }.filter { $0 != task.id }
            // Changed "at" its own modification time, so the stamp stays what Taskwarrior said.
            try? task.setPrerequisites(kept, now: task.updatedAt)
            file.items[index].task = task
        }
        return file
    }

    /// The id a Taskwarrior uuid becomes in Stint.
    static func id(_ uuid: UUID) -> UUID {
        UUID(named: uuid.lowercasedString, in: UUID.Namespace.taskwarriorTask)
    }

    /// Taskwarrior's `recur` values in Stint's terms: its named periods, and durations like `2w` or `3d`.
    static func repeatRule(_ recur: String) -> RepeatRule? {
        let text = recur.trimmingWhitespace().lowercased()
        let named: [String: String] = [
            "annual": "yearly", "yearly": "yearly", "quarterly": "every 3 months", "semiannual": "every 6 months",
            "biannual": "every 2 years", "biyearly": "every 2 years", "fortnight": "every 2 weeks",
            "day": "daily", "week": "weekly", "month": "monthly", "year": "yearly",
        ]
        if let rule = try? RepeatRule.parse(named[text] ?? text) { return rule }
        let letters = text.drop { $0.isASCII && $0.isNumber }
        let unit =
            switch letters {
            case "d", "day", "days": "days"
            case "w", "wk", "wks", "week", "weeks": "weeks"
            case "mo", "mos", "month", "months": "months"
            case "y", "yr", "yrs", "year", "years": "years"
            default: ""
            }
        let amount = text.prefix(text.count - letters.count)
        guard !unit.isEmpty else { return nil }
        return try? RepeatRule.parse("every \(amount.isEmpty ? "1" : String(amount)) \(unit)")
    }

    /// The records: a JSON array (what `task export` writes), or one object per line (what older versions and
    /// some scripts write).
    private static func objects(in data: Data) throws(WorkerError) -> [[String: Any]] {
        let whole = try? JSONSerialization.jsonObject(with: data)
        if whole != nil, !(whole is [Any]) {
            throw WorkerError(
                .invalidInput, "the file is not a Taskwarrior export (`task export` writes a JSON array of tasks)")
        }
        if let array = whole as? [Any] {
            var objects: [[String: Any]] = []
            for (index, element) in array.enumerated() {
                guard let object = element as? [String: Any] else {
                    throw WorkerError(
                        .invalidInput, "record \(index + 1) of the Taskwarrior export is not a JSON object")
                }
                objects.append(object)
            }
            return objects
        }
        var objects: [[String: Any]] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            var trimmed = line[...]
            while let last = trimmed.last, last == UInt8(ascii: ",") || last == 0x20 || last == 0x0D || last == 0x09 {
                trimmed = trimmed.dropLast()
            }
            if trimmed.isEmpty || trimmed == Data("[".utf8) || trimmed == Data("]".utf8) { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed)) as? [String: Any] else {
                throw WorkerError(
                    .invalidInput,
                    "the file is not a Taskwarrior export (`task export` writes a JSON array of tasks); "
                        + "line \(index + 1) is not JSON")
            }
            objects.append(object)
        }
        guard !objects.isEmpty || data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw WorkerError(.invalidInput, "the file is not a Taskwarrior export (no tasks in it)")
        }
        return objects
    }

    /// One record of the file, read field by field with errors that name it.
    private struct Record {
        let object: [String: Any]
        let position: Int
        /// Each recurring template's due date, by lowercase uuid.
        let templates: [String: Date]

        var title: String {
            (object["description"] as? String).map { $0.errorExcerpt } ?? "(no description)"
        }

        func failure(_ why: String) -> WorkerError {
            let uuid = (object["uuid"] as? String).map { " (uuid \($0.prefix(8)))" } ?? ""
            return WorkerError(.invalidInput, "task \(position) of the file\(uuid), \"\(title)\": \(why)")
        }

        func status() throws(WorkerError) -> String {
            guard let status = object["status"] as? String else { throw failure("it has no status") }
            guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(status) else {
                throw failure("its status '\(status.errorExcerpt)' is not one Taskwarrior writes")
            }
            return status
        }

        func string(_ key: String) throws(WorkerError) -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String else { throw failure("its \(key) is not text") }
            return text
        }

        func date(_ key: String) throws(WorkerError) -> Date? {
            guard let text = try string(key) else { return nil }
            guard let date = ForeignTime.date(text) else {
                throw failure("its \(key) '\(text.errorExcerpt)' is not a date like 20261201T093000Z")
            }
            return date
        }

        /// - Parameter taken: the ids earlier records got: an instance whose occurrence id one of them has (two
        ///   instances of one series on the same day, one moved there) keeps an id of its own.
        func item(timeZone: any TimeZoneRules, taken: Set<UUID>) throws(WorkerError) -> Item {
            guard let uuidText = try string("uuid"), let sourceID = UUID(canonical: uuidText) else {
                throw failure("it has no uuid")
            }
            guard let title = try string("description") else { throw failure("it has no description") }
            guard let entry = try date("entry") else { throw failure("it has no entry date") }
            let modified = try date("modified") ?? entry
            let status = try self.status()
            var notes: [String] = []

            let priority: Priority
            switch try string("priority") {
            case nil, "": priority = .none
            case "H": priority = .high
            case "M": priority = .medium
            case "L": priority = .low
            case let other?: priority = .none; notes.append("priority: \(other)")
            }
            let tags: [Tag]
            do throws(ValidationError) {
                let raw = object["tags"].map { $0 as? [Any] ?? [$0] } ?? []
                tags = try raw.map { value throws(ValidationError) -> Tag in
                    guard let text = value as? String else {
                        throw ValidationError(field: "tags", reason: .empty(.tag))
                    }
                    return try Tag(text)
                }
            } catch {
                throw failure(ValidationWording.message(for: error))
            }
            var project: String?
            var list: String?
            if let path = try string("project")?.trimmingWhitespace(), !path.isEmpty {
                let parts = path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                project = String(parts[0])
                if parts.count == 2, !parts[1].isEmpty { list = String(parts[1]) }
            }
            for annotation in object["annotations"] as? [Any] ?? [] {
                guard let annotation = annotation as? [String: Any], let text = annotation["description"] as? String
                else { throw failure("an annotation has no description") }
                let at = (annotation["entry"] as? String).flatMap(ForeignTime.date)
                notes.append((at.map { ForeignTime.stamp($0, in: timeZone) + "  " } ?? "") + text)
            }
            let due = try date("due").map { Day.containing($0, in: timeZone) }
            let prerequisites = try dependencies()
            let repetition = try self.repetition(due: due, timeZone: timeZone)
            var mapped = TaskwarriorFile.mappedKeys
            if prerequisites != nil { mapped.insert("depends") }
            if repetition != nil { mapped.formUnion(["recur", "until"]) }
            for key in object.keys.sorted()
            where !TaskwarriorFile.ignoredKeys.contains(key) && !mapped.contains(key) {
                notes.append("\(key): \(TaskwarriorFile.text(object[key], timeZone: timeZone))")
            }

            // An instance of a recurring task takes the id Stint gives the series' occurrence on its day, so
            // completing one in Stint finds the next instance Taskwarrior made instead of making a second.
            let occurrence = repetition.flatMap { series in due.map { series.occurrenceID(on: $0) } }
            let id = occurrence.flatMap { taken.contains($0) ? nil : $0 } ?? TaskwarriorFile.id(sourceID)
            let checked: Task
            do throws(ValidationError) {
                checked = try Task.create(
                    id: id, title: title, tags: tags, note: notes.joined(separator: "\n"), now: entry)
            } catch {
                throw failure(ValidationWording.message(for: error))
            }
            let taskStatus: TaskStatus =
                status == "completed" ? .completed : object["start"] != nil ? .inProgress : .open
            let end = try date("end")
            let task = Task(
                id: id, title: checked.title, note: checked.note, status: taskStatus, priority: priority, due: due,
                tags: checked.tags, completedAt: taskStatus == .completed ? end ?? modified : nil,
                prerequisiteIDs: prerequisites ?? [], repetition: repetition, createdAt: entry,
                updatedAt: max(modified, entry))
            return Item(task: task, project: project, list: list, sourceID: sourceID)
        }

        /// `depends`: an array of uuids (2.6 and later) or one comma-separated string (older versions); nil when
        /// absent. Each becomes the id the depended-on task gets.
        func dependencies() throws(WorkerError) -> [UUID]? {
            guard let value = object["depends"] else { return nil }
            let texts: [Any] =
                (value as? [Any]) ?? (value as? String)?.split(separator: ",").map { String($0) } ?? [value]
            var ids: [UUID] = []
            for text in texts {
                guard let text = text as? String,
                    let uuid = UUID(canonical: text.trimmingWhitespace().lowercased())
                else { throw failure("its depends holds something that is not a task's uuid") }
                ids.append(TaskwarriorFile.id(uuid))
            }
            return ids.count <= Task.prerequisiteLimit ? ids : Array(ids.prefix(Task.prerequisiteLimit))
        }

        /// An instance of a recurring task (`recur` and `parent`, its template) joins the series named by the
        /// template, counted from the template's due day; a `recur` Stint cannot read stays in the note.
        func repetition(due: Day?, timeZone: any TimeZoneRules) throws(WorkerError) -> TaskRepetition? {
            guard let recur = try string("recur"), let rule = TaskwarriorFile.repeatRule(recur),
                let parent = (try string("parent")).flatMap({ UUID(canonical: $0.lowercased()) }), let due
            else { return nil }
            let start = templates[parent.lowercasedString].map { Day.containing($0, in: timeZone) } ?? due
            let until = try date("until").map { Day.containing($0, in: timeZone) }
            return TaskRepetition(
                rule: rule, until: until, seriesID: TaskwarriorFile.id(parent), start: min(start, due))
        }
    }

    /// A value kept in the note: text as it is, dates as local time, lists joined with commas.
    private static func text(_ value: Any?, timeZone: any TimeZoneRules) -> String {
        switch value {
        case let text as String: ForeignTime.date(text).map { ForeignTime.stamp($0, in: timeZone) } ?? text
        case let list as [Any]: list.map { Self.text($0, timeZone: timeZone) }.joined(separator: ", ")
        case let number as NSNumber: number.stringValue
        case let other?: "\(other)"
        case nil: ""
        }
    }
}

extension StringProtocol {
    /// What the file holds, cut for quoting in an error: at most 40 characters, the last a "…" when there was more.
    /// Control characters are kept for `ErrorPresenter`, which escapes the whole line (`\e`, `\n`, `\u{202E}`) as it
    /// does every reference a message quotes; Entities' `messageExcerpt` would write them as `?`.
    fileprivate var errorExcerpt: String {
        let limit = 40
        guard prefix(limit + 1).count > limit else { return String(self) }
        return String(prefix(limit - 1)) + "…"
    }
}
