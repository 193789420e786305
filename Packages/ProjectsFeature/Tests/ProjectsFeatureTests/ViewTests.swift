import Foundation
import ProjectsFeatureFakes
import TerminalUI
import Testing

@testable import ProjectsFeature

@Suite("View")
struct ViewTests {
    private func render(_ screen: ProjectsScreen, style: TerminalStyle = .plain) throws -> CapturedOutput {
        let output = CapturedOutput()
        try ProjectsView(output: output, style: style).render(screen)
        return output
    }

    @Test func projectJSONHasStableSnakeCaseKeysAndExplicitNulls() throws {
        let project = Fixture.project(open: 7, done: 5, lists: 2)
        let output = try render(Fixture.presenter(.json).projects([project], includeArchived: false))

        let array = try #require(try jsonObject(output.text) as? [[String: Any]])
        let object = try #require(array.first)
        #expect(
            Set(object.keys) == [
                "id", "name", "note", "is_archived", "open_tasks", "done_tasks", "list_count", "created_at",
                "updated_at",
            ])
        #expect(object["note"] is NSNull)
        #expect(object["id"] as? String == "3f2a9c14-6b0e-4d5a-9a61-0c7e2b5d8e01")
        #expect(object["is_archived"] as? Bool == false)
        #expect(object["open_tasks"] as? Int == 7)
        #expect(object["list_count"] as? Int == 2)
        #expect(object["updated_at"] as? String == "2026-03-02T09:00:00Z")
    }

    @Test func aNoteIsAStringWhenThereIsOne() throws {
        let output = try render(.json(Fixture.project(note: "Billing code W-42")))
        let object = try #require(try jsonObject(output.text) as? [String: Any])
        #expect(object["note"] as? String == "Billing code W-42")
    }

    @Test func detailJSONNestsTheProjectAndItsLists() throws {
        let detail = ProjectDetail(project: Fixture.project(), lists: [Fixture.list()])
        let output = try render(Fixture.presenter(.json).detail(detail))

        let object = try #require(try jsonObject(output.text) as? [String: Any])
        #expect(Set(object.keys) == ["project", "lists", "time"])
        let list = try #require((object["lists"] as? [[String: Any]])?.first)
        #expect(
            Set(list.keys) == [
                "id", "name", "project_id", "project_name", "open_tasks", "done_tasks", "created_at", "updated_at",
            ])
        #expect(list["created_at"] as? String == "2026-02-28T09:00:00Z")
        #expect(list["updated_at"] as? String == "2026-02-28T09:00:00Z", "a list never renamed")
    }

    @Test func anEmptyResultInJSONIsAnEmptyArray() throws {
        let output = try render(Fixture.presenter(.json).lists([], project: "Work"))
        // Parsed rather than compared: the exact whitespace of an empty array is JSONText's business.
        let array = try #require(try jsonObject(output.text) as? [Any])
        #expect(array.isEmpty)
        #expect(output.lines.count <= 3)
    }

    @Test func projectTableStartsWithItsHeader() throws {
        let projects = [Fixture.project(open: 7, done: 5, lists: 2, createdDaysAgo: 3)]
        let output = try render(Fixture.presenter().projects(projects, includeArchived: false))

        #expect(output.lines.count == 2)
        #expect(
            output.lines[0].split(separator: " ", omittingEmptySubsequences: true)
                == ["Name", "Open", "Done", "Lists", "Status", "Created"])
        #expect(
            output.lines[1].split(separator: " ").map(String.init) == [
                "Work", "7", "5", "2", "active", "3", "days", "ago",
            ])
        #expect(!output.text.contains("\u{1B}["))
    }

    @Test func archivedRowsAreDimOnAColourTerminal() throws {
        let style = TerminalStyle(isTTY: true, useColor: true, width: 80)
        let projects = [Fixture.project(name: "Old", isArchived: true)]
        let output = try render(Fixture.presenter().projects(projects, includeArchived: true), style: style)

        #expect(output.lines[1].contains(style.paint("archived", .dim)))
    }

    @Test func humanDetailListsFieldsNoteListsAndTheTasksHeading() async throws {
        let store = await SampleProjects.makeServices()
        let detail = try await store.projectDetail(reference: "Work")
        let output = try render(Fixture.presenter().detail(detail))

        let lines = output.lines
        #expect(lines.first == "Work")
        #expect(lines.contains("  Tasks    7 open, 5 done"))
        #expect(lines.contains("  Created  2026-01-12 09:00"))
        #expect(lines.contains("    Billing code W-42"))
        let listsHeader = try #require(lines.firstIndex(of: "Lists"))
        #expect(lines[listsHeader + 1].split(separator: " ") == ["Name", "Open", "Done"])
        #expect(lines[listsHeader + 2].hasPrefix("  Backlog"))
        #expect(lines.last == "Open tasks")
    }

    @Test func aConfirmationIsOneLine() throws {
        let output = try render(Fixture.presenter().projectChange(.added(Fixture.project())))
        #expect(output.text == "Added project \"Work\"\n")
    }

    @Test func quietLeavesOutMessagesButNotTables() throws {
        let output = CapturedOutput()
        let view = ProjectsView(output: output, style: .plain, quiet: true)

        try view.render(Fixture.presenter().projectChange(.added(Fixture.project())))
        try view.render(Fixture.presenter().projects([], includeArchived: false))
        try view.render(Fixture.presenter().projects([Fixture.project(open: 1_234)], includeArchived: false))

        #expect(output.lines.count == 2)
        #expect(output.lines[0].hasPrefix("Name"))
        #expect(output.lines[1].split(separator: " ").prefix(2) == ["Work", "1,234"])
    }

    @Test(arguments: [60, 80, 120])
    func aNarrowTerminalFirstShortensTheNameThenLeavesOutStatusAndCreated(width: Int) throws {
        let name = "A project whose name is far too long to fit a narrow terminal at all"
        let projects = [Fixture.project(name: name, open: 12_345, done: 67_890, lists: 3, createdDaysAgo: 3)]
        let output = try render(
            Fixture.presenter().projects(projects, includeArchived: false),
            style: TerminalStyle(isTTY: true, useColor: false, width: width))

        #expect(output.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(output.lines)")
        #expect(output.lines[0].hasPrefix("Name"))
        #expect(output.lines[1].contains("12,345"))
        if width < 120 { #expect(output.lines[1].contains("…")) }
    }
}
