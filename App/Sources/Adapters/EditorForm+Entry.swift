import Entities
import Foundation
import TerminalUI
import TimersFeature
import Workers

/// The form `stint entries edit ID` opens without change flags: start, end, duration, task, project, billable,
/// tags and the note, read back into the Timers feature's ``EntryChanges`` — the same edit the flags make.
enum EntryForm {
    static let names = ["start", "end", "duration", "task", "project", "billable", "tags"]
    static let noteName = "note"

    static func form(for details: EntryDetails, timeZone: any DisplayTimeZone) -> EditorForm {
        let entry = details.entry
        let short = entry.id.lowercasedString.prefix(8)
        let on = details.task.map { "task \(Self.reference($0)) \"\($0.title)\"" } ?? "the project"
        return EditorForm(
            comments: [
                "Entry \(short), on \(on): change what you like, save and close the editor. It is one change:",
                "`stint undo` reverts it. A form saved as it was, or emptied, changes nothing.",
                "  start, end  2026-11-21 09:15, 09:15 (today), yesterday 17:00",
                "  duration    1h30m, 90m; a new start keeps the end, so change the end or the duration",
                "  task        a task's number: the time moves to it and its project",
                "  project     used when the task line is empty: the time is on the project alone",
                "  billable    yes or no",
                "  tags        words separated by spaces or commas",
                "  note        every line below \"note:\"",
            ],
            fields: [
                .init(name: "start", value: TimestampText.minute(entry.start, in: timeZone)),
                .init(name: "end", value: TimestampText.minute(entry.end, in: timeZone)),
                .init(name: "duration", value: duration(entry.durationSeconds)),
                .init(
                    name: "task",
                    value: details.task.map(reference)
                        ?? entry.target.taskID.map { String($0.lowercasedString.prefix(8)) } ?? ""),
                .init(name: "project", value: details.project?.name ?? ""),
                .init(name: "billable", value: entry.billable ? "yes" : "no"),
                .init(name: "tags", value: entry.tags.map(\.name).joined(with: ", ")),
            ],
            longName: noteName, longValue: entry.note.trimmingWhitespaceAndNewlines())
    }

    /// `1h30m`, `45m`, `2h`: a duration as `DurationExpression` reads it back (whole minutes; seconds left out).
    static func duration(_ seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
    }

    /// A task's number, or its short id when it has none on this device.
    static func reference(_ task: TaskLabel) -> String {
        task.number.map(String.init) ?? String(task.id.lowercasedString.prefix(8))
    }

    /// What changed between the form as written (`before`) and as saved (`after`), as ``EntryChanges``; `force` and
    /// `overlap` come from the command's flags. A field missing from `after` is kept.
    /// - Throws: `invalidInput` naming the field whose new value cannot be read, or when end and duration disagree
    ///   or the time would be on neither a task nor a project.
    static func changes(
        from before: [String: String], to after: [String: String], entry: Entities.TimeEntry, input: InputReader,
        force: Bool, overlap: OverlapChoice
    ) throws(WorkerError) -> EntryChanges {
        var changes = EntryChanges(force: force, overlap: overlap)
        func edited(_ name: String) -> (old: String, new: String)? {
            guard let new = after[name] else { return nil }
            let old = before[name] ?? ""
            return old.lowercased() == new.lowercased() ? nil : (old, new)
        }
        func instant(_ name: String, _ text: String) throws(WorkerError) -> Date {
            try EditorForm.value(name) { try input.instant(text, field: name) }
        }
        if let start = edited("start") {
            let (old, new) = (try instant("start", start.old), try instant("start", start.new))
            if old != new { changes.start = new }
        }
        // As in Watson's form: a new start keeps the end where it was; a new end or duration sets the length.
        let start = changes.start ?? entry.start
        var seconds: Int?
        if let text = edited("end") {
            let (old, new) = (try instant("end", text.old), try instant("end", text.new))
            if old != new {
                seconds = Int(new.timeIntervalSince(start).rounded())
                guard let seconds, seconds > 0 else {
                    throw WorkerError(.invalidInput, "end: \(text.new) is not after the start; give a later end")
                }
            }
        }
        if let text = edited("duration") {
            let read = { (value: String) throws(WorkerError) -> Int in
                try EditorForm.value("duration") { try input.seconds(value, field: "duration") }
            }
            let new = try read(text.new)
            if (try? read(text.old)) != new {
                if let seconds, seconds != new {
                    throw WorkerError(
                        .invalidInput, "end and duration were both changed and disagree: change one of them")
                }
                seconds = new
            }
        }
        if seconds == nil, changes.start != nil {
            let kept = Int(entry.end.timeIntervalSince(start).rounded())
            guard kept > 0 else {
                throw WorkerError(
                    .invalidInput, "start: the entry would begin after its end; change the end or the duration too")
            }
            seconds = kept
        }
        changes.durationSeconds = seconds
        try target(before: before, after: after, into: &changes)
        if let billable = edited("billable") {
            let value = try EditorForm.value("billable") { () throws(WorkerError) -> Bool in
                switch billable.new.trimmingWhitespace().lowercased() {
                case "yes", "y", "true", "1": true
                case "no", "n", "false", "0", "": false
                default: throw WorkerError(.invalidInput, "write yes or no, not '\(billable.new.prefix(20))'")
                }
            }
            if value != entry.billable { changes.billable = value }
        }
        if let tags = edited("tags") {
            let read = { (text: String) throws(WorkerError) -> [String] in
                try EditorForm.value("tags") { try Tag.list(from: EditorForm.words(text)) }.map(\.name)
            }
            let (old, new) = (try read(tags.old), try read(tags.new))
            if Set(old) != Set(new) { changes.tags = new }
        }
        if let new = after[noteName], new != (before[noteName] ?? "") { changes.note = new }
        return changes
    }

    /// The task line wins: a new task moves the time to it; an emptied task line puts the time on the project line's
    /// project. The project line alone only matters for time that is on no task.
    private static func target(before: [String: String], after: [String: String], into changes: inout EntryChanges)
        throws(WorkerError)
    {
        let same = { (name: String) in
            (after[name] ?? before[name] ?? "").lowercased() == (before[name] ?? "").lowercased()
        }
        let task = after["task"] ?? before["task"] ?? ""
        let project = after["project"] ?? before["project"] ?? ""
        if !same("task") {
            if !task.isEmpty {
                changes.task = task
                return
            }
            guard !project.isEmpty else {
                throw WorkerError(.invalidInput, "task: time is on a task or a project; name one of them")
            }
            changes.project = project
            return
        }
        guard !same("project") else { return }
        guard task.isEmpty else {
            throw WorkerError(
                .invalidInput,
                "project: this time is on task \(task), so it counts for that task's project; change the task, or "
                    + "empty the task line to put the time on a project alone")
        }
        guard !project.isEmpty else {
            throw WorkerError(.invalidInput, "project: time is on a task or a project; name one of them")
        }
        changes.project = project
    }
}
