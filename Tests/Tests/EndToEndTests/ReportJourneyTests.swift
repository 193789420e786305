import Foundation
import Testing

@Suite("Reports")
struct ReportJourneyTests {
    /// A week of time (Mon 16 – Sun 22 November) plus 30m the Sunday before:
    /// Mon 2h on project Home [meeting]; Thu 1h on 2 "Email" billable [client];
    /// Fri 1h30m on 1 "Write report" (Work) billable [client, meeting]; Sat (today) 45m on 1; Sun 15th 30m on 1.
    private func seedWeek(_ stint: Stint) async throws {
        try await stint.ok("project", "add", "Work")
        try await stint.ok("project", "add", "Home")
        try await stint.ok("task", "add", "Write report", "--project", "Work", "--estimate", "3h")
        try await stint.ok("task", "add", "Email")
        try await stint.ok("log", "2h", "--project", "Home", "--date", "2026-11-16", "--tag", "meeting")
        try await stint.ok(
            "log", "1h", "2", "--date", "2026-11-19", "--start", "08:00", "--billable", "--tag", "client")
        try await stint.ok(
            "log", "1h30m", "1", "--date", "2026-11-20", "--start", "14:00", "--billable", "--tag", "client",
            "--tag", "meeting")
        try await stint.ok("log", "45m", "1")
        try await stint.ok("log", "30m", "1", "--date", "2026-11-15", "--start", "20:00")
    }

    /// Row label -> seconds.
    private func byLabel(_ report: JSON) -> [String: Int] {
        var result: [String: Int] = [:]
        for row in report["rows"].array {
            if let label = row["label"].string, let seconds = row["seconds"].int { result[label] = seconds }
        }
        return result
    }

    @Test("report --by project, task, tag, day and week; --project; --billable; totals exact")
    func groupings() async throws {
        try await Stint.withHome { stint in
            try await seedWeek(stint)

            let week = ["--since", "2026-11-16", "--until", "2026-11-22"]
            let byProject = try await stint.json(["report", "--by", "project"] + week)
            #expect(byProject["total_seconds"].int == 18_900)
            #expect(byProject["billable_seconds"].int == 9_000)
            #expect(byProject["entry_count"].int == 4)
            #expect(byProject["grouping"].string == "project")
            #expect(byProject["since"].string == "2026-11-16" && byProject["until"].string == "2026-11-22")
            #expect(byLabel(byProject) == ["Work": 8_100, "Home": 7_200, "(no project)": 3_600])
            #expect(byProject.rowSeconds == [8_100, 7_200, 3_600], "largest first")
            #expect(byProject["running_seconds"].isNull)

            // The default period is this week (Monday to Sunday) and the default grouping is by project.
            let defaults = try await stint.json("report")
            #expect(defaults["rows"].description == byProject["rows"].description)
            #expect(defaults["total_seconds"].int == 18_900)

            let byTask = try await stint.json(["report", "--by", "task"] + week)
            #expect(byLabel(byTask) == ["1 Write report": 8_100, "(no task)": 7_200, "2 Email": 3_600])
            let reportRow = byTask["rows"].array.first { $0["label"].string == "1 Write report" }
            #expect(reportRow?["detail"].string == "Work")
            #expect(reportRow?["entries"].int == 2)
            #expect(reportRow?["billable_seconds"].int == 5_400)

            // An entry with two tags counts under each; the total counts it once, and the table says so.
            let byTag = try await stint.json(["report", "--by", "tag"] + week)
            #expect(byLabel(byTag) == ["meeting": 12_600, "client": 9_000, "(no tag)": 2_700])
            #expect(byTag["total_seconds"].int == 18_900)
            let tagTable = try await stint.ok(["report", "--by", "tag"] + week)
            #expect(tagTable.stdout.contains("count under each"), "\(tagTable)")

            let byDay = try await stint.json(["report", "--by", "day"] + week)
            #expect(byDay.rowKeys == ["2026-11-16", "2026-11-19", "2026-11-20", "2026-11-21"])
            #expect(byDay.rowSeconds == [7_200, 3_600, 5_400, 2_700])
            #expect(byDay["daily"].array.count == 7)
            #expect(byDay["daily"].array.compactMap { $0["seconds"].int }.reduce(0, +) == 18_900)

            let byWeek = try await stint.json(
                "report", "--since", "2026-11-09", "--until", "2026-11-22", "--by", "week")
            #expect(byWeek.rowKeys == ["2026-11-09", "2026-11-16"])
            #expect(byWeek.rowSeconds == [1_800, 18_900])
            #expect(byWeek["total_seconds"].int == 20_700)

            let work = try await stint.json(["report", "--project", "work"] + week)
            #expect(work["total_seconds"].int == 8_100)
            #expect(byLabel(work) == ["Work": 8_100])

            let billable = try await stint.json(["report", "--billable"] + week)
            #expect(billable["billable_only"].bool == true)
            #expect(billable["total_seconds"].int == 9_000)
            #expect(billable["billable_seconds"].int == 9_000)
            #expect(byLabel(billable) == ["Work": 5_400, "(no project)": 3_600])

            // The human table: rows and the total line written as every duration is ("5h 15m").
            let table = try await stint.ok(["report"] + week)
            #expect(table.stdoutLines.first?.contains("5h 15m") == true, "\(table)")
            let total = try #require(table.stdoutLines.first { $0.hasPrefix("Total") })
            #expect(hoursColumnMinutes(total) == 315)
            #expect(total.contains("100%") && total.hasSuffix("2h 30m"))
            let work1 = try #require(table.stdoutLines.first { $0.hasPrefix("Work") })
            #expect(hoursColumnMinutes(work1) == 135 && work1.hasSuffix("1h 30m"))
        }
    }

