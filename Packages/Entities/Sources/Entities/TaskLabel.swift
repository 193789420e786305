import Foundation

/// What a list of time entries or a report row names a task by: its number, title and project. A listing of many
/// entries reads these instead of whole tasks, whose notes, tags and links it never shows (ADR 0028 decision 24).
public struct TaskLabel: Sendable, Equatable {
    public let id: UUID
    public let number: Int?
    public let title: String
    public let projectID: UUID?

    public init(id: UUID, number: Int?, title: String, projectID: UUID?) {
        self.id = id
        self.number = number
        self.title = title
        self.projectID = projectID
    }
}
