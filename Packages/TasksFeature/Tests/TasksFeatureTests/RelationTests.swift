import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

/// Subtasks, dependencies and recurrence: how the presenter shows them, what JSON carries, and how the feature passes
/// `force` and the completion's follow-ups through.
@Suite("Subtasks, dependencies and recurrence")
struct RelationTests {
    let presenter = Fixture.presenter()

    private func link(_ number: Int, _ title: String, _ status: TaskStatus = .open) -> TaskLink {
        TaskLink(id: SampleTasks.identifier(for: number), number: number, title: title, status: status)
    }

    private func titleCell(_ task: FeatureTask) throws -> TableCell {
        try #require(presenter.table(for: [task], showStatus: false).cells(inColumn: "Title")?.first)
    }

    private func lines(_ screen: TasksScreen) throws -> [String] {
        guard case .lines(let lines) = screen else { throw UnexpectedScreen() }
        return lines
    }

    // MARK: Listing

    @Test func aListedTitleShowsRecurrenceProgressAndOpenPrerequisites() throws {
        var task = Fixture.task(5, "Launch")
        task.repeatRule = "weekly"
        task.subtasks = [link(6, "Copy", .done), link(7, "Site", .inProgress)]
        task.after = [link(12, "Design"), link(13, "Budget", .done), link(14, "Review", .inProgress)]
        let cell = try titleCell(task)
        #expect(cell.text == "Launch ↻ [1/2] (after 12, 14)")
        #expect(cell.color == .dim)
    }

    @Test(
        arguments: [
            ("weekly", [], [], "Water ↻"),
            (nil, [TaskStatus.done, .open, .open], [], "Water [1/3]"),
            (nil, [], [TaskStatus.open], "Water (after 20)"),
            (nil, [], [TaskStatus.done], "Water"),
            (nil, [], [], "Water"),
        ] as [(String?, [TaskStatus], [TaskStatus], String)])
    func eachDecorationAlone(rule: String?, subtasks: [TaskStatus], after: [TaskStatus], expected: String) throws {
        var task = Fixture.task(5, "Water")
        task.repeatRule = rule
        task.subtasks = subtasks.enumerated().map { link(10 + $0, "Sub", $1) }
        task.after = after.enumerated().map { link(20 + $0, "Before", $1) }
        let cell = try titleCell(task)
        #expect(cell.text == expected)
        #expect(cell.color == (after.contains { $0 != .done } ? .dim : nil))
    }

    @Test func aBlockedTaskIsDimInTheDashboardToo() throws {
        var task = Fixture.task(1, "Deploy", due: Fixture.today)
        task.after = [link(2, "Build")]
        guard case .dashboard(let screen) = presenter.dashboard(Dashboard(dueToday: [task], openCount: 2)) else {
            throw UnexpectedScreen()
        }
        let cell = try #require(screen.sections.first?.table.cells(inColumn: "Title")?.first)
        #expect(cell.text == "Deploy (after 2)" && cell.color == .dim)
    }

    // MARK: Detail

    @Test func detailNamesTheLinksAfterTheList() {
        var task = Fixture.task(5, "Launch", project: "Work")
        task.parent = link(1, "Release 2.0")
        task.after = [link(12, "Book venue", .done), link(14, "Send invites")]
        task.subtasks = [link(15, "Write copy", .done), link(16, "Build site", .inProgress), link(17, "Test")]
        task.repeatRule = "weekly"
        task.repeatUntil = CalendarDay(year: 2027, month: 1, day: 1)
        let detail = presenter.taskDetail(task)
        #expect(
            Array(detail.fields.map(\.label).prefix(11)) == [
                "Status", "Priority", "Due", "Project", "List", "Parent", "After", "Blocked", "Subtasks", "Repeats",
                "Assignee",
            ])
        #expect(detail.field("Parent") == DetailField(label: "Parent", value: #"1 "Release 2.0""#))
        #expect(
            detail.field("After")
                == DetailField(
                    label: "After", value: #"12 "Book venue" (done), 14 "Send invites" (open)"#, color: .yellow))
        #expect(detail.field("Blocked") == DetailField(label: "Blocked", value: "yes, by 1 open task", color: .yellow))
        #expect(detail.field("Subtasks") == DetailField(label: "Subtasks", value: "1 of 3 done"))
        #expect(detail.field("Repeats") == DetailField(label: "Repeats", value: "weekly until 2027-01-01"))
        #expect(detail.subtaskLines == ["✓ 15 Write copy", "▸ 16 Build site", "· 17 Test"])
    }

