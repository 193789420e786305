import Adapters
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting and ending a run of `stint`: parse the arguments, run the command with the process's
/// context, and turn every failure into one line on stderr and a documented exit code.
///
/// `run(_:context:)` is also the in-process harness of the tests: given a context with captured output
/// and a temporary `STINT_HOME`, a whole command line runs without spawning the binary.
public enum StintRuntime {
    /// The most arguments a command line may have. The parser's work grows with the square of the
    /// arguments (10,000 `--tag`s took 9 s), and no command needs more than a few dozen, so a longer
    /// line is refused before parsing.
    static let maximumArguments = 400

    /// What a running command reads: the process's context and what the command learned while parsing.
    struct Run: Sendable {
        let context: ProcessContext
        let state: RunState
    }

    /// Set for the duration of one `run(_:context:)`, so each command finds its context without globals.
    @TaskLocal static var running: Run?

    static var current: Run {
        running ?? Run(context: .current(), state: RunState())
    }

    /// Parses `arguments`, runs the command and returns the exit code. Every failure becomes one line
    /// on the context's error output: `stint: <what went wrong>`.
    public static func run(_ arguments: [String], context: ProcessContext = .current()) async -> Int32 {
        let status = await runCommand(arguments, context: context)
        // A command that printed part of its output and then met a full disk did not do what it was asked.
        guard status == StintExit.ok.rawValue, let failure = FileAccess.standardOutputFailure(of: context.output)
        else { return status }
        return report(failure, verbose: false, to: context)
    }

    private static func runCommand(_ arguments: [String], context: ProcessContext) async -> Int32 {
        // A closed pipe (`stint task list | head`) must end the output quietly, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        // The version needs nothing else: no config file, no parser (ADR 0028).
        if arguments == ["--version"] {
            context.output.write(version + "\n")
            return StintExit.ok.rawValue
        }
        var context = context
        var arguments = arguments
        do {
            // Before parsing: an alias is expanded into the command it stands for (ADR 0027).
            context.config = try ConfigFile.load(environment: context.environment) { commandNames }
            arguments = try context.config.expandingSavedFilter(context.config.expandingAlias(arguments))
            context.style = context.config.applyingColor(to: context.style, environment: context.environment)
        } catch {
            // A broken config file stops every command, but help and the version must still answer.
            if !asksForHelpOrVersion(arguments) { return report(error, verbose: false, to: context) }
        }
        guard arguments.count <= maximumArguments else {
            context.errorOutput.write(
                "stint: too many arguments (\(arguments.count)); a command takes at most \(maximumArguments)\n")
            return StintExit.usage.rawValue
        }
        if let refused = ArgumentFailure.unknownHelpTopic(arguments, to: context) { return refused }
        let run = Run(context: context, state: RunState())
        if let quick = QuickCommandLine.parse(arguments) {
            do {
                try await $running.withValue(run) {
                    try await execute(quick.global) { coordinator in
                        try await quick.invocation.perform(with: coordinator)
                    }
                }
                return StintExit.ok.rawValue
            } catch {
                return report(error, verbose: quick.global.verbose, to: context)
            }
        }
        let command: any ParsableCommand
        do {
            // Asynchronous parsing, with the run's context in reach: a shell's TAB arrives here as
            // `---completion …`, which the parser answers by reading the database (Completions.swift).
            command = try await $running.withValue(run) { try await Stint.asyncParseAsRoot(arguments) }
        } catch {
            return ArgumentFailure.report(error, arguments: arguments, to: context)
        }
        do {
            try await $running.withValue(run) {
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    var command = command
                    try command.run()
                }
            }
            return StintExit.ok.rawValue
        } catch {
            // `--help` on a subcommand arrives here as the parser's own help command, which "fails" with a
            // help request; the parser knows how to present its errors.
            if Stint.exitCode(for: error) == .success || error is ArgumentParser.ValidationError {
                return ArgumentFailure.report(error, arguments: arguments, to: context)
            }
            return report(error, verbose: run.state.verbose, to: context)
        }
    }

    /// What `stint --version` prints; the parser's configuration carries the same string.
    static let version = "0.1.0"

    /// Builds the app for one command and runs it: shared by commands the parser read and by the quick lines
    /// (``QuickCommandLine``), so both behave the same.
    static func execute(
        _ global: QuickCommandLine.Global, _ body: (AppCoordinator) async throws -> Void
    ) async throws {
        let current = StintRuntime.current
        current.state.verbose = global.verbose
        let coordinator = try AppCoordinator(
            context: current.context, json: global.json, verbose: global.verbose, quiet: global.quiet,
            color: global.color)
        defer {
            coordinator.finish()
            if current.context.exitsAfterRun { RetainedUntilExit.keep(coordinator.retainedUntilExit) }
        }
        do {
            try await body(coordinator)
        } catch {
            // A command can fail after it saved something (a later step); that change still goes out.
            await coordinator.startAutoSyncIfNeeded()
            throw error
        }
        await coordinator.startAutoSyncIfNeeded()
    }

    /// The names a command line may begin with: every command and its aliases, and `help`. A config alias may not
    /// take one of them, and must begin with one.
    static let commandNames: Set<String> = {
        var names: Set<String> = ["help"]
        for command in Stint.configuration.subcommands {
            names.insert(command._commandName)
            names.formUnion(command.configuration.aliases)
        }
        return names
    }()

    /// Whether the parser would only print help or the version (or a completion script), which work even when the
    /// config file is broken.
    static func asksForHelpOrVersion(_ arguments: [String]) -> Bool {
        if arguments.first == "help" { return true }
        return arguments.contains {
            ["--help", "-h", "--version", "--generate-completion-script", "---completion", "--experimental-dump-help"]
                .contains($0)
        }
    }

    static func report(_ error: any Error, verbose: Bool, to context: ProcessContext) -> Int32 {
        let presented = ErrorPresenter.present(error)
        // An unexpected failure is a bug: say how to learn more, still on the one line.
        let hint = presented.exit == .unexpected && !verbose ? " (unexpected: rerun with --verbose and report it)" : ""
        context.errorOutput.write("stint: \(presented.message)\(hint)\n")
        if verbose {
            for cause in presented.causes { context.errorOutput.write("  caused by \(cause)\n") }
        }
        return presented.exit.rawValue
    }
}

/// What a command learns while it runs that the runtime needs afterwards (`--verbose`, once parsed).
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var storedVerbose = false

    var verbose: Bool {
        get { lock.withLock { storedVerbose } }
        set { lock.withLock { storedVerbose = newValue } }
    }
}

/// What a process that is about to exit leaves in place (``ProcessContext/exitsAfterRun``).
enum RetainedUntilExit {
    private final class Kept: @unchecked Sendable {
        let lock = NSLock()
        var values: [any Sendable] = []
    }
    private static let kept = Kept()

    static func keep(_ value: any Sendable) {
        kept.lock.withLock { kept.values.append(value) }
    }
}
