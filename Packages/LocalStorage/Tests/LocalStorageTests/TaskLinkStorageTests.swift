import Foundation
import GRDB
import Testing

@testable import LocalStorage

/// Subtasks, prerequisites and recurring tasks as the store keeps them (migration v7, ADR 0030).
@Suite("Task links and repeats in storage")
struct TaskLinkStorageTests {
    /// A task with links and a series, every new field set.
    private func linked(
        _ number: Int, _ title: String, parent: String? = nil, after prerequisites: [String] = [],
        status: String = "open"
    ) -> TaskRecord {
        var record = task(number, title, status: status)
        record.parentID = parent
        record.prerequisiteIDs = prerequisites
        return record
    }

    private func recurring(_ number: Int, _ title: String, rule: String = "weekly", until: String? = nil)
        -> TaskRecord
    {
        var record = task(number, title, due: "2026-12-01")
        record.repeatRule = rule
        record.repeatUntil = until
        record.seriesID = makeID(number)
        record.seriesStart = "2026-12-01"
        return record
    }

    // MARK: Migration

    @Test("a v6 file gains the link and repeat columns and both partial indexes, keeping its tasks")
    func migrationFromV6() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            // As Stint with six migrations left it: stamped, so only the stamp tells it needs a seventh.
            try LocalStore.createFile(
                at: path, migratedUpTo: "v6-timer-tags",
                then: """
                    INSERT INTO tasks (id, number, title, status, tags, created_at, updated_at)
                    VALUES ('\(makeID(1))', 1, 'Old', 'open', '["kept"]', 0, 0);
                    PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 6;
                    """)
            let store = try LocalStore.open(path: path)
            #expect(try await store.header() == [Schema.applicationID, Schema.stamp])
            #expect(Schema.stamp >= 7)
            let old = try #require(try await store.task(id: makeID(1)))
            #expect(old.title == "Old")
            #expect(old.tags == ["kept"])
            #expect(old.number == 1)
            #expect(old.parentID == nil)
            #expect(old.prerequisiteIDs == [])
            #expect(old.repeatRule == nil)
            #expect(old.repeatUntil == nil)
            #expect(old.seriesID == nil)
            #expect(old.seriesStart == nil)

            let schema = try await store.schemaDefinitions()
            let byParent = try #require(schema.first { $0.hasPrefix("index tasks_by_parent ") })
            #expect(byParent.contains("WHERE parent_id IS NOT NULL"), "\(byParent)")
            let withPrerequisites = try #require(schema.first { $0.hasPrefix("index tasks_with_prerequisites ") })
            #expect(withPrerequisites.contains("WHERE prerequisite_ids <> '[]'"), "\(withPrerequisites)")
            #expect(try await store.integrityCheck() == "ok")

