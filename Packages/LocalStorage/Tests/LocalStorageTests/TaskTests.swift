import Foundation
import Testing

@testable import LocalStorage

@Suite("Tasks")
struct TaskTests {
    @Test("tasks are created with a number, read, updated and deleted as tombstones")
    func taskLifecycle() async throws {
        try await withStore { store in
            let draft = task(1, "Write report", due: "2026-12-01", tags: ["work", "urgent"], note: "line 1\nline 2")
            let stored = try await store.write(summary: "add", at: at(1)) { try $0.insert(draft) }
            #expect(stored.number == 1)
            #expect(stored.version == 1)
            var expected = draft
            expected.number = 1
            #expect(stored == expected)
            #expect(try await store.task(id: draft.id) == expected)
            #expect(try await store.task(number: 1) == expected)

            var edited = stored
            edited.number = 42
            edited.status = "done"
            edited.completedAt = at(3)
            edited.tags = []
            edited.estimateSeconds = 5400
            edited.updatedAt = at(3)
            let updated = try await store.write(summary: "done", at: at(3)) { [edited] in try $0.update(edited) }
            #expect(updated.number == 1)
            #expect(updated.version == 2)
            #expect(try await store.task(number: 1)?.estimateSeconds == 5400)
            #expect(try await store.task(number: 42) == nil)

            try await store.write(summary: "delete", at: at(4)) { try $0.deleteTask(id: draft.id, at: at(4)) }
            #expect(try await store.task(id: draft.id) == nil)
            #expect(try await store.task(number: 1) == nil)
            #expect(try await store.tasks().isEmpty)
            #expect(try await store.countTasks() == 0)
        }
    }

    @Test("an update that changes nothing writes nothing")
    func identicalUpdate() async throws {
        try await withStore { store in
            let stored = try await store.add(task(1, "Same"))[0]
            let again = try await store.write(summary: "noop", at: at(2)) { try $0.update(stored) }
            #expect(again.version == 1)
            #expect(try await store.loggedBatches().count == 1)
        }
    }

    @Test("numbers increase and are never reused, even after deletion or undo")
    func numbers() async throws {
        try await withStore { store in
            let first = try await store.add(task(1, "a"), task(2, "b"), task(3, "c"))
            #expect(first.map(\.number) == [1, 2, 3])
            try await store.write(summary: "delete", at: at(5)) { try $0.deleteTask(id: makeID(3), at: at(5)) }
            #expect(try await store.add(task(4, "d"))[0].number == 4)
            #expect(try await store.undoLastBatch(at: at(6)) == "add d")
            #expect(try await store.add(task(5, "e"))[0].number == 5)
        }
    }

    @Test("tags keep their order and any characters")
    func tagsRoundTrip() async throws {
        try await withStore { store in
            let tags = ["quote\"d", "ü", "back\\slash", "tab\there", "emoji😀", "ctl\u{1}"]
            try await store.add(task(1, "Tagged", tags: tags))
            #expect(try await store.task(number: 1)?.tags == tags)
            #expect(try await store.titles(TaskRecordFilter(tag: "ü")) == ["Tagged"])
            #expect(try await store.titles(TaskRecordFilter(tag: "quote\"d")) == ["Tagged"])
            #expect(try TagsJSON.decode(" [ \"a\" , \"\\u00e9\\ud83d\\ude00\" ] ") == ["a", "é😀"])
            #expect(throws: TagsJSON.DecodingError.self) { try TagsJSON.decode("[\"a\",]") }
            // Plain text is copied whole, the rest escaped; both read back as they were.
            let mixed = ["plain", "é😀", "q\"b\\t\u{1}", ""]
            #expect(TagsJSON.encode(mixed) == #"["plain","é😀","q\"b\\t\u0001",""]"#)
            #expect(try TagsJSON.decode(TagsJSON.encode(mixed)) == mixed)
        }
    }

    @Test("tasks by id: one (in any case), several, none; deleted ones left out")
    func byIDs() async throws {
        try await withStore { store in
            try await store.add(task(1, "one"), task(2, "two"), task(3, "three"))
            try await store.write(summary: "delete", at: at(5)) { try $0.deleteTask(id: makeID(3), at: at(5)) }
            func titles(_ ids: [String]) async throws -> [String] {
                var filter = TaskRecordFilter(sort: .number)
                filter.ids = ids
                return try await store.titles(filter)
            }
            #expect(try await titles([makeID(2)]) == ["two"])
            #expect(try await titles([makeID(2).uppercased()]) == ["two"])
            #expect(try await titles([makeID(1), makeID(2), makeID(3)]) == ["one", "two"])
            #expect(try await titles([makeID(2).uppercased(), makeID(1)]) == ["one", "two"], "several, in any case")
            #expect(try await titles([makeID(3)]) == [])
            #expect(try await titles([]) == [])
        }
    }

