import Adapters
import ArgumentParser

/// `stint`: projects, task lists, tasks and time tracking, offline first.
public struct Stint: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stint",
        abstract: "Projects, task lists, tasks and time tracking from the command line, offline first.",
        discussion: """
            Run `stint` alone for a dashboard: the running timer, today's and this week's time, and overdue, \
            due-today and in-progress tasks.

            Data lives in $STINT_HOME, else $XDG_DATA_HOME/stint, else ~/.local/share/stint.

            Tasks are referenced by their number (12) or an id prefix (3f9a2c); projects and lists by name \
            (any case) or id prefix. Dates: 2026-12-01, today, tomorrow, fri, next week, dec 1, eom, +3d, +2w, \
            "3 days ago" (a weekday looks ahead in --due, back everywhere else). Durations: 1h30m, 90m, 1.5h. \
            Times: 09:15, 5pm, "10 min ago", "yesterday 17:30", "fri 10:00".

            Exit codes: 0 ok, 1 unexpected, 2 not found, 3 ambiguous reference, 4 invalid input (a bad value), \
            5 conflict (duplicate name, nothing to undo, no timer to act on, needs --force, not logged in), \
            6 storage problem, 7 server (unreachable, refused the token, or answered nonsense; nothing local is \
            lost), 64 command-line usage (unknown flag or command, missing or conflicting arguments).

            Shell completion: `stint --generate-completion-script bash` (or zsh, fish) prints the script that \
            completes commands, option values, project and list names and task numbers; `make install` puts \
            it in place for all three shells, with the manual page stint(1).

            Examples:
              stint project add Work
              stint task add "Write report" --project Work --due fri
              stint task list --due overdue
              stint timer start 12
              stint log 45m 12 --date yesterday
              stint report --month --by day
              stint task done 12
              stint undo
            """,
        version: StintRuntime.version,
        subcommands: [
            DashboardCommand.self, ProjectCommand.self, ListCommand.self, TaskCommand.self, TimerCommand.self,
            LogCommand.self, EntriesCommand.self, ReportCommand.self, UndoCommand.self, ExportCommand.self,
            ImportCommand.self, LoginCommand.self, LogoutCommand.self, SyncCommand.self, TeamCommand.self,
            ConfigCommand.self,
        ],
        defaultSubcommand: DashboardCommand.self
    )

    public init() {}
}

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON with stable snake_case field names instead of a table.")
    var json = false

    @Flag(name: [.short, .long], help: "Log debug detail (events, SQL statement count, error causes) to stderr.")
    var verbose = false

    @Flag(
        name: [.short, .long],
        help: ArgumentHelp(
            "For scripts: print only what was asked for (tables, details, counts, JSON), no confirmations, hints or "
                + "progress. Errors still go to stderr."))
    var quiet = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "When to colour: auto (on a terminal, unless NO_COLOR is set or FORCE_COLOR asks for it), always or never.",
            valueName: "when"))
    var color: ColorOption = .auto

    /// `--quiet` and `--verbose` ask for opposite things; refusing both is clearer than picking one silently.
    func validate() throws {
        if quiet && verbose {
            throw ValidationError("--quiet and --verbose exclude each other: pick one")
        }
    }
}

extension ColorOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// What every leaf command does once parsed: build the app for this run and hand the parsed arguments
/// to the coordinator. Commands hold no rule: defaults, ranges and choices live in the features, the
/// workers and Entities.
protocol StintCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    /// The command never changes local data: its database is opened read-only (ADR 0028, decision 19). A
    /// command the quick table reads says so through its ``QuickCommandLine/Invocation`` instead.
    static var onlyReads: Bool { get }
    func run(with coordinator: AppCoordinator) async throws
}

extension StintCommand {
    static var onlyReads: Bool { false }

    func run() async throws {
        try await StintRuntime.execute(QuickCommandLine.Global(global)) { coordinator in
            if Self.onlyReads { coordinator.expectOnlyReads() }
            try await run(with: coordinator)
        }
    }
}

/// A command the quick table also reads (``QuickCommandLine``): both readers produce its ``invocation``, and
/// running it is the invocation's work, so the two paths cannot drift apart.
protocol QuickReadableCommand: StintCommand {
    var invocation: QuickCommandLine.Invocation { get }
}

extension QuickReadableCommand {
    func run(with coordinator: AppCoordinator) async throws {
        try await invocation.perform(with: coordinator)
    }
}

extension QuickCommandLine.Global {
    init(_ options: GlobalOptions) {
        self.init(json: options.json, verbose: options.verbose, quiet: options.quiet, color: options.color)
    }
}
