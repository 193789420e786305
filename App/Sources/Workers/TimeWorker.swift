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
    /// Who is who, for listing a teammate's entries (`entries --user`).
    let sync: any SyncRepository
    let calendar: WorkCalendar

    // MARK: Timers

    public func start(
        task: String?, project: String?, note: String?, billable: Bool, tags: [String] = [], at: Date?
    ) async throws(WorkerError) -> TimerStartDetails {
        try await working {
            let target = try await target(task: task, project: project)
            let tags = try Tag.list(from: tags)
            let started: TimerStart
            do {
                started = try await timers.start(target: target, note: note, billable: billable, tags: tags, at: at)
            } catch RepositoryError.conflict(.timerAlreadyRunning(let running)) {
                throw WorkerError(.conflict, "a timer on \(try await label(running)) is already running")
            }
            let all = try await details(for: [started.timer] + started.paused)
            return TimerStartDetails(
                timer: all[0], paused: Array(all.dropFirst()), resumedExisting: started.resumedExisting)
        }
    }

    /// Pauses the timer `reference` names, or the running one.
    public func pause(_ reference: String?, at: Date?) async throws(WorkerError) -> TimerDetails {
        try await working {
            let timer = try await choosing(reference, default: .running, verb: "pause") { selector in
                try await timers.pause(selector, at: at)
            }
            return try await details(for: [timer])[0]
        }
    }

    /// Resumes the timer `reference` names, or the most recently paused one.
    public func resume(_ reference: String?, at: Date?) async throws(WorkerError) -> TimerStartDetails {
        try await working {
            let resumed = try await choosing(reference, default: .latestPaused, verb: "resume") { selector in
                try await timers.resume(selector, at: at)
            }
            let all = try await details(for: [resumed.timer] + resumed.paused)
            return TimerStartDetails(timer: all[0], paused: Array(all.dropFirst()), resumedExisting: true)
        }
    }

    /// Stops the timer `reference` names, or the running one, or else the only paused one, into one entry per
    /// stretch it ran, in order. The choice and the stop are one transaction in the repository, so a concurrent
    /// stop ends in "no timer" or succeeds.
    public func stop(_ reference: String?, at: Date?, note: String?, force: Bool) async throws(WorkerError)
        -> [EntryDetails]
    {
        try await working {
            let entries = try await choosing(reference, default: .runningOrOnlyPaused, verb: "stop") { selector in
                try await timers.stop(selector, at: at, note: note, force: force)
            }
            return try await details(for: entries)
        }
    }

    /// Throws away the timer `reference` names, or the running one, or else the only paused one.
    public func discard(_ reference: String?) async throws(WorkerError) -> TimerDetails {
        try await working {
            let timer = try await choosing(reference, default: .runningOrOnlyPaused, verb: "discard") { selector in
                try await timers.discard(selector)
            }
            return try await details(for: [timer])[0]
        }
    }

    /// The person's timers, running first.
    public func allTimers() async throws(WorkerError) -> [TimerDetails] {
        try await working { try await details(for: try await timers.timers()) }
    }

    // MARK: Entries

    public func log(_ input: LogInput) async throws(WorkerError) -> EntryDetails {
        try await working {
            let target = try await target(task: input.task, project: input.project)
            let end = input.start.addingTimeInterval(TimeInterval(input.durationSeconds))
            let adjusting = try await overlapCount(input.overlap, from: input.start, to: end, except: nil)
            let entry = try await overlapWorded {
                try await entries.log(
                    NewTimeEntry(
                        target: target, start: input.start, durationSeconds: input.durationSeconds,
                        note: input.note ?? "", billable: input.billable, tags: try Tag.list(from: input.tags),
                        force: input.force, overlap: input.overlap))
            }
            var result = try await details(for: [entry])[0]
            result.adjustedOverlaps = adjusting
            return result
        }
    }

    /// Under `adjust`, how many of your entries share time with `from..<to` (what the log will trim), read just
    /// before the write so the confirmation can say it; nil for the other policies.
    private func overlapCount(_ policy: OverlapPolicy, from: Date, to: Date, except id: UUID?) async throws -> Int? {
        guard policy == .adjust, from < to else { return nil }
        let found = try await entries.entries(matching: TimeEntryQuery(from: from, to: to, author: .localPerson))
        return found.filter { $0.id != id && $0.start < to && $0.end > from }.count
    }

    /// Words an overlap refusal with what the user needs to recognise the other entry: its short id, day, times
    /// and task, and the two ways on.
    private func overlapWorded<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch RepositoryError.invalid(let inner as ValidationError) {
            let zone = calendar.timeZone
            func clock(_ date: Date) -> String {
                let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
                let minutes = ((local % 86_400) + 86_400) % 86_400 / 60
                func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
                return "\(two(minutes / 60)):\(two(minutes % 60))"
            }
            if case .overlapsTimer(let id, let start) = inner.reason {
                var what = ""
                if let timer = try? await timers.timers().first(where: { $0.id == id }) {
                    what = " on \(try await label(timer.target))"
                }
                let day = Day.containing(start, in: zone)
                let since = day == calendar.today ? clock(start) : "\(day.iso) \(clock(start))"
                // Its time becomes an entry when it stops: --adjust cannot trim a timer, so it is not offered.
                throw WorkerError(
                    .conflict,
                    "this overlaps your timer's time (since \(since)\(what)): give another --start, stop or pause "
                        + "the timer earlier first, or add --allow-overlap to keep both",
                    cause: inner)
            }
            guard case .overlapsEntry(let id, let start, let end, let count) = inner.reason else {
                throw RepositoryError.invalid(inner: inner)
            }
            var what = ""
            if let other = try? await entries.entry(reference: id.lowercasedString) {
                what = " on \(try await label(other.target))"
            }
            let more = count > 1 ? " and \(count - 1) more" : ""
            // As `entries` shows it: an entry that ends on a later day says by how many.
            let (first, last) = (Day.containing(start, in: zone), Day.containing(end, in: zone))
            let days = last.days(since: first)
            let later = days > 0 ? " (+\(days)d)" : ""
            throw WorkerError(
                .conflict,
                "this overlaps your entry \(id.lowercasedString.prefix(8)) "
                    + "(\(first.iso) \(clock(start))–\(clock(end))\(later)\(what))\(more): "
                    + "give another --start, or add --allow-overlap to keep both or --adjust to trim the other",
                cause: inner)
        }
    }

    /// What `stint timer restart` starts again: the task (or project) of your latest entry, as an id, and whether
    /// it was billable.
    /// - Throws: `.conflict` when you have logged no time yet.
    public func lastWorkedOn() async throws(WorkerError) -> (
        task: String?, project: String?, billable: Bool, tags: [String]
    ) {
        try await working {
            let latest = try await entries.entries(
                matching: TimeEntryQuery(author: .localPerson, limit: 1, newestFirst: true))
            guard let entry = latest.first else {
                throw WorkerError(
                    .conflict, "nothing to restart: no time logged yet; start one with stint timer start TASK")
            }
            switch entry.target {
            case .task(let id): return (id.lowercasedString, nil, entry.billable, entry.tags.map(\.name))
            case .project(let id): return (nil, id.lowercasedString, entry.billable, entry.tags.map(\.name))
            }
        }
    }

    public func entries(_ search: EntrySearch) async throws(WorkerError) -> [EntryDetails] {
        try await working {
            let zone = calendar.timeZone
            // A limit keeps the most recent entries (read newest first), still shown oldest first.
            // Your own entries unless asked, as `report` counts your own time: a teammate's synced ones are theirs.
            let team = TeamDirectory(sync: sync)
            let author: TimeAuthor =
                switch search.author {
                case .me: .localPerson
                case .everyone: .everyone
                case .member(let reference): .member(try await team.member(reference, purpose: "--user"))
                }
            var query = TimeEntryQuery(author: author, limit: search.limit, newestFirst: search.limit != nil)
            if let since = search.since, let until = search.until {
                let range = try DayRange(since: since, until: until).instants(in: zone)
                (query.from, query.to) = (range.lowerBound, range.upperBound)
            } else {
                query.from = search.since.map { $0.start(in: zone) }
                query.to = search.until.map { $0.adding(days: 1).start(in: zone) }
            }
            if let project = search.project { query.projectID = try await projects.project(reference: project).id }
            if let task = search.task { query.taskID = try await tasks.task(reference: task).id }
            let found = try await entries.entries(matching: query)
            var listed = try await details(for: query.newestFirst ? found.reversed() : found)
            if search.author != .me {
                let names = await team.names(for: Set(listed.map(\.entry.loggedBy)))
                for index in listed.indices { listed[index].loggedByName = names[listed[index].entry.loggedBy] }
            }
            return listed
        }
    }

    public func entry(_ reference: String) async throws(WorkerError) -> EntryDetails {
        try await working { try await details(for: [try await entries.entry(reference: reference)])[0] }
    }

    public func edit(_ reference: String, _ edit: EntryEdit) async throws(WorkerError) -> EntryDetails {
        try await working {
            let entry = try await entries.entry(reference: reference)
            let tags = try edit.tags.map { try Tag.list(from: $0) }
            var newTarget: TimeTarget?
            if edit.task != nil || edit.project != nil {
                newTarget = try await target(task: edit.task, project: edit.project)
            }
            var adjusting: Int?
            if edit.start != nil || edit.durationSeconds != nil {
                let start = edit.start ?? entry.start
                let end = start.addingTimeInterval(TimeInterval(edit.durationSeconds ?? entry.durationSeconds))
                adjusting = try await overlapCount(edit.overlap, from: start, to: end, except: entry.id)
            }
            let changed = try await overlapWorded {
                try await entries.change(
                    entry.id, summary: "edited entry \(entry.id.lowercasedString.prefix(8))",
                    overlap: edit.overlap
                ) { [newTarget] entry, now in
                    if edit.start != nil || edit.durationSeconds != nil {
                        try entry.reschedule(
                            start: edit.start ?? entry.start,
                            durationSeconds: edit.durationSeconds ?? entry.durationSeconds,
                            force: edit.force, now: now)
                    }
                    if let note = edit.note { try entry.setNote(note, now: now) }
                    if let billable = edit.billable { entry.setBillable(billable, now: now) }
                    if let tags { try entry.setTags(tags, now: now) }
                    if let newTarget { entry.setTarget(newTarget, now: now) }
                }
            }
            var result = try await details(for: [changed])[0]
            result.adjustedOverlaps = adjusting
            return result
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

    /// Time spent today and this week (Monday to Sunday) in the user's time zone: what is logged plus what your
    /// timers (running or paused, not yet stopped) hold inside each window, the latter also apart.
    public func todayAndWeek() async throws(WorkerError)
        -> (today: Int, week: Int, todayOnTimers: Int, weekOnTimers: Int)
    {
        let today = calendar.today
        return try await working {
            // Your own time, as `report` counts it by default: teammates' synced entries are not "logged" by you.
            var dayWindow = calendar.window(days: today, count: 1)
            dayWindow.author = .localPerson
            var weekWindow = calendar.window(days: calendar.startOfWeek(today), count: 7)
            weekWindow.author = .localPerson
            let results = try await sums.sums([
                TimeSumRequest(query: dayWindow, breakdown: .total),
                TimeSumRequest(query: weekWindow, breakdown: .total),
            ])
            let open = try await timers.timers()
            let now = calendar.now
            func onTimers(_ query: TimeEntryQuery) -> Int {
                guard let from = query.from, let to = query.to, from < to else { return 0 }
                return open.reduce(0) { $0 + $1.seconds(in: from..<to, at: now) }
            }
            let (todayTimers, weekTimers) = (onTimers(dayWindow), onTimers(weekWindow))
            return (
                (results[0].first?.seconds ?? 0) + todayTimers, (results[1].first?.seconds ?? 0) + weekTimers,
                todayTimers, weekTimers
            )
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

    /// Runs a timer change on the timer `reference` names (one read resolves it to a selector), or on the
    /// one `fallback` picks inside the change's transaction. Several paused timers and none running is
    /// worded here, where the timers' tasks can be named.
    private func choosing<T>(
        _ reference: String?, default fallback: TimerSelector, verb: String,
        _ change: (TimerSelector) async throws -> T
    ) async throws -> T {
        let selector = try await reference.asyncMap { try await timers.selector(reference: $0) } ?? fallback
        do {
            return try await change(selector)
        } catch RepositoryError.invalid(let inner as ValidationError) {
            guard case .severalPausedTimers(let ids) = inner.reason else { throw RepositoryError.invalid(inner: inner) }
            let paused = try await timers.timers().filter { ids.contains($0.id) }
            var labels: [String] = []
            for timer in paused { labels.append(try await label(timer.target)) }
            let example = try await shortReference(paused.first)
            throw WorkerError(
                .conflict,
                "no timer is running and \(ids.count) are paused (\(labels.joined(separator: ", "))): "
                    + "say which one, e.g. stint timer \(verb) \(example)", cause: inner)
        }
    }

    /// `task 12 "Title"` or `project "Work"`, as messages name what time is on.
    private func label(_ target: TimeTarget) async throws -> String {
        switch target {
        case .task(let id):
            guard let task = try await tasks.byID([id])[id] else { return "a deleted task" }
            return
                "task \(task.number.map(String.init) ?? String(id.lowercasedString.prefix(8))) \"\(task.title)\""
        case .project(let id):
            return "project \"\(try await projects.project(id: id)?.name ?? "?")\""
        }
    }

    /// What a user can type to name `timer`: its task's number, else its short id.
    private func shortReference(_ timer: Entities.Timer?) async throws -> String {
        guard let timer else { return "" }
        if let taskID = timer.target.taskID, let number = try await tasks.byID([taskID])[taskID]?.number {
            return String(number)
        }
        return String(timer.id.lowercasedString.prefix(8))
    }

    /// The tasks with these ids, and the live projects (archived or not) that they or `projectIDs` name.
    ///
    /// A timer or a single entry names one or two projects, each read by its id: reading every project to find
    /// one was nearly a tenth of `stint timer`'s instructions. A listing that names more reads them all at once.
    private func lookups(taskIDs: Set<UUID>, projectIDs: Set<UUID>) async throws -> ([UUID: Task], [UUID: Project]) {
        let taskMap = try await tasks.byID(taskIDs)
        return (taskMap, try await projects(projectIDs.union(taskMap.values.compactMap(\.projectID))))
    }

    /// The projects with these ids, archived or not: one by one for a timer or an entry (at most two), every
    /// project at once for a listing, whose ids are many.
    private func projects(_ ids: Set<UUID>) async throws -> [UUID: Project] {
        guard ids.count <= 2 else {
            let all = try await projects.projects(includeArchived: true)
            return Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        var projectMap: [UUID: Project] = [:]
        for id in ids { projectMap[id] = try await projects.project(id: id) }
        return projectMap
    }

    private func details(for timers: [Entities.Timer]) async throws -> [TimerDetails] {
        let taskIDs = Set(timers.compactMap(\.target.taskID))
        let (taskMap, projectMap) = try await lookups(
            taskIDs: taskIDs, projectIDs: Set(timers.compactMap(\.target.projectID)))
        // The per-task sums of listings, answered from the task index alone; a windowed report sum would read
        // every entry's row for its billable flag (20 pages for a task with a dozen entries instead of 3).
        let loggedMap = taskIDs.isEmpty ? [:] : try await sums.loggedSeconds(onTasks: Array(taskIDs))
        let now = calendar.now
        var result: [TimerDetails] = []
        for timer in timers {
            let task = timer.target.taskID.flatMap { taskMap[$0] }
            let projectID = timer.target.projectID ?? task?.projectID
            let logged = timer.target.taskID.map { loggedMap[$0] ?? 0 }
            result.append(
                TimerDetails(
                    timer: timer, task: task, project: projectID.flatMap { projectMap[$0] },
                    elapsedSeconds: timer.elapsedSeconds(at: now), loggedSeconds: logged))
        }
        return result
    }

    /// Entries with the labels of their tasks, not the whole tasks: a listing shows a task's number and title only.
    private func details(for entries: [TimeEntry]) async throws -> [EntryDetails] {
        guard !entries.isEmpty else { return [] }
        let labels = try await tasks.labels(of: Set(entries.compactMap(\.target.taskID)))
        let projectMap = try await projects(
            Set(entries.compactMap(\.target.projectID)).union(labels.values.compactMap(\.projectID)))
        return entries.map { entry in
            let task = entry.target.taskID.flatMap { labels[$0] }
            let projectID = entry.target.projectID ?? task?.projectID
            return EntryDetails(entry: entry, task: task, project: projectID.flatMap { projectMap[$0] })
        }
    }
}

extension TaskRepository {
    /// Live tasks by id, in one query (titles for lists of entries and report rows).
    func byID(_ ids: Set<UUID>) async throws -> [UUID: Task] {
        guard !ids.isEmpty else { return [:] }
        // Ordered by number, the cheapest order to sort by: the caller looks tasks up by id and never sees it.
        let found = try await tasks(matching: TaskQuery(statuses: [], sort: .number, ids: ids))
        return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