    @Test("tasks are found by id prefix, case-insensitively")
    func idPrefix() async throws {
        try await withStore { store in
            try await store.add(task(1, "one"), task(10, "ten"), task(11, "eleven"))
            #expect(try await store.tasks(idPrefix: String(makeID(10).prefix(35))).map(\.title) == ["ten", "eleven"])
            #expect(try await store.tasks(idPrefix: makeID(1).uppercased()).map(\.title) == ["one"])
            #expect(try await store.tasks(idPrefix: "ffff").isEmpty)
            #expect(try await store.tasks(idPrefix: "not-hex!").isEmpty)
        }
    }

    // MARK: Filters and sorts

    private let p = makeID(1)
    private let q = makeID(2)
    private let listL = makeID(10)
    private let listM = makeID(11)

    /// Six live tasks (numbers 1…6) and a deleted one (7).
    private func sampleStore(_ body: (LocalStore) async throws -> Void) async throws {
        try await withStore { store in
            try await store.write(summary: "projects", at: day0) { [p, q] writer in
                try writer.insert(project(1, "P"))
                try writer.insert(project(2, "Q"))
                try writer.insert(list(10, "L", in: p))
                try writer.insert(list(11, "M", in: q))
            }
            try await store.add(
                task(
                    101, "Write report", project: p, list: listL, priority: 3, due: "2026-12-01",
                    tags: ["work", "urgent"], note: "Quarterly numbers", created: 30),
                task(102, "Buy milk", priority: 1, due: "2026-11-30", tags: ["home"], created: 10),
                task(
                    103, "Call Zoë", project: q, list: listM, status: "in-progress", priority: 2,
                    note: "about the Café", created: 20),
                task(
                    104, "File taxes", project: p, status: "done", priority: 3, due: "2026-11-15", tags: ["admin"],
                    created: 60),
                task(105, "Read book", due: "2026-12-05", tags: ["home", "fun"], note: "chapter 3", created: 40),
                task(106, "plan trip", project: q, priority: 2, due: "2026-12-01", tags: ["fun"], created: 50),
                task(
                    107, "Deleted", project: p, priority: 3, due: "2026-12-01", tags: ["home"], note: "report",
                    created: 70)
            )
            try await store.write(summary: "delete", at: at(80)) { try $0.deleteTask(id: makeID(107), at: at(80)) }
            try await body(store)
        }
    }

