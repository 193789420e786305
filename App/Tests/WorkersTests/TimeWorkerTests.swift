import Entities
import Foundation
import Repositories
import Testing

@testable import Workers

extension Workbench {
    func calendar(_ zone: String) -> WorkCalendar {
        WorkCalendar(clock: clock, timeZone: TimeZone(identifier: zone) ?? .gmt)
    }

    func time(in zone: String = "UTC") -> TimeWorker {
        TimeWorker(
            timers: data.makeTimerRepository(), entries: data.makeTimeEntryRepository(),
            sums: data.makeTimeReportRepository(), tasks: data.makeTaskRepository(),
            projects: data.makeProjectRepository(), sync: data.syncRepository(), calendar: calendar(zone))
    }

    func reports(in zone: String = "UTC") -> ReportWorker {
        ReportWorker(
            sums: data.makeTimeReportRepository(), timers: data.makeTimerRepository(), tasks: data.makeTaskRepository(),
            projects: data.makeProjectRepository(), sync: data.syncRepository(), calendar: calendar(zone))
    }

    func instant(_ iso: String) -> Date {
        (try? Date.ISO8601FormatStyle().parse(iso)) ?? Date(timeIntervalSince1970: 0)
    }
}

@Suite("Time and report workers, with a moved clock")
struct TimeWorkerTests {
    @Test("a timer running across midnight becomes one entry, split 30m / 45m in a by-day report")
    func acrossMidnight() async throws {
        let bench = try Workbench(now: "2026-11-20T23:30:00Z")
        defer { bench.remove() }
        _ = try await bench.tasks.create(TaskInput(title: "Deploy", project: nil))
        _ = try await bench.time().start(task: "1", project: nil, note: nil, billable: false, at: nil)
        bench.clock.advance(by: 75 * 60)
        let stopped = try await bench.time().stop(nil, at: nil, note: nil, force: false)
        #expect(stopped.map(\.entry.durationSeconds) == [75 * 60])

        let report = try await bench.reports().report(
            since: Workbench.day("2026-11-20"), until: Workbench.day("2026-11-21"), grouping: .day, project: nil,
            billableOnly: false)
        #expect(report.lines.map(\.seconds) == [30 * 60, 45 * 60])
        #expect(report.lines.map(\.label) == ["2026-11-20 Fri", "2026-11-21 Sat"])
        #expect(report.totalSeconds == 75 * 60)
        #expect(report.entryCount == 1)
    }

    /// Before 2026-12-08 the stop wrote one entry at the first start, 23:00-00:30 on Friday: Saturday's hour was
    /// reported on Friday, and the entry covered the meeting logged while the timer was paused.
    @Test("a timer paused overnight books each stretch on its own day, clear of what was logged during the pause")
    func pausedOvernight() async throws {
        let bench = try Workbench(now: "2026-11-20T23:00:00Z")
        defer { bench.remove() }
        _ = try await bench.projects.create(name: "Work", note: "")
        _ = try await bench.tasks.create(TaskInput(title: "Deploy", project: nil))
        let time = bench.time()
        _ = try await time.start(task: "1", project: nil, note: nil, billable: false, at: nil)
        bench.clock.advance(by: 30 * 60)
        _ = try await time.pause(nil, at: nil)
        bench.clock.advance(by: 10 * 3_600)
        // Logged at 09:30 on Saturday while the timer is paused: a meeting 08:00-09:00.
        _ = try await time.log(
            LogInput(
                durationSeconds: 3_600, task: nil, project: "Work", start: bench.instant("2026-11-21T08:00:00Z"),
                note: "meeting", billable: false, tags: [], force: false))
        _ = try await time.resume(nil, at: bench.instant("2026-11-21T09:00:00Z"))
        bench.clock.advance(by: 3_600)
        let stopped = try await time.stop(nil, at: nil, note: nil, force: false)
        #expect(
            stopped.map(\.entry.start) == [
                bench.instant("2026-11-20T23:00:00Z"), bench.instant("2026-11-21T09:00:00Z"),
            ])
        #expect(stopped.map(\.entry.durationSeconds) == [1_800, 5_400])

