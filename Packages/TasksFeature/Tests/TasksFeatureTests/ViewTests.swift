import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

@Suite("View")
struct ViewTests {
    static let taskKeys: Set<String> = [
        "id", "number", "title", "note", "status", "priority", "due", "tags", "estimate_seconds", "project_id",
        "project_name", "list_id", "list_name", "completed_at", "created_at", "updated_at", "logged_seconds",
        "assignee_id", "assignee_name", "parent", "after", "blocked", "subtasks", "subtasks_logged_seconds", "repeat",
        "repeat_until", "unblocked", "next_occurrence",
    ]

    @Test func taskJSONHasStableSnakeCaseKeysAndExplicitNulls() async throws {
        let harness = Harness(
            services: InMemoryTasksServices(tasks: [Fixture.task(1, "Bare")], now: Fixture.noon), format: .json)

        try await harness.feature.show("1")

        let object = try #require(try harness.json() as? [String: Any])
        #expect(Set(object.keys) == Self.taskKeys)
        for key in [
            "due", "estimate_seconds", "project_id", "project_name", "list_id", "list_name", "completed_at",
            "logged_seconds", "assignee_id", "assignee_name", "parent", "subtasks_logged_seconds", "repeat",
            "repeat_until", "next_occurrence",
        ] {
            #expect(object[key] is NSNull, "\(key) should be null")
        }
        for key in ["after", "subtasks", "unblocked"] {
            #expect((object[key] as? [Any])?.isEmpty == true, "\(key) should be []")
        }
        #expect(object["blocked"] as? Bool == false)
        #expect(object["id"] as? String == SampleTasks.identifier(for: 1))
        #expect(object["priority"] as? String == "none")
        #expect(object["tags"] as? [String] == [])
        #expect(object["created_at"] as? String == "2026-03-04T12:00:00Z")
    }

    @Test func taskJSONValuesWhenPresent() async throws {
        let task = Fixture.task(
            2, status: .inProgress, priority: .medium, due: Fixture.day(2), tags: ["x"], estimateSeconds: 1800,
            project: "Work", list: "Backlog")
        let harness = Harness(services: InMemoryTasksServices(tasks: [task], now: Fixture.noon), format: .json)

        try await harness.feature.list(TaskQuery())

        let array = try #require(try harness.json() as? [[String: Any]])
        let object = try #require(array.first)
        #expect(Set(object.keys) == Self.taskKeys)
        #expect(object["status"] as? String == "in-progress")
        #expect(object["due"] as? String == "2026-03-06")
        #expect(object["estimate_seconds"] as? Int == 1800)
        #expect(object["project_name"] as? String == "Work")
        #expect(object["list_name"] as? String == "Backlog")
        let projectID = try #require(object["project_id"] as? String)
        let listID = try #require(object["list_id"] as? String)
        #expect(projectID == projectID.lowercased() && listID == listID.lowercased() && projectID != listID)
    }

    @Test func taskJSONCarriesTheAssigneesIdAndName() async throws {
        let services = InMemoryTasksServices(now: Fixture.noon)
        await services.setTeam(you: "Ada", others: ["Grace"])
        let harness = Harness(services: services, format: .json)

        try await harness.feature.add(TaskDraft(title: "Review", assignee: "grace"))

        let object = try #require(try harness.json() as? [String: Any])
        #expect(object["assignee_id"] as? String == SampleTasks.identifier(for: 9001))
        #expect(object["assignee_name"] as? String == "Grace")
    }

    @Test func dashboardJSONKeys() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.dashboard()

