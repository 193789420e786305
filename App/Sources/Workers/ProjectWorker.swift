import Entities
import Foundation
import Repositories

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
            async let tallies = tasks.tallyByProject(projectID: nil)
            async let allLists = lists.taskLists(projectID: nil)
            let listCounts = Dictionary(grouping: try await allLists, by: \.projectID).mapValues(\.count)
            let tallyMap = try await tallies
            return try await all.map {
                ProjectOverview(
                    project: $0, tally: tallyMap[$0.id] ?? TaskTally(), listCount: listCounts[$0.id] ?? 0)
            }
        }
    }

    public func overview(_ reference: String) async throws(WorkerError) -> (ProjectOverview, [TaskListOverview]) {
        try await working {
            let project = try await projects.project(reference: reference)
            async let projectLists = lists.taskLists(projectID: project.id)
            async let listTallies = tasks.tallyByList(projectID: project.id)
            let tally = try await tasks.tallyByProject(projectID: project.id)[project.id] ?? TaskTally()
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

    /// Renames a project; the result carries its real counts, so `--json` after a rename says what it holds.
    public func rename(_ reference: String, to name: String) async throws(WorkerError) -> ProjectOverview {
        try await working {
            let project = try await projects.project(reference: reference)
            return try await overview(of: try await projects.rename(project.id, to: name))
        }
    }

    public func setArchived(_ reference: String, _ archived: Bool) async throws(WorkerError) -> ProjectOverview {
        try await working {
            let project = try await projects.project(reference: reference)
            let verb = archived ? "archived" : "unarchived"
            let changed = try await projects.change(project.id, summary: "\(verb) project \"\(project.name)\"") {
                project, now in
                if archived { try project.archive(now: now) } else { try project.unarchive(now: now) }
            }
            return try await overview(of: changed)
        }
    }

    /// A project with its task and list counts.
    private func overview(of project: Project) async throws -> ProjectOverview {
        async let tally = tasks.tallyByProject(projectID: project.id)
        async let projectLists = lists.taskLists(projectID: project.id)
        return ProjectOverview(
            project: project, tally: try await tally[project.id] ?? TaskTally(),
            listCount: try await projectLists.count)
    }

    /// The project and how many tasks deleting it would take along, so the caller can ask first.
    public func deletionImpact(_ reference: String) async throws(WorkerError) -> ProjectOverview {
        try await working {
            let project = try await projects.project(reference: reference)
            let tally = try await tasks.tallyByProject(projectID: project.id)[project.id] ?? TaskTally()
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
