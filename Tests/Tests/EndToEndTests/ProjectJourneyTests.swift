import Foundation
import Testing

@Suite("Projects and task lists")
struct ProjectJourneyTests {
    @Test("A project's life: add, list, show, rename, archive, unarchive, delete")
    func projectLifecycle() async throws {
        try await Stint.withHome { stint in
            #expect(try await stint.json("project", "list").array.isEmpty)

            let work = try await stint.json("project", "add", "Work", "--note", "Q4 move")
            #expect(work["name"].string == "Work")
            #expect(work["note"].string == "Q4 move")
            #expect(work["is_archived"].bool == false)
            #expect(work["open_tasks"].int == 0)
            #expect(work["list_count"].int == 0)
            let workID = try #require(work["id"].string)
            #expect(workID == workID.lowercased() && UUID(uuidString: workID) != nil)
            #expect(
                work.keys == [
                    "id", "name", "note", "is_archived", "open_tasks", "done_tasks", "list_count", "created_at",
                    "updated_at",
                ])

            let added = try await stint.ok("project", "add", "Garden")
            #expect(added.stdout == "Added project \"Garden\"\n")

            // Names are unique whatever their case.
            let before = try await stint.export()
            expectFailure(try await stint.run("project", "add", "work"), 5)
            #expect(try await stint.export() == before)

            let listed = try await stint.json("project", "list")
            #expect(listed.array.compactMap { $0["name"].string } == ["Garden", "Work"])

            let human = try await stint.ok("project", "list")
            #expect(human.stdout.contains("Garden") && human.stdout.contains("Work"))

            let shown = try await stint.json("project", "show", "WORK")
            #expect(shown["project"]["id"].string == workID)
            #expect(shown["lists"].array.isEmpty)

            let renamed = try await stint.json("project", "rename", "work", "Day job")
            #expect(renamed["name"].string == "Day job")
            #expect(renamed["id"].string == workID)
            #expect(try await stint.json("project", "show", "day JOB")["project"]["name"].string == "Day job")
            expectFailure(try await stint.run("project", "show", "Work"), 2)

            let archived = try await stint.json("project", "archive", "garden")
            #expect(archived["is_archived"].bool == true)
            let active = try await stint.json("project", "list")
            #expect(active.array.compactMap { $0["name"].string } == ["Day job"])
            let everything = try await stint.json("project", "list", "--archived")
            #expect(everything.array.compactMap { $0["name"].string } == ["Day job", "Garden"])

            let unarchived = try await stint.json("project", "unarchive", "Garden")
            #expect(unarchived["is_archived"].bool == false)
            #expect(try await stint.json("project", "list").array.count == 2)

            // A project that still has tasks is only deleted with --force when nobody can be asked.
            try await stint.ok("task", "add", "Plant tulips", "--project", "Garden")
            try await stint.ok("list", "add", "Spring", "--project", "Garden")
            let withTasks = try await stint.export()
            expectFailure(try await stint.run("project", "delete", "Garden"), 5, mentioning: ["--force"])
            #expect(try await stint.export() == withTasks)

            let deleted = try await stint.ok("project", "delete", "Garden", "--force")
            #expect(deleted.stdout.hasPrefix("Deleted project \"Garden\""))
            #expect(try await stint.json("project", "list", "--archived").array.count == 1)
            #expect(try await stint.json("task", "list", "--status", "all", "--count")["count"].int == 0)
            #expect(try await stint.json("list", "ls").array.isEmpty)

            // An empty project needs no --force.
            try await stint.ok("project", "delete", "Day job")
            #expect(try await stint.json("project", "list", "--archived").array.isEmpty)
            expectFailure(try await stint.run("project", "show", "Garden"), 2)
        }
    }

    @Test("Task lists: add, ls, rename, delete; a deleted list's tasks stay in the project")
    func listLifecycle() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("project", "add", "Home")

            let backlog = try await stint.json("list", "add", "Backlog", "--project", "work")
            #expect(backlog["name"].string == "Backlog")
            #expect(backlog["project_name"].string == "Work")
            #expect(backlog["open_tasks"].int == 0)
            #expect(
                backlog.keys == [
                    "id", "name", "project_id", "project_name", "open_tasks", "done_tasks", "created_at",
                    "updated_at",
                ])
            #expect(
                backlog["project_id"].string
                    == (try await stint.json("project", "show", "Work"))["project"]["id"].string)
            try await stint.ok("list", "add", "Chores", "--project", "Home")

            let before = try await stint.export()
            expectFailure(try await stint.run("list", "add", "backlog", "--project", "Work"), 5)
            expectFailure(try await stint.run("list", "add", "Later", "--project", "Nowhere"), 2)
            #expect(try await stint.export() == before)

            let all = try await stint.json("list", "ls")
            #expect(Set(all.array.compactMap { $0["name"].string }) == ["Backlog", "Chores"])
            let workLists = try await stint.json("list", "ls", "--project", "Work")
            #expect(workLists.array.compactMap { $0["name"].string } == ["Backlog"])

            let task = try await stint.json("task", "add", "Plan sprint", "--list", "Backlog")
            #expect(task["project_name"].string == "Work")
            #expect(task["list_name"].string == "Backlog")
            let number = try #require(task["number"].int)

            let renamed = try await stint.json("list", "rename", "Backlog", "Someday", "--project", "Work")
            #expect(renamed["name"].string == "Someday")
            #expect(try await stint.json("task", "show", "\(number)")["list_name"].string == "Someday")
            #expect(try await stint.json("list", "ls", "--project", "Work")[0]["open_tasks"].int == 1)

            let deleted = try await stint.ok("list", "delete", "someday", "--project", "Work")
            #expect(deleted.stdout.contains("Deleted list \"Someday\""))
            #expect(deleted.stdout.contains("stays in Work"))
            let kept = try await stint.json("task", "show", "\(number)")
            #expect(kept["project_name"].string == "Work")
            #expect(kept["list_name"].isNull)
            #expect(try await stint.json("list", "ls", "--project", "Work").array.isEmpty)

            let project = try await stint.json("project", "show", "Work")
            #expect(project["project"]["open_tasks"].int == 1)
            #expect(project["project"]["list_count"].int == 0)
            #expect(project["lists"].array.isEmpty)
            expectFailure(try await stint.run("list", "delete", "Someday", "--project", "Work"), 2)
        }
    }
}
