import ArgumentParser
import Foundation

/// `stint`: projects, task lists, tasks and time tracking, offline first.
public struct Stint: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stint",
        abstract: "Projects, task lists, tasks and time tracking from the command line, offline first.",
        discussion: """
            Run `stint` alone for a dashboard: the running timer, today's and this week's time, and
            overdue, due-today and in-progress tasks.

            Data lives in $STINT_HOME, else $XDG_DATA_HOME/stint, else ~/.local/share/stint.
            Tasks are referenced by their number (12) or an id prefix (3f9a2c); projects and lists
            by name (any case) or id prefix. Dates: 2026-12-01, today, tomorrow, fri, +3d, +2w.
            Durations: 1h30m, 90m, 1.5h. Times (--at): 09:15, "10 min ago", "yesterday 17:30".

            Exit codes: 0 ok, 1 unexpected, 2 not found, 3 ambiguous reference, 4 invalid input,
            5 conflict, 6 storage problem, 64 command-line usage.

            Examples:
              stint project add Work
              stint task add "Write report" --project Work --due fri --priority high --tag writing
              stint task list --due overdue
              stint timer start 12
              stint log 45m 12 --date yesterday
              stint report --month --by day
              stint task done 12
              stint undo
            """,
        version: "0.1.0",
        subcommands: [
            DashboardCommand.self, ProjectCommand.self, ListCommand.self, TaskCommand.self, TimerCommand.self,
            LogCommand.self, EntriesCommand.self, ReportCommand.self, UndoCommand.self, ExportCommand.self,
            ImportCommand.self,
        ],
        defaultSubcommand: DashboardCommand.self
    )

    public init() {}
}

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON with stable snake_case field names instead of a table.")
    var json = false

    @Flag(name: [.short, .long], help: "Log debug detail (events, error causes) to stderr.")
    var verbose = false
}

/// What every leaf command does once parsed: build the app for this run and hand over.
protocol StintCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    func run(with coordinator: AppCoordinator, input: InputReader) async throws
}

extension StintCommand {
    func run() async throws {
        let app = try StintRuntime.start(verbose: global.verbose)
        try await run(with: app.coordinator, input: app.input)
    }
}

struct DashboardCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "The running timer, time logged today and this week, and tasks that need attention.",
        discussion: "Examples:\n  stint\n  stint dashboard --json")

    @OptionGroup var global: GlobalOptions

    func run(with coordinator: AppCoordinator, input: InputReader) async throws {
        try await coordinator.dashboard(json: global.json)
    }
}

struct UndoCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the last change and say what it was.",
        discussion: "Run it again to go further back.\n\nExamples:\n  stint undo")

    @OptionGroup var global: GlobalOptions

    func run(with coordinator: AppCoordinator, input: InputReader) async throws {
        try await coordinator.undo(json: global.json)
    }
}

struct ExportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every project, list and task as JSON (lossless).",
        discussion: "Examples:\n  stint export > backup.json\n  stint export --output backup.json")

    @OptionGroup var global: GlobalOptions

    @Option(name: [.short, .long], help: "Write to this file instead of stdout.")
    var output: String?

    func run(with coordinator: AppCoordinator, input: InputReader) async throws {
        try await coordinator.export(to: output)
    }
}

struct ImportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a file written by `stint export` (importing it twice changes nothing).",
        discussion: "Items are matched by id; the whole import is one change that `stint undo` reverts.\n\n"
            + "Examples:\n  stint import backup.json")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The JSON file to import.")
    var file: String

    func run(with coordinator: AppCoordinator, input: InputReader) async throws {
        try await coordinator.importFile(file, json: global.json)
    }
}
