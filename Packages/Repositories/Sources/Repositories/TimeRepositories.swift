import Entities
import Foundation

/// The person's timers: started, paused, resumed, stopped into time entries, discarded. Every rule
/// comes from Entities (`Timer`, `TimerRules`); this layer picks the timer a command means, applies
/// the rule inside one transaction and names the change for undo. Methods throw ``RepositoryError``.
///
/// A `timer` argument of nil means "the obvious one": the running timer for pause, the most recently
/// paused for resume, and for stop and discard the running timer or else the only paused one.
public protocol TimerRepository: Sendable {
    /// The local person's timers, running first, then the most recently changed.
    func timers() async throws -> [Entities.Timer]
    /// The local person's running timer, if any.
    func runningTimer() async throws -> Entities.Timer?
    /// The timer a user means: a task reference (number or task id prefix) whose timer it is, or a
    /// timer id prefix. - Throws: `notFound` / `ambiguous`.
    func timer(reference: String) async throws -> Entities.Timer
    /// Starts timing `target` at `at` (nil = now), pausing the person's running timer. A paused timer
    /// on the same target is resumed rather than duplicated (note and billable are updated when given).
    /// - Throws: `conflict` when a timer on that target already runs; `invalid` for a future `at`.
    func start(target: TimeTarget, note: String?, billable: Bool, at: Date?) async throws -> TimerStart
    /// Pauses a running timer. - Throws: `conflict` when none runs; `invalid` for a bad `at`.
    func pause(_ timerID: UUID?, at: Date?) async throws -> Entities.Timer
    /// Resumes a paused timer, pausing the running one. - Throws: `conflict` when none is paused.
    func resume(_ timerID: UUID?, at: Date?) async throws -> TimerStart
    /// Stops a timer: removes it and creates its one time entry, atomically.
    /// - Throws: `conflict` when there is no timer (or several paused and none named); `invalid` for
    ///   a bad `at`, nothing recorded, or more than 24 h without `force`.
    func stop(_ timerID: UUID?, at: Date?, note: String?, force: Bool) async throws -> TimeEntry
    /// Removes a timer without logging anything.
    func discard(_ timerID: UUID?) async throws -> Entities.Timer
}

/// Time entries: logged by hand, listed, edited, deleted. Methods throw ``RepositoryError``.
public protocol TimeEntryRepository: Sendable {
    /// Entries matching `query`, by start.
    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry]
    /// The entry a user means by a unique id prefix (at least 4 characters).
    func entry(reference: String) async throws -> TimeEntry
    /// Validates and stores an entry logged by the local person.
    /// - Throws: `notFound` when the task or project does not exist; `invalid` for a bad duration,
    ///   a start that makes it end in the future, or a long note.
    func log(_ draft: NewTimeEntry) async throws -> TimeEntry
    /// Applies an entity rule to an entry in one transaction; `summary` is what undo will say.
    func change(_ id: UUID, summary: String, _ change: @escaping @Sendable (inout TimeEntry, Date) throws -> Void)
        async throws -> TimeEntry
    /// Deletes an entry (a tombstone, so undo and sync can see it).
    func delete(_ id: UUID) async throws -> TimeEntry
}

/// Sums of tracked time for reports, the dashboard and task/project details, computed by the
/// storage. Throws ``RepositoryError``.
public protocol TimeReportRepository: Sendable {
    /// One result per request, read together so they are consistent.
    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]]
}

/// ``TimerRepository`` over a ``TimeDatastore``; tasks and projects are read to check targets and
/// to name them in undo summaries.
struct LocalTimerRepository: TimerRepository {
    private let datastore: any TimeDatastore
    private let tasks: any TaskDatastore
    private let projects: any ProjectDatastore
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    init(
        datastore: any TimeDatastore, tasks: any TaskDatastore, projects: any ProjectDatastore,
        clock: any DateProvider, ids: any IdentifierProvider
    ) {
        self.datastore = datastore
        self.tasks = tasks
        self.projects = projects
        self.clock = clock
        self.ids = ids
    }

    func timers() async throws -> [Entities.Timer] {
        try await datastore.timers(ownerID: try await person())
    }

