import Entities
import Foundation
import Repositories

/// The one error type that leaves a worker. The App turns it into one line on stderr and an exit
/// code; `cause` keeps the error from the layer below so `--verbose` can show the whole chain.
public struct WorkerError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; it decides the exit code.
    public enum Kind: Sendable, Equatable {
        case notFound
        case ambiguous
        case invalidInput
        case conflict
        case storage
        /// The server could not be reached, refused the request or answered nonsense; nothing local was lost.
        case remote
        case unexpected
    }

    public let kind: Kind
    /// One line for people: what was wrong and, where it helps, what to do.
    public let message: String
    /// The underlying error, if this one wraps another.
    public let cause: (any Error)?

    public init(_ kind: Kind, _ message: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }

    public var description: String { message }

    /// Wraps anything thrown below the workers, keeping it as the cause. The layers below throw typed
    /// cases with data and no command-line wording; this is where the command line words them
    /// (``ValidationWording`` for the Entities' rules, ``conflictMessage(_:)`` for the repositories').
    public init(wrapping error: any Error) {
        switch error {
        case let error as WorkerError:
            self = error
        case let error as RepositoryError:
            switch error {
            case .notFound: self.init(.notFound, error.description, cause: error)
            case .ambiguous: self.init(.ambiguous, error.description + "; use a longer reference", cause: error)
            case .invalid(let inner as ValidationError):
                self.init(Self.kind(of: inner), ValidationWording.message(for: inner), cause: error)
            case .invalid: self.init(.invalidInput, error.description, cause: error)
            case .conflict(let conflict): self.init(.conflict, Self.conflictMessage(conflict), cause: error)
            case .corruptData: self.init(.storage, "the database holds damaged data: \(error)", cause: error)
            case .storage: self.init(.storage, error.description, cause: error)
            // Sync (issue 8): placeholders until the lead words them and gives them their own kinds.
            case .notLoggedIn: self.init(.conflict, "not logged in: log in with stint login URL", cause: error)
            case .remote: self.init(.remote, error.description, cause: error)
            }
        case let error as ValidationError:
            self.init(Self.kind(of: error), ValidationWording.message(for: error), cause: error)
        default:
            self.init(.unexpected, String(describing: error), cause: error)
        }
    }

    /// A rule that needs `--force`, or a timer that is not there to act on, clashes with the state of the
    /// data rather than with what was typed: exit 5, like a duplicate name.
    static func kind(of error: ValidationError) -> Kind {
        error.reason.isConflict ? .conflict : .invalidInput
    }

    /// The command line's words for a repository conflict.
    static func conflictMessage(_ conflict: RepositoryError.Conflict) -> String {
        switch conflict {
        case .duplicateProjectName(let existing): "a project named \"\(existing)\" already exists"
        case .duplicateListName(let existing, _): "this project already has a list named \"\(existing)\""
        case .listInAnotherProject(let list, _):
            "list \"\(list.name)\" belongs to another project"
        case .noLongerExists(let kind, _):
            "the \(kind.rawValue) no longer exists: another command deleted it meanwhile"
        case .nothingToUndo: "nothing to undo"
        case .timerAlreadyRunning: "a timer on that task or project is already running"
        case .alreadyResolved(let id, let side):
            "conflict \(id.uuidString.lowercased().prefix(8)) was already resolved "
                + "(kept \(side == .mine ? "yours" : "theirs"))"
        case .loggedByAnotherPerson(let id):
            "entry \(id.lowercasedString.prefix(8)) was logged by a teammate: only they can change or delete it"
        }
    }

    /// The chain of causes, outermost first, for `--verbose`.
    public var causeChain: [String] {
        var chain: [String] = []
        var next: (any Error)? = cause
        while let error = next, chain.count < 8 {
            chain.append("\(type(of: error)): \(String(reflecting: error))")
            switch error {
            case let error as WorkerError: next = error.cause
            case let error as RepositoryError:
                switch error {
                case .invalid(let inner), .storage(let inner): next = inner
                default: next = nil
                }
            default: next = nil
            }
        }
        return chain
    }
}

/// Runs work below the worker layer and guarantees that only ``WorkerError`` escapes.
public func working<T>(_ body: () async throws -> T) async throws(WorkerError) -> T {
    do { return try await body() } catch { throw WorkerError(wrapping: error) }
}

/// The same for synchronous work, such as parsing what the user typed with an entity rule.
public func working<T>(_ body: () throws -> T) throws(WorkerError) -> T {
    do { return try body() } catch { throw WorkerError(wrapping: error) }
}
