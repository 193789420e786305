import Foundation
import GRDB
import Testing

@testable import LocalStorage

/// Totals per project and per task are added up in Swift (``TargetTotals``) instead of by SQLite's GROUP BY;
/// these tests hold them to what the SQL said, on data with every case the SQL handled.
@Suite("Totals per project and per task")
struct TargetTotalsTests {
    /// The query the reports used before ``TargetTotals`` (a GROUP BY over the window's entries, then the groups
    /// joined to `tasks`), kept here as the reference.
    private func reference(
        _ store: LocalStore, from: Int64, to: Int64, author: String?, billable: Bool?, byTask: Bool
    ) async throws -> [TimeTotal] {
        var condition = "e.start_at < \(to) AND e.end_at > \(from)"
        if let author { condition += " AND e.logged_by = '\(author)'" }
        if let billable { condition += " AND e.billable = \(billable ? 1 : 0)" }
        let inside = "MIN(e.end_at, \(to)) - MAX(e.start_at, \(from))"
        let (key, extra) =
            byTask
            ? ("g.task_id", "COALESCE(t.project_id, g.project_id)") : ("COALESCE(t.project_id, g.project_id)", "NULL")
        let sql = """
            WITH g(task_id, project_id, s, b, n) AS (
                SELECT e.task_id, e.project_id, SUM(\(inside)),
                       COALESCE(SUM(CASE WHEN e.billable THEN \(inside) END), 0), COUNT(*)
                FROM time_entries e WHERE e.deleted_at IS NULL AND \(condition)
                GROUP BY e.task_id, e.project_id
            )
            SELECT \(key) AS k, \(extra) AS p, SUM(g.s), SUM(g.b), SUM(g.n)
            FROM g LEFT JOIN tasks t ON t.id = g.task_id
            GROUP BY k, p ORDER BY k, p
            """
        return try await store.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                TimeTotal(
                    key: row[0], projectID: row[1], seconds: Int((row[2] as Int64) / 1000),
                    billableSeconds: Int((row[3] as Int64) / 1000), entries: row[4])
            }
        }
    }

    @Test("on random data, per project and per task, every window, author and billable filter: the SQL's totals")
    func sameAsSQL() async throws {
        try await withStore { store in
            var random = SeededGenerator(seed: 11)
            let authors = [makeID(900), makeID(901), makeID(902)]
            var entries: [TimeEntryRecord] = []
            for number in 0..<600 {
                let onTask = random.next(upTo: 10) < 8
                let start = at(random.next(upTo: 14 * 24 * 60))
                entries.append(
                    TimeEntryRecord(
                        id: makeID(1_000 + number), taskID: onTask ? makeID(10 + random.next(upTo: 40)) : nil,
                        projectID: onTask ? nil : makeID(1 + random.next(upTo: 4)), start: start,
                        durationSeconds: 1 + random.next(upTo: 4 * 3_600), billable: random.next(upTo: 3) == 0,
                        tags: [], loggedBy: authors[random.next(upTo: 3)], createdAt: start, updatedAt: start))
            }
            try await store.write(summary: "seed", at: day0) { [entries] writer in
                for number in 1...4 { try writer.insert(project(number, "Project \(number)")) }
                // Tasks 10…49: most in a project, some in none; a few deleted later (their time still counts
                // under their project, as the join read it).
                for number in 10..<50 {
                    let owner = number % 5 == 0 ? nil : makeID(1 + number % 4)
                    try writer.insert(task(number, "Task \(number)", project: owner))
                }
                for entry in entries { try writer.insert(entry) }
            }
            try await store.write(summary: "tidy", at: day0) { writer in
                for number in [12, 27, 33] { try writer.deleteTask(id: makeID(number), at: day0) }
                for number in [1_005, 1_100, 1_400] { try writer.deleteTimeEntry(id: makeID(number), at: day0) }
            }
            let windows: [(Date?, Date?)] = [
                (nil, nil), (at(0), at(7 * 24 * 60)), (at(3 * 24 * 60 + 17), at(3 * 24 * 60 + 18)),
                (at(5 * 24 * 60), nil), (nil, at(24 * 60)), (at(30 * 24 * 60), at(31 * 24 * 60)),
            ]
            for (from, to) in windows {
                for author in [nil] + authors.prefix(2).map(Optional.some) {
                    for billable in [nil, true] as [Bool?] {
                        for byTask in [false, true] {
                            let filter = TimeEntryFilter(from: from, to: to, billable: billable, loggedBy: author)
                            let totals = try await store.timeTotals(filter, groupedBy: byTask ? .task : .project)
                            let expected = try await reference(
                                store, from: from?.storedMilliseconds ?? -9_000_000_000_000_000,
                                to: to?.storedMilliseconds ?? 9_000_000_000_000_000, author: author,
                                billable: billable, byTask: byTask)
                            #expect(
                                totals == expected,
                                "\(String(describing: from)) \(String(describing: to)) \(author ?? "all") \(byTask)")
                        }
                    }
                }
            }
            // The data is rich enough to mean something: groups without a project, and several per task.
            let all = try await store.timeTotals(TimeEntryFilter(), groupedBy: .project)
            #expect(all.count == 5)
            #expect(all.first?.key == nil)
        }
    }

    @Test("ids longer than a key holds in place (no Stint writes them, a file might) total apart, under their own text")
    func longIDs() async throws {
        try await withStore { store in
            // Two task ids alike in their first 44 bytes, one project id of 50.
            let prefix = String(repeating: "a", count: 44)
            let tasks = [prefix + "-1", prefix + "-2"]
            let owner = String(repeating: "b", count: 50)
            try await store.write(summary: "seed", at: day0) { writer in
                var longProject = project(1, "Long")
                longProject.id = owner
                try writer.insert(longProject)
                for (index, id) in tasks.enumerated() {
                    var record = task(10 + index, "Long \(index)", project: index == 0 ? owner : nil)
                    record.id = id
                    try writer.insert(record)
                }
                let targets: [(String?, String?)] = [(tasks[0], nil), (tasks[1], nil), (tasks[0], nil), (nil, owner)]
                for (index, target) in targets.enumerated() {
                    try writer.insert(
                        TimeEntryRecord(
                            id: makeID(2_000 + index), taskID: target.0, projectID: target.1, start: at(index * 60),
                            durationSeconds: 600 * (index + 1), tags: index == 1 ? ["x"] : [], loggedBy: makeID(900),
                            createdAt: day0, updatedAt: day0))
                }
            }
            let everything = (from: Int64(-9_000_000_000_000_000), to: Int64(9_000_000_000_000_000))
            for byTask in [false, true] {
                let totals = try await store.timeTotals(TimeEntryFilter(), groupedBy: byTask ? .task : .project)
                let expected = try await reference(
                    store, from: everything.from, to: everything.to, author: nil, billable: nil, byTask: byTask)
                #expect(totals == expected)
                #expect(totals.count == (byTask ? 3 : 2))
            }
            let byTag = try await store.timeTotals(TimeEntryFilter(), groupedBy: .tag)
            #expect(byTag == (try await referenceByTag(store, from: everything.from, to: everything.to, author: nil)))
        }
    }

    /// The tag query the reports used before ``TargetTotals/tagTotals(_:condition:arguments:from:to:)``.
    private func referenceByTag(_ store: LocalStore, from: Int64, to: Int64, author: String?) async throws
        -> [TimeTotal]
    {
        var condition = "e.start_at < \(to) AND e.end_at > \(from)"
        if let author { condition += " AND e.logged_by = '\(author)'" }
        let inside = "MIN(e.end_at, \(to)) - MAX(e.start_at, \(from))"
        let sql = """
            WITH g(task_id, tags, s, b, n) AS (
                SELECT e.task_id, e.tags, SUM(\(inside)),
                       COALESCE(SUM(CASE WHEN e.billable THEN \(inside) END), 0), COUNT(*)
                FROM time_entries e WHERE e.deleted_at IS NULL AND \(condition)
                GROUP BY e.task_id, e.tags
            )
            SELECT j.value AS k, NULL AS p, SUM(g.s), SUM(g.b), SUM(g.n)
            FROM g LEFT JOIN tasks t ON t.id = g.task_id
            LEFT JOIN json_each(CASE WHEN g.tags <> '[]' THEN g.tags ELSE COALESCE(t.tags, '[]') END) j
            GROUP BY k ORDER BY k
            """
        return try await store.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                TimeTotal(
                    key: row[0], projectID: row[1], seconds: Int((row[2] as Int64) / 1000),
                    billableSeconds: Int((row[3] as Int64) / 1000), entries: row[4])
            }
        }
    }

    @Test("by tag, on random data: an entry under each of its tags, else its task's, else none; as the SQL said")
    func tagsSameAsSQL() async throws {
        try await withStore { store in
            var random = SeededGenerator(seed: 29)
            let tagSets = [[], [], ["deep"], ["call", "deep"], ["écrire"], ["z", "a"]]
            var entries: [TimeEntryRecord] = []
            for number in 0..<500 {
                let onTask = random.next(upTo: 10) < 8
                let start = at(random.next(upTo: 10 * 24 * 60))
                entries.append(
                    TimeEntryRecord(
                        id: makeID(1_000 + number), taskID: onTask ? makeID(10 + random.next(upTo: 30)) : nil,
                        projectID: onTask ? nil : makeID(1 + random.next(upTo: 2)), start: start,
                        durationSeconds: 1 + random.next(upTo: 3 * 3_600), billable: random.next(upTo: 2) == 0,
                        tags: tagSets[random.next(upTo: tagSets.count)], loggedBy: makeID(900 + random.next(upTo: 2)),
                        createdAt: start, updatedAt: start))
            }
            try await store.write(summary: "seed", at: day0) { [entries] writer in
                try writer.insert(project(1, "Work"))
                try writer.insert(project(2, "Home"))
                for number in 10..<40 {
                    let tags = [[], ["deep"], ["home", "errand"], ["call"]][number % 4]
                    try writer.insert(task(number, "Task \(number)", project: makeID(1 + number % 2), tags: tags))
                }
                for entry in entries { try writer.insert(entry) }
            }
            try await store.write(summary: "tidy", at: day0) { writer in
                for number in [11, 22] { try writer.deleteTask(id: makeID(number), at: day0) }
            }
            let windows: [(Date?, Date?)] = [
                (nil, nil), (at(0), at(3 * 24 * 60)), (at(2 * 24 * 60 + 30), at(2 * 24 * 60 + 31)),
            ]
            for (from, to) in windows {
                for author in [nil, makeID(900)] {
                    let totals = try await store.timeTotals(
                        TimeEntryFilter(from: from, to: to, loggedBy: author), groupedBy: .tag)
                    let expected = try await referenceByTag(
                        store, from: from?.storedMilliseconds ?? -9_000_000_000_000_000,
                        to: to?.storedMilliseconds ?? 9_000_000_000_000_000, author: author)
                    #expect(totals == expected, "\(String(describing: from)) \(author ?? "all")")
                }
            }
            let all = try await store.timeTotals(TimeEntryFilter(), groupedBy: .tag)
            #expect(all.map(\.key) == [nil, "a", "call", "deep", "errand", "home", "z", "écrire"])
        }
    }

    @Test("a v7 file gains the author's index on its next open, its entries and their totals unchanged")
    func migrationFromV7() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            try LocalStore.createFile(
                at: path, migratedUpTo: "v7-task-relations-and-repeats",
                then: """
                    INSERT INTO projects (id, name, created_at, updated_at) VALUES ('\(makeID(1))', 'Old', 0, 0);
                    INSERT INTO time_entries (id, project_id, start_at, end_at, duration_seconds, logged_by,
                        created_at, updated_at)
                    VALUES ('\(makeID(2))', '\(makeID(1))', 60000, 3660000, 3600, '\(makeID(900))', 0, 0);
                    PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 7;
                    """)
            let store = try LocalStore.open(path: path)
            #expect(try await store.header() == [Schema.applicationID, Schema.stamp])
            let schema = try await store.schemaDefinitions()
            let index = try #require(schema.first { $0.hasPrefix("index time_entries_by_person ") })
            #expect(index.contains("(logged_by, start_at, end_at, deleted_at, billable, task_id, project_id)"))
            #expect(try await store.integrityCheck() == "ok")
            let mine = TimeEntryFilter(from: Date(timeIntervalSince1970: 0), loggedBy: makeID(900))
            #expect(
                try await store.timeTotals(mine, groupedBy: .project) == [
                    TimeTotal(key: makeID(1), seconds: 3_600, billableSeconds: 0, entries: 1)
                ])
        }
    }

    @Test("one person's totals read the author's index alone; everyone's read the start index")
    func personIndex() async throws {
        try await withStore { store in
            let window = TimeEntryFilter(from: day0, to: at(7 * 24 * 60))
            var mine = window
            mine.loggedBy = makeID(900)
            for grouping in [TimeGrouping.none, .project, .task] {
                let personal = try await store.timeTotalsPlan(mine, groupedBy: grouping)
                #expect(personal.contains("COVERING INDEX time_entries_by_person"), "\(grouping): \(personal)")
                let everyone = try await store.timeTotalsPlan(window, groupedBy: grouping)
                #expect(everyone.contains("COVERING INDEX time_entries_by_start"), "\(grouping): \(everyone)")
            }
            let days = (0...7).map { at($0 * 24 * 60) }
            let periods = try await store.timeTotalsPlan(mine, groupedBy: .periods(days))
            #expect(periods.contains("COVERING INDEX time_entries_by_person"), "\(periods)")
        }
    }
}
