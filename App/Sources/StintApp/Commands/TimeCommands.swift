import ArgumentParser
import Foundation
import ReportsFeature
import TimersFeature

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Start, pause, resume and stop timers on tasks or projects.",
        discussion: """
            One timer runs at a time: starting or resuming one pauses the running one. Stopping a timer
            logs its time (pauses left out) as one entry. `stint timer` alone shows the running timer.
            TIMER is the task number whose timer it is, or a timer id prefix; left out it means the running
            timer (for resume: the most recently paused one).
            --at takes 09:15, "10 min ago", "yesterday 17:30" or 2026-11-20T17:30.

            Examples:
              stint timer start 12
              stint timer start --project Work --note "planning" --billable
              stint timer start 12 --at "20 min ago"
              stint timer pause
              stint timer stop --note "first draft done"
            """,
        subcommands: [
            Start.self, Pause.self, Resume.self, Stop.self, Discard.self, Status.self, List.self,
        ],
        defaultSubcommand: Status.self)

    struct Start: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start a timer on a task (or a project), pausing the running one.",
            discussion: """
                Without a task or --project, a terminal lets you pick a task; a script must name one.
                Starting a task whose timer is paused resumes that timer.

                Examples:
                  stint timer start 12
                  stint timer start 12 --at 09:15
                  stint timer start --project Work --billable
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The task: its number or id prefix.") var task: String?
        @Option(name: [.short, .long], help: "Time the project itself (name or id prefix).") var project: String?
        @Option(name: [.short, .long], help: "A note for the time entry.") var note: String?
        @Flag(name: [.short, .long], help: "Mark the time billable.") var billable = false
        @Option(name: .long, parsing: .unconditional, help: "When you started: 09:15, \"10 min ago\".")
        var at: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            let request = TimerStartRequest(
                task: task, project: project, note: note, billable: billable,
                at: try at.map { text throws(WorkerError) in try input.instant(text) })
            try await coordinator.timers(json: global.json).start(request)
        }
    }

    struct Pause: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause", abstract: "Pause the running timer.",
            discussion: "Examples:\n  stint timer pause\n  stint timer pause --at \"5 min ago\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer (task number or timer id prefix); default: the running one.") var timer: String?
        @Option(name: .long, parsing: .unconditional, help: "When you stopped working.") var at: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).pause(
                timer: timer, at: try at.map { text throws(WorkerError) in try input.instant(text) })
        }
    }

    struct Resume: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume", abstract: "Resume a paused timer (pausing the running one).",
            discussion: "Examples:\n  stint timer resume\n  stint timer resume 12 --at 13:30")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer; default: the most recently paused one.") var timer: String?
        @Option(name: .long, parsing: .unconditional, help: "When you started again.") var at: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).resume(
                timer: timer, at: try at.map { text throws(WorkerError) in try input.instant(text) })
        }
    }

    struct Stop: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "stop", abstract: "Stop a timer and log its time as one entry.",
            discussion: """
                A timer that ran more than 24 hours is usually forgotten: stop it --at when you stopped
                working, or pass --force to log it all.

                Examples:
                  stint timer stop
                  stint timer stop --at 17:45 --note "review done"
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer; default: the running one (or the only paused one).") var timer: String?
        @Option(name: .long, parsing: .unconditional, help: "When you stopped working.") var at: String?
        @Option(name: [.short, .long], help: "The entry's note (default: the timer's).") var note: String?
        @Flag(name: .long, help: "Allow an entry longer than 24 hours.") var force = false

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).stop(
                timer: timer, at: try at.map { text throws(WorkerError) in try input.instant(text) }, note: note,
                force: force)
        }
    }

    struct Discard: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "discard", abstract: "Throw a timer away without logging its time.",
            discussion: "`stint undo` brings it back.\n\nExamples:\n  stint timer discard\n  stint timer discard 12")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer; default: the running one (or the only paused one).") var timer: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).discard(timer: timer)
        }
    }

    struct Status: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show the running timer and how many are paused.",
            discussion: "Examples:\n  stint timer status\n  stint timer --json")
        @OptionGroup var global: GlobalOptions

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).status()
        }
    }

    struct List: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List all timers, the running one first, with their elapsed time.",
            discussion: "Examples:\n  stint timer list\n  stint timer list --json", aliases: ["ls"])
        @OptionGroup var global: GlobalOptions

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).list()
        }
    }
}

