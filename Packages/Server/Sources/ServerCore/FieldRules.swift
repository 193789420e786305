import Entities
import Foundation

/// The fields each entity has on the wire, their JSON types, and the Entities rules they must keep.
///
/// The server holds records as JSON fields rather than as Entities values, so that a record written
/// by a newer client or merged from two devices is kept whole; but every record it stores must be
/// one the clients can load, so the final fields of every write are checked here with the same
/// rules (and limits) the clients apply when a person types the values.
enum FieldRules {
    /// The JSON shape and rule of one field.
    enum Kind: Sendable {
        case uuid, optionalUUID
        case instant, optionalInstant
        case text(TextRule)
        case flag
        case tags
        case day
        case status
        case priority
        case estimate
        case timerState
        case intervals
        case duration
        /// A sorted, duplicate-free array of lowercase task ids (a task's prerequisites).
        case taskIDs
        /// A repeat rule in its canonical spelling, or null.
        case repeatRule
    }

    /// Which Entities rule a text field follows.
    enum TextRule: Sendable {
        case projectName, projectNote, listName, taskTitle, taskNote, timerNote, entryNote
    }

    struct Field: Sendable {
        let name: String
        let kind: Kind
        /// The value an insert that leaves the field out gets; nil when the field is required.
        let fallback: JSONValue?
    }

    /// The field that names the owner of a timer or time entry; the server sets it, never a device.
    static func ownerField(of entity: EntityKind) -> String? {
        switch entity {
        case .timer: "owner_id"
        case .timeEntry: "logged_by"
        case .project, .taskList, .task: nil
        }
    }

    static func schema(of entity: EntityKind) -> [Field] {
        switch entity {
        case .project: projectFields
        case .taskList: listFields
        case .task: taskFields
        case .timer: timerFields
        case .timeEntry: entryFields
        }
    }

    static func field(_ name: String, of entity: EntityKind) -> Field? {
        fieldsByName[entity]?[name]
    }

    private static let stamps: [Field] = [
        Field(name: "created_at", kind: .instant, fallback: nil),
        Field(name: "updated_at", kind: .instant, fallback: nil),
        Field(name: "deleted_at", kind: .optionalInstant, fallback: .null),
    ]

    private static let projectFields: [Field] =
        [
            Field(name: "name", kind: .text(.projectName), fallback: nil),
            Field(name: "note", kind: .text(.projectNote), fallback: .string("")),
            Field(name: "archived_at", kind: .optionalInstant, fallback: .null),
        ] + stamps

    private static let listFields: [Field] =
        [
            Field(name: "project_id", kind: .uuid, fallback: nil),
            Field(name: "name", kind: .text(.listName), fallback: nil),
        ] + stamps

    private static let taskFields: [Field] =
        [
            Field(name: "project_id", kind: .optionalUUID, fallback: .null),
            Field(name: "list_id", kind: .optionalUUID, fallback: .null),
            Field(name: "title", kind: .text(.taskTitle), fallback: nil),
            Field(name: "note", kind: .text(.taskNote), fallback: .string("")),
            Field(name: "status", kind: .status, fallback: .string(TaskStatus.open.rawValue)),
            Field(name: "priority", kind: .priority, fallback: .integer(0)),
            Field(name: "due", kind: .day, fallback: .null),
            Field(name: "tags", kind: .tags, fallback: .array([])),
            Field(name: "estimate_seconds", kind: .estimate, fallback: .null),
            Field(name: "completed_at", kind: .optionalInstant, fallback: .null),
            Field(name: "assignee_id", kind: .optionalUUID, fallback: .null),
            Field(name: "parent_id", kind: .optionalUUID, fallback: .null),
            Field(name: "prerequisite_ids", kind: .taskIDs, fallback: .array([])),
            Field(name: "repeat_rule", kind: .repeatRule, fallback: .null),
            Field(name: "repeat_until", kind: .day, fallback: .null),
            Field(name: "series_id", kind: .optionalUUID, fallback: .null),
            Field(name: "series_start", kind: .day, fallback: .null),
        ] + stamps

    private static let timerFields: [Field] =
        [
            Field(name: "owner_id", kind: .uuid, fallback: nil),
            Field(name: "task_id", kind: .optionalUUID, fallback: .null),
            Field(name: "project_id", kind: .optionalUUID, fallback: .null),
            Field(name: "note", kind: .text(.timerNote), fallback: .string("")),
            Field(name: "billable", kind: .flag, fallback: .integer(0)),
            Field(name: "tags", kind: .tags, fallback: .array([])),
            Field(name: "state", kind: .timerState, fallback: nil),
            Field(name: "intervals", kind: .intervals, fallback: nil),
        ] + stamps

