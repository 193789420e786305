import Foundation
import ProjectsFeature
import ReportsFeature
import SyncFeature
import TasksFeature
import TerminalUI
import TimersFeature
import Workers

/// The documented exit codes (README, `stint --help`, docs/adr/0005).
public enum StintExit: Int32, Sendable {
    case ok = 0
    case unexpected = 1
    case notFound = 2
    case ambiguous = 3
    case invalidInput = 4
    case conflict = 5
    case storage = 6
    /// The server could not be reached, refused the token or the request, or answered nonsense.
    case remote = 7
    case usage = 64
}

/// Any failure of a command as the user sees it: one line, an exit code, and the causes `--verbose` lists.
public struct PresentedError: Sendable, Equatable {
    /// One line without the `stint: ` prefix, control characters escaped.
    public let message: String
    public let exit: StintExit
    /// The wrapped errors, outermost first (`--verbose`).
    public let causes: [String]
}

/// Turns whatever a command threw into a ``PresentedError``. The one place that knows which error means
/// which exit code: workers' `WorkerError` by kind, each feature's own errors by case.
public enum ErrorPresenter {
    public static func present(_ error: any Error) -> PresentedError {
        let (message, exit, causes) = describe(error)
        return PresentedError(message: DisplayText.escaped(message), exit: exit, causes: causes)
    }

    /// A line about what a user typed (the parser's complaints quote it), made safe for the terminal.
    public static func safeLine(_ text: String) -> String {
        DisplayText.escaped(text)
    }

    static func describe(_ error: any Error) -> (String, StintExit, [String]) {
        switch error {
        case let error as WorkerError:
            return (error.message, exit(for: error.kind), error.causeChain)
        case let error as TasksFeatureError:
            return (error.description, error.isConflict ? .conflict : .invalidInput, [])
        case let error as ProjectsFeatureError:
            return (error.localizedDescription, .conflict, [])
        case let error as TimersFeatureError:
            return (error.description, .invalidInput, [])
        case let error as ReportsFeatureError:
            return (error.description, .invalidInput, [])
        case let error as SyncFeatureError:
            return (error.description, exit(for: error.kind), [])
        default:
            let wrapped = WorkerError(wrapping: error)
            return (wrapped.message, exit(for: wrapped.kind), wrapped.causeChain)
        }
    }

    static func exit(for kind: SyncFeatureError.Kind) -> StintExit {
        switch kind {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalidInput: .invalidInput
        case .conflict, .notLoggedIn: .conflict
        case .remote: .remote
        }
    }

    static func exit(for kind: WorkerError.Kind) -> StintExit {
        switch kind {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalidInput: .invalidInput
        case .conflict: .conflict
        case .storage: .storage
        case .remote: .remote
        case .unexpected: .unexpected
        }
    }
}
