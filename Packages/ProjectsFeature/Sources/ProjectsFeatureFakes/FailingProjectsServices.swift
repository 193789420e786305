import Foundation
import ProjectsFeature

/// ``ProjectsServices`` whose every call throws the same error: for checking that the feature passes service
/// errors through unchanged and prints nothing when a read or a change fails.
public struct FailingProjectsServices: ProjectsServices {
    public let error: any Error

    public init(_ error: any Error) {
        self.error = error
    }

    public func projects(includeArchived: Bool) async throws -> [Project] { throw error }
    public func project(reference: String) async throws -> Project { throw error }
    public func projectDetail(reference: String) async throws -> ProjectDetail { throw error }
    public func addProject(name: String, note: String?) async throws -> Project { throw error }
    public func renameProject(reference: String, to newName: String) async throws -> Project { throw error }
    public func archiveProject(reference: String) async throws -> Project { throw error }
    public func unarchiveProject(reference: String) async throws -> Project { throw error }
    public func deleteProject(reference: String) async throws -> Project { throw error }
    public func taskLists(inProject project: String?) async throws -> [TaskList] { throw error }
    public func taskList(reference: String, inProject project: String?) async throws -> TaskList { throw error }
    public func addTaskList(name: String, toProject project: String) async throws -> TaskList { throw error }

    public func renameTaskList(reference: String, inProject project: String?, to newName: String) async throws
        -> TaskList
    { throw error }

    public func deleteTaskList(reference: String, inProject project: String?) async throws -> TaskList {
        throw error
    }
}