    @Test("--format csv: exact seconds summing to the JSON total; --format json is the --json document")
    func csvAndJSON() async throws {
        try await Stint.withHome { stint in
            try await seedWeek(stint)
            let range = ["report", "--since", "2026-11-09", "--until", "2026-11-22"]
            for grouping in ["project", "task", "day", "week"] {
                let json = try await stint.json(range + ["--by", grouping])
                let csv = try await stint.ok(range + ["--by", grouping, "--format", "csv"])
                let (header, rows) = csvRows(csv.stdout)
                #expect(header == "label,project,seconds,hours,billable_seconds,entries,key")
                #expect(rows.allSatisfy { $0.count == 7 }, "\(csv)")
                #expect(rows.map { $0[0] } == json["rows"].array.compactMap { $0["label"].string }, "labels name rows")
                #expect(rows.map { $0[6] } == json.rowKeys, "the key is last")
                let seconds = rows.compactMap { Int($0[2]) }
                #expect(seconds.count == rows.count)
                #expect(seconds.reduce(0, +) == json["total_seconds"].int, "\(grouping): \(csv)")
                #expect(rows.compactMap { Int($0[4]) }.reduce(0, +) == json["billable_seconds"].int)
                for row in rows {
                    let exact = Int(row[2]) ?? -1
                    let hms = String(format: "%d:%02d:%02d", exact / 3600, exact / 60 % 60, exact % 60)
                    #expect(row[3] == hms, "hours must be h:mm:ss of the seconds: \(row)")
                }

                let document = try await stint.ok(range + ["--by", grouping, "--format", "json"])
                let parsed = JSON(try JSONSerialization.jsonObject(with: Data(document.stdout.utf8)))
                #expect(parsed.description == json.description)
            }
            #expect(try await stint.json(range)["total_seconds"].int == 20_700)
        }
    }

    @Test("Rows round so they add up to the total line (largest remainder), CSV keeps exact seconds")
    func roundingAddsUp() async throws {
        try await Stint.withHome { stint in
            // Three timers of 10m 40s each: 32m in all, though each row alone rounds to 11m.
            for (number, hour) in [(1, "06"), (2, "07"), (3, "08")] {
                try await stint.ok("task", "add", "T\(number)")
                try await stint.at(Clock.today("\(hour):00:00")).ok("timer", "start", "\(number)")
                try await stint.at(Clock.today("\(hour):10:40")).ok("timer", "stop")
            }
            let json = try await stint.json("report", "--today", "--by", "task")
            #expect(json.rowSeconds == [640, 640, 640])
            #expect(json["total_seconds"].int == 1_920)

            let table = try await stint.ok("report", "--today", "--by", "task")
            let rows = table.stdoutLines.filter { $0.first?.isNumber == true }
            let rowMinutes = rows.compactMap(hoursColumnMinutes)
            #expect(rowMinutes.count == 3, "\(table)")
            #expect(rowMinutes.reduce(0, +) == 32, "\(table)")
            #expect(rowMinutes.sorted() == [10, 11, 11])
            let total = try #require(table.stdoutLines.first { $0.hasPrefix("Total") })
            #expect(hoursColumnMinutes(total) == 32)

            let csv = csvRows(try await stint.ok("report", "--today", "--by", "task", "--format", "csv").stdout)
            #expect(csv.rows.map { $0[3] } == ["0:10:40", "0:10:40", "0:10:40"])
        }
    }

    @Test("In TZ=Europe/Berlin an entry from 23:30 to 00:30 local is split across the two local days")
    func berlinDays() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Late call")
            let berlin = stint.inTimeZone("Europe/Berlin")
            let logged = try await berlin.json("log", "1h", "1", "--date", "2026-11-20", "--start", "23:30")
            #expect(logged["start"].string == "2026-11-20T22:30:00Z")
            #expect(logged["end"].string == "2026-11-20T23:30:00Z")

