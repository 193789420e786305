import Entities
import Foundation
import TimersFeature
import Workers

/// `stint timer …`, `stint log` and `stint entries …`: the Timers feature.
extension AppCoordinator {
    public func startTimer(_ arguments: TimerStartArguments) async throws {
        let request = TimerStartRequest(
            task: arguments.task, project: arguments.project, note: arguments.note, billable: arguments.billable,
            at: try instant(arguments.at), tags: arguments.tags)
        try await timersFeature().start(request)
    }

    /// `stint timer restart`: a new timer on the task (or project) of your latest entry, billable and tagged as it was.
    public func restartTimer(at: String?, note: String?) async throws {
        let last = try await container.workers.makeTimeWorker().lastWorkedOn()
        try await timersFeature().start(
            TimerStartRequest(
                task: last.task, project: last.project, note: note, billable: last.billable, at: try instant(at),
                tags: last.tags))
    }

    public func pauseTimer(_ timer: String?, at: String?) async throws {
        try await timersFeature().pause(timer: timer, at: try instant(at))
    }

    public func resumeTimer(_ timer: String?, at: String?) async throws {
        try await timersFeature().resume(timer: timer, at: try instant(at))
    }

    public func stopTimer(_ arguments: TimerStopArguments) async throws {
        try await timersFeature().stop(
            timer: arguments.timer, at: try instant(arguments.at), note: arguments.note, force: arguments.force)
    }

    public func discardTimer(_ timer: String?) async throws {
        try await timersFeature().discard(timer: timer)
    }

    public func timerStatus() async throws {
        try await timersFeature().status()
    }

    public func listTimers() async throws {
        try await timersFeature().list()
    }

    public func log(_ arguments: LogArguments) async throws {
        let input = self.input
        let day = try arguments.date.map { text throws(WorkerError) in
            try input.day(text, field: "date", leaning: .past)
        }
        let (seconds, start) = try logTiming(arguments, day: day)
        let request = LogRequest(
            durationSeconds: seconds, task: arguments.task, project: arguments.project, start: start,
            note: arguments.note, billable: arguments.billable, tags: arguments.tags, force: arguments.force,
            overlap: Self.overlapChoice(arguments.overlap))
        try await timersFeature().log(request)
    }

    /// How long and from when, from one of the three ways to say it: a duration (`45m`, ending now or starting at
    /// `--start`), a range of the day (`09:00-10:30`), or `--start` and `--end`.
    private func logTiming(_ arguments: LogArguments, day: Day?) throws(WorkerError) -> (seconds: Int, start: Date) {
        let input = self.input
        let calendar = container.calendar
        if let end = arguments.end, let startText = arguments.start {
            let start = try moment(startText, field: "start", day: day)
            let finish = try moment(end, field: "end", day: day)
            return (try Self.length(from: start, to: finish, what: "--end"), start)
        }
        let text = arguments.duration ?? ""
        if let (from, to) = Self.dayRange(text) {
            guard arguments.start == nil else {
                throw WorkerError(.invalidInput, "a range already says when: leave out --start")
            }
            let on = day ?? calendar.today
            let start = from.date(on: on, in: calendar.timeZone)
            let finish = to.date(on: on, in: calendar.timeZone)
            return (try Self.length(from: start, to: finish, what: "the range"), start)
        }
        let seconds = try input.seconds(text, field: "duration")
        if let startText = arguments.start, (try? input.timeOfDay(startText, field: "start")) == nil {
            return (seconds, try moment(startText, field: "start", day: day))
        }
        // Without --start, the config file's `[log] start` is the --start not typed (ADR 0027).
        let time =
            try arguments.start.map { text throws(WorkerError) in try input.timeOfDay(text, field: "start") }
            ?? container.environment.config.logStart
        let start = TimeEntry.loggedStart(
            durationSeconds: seconds, day: day, start: time, today: calendar.today, now: calendar.now,
            timeZone: calendar.timeZone)
        return (seconds, start)
    }

