import Entities
import Foundation
import TasksFeature
import TerminalUI
import Workers

/// The form `stint task edit N` opens without change flags: title, project, list, due, priority, tags, estimate
/// and the note, read back into the Tasks feature's ``TaskChanges`` (one edit, so one `stint undo`).
enum TaskForm {
    static let names = ["title", "project", "list", "due", "priority", "tags", "estimate"]
    static let noteName = "note"

    static func form(for details: TaskDetails) -> EditorForm {
        let task = details.task
        let number = task.number.map { "Task \($0)" } ?? "Task \(task.id.lowercasedString.prefix(8))"
        return EditorForm(
            comments: [
                "\(number): change what you like, save and close the editor. It is one change: `stint undo`",
                "reverts it. An empty value removes it; a form saved as it was, or emptied, changes nothing.",
                "  project   a project's name; a new project takes the task out of its list unless you name",
                "            one of the new project's lists too. Empty: the inbox.",
                "  due       2026-12-01, today, tomorrow, fri, +3d",
                "  priority  high, medium, low or none",
                "  tags      words separated by spaces or commas",
                "  estimate  1h30m, 90m, 1.5h",
                "  note      every line below \"note:\", as many as you like",
            ],
            fields: [
                .init(name: "title", value: task.title),
                .init(name: "project", value: details.project?.name ?? ""),
                .init(name: "list", value: details.list?.name ?? ""),
                .init(name: "due", value: task.due?.iso ?? ""),
                .init(name: "priority", value: task.priority == .none ? "" : task.priority.name),
                .init(name: "tags", value: task.tags.map(\.name).joined(with: ", ")),
                .init(name: "estimate", value: task.estimate.map { EntryForm.duration($0.seconds) } ?? ""),
            ],
            longName: noteName, longValue: task.note.trimmingWhitespaceAndNewlines())
    }

    /// What changed between the form as written (`before`) and as saved (`after`), each value read with the
    /// Entities' rules, so another spelling of the same value (`Work` for `work`, `tomorrow` for the date) is no
    /// change. A field missing from `after` is kept.
    /// - Throws: `invalidInput` naming the field whose new value cannot be read.
    static func changes(from before: [String: String], to after: [String: String], input: InputReader)
        throws(WorkerError) -> TaskChanges
    {
        var changes = TaskChanges()
        func edited(_ name: String) -> (old: String, new: String)? {
            guard let new = after[name] else { return nil }
            let old = before[name] ?? ""
            return old == new ? nil : (old, new)
        }
        if let title = edited("title") { changes.title = title.new }
        for name in ["project", "list"] {
            guard let value = edited(name), value.old.lowercased() != value.new.lowercased() else { continue }
            let change: Change<String> = value.new.isEmpty ? .clear : .set(value.new)
            if name == "project" { changes.project = change } else { changes.list = change }
        }
        if let due = edited("due") {
            let read = { (text: String) throws(WorkerError) -> CalendarDay? in
                text.isEmpty ? nil : try EditorForm.value("due") { try input.calendarDay(text, field: "due") }
            }
            let (old, new) = (try read(due.old), try read(due.new))
            if old != new { changes.due = new.map { .set($0) } ?? .clear }
        }
        if let priority = edited("priority") {
            let read = { (text: String) throws(WorkerError) -> Entities.Priority in
                text.isEmpty ? .none : try EditorForm.value("priority") { try Entities.Priority.parse(text) }
            }
            let (old, new) = (try read(priority.old), try read(priority.new))
            if old != new { changes.priority = TasksAdapter.priority(new) }
        }
        if let tags = edited("tags") {
            let read = { (text: String) throws(WorkerError) -> Set<String> in
                Set(try EditorForm.value("tags") { try Tag.list(from: EditorForm.words(text)) }.map(\.name))
            }
            let (old, new) = (try read(tags.old), try read(tags.new))
            changes.addTags = new.subtracting(old).sorted()
            changes.removeTags = old.subtracting(new).sorted()
        }
        if let estimate = edited("estimate") {
            let read = { (text: String) throws(WorkerError) -> Int? in
                text.isEmpty ? nil : try EditorForm.value("estimate") { try input.estimate(text) }
            }
            let (old, new) = (try read(estimate.old), try read(estimate.new))
            if old != new { changes.estimateSeconds = new.map { .set($0) } ?? .clear }
        }
        if let note = edited(noteName) { changes.note = note.new }
        return changes
    }
}
