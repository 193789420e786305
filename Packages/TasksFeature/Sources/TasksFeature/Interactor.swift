import Foundation
import TerminalUI

/// The feature's logic: checks the request, calls the Services, reports analytics, and hands the result to the
/// presenter and view. It never catches Services errors, so the App sees exactly what the Services threw.
struct TasksInteractor: TasksFeatureInterface {
    let services: any TasksServices
    let coordinator: any TasksCoordinator
    let analytics: any TasksAnalytics
    let presenter: TasksPresenter
    let view: TasksView
    /// Answers for the picker; nothing else reads input.
    let input: any LineReader

    func list(_ query: TaskQuery) async throws {
        var query = query
        // A JSON listing has the keys of `show`, logged time included; a table never shows it.
        if presenter.format == .json { query.includesLoggedTime = true }
        let tasks = try await services.tasks(matching: query)
        analytics.track(.listed(count: tasks.count))
        try view.render(presenter.list(tasks, query: query))
    }

    func count(_ query: TaskQuery) async throws {
        let count = try await services.countTasks(matching: query)
        analytics.track(.counted(count: count))
        try view.render(presenter.count(count))
    }

    func show(_ reference: String) async throws {
        let task = try await services.task(reference: reference)
        analytics.track(.shown)
        try view.render(presenter.detail(task))
    }

    func add(_ draft: TaskDraft) async throws {
        let task = try await services.addTask(draft)
        analytics.track(.added)
        try view.render(presenter.confirmation(.added, task: task))
    }

    func edit(_ reference: String, changes: TaskChanges) async throws {
        guard !changes.isEmpty else { throw TasksFeatureError.nothingToEdit(reference: reference) }
        let task = try await services.editTask(reference: reference, changes: changes)
        analytics.track(.edited(fieldCount: changes.changedFields.count))
        try view.render(presenter.confirmation(.edited(fields: changes.changedFields), task: task))
    }

    func unchanged(_ reference: String) async throws {
        let task = try await services.task(reference: reference)
        analytics.track(.editUnchanged)
        try view.render(presenter.unchanged(task))
    }

    func done(_ references: [String], force: Bool) async throws {
        try await change(references, .complete(force: force), event: .completed, confirmation: .completed) {
            try await services.completeTask(reference: $0, force: force)
        }
    }

    func reopen(_ references: [String]) async throws {
        try await change(references, .reopen, event: .reopened, confirmation: .reopened) {
            try await services.reopenTask(reference: $0)
        }
    }

    func start(_ references: [String]) async throws {
        try await change(references, .start, event: .started, confirmation: .started) {
            try await services.startTask(reference: $0)
        }
    }

    func move(_ references: [String], project: String?, list: String?) async throws {
        try await change(references, .move(project: project, list: list), event: .moved, confirmation: .moved) {
            try await services.moveTask(reference: $0, project: project, list: list)
        }
    }

    /// One reference goes through the one-task Services call; several through the batch, as one change.
    private func change(
        _ references: [String], _ batch: TaskBatchChange, event: TasksEvent, confirmation: Confirmation,
        one: (String) async throws -> Task
    ) async throws {
        if references.count == 1 {
            let task = try await one(references[0])
            analytics.track(event)
            try view.render(presenter.confirmation(confirmation, task: task))
            return
        }
        let tasks = try await services.changeTasks(references: references, batch)
        analytics.track(.changedSeveral(count: tasks.count))
        try view.render(presenter.confirmations(confirmation, tasks: tasks))
    }

    func delete(_ references: [String], force: Bool) async throws {
        // Resolve first so the question names the tasks the user is about to lose (and a bad reference fails
        // before anyone is asked anything). A task named twice is asked about, and deleted, once.
        var tasks: [Task] = []
        for reference in references {
            let task = try await services.task(reference: reference)
            if !tasks.contains(where: { $0.id == task.id }) { tasks.append(task) }
        }
        if !force {
            switch await coordinator.confirm(presenter.deletionQuestion(for: tasks)) {
            case .yes:
                break
            case .no:
                analytics.track(.deletionDeclined)
                try view.render(presenter.deletionDeclined(tasks))
                return
            case .nobodyToAsk:
                analytics.track(.deletionRefused)
                throw TasksFeatureError.deletionNeedsForce(what: presenter.deletionSubject(tasks))
            }
        }
        // Delete by id, not by the typed reference: the number the user saw is what they confirmed.
        if tasks.count == 1 {
            var deleted = try await services.deleteTask(reference: tasks[0].id)
            deleted.loggedSeconds = deleted.loggedSeconds ?? tasks[0].loggedSeconds
            analytics.track(.deleted)
            try view.render(presenter.confirmation(.deleted, task: deleted))
            return
        }
        let logged = Dictionary(tasks.map { ($0.id, $0.loggedSeconds) }, uniquingKeysWith: { first, _ in first })
        let deleted = try await services.deleteTasks(references: tasks.map(\.id)).map { task in
            var task = task
            task.loggedSeconds = task.loggedSeconds ?? logged[task.id] ?? nil
            return task
        }
        analytics.track(.changedSeveral(count: deleted.count))
        try view.render(presenter.confirmations(.deleted, tasks: deleted))
    }

