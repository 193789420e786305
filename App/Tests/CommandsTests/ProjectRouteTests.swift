import Foundation
import Testing

/// Every `stint project …` and `stint list …` route, including the two the Projects feature hands to
/// the host: showing a project's tasks (through the Tasks feature) and confirming a delete.
@Suite("Project and list routes")
struct ProjectRouteTests {
    @Test("add, list, show (with the Tasks feature's listing), rename, archive and unarchive")
    func projects() async throws {
        let stint = try Harness()
        #expect(await stint.run("project", "add", "Work", "--note", "Day job").stdout == "Added project \"Work\"\n")
        let duplicate = await stint.run("project", "add", "work")
        #expect(duplicate.status == 5)
        try await stint.given([
            ["task", "add", "Write", "--project", "Work"], ["list", "add", "Backlog", "-p", "Work"],
        ])

        let shown = await stint.run("project", "show", "work")
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("Backlog"))
        #expect(shown.stdout.contains("1  Write"))  // the Tasks feature's table below the detail

        #expect(await stint.run("project", "rename", "Work", "Day job").status == 0)
        #expect(await stint.run("project", "archive", "Day job").status == 0)
        #expect(await stint.run("project", "archive", "Day job").status == 4)
        let active = try await stint.json("project", "list") as? [[String: Any]]
        #expect(active?.isEmpty == true)
        let all = try await stint.json("project", "list", "--all") as? [[String: Any]]
        #expect(all?.map { $0["name"] as? String } == ["Day job"])
        #expect(await stint.run("project", "unarchive", "Day job").status == 0)
    }

    @Test("deleting a project with tasks needs --force off a terminal, or a yes on one")
    func delete() async throws {
        let stint = try Harness()
        try await stint.given([["project", "add", "Garden"], ["task", "add", "Dig", "--project", "Garden"]])
        let refused = await stint.run("project", "delete", "Garden")
        #expect(refused.status == 5)
        let declined = await stint.run("project", "delete", "Garden", terminal: true, answers: ["no"])
        #expect(declined.status == 0)
        #expect(declined.stdout == "Kept project \"Garden\"; nothing was deleted.\n")
        #expect(declined.prompts.count == 1)
        let confirmed = await stint.run("project", "delete", "Garden", terminal: true, answers: ["y"])
        #expect(confirmed.status == 0)
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
        #expect(await stint.run("undo").status == 0)
        #expect(await stint.run("project", "delete", "Garden", "--force").status == 0)
    }

    @Test("lists: add, ls, rename and delete keep their tasks in the project")
    func lists() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["project", "add", "Home"], ["list", "add", "Backlog", "--project", "Work"],
            ["list", "add", "Backlog", "--project", "Home"], ["task", "add", "T", "--list", "Backlog", "-p", "Work"],
        ])
        let ambiguous = await stint.run("list", "rename", "Backlog", "Later")
        #expect(ambiguous.status == 3)
        #expect(await stint.run("list", "rename", "Backlog", "Later", "--project", "Work").status == 0)
        let lists = try await stint.json("list", "ls", "--project", "Work") as? [[String: Any]]
        #expect(lists?.map { $0["name"] as? String } == ["Later"])
        #expect(await stint.run("list", "delete", "Later", "--project", "Work").status == 0)
        let task = try await stint.json("task", "show", "1") as? [String: Any]
        #expect(task?["project_name"] as? String == "Work")
        #expect(task?["list_name"] is NSNull)
    }
}
