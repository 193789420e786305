import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

@Suite("Logged time")
struct LoggedTimeTests {
    let presenter = Fixture.presenter()

    private func task(logged: Int?, estimateMinutes: Int? = nil) -> FeatureTask {
        var task = Fixture.task(1, estimateSeconds: estimateMinutes.map { $0 * 60 })
        task.loggedSeconds = logged
        return task
    }

    private func detail(_ task: FeatureTask) throws -> TaskDetail {
        guard case .detail(let detail) = presenter.detail(task) else { throw UnexpectedScreen() }
        return detail
    }

    // MARK: Presenter

    @Test(arguments: [
        (130 * 60, 180, "2h 10m of 3h 00m estimate (72%)"),
        (180 * 60, 180, "3h 00m of 3h 00m estimate (100%)"),
        (179 * 60, 180, "2h 59m of 3h 00m estimate (99%)"),
        (30, 60, "<1m of 1h 00m estimate (0%)"),
    ])
    func withinTheEstimateShowsTheShareUsed(logged: Int, estimateMinutes: Int, expected: String) throws {
        let field = try #require(try detail(task(logged: logged, estimateMinutes: estimateMinutes)).field("Logged"))
        #expect(field.value == expected)
        #expect(field.color == nil)
    }

    @Test func withoutAnEstimateShowsJustTheTime() throws {
        let field = try detail(task(logged: 130 * 60)).field("Logged")
        #expect(field == DetailField(label: "Logged", value: "2h 10m"))
    }

    @Test(arguments: [nil, 180] as [Int?])
    func nothingLoggedSaysSo(estimateMinutes: Int?) throws {
        let field = try detail(task(logged: 0, estimateMinutes: estimateMinutes)).field("Logged")
        #expect(field == DetailField(label: "Logged", value: "nothing yet"))
    }

    @Test func aLittleOverTheEstimateIsYellow() throws {
        let field = try #require(try detail(task(logged: 220 * 60, estimateMinutes: 180)).field("Logged"))
        #expect(field.value == "3h 40m of 3h 00m estimate (122%) — 40m over")
        #expect(field.color == .yellow)
    }

    @Test func farOverTheEstimateIsRed() throws {
        let field = try #require(try detail(task(logged: 100 * 60, estimateMinutes: 60)).field("Logged"))
        #expect(field.value == "1h 40m of 1h 00m estimate (166%) — 40m over")
        #expect(field.color == .red)
    }

    @Test func unknownLoggedTimeLeavesTheLineOut() throws {
        let labels = try detail(task(logged: nil, estimateMinutes: 60)).fields.map(\.label)
        #expect(!labels.contains("Logged"))
    }

    @Test func theLineFollowsTheEstimate() throws {
        let labels = try detail(task(logged: 600, estimateMinutes: 60)).fields.map(\.label)
        let estimate = try #require(labels.firstIndex(of: "Estimate"))
        #expect(labels[estimate + 1] == "Logged")
    }

    // MARK: Through the feature

    @Test func showPrintsTheLoggedLine() async throws {
        let harness = Harness()

        try await harness.feature.show("1")

        #expect(harness.output.lines.contains("  Logged    2h 10m of 3h 00m estimate (72%)"))
    }

    @Test func showPaintsTimeFarOverTheEstimateRed() async throws {
        let style = TerminalStyle(isTTY: true, useColor: true, width: nil)
        let harness = Harness(style: style)

        try await harness.feature.show("9")

        #expect(harness.output.text.contains(style.paint("1h 40m of 1h 00m estimate (166%) — 40m over", .red)))
    }

    @Test func showJSONCarriesLoggedSeconds() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.show("1")

        let object = try #require(try harness.json() as? [String: Any])
        #expect(object["logged_seconds"] as? Int == 130 * 60)
    }

    /// `task list --json` has the keys and values of `task show --json`, logged time included.
    @Test func listJSONCarriesLoggedSecondsAsShowDoes() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services, format: .json)

        try await harness.feature.list(TaskQuery(status: .all))

        let rows = try #require(try harness.json() as? [[String: Any]])
        #expect(rows.count == 12)
        for row in rows {
            let id = try #require(row["id"] as? String)
            let shown = try await services.task(reference: id).loggedSeconds
            #expect(row["logged_seconds"] as? Int == shown, "task \(id)")
        }
        #expect(rows.contains { $0["logged_seconds"] as? Int == 130 * 60 })
        #expect(await services.receivedQueries.last?.includesLoggedTime == true)
    }

    /// A table never shows the time, so the Services are not asked to read it.
    @Test func aTableDoesNotAskForLoggedTime() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.list(TaskQuery(status: .all))

        #expect(await services.receivedQueries.last?.includesLoggedTime == false)
    }

    @Test func loggedSecondsSurviveAJSONRoundTrip() throws {
        let original = task(logged: 4_500, estimateMinutes: 60)
        let text = try JSONText.encode(original)
        let decoded = try JSONDecoder.iso8601.decode(FeatureTask.self, from: Data(text.utf8))
        #expect(decoded == original)
    }

    // MARK: Fake

    @Test func theFakeReportsTimeSetForATaskWhenShownOrAskedFor() async throws {
        let services = InMemoryTasksServices(tasks: [Fixture.task(1), Fixture.task(2)], now: Fixture.noon)
        #expect(try await services.task(reference: "1").loggedSeconds == nil)

        try await services.setLogged(90 * 60, forTask: "1")

        #expect(try await services.task(reference: "1").loggedSeconds == 90 * 60)
        #expect(try await services.task(reference: "2").loggedSeconds == nil)
        #expect(
            try await services.tasks(matching: TaskQuery()).allSatisfy { $0.loggedSeconds == nil }
        )
        let asked = try await services.tasks(matching: TaskQuery(sort: .number, includesLoggedTime: true))
        #expect(asked.map(\.loggedSeconds) == [90 * 60, nil])
        await #expect(throws: TasksFakeError.notFound(kind: "task", reference: "7")) {
            try await services.setLogged(60, forTask: "7")
        }
    }
}

extension JSONDecoder {
    /// Reads what `JSONText` writes (ISO-8601 dates).
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

@Suite("Deleting a task with logged time")
struct DeletingLoggedTimeTests {
    let presenter = Fixture.presenter()

    @Test("the question and the confirmation say that the logged time goes too")
    func mentionsTheTime() {
        var task = Fixture.task(1)
        task.loggedSeconds = 130 * 60
        #expect(presenter.deletionQuestion(for: task).hasSuffix("and its 2h 10m of logged time?"))
        guard case .lines(let lines) = presenter.confirmation(.deleted, task: task) else {
            Issue.record("a deletion confirms in one line")
            return
        }
        #expect(lines.first?.hasSuffix("and its 2h 10m of logged time") == true)
    }

    @Test("without logged time nothing is added", arguments: [nil, 0] as [Int?])
    func silentWithoutTime(logged: Int?) {
        var task = Fixture.task(1)
        task.loggedSeconds = logged
        #expect(!presenter.deletionQuestion(for: task).contains("logged"))
    }
}
