import Foundation
import Testing
@_spi(Testing) import Workers

extension Harness {
    /// Logs this home in to a stand-in server whose users are `you` and `others` and fills the team cache, as
    /// `stint login` and `stint team` would against a real one. Returns the users' ids.
    @discardableResult
    func logIn(as you: String, team others: [String]) async throws -> [UUID] {
        let server = TeamStandIn()
        let ids = server.setUsers([you] + others)
        let now = try Date.ISO8601FormatStyle().parse(self.now)
        let workers = WorkersDependencyContainer(
            databasePath: home.appendingPathComponent("stint.sqlite").path,
            credentialsPath: home.appendingPathComponent("credentials").path, now: now, team: server)
        let sync = try workers.makeSyncWorker()
        _ = try await sync.login(server: TeamStandIn.server, token: "token", deviceName: "test")
        _ = try await sync.team(refresh: true)
        return ids
    }
}

/// `--assign`, `--assignee` and `report --user`: the team-facing options, through the whole command line.
@Suite("Team routes")
struct TeamRouteTests {
    @Test("without a login, assigning says how to log in and changes nothing; reads still work")
    func notLoggedIn() async throws {
        let stint = try Harness()
        let refused = await stint.run("task", "add", "Review", "--assign", "grace")
        #expect(refused.status == 5)
        #expect(refused.stderr == "stint: assigning needs a server: log in with stint login URL\n")
        #expect(await stint.run("task", "list", "--count").stdout == "0\n")
        #expect(await stint.run("task", "add", "Review", "--assign", "none").status == 0)
        let mine = await stint.run("task", "list", "--assignee", "me")
        #expect(mine.status == 5)
        #expect(mine.stderr == "stint: --assignee needs a server: log in with stint login URL\n")
        #expect(await stint.run("report", "--user", "grace").status == 5)
        #expect(await stint.run("report", "--user", "all").status == 0)
    }

    @Test("assign by name or me, show and JSON name the assignee, list filters, none clears")
    func assign() async throws {
        let stint = try Harness()
        let ids = try await stint.logIn(as: "Ada", team: ["Grace", "Greta"])
        let added = await stint.run("task", "add", "Review", "the", "PR", "--assign", "GRACE")
        #expect(added.status == 0)
        #expect(added.stdout == "Added task 1 \"Review the PR\" to the inbox\n")
        try await stint.given([["task", "add", "Write", "--assign", "me"], ["task", "add", "Nobody's"]])

        let shown = await stint.run("task", "show", "1")
        #expect(shown.stdoutLines.contains("  Assignee  Grace"), "\(shown)")
        let json = try await stint.json("task", "show", "2") as? [String: Any]
        #expect(json?["assignee_id"] as? String == ids[0].uuidString.lowercased())
        #expect(json?["assignee_name"] as? String == "Ada")
        let nobody = try await stint.json("task", "show", "3") as? [String: Any]
        #expect(nobody?["assignee_id"] is NSNull)
        #expect(nobody?["assignee_name"] is NSNull)

        let listed = try await stint.json("task", "list", "--assignee", "me") as? [[String: Any]]
        #expect(listed?.compactMap { $0["number"] as? Int } == [2])
        #expect(await stint.run("task", "list", "--assignee", "grace", "--count").stdout == "1\n")

        let unknown = await stint.run("task", "edit", "3", "--assign", "bob")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "stint: no team member named \"bob\": the team is Ada (you), Grace, Greta\n")
        let ambiguous = await stint.run("task", "edit", "3", "--assign", "gr")
        #expect(ambiguous.status == 3)
        #expect(ambiguous.stderr.hasPrefix("stint: \"gr\" could be any of Grace ("), "\(ambiguous)")

        #expect(await stint.run("task", "edit", "1", "--assign", "none").status == 0)
        #expect(await stint.run("task", "list", "--assignee", "grace", "--count").stdout == "0\n")
        #expect(await stint.run("task", "edit", "3", "--assign", "greta").status == 0)
        let greta = await stint.run("task", "show", "3")
        #expect(greta.stdoutLines.contains("  Assignee  Greta"), "\(greta)")