    func runningTimer() async throws -> Entities.Timer? {
        try await timers().first(where: \.isRunning)
    }

    func timer(reference: String) async throws -> Entities.Timer {
        let mine = try await timers()
        if let number = Reference.number(reference), let task = try await tasks.task(number: number) {
            if let timer = mine.first(where: { $0.target == .task(task.id) }) { return timer }
            throw RepositoryError.notFound(kind: .timer, reference: "task \(number)")
        }
        guard let prefix = Reference.idPrefix(reference) else {
            throw RepositoryError.notFound(kind: .timer, reference: reference)
        }
        let byTimerID = mine.filter { $0.id.storageID.hasPrefix(prefix) }
        if !byTimerID.isEmpty {
            return try single(byTimerID, kind: .timer, reference: reference, candidate: Self.candidate)
        }
        let taskIDs = Set(try await tasks.tasks(idPrefix: prefix).map(\.id))
        let byTask = mine.filter { $0.target.taskID.map(taskIDs.contains) ?? false }
        return try single(byTask, kind: .timer, reference: reference, candidate: Self.candidate)
    }

    private static func candidate(_ timer: Entities.Timer) -> ReferenceCandidate {
        ReferenceCandidate(reference: Reference.short(timer.id), label: timer.state.rawValue)
    }

    func start(target: TimeTarget, note: String?, billable: Bool, at: Date?) async throws -> TimerStart {
        let now = clock.now()
        let instant = at ?? now
        let owner = try await person()
        let label = try await describe(target)
        let newID = ids.makeIdentifier()
        let result = ResultBox<TimerStart>()
        _ = try await datastore.changeTimers(ownerID: owner, summary: "started timer on \(label)", at: now) {
            timers in
            if var existing = timers.first(where: { $0.target == target }) {
                guard !existing.isRunning else {
                    throw RepositoryError.conflict(.timerAlreadyRunning(target))
                }
                try existing.resume(at: instant, now: now)
                if let note { try existing.setNote(note, now: now) }
                if billable { existing.setBillable(true, now: now) }
                let paused = TimerRules.pausing(
                    timers, forStartAt: instant, ownerID: owner, except: existing.id, now: now)
                result.value = TimerStart(timer: existing, paused: paused, resumedExisting: true)
                return TimerPlan(updated: paused + [existing])
            }
            let timer = try Entities.Timer.start(
                id: newID, ownerID: owner, target: target, note: note ?? "", billable: billable, at: instant, now: now)
            let paused = TimerRules.pausing(timers, forStartAt: instant, ownerID: owner, except: nil, now: now)
            result.value = TimerStart(timer: timer, paused: paused, resumedExisting: false)
            return TimerPlan(inserted: [timer], updated: paused)
        }
        return try result.unwrap()
    }

    func pause(_ timerID: UUID?, at: Date?) async throws -> Entities.Timer {
        let chosen = try await choose(timerID, missing: .noRunningTimer) { timers in
            timers.first(where: \.isRunning)
        }
        let now = clock.now()
        let label = try await describe(chosen.target)
        let plan = try await datastore.changeTimers(
            ownerID: chosen.ownerID, summary: "paused timer on \(label)", at: now
        ) { timers in
            var timer = try Self.current(chosen.id, in: timers)
            // "Now", or the running interval's start if that lies (within tolerance) ahead of now.
            try timer.pause(at: at ?? max(now, timer.intervals.last?.start ?? now), now: now)
            return TimerPlan(updated: [timer])
        }
        return try Self.only(plan.updated)
    }

    func resume(_ timerID: UUID?, at: Date?) async throws -> TimerStart {
        let chosen = try await choose(timerID, missing: .noPausedTimer) { timers in
            timers.filter { !$0.isRunning }.max { ($0.pausedAt ?? .distantPast) < ($1.pausedAt ?? .distantPast) }
        }
        let now = clock.now()
        let instant = at ?? max(now, chosen.pausedAt ?? now)
        let label = try await describe(chosen.target)
        let result = ResultBox<TimerStart>()
        _ = try await datastore.changeTimers(ownerID: chosen.ownerID, summary: "resumed timer on \(label)", at: now) {
            timers in
            var timer = try Self.current(chosen.id, in: timers)
            try timer.resume(at: instant, now: now)
            let paused = TimerRules.pausing(
                timers, forStartAt: instant, ownerID: chosen.ownerID, except: timer.id, now: now)
            result.value = TimerStart(timer: timer, paused: paused, resumedExisting: true)
            return TimerPlan(updated: paused + [timer])
        }
        return try result.unwrap()
    }

