import Adapters
import ArgumentParser

struct LogCommand: QuickReadableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log time already spent on a task or project.",
        discussion: """
            Give how long (45m), or when: a range of the day (09:00-10:30) or --start and --end. Without \
            --start the entry ends now; with another --date and no --start it begins at 09:00 (the config \
            file's [log] start can say another time: stint config --help).

            --date looks back: fri is the latest Friday (today included). --start and --end also take a whole \
            moment such as "yesterday 10:00" or "fri 9am" when --date is left out. More than 24 hours in one \
            entry needs --force.

            Examples:
              stint log 45m 12
              stint log 09:00-10:30 12
              stint log 9am-noon 12 --date fri
              stint log 12 --start "fri 14:00" --end "fri 15:30"
              stint log 1h30m 12 --date mon --start 14:00
              stint log 2h --project Work --billable --tag meeting
            """)
    @OptionGroup var global: GlobalOptions
    // DURATION and TASK are read by hand so that a negative duration ("-5m") reaches the duration rule
    // (exit 4, "cannot be negative") instead of being taken for an unknown option (ADR 0009).
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "How long (45m, 1h30m, 1.5h) or when (09:00-10:30), then the task's number or id prefix.",
            valueName: "duration> <task"))
    var rawWords: [String] = []
    @Option(name: [.short, .long], help: "Log on the project itself (name or id prefix).", completion: .projects)
    var project: String?
    @Option(
        name: [.short, .long], parsing: .unconditional, help: "The day: today (default), yesterday, fri, 2026-11-20.",
        completion: .pastDays)
    var date: String?
    @Option(name: [.short, .long], parsing: .unconditional, help: "When the work began: 14:00, 2pm, \"fri 14:00\".")
    var start: String?
    @Option(name: [.short, .long], parsing: .unconditional, help: "With --start, when it ended: 15:30, 3:30pm.")
    var end: String?
    @Option(name: [.short, .long], help: "A note.") var note: String?
    @Flag(name: [.short, .long], help: "Mark the time billable.") var billable = false
    @Option(name: [.customShort("t"), .long], help: "A tag (repeatable).") var tag: [String] = []
    @Flag(name: .long, help: "Allow an entry longer than 24 hours.") var force = false
    @OptionGroup var overlap: OverlapOptions

    /// The words without a `--` terminator, which this parsing strategy hands over as a word.
    var words: [String] { rawWords.filter { $0 != "--" } }
    /// With --end the length is known, so the only word is the task.
    var duration: String? { end == nil ? words.first ?? "" : nil }
    var task: String? { end == nil ? (words.count > 1 ? words[1] : nil) : words.first }

    func validate() throws {
        if end != nil {
            guard start != nil else { throw ValidationError("--end needs --start, e.g. --start 09:00 --end 10:30") }
            // With both ends the one word is the task; a length there ("1h") was read as a task that did not exist.
            if words.count > 1 || words.first.map(Self.looksLikeDuration) == true {
                throw ValidationError(
                    "with --start and --end give no duration: '\(words[0].prefix(40))' would be a second length")
            }
        } else if words.isEmpty {
            throw ValidationError("Missing expected argument '<duration>', e.g. stint log 45m 12")
        }
        for word in words.dropFirst(end == nil ? 1 : 0) where word.hasPrefix("-") {
            throw ValidationError("Unknown option '\(word.prefix(40))'")
        }
        if words.count > 2 { throw ValidationError("Unexpected argument '\(words[2].prefix(40))'") }
    }

    /// `1h`, `45m`, `1h30m`, `1.5h`, `90 min`: a length, never a task's number or id prefix.
    static func looksLikeDuration(_ word: String) -> Bool {
        word.lowercased().wholeMatch(of: /[0-9]+([.,][0-9]+)? ?(h|hrs?|hours?|m|mins?|minutes?)([0-9]+ ?(m|mins?))?/)
            != nil
    }

    var invocation: QuickCommandLine.Invocation {
        .log(
            LogArguments(
                duration: duration, task: task, project: project, date: date, start: start, end: end, note: note,
                billable: billable, tags: tag, force: force, overlap: overlap.choice))
    }
}
