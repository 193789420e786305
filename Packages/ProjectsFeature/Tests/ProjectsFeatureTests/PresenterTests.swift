import Foundation
import TerminalUI
import Testing

@testable import ProjectsFeature

@Suite("Presenter")
struct PresenterTests {
    let presenter = Fixture.presenter()

    @Test func projectTableHasTheAgreedColumns() throws {
        let table = try #require(presenter.projects([Fixture.project()], includeArchived: false).table)

        #expect(table.columns.map(\.title) == ["Name", "Open", "Done", "Lists", "Status", "Created"])
        #expect(table.columns.map(\.flexible) == [true, false, false, false, false, false])
        #expect(table.columns[1].alignment == .right)
    }

    @Test func rowsShowTheCountsAndWhenTheProjectWasCreated() throws {
        let project = Fixture.project(open: 7, done: 5, lists: 2, createdDaysAgo: 3)
        let table = try #require(presenter.projects([project], includeArchived: false).table)

        #expect(table.rows.map { $0.map(\.text) } == [["Work", "7", "5", "2", "active", "3 days ago"]])
    }

    @Test func anArchivedProjectRowIsDimmedAndSaysArchived() throws {
        let projects = [Fixture.project(name: "Old", isArchived: true), Fixture.project(name: "New")]
        let table = try #require(presenter.projects(projects, includeArchived: true).table)

        #expect(table.rows[0][4].text == "archived")
        #expect(table.rows[0].allSatisfy { $0.color == .dim })
        #expect(table.rows[1][4].text == "active")
        #expect(table.rows[1].allSatisfy { $0.color == nil })
    }

