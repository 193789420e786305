import Foundation
import TerminalUI

/// Turns feature models into screens. Pure: no I/O, no clock (times are placed relative to the `today` it was
/// given, in its time zone).
struct TimersPresenter: Sendable {
    static let noTimersMessage = "No timers. Start one with: stint timer start TASK"
    static let noEntriesMessage =
        "No time entries match. Log time with: stint log 30m TASK, or time it with: stint timer start TASK"

    let format: OutputFormat
    let today: CalendarDay
    let timeZone: any DisplayTimeZone

    // MARK: Timers

    /// `start` and `resume`: what runs now, then one line per timer that was paused to make room.
    func started(_ result: TimerStartResult) -> TimersScreen {
        if format == .json { return .json(result) }
        let timer = result.timer
        let name = Self.target(of: timer, withProject: true)
        let first =
            result.resumed
            ? "Resumed timer on \(name) at \(when(timer.lastStartedAt)) "
                + "(\(DurationText.format(seconds: timer.elapsedSeconds)) so far)"
            : "Started timer on \(name) at \(when(timer.lastStartedAt))"
        return .lines([first] + result.paused.map(pausedLine))
    }

    func paused(_ timer: Timer) -> TimersScreen {
        format == .json ? .json(timer) : .lines([pausedLine(timer)])
    }

    func stopped(_ result: TimerStopResult) -> TimersScreen {
        if format == .json { return .json(result) }
        let entry = result.entry
        let logged = DurationText.format(seconds: result.durationSeconds)
        guard result.entries.count > 1 else {
            return .lines([
                "Stopped timer on \(Self.target(of: entry)): logged \(logged) (entry \(DisplayText.shortID(entry.id)))"
            ])
        }
        // One entry per stretch the timer ran: each says when, so the pauses are visible in what was logged.
        var lines = ["Stopped timer on \(Self.target(of: entry)): logged \(logged) in \(result.entries.count) entries"]
        for stretch in result.entries {
            lines.append(
                "  \(DisplayText.shortID(stretch.id))  \(span(of: stretch))  "
                    + DurationText.format(seconds: stretch.durationSeconds))
        }
        return .lines(lines)
    }

    func discarded(_ timer: Timer) -> TimersScreen {
        if format == .json { return .json(timer) }
        return .lines([
            "Discarded timer on \(Self.target(of: timer)): \(DurationText.format(seconds: timer.elapsedSeconds)) "
                + "not logged"
        ])
    }

    /// The user was asked which task to use and chose none. JSON mode prints nothing: nothing happened, and a
    /// question is only asked with a person watching.
    func cancelled(_ message: String) -> TimersScreen {
        format == .json ? .lines([]) : .lines([message])
    }

    /// The dashboard's time block: what runs, then today's and this week's logged time.
    func overview(running: Timer?, pausedCount: Int, spent: TimeSpent) -> TimersScreen {
        if format == .json {
            return .json(
                OverviewPayload(
                    running: running, pausedCount: pausedCount, todaySeconds: spent.todaySeconds,
                    weekSeconds: spent.weekSeconds, todayOnTimersSeconds: spent.todayOnTimersSeconds,
                    weekOnTimersSeconds: spent.weekOnTimersSeconds))
        }
        let paused = pausedCount == 0 ? "" : " · \(pausedCount) paused"
        var fields: [DetailField] = []
        if let running {
            fields.append(
                DetailField(
                    label: "Timer",
                    value: "\(Self.target(of: running, withProject: true)) · "
                        + "\(DurationText.format(seconds: running.elapsedSeconds)) since \(when(running.lastStartedAt))"
                        + paused,
                    color: Self.color(of: .running)))
        } else {
            fields.append(
                DetailField(
                    label: "Timer", value: pausedCount == 0 ? "none running" : "none running\(paused)", color: nil))
        }
        fields.append(
            DetailField(
                label: "Logged",
                value: "today \(Self.spent(spent.todaySeconds, onTimers: spent.todayOnTimersSeconds)) · this week "
                    + Self.spent(spent.weekSeconds, onTimers: spent.weekOnTimersSeconds),
                color: nil))
        return .detail(TimerDetail(heading: "Time", fields: fields, footer: []))
    }

    /// "1h 20m", or "1h 20m (1h on timers)" when part of it is on a timer not yet stopped.
    static func spent(_ seconds: Int, onTimers: Int) -> String {
        let total = DurationText.format(seconds: seconds)
        return onTimers > 0 ? "\(total) (\(DurationText.format(seconds: onTimers)) on timers)" : total
    }

