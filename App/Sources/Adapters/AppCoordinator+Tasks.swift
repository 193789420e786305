import Entities
import Foundation
import TasksFeature
import TerminalUI
import Workers

/// `stint task …`: the typed text becomes the Tasks feature's requests.
extension AppCoordinator {
    public func addTask(_ arguments: TaskAddArguments) async throws {
        let input = self.input
        var draft = TaskDraft(
            title: arguments.title, project: arguments.project, list: arguments.list,
            due: try arguments.due.map { text throws(WorkerError) in try input.calendarDay(text, field: "due") },
            priority: arguments.priority.map(Self.priority), tags: arguments.tags,
            estimateSeconds: try arguments.estimate.map { text throws(WorkerError) in
                try input.estimate(text)
            }, note: arguments.note, assignee: Self.assignee(arguments.assign))
        draft.parent = arguments.parent
        draft.after = try Self.references(arguments.after)
        draft.repeatRule = arguments.repeatRule
        draft.repeatUntil = try arguments.until.map { text throws(WorkerError) in
            try input.calendarDay(text, field: "until")
        }
        try await tasksFeature().add(draft)
    }

    public func listTasks(_ arguments: TaskListArguments) async throws {
        let input = self.input
        var query = TasksFeature.TaskQuery(
            project: arguments.project, list: arguments.list, tag: arguments.tag, text: arguments.search,
            assignee: arguments.assignee, limit: try input.limit(arguments.limit))
        if arguments.all { query.status = .all }
        if let status = arguments.status { query.status = Self.status(status) }
        if let priority = arguments.priority { query.priority = Self.priority(priority) }
        if let due = arguments.due { query.due = try Self.dueFilter(due, input: input) }
        if let before = arguments.dueBefore { query.due = .before(try input.calendarDay(before, field: "due")) }
        if let sort = arguments.sort { query.sort = Self.sort(sort) }
        if arguments.blocked { query.blocked = true }
        if arguments.ready { query.blocked = false }
        query.parent = arguments.parent
        if let name = arguments.save, !ConfigFile.isPlainName(name) {
            throw WorkerError(.invalidInput, ConfigFile.filterNameProblem(name, quote: "'"))
        }
        if let name = arguments.save, arguments.filterWords.isEmpty {
            throw WorkerError(
                .invalidInput,
                "--save \(DisplayText.excerpt(name)) needs options to keep, e.g. stint task list --project Work "
                    + "--save \(DisplayText.excerpt(name))")
        }
        let feature = try tasksFeature()
        if arguments.count { try await feature.count(query) } else { try await feature.list(query) }
        // Saved once the listing worked, so a filter that names a project that does not exist is never kept.
        if let name = arguments.save {
            try saveFilter(name, words: arguments.filterWords)
            if !json, !container.environment.quiet {
                container.output.write("Saved this filter as @\(name): stint task list @\(name)\n")
            }
        }
    }

    public func showTask(_ reference: String) async throws {
        try await tasksFeature().show(reference)
    }

