import Entities
import Foundation

/// The persistent state of timers and time entries (RDS "Datastore").
///
/// Timers and entries share one datastore because stopping a timer must remove the timer and create
/// its entry in one transaction. Like the other datastores it applies no business rule itself: the
/// caller's plan (built with the Entities' rules) decides, from the data as it is inside the
/// transaction, and the datastore stores the result atomically with a change-log batch named by the
/// plan. Reads never write: the local person is created only by a change that needs it, in that
/// change's transaction. All methods throw ``RepositoryError``.
protocol TimeDatastore: Sendable {
    /// The id of the person using this device, or nil when nothing has created it yet.
    func localPersonID() async throws -> UUID?
    /// The local person's live timers, running first, then the most recently changed; empty when
    /// there is no person yet. One read.
    func localTimers() async throws -> [Entities.Timer]
    /// What a typed timer reference may mean, read in one transaction: the local person's timers, the
    /// task with `number` and the tasks whose id starts with `idPrefix` (each only when given).
    func timerReference(number: Int?, idPrefix: String?) async throws -> TimerReferenceData
    /// In one write transaction: reads the local person (creating it from `personCandidate` when
    /// there is none) and their live timers, lets `plan` decide, and stores the plan (timers inserted,
    /// updated, deleted; entries inserted) under the plan's summary.
    /// - Returns: What `plan` returned beside the plan.
    /// - Throws: whatever `plan` throws (wrapped), or a storage error; nothing is stored then.
    func changeTimers<Result: Sendable>(
        personCandidate: UUID, at date: Date, _ plan: @escaping @Sendable (TimerContext) throws -> (TimerPlan, Result)
    ) async throws -> Result
    /// Entries matching `query`, by start.
    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry]
    /// The live entry with this id, or nil.
    func entry(id: UUID) async throws -> TimeEntry?
    /// Live entries whose id starts with `prefix`.
    func entries(idPrefix prefix: String) async throws -> [TimeEntry]
    /// In one write transaction: reads the local person (creating it from `personCandidate`), lets
    /// `make` build the entry and its summary, checks that its target is live, hands `overlaps` the same
    /// person's live entries that share time with it and stores the entry with the changes `overlaps` asks
    /// of those (all in one change batch, so one undo takes everything back).
    /// - Throws: `conflict(.noLongerExists)` for a gone target, whatever `make` or `overlaps` throws.
    func insertEntry(
        personCandidate: UUID, at date: Date,
        _ make: @escaping @Sendable (UUID, TargetLookup) throws -> (TimeEntry, String),
        overlaps: @escaping @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) async throws -> TimeEntry
    /// Reads, changes and stores an entry in one transaction; a new target must be live. When the span
    /// changed, `overlaps` sees the owner's other entries sharing time with the result, as for `insertEntry`.
    /// - Throws: `conflict(.noLongerExists)` for the entry or its new target.
    func updateEntry(
        id: UUID, summary: String, at date: Date, _ change: @escaping @Sendable (inout TimeEntry) throws -> Void,
        overlaps: @escaping @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) async throws -> TimeEntry
    /// Tombstones an entry and returns it as it was; `summary` names it for undo.
    func deleteEntry(id: UUID, at date: Date, summary: @escaping @Sendable (TimeEntry) -> String) async throws
        -> TimeEntry
    /// Sums of time computed by the storage (never by loading entries), all read in one transaction
    /// so they agree with each other; one result per request, in order.
    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]]
    /// Time logged on each task, ever, in one grouped statement; tasks without time are absent.
    func loggedSeconds(onTasks ids: [UUID]) async throws -> [UUID: Int]
}

/// What a timer change sees inside its transaction.
struct TimerContext {
    /// The local person, who owns the timers (created by this transaction when new).
    let ownerID: UUID
    /// The person's live timers as stored now: running first, then the most recently changed.
    let timers: [Entities.Timer]
    /// Tasks and projects as stored now, to check and name targets.
    let lookup: TargetLookup
}

/// Reads of tasks and projects inside a write transaction.
struct TargetLookup {
    /// The live task with this id, or nil.
    let task: (UUID) throws -> Task?
    /// The live project with this id, or nil.
    let project: (UUID) throws -> Project?

    /// Whether the task or project still exists.
    func exists(_ target: TimeTarget) throws -> Bool {
        switch target {
        case .task(let id): try task(id) != nil
        case .project(let id): try project(id) != nil
        }
    }
}

/// What a typed timer reference may mean: see ``TimeDatastore/timerReference(number:idPrefix:)``.
struct TimerReferenceData: Sendable {
    var timers: [Entities.Timer]
    var taskWithNumber: Task?
    var tasksWithPrefix: [Task]
}

/// The timers a timer change touched, what it produced and how undo names it.
struct TimerPlan: Sendable, Equatable {
    /// What undo will say it reverts, e.g. `stopped timer on task 3 "Report"`.
    var summary: String
    /// New timers.
    var inserted: [Entities.Timer] = []
    /// Changed timers (paused, resumed).
    var updated: [Entities.Timer] = []
    /// Timers removed (stopped or discarded).
    var deleted: [Entities.Timer] = []
    /// Entries created (by a stop).
    var entries: [TimeEntry] = []
    /// The target work starts on (a start or a resume): an open task becomes in progress in the same change, so one
    /// undo takes back both.
    var startsWorkOn: TimeTarget?
}
