import Foundation

/// The feature's logic: calls the services, decides what needs confirming, hands results to the presenter and
/// the presenter's screens to the view, and reports analytics after each success.
struct ProjectsInteractor: ProjectsFeatureInterface {
    let services: any ProjectsServices
    let coordinator: any ProjectsCoordinator
    let analytics: any ProjectsAnalytics
    let presenter: ProjectsPresenter
    let view: ProjectsView

    // MARK: Projects

    func list(includeArchived: Bool) async throws {
        let projects = try await services.projects(includeArchived: includeArchived)
        try view.render(presenter.projects(projects, includeArchived: includeArchived))
        analytics.track(.listed(count: projects.count, includeArchived: includeArchived))
    }

    func show(_ reference: String) async throws {
        let detail = try await services.projectDetail(reference: reference)
        try view.render(presenter.detail(detail))
        analytics.track(.shown(lists: detail.lists.count))
        // JSON must stay one parseable document, so the tasks are only appended to human output.
        if presenter.format == .human {
            try await coordinator.showTasks(inProject: detail.project.id)
        }
    }

    func add(name: String, note: String?) async throws {
        let project = try await services.addProject(name: name, note: note)
        try view.render(presenter.projectChange(.added(project)))
        let hasNote = !(note ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        analytics.track(.added(withNote: hasNote))
    }

    func rename(_ reference: String, to newName: String) async throws {
        // Resolved first so the confirmation can name the project as it was, even when referred to by id.
        let before = try await services.project(reference: reference)
        let after = try await services.renameProject(reference: before.id, to: newName)
        try view.render(presenter.projectChange(.renamed(from: before.name, to: after)))
        analytics.track(.renamed)
    }

    func archive(_ reference: String) async throws {
        let project = try await services.archiveProject(reference: reference)
        try view.render(presenter.projectChange(.archived(project)))
        analytics.track(.archived)
    }

    func unarchive(_ reference: String) async throws {
        let project = try await services.unarchiveProject(reference: reference)
        try view.render(presenter.projectChange(.unarchived(project)))
        analytics.track(.unarchived)
    }

    func delete(_ reference: String, force: Bool) async throws {
        // The detail carries the logged time, so the question can say that it goes too.
        let detail = try await services.projectDetail(reference: reference)
        let project = detail.project
        let tasks = project.totalTasks
        let logged = max(0, detail.time?.totalSeconds ?? 0)
        // An empty project loses nothing that undo could not bring back at once, so it is never asked about.
        if tasks > 0 || logged > 0, !force {
            switch await coordinator.confirm(presenter.deletionQuestion(project, loggedSeconds: logged)) {
            case .yes:
                break
            case .no:
                analytics.track(.deletionDeclined(tasks: tasks))
                if let screen = presenter.deletionDeclined(project) { try view.render(screen) }
                return
            case .nobodyToAsk:
                analytics.track(.deletionRefused(tasks: tasks))
                throw ProjectsFeatureError.deletionNeedsForce(
                    what: presenter.deletionSubject(project, loggedSeconds: logged))
            }
        }
        // By id: the reference was resolved once, and what was confirmed is exactly what gets deleted.
        let deleted = try await services.deleteProject(reference: project.id)
        try view.render(presenter.projectChange(.deleted(deleted, loggedSeconds: logged)))
        analytics.track(.deleted(tasks: deleted.totalTasks, forced: force))
    }

    // MARK: Task lists

    func lists(project: String?) async throws {
        let lists = try await services.taskLists(inProject: project)
        try view.render(presenter.lists(lists, project: project))
        analytics.track(.listsListed(count: lists.count, filtered: project != nil))
    }

    func addList(name: String, project: String) async throws {
        let list = try await services.addTaskList(name: name, toProject: project)
        try view.render(presenter.listChange(.added(list)))
        analytics.track(.listAdded)
    }

    func renameList(_ reference: String, project: String?, to newName: String) async throws {
        let before = try await services.taskList(reference: reference, inProject: project)
        let after = try await services.renameTaskList(reference: before.id, inProject: nil, to: newName)
        try view.render(presenter.listChange(.renamed(from: before.name, to: after)))
        analytics.track(.listRenamed)
    }

    func deleteList(_ reference: String, project: String?) async throws {
        let list = try await services.deleteTaskList(reference: reference, inProject: project)
        try view.render(presenter.listChange(.deleted(list)))
        analytics.track(.listDeleted(tasksKept: list.totalTasks))
    }
}
