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
    let today: CalendarDay

    func list(_ query: TaskQuery) async throws {
        let tasks = try await services.tasks(matching: query, today: today)
        analytics.track(.listed(count: tasks.count))
        try view.render(presenter.list(tasks, query: query))
    }

    func count(_ query: TaskQuery) async throws {
        let count = try await services.countTasks(matching: query, today: today)
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

    func done(_ reference: String) async throws {
        let task = try await services.completeTask(reference: reference)
        analytics.track(.completed)
        try view.render(presenter.confirmation(.completed, task: task))
    }

    func reopen(_ reference: String) async throws {
        let task = try await services.reopenTask(reference: reference)
        analytics.track(.reopened)
        try view.render(presenter.confirmation(.reopened, task: task))
    }

    func start(_ reference: String) async throws {
        let task = try await services.startTask(reference: reference)
        analytics.track(.started)
        try view.render(presenter.confirmation(.started, task: task))
    }

    func delete(_ reference: String) async throws {
        // Resolve first so the question names the task the user is about to lose (and a bad reference fails
        // before anyone is asked anything).
        let task = try await services.task(reference: reference)
        guard await coordinator.confirm(presenter.deletionQuestion(for: task)) else {
            analytics.track(.deletionDeclined)
            try view.render(presenter.deletionDeclined(task))
            return
        }
        // Delete by id, not by the typed reference: the number the user saw is what they confirmed.
        let deleted = try await services.deleteTask(reference: task.id)
        analytics.track(.deleted)
        try view.render(presenter.confirmation(.deleted, task: deleted))
    }

    func move(_ reference: String, project: String?, list: String?) async throws {
        let task = try await services.moveTask(reference: reference, project: project, list: list)
        analytics.track(.moved)
        try view.render(presenter.confirmation(.moved, task: task))
    }

    func note(_ reference: String, text: String) async throws {
        let task = try await services.appendNote(reference: reference, text: text)
        analytics.track(.noteAppended)
        try view.render(presenter.confirmation(.noteAppended, task: task))
    }

    func dashboard() async throws {
        let dashboard = try await services.dashboard(today: today)
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
