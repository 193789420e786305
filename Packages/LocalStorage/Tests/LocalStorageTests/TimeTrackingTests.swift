import Foundation
import Testing

@testable import LocalStorage

private let owner = makeID(900)

private func timer(
    _ number: Int, task: String? = nil, project: String? = nil, intervals: [TimerIntervalRecord],
    owner: String = owner
) -> TimerRecord {
    let running = intervals.last?.end == nil
    return TimerRecord(
        id: makeID(number), ownerID: owner, taskID: task, projectID: project,
        state: running ? TimerRecord.runningState : TimerRecord.pausedState, intervals: intervals,
        createdAt: intervals[0].start, updatedAt: intervals.last?.end ?? intervals[0].start)
}

@Suite("Timers and time entries")
struct TimeTrackingTests {
    /// Work (with task 10) and Home, an inbox task 11.
    private func seeded(_ store: LocalStore) async throws {
        try await store.write(summary: "seed", at: day0) { writer in
            try writer.insert(project(1, "Work"))
            try writer.insert(project(2, "Home"))
            try writer.insert(task(10, "Report", project: makeID(1)))
            try writer.insert(task(11, "Inbox thing"))
        }
    }

    @Test("timers and entries round-trip, intervals and tags included")
    func roundTrip() async throws {
        try await withStore { store in
            try await seeded(store)
            let paused = timer(20, task: makeID(10), intervals: [.init(start: at(0), end: at(30))])
            let running = timer(21, project: makeID(2), intervals: [.init(start: at(40))])
            let logged = entry(30, task: makeID(10), start: at(100), minutes: 45, billable: true, tags: ["deep"])
            try await store.write(summary: "time", at: at(1)) { writer in
                try writer.insert(paused)
                try writer.insert(running)
                try writer.insert(logged)
            }
            #expect(try await store.timers() == [running, paused])
            #expect(try await store.timer(id: makeID(20)) == paused)
            #expect(try await store.timeEntries() == [logged])
            #expect(try await store.timeEntries(idPrefix: "00000000-0000-4000-8000-00000000003") == [logged])
        }
    }

    @Test("entries that start together come in id order, oldest first or newest first, with or without a limit")
    func tiesByID() async throws {
        try await withStore { store in
            try await seeded(store)
            // Written in an order that is neither: the listing must not depend on where the rows landed.
            let numbers = [34, 31, 40, 33, 32, 41]
            let starts = [34: at(10), 31: at(10), 40: at(0), 33: at(10), 32: at(20), 41: at(20)]
            try await store.write(summary: "time", at: at(60)) { writer in
                for number in numbers {
                    try writer.insert(entry(number, task: makeID(10), start: starts[number] ?? at(0), minutes: 5))
                }
            }
            let oldestFirst = [40, 31, 33, 34, 32, 41].map(makeID)
            let window = TimeEntryFilter(from: at(0), to: at(60))
            #expect(try await store.timeEntries(window).map(\.id) == oldestFirst)
            var newest = window
            newest.newestFirst = true
            #expect(try await store.timeEntries(newest).map(\.id) == oldestFirst.reversed())
            newest.limit = 3
            #expect(try await store.timeEntries(newest).map(\.id) == [41, 32, 34].map(makeID))
            #expect(try await store.timeEntries(TimeEntryFilter()).map(\.id) == oldestFirst)
        }
    }

    @Test("an entry starts on a whole second, so clipped parts add up to it")
    func wholeSeconds() async throws {
        try await withStore { store in
            try await seeded(store)
            var odd = entry(30, task: makeID(10), start: at(0).addingTimeInterval(0.75), minutes: 1)
            odd.durationSeconds = 61
            let stored = try await store.write(summary: "log", at: day0) { [odd] in try $0.insert(odd) }
            #expect(stored.start == at(0))
        }
    }

