import Entities
import Foundation
import ProjectsFeature
import ProjectsFeatureContract
import ReportsFeature
import ReportsFeatureContract
import TasksFeature
import TasksFeatureContract
import Testing
import TimersFeature
import TimersFeatureContract
@_spi(Testing) import Workers

@testable import Adapters

// Each feature's contract suite (the same scenarios its in-memory fake passes in the feature's own tests) run
// against the App's real adapter, over real workers and a fresh SQLite file per scenario. A fake and the real
// code cannot drift apart without one of the two runs failing.

@Suite("The real adapters keep the features' contracts")
struct ContractTests {
    @Test(arguments: TasksContract.scenarios)
    func tasks(_ scenario: TasksContract.Scenario) async throws {
        try await scenario.run(on: try AdapterTasksSubject())
    }

    @Test(arguments: TimersContract.scenarios)
    func timers(_ scenario: TimersContract.Scenario) async throws {
        try await scenario.run(on: try AdapterTimersSubject())
    }

    @Test(arguments: ProjectsContract.scenarios)
    func projects(_ scenario: ProjectsContract.Scenario) async throws {
        try await scenario.run(on: try AdapterProjectsSubject())
    }

    @Test(arguments: ReportsContract.scenarios)
    func reports(_ scenario: ReportsContract.Scenario) async throws {
        try await scenario.run(on: try AdapterReportsSubject())
    }
}

/// A temporary database with real workers, a clock the test moves, and the contracts' zone (UTC).
final class Bench: Sendable {
    let directory: URL
    let clock: ManualClock
    let workers: WorkersDependencyContainer
    /// The server a contract may log in to.
    let team = TeamStandIn()

    init(now: Date) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-contract-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = ManualClock(now)
        workers = WorkersDependencyContainer(
            databasePath: directory.appendingPathComponent("stint.sqlite").path, clock: clock,
            timeZone: TimeZone(identifier: "UTC") ?? .gmt, ids: RandomIdentifierProvider(), team: team)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

/// A clock that moves only when told to.
final class ManualClock: DateProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    func now() -> Date { lock.withLock { current } }

    func advance(by seconds: Int) { lock.withLock { current += TimeInterval(seconds) } }
}

/// The workers' error kinds are what the contracts call error kinds; storage failures and bugs are none.
private func kind(of error: any Error) -> WorkerError.Kind? {
    guard let error = error as? WorkerError else { return nil }
    switch error.kind {
    case .notFound, .ambiguous, .invalidInput, .conflict: return error.kind
    case .storage, .remote, .unexpected: return nil
    }
}

/// Where the next entry a contract logs may begin: each one after the last, so two never overlap (the contract
/// promises scenarios entries that overlap no other).
final class EntrySlots: @unchecked Sendable {
    private let lock = NSLock()
    private var placed = 0

    /// Seconds after the first slot for an entry of `seconds`, a minute clear of the one before.
    func take(_ seconds: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let start = placed
        placed += seconds + 60
        return start
    }
}

struct AdapterTasksSubject: TasksContractSubject {
    let bench: Bench
    let services: any TasksServices
    let slots = EntrySlots()

    init() throws {
        bench = try Bench(now: TasksContract.now)
        services = TasksAdapter(worker: try bench.workers.makeTaskWorker())
    }

    func seedProject(named name: String, lists: [String]) async throws {
        _ = try await bench.workers.makeProjectWorker().create(name: name, note: "")
        for list in lists {
            _ = try await bench.workers.makeTaskListWorker().create(name: list, projectReference: name)
        }
    }

    func seedTeam(you: String, others: [String]) async throws {
        bench.team.setUsers([you] + others)
        let sync = try bench.workers.makeSyncWorker()
        _ = try await sync.login(server: TeamStandIn.server, token: "token", deviceName: "contract")
        _ = try await sync.team(refresh: true)
    }

    func advanceClock(by seconds: Int) async throws { bench.clock.advance(by: seconds) }

    func logTime(seconds: Int, onTask reference: String) async throws {
        _ = try await bench.workers.makeTimeWorker().log(
            LogInput(
                durationSeconds: seconds, task: reference, project: nil,
                start: bench.clock.now().addingTimeInterval(TimeInterval(-10 * 86_400 + slots.take(seconds))),
                note: nil, billable: false, tags: [], force: false))
    }

