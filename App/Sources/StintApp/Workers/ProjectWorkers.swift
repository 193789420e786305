import Entities
import Foundation
import Repositories

/// A project with the numbers people want next to it.
public struct ProjectOverview: Sendable {
    public let project: Project
    public let tally: TaskTally
    public let listCount: Int
    /// Logged time; only a single project's overview carries it.
    public var time: ProjectTimeTotals?

    /// An overview where only the project itself matters (after a rename, say).
    public init(project: Project, tally: TaskTally = TaskTally(), listCount: Int = 0) {
        self.project = project
        self.tally = tally
        self.listCount = listCount
    }
}

/// A task list with its project and tally.
public struct TaskListOverview: Sendable {
    public let list: TaskList
    public let project: Project?
    public let tally: TaskTally
}

/// Creating, finding, changing and deleting projects.
public struct ProjectWorker: Sendable {
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository
    let sums: any TimeReportRepository
    let calendar: WorkCalendar

    public func overviews(includeArchived: Bool) async throws(WorkerError) -> [ProjectOverview] {
        try await working {
            async let all = projects.projects(includeArchived: includeArchived)
            async let tallies = tasks.tallyByProject()
            async let allLists = lists.taskLists(projectID: nil)
            let listCounts = Dictionary(grouping: try await allLists, by: \.projectID).mapValues(\.count)
            let tallyMap = try await tallies
            return try await all.map {
                ProjectOverview(project: $0, tally: tallyMap[$0.id] ?? TaskTally(), listCount: listCounts[$0.id] ?? 0)
            }
        }
    }

    public func overview(_ reference: String) async throws(WorkerError) -> (ProjectOverview, [TaskListOverview]) {
        try await working {
            let project = try await projects.project(reference: reference)
            async let projectLists = lists.taskLists(projectID: project.id)
            async let listTallies = tasks.tallyByList()
            let tally = try await tasks.tallyByProject()[project.id] ?? TaskTally()
            let listTallyMap = try await listTallies
            let listOverviews = try await projectLists.map {
                TaskListOverview(list: $0, project: project, tally: listTallyMap[$0.id] ?? TaskTally())
            }
            var overview = ProjectOverview(project: project, tally: tally, listCount: listOverviews.count)
            overview.time = try await sums.projectTotals(project.id, calendar: calendar)
            return (overview, listOverviews)
        }
    }

    public func create(name: String, note: String) async throws(WorkerError) -> ProjectOverview {
        try await working {
            ProjectOverview(
                project: try await projects.create(name: name, note: note), tally: TaskTally(), listCount: 0)
        }
    }

    public func rename(_ reference: String, to name: String) async throws(WorkerError) -> Project {
        try await working {
            let project = try await projects.project(reference: reference)
            return try await projects.rename(project.id, to: name)
        }
    }

    public func setArchived(_ reference: String, _ archived: Bool) async throws(WorkerError) -> Project {
        try await working {
            let project = try await projects.project(reference: reference)
            let verb = archived ? "archived" : "unarchived"
            return try await projects.change(project.id, summary: "\(verb) project \"\(project.name)\"") {
                project, now in
                if archived { try project.archive(now: now) } else { try project.unarchive(now: now) }
            }
        }
    }

    /// The project and how many tasks deleting it would take along, so the caller can ask first.
    public func deletionImpact(_ reference: String) async throws(WorkerError) -> ProjectOverview {
        try await working {
            let project = try await projects.project(reference: reference)
            let tally = try await tasks.tallyByProject()[project.id] ?? TaskTally()
            let listCount = try await lists.taskLists(projectID: project.id).count
            return ProjectOverview(project: project, tally: tally, listCount: listCount)
        }
    }

    /// Deletes the project with its lists and tasks; returns what was deleted.
    public func delete(_ reference: String) async throws(WorkerError) -> ProjectOverview {
        let impact = try await deletionImpact(reference)
        _ = try await working { try await projects.delete(impact.project.id) }
        return impact
    }
}

/// Creating, finding, renaming and deleting task lists.
public struct TaskListWorker: Sendable {
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository

    public func overviews(projectReference: String?) async throws(WorkerError) -> [TaskListOverview] {
        try await working {
            let project = try await projectReference.asyncMap { try await projects.project(reference: $0) }
            async let all = lists.taskLists(projectID: project?.id)
            async let tallies = tasks.tallyByList()
            let owners = Dictionary(
                uniqueKeysWithValues: try await projects.projects(includeArchived: true).map { ($0.id, $0) })
            let tallyMap = try await tallies
            return try await all.map {
                TaskListOverview(list: $0, project: owners[$0.projectID], tally: tallyMap[$0.id] ?? TaskTally())
            }
            .sorted { ($0.project?.name ?? "", $0.list.name) < ($1.project?.name ?? "", $1.list.name) }
        }
    }

    public func create(name: String, projectReference: String) async throws(WorkerError) -> TaskListOverview {
        try await working {
            let project = try await projects.project(reference: projectReference)
            let list = try await lists.create(name: name, projectID: project.id)
            return TaskListOverview(list: list, project: project, tally: TaskTally())
        }
    }

    public func rename(_ reference: String, projectReference: String?, to name: String) async throws(WorkerError)
        -> TaskListOverview
    {
        try await working {
            let list = try await resolve(reference, projectReference: projectReference)
            let renamed = try await lists.rename(list.id, to: name)
            return TaskListOverview(
                list: renamed, project: try await projects.project(id: renamed.projectID), tally: TaskTally())
        }
    }

    public func overview(_ reference: String, projectReference: String?) async throws(WorkerError) -> TaskListOverview {
        try await working {
            let list = try await resolve(reference, projectReference: projectReference)
            let tally = try await tasks.tallyByList()[list.id] ?? TaskTally()
            return TaskListOverview(list: list, project: try await projects.project(id: list.projectID), tally: tally)
        }
    }

    public func delete(_ reference: String, projectReference: String?) async throws(WorkerError) -> TaskListOverview {
        try await working {
            let list = try await resolve(reference, projectReference: projectReference)
            let tally = try await tasks.tallyByList()[list.id] ?? TaskTally()
            let deleted = try await lists.delete(list.id)
            return TaskListOverview(
                list: deleted, project: try await projects.project(id: list.projectID), tally: tally)
        }
    }

    func resolve(_ reference: String, projectReference: String?) async throws -> TaskList {
        let project = try await projectReference.asyncMap { try await projects.project(reference: $0) }
        return try await lists.taskList(reference: reference, projectID: project?.id)
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
