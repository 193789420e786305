import Entities
import Foundation
import Repositories

@testable import Workers

/// A clock the test moves by hand.
final class ManualClock: DateProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ iso: String) {
        current = (try? Date.ISO8601FormatStyle().parse(iso)) ?? Date(timeIntervalSince1970: 0)
    }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// Sequential, readable ids so failures are easy to follow.
final class CountingIdentifiers: IdentifierProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var next = 1

    func makeIdentifier() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        let value = next
        next += 1
        return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", value)) ?? UUID()
    }
}

/// A fresh database file in a temporary folder, and workers over it.
struct Workbench {
    let directory: URL
    let clock: ManualClock
    let data: RepositoriesDependencyContainer

    init(now: String = "2026-11-21T10:00:00Z") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stint-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = ManualClock(now)
        data = try RepositoriesDependencyContainer(
            databasePath: directory.appendingPathComponent("stint.sqlite").path, clock: clock,
            ids: CountingIdentifiers())
    }

    var calendar: WorkCalendar { WorkCalendar(clock: clock, timeZone: TimeZone(identifier: "UTC") ?? .gmt) }

    var tasks: TaskWorker {
        TaskWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository(), sums: data.makeTimeReportRepository(), sync: data.syncRepository(),
            calendar: calendar)
    }

    var projects: ProjectWorker {
        ProjectWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository(), sums: data.makeTimeReportRepository(), calendar: calendar)
    }

    var lists: TaskListWorker {
        TaskListWorker(
            projects: data.makeProjectRepository(), lists: data.makeTaskListRepository(),
            tasks: data.makeTaskRepository())
    }

    var transfer: TransferWorker {
        TransferWorker(
            transfer: data.makeTransferRepository(), projects: data.makeProjectRepository(),
            lists: data.makeTaskListRepository(), tasks: data.makeTaskRepository(), timers: data.makeTimerRepository(),
            entries: data.makeTimeEntryRepository(), ids: CountingIdentifiers(), sync: data.syncRepository(),
            calendar: calendar)
    }

    var history: HistoryWorker { HistoryWorker(history: data.makeHistoryRepository()) }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    static func day(_ iso: String) -> Day {
        Day(iso: iso) ?? Day.containing(Date(timeIntervalSince1970: 0), in: TimeZone.gmt)
    }
}
