import Entities
import Foundation

/// The kinds of things a user can name; errors use them to say what was not found or is gone.
public enum EntityKind: String, Sendable, Hashable {
    case project
    case taskList = "list"
    case task
    case timer
    case timeEntry = "entry"
    /// A sync conflict (or rejection) kept for the user to settle.
    case syncConflict = "conflict"
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
/// The cases carry data, not advice: the app decides how to word them for its user (a terminal, or
/// later the server's HTTP answers), and ``description`` is only a neutral one-line summary.
public enum RepositoryError: Error, Sendable {
    /// No live item of `kind` matches `reference`, the text the caller was given (a name, a number,
    /// an id prefix).
    case notFound(kind: EntityKind, reference: String)
    /// More than one item matches `reference`; `candidates` lists them.
    case ambiguous(kind: EntityKind, reference: String, candidates: [ReferenceCandidate])
    /// The change breaks a business rule (empty title, invalid transition, …); `inner` is the
    /// Entities' `ValidationError`, whose reason says which. That includes the choice of a timer
    /// (`TimerRules.choose`: no timer is running, several are paused, …) and the rules the Entities
    /// mark `isConflict`, which a front end may present as conflicts rather than bad input.
    case invalid(inner: any Error)
    /// The change clashes with the data as it is when the change is made; see ``Conflict``.
    case conflict(Conflict)
    /// Stored data could not be turned back into an entity (a malformed id or value in the file).
    case corruptData(message: String)
    /// The storage below failed (cannot open, newer schema, disk full, …).
    case storage(inner: any Error)
    /// Sync needs an account and there is none (`stint login` makes one).
    case notLoggedIn
    /// The server could not be reached or refused; ``RemoteFailure/isTransient`` says whether
    /// trying later may succeed. Nothing pending was dropped.
    case remote(RemoteFailure)

    /// Why a change cannot be made to the data as it stands: the checks that need other stored rows.
    /// Every one runs inside the transaction that would have made the change, so it describes the data
    /// the change met.
    public enum Conflict: Sendable, Hashable {
        /// A live project already has this name (ignoring case); `existing` is its name as stored.
        case duplicateProjectName(existing: String)
        /// The project already has a list with this name (ignoring case); `existing` is its name as stored.
        case duplicateListName(existing: String, projectID: UUID)
        /// The list belongs to another project than the one the task is placed in (`projectID`).
        case listInAnotherProject(list: TaskList, projectID: UUID)
        /// The item with this id was deleted (by another command, say) before the change could be made;
        /// it is also what a change that points at a deleted project, list or task gets.
        case noLongerExists(kind: EntityKind, id: UUID)
        /// Every change is already undone (or nothing was ever changed).
        case nothingToUndo
        /// A timer on this target is already running.
        case timerAlreadyRunning(TimeTarget)
        /// The sync conflict `id` was settled before, keeping `side`: settling it again would write an old
        /// value over whatever changed since (a teammate's newer edit, for one).
        case alreadyResolved(id: UUID, side: ConflictSide)
        /// The time entry was logged by another person (a teammate's, synced here): only they change it. The
        /// server refuses such a change anyway, and a sync would quietly put their values back.
        case loggedByAnotherPerson(id: UUID)
    }
}

extension RepositoryError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let kind, let reference):
            // One to three hex digits never match, even when an id starts with them (a prefix needs four): say so
            // rather than "no match", where the digits are not a task's number.
            let trimmed = reference.trimmingWhitespace()
            let idOnly = kind == .timeEntry || kind == .timer || kind == .syncConflict
            let short =
                (1..<Reference.minimumPrefix).contains(trimmed.count) && trimmed.allSatisfy(\.isHexDigit)
                && (idOnly || (kind == .task && !trimmed.allSatisfy(\.isNumber)))
            return "no \(kind.rawValue) matches '\(reference)'"
                + (short ? " (an id prefix needs at least \(Reference.minimumPrefix) characters)" : "")
        case .ambiguous(let kind, let reference, let candidates):
            let listed = candidates.prefix(8).map { "\($0.reference) (\($0.label))" }.joined(separator: ", ")
            let more = candidates.count > 8 ? ", …" : ""
            return "'\(reference)' matches \(candidates.count) \(kind.rawValue)s: \(listed)\(more)"
        case .invalid(let inner):
            return String(describing: inner)
        case .conflict(let conflict):
            return conflict.description
        case .corruptData(let message):
            return message
        case .storage(let inner):
            return String(describing: inner)
        case .notLoggedIn:
            return "not logged in to a server"
        case .remote(let failure):
            return failure.message
        }
    }
}

extension RepositoryError.Conflict: CustomStringConvertible {
    public var description: String {
        switch self {
        case .duplicateProjectName(let existing):
            "a project named \"\(existing)\" already exists"
        case .duplicateListName(let existing, _):
            "this project already has a list named \"\(existing)\""
        case .listInAnotherProject(let list, _):
            "list \"\(list.name)\" belongs to another project"
        case .noLongerExists(let kind, _):
            "the \(kind.rawValue) no longer exists"
        case .nothingToUndo:
            "nothing to undo"
        case .timerAlreadyRunning:
            "a timer on that task or project is already running"
        case .alreadyResolved(let id, let side):
            "conflict \(Reference.short(id)) was already resolved (kept \(side.rawValue))"
        case .loggedByAnotherPerson:
            "another person logged this entry"
        }
    }
}
