import Foundation
import TerminalUI
import Testing
import TimersFeatureFakes

@testable import TimersFeature

@Suite("Interactor")
struct InteractorTests {
    static let reviewTask = #"2 "Review Sam's pull request on sync retries""#
    static let reportTask = #"1 "Write the quarterly report""#

    // MARK: start

    @Test func startPrintsTheStartedLineAndOneLinePerPausedTimer() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.start(TimerStartRequest(task: "2"))

        #expect(
            harness.output.lines == [
                "Started timer on \(Self.reviewTask) (Work) at 12:00",
                "Paused timer on \(Self.reportTask) at 2h 15m",
            ])
        #expect(harness.analytics.events == [.started(pausedOthers: 1, resumedExisting: false)])
        let running = try await services.timers().filter { $0.state == .running }
        #expect(running.map(\.taskNumber) == [2])
    }

    @Test func startOnATaskWhoseTimerIsPausedSaysResumed() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.start(TimerStartRequest(task: "4"))

        #expect(
            harness.output.lines == [
                #"Resumed timer on 4 "Answer customer emails" (Support) at 12:00 (55m so far)"#,
                "Paused timer on \(Self.reportTask) at 2h 15m",
            ])
        #expect(harness.analytics.events == [.started(pausedOthers: 1, resumedExisting: true)])
        #expect(try await services.timers().count == 3)
    }

    @Test func startOnAProjectNeverAsksForATask() async throws {
        let coordinator = ScriptedTimersCoordinator(choices: [.cancelled])
        let harness = Harness(coordinator: coordinator)

        try await harness.feature.start(TimerStartRequest(project: "admin", billable: true))

        #expect(harness.output.lines.first == "Started timer on project Admin at 12:00")
        #expect(await coordinator.taskRequests == 0)
    }

    @Test func startWithoutATaskTimesTheTaskTheCoordinatorChose() async throws {
        let coordinator = ScriptedTimersCoordinator(choices: [.chosen(reference: "3")])
        let harness = Harness(coordinator: coordinator)

        try await harness.feature.start(TimerStartRequest(note: "agenda"))

        #expect(harness.output.lines.first == #"Started timer on 3 "Plan the team offsite agenda" (Work) at 12:00"#)
        #expect(await coordinator.taskRequests == 1)
    }

    @Test func startCancelledInThePickerStartsNothing() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services, coordinator: ScriptedTimersCoordinator(choices: [.cancelled]))

        try await harness.feature.start(TimerStartRequest())

        #expect(harness.output.lines == ["No timer started."])
        #expect(harness.analytics.events == [.startCancelled])
        #expect(try await services.timers().first?.taskNumber == 1)
        #expect(try await services.timers().count == 3)
    }

    @Test func startCancelledInJSONPrintsNothing() async throws {
        let harness = Harness(coordinator: ScriptedTimersCoordinator(choices: [.cancelled]), format: .json)

        try await harness.feature.start(TimerStartRequest())

        #expect(harness.output.text.isEmpty)
    }

    @Test func startWithoutATaskWhenNobodyCanBeAskedIsTaskRequired() async throws {
        // Failing services prove the Services are never reached: they would throw a different error.
        let harness = Harness(
            services: FailingTimersServices(), coordinator: ScriptedTimersCoordinator(choices: [.unavailable]))

        await #expect(throws: TimersFeatureError.taskRequired) {
            try await harness.feature.start(TimerStartRequest(note: "x", billable: true))
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
        #expect(
            TimersFeatureError.taskRequired.localizedDescription
                == "name what to time: stint timer start TASK, or --project NAME")
    }

    @Test func coordinatorErrorsAreRethrownUnchanged() async throws {
        let error = UnexpectedStorageError(code: 7)
        let harness = Harness(coordinator: ScriptedTimersCoordinator(chooseError: error))

        await #expect(throws: error) {
            try await harness.feature.start(TimerStartRequest())
        }
        #expect(harness.output.text.isEmpty)
    }

    // MARK: pause, resume, stop, discard

    @Test func pauseResumeAndStopLinesFollowTheClock() async throws {
        let clock = ManualClock(Fixture.at(0, 9))
        let services = Fixture.emptyServices(clock: clock)
        let harness = Harness(services: services)

        try await harness.feature.start(TimerStartRequest(task: "1"))
        clock.advance(minutes: 30)
        try await harness.feature.pause(timer: nil, at: nil)
        clock.advance(minutes: 10)
        try await harness.feature.resume(timer: nil, at: nil)
        clock.advance(minutes: 15)
        try await harness.feature.stop(timer: "1", at: nil, note: nil, force: false)

        let entries = try await services.entries(matching: EntryQuery()).sorted { $0.start < $1.start }
        try #require(entries.count == 2, "one entry per stretch: \(entries)")
        #expect(
            harness.output.lines == [
                #"Started timer on 1 "Write report" (Work) at 09:00"#,
                #"Paused timer on 1 "Write report" at 30m"#,
                #"Resumed timer on 1 "Write report" (Work) at 09:40 (30m so far)"#,
                #"Stopped timer on 1 "Write report": logged 45m in 2 entries"#,
                "  \(entries[0].id.short)  2026-03-04 09:00–09:30  30m",
                "  \(entries[1].id.short)  2026-03-04 09:40–09:55  15m",
            ])
        #expect(entries.map(\.durationSeconds) == [30 * 60, 15 * 60])
        #expect(
            harness.analytics.events == [
                .started(pausedOthers: 0, resumedExisting: false), .paused, .resumed(pausedOthers: 0), .stopped,
            ])
    }

    @Test func resumePausesWhateverRuns() async throws {
        let harness = Harness()

        try await harness.feature.resume(timer: nil, at: nil)

        #expect(
            harness.output.lines == [
                #"Resumed timer on 4 "Answer customer emails" (Support) at 12:00 (55m so far)"#,
                "Paused timer on \(Self.reportTask) at 2h 15m",
            ])
        #expect(harness.analytics.events == [.resumed(pausedOthers: 1)])
    }

    @Test func discardSaysWhatWasNotLogged() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)
        let entriesBefore = try await services.entries(matching: EntryQuery()).count

        try await harness.feature.discard(timer: nil)

        #expect(harness.output.lines == ["Discarded timer on \(Self.reportTask): 2h 15m not logged"])
        #expect(try await services.timers().count == 2)
        #expect(try await services.entries(matching: EntryQuery()).count == entriesBefore)
        #expect(harness.analytics.events == [.discarded])
    }

    // MARK: status and list

    @Test func statusShowsTheRunningTimerWithItsEstimate() async throws {
        let harness = Harness()

        try await harness.feature.status()

        #expect(
            harness.output.lines == [
                "Running: \(Self.reportTask) (Work)",
                "  Elapsed   2h 15m",
                "  Started   08:50",
                "  Resumed   10:35",
                "  Note      numbers section",
                "  Billable  yes",
                "  Estimate  5h 45m of 8h 00m (2h 15m left)",
                "  Timer     \(SampleTimers.identifier(for: 101).short)",
                "",
                "Also 2 paused timers: stint timer list",
            ])
        #expect(harness.analytics.events == [.statusShown(running: true, pausedCount: 2)])
    }

    @Test func statusWithNothingRunningCountsThePausedTimers() async throws {
        let clock = ManualClock(Fixture.noon)
        let services = Fixture.emptyServices(clock: clock)
        let harness = Harness(services: services)

        try await harness.feature.status()
        _ = try await services.startTimer(TimerStartRequest(task: "7"))
        clock.advance(minutes: 20)
        _ = try await services.pauseTimer(reference: nil, at: nil)
        harness.output.clear()
        try await harness.feature.status()

        #expect(
            harness.output.lines == [
                "No timer running.",
                #"1 paused timer: 7 "Email" at 20m. Resume it with: stint timer resume"#,
            ])
        #expect(
            harness.analytics.events == [
                .statusShown(running: false, pausedCount: 0), .statusShown(running: false, pausedCount: 1),
            ])
    }

    @Test func statusWithNoTimersAtAllSuggestsStartingOne() async throws {
        let harness = Harness(services: Fixture.emptyServices(clock: ManualClock(Fixture.noon)))

        try await harness.feature.status()

        #expect(harness.output.lines == ["No timer running. Start one with: stint timer start TASK"])
    }

    @Test func listShowsRunningFirstThenMostRecentlyPaused() async throws {
        let harness = Harness()

        try await harness.feature.list()

        let rows = harness.output.lines.dropFirst()
        #expect(rows.count == 3)
        #expect(rows.map { $0.contains("running") } == [true, false, false])
        #expect(
            rows.map { $0.split(separator: " ").first.map(String.init) }
                == [101, 102, 103].map {
                    SampleTimers.identifier(for: $0).short
                })
        #expect(harness.analytics.events == [.listed(count: 3)])
    }

    @Test func emptyListPrintsAHelpfulLine() async throws {
        let harness = Harness(services: Fixture.emptyServices(clock: ManualClock(Fixture.noon)))

        try await harness.feature.list()

        #expect(harness.output.lines == ["No timers. Start one with: stint timer start TASK"])
    }

    // MARK: log

    @Test func logConfirmsDurationTargetAndSpan() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.log(
            LogRequest(durationSeconds: 45 * 60, task: "2", start: Fixture.at(0, 9), tags: ["#Review"]))

        let entry = try #require(
            try await services.entries(matching: EntryQuery(task: "2")).first { $0.start == Fixture.at(0, 9) })
        #expect(
            harness.output.lines == [
                "Logged 45m on \(Self.reviewTask) on 2026-03-04 09:00–09:45 (entry \(entry.id.short))"
            ])
        #expect(entry.tags == ["review"])
        #expect(harness.analytics.events == [.logged])
    }

    @Test func logWithoutATargetAsksLikeStart() async throws {
        let chosen = Harness(coordinator: ScriptedTimersCoordinator(choices: [.chosen(reference: "5")]))
        try await chosen.feature.log(LogRequest(durationSeconds: 600, start: Fixture.at(0, 8), overlap: .allow))
        #expect(chosen.output.lines.first?.hasPrefix(#"Logged 10m on 5 "Prepare the invoice for Acme""#) == true)

        let cancelled = Harness(coordinator: ScriptedTimersCoordinator(choices: [.cancelled]))
        try await cancelled.feature.log(LogRequest(durationSeconds: 600, start: Fixture.at(0, 8)))
        #expect(cancelled.output.lines == ["Nothing logged."])
        #expect(cancelled.analytics.events == [.logCancelled])

        let unavailable = Harness(coordinator: ScriptedTimersCoordinator())
        await #expect(throws: TimersFeatureError.logTargetRequired) {
            try await unavailable.feature.log(LogRequest(durationSeconds: 600, start: Fixture.at(0, 8)))
        }
    }

    // MARK: entries

    @Test func entriesPassTheQueryThroughAndEndWithTheExactTotal() async throws {
        // Each entry is 20m 30s: the rows read "20m", and the total is the exact 61m 30s, not 3 × 20m.
        let entries = (0..<3).map { Fixture.entry(300 + $0, start: Fixture.at(-$0, 9), seconds: 20 * 60 + 30) }
        let services = InMemoryTimersServices(
            tasks: [Fixture.reportTask], entries: entries, clock: ManualClock(Fixture.noon).read)
        let harness = Harness(services: services)
        let query = EntryQuery(since: Fixture.today.adding(days: -6), until: Fixture.today, project: "work")

        try await harness.feature.entries(query)

        #expect(await services.receivedQueries == [query])
        let lines = harness.output.lines
        #expect(lines.count == 5)
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.contains("20m") })
        let total = try #require(lines.last)
        #expect(total.hasPrefix("Total"))
        #expect(total.contains("3 entries"))
        #expect(total.hasSuffix("1h 01m"))
        #expect(harness.analytics.events == [.entriesListed(count: 3)])
    }

    @Test func aBareEntriesQueryMeansTodayUnlessSomethingNarrowsItOrAllIsAsked() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)
        let yesterday = Fixture.today.adding(days: -1)

        try await harness.feature.entries(EntryQuery())
        try await harness.feature.entries(EntryQuery(all: true))
        try await harness.feature.entries(EntryQuery(task: "4"))
        try await harness.feature.entries(EntryQuery(until: yesterday))

        #expect(
            await services.receivedQueries == [
                EntryQuery(since: Fixture.today), EntryQuery(all: true), EntryQuery(task: "4"),
                EntryQuery(until: yesterday),
            ])
        #expect(harness.analytics.events.first == .entriesListed(count: 1))
    }

    @Test func aRangeThatEndsBeforeItStartsIsTheServicesErrorAndPrintsNothing() async throws {
        let harness = Harness()
        await #expect(throws: TimersFakeError.invalid("the range starts after it ends")) {
            try await harness.feature.entries(EntryQuery(since: Fixture.today, until: Fixture.today.adding(days: -1)))
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func noEntriesPrintAHelpfulLineOrAnEmptyArray() async throws {
        let human = Harness(services: Fixture.emptyServices(clock: ManualClock(Fixture.noon)))
        try await human.feature.entries(EntryQuery())
        #expect(human.output.lines == [TimersPresenter.noEntriesMessage])

        let json = Harness(services: Fixture.emptyServices(clock: ManualClock(Fixture.noon)), format: .json)
        try await json.feature.entries(EntryQuery())
        #expect(json.output.text.filter { !$0.isWhitespace } == "[]")
    }

    // MARK: edit and delete entries

    @Test func editWithNothingToChangeNeverReachesTheServices() async throws {
        let harness = Harness(services: FailingTimersServices())

        await #expect(throws: TimersFeatureError.nothingToEdit(reference: "3f2a")) {
            try await harness.feature.editEntry("3f2a", changes: EntryChanges(force: true))
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
        let message = TimersFeatureError.nothingToEdit(reference: "3f2a").localizedDescription
        #expect(message.hasPrefix("nothing to change for entry 3f2a: pass --start"))
        #expect(!message.contains("\n"))
    }

    @Test func editConfirmsWhichFieldsChanged() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)
        let id = SampleTimers.identifier(for: 202)

        try await harness.feature.editEntry(
            id.short.uppercased(), changes: EntryChanges(durationSeconds: 3_600, note: "second pass"))

        #expect(harness.output.lines == ["Updated entry \(id.short): duration, note"])
        #expect(harness.analytics.events == [.entryEdited(fieldCount: 2)])
        let stored = try await services.entry(reference: id)
        #expect(stored.durationSeconds == 3_600 && stored.note == "second pass")
    }

    @Test func deleteDeclinedKeepsTheEntry() async throws {
        let services = Fixture.sampleServices()
        let coordinator = ScriptedTimersCoordinator(answers: [false])
        let harness = Harness(services: services, coordinator: coordinator)
        let id = SampleTimers.identifier(for: 202)

        try await harness.feature.deleteEntry(id.short)

        #expect(
            await coordinator.questions == [
                "Delete entry \(id.short): 45m on \(Self.reviewTask) on 2026-03-03 13:30–14:15?"
            ])
        #expect(harness.output.lines == ["Kept entry \(id.short); nothing was deleted."])
        #expect(harness.analytics.events == [.entryDeletionDeclined])
        #expect(try await services.entry(reference: id).id == id)
    }

    @Test func deleteConfirmedRemovesTheEntry() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)
        let id = SampleTimers.identifier(for: 202)

        try await harness.feature.deleteEntry(id.short)

        #expect(
            harness.output.lines == ["Deleted entry \(id.short): 45m on \(Self.reviewTask) on 2026-03-03 13:30–14:15"])
        #expect(harness.analytics.events == [.entryDeleted])
        await #expect(throws: TimersFakeError.notFound(kind: "entry", reference: id)) {
            try await services.entry(reference: id)
        }
    }

    // MARK: errors

    @Test(arguments: Operation.allCases)
    func servicesErrorsAreRethrownUnchangedAndNothingIsWritten(operation: Operation) async throws {
        let error = UnexpectedStorageError(code: 42)
        let harness = Harness(services: FailingTimersServices(error: error))

        await #expect(throws: error) {
            try await operation.run(on: harness.feature)
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func fakeErrorsReachTheCallerAsTheServicesSayThem() async throws {
        let harness = Harness(services: Fixture.emptyServices(clock: ManualClock(Fixture.noon)))

        await #expect(throws: TimersFakeError.conflict("there is no timer")) {
            try await harness.feature.stop(timer: nil, at: nil, note: nil, force: false)
        }
        await #expect(throws: TimersFakeError.notFound(kind: "task", reference: "99")) {
            try await harness.feature.start(TimerStartRequest(task: "99"))
        }
    }

    enum Operation: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case start, pause, resume, stop, discard, status, list, log, entries, editEntry, deleteEntry

        var testDescription: String { rawValue }

        func run(on feature: any TimersFeatureInterface) async throws {
            switch self {
            case .start: try await feature.start(TimerStartRequest(task: "1"))
            case .pause: try await feature.pause(timer: nil, at: nil)
            case .resume: try await feature.resume(timer: "1", at: nil)
            case .stop: try await feature.stop(timer: nil, at: nil, note: "n", force: true)
            case .discard: try await feature.discard(timer: nil)
            case .status: try await feature.status()
            case .list: try await feature.list()
            case .log: try await feature.log(LogRequest(durationSeconds: 60, project: "Work", start: Fixture.noon))
            case .entries: try await feature.entries(EntryQuery())
            case .editEntry: try await feature.editEntry("abcd", changes: EntryChanges(billable: true))
            case .deleteEntry: try await feature.deleteEntry("abcd")
            }
        }
    }
}