    /// With change flags the flags are the edit; without any, a form in the editor (`AppCoordinator+Editing`) when
    /// there is one, else the feature's "nothing to change" — once the task is known to exist: a task that is not
    /// there is the first thing wrong (exit 2), with or without an editor.
    public func editTask(_ arguments: TaskEditArguments) async throws {
        if arguments.changesNothing {
            if let editor = container.environment.editor.command {
                try await editTaskInForm(arguments.task, editor: editor)
                return
            }
            _ = try await container.workers.makeTaskWorker().details(arguments.task)
        }
        let input = self.input
        var changes = TaskChanges(
            title: arguments.title, addTags: arguments.addTags, removeTags: arguments.removeTags, note: arguments.note)
        if let due = arguments.due {
            changes.due = .set(try input.calendarDay(due, field: "due"))
        } else if arguments.noDue {
            changes.due = .clear
        }
        if let priority = arguments.priority { changes.priority = Self.priority(priority) }
        if let estimate = arguments.estimate {
            changes.estimateSeconds = .set(try input.estimate(estimate))
        } else if arguments.noEstimate {
            changes.estimateSeconds = .clear
        }
        if let assign = arguments.assign {
            changes.assignee = Self.assignee(assign).map { .set($0) } ?? .clear
        }
        if let parent = arguments.parent {
            changes.parent = .set(parent)
        } else if arguments.noParent {
            changes.parent = .clear
        }
        changes.addAfter = try Self.references(arguments.after)
        changes.clearAfter = arguments.noAfter
        if let rule = arguments.repeatRule {
            changes.repeatRule = .set(rule)
        } else if arguments.noRepeat {
            changes.repeatRule = .clear
        }
        if let until = arguments.until {
            changes.repeatUntil = .set(try input.calendarDay(until, field: "until"))
        } else if arguments.noUntil {
            changes.repeatUntil = .clear
        }
        try await tasksFeature().edit(arguments.task, changes: changes)
    }

    /// `--after 12,14 --after 15`: each value may list several tasks, separated by commas. A value that names
    /// none (`--after ""`, `--after ,`) is refused: taken as no link, it said "added" for a link never made.
    static func references(_ typed: [String]) throws(WorkerError) -> [String] {
        var references: [String] = []
        for value in typed {
            let named = value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            guard !named.isEmpty else {
                throw WorkerError(.invalidInput, "--after is empty: name the tasks this one comes after, such as 12")
            }
            references += named
        }
        return references
    }

    /// `--assign`: `none` is nobody; a name or `me` is for the Services to resolve.
    static func assignee(_ typed: String?) -> String? {
        guard let typed, typed.trimmingWhitespace().lowercased() != "none" else { return nil }
        return typed
    }

    /// `stint task done 3 4 5`: several references are one change (one undo), all or nothing.
    /// `force`: complete a parent whose subtasks are not all done.
    public func completeTasks(_ references: [String], force: Bool = false) async throws {
        try await tasksFeature().done(references, force: force)
    }

    public func reopenTasks(_ references: [String]) async throws {
        try await tasksFeature().reopen(references)
    }

    public func startTasks(_ references: [String]) async throws {
        try await tasksFeature().start(references)
    }

    /// One question for all the tasks on a terminal; elsewhere `force` must say it.
    public func deleteTasks(_ references: [String], force: Bool) async throws {
        try await tasksFeature().delete(references, force: force)
    }

    public func moveTasks(_ references: [String], project: String?, list: String?) async throws {
        try await tasksFeature().move(references, project: project, list: list)
    }

    public func noteTask(_ reference: String, text: String) async throws {
        try await tasksFeature().note(reference, text: text)
    }

    // MARK: Mapping the closed sets to the feature's types

    static func priority(_ option: PriorityOption) -> TasksFeature.Priority {
        switch option {
        case .none: .none
        case .low: .low
        case .medium: .medium
        case .high: .high
        }
    }

    static func status(_ option: TaskStatusOption) -> StatusFilter {
        switch option {
        case .active: .active
        case .open: .open
        case .inProgress: .inProgress
        case .done: .done
        case .all: .all
        }
    }

    static func sort(_ option: TaskSortOption) -> TasksFeature.TaskSort {
        switch option {
        case .priority: .priority
        case .due: .due
        case .created: .created
        case .updated: .updated
        case .title: .title
        case .number: .number
        }
    }

    /// `--due today|overdue|week` or a date.
    static func dueFilter(_ text: String, input: InputReader) throws(WorkerError) -> DueFilter {
        switch text.trimmingWhitespace().lowercased() {
        case "today": .today
        case "overdue": .overdue
        case "week", "this-week", "thisweek": .thisWeek
        default: .on(try input.calendarDay(text, field: "due"))
        }
    }
}