    @Test("time belongs to exactly one task or project")
    func targetIsRequired() async throws {
        try await withStore { store in
            try await seeded(store)
            let orphan = entry(30, start: at(0), minutes: 5)
            let orphanError = await #expect(throws: LocalStorageError.self) {
                try await store.write(summary: "log", at: day0) { try $0.insert(orphan) }
            }
            #expect(
                { if case .constraint = orphanError { true } else { false } }(), "\(String(describing: orphanError))")
            let both = entry(31, task: makeID(10), project: makeID(1), start: at(0), minutes: 5)
            let bothError = await #expect(throws: LocalStorageError.self) {
                try await store.write(summary: "log", at: day0) { try $0.insert(both) }
            }
            #expect({ if case .constraint = bothError { true } else { false } }(), "\(String(describing: bothError))")
            #expect(try await store.timeEntries().isEmpty)
        }
    }

    @Test("totals by project follow the task's current project; inbox time has no project")
    func byProject() async throws {
        try await withStore { store in
            try await seeded(store)
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60))
                try writer.insert(entry(31, project: makeID(2), start: at(60), minutes: 30, billable: true))
                try writer.insert(entry(32, task: makeID(11), start: at(90), minutes: 15))
            }
            let totals = try await store.timeTotals(TimeEntryFilter(), groupedBy: .project)
            #expect(
                totals == [
                    TimeTotal(key: nil, seconds: 900, billableSeconds: 0, entries: 1),
                    TimeTotal(key: makeID(1), seconds: 3600, billableSeconds: 0, entries: 1),
                    TimeTotal(key: makeID(2), seconds: 1800, billableSeconds: 1800, entries: 1),
                ])

            // Moving the task moves its time: nothing is copied onto the entries.
            var moved = try #require(try await store.task(id: makeID(10)))
            moved.projectID = makeID(2)
            try await store.write(summary: "move", at: at(200)) { [moved] in try $0.update(moved) }
            let home = try await store.timeTotals(TimeEntryFilter(projectID: makeID(2)))
            #expect(home == [TimeTotal(key: nil, seconds: 5400, billableSeconds: 1800, entries: 2)])
            #expect(try await store.timeEntries(TimeEntryFilter(projectID: makeID(2))).count == 2)
        }
    }

    @Test("a person's time: totals, periods and lists count only the entries they logged")
    func byAuthor() async throws {
        try await withStore { store in
            try await seeded(store)
            let teammate = makeID(901)
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60))
                try writer.insert(entry(31, task: makeID(10), start: at(60), minutes: 20, by: teammate))
                try writer.insert(entry(32, project: makeID(2), start: at(90), minutes: 15, by: teammate.uppercased()))
            }
            let everyone = try await store.timeTotals(TimeEntryFilter())
            #expect(everyone == [TimeTotal(key: nil, seconds: 5700, billableSeconds: 0, entries: 3)])
            let mine = try await store.timeTotals(TimeEntryFilter(loggedBy: owner.uppercased()), groupedBy: .project)
            #expect(mine == [TimeTotal(key: makeID(1), seconds: 3600, billableSeconds: 0, entries: 1)])
            let theirs = try await store.timeTotals(
                TimeEntryFilter(loggedBy: teammate), groupedBy: .periods([day0, at(24 * 60)]))
            #expect(theirs == [TimeTotal(key: "0", seconds: 2100, billableSeconds: 0, entries: 2)])
            #expect(
                try await store.timeEntries(TimeEntryFilter(loggedBy: teammate)).map(\.id) == [makeID(31), makeID(32)])
        }
    }

    @Test("by task keeps project-level time apart, keyed by its project")
    func byTask() async throws {
        try await withStore { store in
            try await seeded(store)
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60))
                try writer.insert(entry(31, task: makeID(10), start: at(60), minutes: 20))
                try writer.insert(entry(32, project: makeID(1), start: at(90), minutes: 15))
            }
            let totals = try await store.timeTotals(TimeEntryFilter(projectID: makeID(1)), groupedBy: .task)
            #expect(
                totals == [
                    TimeTotal(key: nil, projectID: makeID(1), seconds: 900, billableSeconds: 0, entries: 1),
                    TimeTotal(key: makeID(10), projectID: makeID(1), seconds: 4800, billableSeconds: 0, entries: 2),
                ])
        }
    }

    @Test("a window counts only the part of each entry inside it")
    func clipping() async throws {
        try await withStore { store in
            try await seeded(store)
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(-30), minutes: 60))  // half inside
                try writer.insert(entry(31, task: makeID(10), start: at(100), minutes: 10))  // outside
            }
            let window = TimeEntryFilter(from: at(0), to: at(60))
            #expect(
                try await store.timeTotals(window) == [
                    TimeTotal(key: nil, seconds: 1800, billableSeconds: 0, entries: 1)
                ])
            #expect(try await store.timeEntries(window).map(\.id) == [makeID(30)])
        }
    }

    @Test("periods split an entry that crosses midnight, and add up to the window's total")
    func periodsSplitAtBoundaries() async throws {
        try await withStore { store in
            try await seeded(store)
            let midnight = at(24 * 60)
            try await store.write(summary: "log", at: day0) { writer in
                // 23:00 to 01:30 across the first boundary.
                try writer.insert(entry(30, task: makeID(10), start: at(23 * 60), minutes: 150, billable: true))
                try writer.insert(entry(31, project: makeID(2), start: at(30 * 60), minutes: 45))
                // A long forced entry that starts two days before the window.
                try writer.insert(entry(32, project: makeID(2), start: at(-36 * 60), minutes: 40 * 60))
            }
            let boundaries = [day0, midnight, at(48 * 60)]
            let days = try await store.timeTotals(TimeEntryFilter(), groupedBy: .periods(boundaries))
            #expect(
                days == [
                    TimeTotal(key: "0", seconds: (4 * 60 + 60) * 60, billableSeconds: 3600, entries: 2),
                    TimeTotal(key: "1", seconds: (90 + 45) * 60, billableSeconds: 90 * 60, entries: 2),
                ])
            let total = try await store.timeTotals(TimeEntryFilter(from: day0, to: at(48 * 60)))
            #expect(total[0].seconds == days.map(\.seconds).reduce(0, +))
        }
    }

    @Test("tags: an entry counts under each of its tags, untagged time under none")
    func byTag() async throws {
        try await withStore { store in
            try await seeded(store)
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60, tags: ["deep", "client"]))
                try writer.insert(entry(31, task: makeID(10), start: at(60), minutes: 30))
            }
            let totals = try await store.timeTotals(TimeEntryFilter(), groupedBy: .tag)
            #expect(totals.map(\.key) == [nil, "client", "deep"])
            #expect(totals.map(\.seconds) == [1800, 3600, 3600])
        }
    }

    @Test("billable filter and deleted entries")
    func billableAndTombstones() async throws {
        try await withStore { store in
            try await seeded(store)
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60, billable: true))
                try writer.insert(entry(31, task: makeID(10), start: at(60), minutes: 30))
                try writer.insert(entry(32, task: makeID(10), start: at(90), minutes: 5, billable: true))
            }
            try await store.write(summary: "delete", at: at(200)) {
                try $0.deleteTimeEntry(id: makeID(32), at: at(200))
            }
            let billable = try await store.timeTotals(TimeEntryFilter(billable: true))
            #expect(billable == [TimeTotal(key: nil, seconds: 3600, billableSeconds: 3600, entries: 1)])
            #expect(
                try await store.timeEntries(TimeEntryFilter(newestFirst: true)).map(\.id) == [makeID(31), makeID(30)])
        }
    }

    @Test("undo of a stop brings the timer back and removes the entry, in one step")
    func undoStop() async throws {
        try await withStore { store in
            try await seeded(store)
            let running = timer(20, task: makeID(10), intervals: [.init(start: at(0))])
            try await store.write(summary: "start", at: at(0)) { try $0.insert(running) }
            try await store.write(summary: "stop timer", at: at(50)) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 50))
                try writer.deleteTimer(id: running.id, at: at(50))
            }
            #expect(try await store.timers().isEmpty)
            #expect(try await store.undoLastBatch(at: at(51)) == "stop timer")
            let restored = try await store.timers()
            #expect(restored.map(\.intervals) == [running.intervals])
            #expect(restored.map(\.state) == [TimerRecord.runningState])
            #expect(try await store.timeEntries().isEmpty)
        }
    }

    @Test("undo of a switch restores which timer runs")
    func undoSwitch() async throws {
        try await withStore { store in
            try await seeded(store)
            let first = timer(20, task: makeID(10), intervals: [.init(start: at(0))])
            let second = timer(21, task: makeID(11), intervals: [.init(start: at(0), end: at(5))])
            try await store.write(summary: "setup", at: at(5)) { writer in
                try writer.insert(first)
                try writer.insert(second)
            }
            try await store.write(summary: "resume 11", at: at(10)) { [first, second] writer in
                var paused = first
                paused.state = TimerRecord.pausedState
                paused.intervals = [.init(start: at(0), end: at(10))]
                try writer.update(paused)
                var resumed = second
                resumed.state = TimerRecord.runningState
                resumed.intervals.append(.init(start: at(10)))
                try writer.update(resumed)
            }
            #expect(try await store.undoLastBatch(at: at(11)) == "resume 11")
            let timers = try await store.timers()
            #expect(timers.map(\.id) == [first.id, second.id])
            #expect(timers.map(\.state) == [TimerRecord.runningState, TimerRecord.pausedState])
            var expected = second
            expected.updatedAt = timers[1].updatedAt
            expected.version = timers[1].version
            #expect(timers[1] == expected)
        }
    }

    /// The fault journey's timer that came back (seed 216995909): a start here paused a timer the server had
    /// already paused earlier; the push answer brought the server's intervals; undoing the start put back only
    /// `state` ("running" over closed intervals), the server refused the stop that followed, and its answer
    /// revived the stopped timer. A timer's state and intervals go back together or not at all.
    @Test("undo puts a timer's state and intervals back together, or leaves both when the server changed them")
    func undoKeepsStateWithIntervals() async throws {
        try await withStore { store in
            try await seeded(store)
            let first = timer(20, task: makeID(10), intervals: [.init(start: at(0))])
            try await store.write(summary: "start 10", at: at(0)) { [first] in try $0.insert(first) }
            try await store.write(summary: "start 11", at: at(20)) { [first] writer in
                var paused = first
                paused.state = TimerRecord.pausedState
                paused.intervals = [.init(start: at(0), end: at(20))]
                try writer.update(paused)
                try writer.insert(timer(21, task: makeID(11), intervals: [.init(start: at(20))]))
            }
            // The push answer: the server had paused the first timer at 10 (another device's timer started then).
            let pushed = try await store.pendingChanges(after: 0, byteBudget: 1 << 20).last
            let fields = """
                {"state":"paused","intervals":[[\(at(0).storedMilliseconds),\(at(10).storedMilliseconds)]],\
                "updated_at":\(at(10).storedMilliseconds)}
                """
            try await store.applySync(
                SyncWrite(
                    rows: [ServerRow(entity: "timer", id: first.id, version: 3, fields: fields)],
                    pushedThrough: pushed))

            #expect(try await store.undoLastBatch(at: at(25)) == "start 11")
            let timers = try await store.timers()
            #expect(timers.map(\.id) == [first.id])
            #expect(timers.map(\.state) == [TimerRecord.pausedState], "not running over closed intervals")
            #expect(timers.map(\.intervals) == [[.init(start: at(0), end: at(10))]])
        }
    }

    @Test("export and import carry timers and entries; a second import changes nothing")
    func transfer() async throws {
        try await withStore { source in
            try await seeded(source)
            try await source.write(summary: "time", at: at(1)) { writer in
                try writer.insert(
                    timer(20, task: makeID(10), intervals: [.init(start: at(0), end: at(30)), .init(start: at(40))]))
                try writer.insert(entry(30, project: makeID(2), start: at(100), minutes: 45, tags: ["a"]))
            }
            let snapshot = try await source.exportRecords()
            #expect(snapshot.timers.count == 1)
            #expect(snapshot.timeEntries.count == 1)
            try await withStore { target in
                let counts = try await target.importRecords(
                    projects: snapshot.projects, lists: snapshot.taskLists, tasks: snapshot.tasks,
                    timers: snapshot.timers, timeEntries: snapshot.timeEntries, summary: "import", at: at(2))
                #expect(counts.inserted == 6)
                let again = try await target.importRecords(
                    projects: snapshot.projects, lists: snapshot.taskLists, tasks: snapshot.tasks,
                    timers: snapshot.timers, timeEntries: snapshot.timeEntries, summary: "import", at: at(3))
                #expect(again == ImportCounts(inserted: 0, updated: 0, unchanged: 6))
                let copy = try await target.exportRecords()
                #expect(copy.timers == snapshot.timers)
                #expect(copy.timeEntries == snapshot.timeEntries)
            }
        }
    }

    @Test("a file from before timers is upgraded in place and keeps its tasks and its undo history")
    func upgradeFromVersion1() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            try LocalStore.createFile(
                at: path, migratedUpTo: "v1-projects-lists-tasks-changelog",
                then: """
                    INSERT INTO tasks (id, number, title, status, created_at, updated_at)
                        VALUES ('\(makeID(10))', 1, 'Old task', 'open', 0, 0);
                    INSERT INTO change_batches (id, seq, summary, created_at) VALUES ('b1', 1, 'add task 1', 0);
                    INSERT INTO changes (batch_id, entity, entity_id, operation, after_json)
                        VALUES ('b1', 'task', '\(makeID(10))', 'insert', '{}');
                    """)
            let store = try LocalStore.open(path: path)
            #expect(try await store.tasks().map(\.title) == ["Old task"])
            try await store.write(summary: "log", at: day0) { writer in
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 5))
            }
            #expect(try await store.loggedBatches().map(\.summary) == ["add task 1", "log"])
            #expect(try await store.undoLastBatch(at: at(10)) == "log")
            #expect(try await store.undoLastBatch(at: at(11)) == "add task 1")
            #expect(try await store.tasks().isEmpty)
        }
    }

    @Test("report queries probe the start index instead of scanning every entry")
    func queryPlans() async throws {
        try await withStore { store in
            let window = TimeEntryFilter(from: day0, to: at(7 * 24 * 60))
            for grouping in [TimeGrouping.none, .project, .task, .tag] {
                let plan = try await store.timeTotalsPlan(window, groupedBy: grouping)
                #expect(plan.contains("time_entries_by_start"), "\(grouping): \(plan)")
                #expect(!plan.contains("SCAN e"), "\(grouping): \(plan)")
                // Only the tags need the rows themselves; every other sum reads the index alone.
                if grouping != .tag { #expect(plan.contains("COVERING INDEX time_entries_by_start"), "\(plan)") }
                // One person's time (the default report once teammates' entries are synced) too.
                var mine = window
                mine.loggedBy = owner
                let personal = try await store.timeTotalsPlan(mine, groupedBy: grouping)
                if grouping != .tag {
                    #expect(personal.contains("COVERING INDEX time_entries_by_person"), "\(grouping): \(personal)")
                }
            }
            let days = (0...7).map { at($0 * 24 * 60) }
            let plan = try await store.timeTotalsPlan(TimeEntryFilter(), groupedBy: .periods(days))
            #expect(plan.contains("SEARCH e USING COVERING INDEX time_entries_by_start"), "\(plan)")
        }
    }

    @Test("a timer's stored intervals read back exactly, and a damaged value is refused, not guessed at")
    func intervalsText() throws {
        let intervals = [
            TimerIntervalRecord(start: Date(storedMilliseconds: -86_400_000), end: Date(storedMilliseconds: 0)),
            TimerIntervalRecord(start: Date(storedMilliseconds: 1_795_000_000_123), end: nil),
        ]
        let text = IntervalsJSON.encode(intervals)
        #expect(text == "[[-86400000,0],[1795000000123,null]]")
        #expect(try IntervalsJSON.decode(text) == intervals)
        #expect(try IntervalsJSON.decode(" [ ] ") == [])
        #expect(try IntervalsJSON.decode(" [ [ 5 , null ] ]\n").count == 1)
        for damaged in [
            "", "[", "[[1]]", "[[null,2]]", "[[1,2],]", "[[1,2]] x", "[[1,2,3]]", "[[1,2]",
            "[[99999999999999999999,1]]",
            "[[-,1]]", "[[1,nul]]",
        ] {
            #expect(throws: IntervalsJSON.DecodingError.self, "\(damaged)") { try IntervalsJSON.decode(damaged) }
        }
    }
}
