import Foundation
import Testing

/// The config file in-process (ADR 0027): read before parsing by `StintRuntime.run`, applied by the coordinator and
/// the workers, rewritten by `stint config set`. Today is Saturday 2026-11-21.
@Suite("Config routes")
struct ConfigRouteTests {
    func write(_ text: String, in stint: Harness) throws {
        try Data(text.utf8).write(to: stint.home.appendingPathComponent("config.toml"))
    }

    @Test("a broken file stops every command with exit 4 and one line; help, version and completions still run")
    func brokenFile() async throws {
        let stint = try Harness()
        try write("[report]\nby = \"client\"\n", in: stint)
        for line in [["task", "list"], ["config"], ["d"]] {
            let outcome = await stint.run(line)
            #expect(outcome.status == 4, "\(outcome)")
            #expect(
                outcome.stderr
                    == "stint: ~/home/config.toml line 2: \"client\" is not a value of report.by: "
                    + "use project, task, day, week or tag\n")
            #expect(outcome.stdout.isEmpty)
        }
        #expect(await stint.run("--version").status == 0)
        #expect(await stint.run("--help").status == 0)
        #expect(await stint.run("help", "task").status == 0)
        #expect(await stint.run("report", "-h").status == 0)
    }

    @Test("week_start reaches task list --due week, project show's week and report --by week")
    func weekStartReachesTheWorkers() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["task", "add", "Sunday's", "--due", "2026-11-15"],
            ["task", "add", "Monday's", "--due", "2026-11-16"],
            ["log", "1h", "--project", "Work", "--date", "2026-11-15", "--start", "09:00"],
        ])
        let isoWeek = try await stint.json("task", "list", "--due", "week") as? [[String: Any]]
        #expect(isoWeek?.compactMap { $0["title"] as? String } == ["Monday's"])
        try write("week_start = \"sun\"\n", in: stint)
        let sundayWeek = try await stint.json("task", "list", "--due", "week") as? [[String: Any]]
        #expect(sundayWeek?.compactMap { $0["title"] as? String } == ["Sunday's", "Monday's"])
        let project = try await stint.json("project", "show", "Work") as? [String: Any]
        #expect((project?["time"] as? [String: Any])?["this_week_seconds"] as? Int == 3_600)
        let byWeek = try await stint.json("report", "--since", "2026-11-08", "--by", "week") as? [String: Any]
        let keys = (byWeek?["rows"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
        #expect(keys == ["2026-11-15"], "the Sunday-to-Saturday week, not the ISO one: \(String(describing: byWeek))")
    }

    @Test("aliases expand before parsing; config set writes one and auto-sync still lives in the database")
    func aliasesAndAutoSync() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Call"], ["config", "set", "alias.d", "task done"]])
        let done = await stint.run("d", "1", "--json")
        #expect(done.status == 0, "\(done)")
        let config = try String(contentsOf: stint.home.appendingPathComponent("config.toml"), encoding: .utf8)
        #expect(config == "[alias]\nd = \"task done\"\n")

        #expect(await stint.run("config", "set", "auto-sync", "on").status == 0)
        #expect(await stint.run("config", "get", "autosync").stdout == "on\n")
        #expect(
            !(try String(contentsOf: stint.home.appendingPathComponent("config.toml"), encoding: .utf8))
                .contains("auto"))
        let unset = await stint.run("config", "unset", "auto-sync")
        #expect(unset.status == 4 && unset.stderr.contains("stint config set auto-sync off"), "\(unset)")
        let nothing = await stint.run("config", "unset", "week_start")
        #expect(nothing.status == 0 && nothing.stdout.hasSuffix("; nothing changed\n"), "\(nothing)")
    }
}