    func status(running: Timer?, paused: [Timer]) -> TimersScreen {
        if format == .json { return .json(StatusPayload(running: running, paused: paused)) }
        guard let running else {
            switch paused.count {
            case 0:
                return .lines(["No timer running. Start one with: stint timer start TASK"])
            case 1:
                let timer = paused[0]
                return .essential([
                    "No timer running.",
                    "1 paused timer: \(Self.target(of: timer)) at \(DurationText.format(seconds: timer.elapsedSeconds))"
                        + ". Resume it with: stint timer resume",
                ])
            default:
                return .essential([
                    "No timer running.",
                    "\(paused.count) paused timers. Resume the latest with: stint timer resume, "
                        + "or see them all with: stint timer list",
                ])
            }
        }
        return .detail(statusDetail(running, pausedCount: paused.count))
    }

    func list(_ timers: [Timer]) -> TimersScreen {
        if format == .json { return .json(timers) }
        guard !timers.isEmpty else { return .lines([Self.noTimersMessage]) }
        let columns = [
            TableColumn("Timer"),
            TableColumn("Task", flexible: true),
            TableColumn("Project", flexible: true),
            TableColumn("State"),
            TableColumn("Elapsed", alignment: .right),
            TableColumn("Started", dropRank: TableColumn.DropRank.context),
            TableColumn("Note", flexible: true, dropRank: TableColumn.DropRank.note),
        ]
        let rows = timers.map { timer -> [TableCell] in
            [
                TableCell(DisplayText.shortID(timer.id)),
                TableCell(Self.taskCell(number: timer.taskNumber, title: timer.taskTitle)),
                TableCell(Self.projectCell(timer.projectName)),
                TableCell(timer.state.rawValue, color: Self.color(of: timer.state)),
                TableCell(DurationText.format(seconds: timer.elapsedSeconds)),
                TableCell(when(timer.startedAt)),
                TableCell(DisplayText.singleLine(timer.note)),
            ]
        }
        return .table(TimerTable(columns: columns, rows: rows))
    }

    // MARK: Entries

    func logged(_ entry: TimeEntry) -> TimersScreen {
        if format == .json { return .json(entry) }
        return .lines(
            [
                "Logged \(DurationText.format(seconds: entry.durationSeconds)) on \(Self.target(of: entry)) "
                    + "on \(span(of: entry)) (entry \(DisplayText.shortID(entry.id)))"
            ] + Self.madeRoom(entry))
    }

    /// The line saying what `--adjust` did to other entries, when it did something.
    static func madeRoom(_ entry: TimeEntry) -> [String] {
        guard let count = entry.adjustedOverlaps, count > 0 else { return [] }
        return [
            count == 1
                ? "Adjusted 1 overlapping entry to make room; stint undo reverts both"
                : "Adjusted \(count) overlapping entries to make room; stint undo reverts them all"
        ]
    }

