import Foundation

/// The errors ``InMemoryProjectsServices`` throws, standing in for the host's not-found, ambiguity, conflict and
/// validation errors so tests can see the feature pass them through untouched.
public enum ProjectsFakeError: Error, Sendable, Equatable, LocalizedError {
    case notFound(kind: String, reference: String)
    /// More than one item matched; `candidates` describe each one (name and short id).
    case ambiguous(kind: String, reference: String, candidates: [String])
    case duplicateName(kind: String, name: String)
    case invalidName(kind: String)
    /// The change does not apply in the item's current state (e.g. archiving an archived project).
    case invalidTransition(String)

    public var errorDescription: String? {
        switch self {
        case .notFound(let kind, let reference):
            "no \(kind) matches '\(reference)'"
        case .ambiguous(let kind, let reference, let candidates):
            "'\(reference)' matches several \(kind)s: \(candidates.joined(separator: ", "))"
        case .duplicateName(let kind, let name):
            "a \(kind) named '\(name)' already exists"
        case .invalidName(let kind):
            "a \(kind) name cannot be empty or span several lines"
        case .invalidTransition(let reason):
            reason
        }
    }
}
