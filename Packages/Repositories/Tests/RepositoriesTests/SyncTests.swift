import Entities
import Foundation
import LocalStorage
import Testing

@testable import Repositories

/// One device: its own SQLite file, credentials file, clock and ids, reaching the shared fake server.
struct SyncDevice {
    let folder: URL
    let clock = TestClock()
    let container: RepositoriesDependencyContainer

    init(_ server: FakeSyncServer, ids prefix: String, batchBytes: Int = 1 << 20) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stint-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        container = try RepositoriesDependencyContainer(
            databasePath: folder.appendingPathComponent("data/stint.sqlite").path, clock: clock,
            ids: PrefixedIdentifiers(prefix: prefix),
            credentialsFile: folder.appendingPathComponent("config/credentials.json"),
            syncServiceFactory: { _, token in FakeSyncService(server: server, token: token) },
            syncBatchBytes: batchBytes)
    }

    static let server = URL(string: "http://127.0.0.1:8420") ?? URL(fileURLWithPath: "/")

    var sync: any SyncRepository { container.syncRepository() }
    var projects: any ProjectRepository { container.makeProjectRepository() }
    var tasks: any TaskRepository { container.makeTaskRepository() }
    var timers: any TimerRepository { container.makeTimerRepository() }
    var entries: any TimeEntryRepository { container.makeTimeEntryRepository() }
    var history: any HistoryRepository { container.makeHistoryRepository() }

    @discardableResult
    func login(_ token: String, name: String = "laptop") async throws -> SyncAccount {
        try await sync.login(server: Self.server, token: token, deviceName: name)
    }

    @discardableResult
    func syncNow() async throws -> SyncSummary {
        try await sync.sync { _ in }
    }

    func task(_ id: UUID) async throws -> Entities.Task? {
        try await tasks.tasks(matching: TaskQuery(statuses: [], ids: [id])).first
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite("Compaction of the change log into mutations")
struct CompactionTests {
    private func change(_ seq: Int64, _ id: Int, _ operation: String, before: String?, after: String?) -> PendingChange
    {
        PendingChange(
            seq: seq, entity: "task", entityID: String(format: "00000000-0000-4000-8000-%012d", id),
            operation: operation, before: before, after: after)
    }

    @Test(
        "several changes of one record fold into one mutation",
        arguments: [
            // insert then update: everything, from the last image, numbered by the last change
            (
                [
                    (1, "insert", nil, #"{"id":"x","number":1,"title":"A","note":"","version":1}"#),
                    (2, "update", #"{"title":"A","note":"","version":1}"#, #"{"title":"B","note":"","version":2}"#),
                ], 2, false, ["note", "title"]
            ),
            // two updates: the base is the first before-image, only fields that differ from it
            (
                [
                    (3, "update", #"{"title":"A","note":"n","version":4}"#, #"{"title":"B","note":"n","version":5}"#),
                    (4, "update", #"{"title":"B","note":"n","version":5}"#, #"{"title":"B","note":"m","version":6}"#),
                ], 4, true, ["note", "title"]
            ),
            // a change undone before the push: nothing to send
            (
                [
                    (5, "update", #"{"title":"A","version":1}"#, #"{"title":"B","version":2}"#),
                    (6, "update", #"{"title":"B","version":2}"#, #"{"title":"A","version":3}"#),
                ], nil, true, []
            ),
        ] as [([(Int64, String, String?, String?)], Int64?, Bool, [String])])
    func folding(changes: [(Int64, String, String?, String?)], number: Int64?, hasBase: Bool, fields: [String])
        throws
    {
        let mutations = try SyncCoding.compact(changes.map { change($0.0, 1, $0.1, before: $0.2, after: $0.3) })
        #expect(mutations.first?.number == number)
        #expect(mutations.count == (number == nil ? 0 : 1))
        guard let mutation = mutations.first else { return }
        #expect((mutation.base != nil) == hasBase)
        #expect(mutation.changes.keys.sorted() == fields, "never id, number or version")
        if hasBase { #expect(mutation.baseVersion == 4) }
    }

    @Test("records keep the order they first appear in, each with its own number")
    func order() throws {
        let mutations = try SyncCoding.compact([
            change(1, 1, "insert", before: nil, after: #"{"title":"A"}"#),
            change(2, 2, "insert", before: nil, after: #"{"title":"B"}"#),
            change(3, 1, "update", before: #"{"title":"A"}"#, after: #"{"title":"C"}"#),
        ])
        #expect(mutations.map(\.number) == [3, 2])
        #expect(mutations[0].changes["title"] == .string("C"))
        #expect(mutations[0].base == nil)
    }

    @Test("JSON text round-trips through SyncValue")
    func values() throws {
        let text = #"{"a":[1,"x\n",null],"b":true,"c":-2.5}"#
        #expect(SyncValue.parse(text)?.jsonText == text)
    }
}

@Suite("Sync between devices through a server")
struct SyncTests {
    @Test("not logged in: sync and team refuse, status says so without the network")
    func notLoggedIn() async throws {
        let server = FakeSyncServer()
        let device = try SyncDevice(server, ids: "aaaa")
        defer { device.remove() }
        let error = await repositoryError { try await device.syncNow() }
        guard case .notLoggedIn = error else {
            Issue.record("expected notLoggedIn, got \(String(describing: error))")
            return
        }
        let status = try await device.sync.status()
        #expect(status.account == nil)
        #expect(status.pending == 0)
        let bad = await repositoryError { try await device.login("wrong") }
        guard case .remote(.unauthorized) = bad else {
            Issue.record("expected unauthorized, got \(String(describing: bad))")
            return
        }
        #expect(try await device.sync.account() == nil)
    }

    @Test("login adopts the server's user as the local person, stores the token 0600; logout keeps the data")
    func loginAndLogout() async throws {
        let server = FakeSyncServer()
        let ann = await server.addUser("Ann", token: "stint_ann")
        let device = try SyncDevice(server, ids: "aaaa")
        defer { device.remove() }
        let project = try await device.projects.create(name: "Home", note: "")
        _ = try await device.timers.start(target: .project(project.id), note: nil, billable: false, at: nil)
        let account = try await device.login("stint_ann")
        #expect(account.userID == ann.id)
        #expect(try await device.timers.runningTimer()?.ownerID == ann.id, "the local timer follows its person")
        let mode =
            try FileManager.default.attributesOfItem(
                atPath: device.folder.appendingPathComponent("config/credentials.json").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await device.sync.status().pending == 2)

        let summary = try await device.syncNow()
        #expect(summary.pushed == 2)
        #expect(summary.applied == 2)
        #expect(try await device.sync.status().pending == 0)
        #expect(await server.record(project.id, .project)?.fields["name"] == .string("Home"))

        #expect(try await device.sync.logout() == account)
        #expect(try await device.sync.account() == nil)
        #expect(try await device.projects.projects(includeArchived: false).map(\.name) == ["Home"])
        #expect(
            !FileManager.default.fileExists(
                atPath: device.folder.appendingPathComponent("config/credentials.json").path))
    }

    @Test("offline work on two devices converges; a pulled task gets the next local number")
    func converge() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        await server.addUser("Bob", token: "b")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("b", name: "desktop")
        _ = try await b.tasks.create(NewTask(title: "B's own"))
        let project = try await a.projects.create(name: "Shared", note: "")
        let fromA = try await a.tasks.create(NewTask(title: "From A", projectID: project.id))
        try await a.syncNow()
        let summary = try await b.syncNow()
        #expect(summary.pulled == 2, "A's project and task; B's own task comes back as B holds it and is not counted")
        let pulled = try #require(try await b.task(fromA.id))
        #expect(pulled.number == 2, "B's own task is 1; the pulled one gets the next number")
        #expect(pulled.projectID == project.id)
        try await a.syncNow()
        #expect(try await a.task(pulled.id)?.number == 1)
        #expect(try await a.tasks.count(matching: TaskQuery()) == 2)
        #expect(try await b.tasks.count(matching: TaskQuery()) == 2)

        // Offline, both edit the same task: different fields are both kept.
        _ = try await a.tasks.change(fromA.id, summary: "rename") { task, now in
            try task.rename(to: "Renamed on A", now: now)
        }
        b.clock.advance(60)
        _ = try await b.tasks.change(fromA.id, summary: "priority") { task, now in task.setPriority(.high, now: now) }
        try await a.syncNow()
        let merged = try await b.syncNow()
        #expect(merged.conflicts == 0)
        try await a.syncNow()
        for device in [a, b] {
            let task = try #require(try await device.task(fromA.id))
            #expect(task.title == "Renamed on A")
            #expect(task.priority == .high)
        }
    }

    @Test("a page whose tasks name a project only a later page holds waits for that page instead of failing every sync")
    func parentInALaterPage() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let project = try await a.projects.create(name: "Big", note: "")
        for number in 1...3 { _ = try await a.tasks.create(NewTask(title: "Task \(number)", projectID: project.id)) }
        try await a.syncNow()
        // Renamed after its tasks reached the server: its last change comes after theirs, so a pull sends it after
        // them, on a later page.
        a.clock.advance(60)
        _ = try await a.projects.rename(project.id, to: "Bigger")
        try await a.syncNow()
        var small = try #require(b.sync as? LocalSyncRepository)
        small.pageSize = 2
        let summary = try await small.sync { _ in }
        #expect(summary.pulled == 4)
        #expect(try await b.tasks.count(matching: TaskQuery()) == 3)
        #expect(try await b.projects.project(id: project.id)?.name == "Bigger")
        #expect(try await b.syncNow().pulled == 0, "and the next sync has nothing left to do")
    }

    @Test("a pull leaves out the device's own writes, except after answers were lost: then it fetches them too")
    func ownWritesAndLostAnswers() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        let laptop = try await a.login("a")
        try await b.login("a", name: "desktop")
        let task = try await a.tasks.create(NewTask(title: "Original"))
        try await a.syncNow()
        #expect(await server.pullsLeavingOut == [laptop.deviceID], "its own insert came back in the answer")
        try await b.syncNow()

        // B raises the priority; A renames and its answer (the record with B's priority) is lost.
        _ = try await b.tasks.change(task.id, summary: "priority") { task, now in task.setPriority(.high, now: now) }
        try await b.syncNow()
        _ = try await a.tasks.change(task.id, summary: "rename") { task, now in try task.rename(to: "A's", now: now) }
        await server.setDropNextReply()
        _ = await repositoryError { try await a.syncNow() }
        // More local work: the next batch starts before the server's number for A (a gap).
        _ = try await a.tasks.create(NewTask(title: "Later"))
        let before = await server.pullsLeavingOut.count
        try await a.syncNow()
        #expect(await server.pullsLeavingOut.dropFirst(before).allSatisfy { $0 == nil }, "a pull of everything")
        let merged = try #require(try await a.task(task.id))
        #expect(merged.title == "A's")
        #expect(merged.priority == .high, "B's change, which only the lost answer carried")
        let again = await server.pullsLeavingOut.count
        try await a.syncNow()
        #expect(Array(await server.pullsLeavingOut.dropFirst(again)) == [laptop.deviceID], "back to leaving out")
    }

    @Test("a long outbox goes in many pipelined batches, in order, and every change arrives once")
    func manyBatches() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa", batchBytes: 2_000)
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        var created: [UUID] = []
        for index in 1...40 {
            let task = try await a.tasks.create(NewTask(title: "Task \(index) " + String(repeating: "x", count: 100)))
            created.append(task.id)
            if index.isMultiple(of: 4) {
                _ = try await a.tasks.change(task.id, summary: "rename") { task, now in
                    try task.rename(to: "Renamed \(index)", now: now)
                }
            }
        }
        let pushed = try await a.syncNow()
        let batches = await server.pushes
        #expect(batches >= 5, "2,000 bytes of images per batch")
        #expect(pushed.pushed == 50 && pushed.applied >= 40 && pushed.conflicts == 0 && pushed.rejected.isEmpty)
        #expect(try await a.sync.status().pending == 0)
        try await a.syncNow()
        #expect(await server.pushes == batches, "nothing left to push")

        try await b.syncNow()
        for (index, id) in created.enumerated() {
            let task = try #require(try await b.task(id))
            let number = index + 1
            #expect(task.title.hasPrefix(number.isMultiple(of: 4) ? "Renamed \(number)" : "Task \(number) "))
        }
    }

    @Test("undo after a pull reverts this device's change only, never a teammate's that arrived since")
    func undoAfterPull() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let first = try await a.tasks.create(NewTask(title: "First"))
        let second = try await a.tasks.create(NewTask(title: "Second"))
        try await a.syncNow()
        try await b.syncNow()

        // A renames both in one command; B then edits the first's note and the second's title.
        _ = try await a.tasks.change(first.id, summary: "rename") { task, now in try task.rename(to: "A1", now: now) }
        try await a.syncNow()
        try await b.syncNow()
        _ = try await b.tasks.change(first.id, summary: "note") { task, now in try task.setNote("B's note", now: now) }
        _ = try await b.tasks.change(second.id, summary: "rename") { task, now in try task.rename(to: "B2", now: now) }
        try await b.syncNow()
        try await a.syncNow()
        #expect(try await a.task(first.id)?.note == "B's note")

        // A undoes its rename: its title comes back, B's note stays.
        _ = try await a.history.undo()
        let undone = try #require(try await a.task(first.id))
        #expect(undone.title == "First" && undone.note == "B's note")
        try await a.syncNow()
        try await b.syncNow()
        let seen = try #require(try await b.task(first.id))
        #expect(seen.title == "First" && seen.note == "B's note", "B's edit survives A's undo everywhere")
        #expect(try await b.task(second.id)?.title == "B2")

        // The same field: A renames, B renames after it, A undoes its rename: B's newer title stands.
        _ = try await a.tasks.change(second.id, summary: "rename") { task, now in try task.rename(to: "A2", now: now) }
        try await a.syncNow()
        try await b.syncNow()
        _ = try await b.tasks.change(second.id, summary: "rename") { task, now in
            try task.rename(to: "B2 again", now: now)
        }
        try await b.syncNow()
        try await a.syncNow()
        _ = try await a.history.undo()
        #expect(try await a.task(second.id)?.title == "B2 again", "the newer value of the same field stands")
    }

    @Test("the same field edited on both: the first to reach the server wins, the loser is listed and resolvable")
    func sameFieldConflict() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let task = try await a.tasks.create(NewTask(title: "Original"))
        try await a.syncNow()
        try await b.syncNow()

        _ = try await a.tasks.change(task.id, summary: "rename") { task, now in try task.rename(to: "A's", now: now) }
        _ = try await b.tasks.change(task.id, summary: "rename") { task, now in try task.rename(to: "B's", now: now) }
        try await a.syncNow()
        let summary = try await b.syncNow()
        #expect(summary.conflicts == 1)
        #expect(try await b.task(task.id)?.title == "A's", "the server's value stands")
        let conflicts = try await b.sync.conflicts(includeResolved: false)
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict.field == "title")
        #expect(conflict.mine == .string("B's"))
        #expect(conflict.theirs == .string("A's"))
        #expect(conflict.label.contains("A's"))
        #expect(try await b.sync.status().conflicts == 1)

        let unknown = await repositoryError { try await b.sync.resolve(conflict: "ffff", take: .mine) }
        #expect(unknown?.isNotFound(.syncConflict) == true)
        let resolved = try await b.sync.resolve(
            conflict: String(conflict.id.uuidString.lowercased().prefix(8)), take: .mine)
        #expect(resolved.resolution == .mine)
        #expect(try await b.task(task.id)?.title == "B's")
        #expect(try await b.sync.conflicts(includeResolved: false).isEmpty)
        #expect(try await b.sync.conflicts(includeResolved: true).count == 1)
        try await b.syncNow()
        try await a.syncNow()
        #expect(try await a.task(task.id)?.title == "B's", "taking mine is a change that reaches the others")
    }

    @Test("a conflict already resolved is refused whichever side is asked, and nothing changes")
    func resolvedTwice() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        await server.addUser("Ben", token: "b")
        let laptop = try SyncDevice(server, ids: "aaaa")
        let desktop = try SyncDevice(server, ids: "bbbb")
        let ben = try SyncDevice(server, ids: "cccc")
        defer {
            laptop.remove()
            desktop.remove()
            ben.remove()
        }
        try await laptop.login("a")
        try await desktop.login("a", name: "desktop")
        try await ben.login("b", name: "ben")
        let task = try await laptop.tasks.create(NewTask(title: "Original"))
        try await laptop.syncNow()
        try await desktop.syncNow()
        _ = try await laptop.tasks.change(task.id, summary: "rename") { task, now in
            try task.rename(to: "Laptop title", now: now)
        }
        _ = try await desktop.tasks.change(task.id, summary: "rename") { task, now in
            try task.rename(to: "Desktop title", now: now)
        }
        try await laptop.syncNow()
        try await desktop.syncNow()
        let conflict = try #require(try await desktop.sync.conflicts(includeResolved: false).first)
        let reference = String(conflict.id.uuidString.lowercased().prefix(8))
        _ = try await desktop.sync.resolve(conflict: reference, take: .theirs)

        let again = await repositoryError { try await desktop.sync.resolve(conflict: reference, take: .theirs) }
        guard case .conflict(let refusal) = again else {
            Issue.record("expected a conflict, got \(String(describing: again))")
            return
        }
        #expect(refusal == .alreadyResolved(id: conflict.id, side: .theirs))
        #expect(refusal.description == "conflict \(reference) was already resolved (kept theirs)")

        // A teammate changes the title since; taking the old losing value now would write over theirs.
        try await ben.syncNow()
        _ = try await ben.tasks.change(task.id, summary: "rename") { task, now in
            try task.rename(to: "Ben's newer title", now: now)
        }
        try await ben.syncNow()
        try await desktop.syncNow()
        let mine = await repositoryError { try await desktop.sync.resolve(conflict: reference, take: .mine) }
        guard case .conflict(.alreadyResolved(let id, let side)) = mine else {
            Issue.record("expected alreadyResolved, got \(String(describing: mine))")
            return
        }
        #expect(id == conflict.id)
        #expect(side == .theirs, "the refusal says how it was settled, not what was asked now")
        #expect(try await desktop.task(task.id)?.title == "Ben's newer title")
        #expect(try await desktop.sync.status().pending == 0, "nothing queued for the next sync")
        let kept = try await desktop.sync.conflicts(includeResolved: true)
        #expect(kept.map(\.resolution) == [.theirs], "the recorded resolution stays")
        try await desktop.syncNow()
        try await ben.syncNow()
        #expect(try await ben.task(task.id)?.title == "Ben's newer title")
    }

    @Test("taking mine and then theirs is refused: the title stays mine and no message claims otherwise")
    func mineThenTheirs() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let task = try await a.tasks.create(NewTask(title: "Buy milk"))
        try await a.syncNow()
        try await b.syncNow()
        _ = try await a.tasks.change(task.id, summary: "rename") { task, now in
            try task.rename(to: "Buy oat milk", now: now)
        }
        _ = try await b.tasks.change(task.id, summary: "rename") { task, now in
            try task.rename(to: "Buy soy milk", now: now)
        }
        try await a.syncNow()
        try await b.syncNow()
        let conflict = try #require(try await b.sync.conflicts(includeResolved: false).first)
        _ = try await b.sync.resolve(conflict: conflict.id.uuidString, take: .mine)
        #expect(try await b.task(task.id)?.title == "Buy soy milk")
        let pending = try await b.sync.status().pending

        let error = await repositoryError { try await b.sync.resolve(conflict: conflict.id.uuidString, take: .theirs) }
        guard case .conflict(.alreadyResolved(let id, let side)) = error else {
            Issue.record("expected alreadyResolved, got \(String(describing: error))")
            return
        }
        #expect(id == conflict.id)
        #expect(side == .mine)
        #expect(try await b.task(task.id)?.title == "Buy soy milk")
        #expect(try await b.sync.status().pending == pending)
        #expect(try await b.sync.conflicts(includeResolved: true).map(\.resolution) == [.mine])
    }

    @Test("delete against edit: the delete applies, the edit is kept on the tombstone and can restore it")
    func deleteAgainstEdit() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let task = try await a.tasks.create(NewTask(title: "Doomed"))
        try await a.syncNow()
        try await b.syncNow()

        _ = try await a.tasks.delete(task.id)
        _ = try await b.tasks.change(task.id, summary: "rename") { task, now in try task.rename(to: "Edited", now: now)
        }
        try await a.syncNow()
        let summary = try await b.syncNow()
        #expect(summary.conflicts == 1)
        #expect(try await b.task(task.id) == nil, "the delete stands")
        let conflict = try #require(try await b.sync.conflicts(includeResolved: false).first)
        #expect(conflict.field == "deleted_at")
        #expect(await server.record(task.id)?.fields["title"] == .string("Edited"), "the edit is on the tombstone")

        _ = try await b.sync.resolve(conflict: conflict.id.uuidString, take: .mine)
        #expect(try await b.task(task.id)?.title == "Edited")
        try await b.syncNow()
        try await a.syncNow()
        #expect(try await a.task(task.id)?.title == "Edited", "restored everywhere")
    }

    @Test("a batch whose answer was lost is applied once: the retry gets the stored answer")
    func retriedBatch() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        defer { a.remove() }
        try await a.login("a")
        let task = try await a.tasks.create(NewTask(title: "Once"))
        await server.setDropNextReply()
        let lost = await repositoryError { try await a.syncNow() }
        guard case .remote(let failure) = lost, failure.isTransient else {
            Issue.record("expected a transient failure, got \(String(describing: lost))")
            return
        }
        #expect(try await a.sync.status().pending == 1, "nothing settled without an answer")
        #expect(await server.record(task.id)?.version == 1)
        let summary = try await a.syncNow()
        #expect(summary.pushed == 1)
        #expect(try await a.sync.status().pending == 0)
        #expect(await server.record(task.id)?.version == 1, "applied once")
        #expect(await server.pushes == 2)
    }

    @Test("a transient failure leaves every pending change queued")
    func transientFailure() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        defer { a.remove() }
        try await a.login("a")
        _ = try await a.tasks.create(NewTask(title: "One"))
        _ = try await a.tasks.create(NewTask(title: "Two"))
        await server.setFailNext(.server("503 service unavailable"))
        let error = await repositoryError { try await a.syncNow() }
        guard case .remote(.server) = error else {
            Issue.record("expected a server failure, got \(String(describing: error))")
            return
        }
        #expect(try await a.sync.status().pending == 2)
        #expect(try await a.syncNow().pushed == 2)
    }

    @Test("a reset server is re-bootstrapped: everything pulled again, pending changes pushed, none dropped")
    func epochChange() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        let old = try await a.tasks.create(NewTask(title: "Before the reset"))
        try await a.syncNow()
        await server.reset()
        let pending = try await a.tasks.create(NewTask(title: "Pending"))
        let summary = try await a.syncNow()
        #expect(summary.rebootstrapped)
        #expect(try await a.sync.status().pending == 0)
        #expect(await server.record(pending.id) != nil, "the pending change reached the new server")
        #expect(try await a.task(old.id) != nil, "local data is kept")

        try await b.login("a", name: "desktop")
        try await b.syncNow()
        #expect(try await b.task(pending.id)?.title == "Pending")
    }

    @Test("a stale stop that paused the timer offline adds no stretch beside the first stop's entry")
    func staleStopWithMoreStretches() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let project = try await a.projects.create(name: "Work", note: "")
        let started = try await a.timers.start(target: .project(project.id), note: nil, billable: false, at: nil)
        try await a.syncNow()
        try await b.syncNow()
        // B, offline, pauses at 10 minutes and resumes at 20; A stops at 30 and syncs first.
        b.clock.advance(600)
        _ = try await b.timers.pause(.running, at: nil)
        b.clock.advance(600)
        _ = try await b.timers.resume(.latestPaused, at: nil)
        a.clock.advance(1_800)
        let first = try await a.timers.stop(.runningOrOnlyPaused, at: nil, note: nil, force: false)
        #expect(first.map(\.durationSeconds) == [1_800])
        try await a.syncNow()
        // B stops at 40 minutes: two stretches, 0-10 and 20-40. The first stop stands, whole.
        b.clock.advance(1_200)
        let stale = try await b.timers.stop(.runningOrOnlyPaused, at: nil, note: nil, force: false)
        #expect(stale.map(\.id) == [started.timer.id, TimeEntry.stretchID(of: started.timer.id, index: 1)])
        try await b.syncNow()
        try await b.syncNow()
        try await a.syncNow()
        for device in [a, b] {
            let entries = try await device.entries.entries(matching: TimeEntryQuery())
            #expect(entries.map(\.id) == [started.timer.id], "\(entries)")
            #expect(entries.map(\.durationSeconds) == [1_800])
        }
    }

    @Test("a timer started on one device is seen, paused and stopped on another: one entry, the timer's id")
    func timerAcrossDevices() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let project = try await a.projects.create(name: "Work", note: "")
        let started = try await a.timers.start(
            target: .project(project.id), note: nil, billable: false, tags: [try Tag("client")], at: nil)
        try await a.syncNow()
        try await b.syncNow()
        #expect(try await b.timers.runningTimer()?.id == started.timer.id)
        #expect(try await b.timers.runningTimer()?.tags.map(\.name) == ["client"], "a timer's tags travel with it")
        b.clock.advance(600)
        _ = try await b.timers.pause(.running, at: nil)
        try await b.syncNow()
        try await a.syncNow()
        #expect(try await a.timers.timers().first?.isRunning == false)
        a.clock.advance(900)
        let entries = try await a.timers.stop(.runningOrOnlyPaused, at: nil, note: nil, force: false)
        // It ran ten minutes on A, paused on B: one stretch, one entry with the timer's id.
        let entry = try #require(entries.count == 1 ? entries.first : nil, "\(entries)")
        #expect(entry.id == started.timer.id)
        try await a.syncNow()
        try await b.syncNow()
        #expect(try await b.timers.timers().isEmpty)
        #expect(try await b.entries.entries(matching: TimeEntryQuery()).map(\.id) == [entry.id])
        #expect(entry.tags.map(\.name) == ["client"], "the entry a timer stops into carries its tags")
    }

    /// The fault journey's timer that came back (seed 216995909), without faults: the undo of a start whose pause
    /// of another timer lost to the server's must leave that timer as the server has it, so that stopping it
    /// pushes a record the server accepts (the real one refused "running" over closed intervals, and its answer
    /// revived the stopped timer beside its entry).
    @Test("undoing a start whose pause lost to the server's keeps the server's pause; the stop then holds everywhere")
    func undoStartAfterServerPause() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        try await a.login("a")
        try await b.login("a", name: "desktop")
        let work = try await a.projects.create(name: "Work", note: "")
        let home = try await a.projects.create(name: "Home", note: "")
        let first = try await a.timers.start(target: .project(work.id), note: nil, billable: false, at: nil).timer
        try await a.syncNow()
        try await b.syncNow()
        // B pauses it after 10 minutes; A, not yet told, starts another timer at 20 minutes, which pauses it there.
        b.clock.advance(600)
        _ = try await b.timers.pause(.running, at: nil)
        try await b.syncNow()
        a.clock.advance(1200)
        _ = try await a.timers.start(target: .project(home.id), note: nil, billable: false, at: nil)
        #expect(try await a.syncNow().conflicts > 0, "A's pause meets B's: B's stands")

        a.clock.advance(60)
        #expect(try await a.history.undo().hasPrefix("started timer"))
        let kept = try #require(try await a.timers.timers().first { $0.id == first.id })
        #expect(kept.intervals.map(\.end) == [kept.intervals[0].start.addingTimeInterval(600)], "B's pause stands")
        a.clock.advance(60)
        let entry = try #require(try await a.timers.stop(.id(first.id), at: nil, note: nil, force: false).first)
        #expect(try await a.syncNow().rejected.isEmpty)
        try await b.syncNow()

        let stored = try #require(await server.record(first.id, .timer))
        #expect(stored.fields["deleted_at"] != .null)
        #expect(stored.fields["state"] == .string("paused"), "the state follows the closed intervals")
        for device in [a, b] {
            #expect(try await device.timers.timers().isEmpty)
            let entries = try await device.entries.entries(matching: TimeEntryQuery())
            #expect(entries.map(\.id) == [entry.id])
            #expect(entries.map(\.durationSeconds) == [600])
        }
    }

    @Test("ten concurrent team requests make one server request; the cache then answers until it expires")
    func teamCoalescing() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        await server.addUser("Bob", token: "b")
        let a = try SyncDevice(server, ids: "aaaa")
        defer { a.remove() }
        try await a.login("a")
        let sync = a.sync
        let results = try await withThrowingTaskGroup(of: [TeamMember].self) { group in
            for _ in 0..<10 { group.addTask { try await sync.teamMembers(refresh: false) } }
            var all: [[TeamMember]] = []
            for try await members in group { all.append(members) }
            return all
        }
        #expect(results.count == 10)
        #expect(results.allSatisfy { $0.map(\.name) == ["Ann", "Bob"] })
        #expect(await server.teamRequests == 1)

        _ = try await a.container.syncRepository().teamMembers(refresh: false)
        #expect(await server.teamRequests == 1, "memory level, shared by the container's repositories")
        a.clock.advance(601)
        _ = try await sync.teamMembers(refresh: false)
        #expect(await server.teamRequests == 2, "expired")
        _ = try await sync.teamMembers(refresh: true)
        #expect(await server.teamRequests == 3, "refresh skips the cache")
        a.clock.advance(601)
        await server.setFailNext(.unreachable("offline"))
        #expect(try await sync.teamMembers(refresh: false).count == 2, "offline: the stale cache rather than nothing")
    }

    @Test(
        "a refresh asked for the server's list: its failure is thrown, never the cache in its place",
        arguments: [
            RemoteFailure.unreachable("cannot reach the server"),
            .server("the server is unavailable for now (HTTP 503)"),
            .timedOut("the server did not answer within 10 seconds"),
        ])
    func teamRefreshFails(_ failure: RemoteFailure) async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        await server.addUser("Bob", token: "b")
        let a = try SyncDevice(server, ids: "aaaa")
        defer { a.remove() }
        try await a.login("a")
        #expect(try await a.sync.teamMembers(refresh: false).map(\.name) == ["Ann", "Bob"])
        await server.addUser("Carl", token: "c")
        await server.setFailNext(failure)
        let error = await repositoryError { try await a.sync.teamMembers(refresh: true) }
        guard case .remote(let thrown) = error else {
            Issue.record("expected a remote failure, got \(String(describing: error))")
            return
        }
        #expect(thrown == failure)
        #expect(try await a.sync.teamMembers(refresh: false).map(\.name) == ["Ann", "Bob"], "the cache is kept")
        #expect(try await a.sync.teamMembers(refresh: true).map(\.name) == ["Ann", "Bob", "Carl"])
    }

    @Test("the cached team is read without the server, however old, and is gone after a logout")
    func cachedTeam() async throws {
        let server = FakeSyncServer()
        await server.addUser("Ann", token: "a")
        await server.addUser("Bob", token: "b")
        let a = try SyncDevice(server, ids: "aaaa")
        defer { a.remove() }
        #expect(try await a.sync.cachedTeamMembers().isEmpty, "never fetched, not logged in: no error")
        try await a.login("a")
        #expect(try await a.sync.cachedTeamMembers().isEmpty, "a login fetches nothing")
        _ = try await a.sync.teamMembers(refresh: false)
        a.clock.advance(86_400)
        // A second container over the same file has an empty memory level: the file answers.
        let reopened = try RepositoriesDependencyContainer(
            databasePath: a.folder.appendingPathComponent("data/stint.sqlite").path, clock: a.clock,
            ids: PrefixedIdentifiers(prefix: "aaac"), credentialsFile: a.folder.appendingPathComponent("none.json"))
        #expect(try await reopened.syncRepository().cachedTeamMembers().map(\.name) == ["Ann", "Bob"])
        #expect(await server.teamRequests == 1)
        _ = try await a.sync.logout()
        #expect(try await a.sync.cachedTeamMembers().isEmpty)
    }

    @Test("synced entries of teammates count only when a report asks for them")
    func reportAuthors() async throws {
        let server = FakeSyncServer()
        let ann = await server.addUser("Ann", token: "a")
        let bob = await server.addUser("Bob", token: "b")
        let a = try SyncDevice(server, ids: "aaaa")
        let b = try SyncDevice(server, ids: "bbbb")
        defer {
            a.remove()
            b.remove()
        }
        // Ann logged an hour before logging in: the login makes her the entry's author.
        let start = a.clock.now().addingTimeInterval(-7200)
        let project = try await a.projects.create(name: "Work", note: "")
        _ = try await a.entries.log(NewTimeEntry(target: .project(project.id), start: start, durationSeconds: 3600))
        try await a.login("a")
        try await a.syncNow()
        try await b.login("b")
        try await b.syncNow()
        _ = try await b.entries.log(NewTimeEntry(target: .project(project.id), start: start, durationSeconds: 600))
        try await b.syncNow()
        try await a.syncNow()
        let reports = a.container.makeTimeReportRepository()
        func total(_ author: TimeAuthor) async throws -> Int {
            try await reports.sums([TimeSumRequest(query: TimeEntryQuery(author: author), breakdown: .total)])[0]
                .first?.seconds ?? 0
        }
        #expect(try await total(.everyone) == 4200)
        #expect(try await total(.localPerson) == 3600)
        #expect(try await total(.member(ann.id)) == 3600)
        #expect(try await total(.member(bob.id)) == 600)
        #expect(
            try await b.entries.entries(matching: TimeEntryQuery(author: .localPerson)).map(\.durationSeconds) == [600])
    }
}

extension RepositoryError {
    func isNotFound(_ kind: EntityKind) -> Bool {
        if case .notFound(let found, _) = self { return found == kind }
        return false
    }
}
