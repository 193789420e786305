import Foundation
import Testing

/// Issue 10, "Data in and out": what scripts and spreadsheets get out of Stint. Every JSON object names itself and
/// what it refers to by id, in one letter case; a listing prints the keys of `show`; entries come as CSV too, and
/// the report's CSV names its rows; asking for two outputs at once is refused.
@Suite("Data out")
struct DataOutJourneyTests {
    /// Work with its Backlog list, task 1 in the list with 45m logged, task 2 in the inbox, 20m on Work itself,
    /// and a timer running on task 2 since 09:30.
    private func seed(_ stint: Stint) async throws {
        try await stint.ok("project", "add", "Work")
        try await stint.ok("list", "add", "Backlog", "--project", "Work")
        try await stint.ok(
            "task", "add", "Write the report", "--project", "Work", "--list", "Backlog", "--due", "today")
        try await stint.ok("task", "add", "Buy milk")
        try await stint.ok("log", "45m", "1", "--start", "08:00", "--note", "outline")
        try await stint.ok("log", "20m", "--project", "Work", "--start", "09:00")
        try await stint.ok("timer", "start", "2", "--at", "09:30")
    }

    /// Every string under a key `id`, ending in `_id`, or `logged_by`, anywhere in the document.
    private func ids(in json: JSON) -> [String] {
        switch json.value {
        case let object as [String: Any]:
            return object.keys.sorted().flatMap { key -> [String] in
                let value = json[key]
                if key == "id" || key.hasSuffix("_id") || key == "logged_by", let id = value.string { return [id] }
                return ids(in: value)
            }
        case is [Any]:
            return json.array.flatMap(ids(in:))
        default:
            return []
        }
    }

    @Test("a listing prints each task as show does: ids of its project and list, logged time included")
    func listingsMatchShow() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let listed = try await stint.json("task", "list", "--sort", "number")
            #expect(listed.array.count == 2)
            for task in listed.array {
                let number = try #require(task["number"].int)
                let shown = try await stint.json("task", "show", String(number))
                #expect(task.description == shown.description, "task \(number) listed and shown")
            }
            #expect(listed[0]["logged_seconds"].int == 2_700)
            #expect(listed[1]["logged_seconds"].int == 0, "the running timer is not logged time yet")

            let project = try await stint.json("project", "show", "Work")
            let list = try await stint.json("list", "ls")
            #expect(listed[0]["project_id"].string == project["project"]["id"].string)
            #expect(listed[0]["list_id"].string == list[0]["id"].string)
            #expect(list[0]["project_id"].string == project["project"]["id"].string)
            #expect(project["lists"][0].description == list[0].description, "a list is one shape everywhere")
            #expect(listed[1]["project_id"].isNull && listed[1]["list_id"].isNull, "the inbox")

