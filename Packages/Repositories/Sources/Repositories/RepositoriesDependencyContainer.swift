import Entities
import Foundation
import LocalStorage
import RemoteStorage

/// Holds the single instances of the datastores and makes repositories on demand: the only way to
/// get a repository from outside the package.
///
/// Repositories are cheap, stateless values, so the factories are synchronous and return a new one
/// each time; the datastores (the state) are made once per container, over one open database.
public final class RepositoriesDependencyContainer: Sendable {
    private let store: LocalStore
    private let projectDatastore: any ProjectDatastore
    private let taskListDatastore: any TaskListDatastore
    private let taskDatastore: any TaskDatastore
    private let historyDatastore: any HistoryDatastore
    private let transferDatastore: any TransferDatastore
    private let timeDatastore: any TimeDatastore
    private let teamMemberDatastore: any TeamMemberDatastore
    private let credentialsFile: CredentialsFile
    private let syncServiceFactory: SyncServiceFactory
    private let clock: any DateProvider
    private let ids: any IdentifierProvider
    private let syncBatchBytes: Int

    /// The factory used when none is given: a service that cannot reach any server, so sync fails
    /// with a clear `remote(.unreachable)` and everything else works as without a server.
    public static let offlineSyncService: SyncServiceFactory = { server, _ in UnavailableSyncService(server: server) }

    /// The real one: the Stint server over HTTP (RemoteStorage). Each request gets `timeout`; a
    /// transient failure is retried once, so a server that hangs costs a person at most twice the timeout.
    public static func httpSyncService(timeout: Duration = .seconds(10)) -> SyncServiceFactory {
        { server, token in
            HTTPSyncService(
                server: server, token: token, configuration: RemoteConfiguration(timeout: timeout, retries: 1))
        }
    }

    /// Opens (creating and migrating when needed) the database at `databasePath`.
    /// - Parameters:
    ///   - databasePath: The SQLite file; missing parent directories are created.
    ///   - clock: The time of every change (injected, so tests and callers can pin it).
    ///   - ids: Makes the ids of new items.
    ///   - credentialsFile: Where a login keeps its token (mode 0600); by default `credentials.json`
    ///     next to the database.
    ///   - syncServiceFactory: Makes the service that reaches a server, for sync and login.
    ///   - syncBatchBytes: The most bytes of change images one push carries (tests push in many small batches).
    ///   - onlyReading: The command only reads: the file is opened read-only when it can be, which is cheaper
    ///     (ADR 0028, decision 19). A write still works; the store reopens the file read-write for it.
    /// - Throws: ``RepositoryError/storage(inner:)`` when the file cannot be used.
    public convenience init(
        databasePath: String, clock: any DateProvider, ids: any IdentifierProvider, credentialsFile: URL? = nil,
        syncServiceFactory: @escaping SyncServiceFactory = RepositoriesDependencyContainer.offlineSyncService,
        syncBatchBytes: Int = 1 << 20, onlyReading: Bool = false
    ) throws {
        let store: LocalStore
        do {
            store = try LocalStore.open(path: databasePath, access: onlyReading ? .reading : .readWrite)
        } catch {
            throw repositoryError(error)
        }
        let credentials =
            credentialsFile
            ?? URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("credentials.json")
        self.init(
            store: store, clock: clock, ids: ids, credentialsFile: credentials, syncServiceFactory: syncServiceFactory,
            syncBatchBytes: syncBatchBytes)
    }

    /// Uses an already opened store (tests share one between containers).
    init(
        store: LocalStore, clock: any DateProvider, ids: any IdentifierProvider, credentialsFile: URL,
        syncServiceFactory: @escaping SyncServiceFactory, syncBatchBytes: Int = LocalSyncRepository.defaultBatchBytes
    ) {
        self.store = store
        self.syncBatchBytes = max(1, syncBatchBytes)
        teamMemberDatastore = CachingTeamMemberDatastore(store: store, clock: clock)
        self.credentialsFile = CredentialsFile(url: credentialsFile)
        self.syncServiceFactory = syncServiceFactory
        projectDatastore = SQLiteProjectDatastore(store: store)
        taskListDatastore = SQLiteTaskListDatastore(store: store)
        taskDatastore = SQLiteTaskDatastore(store: store)
        historyDatastore = SQLiteHistoryDatastore(store: store)
        transferDatastore = SQLiteTransferDatastore(store: store)
        timeDatastore = SQLiteTimeDatastore(store: store)
        self.clock = clock
        self.ids = ids
    }

    /// How many SQL statements the database has run since this container opened it, opening included
    /// (so the app can say how much database work a command did). Reading it runs nothing.
    public var statementCount: Int { store.statementCount }
    /// Whether the database is still open read-only (an `onlyReading` container whose command wrote nothing).
    public var isReadOnly: Bool { store.isReadOnly }
    /// Closes the database once the run is over (``LocalStore/close()``); nothing may be used afterwards. A
    /// failure to close loses nothing (every change was committed), so it is not reported.
    public func close() { try? store.close() }
    /// Change batches committed since the store was opened (see ``LocalStore/committedBatchCount``).
    public var committedBatchCount: Int { store.committedBatchCount }

    public func makeProjectRepository() -> any ProjectRepository {
        LocalProjectRepository(datastore: projectDatastore, clock: clock, ids: ids)
    }

    public func makeTaskListRepository() -> any TaskListRepository {
        LocalTaskListRepository(datastore: taskListDatastore, projects: projectDatastore, clock: clock, ids: ids)
    }

    public func makeTaskRepository() -> any TaskRepository {
        LocalTaskRepository(datastore: taskDatastore, clock: clock, ids: ids)
    }

    public func makeHistoryRepository() -> any HistoryRepository {
        LocalHistoryRepository(datastore: historyDatastore, clock: clock)
    }

    public func makeTransferRepository() -> any TransferRepository {
        LocalTransferRepository(datastore: transferDatastore, clock: clock)
    }

    public func makeTimerRepository() -> any TimerRepository {
        LocalTimerRepository(datastore: timeDatastore, clock: clock, ids: ids)
    }

    public func makeTimeEntryRepository() -> any TimeEntryRepository {
        LocalTimeEntryRepository(datastore: timeDatastore, clock: clock, ids: ids)
    }

    public func makeTimeReportRepository() -> any TimeReportRepository {
        LocalTimeReportRepository(datastore: timeDatastore)
    }

    public func syncRepository() -> any SyncRepository {
        LocalSyncRepository(
            store: store, credentials: credentialsFile, makeService: syncServiceFactory, team: teamMemberDatastore,
            clock: clock, ids: ids, batchBytes: syncBatchBytes)
    }
}