        let object = try #require(try harness.json() as? [String: Any])
        #expect(
            Set(object.keys) == [
                "overdue", "due_today", "in_progress", "open_count", "overdue_count", "due_today_count",
                "in_progress_count",
            ])
        #expect(object["open_count"] as? Int == 10)
        #expect((object["overdue"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [4, 2])
    }

    @Test func tableHeaderNamesTheColumns() async throws {
        let harness = Harness()

        try await harness.feature.list(TaskQuery())

        let header = try #require(harness.output.lines.first)
        #expect(header.split(separator: " ") == ["#", "Title", "Project", "Due", "Pri", "Tags", "Est"])
        #expect(harness.output.lines.count == 11)
    }

    @Test func tableHeaderIncludesStatusWhenDoneTasksAreListed() async throws {
        let harness = Harness()

        try await harness.feature.list(TaskQuery(status: .all))

        let header = try #require(harness.output.lines.first)
        #expect(header.split(separator: " ").last == "Status")
        #expect(harness.output.lines.contains { $0.hasSuffix("done") })
    }

    @Test func plainStyleWritesNoEscapeCodes() async throws {
        let harness = Harness()

        try await harness.feature.list(TaskQuery(status: .all))
        try await harness.feature.show("1")
        try await harness.feature.dashboard()

        #expect(!harness.output.text.contains("\u{1B}"))
    }

    @Test func colourStylePaintsOverdueDates() async throws {
        let style = TerminalStyle(isTTY: true, useColor: true, width: nil)
        let harness = Harness(style: style)

        try await harness.feature.list(TaskQuery(due: .overdue))

        let overdueRow = try #require(harness.output.lines.first { $0.contains("Book the dentist") })
        #expect(overdueRow.contains(style.paint("5 days ago", .red)))
    }

    @Test func tablesFitANarrowTerminal() async throws {
        let harness = Harness(style: TerminalStyle(isTTY: true, useColor: false, width: 80))

        try await harness.feature.list(TaskQuery())

        #expect(harness.output.lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(harness.output.lines.contains { $0.contains("…") })
    }

    @Test func detailAlignsLabelsAndIndentsTheNote() throws {
        let output = CapturedOutput()
        let view = TasksView(output: output, style: .plain)
        let detail = TaskDetail(
            heading: "Task 1: A",
            fields: [DetailField(label: "Due", value: "today"), DetailField(label: "Estimate", value: "1h")],
            noteLines: ["one", "", "two"])

        try view.render(.detail(detail))

        #expect(
            output.lines == [
                "Task 1: A", "  Due       today", "  Estimate  1h", "", "Note", "  one", "", "  two",
            ])
    }

    @Test func quietLeavesOutLinesAboutTheWorkButNotTheAnswer() throws {
        let output = CapturedOutput()
        let view = TasksView(output: output, style: .plain, quiet: true)

        try view.render(.lines(["Added task 1 \"A\" to the inbox"]))
        try view.render(.essential(["3"]))
        try view.render(.table(TaskTable(columns: [TableColumn("#")], rows: [["1"]])))

        #expect(output.lines == ["3", "#", "1"])
    }

    @Test func theDashboardsLinesWrapAtSpacesToTheWidth() throws {
        let output = CapturedOutput()
        let view = TasksView(output: output, style: TerminalStyle(isTTY: true, useColor: false, width: 40))
        let section = DashboardSection(
            title: "Overdue (1,234)", color: .red,
            table: TaskTable(columns: [TableColumn("#"), TableColumn("Title", flexible: true)], rows: [["1", "A"]]),
            more: "… and 1,233 more: stint task list --due overdue")

        try view.render(
            .dashboard(
                DashboardScreen(
                    sections: [section], summary: "Nothing overdue, due today or in progress. 12,000 open tasks.")))

        #expect(
            output.lines == [
                "Overdue (1,234)", "#  Title", "1  A", "… and 1,233 more: stint task list --due",
                "overdue", "", "Nothing overdue, due today or in", "progress. 12,000 open tasks.",
            ])
        #expect(output.lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test func emptyLinesWriteNothing() throws {
        let output = CapturedOutput()

        try TasksView(output: output, style: .plain).render(.lines([]))

        #expect(output.text.isEmpty)
    }
}
