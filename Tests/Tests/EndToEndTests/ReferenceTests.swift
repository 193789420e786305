import Foundation
import Testing

@Suite("References")
struct ReferenceTests {
    @Test("Tasks by number or id prefix; ambiguous prefix -> 3 with candidates; unknown -> 2")
    func taskReferences() async throws {
        try await Stint.withHome { stint in
            // Two tasks whose ids share a prefix can only be made by importing them with chosen ids.
            let file = try stint.file(
                "twins.json",
                json: Archive.document(tasks: [
                    Archive.task(id: "abcdef01-0000-4000-8000-000000000001", title: "First twin"),
                    Archive.task(id: "abcdef02-0000-4000-8000-000000000002", title: "Second twin"),
                ]))
            try await stint.ok("import", file.path)
            let solo = try await stint.json("task", "add", "Solo")
            let soloID = try #require(solo["id"].string)
            let soloNumber = try #require(solo["number"].int)

            #expect(try await stint.json("task", "show", "\(soloNumber)")["title"].string == "Solo")
            #expect(try await stint.json("task", "show", "#\(soloNumber)")["title"].string == "Solo")
            #expect(try await stint.json("task", "show", String(soloID.prefix(8)))["title"].string == "Solo")
            #expect(try await stint.json("task", "show", soloID.uppercased())["title"].string == "Solo")
            #expect(try await stint.json("task", "show", "abcdef02")["title"].string == "Second twin")

            let before = try await stint.export()
            let ambiguous = try await stint.run("task", "done", "abcdef")
            expectFailure(ambiguous, 3)
            #expect(ambiguous.stderr.contains("First twin") && ambiguous.stderr.contains("Second twin"))
            #expect(try await stint.export() == before, "an ambiguous reference must change nothing")

            expectFailure(try await stint.run("task", "show", "999"), 2, mentioning: ["999"])
            expectFailure(try await stint.run("task", "done", "ffffffff"), 2)
            expectFailure(try await stint.run("task", "show", "no-such-task"), 2)
            #expect(try await stint.export() == before)
        }
    }

    @Test("Projects and lists by any-case name or id prefix")
    func projectReferences() async throws {
        try await Stint.withHome { stint in
            let project = try await stint.json("project", "add", "Home Office")
            let projectID = try #require(project["id"].string)
            try await stint.ok("list", "add", "Errands", "--project", "home office")

            #expect(try await stint.json("project", "show", "HOME OFFICE")["project"]["id"].string == projectID)
            #expect(
                try await stint.json("project", "show", String(projectID.prefix(6)))["project"]["id"].string
                    == projectID)
            let task = try await stint.json("task", "add", "Buy paper", "--project", "hOmE oFfIcE", "--list", "ERRANDS")
            #expect(task["project_name"].string == "Home Office")
            #expect(task["list_name"].string == "Errands")

            expectFailure(try await stint.run("project", "show", "Home"), 2)
            expectFailure(try await stint.run("task", "add", "Nope", "--list", "Nowhere"), 2)
        }
    }
}
