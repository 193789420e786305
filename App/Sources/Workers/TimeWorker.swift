import Entities
import Foundation
import Repositories

/// Timers and time entries: small blocks over the repositories, no presentation.
public struct TimeWorker: Sendable {
    let timers: any TimerRepository
    let entries: any TimeEntryRepository
    let sums: any TimeReportRepository
    let tasks: any TaskRepository
    let projects: any ProjectRepository
    let calendar: WorkCalendar

    // MARK: Timers

    public func start(
        task: String?, project: String?, note: String?, billable: Bool, at: Date?
    ) async throws(WorkerError) -> TimerStartDetails {
        try await working {
            let target = try await target(task: task, project: project)
            let started = try await timers.start(target: target, note: note, billable: billable, at: at)
            let all = try await details(for: [started.timer] + started.paused)
            return TimerStartDetails(
                timer: all[0], paused: Array(all.dropFirst()), resumedExisting: started.resumedExisting)
        }
    }

    public func pause(_ reference: String?, at: Date?) async throws(WorkerError) -> TimerDetails {
        try await working {
            let timer = try await timers.pause(try await timerID(reference), at: at)
            return try await details(for: [timer])[0]
        }
    }

    public func resume(_ reference: String?, at: Date?) async throws(WorkerError) -> TimerStartDetails {
        try await working {
            let resumed = try await timers.resume(try await timerID(reference), at: at)
            let all = try await details(for: [resumed.timer] + resumed.paused)
            return TimerStartDetails(timer: all[0], paused: Array(all.dropFirst()), resumedExisting: true)
        }
    }

    public func stop(_ reference: String?, at: Date?, note: String?, force: Bool) async throws(WorkerError)
        -> EntryDetails
    {
        try await working {
            let entry = try await timers.stop(try await timerID(reference), at: at, note: note, force: force)
            return try await details(for: [entry])[0]
        }
    }

    public func discard(_ reference: String?) async throws(WorkerError) -> TimerDetails {
        try await working {
            let timer = try await timers.discard(try await timerID(reference))
            return try await details(for: [timer])[0]
        }
    }

    /// The person's timers, running first.
    public func allTimers() async throws(WorkerError) -> [TimerDetails] {
        try await working { try await details(for: try await timers.timers()) }
    }

    // MARK: Entries

    /// When logged time began, when the user said only some of it: an explicit time of day on the day
    /// (today by default); else, today, the entry ends now; another day, it begins at 09:00.
    public static func logStart(durationSeconds: Int, day: Day?, time: TimeOfDay?, calendar: WorkCalendar)
        throws(WorkerError) -> Date
    {
        let today = calendar.today
        let target = day ?? today
        if let time { return time.date(on: target, in: calendar.timeZone) }
        if target == today { return calendar.now.addingTimeInterval(-TimeInterval(durationSeconds)) }
        guard let nine = TimeOfDay(hour: 9, minute: 0) else { throw WorkerError(.unexpected, "09:00 is not a time") }
        return nine.date(on: target, in: calendar.timeZone)
    }

    public func log(_ input: LogInput) async throws(WorkerError) -> EntryDetails {
        try await working {
            let target = try await target(task: input.task, project: input.project)
            let entry = try await entries.log(
                NewTimeEntry(
                    target: target, start: input.start, durationSeconds: input.durationSeconds,
                    note: input.note ?? "", billable: input.billable, tags: try input.tags.map { try Tag($0) },
                    force: input.force))
            return try await details(for: [entry])[0]
        }
    }

    public func entries(_ search: EntrySearch) async throws(WorkerError) -> [EntryDetails] {
        try await working {
            if let since = search.since, let until = search.until, until < since {
                throw WorkerError(.invalidInput, "--until \(until.iso) is before --since \(since.iso)")
            }
            // A limit keeps the most recent entries (read newest first), still shown oldest first.
            var query = TimeEntryQuery(limit: search.limit, newestFirst: search.limit != nil)
            query.from = search.since.map { $0.start(in: calendar.timeZone) }
            query.to = search.until.map { $0.adding(days: 1).start(in: calendar.timeZone) }
            if let project = search.project { query.projectID = try await projects.project(reference: project).id }
            if let task = search.task { query.taskID = try await tasks.task(reference: task).id }
            let found = try await entries.entries(matching: query)
            return try await details(for: query.newestFirst ? found.reversed() : found)
        }
    }

    public func entry(_ reference: String) async throws(WorkerError) -> EntryDetails {
        try await working { try await details(for: [try await entries.entry(reference: reference)])[0] }
    }