    @Test func blockedCountsTheOpenPrerequisites() {
        var task = Fixture.task(5)
        task.after = [link(12, "A", .inProgress), link(14, "B")]
        #expect(presenter.taskDetail(task).field("Blocked")?.value == "yes, by 2 open tasks")
        task.after = [link(12, "A", .done)]
        let detail = presenter.taskDetail(task)
        #expect(detail.field("Blocked") == DetailField(label: "Blocked", value: "no"))
        #expect(detail.field("After") == DetailField(label: "After", value: #"12 "A" (done)"#))
    }

    @Test func aRuleWithoutAnEndRepeatsPlainly() {
        var task = Fixture.task(5)
        task.repeatRule = "every 2 weeks"
        #expect(presenter.taskDetail(task).field("Repeats")?.value == "every 2 weeks")
    }

    @Test func aTaskWithoutLinksHasNoLinkFields() {
        let detail = presenter.taskDetail(Fixture.task(5))
        let labels = Set(detail.fields.map(\.label))
        #expect(labels.isDisjoint(with: ["Parent", "After", "Blocked", "Subtasks", "Repeats"]))
        #expect(detail.subtaskLines.isEmpty)
    }

    @Test func subtaskTitlesAreOneLine() {
        var task = Fixture.task(5)
        task.subtasks = [link(6, "two\nlines")]
        #expect(presenter.taskDetail(task).subtaskLines == ["· 6 two lines"])
    }

    @Test(
        arguments: [
            (3_600, 7_200, 4 * 3_600, "3h 00m (1h 00m here, 2h 00m on subtasks) of 4h 00m estimate (75%)", nil),
            (3_600, 7_200, nil, "3h 00m (1h 00m here, 2h 00m on subtasks)", nil),
            (0, 5_400, nil, "1h 30m (0m here, 1h 30m on subtasks)", nil),
            (3_600, 0, nil, "1h 00m", nil),
            (
                3_600, 7_200, 2 * 3_600,
                "3h 00m (1h 00m here, 2h 00m on subtasks) of 2h 00m estimate (150%) — 1h 00m over",
                TextColor.red
            ),
        ] as [(Int, Int?, Int?, String, TextColor?)])
    func timeOnSubtasksCountsTowardsTheEstimate(
        own: Int, onSubtasks: Int?, estimate: Int?, expected: String, color: TextColor?
    ) {
        var task = Fixture.task(5, estimateSeconds: estimate)
        task.loggedSeconds = own
        task.subtasksLoggedSeconds = onSubtasks
        #expect(presenter.loggedField(task) == DetailField(label: "Logged", value: expected, color: color))
    }

    @Test func subtaskTimeAloneDoesNotMakeALoggedLine() {
        var task = Fixture.task(5)
        task.subtasksLoggedSeconds = 600
        #expect(presenter.loggedField(task) == nil)
    }

    // MARK: Completion

