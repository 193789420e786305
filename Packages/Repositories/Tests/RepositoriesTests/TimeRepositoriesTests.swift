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
        let back = try await fixture.timers.start(
            target: .task(report.id), note: nil, billable: false, tags: [try Tag("deep")], at: nil)
        #expect(back.resumedExisting)
        #expect(back.timer.tags.map(\.name) == ["deep"], "tags given on a resume are added")
        #expect(try await fixture.timers.timers().first?.tags.map(\.name) == ["deep"], "and stored")
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
        let gone = UUID()
        let onGone = await repositoryError {
            try await fixture.timers.start(target: .project(gone), note: nil, billable: false, at: nil)
        }
        #expect(onGone?.conflict == .noLongerExists(kind: .project, id: gone))
        #expect(try await fixture.timers.timers().count == 2, "nothing started, nothing paused")
        #expect(try await fixture.history.undo() == "started timer on task 1 \"Report\"")
    }

    @Test("starting work on an open task marks it in progress in the same change; done stays done")
    func startingWorkMarksTheTaskInProgress() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let draft = try await fixture.tasks.create(NewTask(title: "Draft"))
        let other = try await fixture.tasks.create(NewTask(title: "Other"))

        _ = try await fixture.timers.start(target: .task(draft.id), note: nil, billable: false, at: nil)
        #expect(try await fixture.tasks.task(reference: "1").status == .inProgress)
        #expect(try await fixture.container.makeHistoryRepository().undo() == "started timer on task 1 \"Draft\"")
        #expect(try await fixture.tasks.task(reference: "1").status == .open, "one undo reverts both")

        _ = try await fixture.tasks.change(other.id, summary: "done") { task, now in try task.complete(at: now) }
        _ = try await fixture.timers.start(target: .task(other.id), note: nil, billable: false, at: nil)
        #expect(try await fixture.tasks.task(reference: "2").status == .completed)
    }

    @Test("stop turns each stretch of the timer into an entry, in one undoable change; undo brings the timer back")
    func stopAndUndo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Report"))
        let started = fixture.clock.now()
        _ = try await fixture.timers.start(target: .task(task.id), note: "draft", billable: true, at: nil)
        fixture.clock.advance(1_800)
        _ = try await fixture.timers.pause(.running, at: nil)
        fixture.clock.advance(900)
        _ = try await fixture.timers.resume(.latestPaused, at: nil)
        fixture.clock.advance(600)
        // Stopped five minutes ago: the last interval counts up to then only.
        let entries = try await fixture.timers.stop(
            .runningOrOnlyPaused, at: fixture.clock.now().addingTimeInterval(-300), note: nil, force: false)
        #expect(entries.map(\.durationSeconds) == [1_800, 300])
        #expect(entries.map(\.start) == [started, started.addingTimeInterval(2_700)])
        #expect(entries.allSatisfy { $0.note == "draft" && $0.billable && $0.target == .task(task.id) })
        #expect(try await fixture.timers.timers().isEmpty)
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()) == entries)

        #expect(try await fixture.history.undo() == "stopped timer on task 1 \"Report\"")
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).isEmpty, "one undo takes both")
        let timer = try #require(try await fixture.timers.runningTimer())
        #expect(timer.target == .task(task.id))
        #expect(
            entries.map(\.id) == [timer.id, TimeEntry.stretchID(of: timer.id, index: 1)],
            "the entries take ids from the timer's, so two devices stopping it make the same entries")

        // Stopped again after the undo: the entries' tombstones come back, still the same entries.
        let again = try await fixture.timers.stop(.runningOrOnlyPaused, at: nil, note: nil, force: false)
        #expect(again.map(\.id) == entries.map(\.id))
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()) == again)
    }

    @Test("a task's assignee is stored, filtered on and exported")
    func assignee() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let member = UUID()
        let task = try await fixture.tasks.create(NewTask(title: "Shared"))
        _ = try await fixture.tasks.create(NewTask(title: "Mine"))
        let assigned = try await fixture.tasks.change(task.id, summary: "assign") { task, now in
            task.assign(to: member, now: now)
        }
        #expect(assigned.assigneeID == member)
        #expect(try await fixture.tasks.task(reference: "1").assigneeID == member)
        var query = TaskQuery()
        query.assigneeID = member
        #expect(try await fixture.tasks.tasks(matching: query).map(\.title) == ["Shared"])
        let snapshot = try await fixture.transfer.snapshot()
        #expect(snapshot.tasks.first { $0.id == task.id }?.assigneeID == member)
    }

    @Test("the default choice fails with the Entities' reason; several paused timers are listed by id")
    func choosing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let nothing = await repositoryError {
            try await fixture.timers.stop(.runningOrOnlyPaused, at: nil, note: nil, force: false)
        }
        #expect(nothing?.validation == ValidationError(field: "timer", reason: .noTimer))
        let a = try await fixture.tasks.create(NewTask(title: "A"))
        let b = try await fixture.tasks.create(NewTask(title: "B"))
        _ = try await fixture.timers.start(target: .task(a.id), note: nil, billable: false, at: nil)
        fixture.clock.advance(60)
        _ = try await fixture.timers.start(target: .task(b.id), note: nil, billable: false, at: nil)
        fixture.clock.advance(60)
        _ = try await fixture.timers.pause(.running, at: nil)
        let paused = try await fixture.timers.timers()
        #expect(paused.map(\.target) == [.task(b.id), .task(a.id)])

        let unnamed = await repositoryError { try await fixture.timers.discard(.runningOrOnlyPaused) }
        #expect(
            unnamed?.validation == ValidationError(field: "timer", reason: .severalPausedTimers(ids: paused.map(\.id))))
        let notRunning = await repositoryError { try await fixture.timers.pause(.running, at: nil) }
        #expect(notRunning?.validation?.reason == .noRunningTimer)

        let named = try await fixture.timers.selector(reference: "2")
        #expect(named == .target(.task(b.id)))
        #expect(try await fixture.timers.discard(named).target == .task(b.id))
        #expect(try await fixture.history.undo() == "discarded timer on task 2 \"B\"")
        #expect(try await fixture.timers.discard(named).target == .task(b.id))
        #expect(try await fixture.timers.timers().map(\.target) == [.task(a.id)])
        #expect(try await fixture.timers.resume(.latestPaused, at: nil).timer.target == .task(a.id))
    }

    @Test("a typed reference becomes a selector by one read: task number, timer id prefix, task id prefix")
    func references() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let a = try await fixture.tasks.create(NewTask(title: "A"))
        let b = try await fixture.tasks.create(NewTask(title: "B"))
        let started = try await fixture.timers.start(target: .task(a.id), note: nil, billable: false, at: nil)

        #expect(try await fixture.timers.selector(reference: "#1") == .target(.task(a.id)))
        let timerPrefix = String(started.timer.id.uuidString.lowercased().prefix(36))
        #expect(try await fixture.timers.selector(reference: timerPrefix) == .id(started.timer.id))
        #expect(try await fixture.timers.selector(reference: a.id.uuidString) == .target(.task(a.id)))

        for typed in ["2", b.id.uuidString, "no such thing", "99"] {
            guard
                case .notFound(.timer, let reference) = await repositoryError({
                    try await fixture.timers.selector(reference: typed)
                })
            else {
                Issue.record("'\(typed)' names no timer")
                continue
            }
            #expect(reference == typed, "the error names what was typed, nothing else")
        }

        _ = try await fixture.timers.start(target: .task(b.id), note: nil, billable: false, at: nil)
        guard
            case .ambiguous(.timer, "aaaa", let candidates) = await repositoryError({
                try await fixture.timers.selector(reference: "aaaa")
            })
        else {
            Issue.record("a prefix shared by both timers is ambiguous")
            return
        }
        #expect(Set(candidates.map(\.label)) == ["running", "paused"])
    }

    @Test("a timer that vanished before the write fails with the choice's reason, never a look-up by id")
    func vanishedBeforeTheWrite() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Report"))
        let timer = try await fixture.timers.start(target: .task(task.id), note: nil, billable: false, at: nil).timer
        fixture.clock.advance(600)
        let byTarget = try await fixture.timers.selector(reference: "1")
        let byID = try await fixture.timers.selector(reference: String(timer.id.uuidString.prefix(8)))
        // Another process stops it between the user's reference being resolved and the write.
        _ = try await fixture.otherProcess().makeTimerRepository().stop(
            .runningOrOnlyPaused, at: nil, note: nil, force: false)

        let stopByTarget = await repositoryError {
            try await fixture.timers.stop(byTarget, at: nil, note: nil, force: false)
        }
        #expect(stopByTarget?.validation?.reason == .noTimerOnTarget(.task(task.id)))
        let pauseByID = await repositoryError { try await fixture.timers.pause(byID, at: nil) }
        #expect(pauseByID?.validation?.reason == .noTimerWithID(timer.id))
        let resume = await repositoryError { try await fixture.timers.resume(.latestPaused, at: nil) }
        #expect(resume?.validation?.reason == .noPausedTimer)
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).count == 1)
    }

    @Test("eight processes stopping the one running timer at once: one stops it, seven are told there is none")
    func concurrentStops() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Report"))
        _ = try await fixture.timers.start(target: .task(task.id), note: nil, billable: false, at: nil)
        fixture.clock.advance(600)
        let containers = try (0..<8).map { try fixture.otherProcess($0) }
        let outcomes = await withTaskGroup(of: Result<[TimeEntry], RepositoryError>.self) { group in
            for container in containers {
                group.addTask {
                    do {
                        return .success(
                            try await container.makeTimerRepository().stop(
                                .runningOrOnlyPaused, at: nil, note: nil, force: false))
                    } catch let error as RepositoryError {
                        return .failure(error)
                    } catch {
                        return .failure(.storage(inner: error))
                    }
                }
            }
            var outcomes: [Result<[TimeEntry], RepositoryError>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let stopped = outcomes.compactMap { try? $0.get() }
        let refused = outcomes.compactMap { outcome -> RepositoryError? in
            if case .failure(let error) = outcome { return error }
            return nil
        }
        #expect(stopped.count == 1)
        #expect(stopped.first?.map(\.durationSeconds) == [600])
        #expect(refused.count == 7)
        for error in refused {
            #expect(error.validation == ValidationError(field: "timer", reason: .noTimer), "\(error)")
        }
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()) == stopped.first)
        #expect(try await fixture.timers.timers().isEmpty)
    }

    @Test("reads never write: on a fresh file they leave the file, the settings and the change log untouched")
    func readsNeverWrite() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let files = [fixture.path, fixture.path + "-wal"]
        let before = files.map { FileManager.default.contents(atPath: $0) }

        #expect(try await fixture.timers.timers().isEmpty)
        #expect(try await fixture.timers.runningTimer() == nil)
        #expect(await repositoryError { try await fixture.timers.selector(reference: "1") } != nil)
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).isEmpty)
        #expect(try await fixture.reports.sums([TimeSumRequest(query: TimeEntryQuery(), breakdown: .total)]) == [[]])
        #expect(try await fixture.transfer.snapshot().personID == nil)

        #expect(files.map { FileManager.default.contents(atPath: $0) } == before, "not a byte changed")
        let store = try LocalStore.open(path: fixture.path)
        #expect(try await store.setting("person_id") == nil)
        #expect(await repositoryError { try await fixture.history.undo() }?.conflict == .nothingToUndo)

        // The first write creates the person, in its own transaction, and reads then find it.
        let project = try await fixture.projects.create(name: "Work", note: "")
        _ = try await fixture.timers.start(target: .project(project.id), note: nil, billable: false, at: nil)
        let person = try #require(try await fixture.transfer.snapshot().personID)
        #expect(try await fixture.timers.timers().map(\.ownerID) == [person])
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

    @Test("logging checks the target inside the write and the entity rules before it; nothing is stored on error")
    func logging() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let project = try await fixture.projects.create(name: "Work", note: "")
        let now = fixture.clock.now()
        let gone = UUID()
        let missing = await repositoryError {
            try await fixture.entries.log(NewTimeEntry(target: .task(gone), start: now, durationSeconds: 60))
        }
        #expect(missing?.conflict == .noLongerExists(kind: .task, id: gone))
        let future = await repositoryError {
            // Ends an hour from now.
            try await fixture.entries.log(NewTimeEntry(target: .project(project.id), start: now, durationSeconds: 3600))
        }
        #expect(future?.validation?.reason == .entryEndsInFuture(seconds: 3600))
        let long = await repositoryError {
            try await fixture.entries.log(
                NewTimeEntry(
                    target: .project(project.id), start: now.addingTimeInterval(-100_000), durationSeconds: 90_000))
        }
        #expect(long?.validation?.reason == .durationNeedsForce(seconds: 90_000, limit: 86_400, source: .entry))
        #expect(try await fixture.entries.entries(matching: TimeEntryQuery()).isEmpty)
        #expect(try await fixture.transfer.snapshot().personID == nil, "a refused entry creates no person")

        let forced = try await fixture.entries.log(
            NewTimeEntry(
                target: .project(project.id), start: now.addingTimeInterval(-100_000), durationSeconds: 90_000,
                force: true))
        #expect(try await fixture.entries.entry(reference: String(forced.id.uuidString.prefix(8))) == forced)
        #expect(try await fixture.transfer.snapshot().personID == forced.loggedBy)
        #expect(try await fixture.history.undo() == "logged 25h 00m on project \"Work\"")
    }

    @Test("editing an entry onto a deleted task and deleting a gone entry are refused with the id they were given")
    func entryChanges() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let project = try await fixture.projects.create(name: "Work", note: "")
        let task = try await fixture.tasks.create(NewTask(title: "Report", projectID: project.id))
        let entry = try await fixture.entries.log(
            NewTimeEntry(
                target: .project(project.id), start: fixture.clock.now().addingTimeInterval(-3600), durationSeconds: 600
            ))
        _ = try await fixture.tasks.delete(task.id)
        let moved = await repositoryError {
            try await fixture.entries.change(entry.id, summary: "move") { entry, now in
                entry.setTarget(.task(task.id), now: now)
            }
        }
        #expect(moved?.conflict == .noLongerExists(kind: .task, id: task.id))
        #expect(try await fixture.entries.delete(entry.id) == entry)
        #expect(
            try await fixture.history.undo()
                == "deleted entry \(String(entry.id.uuidString.lowercased().prefix(8))) (10m)")
        _ = try await fixture.entries.delete(entry.id)
        let again = await repositoryError { try await fixture.entries.delete(entry.id) }
        #expect(again?.conflict == .noLongerExists(kind: .timeEntry, id: entry.id))
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

    @Test("another person's entry (a teammate's, synced here) is listed apart and cannot be changed or deleted here")
    func anotherPersonsEntry() async throws {
        let teammate = try Fixture()
        defer { teammate.remove() }
        // Both fixtures count ids from one: the teammate's start further on, so no id (the person's included) is
        // shared with this device's.
        for number in 1...10 { _ = try await teammate.tasks.create(NewTask(title: "Other \(number)")) }
        let task = try await teammate.tasks.create(NewTask(title: "Shared"))
        let theirs = try await teammate.entries.log(
            NewTimeEntry(
                target: .task(task.id), start: teammate.clock.now().addingTimeInterval(-7200), durationSeconds: 600))
        let here = try Fixture()
        defer { here.remove() }
        let mine = try await here.entries.log(
            NewTimeEntry(
                target: .project(try await here.projects.create(name: "Mine", note: "").id),
                start: here.clock.now().addingTimeInterval(-3600), durationSeconds: 900))
        _ = try await here.transfer.merge(try await teammate.transfer.snapshot(), progress: { _ in })

        let own = try await here.entries.entries(matching: TimeEntryQuery(author: .localPerson))
        #expect(own.map(\.id) == [mine.id])
        #expect(try await here.entries.entries(matching: TimeEntryQuery()).count == 2)
        let changed = await repositoryError {
            try await here.entries.change(theirs.id, summary: "edited", overlap: .refuse) { entry, now in
                try entry.setNote("mine now", now: now)
            }
        }
        #expect(changed?.conflict == .loggedByAnotherPerson(id: theirs.id))
        let deleted = await repositoryError { try await here.entries.delete(theirs.id) }
        #expect(deleted?.conflict == .loggedByAnotherPerson(id: theirs.id))
        #expect(try await here.entries.entry(reference: theirs.id.lowercasedString).note == "", "left as it was")
        let edited = try await here.entries.change(mine.id, summary: "edited", overlap: .refuse) { entry, now in
            try entry.setNote("still mine", now: now)
        }
        #expect(edited.note == "still mine")
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

/// The time datastore of a fixture, counting the calls a repository makes; everything is delegated.
final class CountingTimeDatastore: TimeDatastore, @unchecked Sendable {
    private let inner: any TimeDatastore
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(_ inner: any TimeDatastore) { self.inner = inner }

    /// How often each method was called, by name.
    var calls: [String: Int] { lock.withLock { counts } }

    private func count(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }

    func localPersonID() async throws -> UUID? {
        count("localPersonID")
        return try await inner.localPersonID()
    }

    func localTimers() async throws -> [Entities.Timer] {
        count("localTimers")
        return try await inner.localTimers()
    }

    func timerReference(number: Int?, idPrefix: String?) async throws -> TimerReferenceData {
        count("timerReference")
        return try await inner.timerReference(number: number, idPrefix: idPrefix)
    }

    func changeTimers<Result: Sendable>(
        personCandidate: UUID, at date: Date, _ plan: @escaping @Sendable (TimerContext) throws -> (TimerPlan, Result)
    ) async throws -> Result {
        count("changeTimers")
        return try await inner.changeTimers(personCandidate: personCandidate, at: date, plan)
    }

    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry] {
        count("entries")
        return try await inner.entries(matching: query)
    }

    func entry(id: UUID) async throws -> TimeEntry? {
        count("entry")
        return try await inner.entry(id: id)
    }

    func entries(idPrefix prefix: String) async throws -> [TimeEntry] {
        count("entriesByPrefix")
        return try await inner.entries(idPrefix: prefix)
    }

    func insertEntry(
        personCandidate: UUID, at date: Date,
        _ make: @escaping @Sendable (UUID, TargetLookup) throws -> (TimeEntry, String),
        overlaps: @escaping @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) async throws -> TimeEntry {
        count("insertEntry")
        return try await inner.insertEntry(personCandidate: personCandidate, at: date, make, overlaps: overlaps)
    }

    func updateEntry(
        id: UUID, summary: String, at date: Date, _ change: @escaping @Sendable (inout TimeEntry) throws -> Void,
        overlaps: @escaping @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) async throws -> TimeEntry {
        count("updateEntry")
        return try await inner.updateEntry(id: id, summary: summary, at: date, change, overlaps: overlaps)
    }

    func deleteEntry(id: UUID, at date: Date, summary: @escaping @Sendable (TimeEntry) -> String) async throws
        -> TimeEntry
    {
        count("deleteEntry")
        return try await inner.deleteEntry(id: id, at: date, summary: summary)
    }

    func loggedSeconds(onTasks ids: [UUID]) async throws -> [UUID: Int] {
        count("loggedSeconds")
        return try await inner.loggedSeconds(onTasks: ids)
    }

    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]] {
        count("sums")
        return try await inner.sums(requests)
    }
}

@Suite("What a timer command costs")
struct TimerCostTests {
    @Test("stop, pause, resume and discard each make one datastore call: the write that reads, chooses and writes")
    func oneCallPerChange() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Report"))
        let store = try LocalStore.open(path: fixture.path)
        let datastore = CountingTimeDatastore(SQLiteTimeDatastore(store: store))
        let timers = LocalTimerRepository(datastore: datastore, clock: fixture.clock, ids: fixture.ids)

        _ = try await timers.start(target: .task(task.id), note: nil, billable: false, at: nil)
        fixture.clock.advance(600)
        _ = try await timers.pause(.running, at: nil)
        _ = try await timers.resume(.latestPaused, at: nil)
        fixture.clock.advance(600)
        _ = try await timers.stop(.runningOrOnlyPaused, at: nil, note: nil, force: false)
        #expect(datastore.calls == ["changeTimers": 4])

        _ = try await timers.start(target: .task(task.id), note: nil, billable: false, at: nil)
        _ = try await timers.discard(try await timers.selector(reference: "1"))
        #expect(datastore.calls == ["changeTimers": 6, "timerReference": 1])
    }
}
