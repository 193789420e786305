import Entities
import Foundation

/// The persistent state of timers and time entries (RDS "Datastore").
///
/// Timers and entries share one datastore because stopping a timer must remove the timer and create
/// its entry in one transaction. Like the other datastores it applies no business rule itself: the
/// caller's `plan` (built with the Entities' rules) decides, and the datastore stores the result
/// atomically with a change-log batch named by `summary`. All methods throw ``RepositoryError``.
protocol TimeDatastore: Sendable {
    /// The id of the person using this device, created from `candidate` the first time it is asked
    /// for (it owns the timers and signs the entries until accounts arrive with sync).
    func localPersonID(creatingWith candidate: UUID) async throws -> UUID
    /// Live timers, of one person when `ownerID` is given: running first, then most recently changed.
    func timers(ownerID: UUID?) async throws -> [Entities.Timer]
    /// Live timers whose id starts with `prefix`.
    func timers(idPrefix prefix: String) async throws -> [Entities.Timer]
    /// Reads the person's live timers inside one transaction, lets `plan` decide what changes, and
    /// stores the plan (timers inserted, updated, deleted; entries inserted) in that transaction.
    /// - Throws: whatever `plan` throws (wrapped), or a storage error; nothing is stored then.
    func changeTimers(
        ownerID: UUID, summary: String, at date: Date, _ plan: @Sendable ([Entities.Timer]) throws -> TimerPlan
    ) async throws -> TimerPlan
    /// Entries matching `query`, by start.
    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry]
    /// The live entry with this id, or nil.
    func entry(id: UUID) async throws -> TimeEntry?
    /// Live entries whose id starts with `prefix`.
    func entries(idPrefix prefix: String) async throws -> [TimeEntry]
    /// Stores a new entry.
    func insert(_ entry: TimeEntry, summary: String, at date: Date) async throws
    /// Reads, changes and stores an entry in one transaction.
    func updateEntry(
        id: UUID, summary: String, at date: Date, _ change: @Sendable (inout TimeEntry) throws -> Void
    ) async throws -> TimeEntry
    /// Tombstones an entry.
    func deleteEntry(id: UUID, summary: String, at date: Date) async throws
    /// Sums of time computed by the storage (never by loading entries), all read in one transaction
    /// so they agree with each other; one result per request, in order.
    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]]
}