    /// The entries table ends with a total row. The total is the exact sum of the entries' seconds, formatted
    /// once; rows are each rounded down to the minute on their own, so on screen they may add up to a little less.
    func entries(_ entries: [TimeEntry], layout: EntriesLayout = .table, timers: [Timer] = []) -> TimersScreen {
        if format == .json { return .entriesJSON(entries) }
        if layout == .csv { return .text(entriesCSV(entries)) }
        guard !entries.isEmpty || !timers.isEmpty else { return .lines([Self.noEntriesMessage]) }
        // Other people's entries (`--user`) say whose they are, in a column of their own after the entry's id.
        let byColumn = entries.contains { $0.loggedByName != nil }
        var columns = [
            TableColumn("Entry"),
            TableColumn("Date"),
            TableColumn("Time"),
            TableColumn("Duration", alignment: .right),
            TableColumn("Task", flexible: true),
            // On a narrow terminal: tags, then the note, then the billable mark, then the project (TableColumn.DropRank).
            TableColumn("Project", flexible: true, dropRank: TableColumn.DropRank.context),
            TableColumn("Note", flexible: true, dropRank: TableColumn.DropRank.note),
            TableColumn("Tags", dropRank: TableColumn.DropRank.tags),
            TableColumn("$", dropRank: TableColumn.DropRank.context),
        ]
        if byColumn { columns.insert(TableColumn("By"), at: 1) }
        let entryRows = entries.map { entry -> [TableCell] in
            var row = [
                TableCell(DisplayText.shortID(entry.id)),
                TableCell(day(of: entry.start).iso),
                TableCell(timeRange(of: entry)),
                TableCell(DurationText.format(seconds: entry.durationSeconds)),
                TableCell(Self.taskCell(number: entry.taskNumber, title: entry.taskTitle)),
                TableCell(Self.projectCell(entry.projectName)),
                TableCell(DisplayText.singleLine(entry.note)),
                TableCell(Self.tagList(entry.tags)),
                entry.billable ? TableCell("$", color: .green) : TableCell(""),
            ]
            if byColumn { row.insert(TableCell(DisplayText.singleLine(entry.loggedByName ?? "")), at: 1) }
            return row
        }
        // A timer's row says it is still counting; its time so far is in the total, and the total says so.
        let timerRows = timers.map { timer -> [TableCell] in
            var row = [
                TableCell(
                    timer.state == .running ? "running" : "paused", color: timer.state == .running ? .green : .yellow),
                TableCell(day(of: timer.startedAt).iso),
                TableCell("\(timeOfDay(timer.startedAt))–" + (timer.state == .running ? "now" : "")),
                TableCell(DurationText.format(seconds: timer.elapsedSeconds)),
                TableCell(Self.taskCell(number: timer.taskNumber, title: timer.taskTitle)),
                TableCell(Self.projectCell(timer.projectName)),
                TableCell(DisplayText.singleLine(timer.note)),
                TableCell(Self.tagList(timer.tags)),
                timer.billable ? TableCell("$", color: .green) : TableCell(""),
            ]
            if byColumn { row.insert(TableCell(""), at: 1) }
            return row
        }
        let rows = entryRows + timerRows
        let total = entries.reduce(0) { $0 + $1.durationSeconds } + timers.reduce(0) { $0 + $1.elapsedSeconds }
        var totalRow = Array(repeating: TableCell(""), count: columns.count)
        let shift = byColumn ? 1 : 0
        totalRow[0] = TableCell("Total", color: .bold)
        totalRow[1 + shift] = TableCell(
            entries.count == 1 ? "1 entry" : "\(NumberText.grouped(entries.count)) entries")
        // In the Time column, so the Date column keeps its width on a narrow terminal.
        if !timers.isEmpty {
            totalRow[2 + shift] = TableCell(timers.count == 1 ? "+ 1 timer" : "+ \(timers.count) timers")
        }
        totalRow[3 + shift] = TableCell(DurationText.format(seconds: total), color: .bold)
        return .table(TimerTable(columns: columns, rows: rows, totalRow: totalRow))
    }

    func entryEdited(_ entry: TimeEntry, fields: [String]) -> TimersScreen {
        if format == .json { return .json(entry) }
        return .lines(
            ["Updated entry \(DisplayText.shortID(entry.id)): \(fields.joined(with: ", "))"] + Self.madeRoom(entry)
        )
    }

    func deletionQuestion(for entry: TimeEntry) -> String {
        "Delete entry \(DisplayText.shortID(entry.id)): \(summary(of: entry))?"
    }

    /// JSON mode prints nothing: no entry was changed, and a declined prompt only happens with a person watching.
    func deletionDeclined(_ entry: TimeEntry) -> TimersScreen {
        if format == .json { return .lines([]) }
        return .lines(["Kept entry \(DisplayText.shortID(entry.id)); nothing was deleted."])
    }

    func entryDeleted(_ entry: TimeEntry) -> TimersScreen {
        if format == .json { return .json(entry) }
        return .lines(["Deleted entry \(DisplayText.shortID(entry.id)): \(summary(of: entry))"])
    }

    // MARK: Pieces

    func pausedLine(_ timer: Timer) -> String {
        "Paused timer on \(Self.target(of: timer)) at \(DurationText.format(seconds: timer.elapsedSeconds))"
    }

