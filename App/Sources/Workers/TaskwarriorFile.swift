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
    }

    /// A record left out on purpose, and why.
    struct Skip: Equatable {
        var title: String
        var reason: String
    }

    var items: [Item] = []
    var skipped: [Skip] = []

    /// Keys that are Taskwarrior's own bookkeeping: derived (urgency, id), or the links of a recurring task's
    /// instances to their template, which Stint does not need to keep.
    private static let ignoredKeys: Set<String> = ["id", "urgency", "mask", "imask", "rtype", "parent"]
    /// Keys this reader maps to a field of the task.
    private static let mappedKeys: Set<String> = [
        "uuid", "description", "status", "entry", "modified", "end", "due", "priority", "project", "tags",
        "annotations", "start",
    ]

    /// - Throws: `WorkerError` `.invalidInput` for a file that is not a Taskwarrior export, or naming the first
    ///   record that cannot be imported.
    static func read(_ data: Data, timeZone: TimeZone, recordRead: () -> Void = {}) throws(WorkerError)
        -> TaskwarriorFile
    {
        let records = try objects(in: data)
        var file = TaskwarriorFile()
        var seen: Set<UUID> = []
        for (index, object) in records.enumerated() {
            let record = Record(object: object, position: index + 1)
            switch try record.status() {
            case "deleted":
                file.skipped.append(Skip(title: record.title, reason: "deleted in Taskwarrior"))
            case "recurring":
                file.skipped.append(
                    Skip(
                        title: record.title,
                        reason: "the template of a recurring task (its instances are imported as tasks)"))
            default:
                let item = try record.item(timeZone: timeZone)
                guard seen.insert(item.task.id).inserted else {
                    throw record.failure("its uuid appears twice in the file")
                }
                file.items.append(item)
            }
            recordRead()
        }
        return file
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

        var title: String {
            (object["description"] as? String).map { $0.messageExcerpt } ?? "(no description)"
        }

        func failure(_ why: String) -> WorkerError {
            let uuid = (object["uuid"] as? String).map { " (uuid \($0.prefix(8)))" } ?? ""
            return WorkerError(.invalidInput, "task \(position) of the file\(uuid), \"\(title)\": \(why)")
        }

        func status() throws(WorkerError) -> String {
            guard let status = object["status"] as? String else { throw failure("it has no status") }
            guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(status) else {
                throw failure("its status '\(status.messageExcerpt)' is not one Taskwarrior writes")
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
                throw failure("its \(key) '\(text.messageExcerpt)' is not a date like 20261201T093000Z")
            }
            return date
        }

        func item(timeZone: TimeZone) throws(WorkerError) -> Item {
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
            if let path = try string("project")?.trimmingCharacters(in: .whitespaces), !path.isEmpty {
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
            for key in object.keys.sorted()
            where !TaskwarriorFile.ignoredKeys.contains(key) && !TaskwarriorFile.mappedKeys.contains(key) {
                notes.append("\(key): \(TaskwarriorFile.text(object[key], timeZone: timeZone))")
            }

            let id = UUID(named: sourceID.lowercasedString, in: UUID.Namespace.taskwarriorTask)
            let checked: Task
            do throws(ValidationError) {
                checked = try Task.create(
                    id: id, title: title, tags: tags, note: notes.joined(separator: "\n"), now: entry)
            } catch {
                throw failure(ValidationWording.message(for: error))
            }
            let taskStatus: TaskStatus =
                status == "completed" ? .completed : object["start"] != nil ? .inProgress : .open
            let due = try date("due").map { Day.containing($0, in: timeZone) }
            let end = try date("end")
            let task = Task(
                id: id, title: checked.title, note: checked.note, status: taskStatus, priority: priority, due: due,
                tags: checked.tags, completedAt: taskStatus == .completed ? end ?? modified : nil, createdAt: entry,
                updatedAt: max(modified, entry))
            return Item(task: task, project: project, list: list)
        }
    }

    /// A value kept in the note: text as it is, dates as local time, lists joined with commas.
    private static func text(_ value: Any?, timeZone: TimeZone) -> String {
        switch value {
        case let text as String: ForeignTime.date(text).map { ForeignTime.stamp($0, in: timeZone) } ?? text
        case let list as [Any]: list.map { Self.text($0, timeZone: timeZone) }.joined(separator: ", ")
        case let number as NSNumber: number.stringValue
        case let other?: "\(other)"
        case nil: ""
        }
    }
}
