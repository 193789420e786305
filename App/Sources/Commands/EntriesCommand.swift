import Adapters
import ArgumentParser

struct EntriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries",
        abstract: "List, edit and delete time entries.",
        discussion: """
            Entries are referenced by an id prefix (the first characters shown by `stint entries`).

            Examples:
              stint entries list --since mon
              stint entries edit 3f2a9c1b --duration 50m
              stint entries delete 3f2a9c1b
            """,
        subcommands: [List.self, Edit.self, Delete.self],
        defaultSubcommand: List.self)

    struct List: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List time entries (today's by default) with a total.",
            discussion: """
                Examples:
                  stint entries list
                  stint entries list --since 2026-11-01 --until 2026-11-30
                  stint entries list --project Work --task 12 --json
                  stint entries list --all --format csv > time.csv
                  stint entries list --since mon --user ana
                """,
            aliases: ["ls"])
        @OptionGroup var global: GlobalOptions
        @Option(
            name: [.short, .long], parsing: .unconditional, help: "From this day (default: today).",
            completion: .pastDays)
        var since: String?
        @Option(
            name: [.short, .long], parsing: .unconditional, help: "Up to and including this day.",
            completion: .pastDays)
        var until: String?
        @Option(name: [.short, .long], help: "Only time on this project and its tasks.", completion: .projects)
        var project: String?
        @Option(name: .long, help: "Only time on this task.", completion: .activeTasks) var task: String?
        @Flag(name: [.short, .long], help: "Every entry, whatever its day.") var all = false
        @Option(name: .long, parsing: .unconditional, help: "Show at most this many, the most recent (at least 1).")
        var limit: Int?
        @Option(name: [.short, .long], help: "The output (default: table; --json is the same as json).")
        var format: ReportFormatOption?
        @Option(help: "Whose entries: me (default), all, or a team member's name.", completion: .list(["me", "all"]))
        var user: String?

        func validate() throws {
            if all && (since != nil || until != nil) {
                throw ValidationError("use either --all or --since/--until, not both")
            }
            try OutputChoice.check(json: global.json, format: format)
        }

        var invocation: QuickCommandLine.Invocation {
            .entriesList(
                EntriesListArguments(
                    since: since, until: until, project: project, task: task, all: all, limit: limit, format: format,
                    user: user))
        }
    }

    struct Edit: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an entry's start, duration, note, billing, tags or target.",
            discussion: """
                Examples:
                  stint entries edit 3f2a9c1b --duration 50m
                  stint entries edit 3f2a9c1b --start "yesterday 14:00"
                  stint entries edit 3f2a9c1b --task 14 --tag client
                  stint entries edit 3f2a9c1b   # no flags: in $EDITOR
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry: an id prefix.", completion: .entries) var entry: String
        @Option(name: [.short, .long], parsing: .unconditional, help: "New start: 14:00, \"yesterday 14:00\".")
        var start: String?
        @Option(name: [.short, .long], parsing: .unconditional, help: "New duration: 50m, 1h30m.")
        var duration: String?
        @Option(name: [.short, .long], help: "New note (\"\" clears it).") var note: String?
        @Flag(inversion: .prefixedNo, help: "Mark billable or not.") var billable: Bool?
        @Option(name: [.customShort("t"), .long], help: "Replace the tags (repeatable).") var tag: [String] = []
        @Flag(name: .long, help: "Remove every tag.") var clearTags = false
        @Option(name: .long, help: "Move the time to this task.", completion: .activeTasks) var task: String?
        @Option(name: [.short, .long], help: "Move the time to this project (no task).", completion: .projects)
        var project: String?
        @Flag(name: .long, help: "Allow an entry longer than 24 hours.") var force = false
        @OptionGroup var overlap: OverlapOptions

        func validate() throws {
            if clearTags && !tag.isEmpty { throw ValidationError("use either --tag or --clear-tags, not both") }
            if task != nil && project != nil {
                throw ValidationError("use either --task or --project: time goes to one of them")
            }
        }

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.editEntryOrOpenForm(
                EntryEditArguments(
                    entry: entry, start: start, duration: duration, note: note, billable: billable, tags: tag,
                    clearTags: clearTags, task: task, project: project, force: force, overlap: overlap.choice))
        }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an entry (asks on a terminal; `stint undo` restores it).",
            discussion: "Examples:\n  stint entries delete 3f2a9c1b", aliases: ["rm"])
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry: an id prefix.", completion: .entries) var entry: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.deleteEntry(entry)
        }
    }
}
