import Foundation
internal import GRDB

extension LocalStore {
    /// Every live timer (of every person on this device): running ones first, then the most
    /// recently changed.
    public func timers() async throws(LocalStorageError) -> [TimerRecord] {
        try await read { db in try TimeQueries.timers(db) }
    }

    public func timer(id: String) async throws(LocalStorageError) -> TimerRecord? {
        try await read { db in try Queries.one(TimerRecord.self, db, id: id) }
    }

    /// Timers whose id starts with `idPrefix` (case-insensitive), by id.
    public func timers(idPrefix: String) async throws(LocalStorageError) -> [TimerRecord] {
        try await read { db in try Queries.withIDPrefix(TimerRecord.self, db, prefix: idPrefix) }
    }

    /// The entries the filter selects, by start (oldest first unless `newestFirst`), at most `limit`.
    public func timeEntries(_ filter: TimeEntryFilter = TimeEntryFilter()) async throws(LocalStorageError)
        -> [TimeEntryRecord]
    {
        try await read { db in try TimeQueries.entries(db, filter) }
    }

    public func timeEntry(id: String) async throws(LocalStorageError) -> TimeEntryRecord? {
        try await read { db in try Queries.one(TimeEntryRecord.self, db, id: id) }
    }

    /// Entries whose id starts with `idPrefix` (case-insensitive), by id.
    public func timeEntries(idPrefix: String) async throws(LocalStorageError) -> [TimeEntryRecord] {
        try await read { db in try Queries.withIDPrefix(TimeEntryRecord.self, db, prefix: idPrefix) }
    }

    /// Time added up in SQL: the seconds of the selected entries inside the filter's window, grouped.
    /// Groups without time are absent; they come ordered by key.
    public func timeTotals(
        _ filter: TimeEntryFilter, groupedBy grouping: TimeGrouping = .none
    ) async throws(LocalStorageError) -> [TimeTotal] {
        try await read { db in try TimeQueries.totals(db, filter, grouping: grouping) }
    }

    /// Several aggregations read in one transaction, so they agree with each other (a report's rows,
    /// its per-day series and its total).
    public func timeTotals(
        _ requests: [(filter: TimeEntryFilter, grouping: TimeGrouping)]
    ) async throws(LocalStorageError) -> [[TimeTotal]] {
        let requests = requests.map { TotalsRequest(filter: $0.filter, grouping: $0.grouping) }
        return try await read { db in
            try requests.map { try TimeQueries.totals(db, $0.filter, grouping: $0.grouping) }
        }
    }

    private struct TotalsRequest: Sendable {
        let filter: TimeEntryFilter
        let grouping: TimeGrouping
    }
}

extension StoreWriter {
    // MARK: Timers

    /// Live timers of one person, running first.
    public func timers(ownerID: String) throws(LocalStorageError) -> [TimerRecord] {
        try reading { try TimeQueries.timers(db, ownerID: ownerID) }
    }

    /// Live timers on one task, or on one project itself (not on its tasks).
    public func timers(taskID: String? = nil, projectID: String? = nil) throws(LocalStorageError) -> [TimerRecord] {
        try reading { try TimeQueries.timers(db, taskID: taskID, projectID: projectID) }
    }

    public func timer(id: String) throws(LocalStorageError) -> TimerRecord? {
        try reading { try Queries.one(TimerRecord.self, db, id: id) }
    }

    @discardableResult
    public func insert(_ timer: TimerRecord) throws(LocalStorageError) -> TimerRecord {
        try writing { try insertRecord(timer) }
    }

    @discardableResult
    public func update(_ timer: TimerRecord) throws(LocalStorageError) -> TimerRecord {
        try writing { try updateRecord(timer) }
    }

    /// Tombstones the timer (discarded, or stopped and turned into an entry).
    @discardableResult
    public func deleteTimer(id: String, at date: Date) throws(LocalStorageError) -> TimerRecord {
        try writing { try deleteRecord(TimerRecord.self, id: id, at: date) }
    }

    // MARK: Time entries

    public func timeEntry(id: String) throws(LocalStorageError) -> TimeEntryRecord? {
        try reading { try Queries.one(TimeEntryRecord.self, db, id: id) }
    }

    /// Live entries on one task, or on one project itself (not on its tasks).
    public func timeEntries(taskID: String? = nil, projectID: String? = nil) throws(LocalStorageError)
        -> [TimeEntryRecord]
    {
        try reading { try TimeQueries.entries(db, taskID: taskID, projectID: projectID) }
    }

    /// The entries the filter selects, read inside the write (what a new entry would overlap, say).
    public func timeEntries(_ filter: TimeEntryFilter) throws(LocalStorageError) -> [TimeEntryRecord] {
        try reading { try TimeQueries.entries(db, filter) }
    }

    @discardableResult
    public func insert(_ entry: TimeEntryRecord) throws(LocalStorageError) -> TimeEntryRecord {
        try writing { try insertRecord(entry) }
    }

    /// Inserts the entry, or brings back the tombstone with its id (an entry whose id is its timer's,
    /// stopped again after an undo).
    /// - Throws: `constraint` when a live entry already has the id.
    @discardableResult
    public func insertOrRevive(_ entry: TimeEntryRecord) throws(LocalStorageError) -> TimeEntryRecord {
        try writing { try insertOrReviveRecord(entry) }
    }

    @discardableResult
    public func update(_ entry: TimeEntryRecord) throws(LocalStorageError) -> TimeEntryRecord {
        try writing { try updateRecord(entry) }
    }

    @discardableResult
    public func deleteTimeEntry(id: String, at date: Date) throws(LocalStorageError) -> TimeEntryRecord {
        try writing { try deleteRecord(TimeEntryRecord.self, id: id, at: date) }
    }
}
