import Foundation
import TerminalUI
import Testing

@testable import TasksFeature

@Suite("Presenter")
struct PresenterTests {
    let presenter = Fixture.presenter()

    private func table(_ tasks: [FeatureTask], status: StatusFilter = .active) throws -> TaskTable {
        guard case .table(let table) = presenter.list(tasks, query: TaskQuery(status: status)) else {
            throw UnexpectedScreen()
        }
        return table
    }

    @Test(arguments: [
        (0, "today"), (1, "tomorrow"), (-1, "yesterday"), (3, "in 3 days"), (-4, "4 days ago"),
        (30, "2026-04-03"),
    ])
    func dueIsRelativeToToday(offset: Int, expected: String) throws {
        let table = try table([Fixture.task(1, due: Fixture.day(offset))])
        #expect(table.cells(inColumn: "Due")?.first?.text == expected)
    }

    @Test func overdueIsRedAndDueTodayYellow() throws {
        let tasks = [
            Fixture.task(1, due: Fixture.day(-1)),
            Fixture.task(2, due: Fixture.day(0)),
            Fixture.task(3, due: Fixture.day(1)),
            Fixture.task(4, status: .done, due: Fixture.day(-1)),
            Fixture.task(5),
        ]
        let colors = try table(tasks, status: .all).cells(inColumn: "Due")?.map(\.color)
        #expect(colors == [.red, .yellow, nil, nil, nil])
    }

    @Test func priorityColours() throws {
        let tasks = [Priority.high, .medium, .low, .none].enumerated().map { Fixture.task($0 + 1, priority: $1) }
        let cells = try table(tasks).cells(inColumn: "Pri")
        #expect(cells?.map(\.text) == ["high", "medium", "low", ""])
        #expect(cells?.map(\.color) == [.red, .yellow, nil, nil])
    }

    @Test(arguments: [
        (StatusFilter.active, false), (.open, false), (.inProgress, false), (.done, true), (.all, true),
    ])
    func statusColumnOnlyWhenDoneTasksAreIncluded(status: StatusFilter, showsStatus: Bool) throws {
        let titles = try table([Fixture.task(1)], status: status).columnTitles
        #expect(titles.contains("Status") == showsStatus)
        #expect(Array(titles.prefix(7)) == ["#", "Title", "Project", "Due", "Pri", "Tags", "Est"])
    }

    @Test func titleAndProjectAreFlexibleAndNumbersAlignRight() throws {
        let columns = try table([Fixture.task(1)]).columns
        #expect(columns.filter(\.flexible).map(\.title) == ["Title", "Project"])
        #expect(columns.filter { $0.alignment == .right }.map(\.title) == ["#", "Est"])
    }

    @Test func onANarrowTerminalTagsGoFirstThenTheEstimateThenTheStatus() throws {
        let columns = try table([Fixture.task(1)], status: .all).columns
        let ranked = columns.filter { $0.dropRank != nil }.sorted { ($0.dropRank ?? 0) < ($1.dropRank ?? 0) }
        #expect(ranked.map(\.title) == ["Tags", "Est", "Status"])
        #expect(columns.filter { $0.dropRank == nil }.map(\.title) == ["#", "Title", "Project", "Due", "Pri"])
    }

    @Test func rowShowsProjectListTagsAndEstimate() throws {
        let task = Fixture.task(
            7, tags: ["errands", "home"], estimateSeconds: 90 * 60, project: "Home", list: "Errands")
        let row = try table([task]).rows.first?.map(\.text)
        #expect(row == ["7", "Write report", "Home/Errands", "", "", "errands, home", "1h 30m"])
    }

