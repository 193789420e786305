import Foundation
import TerminalUI
import Testing
import TimersFeatureFakes

@testable import TimersFeature

/// The fake must behave like the real Services where the feature can tell, or the other tests prove little.
/// Each test moves a ``ManualClock`` instead of sleeping.
@Suite("InMemoryTimersServices")
struct InMemoryTimersServicesTests {
    let clock = ManualClock(Fixture.at(0, 9))
    var services: InMemoryTimersServices { Fixture.emptyServices(clock: clock) }

    @Test func onlyOneTimerRunsAndStartingPausesTheRunningOne() async throws {
        let services = services
        let first = try await services.startTimer(TimerStartRequest(task: "1"))
        clock.advance(minutes: 20)

        let second = try await services.startTimer(TimerStartRequest(task: "7"))

        #expect(second.paused.map(\.id) == [first.timer.id])
        #expect(second.paused.first?.elapsedSeconds == 20 * 60)
        #expect(second.paused.first?.intervals.last?.end == Fixture.at(0, 9, 20))
        let timers = try await services.timers()
        #expect(timers.map(\.taskNumber) == [7, 1])
        #expect(timers.map(\.state) == [.running, .paused])
    }

    @Test func startingATaskWhoseTimerIsPausedResumesItInsteadOfADuplicate() async throws {
        let services = services
        let first = try await services.startTimer(TimerStartRequest(task: "1", note: "draft"))
        clock.advance(minutes: 30)
        _ = try await services.pauseTimer(reference: nil, at: nil)
        clock.advance(minutes: 30)

        let again = try await services.startTimer(TimerStartRequest(task: "1", billable: true))

        #expect(again.resumed)
        #expect(again.timer.id == first.timer.id)
        #expect(again.timer.intervals.count == 2)
        #expect(again.timer.note == "draft")
        #expect(again.timer.billable)
        #expect(try await services.timers().count == 1)
        await #expect(throws: TimersFakeError.conflict("the timer on task 1 is already running")) {
            try await services.startTimer(TimerStartRequest(task: "1"))
        }
    }

    @Test func stopRecordsWorkedTimeWithoutThePauses() async throws {
        let services = services
        _ = try await services.startTimer(TimerStartRequest(task: "1", note: "draft", billable: true))
        clock.advance(minutes: 30)
        _ = try await services.pauseTimer(reference: "1", at: nil)
        clock.advance(minutes: 60)
        _ = try await services.resumeTimer(reference: nil, at: nil)
        clock.advance(minutes: 15)

        let entry = try await services.stopTimer(reference: nil, at: nil, note: nil, force: false).entry

        #expect(entry.durationSeconds == 45 * 60)
        #expect(entry.start == Fixture.at(0, 9))
        #expect(entry.end == Fixture.at(0, 9, 45))
        #expect(entry.note == "draft" && entry.billable && entry.loggedBy == "me")
        #expect(entry.taskNumber == 1 && entry.projectName == "Work")
        #expect(try await services.timers().isEmpty)
        // The next timer on the task knows what is already logged.
        let next = try await services.startTimer(TimerStartRequest(task: "1"))
        #expect(next.timer.loggedSeconds == 45 * 60)
        #expect(next.timer.estimateSeconds == 3 * 3_600)
    }

    @Test func startingInThePastPausesTheRunningTimerNoEarlierThanItsOwnStart() async throws {
        let services = services
        _ = try await services.startTimer(TimerStartRequest(task: "1"))
        clock.advance(minutes: 60)

        let earlier = try await services.startTimer(TimerStartRequest(task: "7", at: Fixture.at(0, 9, 40)))
        #expect(earlier.paused.first?.elapsedSeconds == 40 * 60)
        #expect(earlier.timer.elapsedSeconds == 20 * 60)

        let beforeBoth = try await services.startTimer(TimerStartRequest(project: "home", at: Fixture.at(0, 8)))
        #expect(beforeBoth.paused.first?.intervals.last?.end == Fixture.at(0, 9, 40))
        #expect(beforeBoth.timer.projectName == "Home")
    }

    @Test func instantsMustBeInOrderAndNotInTheFuture() async throws {
        let services = services
        await #expect(throws: TimersFakeError.invalid("the start time is in the future")) {
            try await services.startTimer(TimerStartRequest(task: "1", at: Fixture.at(0, 9, 2)))
        }
        // Up to a minute ahead is tolerated (clocks of two machines differ).
        _ = try await services.startTimer(TimerStartRequest(task: "1", at: Fixture.at(0, 9).addingTimeInterval(30)))
        clock.advance(minutes: 10)
        await #expect(throws: TimersFakeError.self) {
            try await services.pauseTimer(reference: nil, at: Fixture.at(0, 8, 59))
        }
        _ = try await services.pauseTimer(reference: nil, at: Fixture.at(0, 9, 5))
        await #expect(throws: TimersFakeError.invalid("the timer on task 1 is not running")) {
            try await services.pauseTimer(reference: "1", at: nil)
        }
        await #expect(throws: TimersFakeError.invalid("the resume time is before the timer was paused")) {
            try await services.resumeTimer(reference: nil, at: Fixture.at(0, 9, 4))
        }
        await #expect(throws: TimersFakeError.nothingRunning) {
            try await services.pauseTimer(reference: nil, at: nil)
        }
    }

    @Test func resumeWithoutAReferencePicksTheMostRecentlyPaused() async throws {
        let services = services
        await #expect(throws: TimersFakeError.nothingPaused) {
            try await services.resumeTimer(reference: nil, at: nil)
        }
        _ = try await services.startTimer(TimerStartRequest(task: "7"))
        clock.advance(minutes: 10)
        _ = try await services.startTimer(TimerStartRequest(task: "1"))
        clock.advance(minutes: 10)
        _ = try await services.pauseTimer(reference: nil, at: nil)

        let resumed = try await services.resumeTimer(reference: nil, at: nil)

        #expect(resumed.timer.taskNumber == 1)
        #expect(resumed.paused.isEmpty)
    }

    @Test func stopRefusesEmptyAndOverlongTimersUnlessForced() async throws {
        let services = services
        _ = try await services.startTimer(TimerStartRequest(task: "1"))
        await #expect(throws: TimersFakeError.self) {
            try await services.stopTimer(reference: nil, at: nil, note: nil, force: false)
        }
        clock.advance(by: 25 * 3_600)
        await #expect(throws: TimersFakeError.self) {
            try await services.stopTimer(reference: nil, at: nil, note: nil, force: false)
        }
        let entry = try await services.stopTimer(reference: nil, at: nil, note: "long", force: true).entry
        #expect(entry.durationSeconds == 25 * 3_600)
    }

    @Test func discardDropsTheTimerWithoutAnEntry() async throws {
        let services = services
        _ = try await services.startTimer(TimerStartRequest(task: "1"))
        clock.advance(minutes: 5)

        let discarded = try await services.discardTimer(reference: nil)

        #expect(discarded.elapsedSeconds == 5 * 60)
        #expect(try await services.timers().isEmpty)
        #expect(try await services.entries(matching: EntryQuery()).isEmpty)
    }

    @Test func timerReferencesResolveByTaskNumberTaskIDOrTimerID() async throws {
        let services = Fixture.sampleServices()
        let timerID = InMemoryTimersServices.identifier(for: 102)

        #expect(try await services.pauseTimer(reference: "#1", at: nil).taskNumber == 1)
        let byTimerID = try await services.resumeTimer(reference: timerID.short.uppercased(), at: nil)
        #expect(byTimerID.timer.taskNumber == 4)
        let byTaskID = try await services.discardTimer(reference: String(SampleTimers.taskID(4).prefix(6)))
        #expect(byTaskID.id == timerID)
        await #expect(throws: TimersFakeError.notFound(kind: "timer", reference: "2")) {
            try await services.pauseTimer(reference: "2", at: nil)
        }
        await #expect(throws: TimersFakeError.notFound(kind: "timer", reference: "zz")) {
            try await services.pauseTimer(reference: "zz", at: nil)
        }
    }

    @Test func ambiguousPrefixesListTheCandidates() async throws {
        let entries = [
            Fixture.entry(1, start: Fixture.at(0, 8), seconds: 60),
            Fixture.entry(2, start: Fixture.at(0, 8), seconds: 60),
        ]
        var twin = entries[1]
        twin.id = String(entries[0].id.prefix(5)) + String(entries[1].id.dropFirst(5))
        let services = InMemoryTimersServices(
            tasks: [Fixture.reportTask], entries: [entries[0], twin], clock: clock.read)
        let prefix = String(twin.id.prefix(5))

        await #expect(
            throws: TimersFakeError.ambiguous(
                reference: prefix, candidates: [entries[0].id.short, twin.id.short].sorted())
        ) {
            try await services.entry(reference: prefix)
        }
        await #expect(throws: TimersFakeError.self) {
            try await services.entry(reference: "ab")
        }
        #expect(try await services.entry(reference: twin.id.short).id == twin.id)
    }

    @Test func entriesFilterByDayProjectAndTask() async throws {
        let services = Fixture.sampleServices()
        func starts(_ query: EntryQuery) async throws -> [Int] {
            try await services.entries(matching: query).map { InMemoryTimersServicesTests.serial(of: $0.id) }
        }
        let yesterday = Fixture.today.adding(days: -1)

        #expect(try await starts(EntryQuery(since: yesterday, until: yesterday)) == [201, 202, 203])
        #expect(try await starts(EntryQuery(since: Fixture.today)) == [212])
        #expect(try await starts(EntryQuery(project: "meetings")) == [210, 203])
        #expect(try await starts(EntryQuery(task: "4")) == [208, 204])
        #expect(try await starts(EntryQuery(project: "support", task: "4", limit: 1)) == [204])
        // An entry belongs to the day it starts on: the one from 23:30 to 00:30 is not on the next day.
        let afterMidnight = Fixture.today.adding(days: -4)
        #expect(try await starts(EntryQuery(since: afterMidnight, until: afterMidnight)) == [207])
        await #expect(throws: TimersFakeError.notFound(kind: "project", reference: "Garden")) {
            try await services.entries(matching: EntryQuery(project: "Garden"))
        }
    }

    @Test func loggedAndEditedEntriesAreValidated() async throws {
        let services = services
        await #expect(throws: TimersFakeError.invalid("the entry's end is in the future")) {
            try await services.logTime(LogRequest(durationSeconds: 3_600, task: "1", start: Fixture.at(0, 8, 30)))
        }
        await #expect(throws: TimersFakeError.self) {
            try await services.logTime(LogRequest(durationSeconds: 25 * 3_600, task: "1", start: Fixture.at(-2, 8)))
        }
        await #expect(throws: TimersFakeError.invalid("task 7 is not in project Work")) {
            try await services.logTime(
                LogRequest(durationSeconds: 60, task: "7", project: "work", start: Fixture.at(0, 8)))
        }
        let entry = try await services.logTime(
            LogRequest(durationSeconds: 25 * 3_600, task: "1", start: Fixture.at(-2, 8), force: true))

        let moved = try await services.editEntry(
            reference: entry.id, changes: EntryChanges(durationSeconds: 3_600, tags: ["+Deep"], project: "home"))

        #expect(moved.taskNumber == nil && moved.projectName == "Home")
        #expect(moved.tags == ["deep"])
        await #expect(throws: TimersFakeError.self) {
            try await services.editEntry(reference: entry.id, changes: EntryChanges(start: Fixture.at(0, 8, 30)))
        }
    }

    /// The serial an id was made from (the last group of a fake id is the serial in hex).
    static func serial(of id: String) -> Int {
        Int(id.split(separator: "-").last ?? "", radix: 16) ?? -1
    }
}
