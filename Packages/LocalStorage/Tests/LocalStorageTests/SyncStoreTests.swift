import Foundation
import Testing

@testable import LocalStorage

@Suite("Sync: outbox, server rows, conflicts, person, credentials")
struct SyncStoreTests {
    @Test("an older file gains the sync tables and the assignee column, keeping its tasks")
    func migration() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            try LocalStore.createFile(
                at: path, migratedUpTo: "v2-timers-time-entries",
                then: """
                    INSERT INTO tasks (id, number, title, status, created_at, updated_at)
                    VALUES ('\(makeID(1))', 1, 'Old', 'open', 0, 0)
                    """)
            let store = try LocalStore.open(path: path)
            let old = try #require(try await store.task(id: makeID(1)))
            #expect(old.title == "Old")
            #expect(old.assigneeID == nil)
            var assigned = old
            assigned.assigneeID = makeID(99)
            try await store.write(summary: "assign", at: day0) { [assigned] in try $0.update(assigned) }
            #expect(try await store.task(id: makeID(1))?.assigneeID == makeID(99))
            let after = try await store.pendingChanges(after: 0, byteBudget: 1 << 20).changes.last?.after
            #expect(after?.contains("\"assignee_id\":\"\(makeID(99))\"") == true)
            #expect(try await store.syncConflicts(includeResolved: true).isEmpty)
            #expect(try await store.teamMembers().isEmpty)
        }
    }

    @Test("pending changes come in a byte budget, as a gapless range after the acknowledged number")
    func pendingInBudget() async throws {
        try await withStore { store in
            for index in 1...5 { try await store.add(task(index, String(repeating: "x", count: 100))) }
            let all = try await store.pendingChanges(after: 0, byteBudget: 1 << 20)
            #expect(all.first == 1)
            #expect(all.last == 5)
            #expect(all.changes.map(\.seq) == [1, 2, 3, 4, 5])
            #expect(!all.hasMore)
            let small = try await store.pendingChanges(after: 0, byteBudget: 1)
            #expect(small.changes.count == 1, "one change always fits")
            #expect(small.hasMore)
            let two = try await store.pendingChanges(after: 2, byteBudget: 1 << 20, limit: 2)
            #expect(two.first == 3)
            #expect(two.last == 4)
            #expect(two.hasMore)

            try await store.markPushed(through: 3)
            #expect(try await store.syncOverview().pendingChanges == 2)
            try await store.markPushed(through: 1)
            #expect(try await store.syncSettings().pushedThrough == 3, "never moves backwards")
            let none = try await store.pendingChanges(after: 5, byteBudget: 100)
            #expect(none.changes.isEmpty)
            #expect(none.first == 6)
            #expect(none.last == 5)
        }
    }

    @Test("a server row is inserted with the next local number and its version, outside the change log")
    func applyNewRow() async throws {
        try await withStore { store in
            try await store.add(task(1, "Mine"))
            let fields = """
                {"project_id":null,"list_id":null,"title":"Pulled","note":"","status":"open","priority":2,
                "due":"2027-01-02","tags":["a","b"],"estimate_seconds":null,"completed_at":null,"assignee_id":null,
                "created_at":1000,"updated_at":2000,"deleted_at":null}
                """
            let counts = try await store.applySync(
                SyncWrite(
                    rows: [ServerRow(entity: "task", id: makeID(50).uppercased(), version: 7, fields: fields)],
                    settings: [.cursor: "e:1"]))
            #expect(counts.inserted == 1)
            let pulled = try #require(try await store.task(id: makeID(50)))
            #expect(pulled.number == 2)
            #expect(pulled.version == 7)
            #expect(pulled.tags == ["a", "b"])
            #expect(pulled.priority == 2)
            #expect(pulled.due == "2027-01-02")
            #expect(pulled.updatedAt == Date(storedMilliseconds: 2000))
            #expect(try await store.loggedBatches().count == 1, "only the local add is in the log")
            #expect(try await store.syncSettings()[.cursor] == "e:1")
        }
    }

    @Test("a server row keeps the fields that changes still pending here have set")
    func rebase() async throws {
        try await withStore { store in
            let stored = try await store.add(task(1, "Title", note: "n"))[0]
            try await store.markPushed(through: 1)
            var edited = stored
            edited.title = "Local title"
            try await store.write(summary: "rename", at: at(5)) { [edited] in try $0.update(edited) }

            let fields = #"{"title":"Server title","note":"server note","priority":3}"#
            try await store.applySync(
                SyncWrite(rows: [ServerRow(entity: "task", id: stored.id, version: 4, fields: fields)]))
            var now = try #require(try await store.task(id: stored.id))
            #expect(now.title == "Local title", "pending local change kept")
            #expect(now.note == "server note")
            #expect(now.priority == 3)
            #expect(now.version == 4)
            #expect(now.status == "open", "absent fields keep their value")

            // Once the local change is acknowledged, the server's answer wins.
            try await store.applySync(
                SyncWrite(
                    rows: [ServerRow(entity: "task", id: stored.id, version: 5, fields: fields)], pushedThrough: 2))
            now = try #require(try await store.task(id: stored.id))
            #expect(now.title == "Server title")
        }
    }

    @Test("a page may hold children before parents, and tombstones")
    func deferredReferences() async throws {
        try await withStore { store in
            let list = """
                {"project_id":"\(makeID(1))","name":"L","created_at":1,"updated_at":1,"deleted_at":null}
                """
            let project = #"{"name":"P","note":"","archived_at":null,"created_at":1,"updated_at":1,"deleted_at":5}"#
            try await store.applySync(
                SyncWrite(rows: [
                    ServerRow(entity: "task_list", id: makeID(2), version: 1, fields: list),
                    ServerRow(entity: "project", id: makeID(1), version: 2, fields: project),
                ]))
            #expect(try await store.project(id: makeID(1)) == nil, "a tombstone")
            #expect(try await store.taskList(id: makeID(2))?.name == "L")
            await #expect(throws: LocalStorageError.self) {
                try await store.applySync(
                    SyncWrite(rows: [
                        ServerRow(
                            entity: "task_list", id: makeID(3), version: 1,
                            fields: list.replacingOccurrences(of: makeID(1), with: makeID(9)))
                    ]))
            }
        }
    }

    @Test("conflicts are stored, listed, found by prefix and resolved")
    func conflicts() async throws {
        try await withStore { store in
            let conflict = SyncConflictRecord(
                id: "abcd0000-0000-4000-8000-000000000001", entity: "task", entityID: makeID(1), field: "title",
                mineJSON: #""mine""#, theirsJSON: #""theirs""#, createdAt: day0)
            try await store.applySync(SyncWrite(conflicts: [conflict]))
            #expect(try await store.syncConflicts(includeResolved: false) == [conflict])
            #expect(try await store.syncConflicts(idPrefix: "ABCD") == [conflict])
            #expect(try await store.syncOverview().openConflicts == 1)
            try await store.resolveSyncConflict(id: conflict.id, resolution: "theirs", at: at(1))
            #expect(try await store.syncConflicts(includeResolved: false).isEmpty)
            let resolved = try await store.syncConflicts(includeResolved: true)
            #expect(resolved.first?.resolution == "theirs")
            #expect(resolved.first?.resolvedAt == at(1))
            await #expect(throws: LocalStorageError.self) {
                try await store.resolveSyncConflict(id: makeID(404), resolution: "mine", at: at(1))
            }
            // Settled once: a second settlement (another terminal that read it open) writes nothing.
            let again = await #expect(throws: LocalStorageError.self) {
                try await store.resolveSyncConflict(id: conflict.id, resolution: "mine", at: at(2))
            }
            guard case .notFound(let entity, let id)? = again else {
                Issue.record("expected notFound, got \(String(describing: again))")
                return
            }
            #expect(entity == "conflict" && id == conflict.id)
            let kept = try await store.syncConflicts(includeResolved: true)
            #expect(kept.first?.resolution == "theirs")
            #expect(kept.first?.resolvedAt == at(1))
        }
    }

    @Test("setting one field is a logged change: a tombstone can be restored and the push sees it")
    func setField() async throws {
        try await withStore { store in
            let stored = try await store.add(task(1, "T"))[0]
            try await store.write(summary: "delete", at: at(1)) { try $0.deleteTask(id: stored.id, at: at(1)) }
            try await store.write(summary: "restore", at: at(2)) { writer in
                try writer.setField(entity: "task", id: stored.id, field: "deleted_at", json: "null", at: at(2))
                try writer.setField(entity: "task", id: stored.id, field: "tags", json: #"["x"]"#, at: at(2))
                try writer.setField(entity: "task", id: stored.id, field: "title", json: #""Back""#, at: at(2))
            }
            let back = try #require(try await store.task(id: stored.id))
            #expect(back.title == "Back")
            #expect(back.tags == ["x"])
            #expect(back.updatedAt == at(2))
            #expect(try await store.pendingChangeCount(after: 0) == 5)
            await #expect(throws: LocalStorageError.self) {
                try await store.write(summary: "bad", at: at(3)) { writer in
                    try writer.setField(entity: "task", id: stored.id, field: "number", json: "9", at: at(3))
                }
            }
        }
    }

    @Test("adopting a person rewrites the owner of timers and entries and their logged images")
    func adoptPerson() async throws {
        try await withStore { store in
            let old = makeID(70)
            let new = makeID(71)
            #expect(try await store.adoptPerson(old, settingKey: "person_id") == nil)
            try await store.write(summary: "time", at: day0) { writer in
                try writer.insert(project(1, "P"))
                try writer.insert(
                    TimerRecord(
                        id: makeID(2), ownerID: old, projectID: makeID(1),
                        intervals: [TimerIntervalRecord(start: day0)],
                        createdAt: day0, updatedAt: day0))
                try writer.insert(
                    TimeEntryRecord(
                        id: makeID(3), projectID: makeID(1), start: day0, durationSeconds: 60, loggedBy: old,
                        createdAt: day0, updatedAt: day0))
                try writer.insert(
                    TimeEntryRecord(
                        id: makeID(4), projectID: makeID(1), start: day0, durationSeconds: 60, loggedBy: makeID(72),
                        createdAt: day0, updatedAt: day0))
            }
            #expect(try await store.adoptPerson(new.uppercased(), settingKey: "person_id") == old)
            #expect(try await store.setting("person_id") == new)
            #expect(try await store.timer(id: makeID(2))?.ownerID == new)
            #expect(try await store.timeEntry(id: makeID(3))?.loggedBy == new)
            #expect(try await store.timeEntry(id: makeID(4))?.loggedBy == makeID(72), "others' entries stay theirs")
            let images = try await store.pendingChanges(after: 0, byteBudget: 1 << 20).changes.compactMap(\.after)
            #expect(!images.contains { $0.contains(old) })
        }
    }

    @Test("forgetting the sync state keeps the data and the acknowledged number")
    func forget() async throws {
        try await withStore { store in
            try await store.add(task(1, "T"))
            try await store.setSyncSettings([.deviceID: makeID(5), .cursor: "e:9", .server: "http://x"])
            try await store.markPushed(through: 1)
            try await store.replaceTeamMembers([TeamMemberRecord(id: makeID(6), name: "Ann", fetchedAt: day0)])
            #expect(try await store.teamMembers().map(\.name) == ["Ann"])
            try await store.forgetSyncState()
            let settings = try await store.syncSettings()
            #expect(settings.values == [.pushedThrough: "1"])
            #expect(try await store.teamMembers().isEmpty)
            #expect(try await store.tasks().count == 1)
        }
    }

    @Test("the credentials file is 0600 in a 0700 directory, replaced atomically, refused when others can read it")
    func credentials() async throws {
        try await withTemporaryDirectory { directory in
            let file = CredentialsFile(url: directory.appendingPathComponent("config/credentials.json"))
            #expect(try file.read() == nil)
            try file.write(Credentials(server: "http://127.0.0.1:8420", token: "stint_secret"))
            let manager = FileManager.default
            #expect(try manager.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int == 0o600)
            #expect(
                try manager.attributesOfItem(atPath: directory.appendingPathComponent("config").path)[.posixPermissions]
                    as? Int == 0o700)
            try file.write(Credentials(server: "http://127.0.0.1:8420", token: "stint_other"))
            #expect(try file.read()?.token == "stint_other")
            #expect(try manager.contentsOfDirectory(atPath: directory.appendingPathComponent("config").path).count == 1)
            #expect(!String(describing: try file.read()).contains("stint_other"))

            try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
            #expect(throws: LocalStorageError.self) { try file.read() }
            #expect(try file.delete())
            #expect(try file.delete() == false)
            #expect(try file.read() == nil)
        }
    }
}
