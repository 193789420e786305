import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two or three devices (each a `stint` with its own STINT_HOME) and a real `stint-server` on
/// 127.0.0.1: the journeys of issue 8, seen only through the command line and the server's HTTP.
@Suite("Sync between devices", .serialized, .timeLimit(.minutes(10)))
struct SyncJourneyTests {
    /// The task of `device` titled `title`, from `task list --json` (all statuses).
    func task(_ device: Stint, titled title: String) async throws -> JSON {
        let tasks = try await device.json("task", "list", "--status", "all")
        return tasks.array.first { $0["title"].string == title } ?? JSON(nil)
    }

    @Test("work done offline on two devices converges to the same data")
    func offlineWorkConverges() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (laptop, desktop) = (world.devices[0], world.devices[1])
            try await laptop.ok("project", "add", "Website")
            try await laptop.ok("task", "add", "Write copy", "--project", "Website", "--due", "2026-12-01")
            let token = try await world.login(laptop, as: "ana")
            try await desktop.ok("task", "add", "Fix footer", "--tag", "css")
            try await world.login(desktop, as: "ana", token: token)

            try await laptop.ok("sync")
            try await desktop.ok("sync")
            try await laptop.ok("sync")

            let laptopTitles = Set(titles(try await laptop.json("task", "list", "--status", "all")))
            let desktopTitles = Set(titles(try await desktop.json("task", "list", "--status", "all")))
            #expect(laptopTitles == ["Write copy", "Fix footer"])
            #expect(desktopTitles == laptopTitles)
            let copy = try await task(desktop, titled: "Write copy")
            #expect(copy["project_name"].string == "Website")
            #expect(copy["due"].string == "2026-12-01")
            // Ids travel, numbers stay local: the pulled task got the desktop's next number.
            #expect(copy["id"].string == (try await task(laptop, titled: "Write copy"))["id"].string)
            #expect(copy["number"].int == 2)