    private static let entryFields: [Field] =
        [
            Field(name: "task_id", kind: .optionalUUID, fallback: .null),
            Field(name: "project_id", kind: .optionalUUID, fallback: .null),
            Field(name: "start_at", kind: .instant, fallback: nil),
            Field(name: "end_at", kind: .instant, fallback: nil),
            Field(name: "duration_seconds", kind: .duration, fallback: nil),
            Field(name: "note", kind: .text(.entryNote), fallback: .string("")),
            Field(name: "billable", kind: .flag, fallback: .integer(0)),
            Field(name: "tags", kind: .tags, fallback: .array([])),
            Field(name: "logged_by", kind: .uuid, fallback: nil),
        ] + stamps

    private static let fieldsByName: [EntityKind: [String: Field]] = Dictionary(
        uniqueKeysWithValues: EntityKind.allCases.map { entity in
            (entity, Dictionary(uniqueKeysWithValues: schema(of: entity).map { ($0.name, $0) }))
        })

    // MARK: Checking

    /// Why `changes` cannot be applied to an entity at all: an unknown field name or a value of the
    /// wrong JSON type; nil when every field is known and well typed.
    static func shapeProblem(of changes: Fields, entity: EntityKind) -> String? {
        for name in changes.keys.sorted() {
            guard let field = field(name, of: entity) else {
                return "unknown field \"\(TextExcerpt.of(name))\" for a \(entity.rawValue)"
            }
            if let problem = typeProblem(changes[name, default: .null], kind: field.kind) {
                return "\(name): \(problem)"
            }
        }
        return nil
    }

    /// Fills the fields an insert may leave out; the name of the first required field missing, if any.
    static func complete(_ fields: inout Fields, entity: EntityKind) -> String? {
        for field in schema(of: entity) where fields[field.name] == nil {
            guard let fallback = field.fallback else { return field.name }
            fields[field.name] = fallback
        }
        return nil
    }

    /// Why the complete record `fields` breaks a rule, naming the field; nil when it is valid.
    /// - Parameter id: the record's id, for the rules that compare a field with it (a task's own parent).
    static func problem(in fields: Fields, entity: EntityKind, id: String? = nil) -> String? {
        for field in schema(of: entity) {
            let value = fields[field.name, default: .null]
            if let problem = typeProblem(value, kind: field.kind) ?? ruleProblem(value, kind: field.kind) {
                return "\(field.name): \(problem)"
            }
        }
        return recordProblem(fields, entity: entity, id: id)
    }

    private static func typeProblem(_ value: JSONValue, kind: Kind) -> String? {
        let expected: String
        let fits: Bool
        switch kind {
        case .uuid, .text, .status, .timerState:
            expected = "text"
            fits = value.stringValue != nil
        case .optionalUUID, .day:
            expected = "text or null"
            fits = value.stringValue != nil || value.isNull
        case .instant, .priority, .flag, .duration:
            expected = "an integer"
            fits = value.integerValue != nil
        case .optionalInstant, .estimate:
            expected = "an integer or null"
            fits = value.integerValue != nil || value.isNull
        case .tags, .taskIDs:
            expected = "an array of text"
            fits = value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
        case .repeatRule:
            expected = "text or null"
            fits = value.stringValue != nil || value.isNull
        case .intervals:
            expected = "an array of [start, end] pairs"
            fits = value.arrayValue != nil
        }
        return fits ? nil : "expected \(expected), got \(value.typeName)"
    }

