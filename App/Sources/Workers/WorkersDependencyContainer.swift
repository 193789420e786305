import Entities
import Foundation
import Repositories

/// The workers' child container: it opens the database on first use (help and argument errors never
/// touch it) through the single `RepositoriesDependencyContainer`, and makes workers on demand.
///
/// It exists so that everything above the workers can be wired without seeing Repositories: the App's
/// `AppDependencyContainer` holds one of these, never a repository.
public final class WorkersDependencyContainer: Sendable {
    private let databasePath: String
    private let credentialsPath: String
    private let syncServiceFactory: SyncServiceFactory
    private let ids: any IdentifierProvider
    /// What "now" and "today" mean for this process.
    public let calendar: WorkCalendar
    private let repositoriesBox = LazyBox<RepositoriesDependencyContainer>()
    private let onlyReads = Flag()

    /// - Parameters:
    ///   - databasePath: the SQLite file; created and migrated when first needed.
    ///   - clock: the injected clock (the system clock, or a pinned one in tests).
    ///   - timeZone: the user's zone, which turns instants into days.
    ///   - ids: makes the ids of new rows.
    ///   - syncTimeout: how long one request to the server may take.
    ///   - credentialsPath: the 0600 file keeping the server's address and token; nil keeps it next to the database.
    ///   - weekStart: the day the user's weeks begin on (the config file's `week_start`).
    public convenience init(
        databasePath: String, clock: any DateProvider, timeZone: any TimeZoneRules, ids: any IdentifierProvider,
        credentialsPath: String? = nil, syncTimeout: Duration = .seconds(10), weekStart: Weekday = .monday
    ) {
        self.init(
            databasePath: databasePath, clock: clock, timeZone: timeZone, ids: ids, credentialsPath: credentialsPath,
            syncServiceFactory: RepositoriesDependencyContainer.httpSyncService(timeout: syncTimeout),
            weekStart: weekStart)
    }

    /// - Parameter syncServiceFactory: how the server is reached (tests: a ``TeamStandIn``).
    init(
        databasePath: String, clock: any DateProvider, timeZone: any TimeZoneRules, ids: any IdentifierProvider,
        credentialsPath: String?, syncServiceFactory: @escaping SyncServiceFactory, weekStart: Weekday = .monday
    ) {
        self.syncServiceFactory = syncServiceFactory
        self.databasePath = databasePath
        self.credentialsPath =
            credentialsPath
            ?? URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("credentials").path
        self.ids = ids
        calendar = WorkCalendar(clock: clock, timeZone: timeZone, weekStart: weekStart)
    }

    /// The data layer, made (and the database opened) on first use.
    private func repositories() throws(WorkerError) -> RepositoriesDependencyContainer {
        let path = databasePath
        let credentials = URL(fileURLWithPath: credentialsPath)
        let factory = syncServiceFactory
        let clock = calendar.clock
        let ids = self.ids
        let onlyReading = onlyReads.isSet
        return try repositoriesBox.value { () throws(WorkerError) in
            try working {
                try RepositoriesDependencyContainer(
                    databasePath: path, clock: clock, ids: ids, credentialsFile: credentials,
                    syncServiceFactory: factory, onlyReading: onlyReading)
            }
        }
    }

    /// Says, before the database is first used, that this run's command only reads: the database is then opened
    /// read-only when it can be, which is cheaper (ADR 0028, decision 19). A hint, not a promise: a write still
    /// works, after the file is reopened read-write.
    public func expectOnlyReads() { onlyReads.set() }

    /// How this run has the database open, for `--verbose`: "read-only", "read-write" or "unopened".
    public var databaseAccess: String {
        guard let repositories = repositoriesBox.peek else { return "unopened" }
        return repositories.isReadOnly ? "read-only" : "read-write"
    }

    /// How many SQL statements this run has executed (0 when the database was never opened), for
    /// `--verbose`: the cost of a command that does not depend on the machine it ran on.
    public var statementCount: Int { repositoriesBox.peek?.statementCount ?? 0 }

    /// Closes the database if this run opened it. Called once the command is over; workers made before
    /// must not be used after.
    public func close() { repositoriesBox.peek?.close() }

    /// Whether this run changed local data (a change a sync has to push): 0 when the database was never
    /// opened. Auto-sync starts only after such a run.
    public var committedBatchCount: Int { repositoriesBox.peek?.committedBatchCount ?? 0 }

    public func makeTaskWorker() throws(WorkerError) -> TaskWorker {
        let data = try repositories()
        return TaskWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository(), sums: data.makeTimeReportRepository(), sync: data.syncRepository(),
            calendar: calendar)
    }

    public func makeProjectWorker() throws(WorkerError) -> ProjectWorker {
        let data = try repositories()
        return ProjectWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository(), sums: data.makeTimeReportRepository(), calendar: calendar)
    }

    public func makeTaskListWorker() throws(WorkerError) -> TaskListWorker {
        let data = try repositories()
        return TaskListWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository())
    }

    public func makeHistoryWorker() throws(WorkerError) -> HistoryWorker {
        HistoryWorker(history: try repositories().makeHistoryRepository())
    }

    public func makeTimeWorker() throws(WorkerError) -> TimeWorker {
        let data = try repositories()
        return TimeWorker(
            timers: data.makeTimerRepository(), entries: data.makeTimeEntryRepository(),
            sums: data.makeTimeReportRepository(), tasks: data.makeTaskRepository(),
            projects: data.makeProjectRepository(), sync: data.syncRepository(), calendar: calendar)
    }

    public func makeReportWorker() throws(WorkerError) -> ReportWorker {
        let data = try repositories()
        return ReportWorker(
            sums: data.makeTimeReportRepository(), timers: data.makeTimerRepository(), tasks: data.makeTaskRepository(),
            projects: data.makeProjectRepository(), sync: data.syncRepository(), calendar: calendar)
    }

    public func makeSyncWorker() throws(WorkerError) -> SyncWorker {
        SyncWorker(sync: try repositories().syncRepository(), clock: calendar)
    }

    public func makeTransferWorker() throws(WorkerError) -> TransferWorker {
        let data = try repositories()
        return TransferWorker(
            transfer: data.makeTransferRepository(), projects: data.makeProjectRepository(),
            lists: data.makeTaskListRepository(), tasks: data.makeTaskRepository(), timers: data.makeTimerRepository(),
            entries: data.makeTimeEntryRepository(), ids: ids, sync: data.syncRepository(), calendar: calendar)
    }
}

/// A value made once, on first use, safely from any thread.
/// A switch that is turned on once and read from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var on = false

    func set() { lock.withLock { on = true } }
    var isSet: Bool { lock.withLock { on } }
}

final class LazyBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func value<E: Error>(_ make: () throws(E) -> Value) throws(E) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let made = try make()
        stored = made
        return made
    }

    /// The value if it was made, without making it.
    var peek: Value? { lock.withLock { stored } }
}
