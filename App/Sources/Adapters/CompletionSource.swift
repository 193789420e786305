import Entities
import Foundation
import TerminalUI
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One word a shell may offer for a TAB, and what it stands for (zsh and fish show it beside the word).
public struct CompletionCandidate: Sendable, Equatable {
    public let value: String
    public let description: String?

    public init(_ value: String, _ description: String? = nil) {
        self.value = value
        self.description = description
    }
}

/// The names and numbers the shell completes (`stint task done <TAB>`), read from the local database.
///
/// A completion runs on every TAB, typed into a prompt where an error would be printed over the line being
/// edited, so it is quick and silent: it never creates a database (no file, no candidates), opens an
/// existing one the way every command does, reads with the same workers the listings use, and turns every
/// failure (a damaged or newer file, a bad `STINT_NOW`) into no candidates.
public enum CompletionSource {
    /// What is being completed.
    public enum Kind: Sendable, Equatable {
        /// Project names: `archived` nil for every project, true for archived ones only (`unarchive`),
        /// false for the others.
        case projects(archived: Bool?)
        /// List names, of one project when the command line already names one.
        case lists(project: String?)
        /// Open and in-progress tasks by number, highest priority first.
        case activeTasks
        /// Completed tasks by number, the latest first (`task reopen`).
        case doneTasks
        /// Timers by the number of their task (a project's timer by its id prefix), the running one first.
        case timers
        /// The most recent time entries by id prefix.
        case entries
    }

    /// At most this many tasks or entries are offered: a shell lists every candidate it gets, and past a
    /// screenful a menu helps nobody (typing the first digits narrows it).
    public static let limit = 100

    /// The candidates for `kind` that start with `prefix`; none when anything goes wrong.
    public static func candidates(_ kind: Kind, prefix: String, context: ProcessContext) async -> [CompletionCandidate]
    {
        var quiet = context
        quiet.output = DiscardedText()
        quiet.errorOutput = DiscardedText()
        guard let container = try? AppDependencyContainer(context: quiet, verbose: false),
            access(container.environment.databasePath, R_OK) == 0
        else { return [] }
        let found = (try? await read(kind, prefix: prefix, from: container.workers)) ?? []
        return found.filter { $0.value.lowercased().hasPrefix(prefix.lowercased()) }.prefix(limit).map { $0 }
    }

    private static func read(_ kind: Kind, prefix: String, from workers: WorkersDependencyContainer)
        async throws(WorkerError) -> [CompletionCandidate]
    {
        switch kind {
        case .projects(let archived):
            return try await workers.makeProjectWorker().overviews(includeArchived: archived != false)
                .filter { archived == nil || ($0.project.archivedAt != nil) == archived }
                .map { CompletionCandidate($0.project.name, tasks($0.tally.open + $0.tally.inProgress)) }
        case .lists(let project):
            let worker = try workers.makeTaskListWorker()
            let lists =
                if let project, let owned = try? await worker.overviews(projectReference: project) {
                    owned
                } else {
                    try await worker.overviews(projectReference: nil)
                }
            return lists.map { CompletionCandidate($0.list.name, $0.project?.name) }
        case .activeTasks, .doneTasks:
            // Nothing typed yet: the first hundred in the listing's order, which the database limits. Digits
            // typed: every task is looked at, since the numbers starting with them are not one range.
            let done = kind == .doneTasks
            let found = try await workers.makeTaskWorker().search(
                TaskSearch(
                    status: done ? .done : .active, order: done ? .updated : .priority,
                    limit: prefix.isEmpty ? limit : nil))
            return found.map { CompletionCandidate(reference(of: $0.task), $0.task.title) }
        case .timers:
            return try await workers.makeTimeWorker().allTimers().map { details in
                let state = details.timer.isRunning ? "running" : "paused"
                let value = details.task.map(reference(of:)) ?? shortID(details.timer.id)
                let name = details.task?.title ?? details.project.map { "project \($0.name)" } ?? ""
                return CompletionCandidate(value, "\(name) (\(state))")
            }
        case .entries:
            let found = try await workers.makeTimeWorker().entries(EntrySearch(limit: limit)).reversed()
            return found.map { details in
                let on = details.task?.title ?? details.project?.name ?? ""
                let day = Day.containing(details.entry.start, in: workers.calendar.timeZone).iso
                return CompletionCandidate(
                    shortID(details.entry.id), "\(day) \(duration(details.entry.durationSeconds)) \(on)")
            }
        }
    }

    /// A task as people type it: its number, or an id prefix while it has none.
    private static func reference(of task: Entities.Task) -> String {
        task.number.map(String.init) ?? shortID(task.id)
    }

    private static func shortID(_ id: UUID) -> String {
        String(id.lowercasedString.prefix(8))
    }

    private static func tasks(_ count: Int) -> String {
        count == 1 ? "1 open task" : "\(count) open tasks"
    }

    /// `1h 5m`, `45m`: no formatter, since this runs on every TAB.
    private static func duration(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): return "\(rest)m"
        case (let hours, 0): return "\(hours)h"
        case (let hours, let rest): return "\(hours)h \(rest)m"
        }
    }
}

/// Swallows what it is given: a completion must never print anything but its candidates.
private struct DiscardedText: TextOutput {
    func write(_ text: String) {}
    func write(utf8 text: UnsafeBufferPointer<UInt8>) {}
}
