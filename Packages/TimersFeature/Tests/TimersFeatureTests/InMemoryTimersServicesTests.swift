import Foundation
import TerminalUI
import Testing
import TimersFeatureFakes

@testable import TimersFeature

/// What the fake does beyond the contract (which `ContractTests` runs): rules the contract leaves to each
/// implementation's own tests, and the sample data the other tests rely on. The clock is a ``ManualClock``.
@Suite("InMemoryTimersServices")
struct InMemoryTimersServicesTests {
    let clock = ManualClock(Fixture.at(0, 9))
    var services: InMemoryTimersServices { Fixture.emptyServices(clock: clock) }

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

    @Test func aTaskWithoutATimerIsNamedInTheError() async throws {
        let services = Fixture.sampleServices()
        await #expect(throws: TimersFakeError.notFound(kind: "timer", reference: "task 2")) {
            try await services.pauseTimer(reference: "2", at: nil)
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
                kind: "entry", reference: prefix, candidates: [entries[0].id.short, twin.id.short].sorted())
        ) {
            try await services.entry(reference: prefix)
        }
        #expect(try await services.entry(reference: twin.id.short).id == twin.id)
    }

    @Test func sampleEntriesByDayProjectAndTask() async throws {
        let services = Fixture.sampleServices()
        func serials(_ query: EntryQuery) async throws -> [Int] {
            try await services.entries(matching: query).map { entry in
                (201...212).first { SampleTimers.identifier(for: $0) == entry.id } ?? 0
            }
        }
        let yesterday = Fixture.today.adding(days: -1)
        #expect(try await serials(EntryQuery(since: yesterday, until: yesterday)) == [201, 202, 203])
        #expect(try await serials(EntryQuery(since: Fixture.today)) == [212])
        #expect(try await serials(EntryQuery(project: "meetings")) == [210, 203])
        #expect(try await serials(EntryQuery(project: "support", task: "4", limit: 1)) == [204])
        // The entry from 23:30 to 00:30 is on both days.
        let afterMidnight = Fixture.today.adding(days: -4)
        #expect(try await serials(EntryQuery(since: afterMidnight, until: afterMidnight)) == [208, 207])
    }
}
