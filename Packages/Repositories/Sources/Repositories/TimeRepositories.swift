import Entities
import Foundation

/// The local person's timers: started, paused, resumed, stopped into time entries, discarded.
///
/// Every rule comes from Entities (`Timer`, `TimerRules`). A change names the timer it means with a
/// `TimerSelector`, and the choice (`TimerRules.choose`) is made inside the one transaction that
/// reads the timers and writes the change, so a concurrent command can only make it fail with the
/// Entities' typed reason (no timer is running, …), never with a look-up of an id nobody typed. The
/// usual selectors: `.running` to pause, `.latestPaused` to resume, `.runningOrOnlyPaused` to stop or
/// discard, or what ``selector(reference:)`` made of a reference the user typed.
///
/// Reads never write: before the first timer is started this device has no person and no timers.
/// Methods throw ``RepositoryError``.
public protocol TimerRepository: Sendable {
    /// The local person's timers, running first, then the most recently changed (one read).
    func timers() async throws -> [Entities.Timer]
    /// The local person's running timer, if any (one read).
    func runningTimer() async throws -> Entities.Timer?
    /// The selector for a timer reference a user typed, resolved by one read: a task number or task
    /// id prefix gives `.target(.task(id))`, a timer id prefix gives `.id(timerID)`.
    /// - Throws: `notFound(kind: .timer, reference:)` when the reference names no timer of the person
    ///   (a task without a timer included); `ambiguous` with the candidates.
    func selector(reference: String) async throws -> TimerSelector
    /// Starts timing `target`, pausing the person's running timer. A paused timer on the same target is
    /// resumed rather than duplicated (its note and billable flag updated when given). Creates the local
    /// person on first use, in the same transaction.
    /// - Parameters:
    ///   - note: The timer's note; nil keeps a resumed timer's note.
    ///   - billable: Marks the time billable (never unmarks a resumed timer).
    ///   - tags: Tags for the entry the timer stops into (added to a resumed timer's).
    ///   - at: When work began; nil means now.
    /// - Throws: `conflict(.timerAlreadyRunning)`; `conflict(.noLongerExists)` when the target is gone;
    ///   `invalid` for what `Timer` refuses (an instant out of range or in the future, a long note, too many tags).
    func start(target: TimeTarget, note: String?, billable: Bool, tags: [Entities.Tag], at: Date?) async throws
        -> TimerStart
    /// Pauses the timer `selector` means.
    /// - Parameter at: When work stopped; nil means now (or the running interval's start when that lies a
    ///   few seconds ahead).
    /// - Throws: `invalid` with the Entities' reason: the choice's (`.noRunningTimer`, `.noTimerWithID`,
    ///   …), `.timerAlreadyPaused`, or a refused instant.
    func pause(_ selector: TimerSelector, at: Date?) async throws -> Entities.Timer
    /// Resumes the timer `selector` means, pausing the running one.
    /// - Parameter at: When work resumed; nil means now (or the pause when that lies ahead).
    /// - Throws: `invalid` with the choice's reason (`.noPausedTimer`, …), `.timerAlreadyRunning`, or a
    ///   refused instant.
    func resume(_ selector: TimerSelector, at: Date?) async throws -> TimerStart
    /// Stops the timer `selector` means: removes it and creates its time entries (one per stretch it ran, in
    /// order; `Timer.stop`), atomically.
    /// - Parameters:
    ///   - at: When work stopped; nil means now.
    ///   - note: The entry's note; nil keeps the timer's.
    ///   - force: Accept more than 24 hours.
    /// - Throws: `invalid` with the choice's reason (`.noTimer`, `.severalPausedTimers(ids:)`, …) or what
    ///   `Timer.stop` refuses (nothing recorded, over 24 h without `force`, a refused instant).
    func stop(_ selector: TimerSelector, at: Date?, note: String?, force: Bool) async throws -> [TimeEntry]
    /// Removes the timer `selector` means without logging anything.
    /// - Throws: `invalid` with the choice's reason.
    func discard(_ selector: TimerSelector) async throws -> Entities.Timer
}

/// Time entries: logged by hand, listed, edited, deleted. Methods throw ``RepositoryError``.
public protocol TimeEntryRepository: Sendable {
    /// Entries matching `query`, by start.
    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry]
    /// The entry a user means by a unique id prefix (at least 4 characters).
    /// - Throws: `notFound` or `ambiguous`.
    func entry(reference: String) async throws -> TimeEntry
    /// Validates and stores an entry logged by the local person (created on first use, in the same
    /// transaction).
    /// Entries of the same person it overlaps are treated as `draft.overlap` says, in the same transaction.
    /// - Throws: `invalid` for what `TimeEntry.create` refuses (a bad duration, an entry ending in the
    ///   future, a long note, too many tags) and for an overlap under `.refuse`; `conflict(.noLongerExists)`
    ///   when the task or project is gone.
    func log(_ draft: NewTimeEntry) async throws -> TimeEntry
    /// Applies an entity rule to an entry in one transaction; a new target must exist.
    /// - Parameters:
    ///   - summary: What undo will say it reverts.
    ///   - overlap: What happens to the owner's other entries when the change moves this one onto their time
    ///     (`EntryOverlap`); trims and removals go into the same change batch.
    ///   - change: The rule, given the entry as stored and the time of the change.
    /// - Throws: `invalid` with what `change` threw (`.overlapsEntry` under `.refuse`); `conflict(.noLongerExists)`
    ///   for the entry or target.
    func change(
        _ id: UUID, summary: String, overlap: OverlapPolicy,
        _ change: @escaping @Sendable (inout TimeEntry, Date) throws -> Void
    ) async throws -> TimeEntry
    /// Deletes an entry (a tombstone, so undo and sync can see it).
    /// - Returns: The entry as it was.
    /// - Throws: `conflict(.noLongerExists)`.
    func delete(_ id: UUID) async throws -> TimeEntry
}

extension TimerRepository {
    /// Starts a timer without tags.
    public func start(target: TimeTarget, note: String?, billable: Bool, at: Date?) async throws -> TimerStart {
        try await start(target: target, note: note, billable: billable, tags: [], at: at)
    }
}

extension TimeEntryRepository {
    /// A change that never checks overlaps (notes, tags, billable, target: the span stays as it is).
    public func change(
        _ id: UUID, summary: String, _ change: @escaping @Sendable (inout TimeEntry, Date) throws -> Void
    ) async throws -> TimeEntry {
        try await self.change(id, summary: summary, overlap: .allow, change)
    }
}

/// Sums of tracked time for reports, the dashboard and task/project details, computed by the
/// storage. Throws ``RepositoryError``.
public protocol TimeReportRepository: Sendable {
    /// One result per request, read together in one transaction so they are consistent.
    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]]
    /// The time logged on each task, ever and by anyone, in one grouped read (a listing's rows); tasks without
    /// time are absent.
    func loggedSeconds(onTasks ids: [UUID]) async throws -> [UUID: Int]
}