    private static func ruleProblem(_ value: JSONValue, kind: Kind) -> String? {
        switch kind {
        case .uuid, .optionalUUID:
            guard let text = value.stringValue else { return nil }
            return UUID(text: text) == nil ? "\"\(TextExcerpt.of(text))\" is not a UUID" : nil
        case .instant, .optionalInstant:
            guard let milliseconds = value.integerValue else { return nil }
            return instantProblem(milliseconds)
        case .text(let rule):
            guard let text = value.stringValue else { return nil }
            return textProblem(text, rule: rule)
        case .flag:
            return value == .integer(0) || value == .integer(1) ? nil : "must be 0 or 1"
        case .tags:
            return tagsProblem(value.arrayValue?.compactMap(\.stringValue) ?? [])
        case .taskIDs:
            return taskIDsProblem(value.arrayValue?.compactMap(\.stringValue) ?? [])
        case .repeatRule:
            guard let text = value.stringValue else { return nil }
            guard let rule = try? RepeatRule.parse(text) else {
                return "\"\(TextExcerpt.of(text))\" is not a repeat rule"
            }
            return rule.text == text
                ? nil : "repeat rule \"\(TextExcerpt.of(text))\" is not written as stored (\"\(rule.text)\")"
        case .day:
            guard let text = value.stringValue else { return nil }
            guard let day = Day(iso: text), AcceptedRange.days.contains(day), day.iso == text else {
                return "\"\(TextExcerpt.of(text))\" is not a day written YYYY-MM-DD between 1970 and 9999"
            }
            return nil
        case .status:
            let text = value.stringValue ?? ""
            guard TaskStatus(rawValue: text) == nil else { return nil }
            let allowed = TaskStatus.allCases.map(\.rawValue).joined(separator: ", ")
            return "\"\(TextExcerpt.of(text))\" is not a task status (\(allowed))"
        case .priority:
            let number = value.integerValue ?? -1
            return Priority(rawValue: Int(clamping: number)) == nil ? "\(number) is not a priority (0...3)" : nil
        case .estimate:
            guard let seconds = value.integerValue else { return nil }
            do {
                _ = try Estimate(seconds: Int(clamping: seconds))
                return nil
            } catch {
                return error.message
            }
        case .timerState:
            let text = value.stringValue ?? ""
            return text == "running" || text == "paused" ? nil : "\"\(TextExcerpt.of(text))\" is not running or paused"
        case .intervals:
            return TimerIntervals(value) == nil ? "not a chronological list of [start, end] pairs" : nil
        case .duration:
            let seconds = value.integerValue ?? 0
            return (1...Int64(TimeEntry.hardLimit)).contains(seconds)
                ? nil : "\(seconds) seconds is outside 1...\(TimeEntry.hardLimit)"
        }
    }

    static func instantProblem(_ milliseconds: Int64) -> String? {
        let lower = Int64(AcceptedRange.instants.lowerBound.timeIntervalSince1970 * 1000)
        let upper = Int64(AcceptedRange.instants.upperBound.timeIntervalSince1970 * 1000)
        return (lower..<upper).contains(milliseconds)
            ? nil : "\(milliseconds) ms is outside the accepted instants (1970 up to the year 10000)"
    }

    /// The Entities rules are reached through the public operations that apply them, so that a
    /// limit changed there is the server's limit too.
    private static func textProblem(_ text: String, rule: TextRule) -> String? {
        let epoch = Date(timeIntervalSince1970: 0)
        let someID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        do {
            switch rule {
            case .projectName:
                _ = try Project.validatedName(text)
            case .projectNote:
                _ = try Project.create(id: someID, name: "x", note: text, now: epoch)
            case .listName:
                _ = try TaskList.create(id: someID, projectID: someID, name: text, now: epoch)
            case .taskTitle:
                _ = try Task.create(id: someID, title: text, now: epoch)
            case .taskNote:
                _ = try Task.create(id: someID, title: "x", note: text, now: epoch)
            case .timerNote:
                var timer = Entities.Timer(
                    id: someID, ownerID: someID, target: .project(someID), intervals: [], createdAt: epoch,
                    updatedAt: epoch)
                try timer.setNote(text, now: epoch)
            case .entryNote:
                var entry = TimeEntry(
                    id: someID, target: .project(someID), start: epoch, durationSeconds: 1, loggedBy: someID,
                    createdAt: epoch, updatedAt: epoch)
                try entry.setNote(text, now: epoch)
            }
            return nil
        } catch {
            return error.message
        }
    }

    /// Tags must be valid, already in their canonical spelling (the merge compares them as text),
    /// unique, and no more than an item may carry.
    private static func tagsProblem(_ names: [String]) -> String? {
        do {
            // As stored: a tag kept from before a rule tightened (a bidirectional control) must not stop every later
            // edit of its record; a device refuses such a tag when it is typed.
            let tags = try Tag.storedList(from: names)
            for (name, tag) in zip(names, tags) where tag.name != name {
                return "tag \"\(TextExcerpt.of(name))\" is not written as stored (\"\(tag.name)\")"
            }
            return tags.count == names.count ? nil : "the same tag is listed twice"
        } catch {
            return error.message
        }
    }

    /// A task's prerequisites as every client writes them: lowercase ids, sorted, each once, within the limit.
    private static func taskIDsProblem(_ ids: [String]) -> String? {
        if ids.count > Task.prerequisiteLimit {
            return "\(ids.count) prerequisites, more than the \(Task.prerequisiteLimit) a task may have"
        }
        for id in ids where UUID(text: id) == nil || id != id.lowercased() {
            return "\"\(TextExcerpt.of(id))\" is not a lowercase UUID"
        }
        return ids == Array(Set(ids)).sorted() ? nil : "must be sorted, each id once"
    }

