import Entities
import Foundation
import TerminalUI
import TimersFeature
import Workers

/// Fulfils the Timers feature's Services with the time worker. Mapping only.
struct TimersAdapter: TimersServices {
    let worker: TimeWorker

    func startTimer(_ request: TimerStartRequest) async throws -> TimerStartResult {
        Self.result(
            try await worker.start(
                task: request.task, project: request.project, note: request.note, billable: request.billable,
                tags: request.tags, at: request.at))
    }

    func pauseTimer(reference: String?, at: Date?) async throws -> TimersFeature.Timer {
        Self.timer(try await worker.pause(reference, at: at))
    }

    func resumeTimer(reference: String?, at: Date?) async throws -> TimerStartResult {
        Self.result(try await worker.resume(reference, at: at))
    }

    func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) async throws -> TimerStopResult {
        TimerStopResult(entries: try await worker.stop(reference, at: at, note: note, force: force).map(Self.entry))
    }

    func discardTimer(reference: String?) async throws -> TimersFeature.Timer {
        Self.timer(try await worker.discard(reference))
    }

    func timers() async throws -> [TimersFeature.Timer] {
        try await worker.allTimers().map(Self.timer)
    }

    func logTime(_ request: LogRequest) async throws -> TimersFeature.TimeEntry {
        Self.entry(
            try await worker.log(
                LogInput(
                    durationSeconds: request.durationSeconds, task: request.task, project: request.project,
                    start: request.start, note: request.note, billable: request.billable, tags: request.tags,
                    force: request.force, overlap: Self.policy(request.overlap))))
    }

    static func policy(_ choice: OverlapChoice) -> OverlapPolicy {
        switch choice {
        case .refuse: .refuse
        case .allow: .allow
        case .adjust: .adjust
        }
    }

    func entries(matching query: EntryQuery) async throws -> [TimersFeature.TimeEntry] {
        var search = EntrySearch(
            since: try query.since.map(DayMapping.day), until: try query.until.map(DayMapping.day),
            project: query.project, task: query.task, limit: query.limit)
        search.author =
            switch query.author {
            case .me: .me
            case .everyone: .everyone
            case .member(let name): .member(name)
            }
        return try await worker.entries(search).map(Self.entry)
    }

    func entry(reference: String) async throws -> TimersFeature.TimeEntry {
        Self.entry(try await worker.entry(reference))
    }

    func editEntry(reference: String, changes: EntryChanges) async throws -> TimersFeature.TimeEntry {
        Self.entry(
            try await worker.edit(
                reference,
                EntryEdit(
                    start: changes.start, durationSeconds: changes.durationSeconds, note: changes.note,
                    billable: changes.billable, tags: changes.tags, task: changes.task, project: changes.project,
                    force: changes.force, overlap: Self.policy(changes.overlap))))
    }

    func deleteEntry(reference: String) async throws -> TimersFeature.TimeEntry {
        Self.entry(try await worker.delete(reference))
    }

    func timeSpent() async throws -> TimeSpent {
        let spent = try await worker.todayAndWeek()
        return TimeSpent(
            todaySeconds: spent.today, weekSeconds: spent.week, todayOnTimersSeconds: spent.todayOnTimers,
            weekOnTimersSeconds: spent.weekOnTimers)
    }

    // MARK: - Mapping

    static func result(_ details: TimerStartDetails) -> TimerStartResult {
        TimerStartResult(
            timer: timer(details.timer), paused: details.paused.map(timer), resumed: details.resumedExisting)
    }

    static func timer(_ details: TimerDetails) -> TimersFeature.Timer {
        let timer = details.timer
        var shown = TimersFeature.Timer(
            id: timer.id.lowercasedString, taskNumber: details.task?.number, taskTitle: details.task?.title,
            projectName: details.project?.name, note: timer.note, billable: timer.billable,
            state: timer.isRunning ? .running : .paused, startedAt: timer.startedAt,
            elapsedSeconds: details.elapsedSeconds,
            intervals: timer.intervals.map { TimerInterval(start: $0.start, end: $0.end) },
            estimateSeconds: details.task?.estimate?.seconds, loggedSeconds: details.loggedSeconds,
            taskID: timer.target.taskID?.lowercasedString, projectID: details.project?.id.lowercasedString
        )
        shown.tags = timer.tags.map(\.name)
        return shown
    }

    static func entry(_ details: EntryDetails) -> TimersFeature.TimeEntry {
        let entry = details.entry
        var result = TimersFeature.TimeEntry(
            id: entry.id.lowercasedString, taskNumber: details.task?.number, taskTitle: details.task?.title,
            projectName: details.project?.name, start: entry.start, durationSeconds: entry.durationSeconds,
            note: entry.note, billable: entry.billable, tags: entry.tags.map(\.name),
            loggedBy: entry.loggedBy.lowercasedString, taskID: entry.target.taskID?.lowercasedString,
            projectID: details.project?.id.lowercasedString)
        result.adjustedOverlaps = details.adjustedOverlaps
        result.loggedByName = details.loggedByName
        return result
    }
}
