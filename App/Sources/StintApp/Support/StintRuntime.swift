import ArgumentParser
import Entities
import Foundation
import Logging
import ProjectsFeature
import ReportsFeature
import TasksFeature
import TerminalUI
import TimersFeature

/// Starting and ending a run of `stint`: the composition root and the error presentation.
public enum StintRuntime {
    /// Documented exit codes (README and `stint --help`).
    public enum Exit: Int32 {
        case ok = 0
        case unexpected = 1
        case notFound = 2
        case ambiguous = 3
        case invalidInput = 4
        case conflict = 5
        case storage = 6
        case usage = 64
    }

    struct Started {
        let coordinator: AppCoordinator
        let input: InputReader
    }

    /// Builds the app for one command. Called after argument parsing succeeded.
    static func start(verbose: Bool) throws(WorkerError) -> Started {
        let level: Logger.Level = verbose ? .debug : .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let environment = try AppEnvironment.current()
        let container = AppDependencyContainer(environment: environment)
        return Started(
            coordinator: AppCoordinator(container: container),
            input: InputReader(
                today: container.calendar.today, now: container.calendar.now, timeZone: environment.timeZone))
    }

    /// Parses `arguments`, runs the command and returns the exit code. Every failure becomes one line
    /// on stderr: `stint: <what went wrong>`.
    public static func run(_ arguments: [String]) async -> Int32 {
        // A closed pipe (`stint task list | head`) must end the output quietly, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        var command: any ParsableCommand
        do {
            command = try Stint.parseAsRoot(arguments)
        } catch {
            return argumentFailure(error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return Exit.ok.rawValue
        } catch let error as WorkerError {
            return report(error, verbose: arguments.contains("--verbose") || arguments.contains("-v"))
        } catch let error as TasksFeatureError {
            return report(error, verbose: false)
        } catch let error as ProjectsFeatureError {
            return report(error, verbose: false)
        } catch let error as TimersFeatureError {
            return report(error, verbose: false)
        } catch let error as ReportsFeatureError {
            return report(error, verbose: false)
        } catch {
            // `--help` on a subcommand arrives here as the parser's own help command, which "fails"
            // with a help request; the parser knows how to present its errors.
            if Stint.exitCode(for: error) == .success || error is ArgumentParser.ValidationError {
                return argumentFailure(error)
            }
            return report(error, verbose: arguments.contains("--verbose") || arguments.contains("-v"))
        }
    }

    /// Help and version go to stdout with exit 0; anything else the parser rejects is one line on
    /// stderr and exit 64.
    static func argumentFailure(_ error: any Error) -> Int32 {
        if Stint.exitCode(for: error) == .success {
            StandardOutput().write(Stint.fullMessage(for: error) + "\n")
            return Exit.ok.rawValue
        }
        let message = Stint.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
        StandardError().write("stint: \(withoutErrorPrefix(message)) (see 'stint --help')\n")
        return Exit.usage.rawValue
    }

    static func report(_ error: any Error, verbose: Bool) -> Int32 {
        let errorOutput = StandardError()
        let (message, code, chain) = describe(error)
        // An unexpected failure is a bug: say how to learn more, still on the one line.
        let hint = code == .unexpected && !verbose ? " (unexpected: rerun with --verbose and report it)" : ""
        errorOutput.write("stint: \(message)\(hint)\n")
        if verbose {
            for cause in chain { errorOutput.write("  caused by \(cause)\n") }
        }
        return code.rawValue
    }

    static func describe(_ error: any Error) -> (String, Exit, [String]) {
        switch error {
        case let error as WorkerError:
            return (error.message, exit(for: error.kind), error.causeChain)
        case let error as TasksFeatureError:
            return (error.description, .invalidInput, [])
        case let error as ProjectsFeatureError:
            return (error.localizedDescription, .conflict, [])
        case let error as TimersFeatureError:
            return (error.description, .invalidInput, [])
        case let error as ReportsFeatureError:
            return (error.description, .invalidInput, [])
        case let error as ArgumentParser.ValidationError:
            return (error.message, .usage, [])
        case let error as ExitCode:
            return ("exited with \(error.rawValue)", Exit(rawValue: error.rawValue) ?? .unexpected, [])
        default:
            let wrapped = WorkerError(wrapping: error)
            return (wrapped.message, exit(for: wrapped.kind), wrapped.causeChain)
        }
    }

    static func exit(for kind: WorkerError.Kind) -> Exit {
        switch kind {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalidInput: .invalidInput
        case .conflict: .conflict
        case .storage: .storage
        case .unexpected: .unexpected
        }
    }

    private static func withoutErrorPrefix(_ text: String) -> String {
        var text = text
        if text.hasPrefix("Error: ") { text.removeFirst(7) }
        return text
    }
}
