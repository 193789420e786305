import Foundation

/// The kinds of things a user can name on the command line; errors use them to say what was not found.
public enum EntityKind: String, Sendable, Equatable {
    case project
    case taskList = "list"
    case task
    case timer
    case timeEntry = "entry"
}

/// One possible match for an ambiguous reference, shown to the user so they can pick a sharper one.
public struct ReferenceCandidate: Sendable, Equatable {
    /// What the user could type to mean exactly this one (a task number, a full name, an id prefix).
    public var reference: String
    /// A short human label, e.g. the task title or "Backlog (Work)".
    public var label: String

    public init(reference: String, label: String) {
        self.reference = reference
        self.label = label
    }
}

/// The single error type of the Repositories package.
///
/// Every failure coming out of a repository is one of these cases; errors from the layers below
/// (`LocalStorageError`, `ValidationError`) are kept as `inner` so nothing is lost on the way up.
public enum RepositoryError: Error, Sendable {
    /// No live item of `kind` matches `reference`.
    case notFound(kind: EntityKind, reference: String)
    /// More than one item matches `reference`; `candidates` lists them.
    case ambiguous(kind: EntityKind, reference: String, candidates: [ReferenceCandidate])
    /// The change breaks a business rule (empty title, invalid transition, …).
    case invalid(inner: any Error)
    /// The change clashes with existing data (a duplicate name, nothing to undo, …).
    case conflict(message: String)
    /// Stored data could not be turned back into an entity (a malformed id or value in the file).
    case corruptData(message: String)
    /// The storage below failed (cannot open, newer schema, disk full, …).
    case storage(inner: any Error)
}

extension RepositoryError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let kind, let reference):
            return "no \(kind.rawValue) matches '\(reference)'"
        case .ambiguous(let kind, let reference, let candidates):
            let listed = candidates.prefix(8).map { "\($0.reference) (\($0.label))" }.joined(separator: ", ")
            let more = candidates.count > 8 ? ", …" : ""
            return "'\(reference)' matches \(candidates.count) \(kind.rawValue)s: \(listed)\(more)"
        case .invalid(let inner):
            return String(describing: inner)
        case .conflict(let message), .corruptData(let message):
            return message
        case .storage(let inner):
            return String(describing: inner)
        }
    }
}
