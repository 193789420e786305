import Foundation
import Testing

@Suite("Undo")
struct UndoJourneyTests {
    @Test("Undo reverts add, edit, delete and import, says what it reverted, and goes further each time")
    func undoHistory() async throws {
        try await Stint.withHome { stint in
            expectFailure(try await stint.run("undo"), 5, mentioning: ["nothing to undo"])

            try await stint.ok("task", "add", "Alpha")
            let afterAlpha = try await stint.export()
            try await stint.ok("task", "add", "Beta", "--tag", "greek")
            let afterBeta = try await stint.export()

            // Edit, then undo: the old title is back.
            try await stint.ok("task", "edit", "2", "--title", "Beta two", "--priority", "high")
            let undoEdit = try await stint.ok("undo")
            #expect(undoEdit.stdout.hasPrefix("Undid: "))
            #expect(undoEdit.stdout.contains("edited") && undoEdit.stdout.contains("Beta"))
            let beta = try await stint.json("task", "show", "2")
            #expect(beta["title"].string == "Beta")
            #expect(beta["priority"].string == "none")
            #expect(try await stint.export() == afterBeta)

            // Delete, then undo: the task is back with its number.
            try await stint.ok("task", "delete", "1", "--force")
            let undoDelete = try await stint.json("undo")
            let summary = try #require(undoDelete["undone"].string)
            #expect(summary.contains("deleted") && summary.contains("Alpha"))
            #expect(try await stint.json("task", "show", "1")["title"].string == "Alpha")
            #expect(try await stint.export() == afterBeta)

            // Import, then undo: everything the file brought is gone again.
            let file = try stint.file(
                "import.json",
                json: Archive.document(
                    projects: [Archive.project(id: "11111111-0000-4000-8000-000000000001", name: "Imported")],
                    tasks: [
                        Archive.task(
                            id: "22222222-0000-4000-8000-000000000001", title: "From file",
                            projectID: "11111111-0000-4000-8000-000000000001")
                    ]))
            try await stint.ok("import", file.path)
            #expect(try await stint.json("project", "list").array.count == 1)
            let undoImport = try await stint.ok("undo")
            #expect(undoImport.stdout.contains("imported"))
            #expect(try await stint.json("project", "list", "--archived").array.isEmpty)
            #expect(try await stint.export() == afterBeta)

            // Undo twice more walks back through both adds, then there is nothing left.
            let undoBeta = try await stint.ok("undo")
            #expect(undoBeta.stdout.contains("added") && undoBeta.stdout.contains("Beta"))
            #expect(try await stint.export() == afterAlpha)
            let undoAlpha = try await stint.ok("undo")
            #expect(undoAlpha.stdout.contains("added") && undoAlpha.stdout.contains("Alpha"))
            #expect(try await stint.json("task", "list", "--status", "all", "--count")["count"].int == 0)

            let emptied = try await stint.export()
            expectFailure(try await stint.run("undo"), 5, mentioning: ["nothing to undo"])
            #expect(try await stint.export() == emptied)
        }
    }

    @Test("Undo after deleting a project brings back the project, its lists and its tasks")
    func undoProjectDelete() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Garden")
            try await stint.ok("list", "add", "Spring", "--project", "Garden")
            try await stint.ok("task", "add", "Plant tulips", "--list", "Spring", "--due", "+3d")
            let before = try await stint.export()

            try await stint.ok("project", "delete", "Garden", "--force")
            let undone = try await stint.ok("undo")
            #expect(undone.stdout.contains("Garden"))
            #expect(try await stint.export() == before)
            #expect(try await stint.json("task", "show", "1")["list_name"].string == "Spring")
        }
    }
}