        // After a logout the team is forgotten: a read names the assignee by a short id rather than failing.
        #expect(await stint.run("logout").status == 0)
        let offline = try await stint.json("task", "show", "3") as? [String: Any]
        #expect(offline?["assignee_name"] as? String == String(ids[2].uuidString.lowercased().prefix(8)))
    }

    @Test("team --refresh with the server away is one line and exit 7; team alone answers from the cache")
    func refreshWithTheServerAway() async throws {
        let stint = try Harness()
        try await stint.logIn(as: "Ada", team: ["Grace"])
        // The stand-in is gone: its address is a loopback port nothing listens on.
        let refreshed = await stint.run("team", "--refresh")
        #expect(refreshed.status == 7, "\(refreshed)")
        #expect(refreshed.stdout.isEmpty)
        #expect(
            refreshed.stderr
                == "stint: cannot sync with http://127.0.0.1:9: cannot reach the server at http://127.0.0.1:9: "
                + "cannot connect to 127.0.0.1:9: connection refused\n")
        let cached = await stint.run("team")
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.stderr.isEmpty)
        #expect(cached.stdoutLines.contains { $0.hasPrefix("Grace") }, "\(cached)")
    }

    @Test("entries lists my own by default, everyone's with --user all (saying whose), a member's by name")
    func entriesUsers() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["log", "1h", "--project", "Work", "--date", "2026-11-17"],
        ])
        let ids = try await stint.logIn(as: "Ada", team: ["Grace"])
        // Grace's entry, as a sync would bring it: an export whose person (and author) is her server id.
        let other = try Harness()
        try await other.given([
            ["project", "add", "Garden"], ["log", "30m", "--project", "Garden", "--date", "2026-11-18"],
        ])
        let person = try #require(
            (try JSONSerialization.jsonObject(with: Data((await other.run("export")).stdout.utf8)) as? [String: Any])?[
                "person_id"] as? String)
        let file = stint.root.appendingPathComponent("grace.json")
        let text = (await other.run("export")).stdout.replacingOccurrences(of: person, with: ids[1].lowercasedString)
        try Data(text.utf8).write(to: file)
        let imported = await stint.run("import", file.path)
        #expect(imported.stdout == "Imported \(file.path): 2 new, 0 updated, 0 unchanged\n", "a teammate's stays hers")

        let week = ["--since", "2026-11-16", "--until", "2026-11-22"]
        let mine = try await stint.json(["entries"] + week) as? [[String: Any]]
        #expect(mine?.count == 1)
        let all = await stint.run(["entries"] + week + ["--user", "all"])
        let lines = all.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Entry     By     Date") == true, "\(all.stdout)")
        #expect(lines.contains { $0.contains(" Ada ") && $0.contains("Work") }, "\(all.stdout)")
        #expect(lines.contains { $0.contains(" Grace ") && $0.contains("Garden") }, "\(all.stdout)")
        let grace = try await stint.json(["entries"] + week + ["--user", "grace"]) as? [[String: Any]]
        #expect(grace?.map { $0["logged_by"] as? String } == [ids[1].lowercasedString])
        #expect(await stint.run(["entries"] + week + ["--user", "bob"]).status == 2)
        // Her entry is hers: this device refuses to change it.
        let id = try #require(grace?.first?["id"] as? String)
        let edit = await stint.run("entries", "edit", String(id.prefix(8)), "--note", "mine now")
        #expect(edit.status == 5)
        #expect(
            edit.stderr == "stint: entry \(id.prefix(8)) was logged by a teammate: only they can change or delete it\n")
    }

    @Test("a report counts my time by default, everyone's with --user all, a member's by name")
    func reportUsers() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["log", "1h", "--project", "Work", "--date", "2026-11-17"],
        ])
        try await stint.logIn(as: "Ada", team: ["Grace"])
        let mine = try await stint.json("report") as? [String: Any]
        #expect(mine?["total_seconds"] as? Int == 3_600)
        #expect(mine?["user"] as? String == "me")
        let all = try await stint.json("report", "--user", "all") as? [String: Any]
        #expect(all?["total_seconds"] as? Int == 3_600)
        #expect(all?["user"] as? String == "all")
        let grace = await stint.run("report", "--user", "grace")
        #expect(grace.status == 0)
        #expect(
            grace.stdout
                == "No time logged by Grace between 2026-11-16 and 2026-11-22. Log some with: stint log 1h TASK\n")
        let ada = await stint.run("report", "--user", "ada")
        #expect(ada.stdout.hasPrefix("Week of 2026-11-16 – 2026-11-22 · by project · Ada's time · 1h"), "\(ada)")
        #expect(await stint.run("report", "--user", "bob").status == 2)
    }
}