    @Test func aCompletionNamesWhatItUnblockedAndTheNextOccurrence() throws {
        var task = Fixture.task(5, "Water the plants", status: .done)
        task.repeatRule = "every 2 weeks"
        task.unblocked = [link(6, "Repot the ficus"), link(7, "Buy soil", .inProgress)]
        task.nextOccurrence = link(9, "Water the plants")
        #expect(
            try lines(presenter.confirmation(.completed, task: task)) == [
                #"Completed task 5 "Water the plants""#, #"Unblocked task 6 "Repot the ficus""#,
                #"Unblocked task 7 "Buy soil""#, #"Next: task 9 "Water the plants" (every 2 weeks)"#,
            ])
    }

    /// The completions first, then what they led to.
    @Test func severalCompletionsNameAnUnblockedTaskOnce() throws {
        var first = Fixture.task(1, "Keys", status: .done)
        first.unblocked = [link(3, "Open the door")]
        var second = Fixture.task(2, "Code", status: .done)
        second.unblocked = [link(3, "Open the door"), link(4, "Disarm")]
        #expect(
            try lines(presenter.confirmations(.completed, tasks: [first, second])) == [
                #"Completed task 1 "Keys""#, #"Completed task 2 "Code""#, #"Unblocked task 3 "Open the door""#,
                #"Unblocked task 4 "Disarm""#,
            ])
    }

    @Test func aPlainCompletionIsOneLine() throws {
        #expect(
            try lines(presenter.confirmation(.completed, task: Fixture.task(5))) == [
                #"Completed task 5 "Write report""#
            ])
    }

    // MARK: JSON

    @Test func jsonCarriesEveryLinkAndComputesBlocked() throws {
        var task = Fixture.task(5, "Launch", due: Fixture.today)
        task.loggedSeconds = 600
        task.parent = link(1, "Release")
        task.after = [link(2, "Design", .done), link(3, "Budget", .inProgress)]
        task.subtasks = [link(6, "Copy")]
        task.subtasksLoggedSeconds = 1_200
        task.repeatRule = "weekly"
        task.repeatUntil = CalendarDay(year: 2027, month: 1, day: 1)
        task.unblocked = [link(7, "Announce")]
        task.nextOccurrence = link(8, "Launch")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONText.encode(task).utf8)) as? [String: Any])
        #expect(Set(object.keys) == ViewTests.taskKeys)
        let parent = try #require(object["parent"] as? [String: Any])
        #expect(Set(parent.keys) == ["id", "number", "title", "status"])
        #expect(parent["id"] as? String == SampleTasks.identifier(for: 1) && parent["number"] as? Int == 1)
        #expect(parent["title"] as? String == "Release" && parent["status"] as? String == "open")
        let after = try #require(object["after"] as? [[String: Any]])
        #expect(after.compactMap { $0["status"] as? String } == ["done", "in-progress"])
        #expect(object["blocked"] as? Bool == true)
        #expect((object["subtasks"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [6])
        #expect(object["subtasks_logged_seconds"] as? Int == 1_200)
        #expect(object["repeat"] as? String == "weekly")
        #expect(object["repeat_until"] as? String == "2027-01-01")
        #expect((object["unblocked"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Announce"])
        #expect((object["next_occurrence"] as? [String: Any])?["number"] as? Int == 8)

        task.after = [link(2, "Design", .done)]
        let ready = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONText.encode(task).utf8)) as? [String: Any])
        #expect(ready["blocked"] as? Bool == false)
    }

    @Test func jsonReadsBackAsTheSameTask() throws {
        var task = Fixture.task(5, "Launch")
        task.parent = link(1, "Release")
        task.after = [link(3, "Budget")]
        task.subtasks = [link(6, "Copy", .done)]
        task.repeatRule = "monthly"
        task.repeatUntil = CalendarDay(year: 2027, month: 6, day: 30)
        task.nextOccurrence = link(8, "Launch")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(FeatureTask.self, from: Data(JSONText.encode(task).utf8)) == task)
    }

    @Test func aCompletionInJSONIsTheTaskWithItsFollowUps() throws {
        var task = Fixture.task(5, status: .done)
        task.unblocked = [link(6, "Next")]
        guard case .json(let payload) = Fixture.presenter(.json).confirmation(.completed, task: task) else {
            throw UnexpectedScreen()
        }
        #expect(payload as? FeatureTask == task)
    }

    // MARK: Through the feature

    /// A fake with: 1 "Get the keys"; 2 "Open the door" after 1; 3 "Water the plants" weekly; 4 "Launch" with
    /// subtask 5 "Write copy"; 6 "Lone".
    private func services() async throws -> InMemoryTasksServices {
        let services = InMemoryTasksServices(now: Fixture.noon, timeZone: Fixture.utc)
        func add(_ title: String, parent: String? = nil, after: [String] = [], repeats: String? = nil) async throws {
            var draft = TaskDraft(title: title)
            (draft.parent, draft.after, draft.repeatRule) = (parent, after, repeats)
            _ = try await services.addTask(draft)
        }
        try await add("Get the keys")
        try await add("Open the door", after: ["1"])
        try await add("Water the plants", repeats: "weekly")
        try await add("Launch")
        try await add("Write copy", parent: "4")
        try await add("Lone")
        return services
    }

    @Test func donePassesForceThroughForOneTask() async throws {
        let services = try await services()
        let harness = Harness(services: services)

        let refused = await #expect(throws: TasksFakeError.self) { try await harness.feature.done(["4"], force: false) }
        guard case .conflict? = refused else {
            Issue.record("expected a conflict, got \(String(describing: refused))")
            return
        }
        #expect(harness.output.text.isEmpty)
        try await harness.feature.done(["4"], force: true)

        #expect(harness.output.lines == [#"Completed task 4 "Launch""#])
        #expect(try await services.task(reference: "4").status == .done)
        #expect(try await services.task(reference: "5").status == .open)
        #expect(harness.analytics.events == [.completed])
    }

    @Test func donePassesForceThroughForSeveralTasks() async throws {
        let services = try await services()
        let harness = Harness(services: services)

        await #expect(throws: TasksFakeError.self) { try await harness.feature.done(["6", "4"], force: false) }
        #expect(try await services.task(reference: "6").status == .open)
        try await harness.feature.done(["6", "4"], force: true)

        #expect(harness.output.lines == [#"Completed task 6 "Lone""#, #"Completed task 4 "Launch""#])
        #expect(try await services.task(reference: "5").status == .open)
        #expect(harness.analytics.events == [.changedSeveral(count: 2)])
    }

    @Test func doneSaysWhatItUnblockedAndWhatComesNext() async throws {
        let harness = Harness(services: try await services())

        try await harness.feature.done(["1"], force: false)
        try await harness.feature.done(["3"], force: false)

        #expect(
            harness.output.lines == [
                #"Completed task 1 "Get the keys""#, #"Unblocked task 2 "Open the door""#,
                #"Completed task 3 "Water the plants""#, #"Next: task 7 "Water the plants" (weekly)"#,
            ])
    }

    @Test func doneOnSeveralTasksSaysWhatEachLedTo() async throws {
        let harness = Harness(services: try await services())

        try await harness.feature.done(["1", "3"], force: false)

        #expect(
            harness.output.lines == [
                #"Completed task 1 "Get the keys""#, #"Completed task 3 "Water the plants""#,
                #"Unblocked task 2 "Open the door""#, #"Next: task 7 "Water the plants" (weekly)"#,
            ])
    }

    @Test func doneInJSONCarriesTheFollowUps() async throws {
        let harness = Harness(services: try await services(), format: .json)

        try await harness.feature.done(["3"], force: false)

        let object = try #require(try harness.json() as? [String: Any])
        #expect((object["next_occurrence"] as? [String: Any])?["number"] as? Int == 7)
        #expect((object["unblocked"] as? [Any])?.isEmpty == true)
        #expect(object["repeat"] as? String == "weekly")
    }

    @Test func aListShowsWhatABlockedTaskWaitsOn() async throws {
        let services = try await services()
        let harness = Harness(services: services)

        try await harness.feature.list(TaskQuery(sort: .number))
        _ = try await services.completeTask(reference: "1", force: false)
        try await harness.feature.list(TaskQuery(sort: .number))

        let rows = harness.output.lines.filter { $0.contains("Open the door") || $0.contains("Water") }
        #expect(
            rows.map { $0.trimmingCharacters(in: .whitespaces) }.map { $0.prefix { $0 != " " } } == [
                "2", "3", "2", "3",
            ])
        #expect(rows[0].contains("Open the door (after 1)") && rows[1].contains("Water the plants ↻"))
        #expect(rows[2].contains("Open the door") && !rows[2].contains("(after"))
        #expect(harness.output.lines.contains { $0.contains("Launch [0/1]") })
    }

    @Test func showListsTheSubtasksUnderTheirOwnHeading() async throws {
        let services = try await services()
        try await services.setLogged(3_600, forTask: "4")
        try await services.setLogged(1_800, forTask: "5")
        let harness = Harness(services: services)

        try await harness.feature.show("4")

        let lines = harness.output.lines
        let heading = try #require(lines.firstIndex(of: "Subtasks"))
        #expect(lines[heading - 1] == "" && lines[heading + 1] == "  · 5 Write copy")
        #expect(lines.contains { $0.hasPrefix("  Subtasks ") && $0.hasSuffix(" 0 of 1 done") })
        #expect(lines.contains { $0.hasPrefix("  Logged ") && $0.hasSuffix(" 1h 30m (1h 00m here, 30m on subtasks)") })
    }
}