    func classify(_ error: any Error) -> TasksContract.ErrorKind? {
        kind(of: error).flatMap { TasksContract.ErrorKind(rawValue: "\($0)") }
    }
}

struct AdapterTimersSubject: TimersContractSubject {
    let bench: Bench
    let services: any TimersServices

    init() throws {
        bench = try Bench(now: TimersContract.now)
        services = TimersAdapter(worker: try bench.workers.makeTimeWorker())
    }

    func seedProject(named name: String) async throws {
        _ = try await bench.workers.makeProjectWorker().create(name: name, note: "")
    }

    func seedTask(title: String, project: String?) async throws -> Int {
        let created = try await bench.workers.makeTaskWorker().create(TaskInput(title: title, project: project))
        return created.task.number ?? 0
    }

    func advanceClock(by seconds: Int) async throws { bench.clock.advance(by: seconds) }

    func classify(_ error: any Error) -> TimersContract.ErrorKind? {
        kind(of: error).flatMap { TimersContract.ErrorKind(rawValue: "\($0)") }
    }
}

struct AdapterProjectsSubject: ProjectsContractSubject {
    let bench: Bench
    let services: any ProjectsServices

    init() throws {
        bench = try Bench(now: TasksContract.now)
        services = ProjectsAdapter(
            projectWorker: try bench.workers.makeProjectWorker(), listWorker: try bench.workers.makeTaskListWorker())
    }

    func seedTasks(project: String, list: String?, open: Int, done: Int) async throws {
        let tasks = try bench.workers.makeTaskWorker()
        for index in 0..<(open + done) {
            let created = try await tasks.create(TaskInput(title: "Task \(index + 1)", project: project, list: list))
            if index >= open { _ = try await tasks.complete(created.task.id.uuidString) }
        }
    }

    func classify(_ error: any Error) -> ProjectsContract.ErrorKind? {
        kind(of: error).flatMap { ProjectsContract.ErrorKind(rawValue: "\($0)") }
    }
}

struct AdapterReportsSubject: ReportsContractSubject {
    let bench: Bench
    let services: any ReportsServices
    private let made = Made()

    init() throws {
        bench = try Bench(now: ReportsContract.now)
        services = ReportsAdapter(worker: try bench.workers.makeReportWorker())
    }

    /// Creates the entry's project and task on first use (reused after), then logs the time with the real worker.
    func seed(_ entry: ReportsContract.Entry) async throws {
        if let project = entry.project, made.project(project) {
            _ = try await bench.workers.makeProjectWorker().create(name: project, note: "")
        }
        var taskReference: String?
        if let title = entry.task {
            if let known = made.task(title, in: entry.project) {
                taskReference = known
            } else {
                let created = try await bench.workers.makeTaskWorker().create(
                    TaskInput(title: title, project: entry.project))
                taskReference = created.task.id.uuidString
                made.remember(title, in: entry.project, as: created.task.id.uuidString)
            }
        }
        _ = try await bench.workers.makeTimeWorker().log(
            LogInput(
                durationSeconds: entry.seconds, task: taskReference,
                project: taskReference == nil ? entry.project : nil,
                start: entry.start, note: nil, billable: entry.billable, tags: entry.tags, force: true))
    }

    func classify(_ error: any Error) -> ReportsContract.ErrorKind? {
        kind(of: error).flatMap { ReportsContract.ErrorKind(rawValue: "\($0)") }
    }

    /// What the subject created, so a second entry on the same task reuses it.
    private final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var projects: Set<String> = []
        private var tasks: [String: String] = [:]

        /// True the first time `name` is seen.
        func project(_ name: String) -> Bool { lock.withLock { projects.insert(name).inserted } }

        func task(_ title: String, in project: String?) -> String? {
            lock.withLock { tasks["\(project ?? "")/\(title)"] }
        }

        func remember(_ title: String, in project: String?, as reference: String) {
            lock.withLock { tasks["\(project ?? "")/\(title)"] = reference }
        }
    }
}
