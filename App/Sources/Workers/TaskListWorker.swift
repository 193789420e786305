import Entities
import Foundation
import Repositories

/// Creating, finding, renaming and deleting task lists.
public struct TaskListWorker: Sendable {
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository

    public func overviews(projectReference: String?) async throws(WorkerError) -> [TaskListOverview] {
        try await working {
            let project = try await projectReference.asyncMap { try await projects.project(reference: $0) }
            async let all = lists.taskLists(projectID: project?.id)
            async let tallies = tasks.tallyByList(projectID: project?.id)
            let owners = Dictionary(
                uniqueKeysWithValues: try await projects.projects(includeArchived: true).map { ($0.id, $0) })
            let tallyMap = try await tallies
            return try await all.map {
                TaskListOverview(list: $0, project: owners[$0.projectID], tally: tallyMap[$0.id] ?? TaskTally())
            }
            .sorted {
                ($0.project?.name.lowercased() ?? "", $0.list.name.lowercased())
                    < ($1.project?.name.lowercased() ?? "", $1.list.name.lowercased())
            }
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
                list: renamed, project: try await projects.project(id: renamed.projectID),
                tally: try await tasks.tallyByList(projectID: renamed.projectID)[renamed.id] ?? TaskTally())
        }
    }

    public func overview(_ reference: String, projectReference: String?) async throws(WorkerError) -> TaskListOverview {
        try await working {
            let list = try await resolve(reference, projectReference: projectReference)
            let tally = try await tasks.tallyByList(projectID: list.projectID)[list.id] ?? TaskTally()
            return TaskListOverview(list: list, project: try await projects.project(id: list.projectID), tally: tally)
        }
    }

    public func delete(_ reference: String, projectReference: String?) async throws(WorkerError) -> TaskListOverview {
        try await working {
            let list = try await resolve(reference, projectReference: projectReference)
            let tally = try await tasks.tallyByList(projectID: list.projectID)[list.id] ?? TaskTally()
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
