import Foundation
import ProjectsFeatureFakes
import TerminalUI
import Testing

@testable import ProjectsFeature

@Suite("Project time")
struct ProjectTimeTests {
    let presenter = Fixture.presenter()
    static let hour = 3_600

    private func fields(_ time: ProjectTime?) throws -> [DetailField] {
        let detail = ProjectDetail(project: Fixture.project(open: 2, done: 1), lists: [], time: time)
        return try #require(presenter.detail(detail).detail).fields
    }

    private func timeLine(_ time: ProjectTime?) throws -> String? {
        try fields(time).first { $0.label == "Time" }?.value
    }

    // MARK: Presenter

    @Test func totalsShowLoggedBillableAndThisWeek() throws {
        let time = ProjectTime(
            totalSeconds: 32 * Self.hour + 600, billableSeconds: 12 * Self.hour, thisWeekSeconds: 4 * Self.hour + 1_800)
        #expect(try timeLine(time) == "32h 10m logged · 12h 00m billable · 4h 30m this week")
    }

    @Test func zeroPartsAreStillShownOnceSomethingWasLogged() throws {
        let time = ProjectTime(totalSeconds: 45 * 60, billableSeconds: 0, thisWeekSeconds: 0)
        #expect(try timeLine(time) == "45m logged · 0m billable · 0m this week")
    }

    @Test func nothingLoggedSaysSo() throws {
        #expect(try timeLine(ProjectTime(totalSeconds: 0, billableSeconds: 0, thisWeekSeconds: 0)) == "none logged yet")
    }

    @Test func unknownTimeLeavesTheLineOut() throws {
        #expect(try fields(nil).map(\.label) == ["Status", "Tasks", "Lists", "Created", "Updated", "ID"])
    }

    @Test func theLineFollowsTheTaskCounts() throws {
        let labels = try fields(ProjectTime(totalSeconds: 60, billableSeconds: 0, thisWeekSeconds: 60)).map(\.label)
        #expect(labels == ["Status", "Tasks", "Time", "Lists", "Created", "Updated", "ID"])
    }

    // MARK: View and JSON

    @Test func humanDetailPrintsTheTimeLineUnderTasks() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.show("Work")

        let lines = harness.output.lines
        let tasks = try #require(lines.firstIndex(of: "  Tasks    7 open, 5 done"))
        #expect(lines[tasks + 1] == "  Time     32h 10m logged · 12h 00m billable · 4h 30m this week")
    }

    @Test func humanDetailOfAProjectWithoutTimeSaysNoneLoggedYet() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.show("Home")

        #expect(harness.output.lines.contains("  Time     none logged yet"))
    }

    @Test func detailJSONHasATimeObjectWithSnakeCaseKeys() async throws {
        let (harness, _) = await Harness.sample(format: .json)

        try await harness.feature.show("Work")

        let object = try #require(try jsonObject(harness.output.text) as? [String: Any])
        let time = try #require(object["time"] as? [String: Any])
        #expect(Set(time.keys) == ["total_seconds", "billable_seconds", "this_week_seconds"])
        #expect(time["total_seconds"] as? Int == 32 * Self.hour + 600)
        #expect(time["billable_seconds"] as? Int == 12 * Self.hour)
        #expect(time["this_week_seconds"] as? Int == 4 * Self.hour + 1_800)
    }

    @Test func detailJSONHasANullTimeWhenItWasNotLoaded() throws {
        let output = CapturedOutput()
        let detail = ProjectDetail(project: Fixture.project(), lists: [])
        try ProjectsView(output: output, style: .plain).render(Fixture.presenter(.json).detail(detail))

        let object = try #require(try jsonObject(output.text) as? [String: Any])
        #expect(object["time"] is NSNull)
    }

    @Test func projectJSONStaysWithoutTime() async throws {
        let (harness, _) = await Harness.sample(format: .json)

        try await harness.feature.list(includeArchived: true)

        let rows = try #require(try jsonObject(harness.output.text) as? [[String: Any]])
        #expect(rows.allSatisfy { $0["time"] == nil })
    }

    // MARK: Fake

    @Test func theFakeReportsSeededTimeAndZerosOtherwise() async throws {
        let store = InMemoryProjectsServices()
        await store.seedProject(name: "A")
        await store.seedProject(name: "B")
        let time = ProjectTime(totalSeconds: 7_200, billableSeconds: 3_600, thisWeekSeconds: 0)

        try await store.seedTime(time, project: "a")

        #expect(try await store.projectDetail(reference: "A").time == time)
        #expect(
            try await store.projectDetail(reference: "B").time
                == ProjectTime(totalSeconds: 0, billableSeconds: 0, thisWeekSeconds: 0))
        let error = await #expect(throws: ProjectsFakeError.self) {
            try await store.seedTime(time, project: "missing")
        }
        #expect({ if case .notFound = error { true } else { false } }())
    }
}
