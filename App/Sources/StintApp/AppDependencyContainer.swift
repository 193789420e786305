import Entities
import Foundation
import Repositories
import TerminalUI

/// The one container of the app: built once per run from the ``AppEnvironment``. It opens the
/// database lazily (help and argument errors never touch it) and makes workers on demand.
public final class AppDependencyContainer: Sendable {
    public let environment: AppEnvironment
    public let output: any TextOutput
    public let errorOutput: any TextOutput
    let analytics: LogAnalytics
    private let ids: any IdentifierProvider
    private let repositoriesBox = LazyBox<RepositoriesDependencyContainer>()

    init(
        environment: AppEnvironment, output: any TextOutput = StandardOutput(),
        errorOutput: any TextOutput = StandardError(), analytics: LogAnalytics = LogAnalytics(),
        ids: any IdentifierProvider = RandomIdentifierProvider()
    ) {
        self.environment = environment
        self.output = output
        self.errorOutput = errorOutput
        self.analytics = analytics
        self.ids = ids
    }

    var calendar: WorkCalendar { WorkCalendar(clock: environment.clock, timeZone: environment.timeZone) }

    /// The child container of the data layer, made (and the database opened) on first use.
    func repositories() throws(WorkerError) -> RepositoriesDependencyContainer {
        let environment = self.environment
        let ids = self.ids
        return try repositoriesBox.value { () throws(WorkerError) in
            try working {
                try RepositoriesDependencyContainer(
                    databasePath: environment.databasePath, clock: environment.clock, ids: ids)
            }
        }
    }

    func makeTaskWorker() throws(WorkerError) -> TaskWorker {
        let data = try repositories()
        return TaskWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository(), sums: data.makeTimeReportRepository(), calendar: calendar)
    }

    func makeProjectWorker() throws(WorkerError) -> ProjectWorker {
        let data = try repositories()
        return ProjectWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository(), sums: data.makeTimeReportRepository(), calendar: calendar)
    }

    func makeTaskListWorker() throws(WorkerError) -> TaskListWorker {
        let data = try repositories()
        return TaskListWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository())
    }

    func makeHistoryWorker() throws(WorkerError) -> HistoryWorker {
        HistoryWorker(history: try repositories().makeHistoryRepository())
    }

    func makeTimeWorker() throws(WorkerError) -> TimeWorker {
        let data = try repositories()
        return TimeWorker(
            timers: data.makeTimerRepository(), entries: data.makeTimeEntryRepository(),
            sums: data.makeTimeReportRepository(), tasks: data.makeTaskRepository(),
            projects: data.makeProjectRepository(), calendar: calendar)
    }

    func makeReportWorker() throws(WorkerError) -> ReportWorker {
        let data = try repositories()
        return ReportWorker(
            sums: data.makeTimeReportRepository(), timers: data.makeTimerRepository(), tasks: data.makeTaskRepository(),
            projects: data.makeProjectRepository(), calendar: calendar)
    }

    func makeTransferWorker() throws(WorkerError) -> TransferWorker {
        let data = try repositories()
        return TransferWorker(
            transfer: data.makeTransferRepository(), projects: data.makeProjectRepository(),
            lists: data.makeTaskListRepository(), tasks: data.makeTaskRepository(), calendar: calendar)
    }
}

/// A value made once, on first use, safely from any thread.
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
    var peek: Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