    func statusDetail(_ timer: Timer, pausedCount: Int) -> TimerDetail {
        var fields = [
            DetailField(label: "Elapsed", value: DurationText.format(seconds: timer.elapsedSeconds), color: .green),
            DetailField(label: "Started", value: when(timer.startedAt)),
        ]
        if timer.intervals.count > 1 {
            fields.append(DetailField(label: "Resumed", value: when(timer.lastStartedAt)))
        }
        if !timer.note.isEmpty {
            fields.append(DetailField(label: "Note", value: DisplayText.singleLine(timer.note)))
        }
        if !timer.tags.isEmpty { fields.append(DetailField(label: "Tags", value: Self.tagList(timer.tags))) }
        fields.append(DetailField(label: "Billable", value: timer.billable ? "yes" : "no"))
        let spent = (timer.loggedSeconds ?? 0) + timer.elapsedSeconds
        if let estimate = timer.estimateSeconds {
            let over = spent > estimate
            let remainder = DurationText.format(seconds: abs(estimate - spent)) + (over ? " over" : " left")
            fields.append(
                DetailField(
                    label: "Estimate",
                    value: "\(DurationText.format(seconds: spent)) of \(DurationText.format(seconds: estimate)) "
                        + "(\(remainder))",
                    color: over ? .red : nil
                ))
        } else if let logged = timer.loggedSeconds, logged > 0 {
            fields.append(
                DetailField(
                    label: "Task total",
                    value: "\(DurationText.format(seconds: spent)) (\(DurationText.format(seconds: logged)) "
                        + "before this timer)"
                ))
        }
        fields.append(DetailField(label: "Timer", value: DisplayText.shortID(timer.id)))
        let footer =
            switch pausedCount {
            case 0: [String]()
            case 1: ["Also 1 paused timer: stint timer list"]
            default: ["Also \(pausedCount) paused timers: stint timer list"]
            }
        return TimerDetail(
            heading: "Running: \(Self.target(of: timer, withProject: true))", fields: fields, footer: footer)
    }

    /// "45m on 12 "Write report" on 2026-11-20 14:00–14:45".
    func summary(of entry: TimeEntry) -> String {
        "\(DurationText.format(seconds: entry.durationSeconds)) on \(Self.target(of: entry)) on \(span(of: entry))"
    }

    /// "2026-11-20 14:00–14:45": the day the entry starts on and its times of day.
    func span(of entry: TimeEntry) -> String {
        "\(day(of: entry.start).iso) \(timeRange(of: entry))"
    }

    /// "14:00–14:45", with "(+1d)" when the entry ends on a later day than it starts.
    func timeRange(of entry: TimeEntry) -> String {
        let range = "\(timeOfDay(entry.start))–\(timeOfDay(entry.end))"
        let days = day(of: entry.end).days(since: day(of: entry.start))
        return days > 0 ? "\(range) (+\(days)d)" : range
    }

    /// "09:15" today, "yesterday 17:00", otherwise "2026-11-20 17:00".
    func when(_ date: Date) -> String {
        let day = day(of: date)
        if day == today { return timeOfDay(date) }
        if day == today.adding(days: -1) { return "yesterday \(timeOfDay(date))" }
        return "\(day.iso) \(timeOfDay(date))"
    }

    func day(of date: Date) -> CalendarDay {
        CalendarDay.from(date, in: timeZone)
    }

    /// "HH:MM" in the presenter's time zone.
    func timeOfDay(_ date: Date) -> String {
        TimestampText.timeOfDay(date, in: timeZone)
    }

    static func color(of state: TimerState) -> TextColor? {
        switch state {
        case .running: .green
        case .paused: .yellow
        }
    }

    /// `12 "Write report"`, `12 "Write report" (Work)` with the project, or `project Work` for a project timer.
    static func target(of timer: Timer, withProject: Bool = false) -> String {
        target(number: timer.taskNumber, title: timer.taskTitle, project: timer.projectName, withProject: withProject)
    }

    static func target(of entry: TimeEntry) -> String {
        target(number: entry.taskNumber, title: entry.taskTitle, project: entry.projectName, withProject: false)
    }

    static func target(number: Int?, title: String?, project: String?, withProject: Bool) -> String {
        let task: String? =
            switch (number, title) {
            case (let number?, let title?): "\(number) \(DisplayText.quoted(title))"
            case (nil, let title?): DisplayText.quoted(title)
            case (let number?, nil): "task \(number)"
            case (nil, nil): nil
            }
        let project = project.map(DisplayText.singleLine)
        guard let task else { return project.map { "project \($0)" } ?? "no task or project" }
        guard withProject, let project else { return task }
        return "\(task) (\(project))"
    }

    /// A project name in a table's Project column, shown as titles are (``DisplayText/singleLine(_:)``).
    static func projectCell(_ name: String?) -> String {
        name.map(DisplayText.singleLine) ?? ""
    }

    /// "billing, call": the tags as a table cell or detail value shows them, escaped as titles are; plain ASCII (what
    /// tags nearly always are) comes back untouched after one look at its bytes.
    static func tagList(_ tags: [String]) -> String {
        DisplayText.singleLine(tags.joined(with: ", "))
    }

    /// "12 Write report" in a table's Task column; empty for a project timer.
    static func taskCell(number: Int?, title: String?) -> String {
        [number.map(String.init), title.map(DisplayText.singleLine)].compactMap { $0 }.joined(with: " ")
    }

}
