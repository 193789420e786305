import Entities
import Foundation
import TasksFeature
import TimersFeature
import Workers

/// `stint task edit N` and `stint entries edit ID` without change flags: the item's form in the person's editor
/// (``EditorSession``), read back (``EditorForm``) and applied through the same feature call the flags use, so it is
/// one change and one `stint undo`. A form saved unchanged, or emptied, changes nothing; a form that cannot be
/// applied changes nothing either, and its file is kept and named in the error.
extension AppCoordinator {
    func editTaskInForm(_ reference: String, editor: String) async throws {
        let details = try await container.workers.makeTaskWorker().details(reference)
        let id = details.task.id.lowercasedString
        let name = "task-" + (details.task.number.map(String.init) ?? String(id.prefix(8)))
        let session = try EditorSession(
            command: editor, directory: container.environment.editor.temporaryDirectory, name: name,
            text: TaskForm.form(for: details).text)
        let text = try session.edit()
        let changes: TaskChanges
        do {
            changes =
                try formChanges(text, in: session, names: TaskForm.names, longName: TaskForm.noteName) {
                    before, after throws(WorkerError) in try TaskForm.changes(from: before, to: after, input: input)
                } ?? TaskChanges()
        } catch {
            throw session.keeping(error)
        }
        let feature = try tasksFeature()
        guard !changes.isEmpty else {
            session.discard()
            try await feature.unchanged(id)
            return
        }
        do {
            try await feature.edit(id, changes: changes)
        } catch {
            throw session.keeping(error)
        }
        session.discard()
    }

    /// `stint entries edit ID`: with change flags they are the edit (``editEntry(_:)``); without any, the entry's
    /// form in the editor when there is one. `--force` and `--allow-overlap`/`--adjust` still apply to the form.
    public func editEntryOrOpenForm(_ arguments: EntryEditArguments) async throws {
        let flagless =
            arguments.start == nil && arguments.duration == nil && arguments.note == nil && arguments.billable == nil
            && arguments.tags.isEmpty && !arguments.clearTags && arguments.task == nil && arguments.project == nil
        guard flagless, let editor = container.environment.editor.command else {
            // Without an editor a flagless edit is refused as changing nothing, but an entry that is not there is
            // the first thing wrong (exit 2), as with an editor.
            if flagless { _ = try await container.workers.makeTimeWorker().entry(arguments.entry) }
            try await editEntry(arguments)
            return
        }
        let input = self.input
        let details = try await container.workers.makeTimeWorker().entry(arguments.entry)
        let entry = details.entry
        let id = entry.id.lowercasedString
        let session = try EditorSession(
            command: editor, directory: container.environment.editor.temporaryDirectory,
            name: "entry-\(id.prefix(8))",
            text: EntryForm.form(for: details, timeZone: container.environment.timeZone).text)
        let text = try session.edit()
        let overlap = Self.overlapChoice(arguments.overlap)
        let changes: EntryChanges
        do {
            changes =
                try formChanges(text, in: session, names: EntryForm.names, longName: EntryForm.noteName) {
                    before, after throws(WorkerError) in
                    try EntryForm.changes(
                        from: before, to: after, entry: entry, input: input, force: arguments.force, overlap: overlap)
                } ?? EntryChanges()
        } catch {
            throw session.keeping(error)
        }
        guard !changes.isEmpty else {
            session.discard()
            // JSON prints nothing: no entry was changed.
            if !json && !container.environment.quiet {
                container.output.write("Nothing changed: entry \(id.prefix(8)) is as it was.\n")
            }
            return
        }
        do {
            try await timersFeature().editEntry(id, changes: changes)
        } catch {
            throw session.keeping(error)
        }
        session.discard()
    }

    /// The changes the saved `text` makes to the form `session` wrote, or nil when it changes nothing: the same
    /// text, or an emptied form.
    private func formChanges<Changes>(
        _ text: String, in session: EditorSession, names: [String], longName: String,
        _ diff: ([String: String], [String: String]) throws(WorkerError) -> Changes
    ) throws(WorkerError) -> Changes? {
        guard text != session.original,
            let after = try EditorForm.read(text, names: names, longName: longName),
            let before = try EditorForm.read(session.original, names: names, longName: longName)
        else { return nil }
        return try diff(before, after)
    }
}
