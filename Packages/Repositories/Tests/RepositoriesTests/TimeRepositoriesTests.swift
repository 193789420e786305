import Entities
import Foundation
import LocalStorage
import Testing

@testable import Repositories

extension Fixture {
    var timers: any TimerRepository { container.makeTimerRepository() }
    var entries: any TimeEntryRepository { container.makeTimeEntryRepository() }
    var reports: any TimeReportRepository { container.makeTimeReportRepository() }
    var transfer: any TransferRepository { container.makeTransferRepository() }
}

@Suite("Timers and time entries through the repositories")
struct TimeRepositoriesTests {
    @Test("starting a second timer pauses the first; starting the first again resumes it, no duplicate")
    func switching() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let report = try await fixture.tasks.create(NewTask(title: "Report"))
        let email = try await fixture.tasks.create(NewTask(title: "Email"))

        let first = try await fixture.timers.start(target: .task(report.id), note: nil, billable: false, at: nil)
        #expect(first.paused.isEmpty)
        fixture.clock.advance(600)
        let second = try await fixture.timers.start(target: .task(email.id), note: "inbox", billable: true, at: nil)
        #expect(second.paused.map(\.id) == [first.timer.id])
        fixture.clock.advance(300)
        let back = try await fixture.timers.start(target: .task(report.id), note: nil, billable: false, at: nil)
        #expect(back.resumedExisting)
        #expect(back.timer.id == first.timer.id)
        #expect(back.paused.map(\.id) == [second.timer.id])

