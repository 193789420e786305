import Foundation
import TasksFeature

/// Services whose every call throws the same error, for checking that the feature reports failures unchanged
/// and writes nothing when its Services fail.
public struct FailingTasksServices: TasksServices {
    public let error: any Error

    public init(error: any Error = TasksFakeError.unavailable) {
        self.error = error
    }

    public func tasks(matching query: TaskQuery) async throws -> [TasksFeature.Task] { throw error }

    public func countTasks(matching query: TaskQuery) async throws -> Int { throw error }

    public func task(reference: String) async throws -> TasksFeature.Task { throw error }

    public func addTask(_ draft: TaskDraft) async throws -> TasksFeature.Task { throw error }

    public func editTask(reference: String, changes: TaskChanges) async throws -> TasksFeature.Task { throw error }

    public func completeTask(reference: String, force: Bool) async throws -> TasksFeature.Task { throw error }

    public func reopenTask(reference: String) async throws -> TasksFeature.Task { throw error }

    public func startTask(reference: String) async throws -> TasksFeature.Task { throw error }

    public func deleteTask(reference: String) async throws -> TasksFeature.Task { throw error }

    public func moveTask(reference: String, project: String?, list: String?) async throws -> TasksFeature.Task {
        throw error
    }

    public func changeTasks(references: [String], _ change: TaskBatchChange) async throws -> [TasksFeature.Task] {
        throw error
    }

    public func deleteTasks(references: [String]) async throws -> [TasksFeature.Task] { throw error }

    public func appendNote(reference: String, text: String) async throws -> TasksFeature.Task { throw error }

    public func dashboard() async throws -> Dashboard { throw error }
}