            let range = ["report", "--since", "2026-11-20", "--until", "2026-11-21", "--by", "day"]
            let local = try await berlin.json(range)
            #expect(local.rowKeys == ["2026-11-20", "2026-11-21"])
            #expect(local.rowSeconds == [1_800, 1_800])
            #expect(local["total_seconds"].int == 3_600)
            #expect(local["time_zone"].string == "Europe/Berlin")
            let listed = try await berlin.ok("entries", "--all")
            #expect(listed.stdout.contains("23:30–00:30"), "\(listed)")

            // The same entry in UTC lies wholly on the 20th.
            let utc = try await stint.json(range)
            #expect(utc.rowKeys == ["2026-11-20"])
            #expect(utc.rowSeconds == [3_600])

            // A one-day report in Berlin keeps only that day's half.
            let saturday = try await berlin.json("report", "--since", "2026-11-21", "--until", "2026-11-21")
            #expect(saturday["total_seconds"].int == 1_800)
        }
    }

    @Test("Logged time shows in task show, project show and the dashboard; the dashboard adds the running timer, apart")
    func timeElsewhere() async throws {
        try await Stint.withHome { stint in
            try await seedWeek(stint)

            let task = try await stint.ok("task", "show", "1")
            let logged = try #require(task.stdoutLines.first { $0.contains("Logged") }, "\(task)")
            #expect(logged.contains("2h 45m of 3h 00m estimate"), "\(logged)")
            #expect(try await stint.json("task", "show", "1")["logged_seconds"].int == 9_900)
            #expect(try await stint.json("task", "show", "2")["logged_seconds"].int == 3_600)

            let project = try await stint.ok("project", "show", "Work")
            let time = try #require(
                project.stdoutLines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Time") })
            #expect(
                time.contains("2h 45m logged") && time.contains("1h 30m billable") && time.contains("2h 15m this week"))
            let projectJSON = try await stint.json("project", "show", "Work")
            #expect(projectJSON["time"]["total_seconds"].int == 9_900)
            #expect(projectJSON["time"]["billable_seconds"].int == 5_400)
            #expect(projectJSON["time"]["this_week_seconds"].int == 8_100)

            try await stint.ok("timer", "start", "1", "--at", "09:30")
            let dashboard = try await stint.json()
            // 45 min logged today and 5h 15m this week, plus the 30 min the running timer holds (issue 10).
            #expect(dashboard["time"]["today_seconds"].int == 2_700 + 1_800)
            #expect(dashboard["time"]["week_seconds"].int == 18_900 + 1_800)
            #expect(dashboard["time"]["today_on_timers_seconds"].int == 1_800)
            #expect(dashboard["time"]["week_on_timers_seconds"].int == 1_800)
            #expect(dashboard["time"]["paused_count"].int == 0)
            #expect(dashboard["time"]["running"]["task_number"].int == 1)
            #expect(dashboard["time"]["running"]["elapsed_seconds"].int == 1_800)
            #expect(dashboard["time"]["running"]["logged_seconds"].int == 9_900)
            let human = try await stint.ok()
            #expect(human.stdout.contains("1 \"Write report\""), "\(human)")
            #expect(human.stdout.contains("30m since 09:30"), "\(human)")

            let withRunning = try await stint.json("report", "--today")
            #expect(withRunning["running_seconds"].int == 1_800)
            #expect(withRunning["total_seconds"].int == 4_500, "the timer's 30m count in the report too")
        }
    }

    @Test("Time follows a moved task; deleting the task takes its time and timer, and undo brings them back")
    func timeFollowsTask() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("project", "add", "Home")
            try await stint.ok("task", "add", "A", "--project", "Work")
            try await stint.ok("log", "1h", "1", "--start", "08:00")
            try await stint.ok("timer", "start", "1", "--at", "09:30")

            let before = try await stint.json("report", "--today")
            #expect(before.rowKeys.isEmpty == false)
            #expect(before["rows"][0]["label"].string == "Work")
            #expect(before["running_seconds"].int == 1_800)

            try await stint.ok("task", "move", "1", "--project", "Home")
            let moved = try await stint.json("report", "--today")
            #expect(moved["rows"].array.compactMap { $0["label"].string } == ["Home"])
            #expect(moved["total_seconds"].int == 5_400, "the hour logged and the timer's 30m, both now Home's")
            #expect(try await stint.json("entries")[0]["project_name"].string == "Home")
            #expect(try await stint.json("timer", "list")[0]["project_name"].string == "Home")

            let kept = try await stint.export()
            try await stint.ok("task", "delete", "1", "--force")
            #expect(try await stint.json("entries", "--all").array.isEmpty)
            #expect(try await stint.json("timer", "list").array.isEmpty)
            #expect(try await stint.json("report", "--today")["total_seconds"].int == 0)

            try await stint.ok("undo")
            #expect(try await stint.export() == kept)
            #expect(try await stint.json("entries").durations == [3_600])
            #expect(try await stint.json("timer", "list")[0]["elapsed_seconds"].int == 1_800)
        }
    }
}