            // The old task takes the new fields like any other, and a new task numbers after it.
            var edited = old
            edited.prerequisiteIDs = [makeID(2)]
            try await store.write(summary: "link", at: day0) { [edited] in try $0.update(edited) }
            #expect(try await store.task(id: makeID(1))?.prerequisiteIDs == [makeID(2)])
            #expect(try await store.add(task(2, "New"))[0].number == 2)
        }
    }

    // MARK: Round trip

    @Test("every link and repeat field reads back as written, ids lowercased and prerequisites sorted once")
    func roundTrip() async throws {
        try await withStore { store in
            var draft = task(1, "Water plants", due: "2026-12-01")
            draft.parentID = makeID(7).uppercased()
            draft.prerequisiteIDs = [makeID(9).uppercased(), makeID(8), makeID(9)]
            draft.repeatRule = "every 2 weeks"
            draft.repeatUntil = "2027-06-30"
            draft.seriesID = makeID(1).uppercased()
            draft.seriesStart = "2026-12-01"
            let stored = try await store.write(summary: "add", at: at(1)) { [draft] in try $0.insert(draft) }
            var expected = draft
            expected.number = 1
            expected.parentID = makeID(7)
            expected.prerequisiteIDs = [makeID(8), makeID(9)]
            expected.seriesID = makeID(1)
            #expect(stored == expected)
            #expect(try await store.task(id: makeID(1)) == expected)

            // The change log carries them, the prerequisites as a JSON array rather than as text.
            let insert = try #require(try await store.loggedBatches().last?.changes.first?.after)
            let image = try json(insert)
            #expect(image["parent_id"] as? String == makeID(7))
            #expect(image["prerequisite_ids"] as? [String] == [makeID(8), makeID(9)])
            #expect(image["repeat_rule"] as? String == "every 2 weeks")
            #expect(image["repeat_until"] as? String == "2027-06-30")
            #expect(image["series_id"] as? String == makeID(1))
            #expect(image["series_start"] as? String == "2026-12-01")

            // Cleared again by an update.
            var cleared = stored
            cleared.parentID = nil
            cleared.prerequisiteIDs = []
            cleared.repeatRule = nil
            cleared.repeatUntil = nil
            cleared.seriesID = nil
            cleared.seriesStart = nil
            let updated = try await store.write(summary: "clear", at: at(2)) { [cleared] in try $0.update(cleared) }
            #expect(updated.prerequisiteIDs == [])
            #expect(try await store.task(id: makeID(1)) == updated)

            // An import binds the columns itself; it must store exactly what an insert stores.
            try await withStore { other in
                _ = try await other.importRecords(projects: [], lists: [], tasks: [draft], summary: "import", at: at(3))
                #expect(try await other.task(id: makeID(1)) == expected)
            }
        }
    }

    // MARK: Filters

    @Test("subtasks of some tasks: by parent id in any case, never a tombstone")
    func parentFilter() async throws {
        try await withStore { store in
            try await store.add(
                task(1, "Website"), task(2, "Garden"), linked(3, "Design", parent: makeID(1)),
                linked(4, "Build", parent: makeID(1)), linked(5, "Dig", parent: makeID(2)),
                linked(6, "Deleted", parent: makeID(1)), linked(7, "Grandchild", parent: makeID(3)))
            try await store.write(summary: "delete", at: at(10)) { try $0.deleteTask(id: makeID(6), at: at(10)) }
            var filter = TaskRecordFilter(sort: .number)
            filter.parentIDs = [makeID(1).uppercased()]
            #expect(try await store.titles(filter) == ["Design", "Build"], "direct subtasks only")
            #expect(try await store.countTasks(filter) == 2)
            filter.parentIDs = [makeID(1), makeID(2)]
            #expect(try await store.titles(filter) == ["Design", "Build", "Dig"])
            filter.parentIDs = []
            #expect(try await store.titles(filter).isEmpty)
        }
    }

    @Test("tasks after one task: those listing it among their prerequisites")
    func afterFilter() async throws {
        try await withStore { store in
            try await store.add(
                task(1, "Buy paint"), task(2, "Buy brushes"), linked(3, "Paint", after: [makeID(1), makeID(2)]),
                linked(4, "Varnish", after: [makeID(2)]), linked(5, "Gone", after: [makeID(1)]), task(6, "Alone"))
            try await store.write(summary: "delete", at: at(10)) { try $0.deleteTask(id: makeID(5), at: at(10)) }
            var filter = TaskRecordFilter(sort: .number)
            filter.after = makeID(1).uppercased()
            #expect(try await store.titles(filter) == ["Paint"])
            filter.after = makeID(2)
            #expect(try await store.titles(filter) == ["Paint", "Varnish"])
            #expect(try await store.countTasks(filter) == 2)
            filter.after = makeID(6)
            #expect(try await store.titles(filter).isEmpty)
        }
    }

    @Test("blocked: waiting on a live prerequisite not done; done, deleted or unknown prerequisites do not block")
    func blockedFilter() async throws {
        try await withStore { store in
            try await store.add(
                task(1, "Open"), task(2, "Started", status: "in-progress"), task(3, "Done", status: "done"),
                task(4, "Deleted"))
            try await store.write(summary: "delete", at: at(10)) { try $0.deleteTask(id: makeID(4), at: at(10)) }
            try await store.add(
                linked(11, "After open", after: [makeID(1)]),
                linked(12, "After started", after: [makeID(2)]),
                linked(13, "After done", after: [makeID(3)]),
                linked(14, "After deleted", after: [makeID(4)]),
                linked(15, "After unknown", after: [makeID(99)]),
                linked(16, "After done and open", after: [makeID(1), makeID(3)]),
                linked(17, "After done and deleted", after: [makeID(3), makeID(4)]),
                linked(18, "Blocked but deleted", after: [makeID(1)]))
            try await store.write(summary: "delete", at: at(20)) { try $0.deleteTask(id: makeID(18), at: at(20)) }

            var blocked = TaskRecordFilter(sort: .number)
            blocked.blocked = true
            #expect(try await store.titles(blocked) == ["After open", "After started", "After done and open"])
            #expect(try await store.countTasks(blocked) == 3)
            var ready = TaskRecordFilter(sort: .number)
            ready.blocked = false
            #expect(
                try await store.titles(ready) == [
                    "Open", "Started", "Done", "After done", "After deleted", "After unknown", "After done and deleted",
                ])
            #expect(try await store.countTasks(ready) == 7)

            // With other conditions and a limit, counted in SQL.
            blocked.statuses = ["open"]
            blocked.limit = 1
            #expect(try await store.titles(blocked) == ["After open"])

            // Completing the prerequisite unblocks; reopening blocks again.
            var done = try #require(try await store.task(id: makeID(1)))
            done.status = "done"
            done.completedAt = at(30)
            try await store.write(summary: "done", at: at(30)) { [done] in try $0.update(done) }
            blocked = TaskRecordFilter(sort: .number)
            blocked.blocked = true
            #expect(try await store.titles(blocked) == ["After started"])
        }
    }

    // MARK: Links

    @Test("the links are every live task with a parent or prerequisites, each once")
    func links() async throws {
        try await withStore { store in
            try await store.add(
                task(1, "Top"), linked(2, "Child", parent: makeID(1)), linked(3, "Waits", after: [makeID(1)]),
                linked(4, "Both", parent: makeID(1), after: [makeID(2), makeID(3)]),
                linked(5, "Deleted child", parent: makeID(1)), linked(6, "Dangling", after: [makeID(99)]),
                task(7, "Plain"))
            try await store.write(summary: "delete", at: at(10)) { try $0.deleteTask(id: makeID(5), at: at(10)) }
            let links = try await store.taskLinks().sorted { $0.id < $1.id }
            #expect(
                links == [
                    TaskLinks(id: makeID(2), parentID: makeID(1), prerequisiteIDs: []),
                    TaskLinks(id: makeID(3), parentID: nil, prerequisiteIDs: [makeID(1)]),
                    TaskLinks(id: makeID(4), parentID: makeID(1), prerequisiteIDs: [makeID(2), makeID(3)]),
                    TaskLinks(id: makeID(6), parentID: nil, prerequisiteIDs: [makeID(99)]),
                ])
            // The same read inside a write, as a loop check makes it.
            let inside = try await store.write(summary: "check", at: at(11)) { try $0.taskLinks() }
            #expect(inside.sorted { $0.id < $1.id } == links)
            #expect(try await withStore { try await $0.taskLinks() }.isEmpty)
        }
    }

    @Test("the links are read through the two partial indexes, never by scanning every task")
    func linksPlan() async throws {
        try await withStore { store in
            try await store.add(task(1, "Top"), linked(2, "Child", parent: makeID(1), after: [makeID(1)]))
            let plans = try await store.plans { db in _ = try Queries.taskLinks(db) }
            #expect(plans.count == 1)
            let plan = plans.joined(separator: "\n")
            #expect(plan.contains("INDEX tasks_by_parent"), "\(plan)")
            #expect(plan.contains("INDEX tasks_with_prerequisites"), "\(plan)")
            let scans = plan.split(separator: "\n").filter { $0.hasPrefix("SCAN tasks") && !$0.contains("INDEX") }
            #expect(scans.isEmpty, "\(plan)")
        }
    }

    @Test("the subtasks of a task, the tasks after it and the blocked ones are read through the partial indexes")
    func filterPlans() async throws {
        try await withStore { store in
            try await store.add(task(1, "Top"), linked(2, "Child", parent: makeID(1), after: [makeID(1)]))
            var subtasks = TaskRecordFilter()
            subtasks.parentIDs = [makeID(1)]
            var after = TaskRecordFilter()
            after.after = makeID(1)
            var blocked = TaskRecordFilter()
            blocked.blocked = true
            for (filter, index) in [
                (subtasks, "tasks_by_parent"), (after, "tasks_with_prerequisites"),
                (blocked, "tasks_with_prerequisites"),
            ] {
                let plans = try await store.plans { db in
                    _ = try Queries.tasks(db, filter)
                    _ = try Queries.countTasks(db, filter)
                }
                #expect(plans.count == 2)
                for plan in plans {
                    #expect(plan.contains("INDEX \(index)"), "\(plan)")
                }
            }
            // What `task done` asks (the open tasks after this one that nothing else blocks) and the open subtasks:
            // with statuses too, still through the partial indexes, not the status index.
            var unblocked = after
            unblocked.statuses = [TaskRecord.openStatus, TaskRecord.inProgressStatus]
            unblocked.blocked = false
            var openSubtasks = subtasks
            openSubtasks.statuses = [TaskRecord.openStatus, TaskRecord.inProgressStatus]
            for (filter, index) in [(unblocked, "tasks_with_prerequisites"), (openSubtasks, "tasks_by_parent")] {
                let plans = try await store.plans { db in _ = try Queries.tasks(db, filter) }
                #expect(plans.count == 1)
                let plan = plans.joined(separator: "\n")
                #expect(plan.contains("INDEX \(index)") && !plan.contains("tasks_by_status"), "\(plan)")
            }
        }
    }

    // MARK: Insert or revive

    @Test("insert or revive: a new id is inserted; a tombstone comes back with its number, logged as an update")
    func insertOrRevive() async throws {
        try await withStore { store in
            try await store.add(task(1, "Before"))
            let first = try await store.write(summary: "occur", at: at(2)) { writer in
                try writer.insertOrRevive(recurring(2, "Next"))
            }
            #expect(first.number == 2)
            #expect(first.version == 1)
            #expect(try await store.loggedBatches().last?.changes.map(\.operation) == ["insert"])

            try await store.add(task(3, "After"))
            #expect(try await store.undoLastBatch(at: at(4)) == "add After")
            #expect(try await store.undoLastBatch(at: at(5)) == "occur")
            #expect(try await store.task(id: makeID(2)) == nil, "a tombstone now")

            var again = recurring(2, "Next, again")
            again.updatedAt = at(6)
            let revived = try await store.write(summary: "occur again", at: at(6)) { [again] writer in
                try writer.insertOrRevive(again)
            }
            #expect(revived.number == 2, "keeps its number")
            #expect(revived.deletedAt == nil)
            #expect(revived.version == 3, "inserted, deleted by the undo, revived")
            #expect(revived.title == "Next, again")
            #expect(try await store.task(id: makeID(2)) == revived)
            #expect(try await store.task(number: 2) == revived)
            let change = try #require(try await store.loggedBatches().last?.changes.first)
            #expect(change.operation == "update")
            #expect(try json(change.before)["deleted_at"] as? Int64 == at(5).storedMilliseconds)
            #expect(try json(change.after)["deleted_at"] is NSNull)

            // A live task with the id is refused, and the write leaves nothing.
            await #expect(throws: LocalStorageError.self) {
                try await store.write(summary: "twice", at: at(7)) { writer in
                    try writer.insertOrRevive(recurring(2, "Twice"))
                }
            }
            #expect(try await store.task(id: makeID(2))?.title == "Next, again")
            #expect(try await store.loggedBatches().last?.summary == "occur again")

            // Undoing the revival makes it a tombstone again.
            #expect(try await store.undoLastBatch(at: at(8)) == "occur again")
            #expect(try await store.task(id: makeID(2)) == nil)
            #expect(try await store.add(task(4, "Later"))[0].number == 4, "the revived number stays used")
        }
    }

    // MARK: Undo

    @Test("undo restores the four repeat columns together")
    func undoRestoresRepeatTogether() async throws {
        try await withStore { store in
            let plain = try await store.add(task(1, "Water plants", due: "2026-12-01"))[0]
            var repeating = plain
            repeating.repeatRule = "weekly"
            repeating.repeatUntil = "2027-01-31"
            repeating.seriesID = plain.id
            repeating.seriesStart = "2026-12-01"
            try await store.write(summary: "repeat", at: at(2)) { [repeating] in try $0.update(repeating) }
            #expect(try await store.undoLastBatch(at: at(3)) == "repeat")
            let undone = try #require(try await store.task(id: plain.id))
            #expect(undone.repeatRule == nil)
            #expect(undone.repeatUntil == nil)
            #expect(undone.seriesID == nil)
            #expect(undone.seriesStart == nil)

            // Again, but another device then moves the series' end and this device pulls it: undoing the repeat now
            // would leave a rule without a series, or an end without a rule, so the whole group stays.
            try await store.write(summary: "repeat again", at: at(4)) { [repeating] in try $0.update(repeating) }
            let pushed = try await store.pendingChanges(after: 0, byteBudget: 1 << 20).last
            try await store.applySync(
                SyncWrite(
                    rows: [
                        ServerRow(
                            entity: "task", id: plain.id, version: 9,
                            fields: #"{"repeat_until":"2027-03-31","updated_at":\#(at(5).storedMilliseconds)}"#)
                    ], pushedThrough: pushed))
            #expect(try await store.task(id: plain.id)?.repeatUntil == "2027-03-31")
            #expect(try await store.undoLastBatch(at: at(6)) == "repeat again")
            let kept = try #require(try await store.task(id: plain.id))
            #expect(kept.repeatRule == "weekly")
            #expect(kept.repeatUntil == "2027-03-31")
            #expect(kept.seriesID == plain.id)
            #expect(kept.seriesStart == "2026-12-01")
        }
    }

    @Test("undo puts back links changed by a batch, prerequisites as JSON")
    func undoRestoresLinks() async throws {
        try await withStore { store in
            try await store.add(task(1, "A"), task(2, "B"))
            let child = try await store.add(linked(3, "C", parent: makeID(1), after: [makeID(1)]))[0]
            var moved = child
            moved.parentID = makeID(2)
            moved.prerequisiteIDs = [makeID(1), makeID(2)]
            try await store.write(summary: "relink", at: at(5)) { [moved] in try $0.update(moved) }
            try await store.write(summary: "delete", at: at(6)) { try $0.deleteTask(id: makeID(3), at: at(6)) }
            #expect(try await store.undoLastBatch(at: at(7)) == "delete")
            let back = try #require(try await store.task(id: makeID(3)))
            #expect(back.parentID == makeID(2), "a deleted task keeps its links for the undo")
            #expect(back.prerequisiteIDs == [makeID(1), makeID(2)])
            #expect(try await store.undoLastBatch(at: at(8)) == "relink")
            let before = try #require(try await store.task(id: makeID(3)))
            #expect(before.parentID == makeID(1))
            #expect(before.prerequisiteIDs == [makeID(1)])
        }
    }

    // MARK: Sync

    @Test("a server row from before prerequisites is inserted with none; one that has them keeps them")
    func serverRowWithoutPrerequisites() async throws {
        try await withStore { store in
            let old = """
                {"project_id":null,"list_id":null,"title":"Pulled","note":"","status":"open","priority":0,
                "due":null,"tags":[],"estimate_seconds":null,"completed_at":null,"assignee_id":null,
                "created_at":1000,"updated_at":2000,"deleted_at":null}
                """
            let new = """
                {"project_id":null,"list_id":null,"title":"Linked","note":"","status":"open","priority":0,
                "due":"2026-12-01","tags":[],"estimate_seconds":null,"completed_at":null,"assignee_id":null,
                "parent_id":"\(makeID(50))","prerequisite_ids":["\(makeID(50))","\(makeID(52))"],
                "repeat_rule":"monthly","repeat_until":null,"series_id":"\(makeID(51))","series_start":"2026-12-01",
                "created_at":1000,"updated_at":2000,"deleted_at":null}
                """
            let counts = try await store.applySync(
                SyncWrite(rows: [
                    ServerRow(entity: "task", id: makeID(50), version: 3, fields: old),
                    ServerRow(entity: "task", id: makeID(51), version: 4, fields: new),
                ]))
            #expect(counts.inserted == 2)
            let pulled = try #require(try await store.task(id: makeID(50)))
            #expect(pulled.prerequisiteIDs == [])
            #expect(pulled.parentID == nil)
            #expect(pulled.repeatRule == nil)
            #expect(pulled.seriesID == nil)
            let withLinks = try #require(try await store.task(id: makeID(51)))
            #expect(withLinks.parentID == makeID(50))
            #expect(withLinks.prerequisiteIDs == [makeID(50), makeID(52)])
            #expect(withLinks.repeatRule == "monthly")
            #expect(withLinks.seriesID == makeID(51))
            #expect(withLinks.seriesStart == "2026-12-01")
            var filter = TaskRecordFilter()
            filter.after = makeID(52)
            #expect(try await store.titles(filter) == ["Linked"])
            filter = TaskRecordFilter()
            filter.blocked = true
            #expect(try await store.titles(filter) == ["Linked"], "waits on task 50, which is open")

            // The same row again is no change: the stored array compares equal to the server's.
            let again = try await store.applySync(
                SyncWrite(rows: [ServerRow(entity: "task", id: makeID(51), version: 4, fields: new)]))
            #expect(again.inserted == 0)
            #expect(again.updated == 0)

            // Nor is this device's own change coming back: the array as written here reads as the server's JSON.
            let mine = try await store.add(linked(60, "Mine", parent: makeID(50), after: [makeID(52), makeID(50)]))[0]
            let echo = """
                {"parent_id":"\(makeID(50))","prerequisite_ids":["\(makeID(50))","\(makeID(52))"],"repeat_rule":null}
                """
            let back = try await store.applySync(
                SyncWrite(rows: [ServerRow(entity: "task", id: mine.id, version: 1, fields: echo)]))
            #expect(back.updated == 0)
            #expect(back.unchanged == 1)
        }
    }

    private func json(_ text: String?) throws -> [String: Any] {
        let data = Data(try #require(text).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

extension LocalStore {
    /// SQLite's plan for each statement `body` runs, one string per statement: checks that the store's own SQL (not
    /// a copy of it) uses the indexes it was written for. A plan does not depend on the values bound (there is no
    /// `sqlite_stat4`), so each statement's parameters are bound to NULL, however many it has (one filter may run
    /// several statements). The trace it sets replaces the connection's statement counter, so only a store of its
    /// own test may use it.
    func plans(_ body: @escaping @Sendable (Database) throws -> Void) async throws -> [String] {
        try await read { db in
            let seen = StatementLog()
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event { seen.sql.append(statement.sql) }
            }
            try body(db)
            db.trace(options: .statement, nil)
            return try seen.sql.map { sql in
                let parameters = sql.utf8.count { $0 == UInt8(ascii: "?") }
                let arguments = StatementArguments(Array(repeating: DatabaseValue.null, count: parameters))
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                    .map { row in row["detail"] as String? ?? "" }.joined(separator: "\n")
            }
        }
    }
}

private final class StatementLog {
    var sql: [String] = []
}
