import Foundation

/// A named list of tasks inside one project (a sprint, "Errands", "Backlog").
///
/// The memberwise initialiser is unchecked and exists for loading stored data; new lists come from
/// `create`, and renames are validated like project names.
public struct TaskList: Sendable, Hashable, Codable, Identifiable {
    /// The most characters a list name may have.
    public static let nameLimit = 120

    public let id: UUID
    public let projectID: UUID
    public private(set) var name: String
    public let createdAt: Date
    public private(set) var updatedAt: Date

    /// Rebuilds a list exactly as stored; performs no validation.
    public init(id: UUID, projectID: UUID, name: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.projectID = projectID
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A new list in the project `projectID`.
    ///
    /// - Throws: `ValidationError` (field `name`) when the name is empty, longer than `nameLimit` or not one line.
    public static func create(id: UUID, projectID: UUID, name: String, now: Date) throws(ValidationError) -> TaskList {
        TaskList(
            id: id, projectID: projectID,
            name: try TextRules.singleLine(name, field: "name", limit: nameLimit),
            createdAt: now, updatedAt: now)
    }

    /// Renames the list; `updatedAt` changes only when the name does.
    public mutating func rename(to newName: String, now: Date) throws(ValidationError) {
        let validated = try TextRules.singleLine(newName, field: "name", limit: Self.nameLimit)
        guard validated != name else { return }
        name = validated
        updatedAt = now
    }
}
