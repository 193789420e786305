import Foundation

/// A body of work that groups task lists and tasks; can be archived to leave everyday views.
///
/// The memberwise initialiser is unchecked and exists for loading stored data; new projects come from
/// `create`, and every change goes through a mutating method that validates and stamps `updatedAt`.
public struct Project: Sendable, Hashable, Codable, Identifiable {
    /// The most characters a project name may have.
    public static let nameLimit = 120
    /// The most characters a project note may have.
    public static let noteLimit = 20_000

    public let id: UUID
    public private(set) var name: String
    public private(set) var note: String
    public private(set) var archivedAt: Date?
    public let createdAt: Date
    public private(set) var updatedAt: Date

    public var isArchived: Bool { archivedAt != nil }

    /// Rebuilds a project exactly as stored; performs no validation.
    public init(id: UUID, name: String, note: String, archivedAt: Date?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.name = name
        self.note = note
        self.archivedAt = archivedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A new, active project.
    ///
    /// - Throws: `ValidationError` for an invalid name (see `validatedName`) or a note over `noteLimit`.
    public static func create(id: UUID, name: String, note: String = "", now: Date) throws(ValidationError) -> Project {
        Project(
            id: id, name: try validatedName(name), note: try validatedNote(note),
            archivedAt: nil, createdAt: now, updatedAt: now)
    }

    /// The name as it will be stored: trimmed, not empty, at most `nameLimit` characters, one line.
    ///
    /// - Throws: `ValidationError` (field `name`) with `.empty`, `.tooLong`, `.notSingleLine` or
    ///   `.controlCharacter`.
    public static func validatedName(_ raw: String) throws(ValidationError) -> String {
        try TextRules.singleLine(raw, field: "name", limit: nameLimit)
    }

    static func validatedNote(_ raw: String) throws(ValidationError) -> String {
        try TextRules.multiLine(raw, field: "note", limit: noteLimit)
    }

    /// Renames the project; `updatedAt` changes only when the name does.
    public mutating func rename(to newName: String, now: Date) throws(ValidationError) {
        let validated = try Self.validatedName(newName)
        guard validated != name else { return }
        name = validated
        updatedAt = now
    }

    /// Replaces the note (trimmed; empty clears it); `updatedAt` changes only when the note does.
    public mutating func setNote(_ newNote: String, now: Date) throws(ValidationError) {
        let validated = try Self.validatedNote(newNote)
        guard validated != note else { return }
        note = validated
        updatedAt = now
    }

    /// Moves the project out of everyday views.
    ///
    /// - Throws: `ValidationError` (field `status`, `.projectAlreadyArchived`) when already archived.
    public mutating func archive(now: Date) throws(ValidationError) {
        guard archivedAt == nil else {
            throw ValidationError(field: "status", reason: .projectAlreadyArchived)
        }
        archivedAt = now
        updatedAt = now
    }

    /// Brings an archived project back.
    ///
    /// - Throws: `ValidationError` (field `status`, `.projectNotArchived`) when not archived.
    public mutating func unarchive(now: Date) throws(ValidationError) {
        guard archivedAt != nil else {
            throw ValidationError(field: "status", reason: .projectNotArchived)
        }
        archivedAt = nil
        updatedAt = now
    }
}