    /// A right-to-left override in a name would make the rest of the row read backwards ("Work\u{202E} lanif" shows
    /// as "Work final"); names and tags are shown escaped, as titles are.
    @Test func namesAndTagsWithBidirectionalControlsAreShownEscaped() throws {
        let task = Fixture.task(
            7, "Ti\u{202E}tle", tags: ["ab\u{202E}cd", "e\u{061C}f"], project: "Work\u{202E} lanif",
            list: "L\u{2066}X")
        // A table row keeps names and tags as stored; the table escapes them as it lays out the cells that are not
        // plain ASCII, so the full list pays nothing per row for names that are.
        let listed = try table([task])
        let rendered = Table(columns: listed.columns, rows: listed.rows).render(style: .plain)
        #expect(
            rendered.components(separatedBy: "\n").last
                == #"7  Ti\u{202E}tle  Work\u{202E} lanif/L\u{2066}X            ab\u{202E}cd, e\u{61C}f"#,
            "\(rendered)")
        let detail = presenter.taskDetail(task)
        #expect(detail.field("Project")?.value == #"Work\u{202E} lanif"#)
        #expect(detail.field("List")?.value == #"L\u{2066}X"#)
        #expect(detail.field("Tags")?.value == #"ab\u{202E}cd, e\u{61C}f"#)
        guard case .lines(let lines) = presenter.confirmation(.added, task: task) else {
            Issue.record("expected lines")
            return
        }
        #expect(lines == [#"Added task 7 "Ti\u{202E}tle" to Work\u{202E} lanif/L\u{2066}X"#])
        let inProject = Fixture.task(8, project: "\u{200F}Work\u{200E}")
        #expect(TasksPresenter.destination(of: inProject) == #"\u{200F}Work\u{200E}"#)
        #expect(TasksPresenter.location(of: Fixture.task(9, list: "\u{202D}L")) == #"\u{202D}L"#)
        // A zero-width joiner holds an emoji together: it stays.
        let emoji = Fixture.task(10, tags: ["👩‍💻"], project: "Team 👩‍💻")
        let emojiTable = try table([emoji])
        #expect(
            Table(columns: emojiTable.columns, rows: emojiTable.rows).render(style: .plain).components(
                separatedBy: "\n"
            ).last == "10  Write report  Team 👩‍💻            👩‍💻")
    }

    @Test func emptyStateIsAHelpfulLine() {
        guard case .lines(let lines) = presenter.list([], query: TaskQuery()) else {
            Issue.record("expected lines")
            return
        }
        #expect(lines == [#"No tasks match. Add one with: stint task add "title""#])
    }

    @Test func emptyStateInJSONIsAnEmptyArray() throws {
        guard case .json(let payload) = Fixture.presenter(.json).list([], query: TaskQuery()) else {
            Issue.record("expected JSON")
            return
        }
        #expect(try JSONText.encode(payload).filter { !$0.isWhitespace } == "[]")
    }

    @Test func detailDescribesEveryField() {
        let task = Fixture.task(
            3, priority: .high, due: Fixture.day(-1), tags: ["a", "b"], estimateSeconds: 3600,
            note: "first\n\nthird")
        let detail = presenter.taskDetail(task)
        #expect(detail.heading == "Task 3: Write report")
        #expect(detail.field("Due") == DetailField(label: "Due", value: "yesterday (2026-03-03), overdue", color: .red))
        #expect(detail.field("Priority")?.color == .red)
        #expect(detail.field("Project")?.value == "none (inbox)")
        #expect(detail.field("Tags")?.value == "a, b")
        #expect(detail.field("Assignee")?.value == "nobody")
        #expect(detail.field("Estimate")?.value == "1h 00m")
        #expect(detail.field("Created")?.value == "2026-03-04 12:00")
        #expect(detail.field("Completed") == nil)
        #expect(detail.field("ID")?.value == task.id)
        #expect(detail.noteLines == ["first", "", "third"])
    }

    @Test func detailNamesTheAssigneeAfterTheList() {
        var task = Fixture.task(3, project: "Work", list: "Backlog")
        task.assigneeID = "5f0c7a1e-0000-4000-8000-000000000001"
        task.assignee = "Grace\nHopper"
        let detail = presenter.taskDetail(task)
        #expect(
            detail.fields.map(\.label).prefix(7) == [
                "Status", "Priority", "Due", "Project", "List", "Assignee", "Tags",
            ])
        #expect(detail.field("Assignee") == DetailField(label: "Assignee", value: "Grace Hopper"))
    }

    @Test func detailShowsTimestampsInTheGivenTimeZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let presenter = TasksPresenter(format: .human, today: Fixture.today, timeZone: tokyo)
        let detail = presenter.taskDetail(Fixture.task(1, status: .done))
        #expect(detail.field("Created")?.value == "2026-03-04 21:00")
        #expect(detail.field("Completed")?.value == "2026-03-04 21:00")
        #expect(detail.field("Status") == DetailField(label: "Status", value: "done", color: .green))
    }

    @Test func longTitlesAreShortenedInConfirmations() {
        let task = Fixture.task(5, String(repeating: "x", count: 200))
        guard case .lines(let lines) = presenter.confirmation(.completed, task: task) else {
            Issue.record("expected lines")
            return
        }
        #expect(lines == ["Completed task 5 \"" + String(repeating: "x", count: 59) + "…\""])
    }

    @Test func mutationsInJSONCarryTheWholeTask() {
        let task = Fixture.task(5)
        guard case .json(let payload) = Fixture.presenter(.json).confirmation(.added, task: task) else {
            Issue.record("expected JSON")
            return
        }
        #expect(payload as? FeatureTask == task)
    }

    @Test func dashboardSkipsEmptySections() {
        let dashboard = Dashboard(dueToday: [Fixture.task(1, due: Fixture.today)], openCount: 4)
        guard case .dashboard(let screen) = presenter.dashboard(dashboard) else {
            Issue.record("expected a dashboard")
            return
        }
        #expect(screen.sections.map(\.title) == ["Due today (1)"])
        #expect(screen.sections.first?.table.columnTitles == ["#", "Title", "Project", "Due", "Pri"])
        #expect(screen.summary == "4 open tasks in total.")
    }

    @Test func dashboardSectionsShowTheFullCountAndWhereToSeeTheRest() {
        let dashboard = Dashboard(
            overdue: [Fixture.task(1, due: Fixture.today.adding(days: -2))], openCount: 40, overdueCount: 25)
        guard case .dashboard(let screen) = presenter.dashboard(dashboard) else {
            Issue.record("expected a dashboard")
            return
        }
        #expect(screen.sections.map(\.title) == ["Overdue (25)"])
        #expect(screen.sections.first?.more == "… and 24 more: stint task list --due overdue")
    }
}