    func note(_ reference: String, text: String) async throws {
        let task = try await services.appendNote(reference: reference, text: text)
        analytics.track(.noteAppended)
        try view.render(presenter.confirmation(.noteAppended, task: task))
    }

    func dashboard() async throws {
        let dashboard = try await services.dashboard()
        analytics.track(
            .dashboardShown(
                overdue: dashboard.overdueCount,
                dueToday: dashboard.dueTodayCount,
                inProgress: dashboard.inProgressCount
            )
        )
        try view.render(presenter.dashboard(dashboard))
    }
}

// MARK: - Picker

extension TasksInteractor {
    func pick(_ query: TaskQuery) async throws -> TaskPick {
        var base = query
        base.status = Self.pickableStatus(query.status)
        let limit = max(1, min(query.limit ?? TasksPresenter.pickerPageSize, TasksPresenter.pickerPageSize))

        let first = try await candidates(base, limit: limit)
        guard !first.tasks.isEmpty else {
            analytics.track(.picked(chosen: false, rounds: 0))
            try view.render(presenter.nothingToPick())
            return .cancelled
        }
        // Any number shown in an earlier round stays valid: a search that did not help should not cost the user
        // the list they already saw.
        var offered: [Int: Task] = [:]
        func show(_ page: (tasks: [Task], total: Int)) throws {
            for task in page.tasks { offered[task.number] = task }
            for screen in presenter.pickerCandidates(page.tasks, total: page.total) { try view.render(screen) }
        }
        func finish(_ task: Task?, rounds: Int) -> TaskPick {
            analytics.track(.picked(chosen: task != nil, rounds: rounds))
            return task.map(TaskPick.chosen) ?? .cancelled
        }

        try show(first)
        for round in 1...TasksPresenter.pickerRounds {
            guard let line = input.readLine(prompt: TasksPresenter.pickerPrompt) else {
                return finish(nil, rounds: round)
            }
            switch PickerAnswer(line) {
            case .cancel:
                return finish(nil, rounds: round)
            case .number(let number):
                if let task = offered[number] { return finish(task, rounds: round) }
                try view.render(presenter.pickerNotOffered(number))
            case .words(let words):
                var search = base
                search.text = words
                let found = try await candidates(search, limit: limit)
                if found.total == 1, let only = found.tasks.first { return finish(only, rounds: round) }
                if found.tasks.isEmpty {
                    try view.render(presenter.pickerNoMatch(words))
                } else {
                    try show(found)
                }
            }
        }
        try view.render(presenter.pickerGaveUp())
        return finish(nil, rounds: TasksPresenter.pickerRounds)
    }

    /// Up to `limit` tasks matching `query`, in-progress ones first (each group in the query's order), and how
    /// many match in all. Two bounded reads instead of one unbounded one, so a huge backlog costs nothing extra.
    private func candidates(_ query: TaskQuery, limit: Int) async throws -> (tasks: [Task], total: Int) {
        var tasks: [Task] = []
        if query.status.includes(.inProgress) {
            var started = query
            started.status = .inProgress
            started.limit = limit
            tasks = try await services.tasks(matching: started)
        }
        if query.status.includes(.open), tasks.count < limit {
            var waiting = query
            waiting.status = .open
            waiting.limit = limit - tasks.count
            tasks += try await services.tasks(matching: waiting)
        }
        guard tasks.count >= limit else { return (tasks, tasks.count) }
        return (tasks, try await services.countTasks(matching: query))
    }

    /// Done tasks are never offered; a query for open-only or in-progress-only tasks keeps that narrower choice.
    private static func pickableStatus(_ status: StatusFilter) -> StatusFilter {
        switch status {
        case .open, .inProgress: status
        case .active, .done, .all: .active
        }
    }
}

/// What one line typed at the picker's prompt means.
enum PickerAnswer: Equatable {
    case cancel
    /// Digits, optionally after "#", as the # column shows them.
    case number(Int)
    /// Anything else: text to search titles and notes for.
    case words(String)

    init(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            self = .cancel
            return
        }
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) {
            self = .number(number)
        } else {
            self = .words(text)
        }
    }
}
