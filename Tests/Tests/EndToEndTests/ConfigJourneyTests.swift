import Foundation
import Testing

/// The config file (ADR 0027) with the real binary: `$STINT_HOME/config.toml`, since every journey sets STINT_HOME.
/// Today is Saturday 2026-11-21.
@Suite("Config file")
struct ConfigJourneyTests {
    func configFile(_ stint: Stint) -> URL { stint.home.appendingPathComponent("config.toml") }
    /// How messages show it: HOME is the journey's root, so the home folder is `~/home`.
    let shownFile = "~/home/config.toml"

    func write(_ text: String, for stint: Stint) throws {
        try FileManager.default.createDirectory(at: stint.home, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: configFile(stint))
    }

    func read(_ stint: Stint) throws -> String {
        String(decoding: try Data(contentsOf: configFile(stint)), as: UTF8.self)
    }

    @Test("a bad line is one error naming the file and the line, for every command; help and version still answer")
    func badLineIsOneError() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Before the typo")
            try write("# my settings\n\nwek_start = \"sunday\"\n", for: stint)
            for command in [["task", "list"], [], ["report"], ["config", "set", "week_start", "monday"]] {
                let result = try await stint.run(command)
                expectFailure(result, 4)
                #expect(
                    result.stderr
                        == "stint: \(shownFile) line 3: unknown key \"wek_start\" (did you mean \"week_start\"?)\n",
                    "\(result)")
            }
            let help = try await stint.run("--help")
            #expect(help.status == 0 && help.stdout.contains("USAGE") && help.stderr.isEmpty, "\(help)")
            let subHelp = try await stint.run("task", "list", "--help")
            #expect(subHelp.status == 0 && subHelp.stderr.isEmpty, "\(subHelp)")
            #expect(try await stint.run("--version").stdout == "0.1.0\n")

            try write("[report]\nperiod = \"fortnight\"\n", for: stint)
            expectFailure(
                try await stint.run("report"), 4,
                mentioning: ["line 2: \"fortnight\" is not a value of report.period: use today, week, month or year"])
            try write("color = [1, 2]\n", for: stint)
            expectFailure(try await stint.run("task", "list"), 4, mentioning: ["line 1: arrays are not used by stint"])

            try FileManager.default.removeItem(at: configFile(stint))
            #expect(titles(try await stint.json("task", "list")) == ["Before the typo"], "nothing was lost")
        }
    }

    @Test("week_start = sunday moves report --week, sow and this week's dashboard; a flag still wins")
    func weekStartMovesTheWeek() async throws {
        try await Stint.withHome { stint in
            // Sunday the 15th is in this week only when weeks begin on Sunday.
            try await stint.ok("project", "add", "Home")
            try await stint.ok("log", "30m", "--project", "Home", "--date", "2026-11-15", "--start", "09:00")
            try await stint.ok("log", "1h", "--project", "Home", "--date", "2026-11-16", "--start", "09:00")
            let iso = try await stint.json("report", "--week")
            #expect(iso["since"].string == "2026-11-16" && iso["until"].string == "2026-11-22")
            #expect(iso["total_seconds"].int == 3_600)

            try write("# weeks as on a wall calendar\nweek_start = \"sunday\"\n", for: stint)
            let sunday = try await stint.json("report", "--week")
            #expect(sunday["since"].string == "2026-11-15" && sunday["until"].string == "2026-11-21", "\(sunday)")
            #expect(sunday["total_seconds"].int == 5_400)
            let table = try await stint.ok("report", "--week")
            #expect(table.stdout.hasPrefix("Week of 2026-11-15 – 2026-11-21"), "\(table)")

            let sinceSow = try await stint.json("entries", "--since", "sow")
            #expect(sinceSow.array.count == 2, "sow is Sunday the 15th: \(sinceSow)")
            let dashboard = try await stint.json()
            #expect(dashboard["time"]["week_seconds"].int == 5_400, "\(dashboard["time"])")

            try write("week_start = \"sunday\"\n[report]\nperiod = \"month\"\nby = \"day\"\n", for: stint)
            let month = try await stint.json("report")
            #expect(month["since"].string == "2026-11-01" && month["grouping"].string == "day", "\(month)")
            let flagged = try await stint.json("report", "--today", "--by", "project")
            #expect(flagged["since"].string == "2026-11-21" && flagged["grouping"].string == "project")
        }
    }

    @Test("an alias runs its command with the rest of the line; it cannot hide or run another command")
    func aliasRuns() async throws {
        try await Stint.withHome { stint in
            try write(
                """
                [alias]
                d = "task done"
                open = "task list --status open"
                """, for: stint)
            try await stint.ok("task", "add", "First")
            try await stint.ok("task", "add", "Second")
            let done = try await stint.ok("d", "1")
            #expect(done.stdout == "Completed task 1 \"First\"\n")
            #expect(titles(try await stint.json("open")) == ["Second"])
            let typo = try await stint.run("dd", "2")
            #expect(typo.status == 64, "an unknown word is still a usage error: \(typo)")

            try write("[alias]\ntask = \"task list\"\n", for: stint)
            expectFailure(
                try await stint.run("task", "list"), 4,
                mentioning: ["line 2: alias \"task\" would hide the command stint task"])
            try write("[alias]\nd = \"task done\"\ndd = \"d 1\"\n", for: stint)
            expectFailure(
                try await stint.run("dd"), 4,
                mentioning: [
                    "line 3: alias \"dd\" runs \"d\", which is not a stint command (an alias cannot run another alias)"
                ])
        }
    }

    @Test("log.start is the --start not typed")
    func logStart() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Review")
            try write("[log]\nstart = \"08:30\"\n", for: stint)
            let logged = try await stint.ok("log", "45m", "1")
            #expect(logged.stdout.contains("on 2026-11-21 08:30–09:15"), "\(logged)")
            let typed = try await stint.ok("log", "15m", "1", "--start", "09:30")
            #expect(typed.stdout.contains("09:30–09:45"), "\(typed)")
        }
    }

    @Test("config set, get, unset and list round-trip, keeping the file's comments and other lines")
    func setGetListRoundTrip() async throws {
        try await Stint.withHome { stint in
            #expect(try await stint.ok("config").stdout == "auto-sync = off\n")
            #expect(try await stint.ok("config", "get", "week_start").stdout == "monday\n", "the default")
            let handWritten = """
                # Written by hand; stint config set must keep this.
                color = "never"   # no colour, ever

                [report]
                # what a bare `stint report` shows
                period = "week"
                """
            try write(handWritten + "\n", for: stint)

            let set = try await stint.ok("config", "set", "week-start", "Sun")
            #expect(set.stdout == "Set week_start = sunday in \(shownFile)\n")
            try await stint.ok("config", "set", "report.period", "month")
            try await stint.ok("config", "set", "report.by", "tags")
            try await stint.ok("config", "set", "alias.ls", "task list --search \"two words\"")
            try await stint.ok("config", "set", "auto-sync", "on")
            #expect(
                try read(stint) == """
                    # Written by hand; stint config set must keep this.
                    color = "never"   # no colour, ever
                    week_start = "sunday"

                    [report]
                    # what a bare `stint report` shows
                    period = "month"
                    by = "tag"

                    [alias]
                    ls = "task list --search \\"two words\\""

                    """)

            #expect(try await stint.ok("config", "get", "week_start").stdout == "sunday\n")
            #expect(try await stint.ok("config", "get", "report.by").stdout == "tag\n")
            #expect(try await stint.ok("config", "get", "alias.ls").stdout == "task list --search \"two words\"\n")
            #expect(try await stint.ok("config", "get", "auto-sync").stdout == "on\n")
            #expect(try await stint.json("config", "get", "report.period")["report_period"].string == "month")
            #expect(
                try await stint.ok("config").stdout
                    == "auto-sync = on\ncolor = never\nweek_start = sunday\nreport.period = month\nreport.by = tag\n"
                    + "alias.ls = task list --search \"two words\"\n")
            let all = try await stint.json("config")
            #expect(
                all["auto_sync"].bool == true && all["log_start"].string == "now" && all["file_exists"].bool == true)
            #expect(all["aliases"]["ls"].string == "task list --search \"two words\"")

            let removed = try await stint.ok("config", "unset", "report.by")
            #expect(removed.stdout.hasSuffix("(back to project)\n"), "\(removed)")
            #expect(!(try read(stint)).contains("by = "))
            #expect(try read(stint).contains("# what a bare `stint report` shows\nperiod = \"month\"\n"))

            let badValue = try await stint.run("config", "set", "color", "sometimes")
            expectFailure(badValue, 4)
            #expect(badValue.stderr == "stint: 'sometimes' is not a value of color: use auto, always or never\n")
            let unknown = try await stint.run("config", "set", "wek_start", "monday")
            expectFailure(unknown, 4, mentioning: ["unknown setting 'wek_start'"])
            expectFailure(try await stint.run("config", "get", "alias.nope"), 2, mentioning: ["no alias 'nope'"])
            expectFailure(
                try await stint.run("config", "set", "alias.task", "task list"), 4,
                mentioning: ["would hide the command stint task"])
            #expect(try await stint.ok("config", "path").stdout == configFile(stint).path + "\n")
        }
    }

    @Test("config set creates the file and its folder: under XDG_CONFIG_HOME, else ~/.config, when STINT_HOME is unset")
    func createsTheFile() async throws {
        try await Stint.withHome { stint in
            var xdg = stint
            let folder = stint.root.appendingPathComponent("xdg-\(UUID().uuidString)")
            xdg.extraEnvironment = ["STINT_HOME": "", "XDG_CONFIG_HOME": folder.path]
            let set = try await xdg.ok("config", "set", "log.start", "9am")
            let file = folder.appendingPathComponent("stint/config.toml")
            #expect(set.stdout == "Set log.start = 09:00 in ~/\(folder.lastPathComponent)/stint/config.toml\n")
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "[log]\nstart = \"09:00\"\n")
            #expect(try await xdg.ok("config", "path").stdout == file.path + "\n")

            var home = stint
            home.extraEnvironment = ["STINT_HOME": ""]
            let inHome = try await home.ok("config", "set", "week_start", "sat")
            #expect(inHome.stdout == "Set week_start = saturday in ~/.config/stint/config.toml\n", "\(inHome)")
            let created = stint.root.appendingPathComponent(".config/stint/config.toml")
            #expect(String(decoding: try Data(contentsOf: created), as: UTF8.self) == "week_start = \"saturday\"\n")
            #expect(!FileManager.default.fileExists(atPath: configFile(stint).path), "STINT_HOME's file is untouched")
        }
    }
}
