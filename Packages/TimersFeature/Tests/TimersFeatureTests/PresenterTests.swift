import Foundation
import TerminalUI
import Testing
import TimersFeatureFakes

@testable import TimersFeature

@Suite("Presenter")
struct PresenterTests {
    let presenter = Fixture.presenter()

    private func table(_ screen: TimersScreen) throws -> TimerTable {
        guard case .table(let table) = screen else { throw UnexpectedScreen() }
        return table
    }

    private func lines(_ screen: TimersScreen) throws -> [String] {
        switch screen {
        case .lines(let lines), .essential(let lines): return lines
        default: throw UnexpectedScreen()
        }
    }

    @Test(arguments: [
        (Fixture.at(0, 9, 5), "09:05"), (Fixture.at(-1, 17), "yesterday 17:00"),
        (Fixture.at(-2, 23, 59), "2026-03-02 23:59"),
    ])
    func timesOfDayCarryTheirDayUnlessToday(date: Date, expected: String) {
        #expect(presenter.when(date) == expected)
    }

    @Test func timesAreShownInTheBuildersTimeZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(Fixture.presenter(timeZone: paris).when(Fixture.at(0, 9, 15)) == "10:15")
        // 23:30 UTC the day before is already today in Paris.
        #expect(Fixture.presenter(timeZone: paris).when(Fixture.at(-1, 23, 30)) == "00:30")
    }

    @Test func entriesPastMidnightSayHowManyDaysLater() {
        let entry = Fixture.entry(1, start: Fixture.at(-1, 23, 30), seconds: 90 * 60)
        #expect(presenter.span(of: entry) == "2026-03-03 23:30–01:00 (+1d)")
        let sameDay = Fixture.entry(2, start: Fixture.at(0, 14), seconds: 45 * 60)
        #expect(presenter.span(of: sameDay) == "2026-03-04 14:00–14:45")
    }

    @Test func targetsNameTheTaskOrTheProject() {
        let onTask = Fixture.timer(intervals: [TimerInterval(start: Fixture.noon)])
        let onProject = Fixture.timer(task: nil, project: "Meetings", intervals: [TimerInterval(start: Fixture.noon)])
        let longTitle = TrackableTask(id: "x", number: 9, title: String(repeating: "a", count: 80))
        let long = Fixture.timer(task: longTitle, intervals: [TimerInterval(start: Fixture.noon)])

        #expect(TimersPresenter.target(of: onTask) == #"1 "Write report""#)
        #expect(TimersPresenter.target(of: onTask, withProject: true) == #"1 "Write report" (Work)"#)
        #expect(TimersPresenter.target(of: onProject, withProject: true) == "project Meetings")
        #expect(TimersPresenter.target(of: long) == "9 \"\(String(repeating: "a", count: 59))…\"")
    }

    /// A right-to-left override in a project name or a tag would make the rest of the line read backwards: they are
    /// shown escaped, as titles are, in messages, the timers and entries tables and the status.
    @Test func projectNamesAndTagsWithBidirectionalControlsAreShownEscaped() throws {
        let project = "Work\u{202E} lanif"
        var timer = Fixture.timer(task: nil, project: project, intervals: [TimerInterval(start: Fixture.at(0, 11))])
        timer.tags = ["ab\u{202E}cd", "x\u{2066}y"]
        #expect(TimersPresenter.target(of: timer) == #"project Work\u{202E} lanif"#)
        #expect(
            try lines(presenter.started(TimerStartResult(timer: timer))) == [
                #"Started timer on project Work\u{202E} lanif at 11:00"#
            ])
        let onTask = TrackableTask(id: "t", number: 3, title: "Plan", projectName: project)
        let taskTimer = Fixture.timer(task: onTask, intervals: [TimerInterval(start: Fixture.at(0, 11))])
        #expect(TimersPresenter.target(of: taskTimer, withProject: true) == #"3 "Plan" (Work\u{202E} lanif)"#)

        let timers = try table(presenter.list([timer]))
        #expect(timers.cells(inColumn: "Project")?.map(\.text) == [#"Work\u{202E} lanif"#])
        let status = presenter.statusDetail(timer, pausedCount: 0)
        #expect(status.heading == #"Running: project Work\u{202E} lanif"#)
        #expect(status.field("Tags")?.value == #"ab\u{202E}cd, x\u{2066}y"#)

        let entry = Fixture.entry(
            1, task: nil, project: "\u{200F}Home", start: Fixture.at(0, 9), seconds: 1_800, tags: ["e\u{061C}f"])
        let entries = try table(presenter.entries([entry], timers: [timer]))
        #expect(entries.cells(inColumn: "Project")?.map(\.text) == [#"\u{200F}Home"#, #"Work\u{202E} lanif"#])
        #expect(entries.cells(inColumn: "Tags")?.map(\.text) == [#"e\u{61C}f"#, #"ab\u{202E}cd, x\u{2066}y"#])
        #expect(try lines(presenter.logged(entry)).first?.hasPrefix(#"Logged 30m on project \u{200F}Home on "#) == true)
    }

    @Test func startedLineUsesTheLatestStartForAResumedTimer() throws {
        let timer = Fixture.timer(
            intervals: [
                TimerInterval(start: Fixture.at(0, 8), end: Fixture.at(0, 9)), TimerInterval(start: Fixture.at(0, 11)),
            ], elapsed: 3_900)
        let resumed = try lines(presenter.started(TimerStartResult(timer: timer, resumed: true)))
        #expect(resumed == [#"Resumed timer on 1 "Write report" (Work) at 11:00 (1h 05m so far)"#])
    }

    @Test func timersTableColumnsAndColours() throws {
        let timers = [
            Fixture.timer(1, intervals: [TimerInterval(start: Fixture.at(0, 11))], elapsed: 3_600),
            Fixture.timer(
                2, task: nil, project: "Meetings", note: "line one\nline two",
                intervals: [TimerInterval(start: Fixture.at(-1, 10), end: Fixture.at(-1, 10, 45))], elapsed: 2_700),
        ]
        let table = try table(presenter.list(timers))

        #expect(table.columnTitles == ["Timer", "Task", "Project", "State", "Elapsed", "Started", "Note"])
        #expect(table.columns.filter(\.flexible).map(\.title) == ["Task", "Project", "Note"])
        #expect(table.columns.filter { $0.dropRank != nil }.map(\.title) == ["Started", "Note"])
        #expect(table.columns.filter { $0.alignment == .right }.map(\.title) == ["Elapsed"])
        #expect(table.cells(inColumn: "Task")?.map(\.text) == ["1 Write report", ""])
        #expect(table.cells(inColumn: "State")?.map(\.color) == [.green, .yellow])
        #expect(table.cells(inColumn: "Elapsed")?.map(\.text) == ["1h 00m", "45m"])
        #expect(table.cells(inColumn: "Started")?.map(\.text) == ["11:00", "yesterday 10:00"])
        #expect(table.cells(inColumn: "Note")?.map(\.text) == ["", "line one line two"])
        #expect(table.cells(inColumn: "Timer")?.first?.text == SampleTimers.identifier(for: 1).short)
    }

    @Test func entriesTableHasATotalRowWithTheExactSum() throws {
        let entries = [
            Fixture.entry(1, start: Fixture.at(0, 9), seconds: 59, billable: true, tags: ["a", "b"]),
            Fixture.entry(2, task: nil, project: "Home", start: Fixture.at(0, 10), seconds: 59),
            Fixture.entry(3, start: Fixture.at(0, 11), seconds: 3_600 + 59),
        ]
        let table = try table(presenter.entries(entries))

        #expect(
            table.columnTitles == ["Entry", "Date", "Time", "Duration", "Task", "Project", "Note", "Tags", "$"])
        #expect(table.columns.filter(\.flexible).map(\.title) == ["Task", "Project", "Note"])
        // On a narrow terminal: tags, the note, the billable mark, then the project (the rightmost first on a tie).
        let rank = TableColumn.DropRank.self
        #expect(
            table.columns.map(\.dropRank) == [
                nil, nil, nil, nil, nil, rank.context, rank.note, rank.tags, rank.context,
            ])
        #expect(table.cells(inColumn: "Duration")?.map(\.text) == ["<1m", "<1m", "1h 00m"])
        // 59 + 59 + 3659 seconds: the rows round down on their own, the total is formatted from the exact sum.
        #expect(table.total(inColumn: "Duration")?.text == "1h 02m")
        #expect(table.total(inColumn: "Entry")?.text == "Total")
        #expect(table.total(inColumn: "Date")?.text == "3 entries")
        #expect(table.cells(inColumn: "$")?.map(\.text) == ["$", "", ""])
        #expect(table.cells(inColumn: "Tags")?.first?.text == "a, b")
        #expect(table.cells(inColumn: "Project")?.map(\.text) == ["Work", "Home", "Work"])
    }

    /// Other people's entries (`entries --user`) say whose each one is; a list of your own has no such column.
    @Test func entriesOfOthersSayWhoseTheyAre() throws {
        var ada = Fixture.entry(1, start: Fixture.at(0, 9), seconds: 600)
        ada.loggedByName = "Ada"
        var grace = Fixture.entry(2, start: Fixture.at(0, 10), seconds: 1_200)
        grace.loggedByName = "Grace\u{202E}"
        let listed = try table(presenter.entries([ada, grace]))
        #expect(
            listed.columnTitles == ["Entry", "By", "Date", "Time", "Duration", "Task", "Project", "Note", "Tags", "$"])
        #expect(listed.cells(inColumn: "By")?.map(\.text) == ["Ada", #"Grace\u{202E}"#])
        #expect(listed.total(inColumn: "Date")?.text == "2 entries")
        #expect(listed.total(inColumn: "Duration")?.text == "30m")
        let own = try table(presenter.entries([Fixture.entry(3, start: Fixture.at(0, 9), seconds: 600)]))
        #expect(!own.columnTitles.contains("By"))
    }

    @Test func statusEstimateTurnsRedWhenOver() throws {
        let timer = Fixture.timer(
            intervals: [TimerInterval(start: Fixture.at(0, 10))], elapsed: 3_600, logged: 2 * 3_600 + 20 * 60)
        guard case .detail(let detail) = presenter.status(running: timer, paused: []) else {
            throw UnexpectedScreen()
        }
        #expect(
            detail.field("Estimate")
                == DetailField(label: "Estimate", value: "3h 20m of 3h 00m (20m over)", color: .red))
        #expect(detail.field("Resumed") == nil)
        #expect(detail.field("Note") == nil)
        #expect(detail.footer.isEmpty)
    }

    @Test func statusWithoutAnEstimateShowsTheTaskTotal() throws {
        let timer = Fixture.timer(
            task: Fixture.emailTask, intervals: [TimerInterval(start: Fixture.at(0, 10))], elapsed: 600, logged: 1_800)
        guard case .detail(let detail) = presenter.status(running: timer, paused: []) else {
            throw UnexpectedScreen()
        }
        #expect(detail.field("Estimate") == nil)
        #expect(detail.field("Task total")?.value == "40m (30m before this timer)")
    }

    @Test func severalPausedTimersGetAGeneralHint() throws {
        let paused = (1...2).map {
            Fixture.timer($0, intervals: [TimerInterval(start: Fixture.at(0, 8), end: Fixture.at(0, 9))])
        }
        #expect(
            try lines(presenter.status(running: nil, paused: paused)) == [
                "No timer running.",
                "2 paused timers. Resume the latest with: stint timer resume, or see them all with: stint timer list",
            ])
    }

    @Test func aLogOrEditThatMadeRoomSaysHowManyEntriesGaveWay() {
        let presenter = Fixture.presenter()
        var entry = Fixture.entry(1, start: Fixture.at(0, 9), seconds: 1_800)
        guard case .lines(let plain) = presenter.logged(entry) else {
            Issue.record("expected lines")
            return
        }
        #expect(plain.count == 1, "nothing adjusted, nothing said")
        entry.adjustedOverlaps = 2
        guard case .lines(let logged) = presenter.logged(entry),
            case .lines(let edited) = presenter.entryEdited(entry, fields: ["start"])
        else {
            Issue.record("expected lines")
            return
        }
        #expect(logged.last == "Adjusted 2 overlapping entries to make room; stint undo reverts them all")
        #expect(edited.last == logged.last)
    }

    @Test func aStopOfOneStretchNamesItsEntryAndOfSeveralListsThem() throws {
        let human = Fixture.presenter()
        let first = Fixture.entry(1, start: Fixture.at(-1, 23, 30), seconds: 1_800)
        let second = Fixture.entry(2, start: Fixture.at(0, 9), seconds: 5_400)
        guard case .lines(let one) = human.stopped(TimerStopResult(entry: first)),
            case .lines(let two) = human.stopped(TimerStopResult(entries: [first, second], timerID: first.id))
        else {
            Issue.record("a stop prints lines")
            return
        }
        #expect(one == [#"Stopped timer on 1 "Write report": logged 30m (entry \#(first.id.short))"#])
        #expect(
            two == [
                #"Stopped timer on 1 "Write report": logged 2h 00m in 2 entries"#,
                "  \(first.id.short)  2026-03-03 23:30–00:00 (+1d)  30m",
                "  \(second.id.short)  2026-03-04 09:00–10:30  1h 30m",
            ])

        let result = TimerStopResult(entries: [first, second], timerID: "t")
        let data = try JSONEncoder().encode(result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["entry", "entries", "timer_id"])
        #expect((object["entries"] as? [Any])?.count == 2)
        #expect((object["entry"] as? [String: Any])?["id"] as? String == first.id)
        #expect(try JSONDecoder().decode(TimerStopResult.self, from: data) == result)
    }

    @Test func jsonModeReturnsTheModelsForEveryMutation() {
        let json = Fixture.presenter(.json)
        let timer = Fixture.timer(intervals: [TimerInterval(start: Fixture.noon)])
        let entry = Fixture.entry(1, start: Fixture.at(0, 9), seconds: 60)
        let screens: [TimersScreen] = [
            json.started(TimerStartResult(timer: timer)), json.paused(timer), json.discarded(timer),
            json.stopped(TimerStopResult(entry: entry)), json.logged(entry), json.entryEdited(entry, fields: ["note"]),
            json.entryDeleted(entry), json.list([]), json.status(running: nil, paused: []),
        ]
        for screen in screens {
            guard case .json = screen else {
                Issue.record("expected JSON, got \(screen)")
                continue
            }
        }
        guard case .entriesJSON(let entries) = json.entries([entry]) else {
            Issue.record("a list of entries is the entries' JSON")
            return
        }
        #expect(entries == [entry])
    }
}