        let timers = try await fixture.timers.timers()
        #expect(timers.count == 2)
        #expect(timers.map(\.isRunning) == [true, false])
        fixture.clock.advance(60)
        let now = fixture.clock.now()
        #expect(timers[0].elapsedSeconds(at: now) == 660)
        #expect(timers[1].elapsedSeconds(at: now) == 300)
        let again = await repositoryError {
            try await fixture.timers.start(target: .task(report.id), note: nil, billable: false, at: nil)
        }
        #expect(again?.conflict == .timerAlreadyRunning(.task(report.id)))
    }

    @Test("stop turns the timer into exactly one entry; undo brings the timer back")
    func stopAndUndo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Report"))
        let started = fixture.clock.now()
        _ = try await fixture.timers.start(target: .task(task.id), note: "draft", billable: true, at: nil)
        fixture.clock.advance(1_800)
        _ = try await fixture.timers.pause(nil, at: nil)
        fixture.clock.advance(900)
        _ = try await fixture.timers.resume(nil, at: nil)
        fixture.clock.advance(600)
        // Stopped ten minutes ago: the last interval counts up to then only.
        let entry = try await fixture.timers.stop(
            nil, at: fixture.clock.now().addingTimeInterval(-300), note: nil, force: false)
        #expect(entry.durationSeconds == 1_800 + 300)
        #expect(entry.start == started)
        #expect(entry.note == "draft")
        #expect(entry.billable)
        #expect(try await fixture.timers.timers().isEmpty)
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()) == [entry])

        #expect(try await fixture.history.undo().hasPrefix("stopped timer on task 1"))
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).isEmpty)
        #expect(try await fixture.timers.runningTimer()?.target == .task(task.id))
    }

    @Test("stop and discard need a timer; several paused ones must be named")
    func choosing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(
            await repositoryError { try await fixture.timers.stop(nil, at: nil, note: nil, force: false) }?.conflict
                == .noTimer)
        let a = try await fixture.tasks.create(NewTask(title: "A"))
        let b = try await fixture.tasks.create(NewTask(title: "B"))
        _ = try await fixture.timers.start(target: .task(a.id), note: nil, billable: false, at: nil)
        fixture.clock.advance(60)
        _ = try await fixture.timers.start(target: .task(b.id), note: nil, billable: false, at: nil)
        fixture.clock.advance(60)
        _ = try await fixture.timers.pause(nil, at: nil)
        let paused = try await fixture.timers.timers()
        #expect(paused.count == 2)
        let unnamed = await repositoryError { try await fixture.timers.discard(nil) }
        #expect(unnamed?.conflict == .severalPausedTimers(paused), "both paused timers, for the caller to offer")
        let named = try await fixture.timers.timer(reference: "2")
        #expect(named.target == .task(b.id))
        #expect(try await fixture.timers.discard(named.id).id == named.id)
        #expect(try await fixture.timers.timers().map(\.target) == [.task(a.id)])
    }

    @Test("deleting a task takes its timers and entries with it, and undo restores all of them")
    func cascade() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Report"))
        let entry = try await fixture.entries.log(
            NewTimeEntry(
                target: .task(task.id), start: fixture.clock.now().addingTimeInterval(-3600), durationSeconds: 1800))
        _ = try await fixture.timers.start(target: .task(task.id), note: nil, billable: false, at: nil)
        _ = try await fixture.tasks.delete(task.id)
        #expect(try await fixture.timers.timers().isEmpty)
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).isEmpty)
        _ = try await fixture.history.undo()
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()) == [entry])
        #expect(try await fixture.timers.timers().count == 1)
    }

    @Test("logging checks the target and the entity rules; nothing is stored on error")
    func logging() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let project = try await fixture.projects.create(name: "Work", note: "")
        let now = fixture.clock.now()
        await #expect(throws: RepositoryError.self) {
            try await fixture.entries.log(NewTimeEntry(target: .task(UUID()), start: now, durationSeconds: 60))
        }
        await #expect(throws: RepositoryError.self) {
            // Ends an hour from now.
            try await fixture.entries.log(NewTimeEntry(target: .project(project.id), start: now, durationSeconds: 3600))
        }
        await #expect(throws: RepositoryError.self) {
            try await fixture.entries.log(
                NewTimeEntry(
                    target: .project(project.id), start: now.addingTimeInterval(-100_000), durationSeconds: 90_000))
        }
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).isEmpty)
        let forced = try await fixture.entries.log(
            NewTimeEntry(
                target: .project(project.id), start: now.addingTimeInterval(-100_000), durationSeconds: 90_000,
                force: true))
        #expect(try await fixture.entries.entry(reference: String(forced.id.uuidString.prefix(8))) == forced)
    }

    @Test("sums by project, task and period agree with each other")
    func sums() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let task = try await fixture.tasks.create(NewTask(title: "Report", projectID: work.id))
        let now = fixture.clock.now()
        let dayStart = now.addingTimeInterval(-10 * 3600)
        _ = try await fixture.entries.log(
            NewTimeEntry(target: .task(task.id), start: dayStart.addingTimeInterval(-1800), durationSeconds: 3600))
        _ = try await fixture.entries.log(
            NewTimeEntry(
                target: .project(work.id), start: dayStart.addingTimeInterval(3600), durationSeconds: 600,
                billable: true))
        let window = TimeEntryQuery(from: dayStart, to: now)
        let results = try await fixture.reports.sums([
            TimeSumRequest(query: window, breakdown: .total),
            TimeSumRequest(query: window, breakdown: .byProject),
            TimeSumRequest(query: window, breakdown: .byTask),
            TimeSumRequest(
                query: TimeEntryQuery(),
                breakdown: .byPeriod(boundaries: [dayStart.addingTimeInterval(-86_400), dayStart, now])),
        ])
        #expect(results[0] == [TimeSum(key: .total, seconds: 2400, billableSeconds: 600, entries: 2)])
        #expect(results[1] == [TimeSum(key: .project(work.id), seconds: 2400, billableSeconds: 600, entries: 2)])
        #expect(results[2].map(\.key) == [.task(nil, project: work.id), .task(task.id, project: work.id)])
        #expect(results[3].map(\.seconds) == [1800, 2400])
    }

    @Test("export and import carry timers and entries")
    func transfer() async throws {
        let source = try Fixture()
        defer { source.remove() }
        let task = try await source.tasks.create(NewTask(title: "Report"))
        _ = try await source.entries.log(
            NewTimeEntry(
                target: .task(task.id), start: source.clock.now().addingTimeInterval(-3600), durationSeconds: 600,
                tags: [try Entities.Tag("deep")]))
        _ = try await source.timers.start(target: .task(task.id), note: "n", billable: false, at: nil)
        let snapshot = try await source.transfer.snapshot()
        #expect(snapshot.timers.count == 1)
        #expect(snapshot.timeEntries.count == 1)
        let target = try Fixture()
        defer { target.remove() }
        let summary = try await target.transfer.merge(snapshot, progress: { _ in })
        #expect(summary.inserted == 3)
        let copy = try await target.transfer.snapshot()
        #expect(copy.timeEntries == snapshot.timeEntries)
        #expect(copy.timers == snapshot.timers)
        #expect(copy.personID == snapshot.personID)
        #expect(try await target.timers.runningTimer()?.note == "n")
    }

    @Test("an import is one transaction: records that fail leave the person unset, and nothing else lands")
    func importIsOneTransaction() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let now = fixture.clock.now()
        let person = UUID()
        let orphan = Entities.Task(
            id: UUID(), number: 1, projectID: UUID(), listID: UUID(), title: "orphan", createdAt: now, updatedAt: now)
        let work = try Project.create(id: UUID(), name: "Work", now: now)
        let failing = Snapshot(projects: [work], taskLists: [], tasks: [orphan], personID: person)

        let error = await repositoryError { try await fixture.transfer.merge(failing, progress: { _ in }) }
        guard case .storage(let inner) = error, case .constraint = inner as? LocalStorageError else {
            Issue.record(
                "a task pointing at a missing project and list must fail on the schema, got \(String(describing: error))"
            )
            return
        }
        let after = try await fixture.transfer.snapshot()
        #expect(after == Snapshot(projects: [], taskLists: [], tasks: [], personID: nil))

        let good = Snapshot(projects: [work], taskLists: [], tasks: [], personID: person)
        #expect(
            try await fixture.transfer.merge(good, progress: { _ in })
                == ImportSummary(inserted: 1, updated: 0, unchanged: 0))
        #expect(try await fixture.transfer.snapshot().personID == person)
    }
}
