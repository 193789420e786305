import Entities
import Foundation
import ProjectsFeature
import Workers

/// Fulfils the Projects feature's Services with the project and task-list workers. Mapping only.
struct ProjectsAdapter: ProjectsServices {
    let projectWorker: ProjectWorker
    let listWorker: TaskListWorker

    func projects(includeArchived: Bool) async throws -> [ProjectsFeature.Project] {
        try await projectWorker.overviews(includeArchived: includeArchived).map(Self.project)
    }

    func project(reference: String) async throws -> ProjectsFeature.Project {
        Self.project(try await projectWorker.deletionImpact(reference))
    }

    func projectDetail(reference: String) async throws -> ProjectDetail {
        let (overview, lists) = try await projectWorker.overview(reference)
        return ProjectDetail(
            project: Self.project(overview), lists: lists.map(Self.taskList),
            time: overview.time.map {
                ProjectTime(
                    totalSeconds: $0.totalSeconds, billableSeconds: $0.billableSeconds,
                    thisWeekSeconds: $0.thisWeekSeconds)
            })
    }

    func addProject(name: String, note: String?) async throws -> ProjectsFeature.Project {
        Self.project(try await projectWorker.create(name: name, note: note ?? ""))
    }

    func renameProject(reference: String, to newName: String) async throws -> ProjectsFeature.Project {
        Self.project(try await projectWorker.rename(reference, to: newName))
    }

    func archiveProject(reference: String) async throws -> ProjectsFeature.Project {
        Self.project(try await projectWorker.setArchived(reference, true))
    }

    func unarchiveProject(reference: String) async throws -> ProjectsFeature.Project {
        Self.project(try await projectWorker.setArchived(reference, false))
    }

    func deleteProject(reference: String) async throws -> ProjectsFeature.Project {
        Self.project(try await projectWorker.delete(reference))
    }

    func taskLists(inProject project: String?) async throws -> [ProjectsFeature.TaskList] {
        try await listWorker.overviews(projectReference: project).map(Self.taskList)
    }

    func taskList(reference: String, inProject project: String?) async throws -> ProjectsFeature.TaskList {
        Self.taskList(try await listWorker.overview(reference, projectReference: project))
    }

    func addTaskList(name: String, toProject project: String) async throws -> ProjectsFeature.TaskList {
        Self.taskList(try await listWorker.create(name: name, projectReference: project))
    }

    func renameTaskList(reference: String, inProject project: String?, to newName: String) async throws
        -> ProjectsFeature.TaskList
    {
        Self.taskList(try await listWorker.rename(reference, projectReference: project, to: newName))
    }

    func deleteTaskList(reference: String, inProject project: String?) async throws -> ProjectsFeature.TaskList {
        Self.taskList(try await listWorker.delete(reference, projectReference: project))
    }

    // MARK: - Mapping

    static func project(_ overview: ProjectOverview) -> ProjectsFeature.Project {
        let project = overview.project
        return ProjectsFeature.Project(
            id: project.id.lowercasedString, name: project.name, note: project.note,
            isArchived: project.isArchived, openTasks: overview.tally.active, doneTasks: overview.tally.completed,
            lists: overview.listCount, createdAt: project.createdAt, updatedAt: project.updatedAt)
    }

    static func taskList(_ overview: TaskListOverview) -> ProjectsFeature.TaskList {
        ProjectsFeature.TaskList(
            id: overview.list.id.lowercasedString, name: overview.list.name,
            projectName: overview.project?.name ?? "", openTasks: overview.tally.active,
            doneTasks: overview.tally.completed, createdAt: overview.list.createdAt,
            projectID: overview.list.projectID.lowercasedString, updatedAt: overview.list.updatedAt)
    }
}