    /// Rules that tie several fields of one record together.
    private static func recordProblem(_ fields: Fields, entity: EntityKind, id: String?) -> String? {
        switch entity {
        case .project, .taskList:
            return nil
        case .task:
            if !(fields["list_id"] ?? .null).isNull, (fields["project_id"] ?? .null).isNull {
                return "list_id: a task in a list also names the list's project"
            }
            if let id, let parent = fields["parent_id"]?.stringValue, parent.lowercased() == id.lowercased() {
                return "parent_id: a task cannot be its own parent"
            }
            if let id, fields["prerequisite_ids"]?.arrayValue?.contains(.string(id.lowercased())) == true {
                return "prerequisite_ids: a task cannot come after itself"
            }
            let series = ["series_id", "series_start"].filter { (fields[$0] ?? .null).isNull }
            if (fields["repeat_rule"] ?? .null).isNull {
                let stray = ["repeat_until", "series_id", "series_start"].filter { !(fields[$0] ?? .null).isNull }
                return stray.isEmpty ? nil : "\(stray.joined(separator: ", ")): set only on a recurring task"
            }
            return series.isEmpty ? nil : "\(series.joined(separator: ", ")): required with repeat_rule"
        case .timer:
            if let problem = targetProblem(fields) { return problem }
            guard let intervals = fields["intervals"].flatMap(TimerIntervals.init) else { return nil }
            let expected = intervals.isRunning ? "running" : "paused"
            return fields["state"]?.stringValue == expected
                ? nil : "state: must be \(expected), as the last interval is \(intervals.isRunning ? "open" : "closed")"
        case .timeEntry:
            if let problem = targetProblem(fields) { return problem }
            guard let start = fields["start_at"]?.integerValue, let end = fields["end_at"]?.integerValue,
                let duration = fields["duration_seconds"]?.integerValue
            else { return nil }
            return end == start + duration * 1000
                ? nil : "end_at: must be start_at plus duration_seconds (\(start + duration * 1000))"
        }
    }

    private static func targetProblem(_ fields: Fields) -> String? {
        let onTask = !(fields["task_id"] ?? .null).isNull
        let onProject = !(fields["project_id"] ?? .null).isNull
        return onTask == onProject ? "task_id, project_id: exactly one of the two must be set" : nil
    }
}

/// A timer's `intervals` field: `[[start, end], …]` in milliseconds, `end` null while running.
struct TimerIntervals: Sendable, Hashable {
    struct Interval: Sendable, Hashable {
        var start: Int64
        var end: Int64?
    }

    var intervals: [Interval]

    /// Reads and checks the field: at least one interval, every instant accepted, chronological and
    /// not overlapping, only the last one open.
    init?(_ value: JSONValue) {
        guard let array = value.arrayValue, !array.isEmpty else { return nil }
        var intervals: [Interval] = []
        intervals.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let pair = element.arrayValue, pair.count == 2, let start = pair[0].integerValue,
                FieldRules.instantProblem(start) == nil
            else { return nil }
            let end = pair[1].integerValue
            if end == nil, !(pair[1].isNull && index == array.count - 1) { return nil }
            if let end, end < start || FieldRules.instantProblem(end) != nil { return nil }
            if let previous = intervals.last, let previousEnd = previous.end, start < previousEnd { return nil }
            intervals.append(Interval(start: start, end: end))
        }
        self.intervals = intervals
    }

    var isRunning: Bool { intervals.last?.end == nil }

    /// When the open interval began; nil when paused.
    var runningSince: Int64? { isRunning ? intervals.last?.start : nil }

    /// Closes the open interval at `instant`, or at its own start when that is later.
    mutating func pause(at instant: Int64) {
        guard let last = intervals.indices.last, intervals[last].end == nil else { return }
        intervals[last].end = max(instant, intervals[last].start)
    }

    var json: JSONValue {
        .array(intervals.map { .array([.integer($0.start), $0.end.map(JSONValue.integer) ?? .null]) })
    }
}

/// Short, single-line quotations of device input for rejection reasons.
enum TextExcerpt {
    static func of(_ text: String, limit: Int = 40) -> String {
        var result = ""
        for (index, character) in text.enumerated() {
            if index == limit { return result + "…" }
            result +=
                character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                ? "?" : String(character)
        }
        return result
    }
}