        let report = try await bench.reports().report(
            since: Workbench.day("2026-11-20"), until: Workbench.day("2026-11-21"), grouping: .day, project: nil,
            billableOnly: false)
        #expect(report.lines.map(\.label) == ["2026-11-20 Fri", "2026-11-21 Sat"])
        #expect(report.lines.map(\.seconds) == [1_800, 3_600 + 5_400])
        #expect(report.entryCount == 3)
        let entries = try await time.entries(EntrySearch()).map(\.entry).sorted { $0.start < $1.start }
        for (earlier, later) in zip(entries, entries.dropFirst()) {
            #expect(earlier.end <= later.start, "no two entries overlap: \(entries)")
        }
    }

    @Test("days are the user's local days: in Berlin an entry 23:30-00:30 local is split across two days")
    func localDays() async throws {
        let bench = try Workbench(now: "2026-11-21T12:00:00Z")
        defer { bench.remove() }
        _ = try await bench.projects.create(name: "Work", note: "")
        // 23:30 Berlin time on the 19th is 22:30 UTC.
        _ = try await bench.time(in: "Europe/Berlin").log(
            LogInput(
                durationSeconds: 3_600, task: nil, project: "Work", start: bench.instant("2026-11-19T22:30:00Z"),
                note: nil, billable: true, tags: [], force: false))
        let berlin = try await bench.reports(in: "Europe/Berlin").report(
            since: Workbench.day("2026-11-19"), until: Workbench.day("2026-11-20"), grouping: .day, project: "Work",
            billableOnly: true)
        #expect(berlin.lines.map(\.seconds) == [1_800, 1_800])
        let utc = try await bench.reports().report(
            since: Workbench.day("2026-11-19"), until: Workbench.day("2026-11-20"), grouping: .day, project: nil,
            billableOnly: false)
        #expect(utc.lines.map(\.seconds) == [3_600])
    }

    @Test("a week that contains the clock change has a 25-hour Sunday, and the report still adds up")
    func daylightSaving() async throws {
        let bench = try Workbench(now: "2026-10-26T12:00:00Z")
        defer { bench.remove() }
        _ = try await bench.projects.create(name: "Ops", note: "")
        // On-call from Saturday 22:00 to Monday 02:00 Berlin time, across the switch back to winter time.
        _ = try await bench.time(in: "Europe/Berlin").log(
            LogInput(
                durationSeconds: 29 * 3_600, task: nil, project: "Ops", start: bench.instant("2026-10-24T20:00:00Z"),
                note: nil, billable: false, tags: [], force: true))
        let report = try await bench.reports(in: "Europe/Berlin").report(
            since: Workbench.day("2026-10-24"), until: Workbench.day("2026-10-26"), grouping: .day, project: nil,
            billableOnly: false)
        #expect(report.lines.map(\.seconds) == [2 * 3_600, 25 * 3_600, 2 * 3_600])
        #expect(report.totalSeconds == 29 * 3_600)
    }

    @Test("switching, pausing and stopping in the past through the worker, with the dashboard sums")
    func switchingAndSums() async throws {
        let bench = try Workbench(now: "2026-11-21T09:00:00Z")
        defer { bench.remove() }
        _ = try await bench.tasks.create(TaskInput(title: "Report"))
        _ = try await bench.tasks.create(TaskInput(title: "Email"))
        let time = bench.time()
        _ = try await time.start(task: "1", project: nil, note: nil, billable: false, at: nil)
        bench.clock.advance(by: 3_600)
        let switched = try await time.start(task: "2", project: nil, note: nil, billable: false, at: nil)
        #expect(switched.paused.map(\.elapsedSeconds) == [3_600])
        bench.clock.advance(by: 1_800)
        // Stop the email timer at 10:15, a quarter of an hour ago.
        let email = try await time.stop(nil, at: bench.instant("2026-11-21T10:15:00Z"), note: nil, force: false)
        #expect(email.map(\.entry.durationSeconds) == [900])
        let resumed = try await time.resume(nil, at: nil)
        #expect(resumed.timer.elapsedSeconds == 3_600)
        #expect(resumed.timer.task?.title == "Report")
        let sums = try await time.todayAndWeek()
        // The 15 min logged on Email, and the hour the resumed Report timer holds (09:00 to 10:00; it resumed now).
        #expect(sums.today == 900 + 3_600)
        #expect(sums.week == 900 + 3_600)
        #expect(sums.todayOnTimers == 3_600)
        #expect(sums.weekOnTimers == 3_600)
        // A stop before the last resume is refused and changes nothing.
        let refused = await #expect(throws: WorkerError.self) {
            try await time.stop(nil, at: bench.instant("2026-11-21T10:00:00Z"), note: nil, force: false)
        }
        #expect(refused?.kind == .invalidInput)
        let timers = try await time.allTimers()
        #expect(timers.map(\.task?.title) == ["Report"])
        #expect(timers.first?.timer.isRunning == true)
    }
}