            let status = try await laptop.json("sync", "status")
            #expect(status["pending_changes"].int == 0)
            let again = try await desktop.ok("sync")
            #expect(again.stdout.contains("up to date"), "\(again)")
        }
    }

    @Test("the same task edited on two devices: different fields both kept, the same field follows the rule")
    func concurrentEdits() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = (world.devices[0], world.devices[1])
            try await a.ok("task", "add", "Plan sprint")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            try await a.ok("sync")
            try await b.ok("sync")

            // Different fields: priority on A, due date on B.
            try await a.ok("task", "edit", "1", "--priority", "high")
            try await b.ok("task", "edit", "1", "--due", "2026-12-24")
            try await a.ok("sync")
            try await b.ok("sync")
            try await a.ok("sync")
            for device in [a, b] {
                let plan = try await task(device, titled: "Plan sprint")
                #expect(plan["priority"].string == "high")
                #expect(plan["due"].string == "2026-12-24")
            }

            // The same field: A reaches the server first, so A's title stands and B keeps its own as a conflict.
            try await a.ok("task", "edit", "1", "--title", "Plan sprint 12")
            try await b.ok("task", "edit", "1", "--title", "Plan the sprint")
            try await a.ok("sync")
            let synced = try await b.ok("sync")
            #expect(synced.stdout.contains("conflict"), "\(synced)")
            #expect((try await task(b, titled: "Plan sprint 12"))["id"].exists)
            let conflicts = try await b.json("sync", "conflicts")
            #expect(conflicts.array.count == 1)
            #expect(conflicts[0]["field"].string == "title")
            #expect(conflicts[0]["mine"].string == "Plan the sprint")
            #expect(conflicts[0]["theirs"].string == "Plan sprint 12")

            // Resolve with mine: B's title becomes a new change that reaches A.
            let id = try #require(conflicts[0]["id"].string)
            try await b.ok("sync", "conflicts", "resolve", String(id.prefix(8)), "--take", "mine")
            #expect(try await b.json("sync", "conflicts").array.isEmpty)
            try await b.ok("sync")
            try await a.ok("sync")
            #expect((try await task(a, titled: "Plan the sprint"))["id"].exists)
        }
    }

    @Test("a delete against an edit: the edit is kept on the tombstone and listed; resolve restores it")
    func deleteAgainstEdit() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = (world.devices[0], world.devices[1])
            try await a.ok("task", "add", "Old idea")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            try await a.ok("sync")
            try await b.ok("sync")

            try await a.ok("task", "delete", "1", "--force")
            try await b.ok("task", "edit", "1", "--title", "Old idea, revised")
            try await a.ok("sync")
            try await b.ok("sync")
            let conflicts = try await b.json("sync", "conflicts")
            #expect(conflicts.array.count == 1, "\(conflicts)")
            #expect(conflicts[0]["field"].string == "deleted_at")
            #expect(!(try await task(b, titled: "Old idea, revised"))["id"].exists)

            let id = try #require(conflicts[0]["id"].string)
            try await b.ok("sync", "conflicts", "resolve", id, "--take", "mine")
            #expect((try await task(b, titled: "Old idea, revised"))["id"].exists)
            try await b.ok("sync")
            try await a.ok("sync")
            #expect((try await task(a, titled: "Old idea, revised"))["id"].exists)
        }
    }

    @Test("a timer started on A is paused on B and stopped on A: one entry, with the time worked and its tags")
    func timerFollowsItsPerson() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let a = world.devices[0].at("2026-11-21T09:00:00Z")
            let b = world.devices[1]
            try await a.ok("task", "add", "Review")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            try await a.ok("timer", "start", "1", "--tag", "client")
            try await a.ok("sync")
            try await b.at("2026-11-21T09:30:00Z").ok("sync")
            let onB = try await b.at("2026-11-21T09:30:00Z").json("timer")
            #expect(onB["running"]["tags"].array.compactMap(\.string) == ["client"], "\(onB)")
            try await b.at("2026-11-21T09:30:00Z").ok("timer", "pause")
            try await b.at("2026-11-21T09:31:00Z").ok("sync")
            try await a.at("2026-11-21T10:00:00Z").ok("sync")
            let paused = try await a.at("2026-11-21T10:00:00Z").json("timer")
            #expect(paused["running"].isNull, "\(paused)")
            #expect(paused["paused"].array.count == 1)
            try await a.at("2026-11-21T10:00:00Z").ok("timer", "stop")
            try await a.at("2026-11-21T10:00:00Z").ok("sync")
            try await b.at("2026-11-21T10:01:00Z").ok("sync")
            for device in [a, b] {
                let entries = try await device.at("2026-11-21T10:05:00Z").json("entries", "--since", "2026-11-21")
                #expect(entries.array.count == 1, "\(entries)")
                #expect(entries[0]["duration_seconds"].int == 1_800)
                #expect(entries[0]["tags"].array.compactMap(\.string) == ["client"], "\(entries)")
            }
        }
    }

    @Test("two timers started offline: the later keeps running, the earlier is paused at its start")
    func twoOfflineTimers() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let a = world.devices[0].at("2026-11-21T09:00:00Z")
            let b = world.devices[1].at("2026-11-21T09:20:00Z")
            try await a.ok("task", "add", "Build")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            try await a.ok("sync")
            try await b.ok("sync")
            try await b.ok("task", "add", "Write")
            try await a.ok("timer", "start", "1")
            try await b.ok("timer", "start", "2")
            try await a.at("2026-11-21T09:40:00Z").ok("sync")
            try await b.at("2026-11-21T09:41:00Z").ok("sync")
            try await a.at("2026-11-21T09:42:00Z").ok("sync")
            for device in [a, b] {
                let timers = try await device.at("2026-11-21T10:00:00Z").json("timer")
                #expect(timers["running"]["task_title"].string == "Write", "\(timers)")
                #expect(timers["paused"].array.count == 1)
                // 09:00 to 09:20 on Build: none of the overlap is counted twice.
                #expect(timers["paused"][0]["elapsed_seconds"].int == 1_200, "\(timers)")
            }
        }
    }

    /// The fault journey's timer that came back (seed 216995909), reduced to six commands: A's start of Design paused
    /// Build at 09:40, but the server had paused Build at 09:20 (B's timer); undoing the start put back Build's
    /// state without its intervals, the server refused the stop that followed, and its answer revived Build.
    @Test("undoing a start whose pause lost to the server's, then stopping the other timer: it stays stopped")
    func undoneStartThenStop() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let a = world.devices[0].at("2026-11-21T09:00:00Z")
            let b = world.devices[1].at("2026-11-21T09:20:00Z")
            try await a.ok("task", "add", "Build")
            try await a.ok("task", "add", "Design")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            try await b.ok("task", "add", "Write")
            let build = try #require(try await a.json("timer", "start", "1")["timer"]["id"].string)
            try await a.ok("sync")
            try await b.ok("timer", "start", "1")
            try await b.ok("sync")
            try await a.at("2026-11-21T09:40:00Z").ok("timer", "start", "2")
            let pushed = try await a.at("2026-11-21T09:41:00Z").ok("sync")
            #expect(pushed.stdout.contains("1 conflict"), "Build's pause at 09:40 loses to the server's at 09:20")
            try await a.at("2026-11-21T09:45:00Z").ok("undo")
            try await a.at("2026-11-21T09:50:00Z").ok("timer", "stop", build)
            let stopped = try await a.at("2026-11-21T09:51:00Z").ok("sync")
            #expect(!stopped.stdout.contains("Rejected"), "\(stopped)")
            try await b.at("2026-11-21T09:52:00Z").ok("sync")
            for device in [a, b] {
                let timers = try await device.at("2026-11-21T10:00:00Z").json("timer")
                #expect(timers["running"].isNull, "\(timers)")
                #expect(timers["paused"].array.map { $0["task_title"].string } == ["Write"], "\(timers)")
                let entries = try await device.json("entries", "--since", "2026-11-21")
                #expect(entries.array.map { $0["id"].string } == [build], "\(entries)")
                #expect(entries[0]["duration_seconds"].int == 1_200, "09:00 to the server's pause at 09:20")
            }
        }
    }

    /// The fault journey's other finding (defect 1 of ADR 0024), without a proxy: a delete and its undo reach the
    /// server as a change of `updated_at` alone, and the push's answer is lost (A's database is put back as it
    /// was before the sync). The retry meets a gap and pulls from its cursor, so whatever the server made of the
    /// change must reach A that way: every device ends with the same entry, time stamp included.
    @Test("a change and its undo whose push answer is lost: every device ends with the same record, time stamp too")
    func lostAnswerOfChangeAndUndo() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let a = world.devices[0].at("2026-11-21T09:00:00Z")
            let b = world.devices[1].at("2026-11-21T09:01:00Z")
            try await a.ok("task", "add", "Review")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            let entry = try #require(try await a.json("log", "20m", "1")["id"].string)
            try await a.ok("sync")
            try await b.ok("sync")
            try await a.at("2026-11-21T09:10:00Z").ok("entries", "delete", entry)
            try await a.at("2026-11-21T09:11:00Z").ok("undo")

            // The push lands on the server; its answer never reaches A.
            let files = FileManager.default
            let saved = a.root.appendingPathComponent("saved", isDirectory: true)
            try files.createDirectory(at: saved, withIntermediateDirectories: true)
            let names = try files.contentsOfDirectory(atPath: a.home.path).filter { $0.hasPrefix("stint.sqlite") }
            for name in names {
                try files.copyItem(at: a.home.appendingPathComponent(name), to: saved.appendingPathComponent(name))
            }
            try await a.at("2026-11-21T09:12:00Z").ok("sync")
            for name in try files.contentsOfDirectory(atPath: a.home.path) where name.hasPrefix("stint.sqlite") {
                try files.removeItem(at: a.home.appendingPathComponent(name))
            }
            for name in names {
                try files.copyItem(at: saved.appendingPathComponent(name), to: a.home.appendingPathComponent(name))
            }

            try await a.at("2026-11-21T09:13:00Z").ok("task", "add", "Write")
            try await a.at("2026-11-21T09:14:00Z").ok("sync")
            try await b.at("2026-11-21T09:15:00Z").ok("sync")
            var seen: [String] = []
            for device in [a, b] {
                seen.append(try Self.exported(try await device.export(), "time_entries", id: entry))
            }
            #expect(seen[0] == seen[1])
            #expect(seen[0].contains("\"updated_at\":\"2026-11-21T09:11:00.000Z\""), "the undo's time: \(seen[0])")
        }
    }

    /// One record of an export, as sorted JSON text.
    static func exported(_ export: String, _ entity: String, id: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any]
        let rows = object?[entity] as? [[String: Any]] ?? []
        let row = try #require(rows.first { ($0["id"] as? String)?.lowercased() == id.lowercased() })
        return String(decoding: try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Ana on two devices, A at 09:00 with a timer on task 1 running since then, and B synced at 09:05 so it sees it.
    static func timerOnBothDevices(_ world: SyncWorld) async throws -> (a: Stint, b: Stint) {
        let a = world.devices[0].at("2026-11-21T09:00:00Z")
        let b = world.devices[1]
        try await a.ok("task", "add", "Call")
        let token = try await world.login(a, as: "ana")
        try await world.login(b, as: "ana", token: token)
        try await a.ok("timer", "start", "1")
        try await a.ok("sync")
        try await b.at("2026-11-21T09:05:00Z").ok("sync")
        return (a, b)
    }

    @Test("a timer stopped on two devices yields exactly one entry; the stale stop is kept as a conflict")
    func doubleStop() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = try await Self.timerOnBothDevices(world)
            try await a.at("2026-11-21T09:30:00Z").ok("timer", "stop")
            try await b.at("2026-11-21T09:45:00Z").ok("timer", "stop")
            try await a.at("2026-11-21T09:50:00Z").ok("sync")
            try await b.at("2026-11-21T09:51:00Z").ok("sync")
            try await a.at("2026-11-21T09:52:00Z").ok("sync")
            for device in [a, b] {
                let entries = try await device.json("entries", "--since", "2026-11-21")
                #expect(entries.array.count == 1, "\(entries)")
                #expect(entries[0]["duration_seconds"].int == 1_800, "the first stop stands")
            }
            #expect(!(try await b.json("sync", "conflicts")).array.isEmpty)
        }
    }

    @Test("a stale stop of a timer paused offline loses whole: its extra stretch is withdrawn everywhere")
    func staleStopWithMoreStretches() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = try await Self.timerOnBothDevices(world)
            // B, offline, pauses 09:10–09:20; A stops at 09:30 and syncs first; B stops at 09:40.
            try await b.at("2026-11-21T09:10:00Z").ok("timer", "pause")
            try await b.at("2026-11-21T09:20:00Z").ok("timer", "resume")
            try await a.at("2026-11-21T09:30:00Z").ok("timer", "stop")
            try await a.at("2026-11-21T09:31:00Z").ok("sync")
            let stale = try await b.at("2026-11-21T09:40:00Z").json("timer", "stop")
            #expect(stale["entries"].array.count == 2, "\(stale)")
            try await b.at("2026-11-21T09:41:00Z").ok("sync")
            try await b.at("2026-11-21T09:42:00Z").ok("sync")
            try await a.at("2026-11-21T09:43:00Z").ok("sync")
            for device in [a, b] {
                let entries = try await device.json("entries", "--since", "2026-11-21")
                #expect(entries.durations == [1_800], "the first stop stands, whole: \(entries)")
            }
        }
    }

    @Test("a new device pulls everything; a teammate reads entries when asked but cannot touch them or see timers")
    func teamPermissions() async throws {
        try await SyncWorld.with(devices: 3) { world in
            let (ana, anaLaptop, ben) = (world.devices[0], world.devices[1], world.devices[2])
            try await ana.ok("project", "add", "Shop")
            try await ana.ok("task", "add", "Stock take", "--project", "Shop")
            try await ana.ok("log", "45m", "1", "--date", "2026-11-20")
            let token = try await world.login(ana, as: "ana")
            try await ana.ok("timer", "start", "1")
            try await ana.ok("sync")

            try await world.login(anaLaptop, as: "ana", token: token)
            try await anaLaptop.ok("sync")
            #expect(titles(try await anaLaptop.json("task", "list")) == ["Stock take"])
            #expect(try await anaLaptop.json("entries", "--since", "2026-11-20").array.count == 1)
            #expect(!(try await anaLaptop.json("timer"))["running"].isNull)

            try await world.login(ben, as: "ben")
            try await ben.ok("sync")
            #expect(titles(try await ben.json("task", "list")) == ["Stock take"])
            #expect((try await ben.json("timer"))["running"].isNull, "Ben never sees Ana's timer")
            let team = try await ben.json("team")
            #expect(Set(team.array.compactMap { $0["name"].string }) == ["ana", "ben"])

            // Ana's time is hers: Ben's entries and dashboard are his own; he reads hers when he asks for them.
            #expect(try await ben.json("entries", "--since", "2026-11-20").array.isEmpty)
            let hers = try await ben.json("entries", "--since", "2026-11-20", "--user", "ana")
            #expect(hers.array.count == 1, "\(hers)")
            let total = try await ben.json("report", "--since", "2026-11-20", "--until", "2026-11-20", "--user", "ana")
            #expect(total["total_seconds"].int == 45 * 60, "\(total)")
            // Ben cannot change her entry on his device either (the server would refuse it and put it back).
            let entryID = try #require(hers[0]["id"].string)
            let refused = try await ben.run("entries", "edit", String(entryID.prefix(8)), "--note", "mine now")
            expectFailure(refused, 5, mentioning: ["teammate"])
            expectFailure(try await ben.run("entries", "delete", String(entryID.prefix(8))), 5)
            try await ben.ok("sync")
            try await ana.ok("sync")
            #expect(try await ana.json("entries", "--since", "2026-11-20")[0]["note"].string == "")
        }
    }

    @Test("a wrong or revoked token is one clear line and nothing local is lost")
    func wrongAndRevokedTokens() async throws {
        try await SyncWorld.with(devices: 1) { world in
            let device = world.devices[0]
            try await device.ok("task", "add", "Keep me")
            let wrong = try await device.run("login", world.server.url, "--token", "stint_not-a-real-token")
            expectFailure(wrong, 7, mentioning: ["token"])
            #expect(!wrong.stderr.contains("stint_not-a-real-token"))

            let token = try world.server.addUser("ana")
            let badName = try await device.run("login", world.server.url, "--token", token, "--device-name", "a\u{1b}b")
            expectFailure(badName, 4, mentioning: ["device name"])
            let login = try await device.run(["login", world.server.url, "--token", "-"], input: token + "\n")
            #expect(login.status == 0, "\(login)")
            #expect(!login.stdout.contains(token) && !login.stderr.contains(token))
            let credentials = device.home.appendingPathComponent("credentials")
            let attributes = try FileManager.default.attributesOfItem(atPath: credentials.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)

            let tokens = try world.server.admin("token", "list", "ana")
            let tokenID = try #require(
                tokens.stdout.split(separator: "\n").first?.split(separator: " ").first)
            #expect(try world.server.admin("token", "revoke", String(tokenID)).status == 0)
            try await device.ok("task", "add", "Still here")
            let refused = try await device.run("sync")
            expectFailure(refused, 7)
            #expect(titles(try await device.json("task", "list")).sorted() == ["Keep me", "Still here"])
            #expect((try await device.json("sync", "status"))["pending_changes"].int ?? 0 > 0)
        }
    }

    @Test("a server that answers garbage or never answers: one line within the timeout, nothing lost")
    func garbageAndSilence() async throws {
        try await Stint.withHome { device in
            try await device.ok("task", "add", "Safe")
            for behaviour in [FakeServer.Behaviour.garbage, .silent] {
                let server = try FakeServer(behaviour)
                defer { server.close() }
                var quick = device
                quick.extraEnvironment["STINT_SYNC_TIMEOUT"] = "0.5"
                let result = try await quick.run("login", "http://127.0.0.1:\(server.port)", "--token", "stint_x")
                expectFailure(result, 7)
            }
            #expect(titles(try await device.json("task", "list")) == ["Safe"])
        }
    }

    @Test("the server killed with SIGKILL during a push and restarted: exactly one copy of everything")
    func killedServer() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = (world.devices[0], world.devices[1])
            let token = try await world.login(a, as: "ana")
            for index in 1...60 {
                try await a.ok("task", "add", "Task \(index)")
            }
            async let interrupted = a.run("sync")
            world.server.stop(signal: SIGKILL)
            _ = try await interrupted
            try await world.server.start()
            try await a.ok("sync")
            try await world.login(b, as: "ana", token: token)
            try await b.ok("sync")
            let titlesOnB = titles(try await b.json("task", "list"))
            #expect(titlesOnB.count == 60)
            #expect(Set(titlesOnB).count == 60)
            #expect((try await a.json("sync", "status"))["pending_changes"].int == 0)
        }
    }

    @Test("the HTTP contract: a malformed body is a 400, an oversized one a 413, the same batch twice applies once")
    func httpContract() async throws {
        try await SyncWorld.with(devices: 1) { world in
            let token = try world.server.addUser("ana")
            let malformed = try await HTTP.post(
                world.server.url + "/v1/push", token: token, body: Data("{not json".utf8))
            #expect(malformed.status == 400, "\(malformed)")
            #expect(malformed.json["code"].string != nil)
            let huge = try await HTTP.post(
                world.server.url + "/v1/push", token: token, body: Data(repeating: 0x20, count: 5 << 20))
            #expect(huge.status == 413, "\(huge)")
            let old = try await HTTP.get(world.server.url + "/v1/session", token: token, protocolVersion: 0)
            #expect(old.status == 426, "\(old)")

            let device = UUID().uuidString.lowercased()
            let registered = try await HTTP.post(
                world.server.url + "/v1/devices", token: token,
                json: ["id": device, "name": "script", "startAfter": 0])
            #expect(registered.status == 200, "\(registered)")
            let epoch = try #require(registered.json["epoch"].string)
            let batch: [String: Any] = [
                "deviceId": device, "epoch": epoch, "first": 1, "last": 1,
                "mutations": [
                    [
                        "number": 1, "entity": "project", "id": UUID().uuidString.lowercased(),
                        "changes": ["name": "Once", "note": "", "created_at": 1, "updated_at": 1],
                    ]
                ],
            ]
            let first = try await HTTP.post(world.server.url + "/v1/push", token: token, json: batch)
            let second = try await HTTP.post(world.server.url + "/v1/push", token: token, json: batch)
            #expect(first.status == 200 && second.status == 200, "\(first) \(second)")
            #expect(first.json["replayed"].bool == false)
            #expect(second.json["replayed"].bool == true)
            let changes = try await HTTP.get(world.server.url + "/v1/changes", token: token)
            #expect(changes.json["changes"].array.count == 1, "\(changes)")
        }
    }
    @Test("a reset server is noticed: the device starts over with it and its pending changes are pushed, not lost")
    func resetServer() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = (world.devices[0], world.devices[1])
            try await a.ok("task", "add", "Before the reset")
            try await world.login(a, as: "ana")
            try await a.ok("sync")
            try await a.ok("task", "add", "Written while the server was away")

            world.server.stop()
            try world.server.reset()
            try await world.server.start()
            let token = try world.server.addUser("ana")

            // The old token is gone with the old server: one line, nothing lost.
            expectFailure(try await a.run("sync"), 7)
            try await a.ok("login", world.server.url, "--token", token)
            let synced = try await a.ok("sync")
            #expect(synced.stdout.contains("pushed"), "\(synced)")
            #expect(
                titles(try await a.json("task", "list")).sorted() == [
                    "Before the reset", "Written while the server was away",
                ])

            try await world.login(b, as: "ana", token: token)
            try await b.ok("sync")
            #expect(titles(try await b.json("task", "list")).contains("Written while the server was away"))
            #expect((try await a.json("sync", "status"))["pending_changes"].int == 0)
        }
    }
}