    func stop(_ timerID: UUID?, at: Date?, note: String?, force: Bool) async throws -> TimeEntry {
        let chosen = try await chooseToEnd(timerID, verb: "stop")
        let now = clock.now()
        let entryID = ids.makeIdentifier()
        let label = try await describe(chosen.target)
        let plan = try await datastore.changeTimers(
            ownerID: chosen.ownerID, summary: "stopped timer on \(label)", at: now
        ) { timers in
            let timer = try Self.current(chosen.id, in: timers)
            let entry = try timer.stop(at: at, now: now, entryID: entryID, note: note, force: force)
            return TimerPlan(deleted: [timer], entries: [entry])
        }
        return try Self.only(plan.entries)
    }

    func discard(_ timerID: UUID?) async throws -> Entities.Timer {
        let chosen = try await chooseToEnd(timerID, verb: "discard")
        let label = try await describe(chosen.target)
        let plan = try await datastore.changeTimers(
            ownerID: chosen.ownerID, summary: "discarded timer on \(label)", at: clock.now()
        ) { timers in
            TimerPlan(deleted: [try Self.current(chosen.id, in: timers)])
        }
        return try Self.only(plan.deleted)
    }

    // MARK: Helpers

    private func person() async throws -> UUID {
        try await datastore.localPersonID(creatingWith: ids.makeIdentifier())
    }

    /// The named timer, or the default one `pick` finds among the person's timers.
    private func choose(
        _ timerID: UUID?, missing: RepositoryError.Conflict, _ pick: ([Entities.Timer]) -> Entities.Timer?
    ) async throws -> Entities.Timer {
        let timers = try await timers()
        if let timerID {
            guard let timer = timers.first(where: { $0.id == timerID }) else {
                throw RepositoryError.notFound(kind: .timer, reference: Reference.short(timerID))
            }
            return timer
        }
        guard let timer = pick(timers) else { throw RepositoryError.conflict(missing) }
        return timer
    }

    /// For stop and discard: the running timer, else the only paused one; several paused ones must be named.
    private func chooseToEnd(_ timerID: UUID?, verb: String) async throws -> Entities.Timer {
        let timers = try await timers()
        if timerID == nil, timers.first(where: \.isRunning) == nil, timers.count > 1 {
            throw RepositoryError.conflict(.severalPausedTimers(timers))
        }
        return try await choose(timerID, missing: .noTimer) { timers in
            timers.first(where: \.isRunning) ?? timers.first
        }
    }

    private func describe(_ target: TimeTarget) async throws -> String {
        try await describeTarget(target, tasks: tasks, projects: projects)
    }

    /// The timer as it is inside the transaction: another process may have stopped it meanwhile.
    private static func current(_ id: UUID, in timers: [Entities.Timer]) throws -> Entities.Timer {
        guard let timer = timers.first(where: { $0.id == id }) else {
            throw RepositoryError.conflict(.noTimerWithID(id))
        }
        return timer
    }

    private static func only<T>(_ values: [T]) throws -> T {
        guard let value = values.last else {
            throw RepositoryError.storage(inner: TimePlanError())
        }
        return value
    }
}

/// "task 12 "Title"" or "project "Work"" for undo summaries, checking that the target exists.
private func describeTarget(
    _ target: TimeTarget, tasks: any TaskDatastore, projects: any ProjectDatastore
) async throws -> String {
    switch target {
    case .task(let id):
        guard let task = try await tasks.task(id: id) else {
            throw RepositoryError.notFound(kind: .task, reference: Reference.short(id))
        }
        return "task \(task.number.map(String.init) ?? Reference.short(id)) \"\(task.title)\""
    case .project(let id):
        guard let project = try await projects.project(id: id) else {
            throw RepositoryError.notFound(kind: .project, reference: Reference.short(id))
        }
        return "project \"\(project.name)\""
    }
}

