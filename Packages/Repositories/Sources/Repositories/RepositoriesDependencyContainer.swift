import Entities
import Foundation
import LocalStorage

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
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    /// Opens (creating and migrating when needed) the database at `databasePath`.
    /// - Parameters:
    ///   - databasePath: The SQLite file; missing parent directories are created.
    ///   - clock: The time of every change (injected, so tests and callers can pin it).
    ///   - ids: Makes the ids of new items.
    /// - Throws: ``RepositoryError/storage(inner:)`` when the file cannot be used.
    public convenience init(databasePath: String, clock: any DateProvider, ids: any IdentifierProvider) throws {
        let store: LocalStore
        do { store = try LocalStore.open(path: databasePath) } catch { throw repositoryError(error) }
        self.init(store: store, clock: clock, ids: ids)
    }

    /// Uses an already opened store (tests share one between containers).
    init(store: LocalStore, clock: any DateProvider, ids: any IdentifierProvider) {
        self.store = store
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
}