    @Test func noProjectsGivesAHintInsteadOfAnEmptyTable() {
        #expect(
            presenter.projects([], includeArchived: true).message
                == "No projects yet. Add one with: stint project add \"name\"")
        #expect(
            presenter.projects([], includeArchived: false).message
                == "No active projects. Add one with: stint project add \"name\" (archived ones: --all)")
    }

    @Test func noListsGivesAHintNamingTheProjectAskedFor() {
        #expect(
            presenter.lists([], project: "Work").message
                == "No lists in Work. Add one with: stint list add \"name\" --project \"Work\"")
        #expect(presenter.lists([], project: nil).message?.hasPrefix("No lists yet.") == true)
    }

    @Test func theListTableDropsTheProjectColumnWhenOneProjectWasAskedFor() throws {
        let lists = [Fixture.list(open: 4, done: 2)]
        let all = try #require(presenter.lists(lists, project: nil).table)
        let one = try #require(presenter.lists(lists, project: "Work").table)

        #expect(all.columns.map(\.title) == ["Name", "Project", "Open", "Done", "Created"])
        #expect(all.rows.map { $0.map(\.text) } == [["Backlog", "Work", "4", "2", "2 days ago"]])
        #expect(one.columns.map(\.title) == ["Name", "Open", "Done", "Created"])
    }

    @Test func detailShowsCountsTimestampsNoteAndLists() throws {
        let project = Fixture.project(note: "First line\nSecond line\n", open: 7, done: 5, lists: 1, createdDaysAgo: 1)
        let detail = ProjectDetail(project: project, lists: [Fixture.list(open: 4, done: 2)])
        let model = try #require(presenter.detail(detail).detail)

        #expect(model.title.text == "Work")
        #expect(model.badge == nil)
        #expect(model.fields.map(\.label) == ["Status", "Tasks", "Lists", "Created", "Updated", "ID"])
        #expect(
            model.fields.map(\.value)[0...3] == ["active", "7 open, 5 done", "1", "2026-03-01 09:00 (yesterday)"])
        #expect(model.fields[5].value == "3f2a9c14-6b0e-4d5a-9a61-0c7e2b5d8e01")
        #expect(model.noteLines == ["First line", "Second line"])
        guard case .table(let table) = model.lists else {
            Issue.record("expected a table of lists")
            return
        }
        #expect(table.rows.map { $0.map(\.text) } == [["Backlog", "4", "2"]])
    }

    @Test func detailOfAnArchivedProjectWithoutListsSaysSo() throws {
        let project = Fixture.project(name: "Garden", isArchived: true, createdDaysAgo: 40)
        let model = try #require(presenter.detail(ProjectDetail(project: project, lists: [])).detail)

        #expect(model.badge?.text == "archived")
        #expect(model.badge?.color == .dim)
        #expect(model.fields[0].color == .dim)
        #expect(model.fields[3].value == "2026-01-21 09:00")
        #expect(model.noteLines.isEmpty)
        guard case .empty(let hint) = model.lists else {
            Issue.record("expected the empty-lists hint")
            return
        }
        #expect(hint == "No lists yet. Add one with: stint list add \"name\" --project \"Garden\"")
    }

    @Test func deletionConfirmationsCountOnlyWhatWentWithTheProject() {
        #expect(
            presenter.projectChange(.deleted(Fixture.project(open: 1, lists: 1))).message
                == "Deleted project \"Work\" with its 1 list and 1 task")
        #expect(
            presenter.projectChange(.deleted(Fixture.project(done: 3))).message
                == "Deleted project \"Work\" with its 3 tasks")
        #expect(
            presenter.deletionQuestion(Fixture.project(open: 2, lists: 3))
                == "Delete project \"Work\" with its 3 lists and 2 tasks?")
    }

    @Test func deletingAListWithOneTaskUsesTheSingular() {
        #expect(
            presenter.listChange(.deleted(Fixture.list(open: 1))).message
                == "Deleted list \"Backlog\" from Work; its 1 task stays in Work without a list")
        #expect(presenter.listChange(.deleted(Fixture.list())).message == "Deleted list \"Backlog\" from Work")
    }

    /// A right-to-left override in a name would make the rest of the line read backwards: names are shown escaped,
    /// as titles are, in tables, the detail and every message.
    @Test func namesWithBidirectionalControlsAreShownEscaped() throws {
        let project = Fixture.project(name: "Work\u{202E} lanif", lists: 1)
        let table = try #require(presenter.projects([project], includeArchived: false).table)
        #expect(table.rows.first?.first?.text == #"Work\u{202E} lanif"#)

        let list = Fixture.list(name: "L\u{2066}X", project: "Work\u{202E} lanif", open: 1)
        let model = try #require(presenter.detail(ProjectDetail(project: project, lists: [list])).detail)
        #expect(model.title.text == #"Work\u{202E} lanif"#)
        guard case .table(let lists) = model.lists else {
            Issue.record("expected a table of lists")
            return
        }
        #expect(lists.rows.first?.first?.text == #"L\u{2066}X"#)
        let all = try #require(presenter.lists([list], project: nil).table)
        #expect(all.rows.first?.prefix(2).map(\.text) == [#"L\u{2066}X"#, #"Work\u{202E} lanif"#])

        #expect(presenter.projectChange(.added(project)).message == #"Added project "Work\u{202E} lanif""#)
        #expect(presenter.listChange(.added(list)).message == #"Added list "L\u{2066}X" to Work\u{202E} lanif"#)
        #expect(
            presenter.listChange(.renamed(from: "Old", to: list)).message
                == #"Renamed list "Old" to "L\u{2066}X" in Work\u{202E} lanif"#)
        #expect(
            presenter.listChange(.deleted(list)).message
                == #"Deleted list "L\u{2066}X" from Work\u{202E} lanif; its 1 task stays in Work\u{202E} lanif without a list"#
        )
    }

    @Test func namesAreQuotedSoTheyCanBePastedIntoAShell() {
        #expect(DisplayText.shellQuoted("Say \"hi\"") == "\"Say \\\"hi\\\"\"")
    }

    @Test func jsonModeHandsTheModelsToTheViewUntouched() {
        let json = Fixture.presenter(.json)
        guard case .json(let value) = json.projects([], includeArchived: false) else {
            Issue.record("expected JSON")
            return
        }
        #expect((value as? [Project])?.isEmpty == true)
        guard case .json(let changed) = json.projectChange(.archived(Fixture.project(isArchived: true))) else {
            Issue.record("expected JSON")
            return
        }
        #expect((changed as? Project)?.isArchived == true)
    }
}