struct LogCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log time already spent on a task or project.",
        discussion: """
            Without --start the entry ends now; with another --date and no --start it begins at 09:00.
            More than 24 hours in one entry needs --force.

            Examples:
              stint log 45m 12
              stint log 1h30m 12 --date yesterday --start 14:00 --note "review"
              stint log 2h --project Work --billable --tag meeting
            """)
    @OptionGroup var global: GlobalOptions
    // DURATION and TASK are read by hand so that a negative duration ("-5m") reaches the duration rule
    // (exit 4, "cannot be negative") instead of being taken for an unknown option (ADR 0009).
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "How long (45m, 1h30m, 1.5h), then the task's number or id prefix.", valueName: "duration> <task"))
    var rawWords: [String] = []
    @Option(name: [.short, .long], help: "Log on the project itself (name or id prefix).") var project: String?
    @Option(name: [.short, .long], parsing: .unconditional, help: "The day: today (default), yesterday, 2026-11-20.")
    var date: String?
    @Option(name: [.short, .long], parsing: .unconditional, help: "When the work began that day: 14:00.")
    var start: String?
    @Option(name: [.short, .long], help: "A note.") var note: String?
    @Flag(name: [.short, .long], help: "Mark the time billable.") var billable = false
    @Option(name: [.customShort("t"), .long], help: "A tag (repeatable).") var tag: [String] = []
    @Flag(name: .long, help: "Allow an entry longer than 24 hours.") var force = false

    /// The words without a `--` terminator, which this parsing strategy hands over as a word.
    var words: [String] { rawWords.filter { $0 != "--" } }
    var duration: String { words.first ?? "" }
    var task: String? { words.count > 1 ? words[1] : nil }

    func validate() throws {
        guard !words.isEmpty else {
            throw ValidationError("Missing expected argument '<duration>', e.g. stint log 45m 12")
        }
        for word in words.dropFirst() where word.hasPrefix("-") {
            throw ValidationError("Unknown option '\(word.prefix(40))'")
        }
        if words.count > 2 { throw ValidationError("Unexpected argument '\(words[2].prefix(40))'") }
    }

    func run(with coordinator: AppCoordinator, input: InputReader) async throws {
        let seconds = try input.seconds(duration, field: "duration")
        var day = input.today
        if let date { day = try input.entityDay(date, field: "date") }
        let began: Date
        if let start {
            began = try input.time(start, on: day, field: "start")
        } else if day == input.today {
            began = input.now.addingTimeInterval(-TimeInterval(seconds))
        } else {
            began = try input.time("09:00", on: day, field: "start")
        }
        let request = LogRequest(
            durationSeconds: seconds, task: task, project: project, start: began, note: note, billable: billable,
            tags: tag, force: force)
        try await coordinator.timers(json: global.json).log(request)
    }
}

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

    struct List: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List time entries (today's by default) with a total.",
            discussion: """
                Examples:
                  stint entries list
                  stint entries list --since 2026-11-01 --until 2026-11-30 --project Work
                  stint entries list --task 12 --json
                """,
            aliases: ["ls"])
        @OptionGroup var global: GlobalOptions
        @Option(name: [.short, .long], parsing: .unconditional, help: "From this day (default: today).")
        var since: String?
        @Option(name: [.short, .long], parsing: .unconditional, help: "Up to and including this day.")
        var until: String?
        @Option(name: [.short, .long], help: "Only time on this project and its tasks.") var project: String?
        @Option(name: .long, help: "Only time on this task.") var task: String?
        @Flag(name: [.short, .long], help: "Every entry, whatever its day.") var all = false
        @Option(name: .long, help: "Show at most this many (the most recent).") var limit: Int?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            var sinceDay = try since.map { text throws(WorkerError) in try input.day(text, field: "since") }
            let untilDay = try until.map { text throws(WorkerError) in try input.day(text, field: "until") }
            // A bare `stint entries` shows today; a task, a project or an end day widen it to all time.
            if sinceDay == nil, untilDay == nil, task == nil, project == nil, !all {
                sinceDay = try input.day("today", field: "since")
            }
            try await coordinator.timers(json: global.json).entries(
                EntryQuery(since: sinceDay, until: untilDay, project: project, task: task, limit: limit))
        }
    }

    struct Edit: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an entry's start, duration, note, billing, tags or target.",
            discussion: """
                Examples:
                  stint entries edit 3f2a9c1b --duration 50m
                  stint entries edit 3f2a9c1b --start "yesterday 14:00" --note "review"
                  stint entries edit 3f2a9c1b --task 14 --no-billable --tag client
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry: an id prefix.") var entry: String
        @Option(name: [.short, .long], parsing: .unconditional, help: "New start: 14:00, \"yesterday 14:00\".")
        var start: String?
        @Option(name: [.short, .long], parsing: .unconditional, help: "New duration: 50m, 1h30m.")
        var duration: String?
        @Option(name: [.short, .long], help: "New note (\"\" clears it).") var note: String?
        @Flag(inversion: .prefixedNo, help: "Mark billable or not.") var billable: Bool?
        @Option(name: [.customShort("t"), .long], help: "Replace the tags (repeatable).") var tag: [String] = []
        @Flag(name: .long, help: "Remove every tag.") var clearTags = false
        @Option(name: .long, help: "Move the time to this task.") var task: String?
        @Option(name: [.short, .long], help: "Move the time to this project (no task).") var project: String?
        @Flag(name: .long, help: "Allow an entry longer than 24 hours.") var force = false

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            let changes = EntryChanges(
                start: try start.map { text throws(WorkerError) in try input.instant(text, field: "start") },
                durationSeconds: try duration.map { text throws(WorkerError) in
                    try input.seconds(text, field: "duration")
                },
                note: note, billable: billable, tags: clearTags ? [] : (tag.isEmpty ? nil : tag), task: task,
                project: project, force: force)
            try await coordinator.timers(json: global.json).editEntry(entry, changes: changes)
        }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an entry (asks on a terminal; `stint undo` restores it).",
            discussion: "Examples:\n  stint entries delete 3f2a9c1b", aliases: ["rm"])
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The entry: an id prefix.") var entry: String

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.timers(json: global.json).deleteEntry(entry)
        }
    }
}

struct ReportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Time totals for a period, by project, task, day, week or tag.",
        discussion: """
            The period is this week by default (Monday to Sunday). Totals add up exactly: time is cut at
            the period's edges and at midnight, and rows are rounded so they sum to the total line.
            On a terminal a bar chart of hours per day (or per week) follows the table.

            Examples:
              stint report
              stint report --month --by day
              stint report --since 2026-01-01 --until 2026-03-31 --by project --billable
              stint report --year --by week --format csv > 2026.csv
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Today.") var today = false
    @Flag(name: .long, help: "This week, Monday to Sunday (default).") var week = false
    @Flag(name: .long, help: "This calendar month.") var month = false
    @Flag(name: .long, help: "This calendar year.") var year = false
    @Option(name: [.short, .long], parsing: .unconditional, help: "From this day.") var since: String?
    @Option(name: [.short, .long], parsing: .unconditional, help: "Up to and including this day (default: today).")
    var until: String?
    @Option(name: .long, help: "Group by project (default), task, day, week or tag.") var by: String?
    @Option(name: [.short, .long], help: "Only time on this project and its tasks.") var project: String?
    @Flag(name: [.short, .long], help: "Only billable time.") var billable = false
    @Option(name: [.short, .long], help: "table (default), csv or json.") var format: String?

    func validate() throws {
        let periods = [today, week, month, year].filter { $0 }.count
        if periods > 1 { throw ValidationError("choose one of --today, --week, --month and --year") }
        if periods == 1, since != nil || until != nil {
            throw ValidationError("--since/--until cannot be combined with --today, --week, --month or --year")
        }
    }

    func run(with coordinator: AppCoordinator, input: InputReader) async throws {
        let period: ReportPeriod
        if since != nil || until != nil {
            let end = try until.map { text throws(WorkerError) in try input.day(text, field: "until") }
            guard let start = try since.map({ text throws(WorkerError) in try input.day(text, field: "since") })
            else {
                throw WorkerError(.invalidInput, "--until needs --since: the first day of the report")
            }
            let todayDay = try input.day("today", field: "until")
            period = .custom(since: start, until: end ?? todayDay)
        } else if today {
            period = .today
        } else if month {
            period = .month
        } else if year {
            period = .year
        } else {
            period = .week
        }
        let grouping: ReportsFeature.ReportGrouping
        switch by?.lowercased() {
        case nil, "project", "projects": grouping = .project
        case "task", "tasks": grouping = .task
        case "day", "days": grouping = .day
        case "week", "weeks": grouping = .week
        case "tag", "tags": grouping = .tag
        case let other?:
            throw WorkerError(
                .invalidInput, "unknown grouping '\(other.prefix(30))': use project, task, day, week or tag")
        }
        let outputFormat: ReportFormat
        switch global.json ? "json" : format?.lowercased() {
        case nil: outputFormat = .table
        case "table": outputFormat = .table
        case "csv": outputFormat = .csv
        case "json": outputFormat = .json
        case let other?:
            throw WorkerError(.invalidInput, "unknown format '\(other.prefix(30))': use table, csv or json")
        }
        try await coordinator.reports(format: outputFormat).report(
            ReportQuery(period: period, grouping: grouping, project: project, billableOnly: billable))
    }
}