    public func edit(_ reference: String, _ edit: EntryEdit) async throws(WorkerError) -> EntryDetails {
        try await working {
            let entry = try await entries.entry(reference: reference)
            let tags = try edit.tags.map { try $0.map { try Tag($0) } }
            var newTarget: TimeTarget?
            if edit.task != nil || edit.project != nil {
                newTarget = try await target(task: edit.task, project: edit.project)
            }
            let changed = try await entries.change(
                entry.id, summary: "edited entry \(entry.id.uuidString.lowercased().prefix(8))"
            ) { [newTarget] entry, now in
                if edit.start != nil || edit.durationSeconds != nil {
                    try entry.reschedule(
                        start: edit.start ?? entry.start,
                        durationSeconds: edit.durationSeconds ?? entry.durationSeconds,
                        force: edit.force, now: now)
                }
                if let note = edit.note { try entry.setNote(note, now: now) }
                if let billable = edit.billable { entry.setBillable(billable, now: now) }
                if let tags { entry.setTags(tags, now: now) }
                if let newTarget { entry.setTarget(newTarget, now: now) }
            }
            return try await details(for: [changed])[0]
        }
    }

    public func delete(_ reference: String) async throws(WorkerError) -> EntryDetails {
        try await working {
            let entry = try await entries.entry(reference: reference)
            let details = try await details(for: [entry])[0]
            _ = try await entries.delete(entry.id)
            return details
        }
    }

    // MARK: Sums for other screens

    /// Time logged today and this week (Monday to Sunday) in the user's time zone.
    public func todayAndWeek() async throws(WorkerError) -> (today: Int, week: Int) {
        let today = calendar.today
        return try await working {
            let results = try await sums.sums([
                TimeSumRequest(query: calendar.window(days: today, count: 1), breakdown: .total),
                TimeSumRequest(query: calendar.window(days: today.startOfWeek, count: 7), breakdown: .total),
            ])
            return (results[0].first?.seconds ?? 0, results[1].first?.seconds ?? 0)
        }
    }

    // MARK: Helpers

    /// A task when one is named (checked against `project` when both are), else the project.
    private func target(task: String?, project: String?) async throws -> TimeTarget {
        if let task {
            let found = try await tasks.task(reference: task)
            if let project {
                let named = try await projects.project(reference: project)
                guard found.projectID == named.id else {
                    throw WorkerError(
                        .invalidInput,
                        "task \(found.number.map(String.init) ?? task) is not in project \"\(named.name)\": "
                            + "leave --project out to use the task's own")
                }
            }
            return .task(found.id)
        }
        if let project { return .project(try await projects.project(reference: project).id) }
        throw WorkerError(.invalidInput, "name what the time is for: a task (12) or --project NAME")
    }

    private func timerID(_ reference: String?) async throws -> UUID? {
        guard let reference else { return nil }
        return try await timers.timer(reference: reference).id
    }

    private func lookups(taskIDs: Set<UUID>) async throws -> ([UUID: Task], [UUID: Project]) {
        let taskMap = try await tasks.byID(taskIDs)
        let projectMap = Dictionary(
            try await projects.projects(includeArchived: true).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return (taskMap, projectMap)
    }

    private func details(for timers: [Entities.Timer]) async throws -> [TimerDetails] {
        let (taskMap, projectMap) = try await lookups(taskIDs: Set(timers.compactMap(\.target.taskID)))
        let now = calendar.now
        var result: [TimerDetails] = []
        for timer in timers {
            let task = timer.target.taskID.flatMap { taskMap[$0] }
            let projectID = timer.target.projectID ?? task?.projectID
            var logged: Int?
            if let taskID = timer.target.taskID { logged = try await sums.loggedSeconds(onTask: taskID) }
            result.append(
                TimerDetails(
                    timer: timer, task: task, project: projectID.flatMap { projectMap[$0] },
                    elapsedSeconds: timer.elapsedSeconds(at: now), loggedSeconds: logged))
        }
        return result
    }

    private func details(for entries: [TimeEntry]) async throws -> [EntryDetails] {
        guard !entries.isEmpty else { return [] }
        let (taskMap, projectMap) = try await lookups(taskIDs: Set(entries.compactMap(\.target.taskID)))
        return entries.map { entry in
            let task = entry.target.taskID.flatMap { taskMap[$0] }
            let projectID = entry.target.projectID ?? task?.projectID
            return EntryDetails(entry: entry, task: task, project: projectID.flatMap { projectMap[$0] })
        }
    }
}

extension TaskRepository {
    /// Live tasks by id, in one query (titles for lists of entries and report rows).
    func byID(_ ids: Set<UUID>) async throws -> [UUID: Task] {
        guard !ids.isEmpty else { return [:] }
        let found = try await tasks(matching: TaskQuery(statuses: [], ids: ids))
        return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