            // The dashboard's tasks, and a changed task, have the same keys and values.
            let dashboard = try await stint.json()
            #expect(dashboard["due_today"][0].description == listed[0].description)
            let done = try await stint.json("task", "done", "1")
            #expect(done.keys == listed[0].keys)
            #expect(done["logged_seconds"].int == 2_700)
        }
    }

    @Test("timers, entries and the stop name their task and project by id; one entry per stopped timer")
    func timeNamesWhatItIsOn() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let tasks = try await stint.json("task", "list", "--sort", "number")
            let project = try await stint.json("project", "show", "Work")
            let workID = try #require(project["project"]["id"].string)

            let timers = try await stint.json("timer", "list")
            let timer = timers[0]
            #expect(timer["task_id"].string == tasks[1]["id"].string)
            #expect(timer["project_id"].isNull, "task 2 is in the inbox")
            let status = try await stint.json("timer")
            #expect(status["running"].description == timer.description, "status and list print one timer shape")

            let entries = try await stint.json("entries")
            #expect(entries.array.count == 2)
            #expect(entries[0]["task_id"].string == tasks[0]["id"].string)
            #expect(entries[0]["project_id"].string == workID, "time on a task is on the task's project")
            #expect(entries[1]["task_id"].isNull && entries[1]["project_id"].string == workID)

            let stopped = try await stint.json("timer", "stop")
            #expect(stopped["timer_id"].string == timer["id"].string)
            #expect(stopped["entry"]["task_id"].string == tasks[1]["id"].string)
            let after = try await stint.json("entries")
            #expect(after.array.contains { $0.description == stopped["entry"].description })

            let report = try await stint.json("report", "--today", "--by", "task")
            let row = try #require(report["rows"].array.first { $0["key"].string == tasks[0]["id"].string })
            #expect(row["project_id"].string == workID && row["project_name"].string == "Work")
        }
    }

    @Test("ids are lowercase everywhere, the export included; an export in capitals still imports")
    func oneLetterCase() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            try await stint.ok("task", "note", "1", "Mentions 3F9A2C10-0000-4000-8000-0000000000AA in capitals")
            var seen: [String] = []
            for command in [
                ["task", "list"], ["task", "show", "1"], ["project", "list"], ["project", "show", "Work"],
                ["list", "ls"], ["timer", "list"], ["timer"], ["entries"], ["report", "--by", "task"],
                ["report", "--by", "project"], [], ["sync", "status"],
            ] {
                seen += ids(in: try await stint.json(command))
            }
            #expect(seen.count > 20)
            for id in seen {
                #expect(id == id.lowercased() && UUID(uuidString: id) != nil, "\(id)")
            }

            let export = try await stint.ok("export")
            let document = JSON(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)))
            let exported = ids(in: document)
            #expect(exported.count > 10)
            #expect(exported.allSatisfy { $0 == $0.lowercased() }, "\(exported)")
            let taskIDs = Set(document["tasks"].array.compactMap { $0["id"].string })
            let listedIDs = Set(try await stint.json("task", "list").array.compactMap { $0["id"].string })
            #expect(taskIDs == listedIDs, "the export's ids are the ones --json prints")
            #expect(export.stdout.contains("3F9A2C10-0000-4000-8000-0000000000AA"), "text people typed is untouched")

            // A file written by an older Stint (capital ids) imports into the same records.
            var capitals = export.stdout
            for id in Set(exported) { capitals = capitals.replacingOccurrences(of: id, with: id.uppercased()) }
            try await Stint.withHome { other in
                let file = try other.file("capitals.json", capitals)
                let counts = try await other.json("import", file.path)
                #expect((counts["inserted"].int ?? 0) > 0, "\(counts)")
                let imported = Set(try await other.json("task", "list").array.compactMap { $0["id"].string })
                #expect(imported == listedIDs)
            }
        }
    }

    @Test("entries --format csv: one line per entry under a fixed header, quoted and safe in a spreadsheet")
    func entriesAsCSV() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            try await stint.ok("log", "15m", "1", "--start", "07:00", "--note", "=HYPERLINK(\"x\"), then \"more\"")
            let csv = try await stint.ok("entries", "--format", "csv")
            let lines = csv.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(
                lines.first
                    == "id,date,start,end,duration_seconds,hours,task_number,task,project,note,billable,tags,task_id,"
                    + "project_id,logged_by")
            #expect(lines.count == 5, "header, three entries, and nothing after the last line end: \(csv)")
            let json = try await stint.json("entries")
            let first = try #require(json[0]["id"].string)
            let taskID = try #require(json[0]["task_id"].string)
            let projectID = try #require(json[0]["project_id"].string)
            let person = try #require(json[0]["logged_by"].string)
            #expect(
                lines[1]
                    == "\(first),2026-11-21,2026-11-21T07:00:00+00:00,2026-11-21T07:15:00+00:00,900,0:15:00,1,"
                    + "Write the report,Work,\"'=HYPERLINK(\"\"x\"\"), then \"\"more\"\"\",false,,\(taskID),"
                    + "\(projectID),\(person)")
            #expect(lines[3].contains(",1200,0:20:00,,,Work,,false,,,\(projectID),"), "time on a project: \(csv)")
            #expect(!csv.stdout.contains("Total"))

            // The same choice as the report: json is --json, and nothing matching is the header alone.
            let asJSON = try await stint.ok("entries", "list", "--format", "json")
            #expect(
                JSON(try JSONSerialization.jsonObject(with: Data(asJSON.stdout.utf8))).description == json.description)
            let none = try await stint.ok(
                "entries", "--since", "2026-11-01", "--until", "2026-11-02", "--format", "csv")
            #expect(none.stdout == lines[0] + "\n")
        }
    }

    @Test("the report's CSV names each row by its label and gives the project a column of its own")
    func reportCSVNamesItsRows() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let csv = csvRows(try await stint.ok("report", "--today", "--by", "task", "--format", "csv").stdout)
            let json = try await stint.json("report", "--today", "--by", "task")
            #expect(csv.header == "label,project,seconds,hours,billable_seconds,entries,key")
            #expect(
                csv.rows.map { Array($0[0...3]) } == [
                    ["1 Write the report", "Work", "2700", "0:45:00"], ["2 Buy milk", "", "1800", "0:30:00"],
                    ["(no task)", "Work", "1200", "0:20:00"],
                ], "the running timer on task 2 counts too")
            #expect(csv.rows.map { $0[6] } == json.rowKeys)
            let projects = csvRows(try await stint.ok("report", "--today", "--format", "csv").stdout)
            #expect(
                projects.rows.map { Array($0[0...2]) } == [["Work", "Work", "3900"], ["(no project)", "", "1800"]])
        }
    }

    @Test("--json with a different --format is a usage error, exit 64, one line; the same choice twice is fine")
    func conflictingOutputsAreRefused() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            for arguments in [
                ["report", "--json", "--format", "csv"], ["report", "--format", "table", "--json"],
                ["entries", "--json", "--format", "csv"], ["entries", "list", "--format", "table", "--json"],
            ] {
                let format = arguments[arguments.firstIndex(of: "--format")! + 1]
                expectFailure(
                    try await stint.run(arguments), 64, mentioning: ["--json", "--format \(format)", "not both"])
            }
            let twice = try await stint.ok("report", "--json", "--format", "json")
            let once = try await stint.ok("report", "--json")
            #expect(twice.stdout == once.stdout)
            let entries = try await stint.ok("entries", "--json", "--format", "json")
            #expect(entries.stdout == (try await stint.ok("entries", "--json")).stdout)
        }
    }
}