    /// A time of day on `day` (today by default), or, without `--date`, any moment `InstantExpression` reads.
    private func moment(_ text: String, field: String, day: Day?) throws(WorkerError) -> Date {
        let input = self.input
        if let time = try? input.timeOfDay(text, field: field) {
            return time.date(on: day ?? input.today, in: input.timeZone)
        }
        guard day == nil else {
            throw WorkerError(
                .invalidInput,
                "--\(field) takes a time of day such as 14:00 with --date; without --date it also takes a moment "
                    + "such as \"fri 14:00\"")
        }
        return try input.instant(text, field: field)
    }

    /// `09:00-10:30`, `9am-noon`: two times of day joined by one hyphen, or by the en dash Stint itself prints
    /// (`08:40–09:00`, pasted back from a listing); nil for anything else (a duration).
    static func dayRange(_ text: String) -> (TimeOfDay, TimeOfDay)? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "\u{2013}" }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            let from = try? TimeOfDay.parse(String(parts[0]), field: "start"),
            let to = try? TimeOfDay.parse(String(parts[1]), field: "end")
        else { return nil }
        return (from, to)
    }

    private static func length(from start: Date, to end: Date, what: String) throws(WorkerError) -> Int {
        let seconds = Int(end.timeIntervalSince(start).rounded())
        guard seconds != 0 else {
            throw WorkerError(.invalidInput, "the end is the same as the start: give an end after the start")
        }
        guard seconds > 0 else {
            throw WorkerError(
                .invalidInput,
                "\(what) ends before it begins: for work past midnight give --start and --end with their days, "
                    + "e.g. --start \"yesterday 22:00\" --end 01:00")
        }
        return seconds
    }

    public func listEntries(_ arguments: EntriesListArguments) async throws {
        let input = self.input
        // `--format json` is `--json`, as for reports; the command refuses `--json` with another format.
        let feature = json || arguments.format != .json ? self : AppCoordinator(container: container, json: true)
        try await feature.timersFeature().entries(
            EntryQuery(
                since: try arguments.since.map { text throws(WorkerError) in
                    try input.calendarDay(text, field: "since", leaning: .past)
                },
                until: try arguments.until.map { text throws(WorkerError) in
                    try input.calendarDay(text, field: "until", leaning: .past)
                },
                project: arguments.project, task: arguments.task, limit: try input.limit(arguments.limit),
                all: arguments.all, layout: arguments.format == .csv ? .csv : .table,
                author: Self.entryAuthor(arguments.user)))
    }

    /// `--user`: `me` (the default), `all`, or a member's name for the Services to resolve, as for reports.
    static func entryAuthor(_ user: String?) -> EntryAuthor {
        switch author(user) {
        case .me: .me
        case .everyone: .everyone
        case .member(let name): .member(name)
        }
    }

    public func editEntry(_ arguments: EntryEditArguments) async throws {
        let input = self.input
        let changes = EntryChanges(
            start: try arguments.start.map { text throws(WorkerError) in try input.instant(text, field: "start") },
            durationSeconds: try arguments.duration.map { text throws(WorkerError) in
                try input.seconds(text, field: "duration")
            },
            note: arguments.note, billable: arguments.billable,
            tags: arguments.clearTags ? [] : (arguments.tags.isEmpty ? nil : arguments.tags), task: arguments.task,
            project: arguments.project, force: arguments.force, overlap: Self.overlapChoice(arguments.overlap))
        try await timersFeature().editEntry(arguments.entry, changes: changes)
    }

    public func deleteEntry(_ reference: String) async throws {
        try await timersFeature().deleteEntry(reference)
    }

    private func instant(_ text: String?) throws(WorkerError) -> Date? {
        let input = self.input
        return try text.map { text throws(WorkerError) in try input.instant(text) }
    }

    static func overlapChoice(_ argument: OverlapArgument) -> OverlapChoice {
        switch argument {
        case .refuse: .refuse
        case .allow: .allow
        case .adjust: .adjust
        }
    }
}