/// A timer change that produced nothing: a bug, reported rather than trapped.
struct TimePlanError: Error, CustomStringConvertible {
    var description: String { "a timer change produced no result" }
}

/// Carries a value out of a `@Sendable` transaction body, which runs once on the database thread
/// while the caller awaits it.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?

    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func unwrap() throws -> T {
        guard let value else { throw RepositoryError.storage(inner: TimePlanError()) }
        return value
    }
}

/// ``TimeEntryRepository`` over a ``TimeDatastore``.
struct LocalTimeEntryRepository: TimeEntryRepository {
    private let datastore: any TimeDatastore
    private let tasks: any TaskDatastore
    private let projects: any ProjectDatastore
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    init(
        datastore: any TimeDatastore, tasks: any TaskDatastore, projects: any ProjectDatastore,
        clock: any DateProvider, ids: any IdentifierProvider
    ) {
        self.datastore = datastore
        self.tasks = tasks
        self.projects = projects
        self.clock = clock
        self.ids = ids
    }

    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry] {
        try await datastore.entries(matching: query)
    }

    func entry(reference: String) async throws -> TimeEntry {
        guard let prefix = Reference.idPrefix(reference) else {
            throw RepositoryError.notFound(kind: .timeEntry, reference: reference)
        }
        let matches = try await datastore.entries(idPrefix: prefix)
        return try single(matches, kind: .timeEntry, reference: reference) {
            ReferenceCandidate(
                reference: String($0.id.uuidString.lowercased().prefix(12)),
                label: "\($0.durationSeconds / 60) min")
        }
    }

    func log(_ draft: NewTimeEntry) async throws -> TimeEntry {
        let now = clock.now()
        let label = try await describe(draft.target)
        let person = try await datastore.localPersonID(creatingWith: ids.makeIdentifier())
        let entry = try validating {
            try TimeEntry.create(
                id: ids.makeIdentifier(), target: draft.target, start: draft.start,
                durationSeconds: draft.durationSeconds, note: draft.note, billable: draft.billable, tags: draft.tags,
                loggedBy: person, now: now, force: draft.force)
        }
        try await datastore.insert(entry, summary: "logged \(Self.minutes(entry.durationSeconds)) on \(label)", at: now)
        return entry
    }

    func change(
        _ id: UUID, summary: String, _ change: @escaping @Sendable (inout TimeEntry, Date) throws -> Void
    ) async throws -> TimeEntry {
        let now = clock.now()
        var probe = try await existing(id)
        try validating { try change(&probe, now) }
        _ = try await describe(probe.target)  // a new target must exist
        return try await datastore.updateEntry(id: id, summary: summary, at: now) { try change(&$0, now) }
    }

    func delete(_ id: UUID) async throws -> TimeEntry {
        let entry = try await existing(id)
        try await datastore.deleteEntry(
            id: id, summary: "deleted entry \(Reference.short(id)) (\(Self.minutes(entry.durationSeconds)))",
            at: clock.now())
        return entry
    }

    private func existing(_ id: UUID) async throws -> TimeEntry {
        guard let entry = try await datastore.entry(id: id) else {
            throw RepositoryError.notFound(kind: .timeEntry, reference: Reference.short(id))
        }
        return entry
    }

    private func describe(_ target: TimeTarget) async throws -> String {
        try await describeTarget(target, tasks: tasks, projects: projects)
    }

    private static func minutes(_ seconds: Int) -> String {
        seconds >= 3600 ? "\(seconds / 3600)h \(seconds % 3600 / 60)m" : "\(max(1, seconds / 60))m"
    }
}

/// ``TimeReportRepository`` over a ``TimeDatastore``.
struct LocalTimeReportRepository: TimeReportRepository {
    private let datastore: any TimeDatastore

    init(datastore: any TimeDatastore) { self.datastore = datastore }

    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]] {
        try await datastore.sums(requests)
    }
}
