import Entities
import Foundation
import LocalStorage

/// Holds the single instances of the datastores and makes repositories on demand.
///
/// Repositories are cheap, stateless values, so the factories are synchronous and return a new one
/// each time; the datastores (the state) are made once per container.
public final class RepositoriesDependencyContainer: Sendable {
    private let projectDatastore: any ProjectDatastore
    private let taskListDatastore: any TaskListDatastore
    private let taskDatastore: any TaskDatastore
    private let historyDatastore: any HistoryDatastore
    private let transferDatastore: any TransferDatastore
    private let timeDatastore: any TimeDatastore
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    /// Opens (creating and migrating when needed) the database at `databasePath`.
    /// - Throws: ``RepositoryError/storage(inner:)`` when the file cannot be used.
    public convenience init(databasePath: String, clock: any DateProvider, ids: any IdentifierProvider) throws {
        let store: LocalStore
        do { store = try LocalStore.open(path: databasePath) } catch { throw repositoryError(error) }
        self.init(store: store, clock: clock, ids: ids)
    }

    /// Uses an already opened store (tests share one between containers).
    public init(store: LocalStore, clock: any DateProvider, ids: any IdentifierProvider) {
        projectDatastore = SQLiteProjectDatastore(store: store)
        taskListDatastore = SQLiteTaskListDatastore(store: store)
        taskDatastore = SQLiteTaskDatastore(store: store)
        historyDatastore = SQLiteHistoryDatastore(store: store)
        transferDatastore = SQLiteTransferDatastore(store: store)
        timeDatastore = SQLiteTimeDatastore(store: store)
        self.clock = clock
        self.ids = ids
    }

    public func makeProjectRepository() -> any ProjectRepository {
        LocalProjectRepository(datastore: projectDatastore, clock: clock, ids: ids)
    }

    public func makeTaskListRepository() -> any TaskListRepository {
        LocalTaskListRepository(datastore: taskListDatastore, projects: projectDatastore, clock: clock, ids: ids)
    }

    public func makeTaskRepository() -> any TaskRepository {
        LocalTaskRepository(
            datastore: taskDatastore, lists: taskListDatastore, projects: projectDatastore, clock: clock, ids: ids)
    }

    public func makeHistoryRepository() -> any HistoryRepository {
        LocalHistoryRepository(datastore: historyDatastore, clock: clock)
    }

    public func makeTransferRepository() -> any TransferRepository {
        LocalTransferRepository(datastore: transferDatastore, clock: clock)
    }

    public func makeTimerRepository() -> any TimerRepository {
        LocalTimerRepository(
            datastore: timeDatastore, tasks: taskDatastore, projects: projectDatastore, clock: clock, ids: ids)
    }

    public func makeTimeEntryRepository() -> any TimeEntryRepository {
        LocalTimeEntryRepository(
            datastore: timeDatastore, tasks: taskDatastore, projects: projectDatastore, clock: clock, ids: ids)
    }

    public func makeTimeReportRepository() -> any TimeReportRepository {
        LocalTimeReportRepository(datastore: timeDatastore)
    }
}