    @Test("each filter field selects the matching tasks and never tombstones")
    func filters() async throws {
        try await sampleStore { store async throws in
            #expect(try await store.titles(TaskRecordFilter(projectID: p)) == ["Write report", "File taxes"])
            #expect(
                try await store.titles(TaskRecordFilter(projectID: p.uppercased())) == ["Write report", "File taxes"])
            #expect(try await store.titles(TaskRecordFilter(noProject: true)) == ["Buy milk", "Read book"])
            #expect(try await store.titles(TaskRecordFilter(listID: listL)) == ["Write report"])
            #expect(try await store.titles(TaskRecordFilter(statuses: ["in-progress"])) == ["Call Zoë"])
            #expect(try await store.countTasks(TaskRecordFilter(statuses: ["open", "in-progress"])) == 5)
            #expect(try await store.titles(TaskRecordFilter(tag: "home")) == ["Buy milk", "Read book"])
            #expect(try await store.titles(TaskRecordFilter(tag: "fun")) == ["plan trip", "Read book"])
            #expect(
                try await store.titles(TaskRecordFilter(priorities: [2, 3]))
                    == ["Write report", "plan trip", "Call Zoë", "File taxes"])
            #expect(try await store.titles(TaskRecordFilter(dueBefore: "2026-12-01")) == ["Buy milk", "File taxes"])
            #expect(
                try await store.titles(TaskRecordFilter(dueOnOrAfter: "2026-12-01"))
                    == ["Write report", "plan trip", "Read book"])
            #expect(try await store.titles(TaskRecordFilter(dueOn: "2026-12-01")) == ["Write report", "plan trip"])
            #expect(try await store.titles(TaskRecordFilter(text: "REPORT")) == ["Write report"])
            #expect(try await store.titles(TaskRecordFilter(text: "numbers")) == ["Write report"])
            #expect(try await store.titles(TaskRecordFilter(text: "CAFÉ")) == ["Call Zoë"])
            #expect(try await store.titles(TaskRecordFilter(text: "zoë")) == ["Call Zoë"])
            #expect(try await store.titles(TaskRecordFilter(projectID: q, statuses: ["open"])) == ["plan trip"])
            #expect(try await store.titles(TaskRecordFilter(limit: 2)) == ["Write report", "plan trip"])
            #expect(try await store.countTasks(TaskRecordFilter(limit: 2)) == 6)
            #expect(try await store.countTasks(TaskRecordFilter(tag: "home")) == 2)
            #expect(try await store.countTasks() == 6)
        }
    }

    @Test("each sort order, ascending and descending")
    func sorts() async throws {
        try await sampleStore { store async throws in
            var call = try #require(await store.task(number: 3))
            call.updatedAt = at(200)
            try await store.write(summary: "touch", at: at(200)) { [call] in try $0.update(call) }

            func titles(_ sort: TaskRecordSort, descending: Bool = false) async throws -> [String] {
                try await store.titles(TaskRecordFilter(sort: sort, descending: descending))
            }
            #expect(
                try await titles(.priority)
                    == ["Write report", "plan trip", "Call Zoë", "Buy milk", "Read book", "File taxes"])
            #expect(
                try await titles(.priority, descending: true)
                    == ["File taxes", "Read book", "Buy milk", "plan trip", "Call Zoë", "Write report"])
            #expect(
                try await titles(.due)
                    == ["File taxes", "Buy milk", "Write report", "plan trip", "Read book", "Call Zoë"])
            #expect(
                try await titles(.due, descending: true)
                    == ["Read book", "plan trip", "Write report", "Buy milk", "File taxes", "Call Zoë"])
            #expect(
                try await titles(.created)
                    == ["Buy milk", "Call Zoë", "Write report", "Read book", "plan trip", "File taxes"])
            #expect(
                try await titles(.updated)
                    == ["Buy milk", "Write report", "Read book", "plan trip", "File taxes", "Call Zoë"])
            #expect(
                try await titles(.title)
                    == ["Buy milk", "Call Zoë", "File taxes", "plan trip", "Read book", "Write report"])
            #expect(try await store.tasks(TaskRecordFilter(sort: .number)).map(\.number) == [1, 2, 3, 4, 5, 6])
            #expect(
                try await store.tasks(TaskRecordFilter(sort: .number, descending: true, limit: 3)).map(\.number)
                    == [6, 5, 4])
        }
    }

    @Test("task counts per project and per list leave out tombstones")
    func counts() async throws {
        try await sampleStore { store async throws in
            let byProject = try await store.taskCountsByProject(projectID: nil)
            #expect(byProject[p] == TaskCounts(open: 1, completed: 1))
            #expect(byProject[q] == TaskCounts(open: 1, inProgress: 1))
            #expect(byProject.count == 2)
            #expect(try await store.taskCountsByList(projectID: p) == [listL: TaskCounts(open: 1)])
            #expect(try await store.taskCountsByList(projectID: nil).count == 2)
            #expect(byProject[q]?.total == 2)
            #expect(try await store.taskCountsByProject(projectID: p) == [p: TaskCounts(open: 1, completed: 1)])
            #expect(
                try await store.taskCountsByProject(projectID: q.uppercased()) == [
                    q: TaskCounts(open: 1, inProgress: 1)
                ])
        }
    }

    @Test("one project's list tallies count every task filed in its lists, whatever the task's own project says")
    func listCountsFollowTheList() async throws {
        try await sampleStore { store async throws in
            try await store.add(task(108, "Stray", project: q, list: listL, created: 90))
            #expect(try await store.taskCountsByList(projectID: p) == [listL: TaskCounts(open: 2)])
            #expect(try await store.taskCountsByList(projectID: q) == [listM: TaskCounts(inProgress: 1)])
            #expect(try await store.taskCountsByList(projectID: nil)[listL] == TaskCounts(open: 2))
        }
    }
}
