import Entities
import Foundation
import LocalStorage
import Testing

@testable import Repositories

/// Subtasks, prerequisites and recurring tasks through the task repository (ADR 0030): links checked inside the
/// write, the next occurrence stored with the completion, and the link map every tree walk reads.
@Suite("Task relations and recurring tasks over a real SQLite file")
struct TaskRelationsRepositoryTests {
    // MARK: Loops and bad links

    @Test("a new prerequisite that closes a loop is refused, naming the loop by task numbers")
    func prerequisiteLoop() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = try await fixture.tasks.create(NewTask(title: "Buy paint"))
        let second = try await fixture.tasks.create(draft("Paint", after: [first.id]))
        let third = try await fixture.tasks.create(draft("Varnish", after: [second.id]))

        let long = await repositoryError {
            try await fixture.tasks.change(first.id, summary: "after") { task, now in
                try task.setPrerequisites([third.id], now: now)
            }
        }
        #expect(
            long?.validation == ValidationError(field: "after", reason: .relationCycle(path: ["1", "3", "2", "1"])))
        let short = await repositoryError {
            try await fixture.tasks.change([first.id], summary: "after") { task, now in
                try task.setPrerequisites([second.id], now: now)
            }
        }
        #expect(short?.validation == ValidationError(field: "after", reason: .relationCycle(path: ["1", "2", "1"])))
        #expect(short?.validation?.message.contains("1 → 2 → 1") == true)
        #expect(try await fixture.tasks.task(reference: "1").prerequisiteIDs == [], "nothing was stored")
        #expect(try await fixture.history.undo() == "added task \"Varnish\"", "the refused changes left no batch")

        // Not a loop: two tasks after the same one, or one after two that share a prerequisite.
        let fourth = try await fixture.tasks.create(draft("Sand", after: [first.id]))
        let diamond = try await fixture.tasks.change(fourth.id, summary: "after") { task, now in
            try task.setPrerequisites([first.id, second.id], now: now)
        }
        #expect(Set(diamond.prerequisiteIDs) == [first.id, second.id])
    }

    @Test("a new parent that closes a loop is refused, naming the loop by task numbers")
    func parentLoop() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let top = try await fixture.tasks.create(NewTask(title: "Website"))
        let middle = try await fixture.tasks.create(draft("Design", parent: top.id))
        let bottom = try await fixture.tasks.create(draft("Logo", parent: middle.id))

        let long = await repositoryError {
            try await fixture.tasks.change(top.id, summary: "parent") { task, now in
                try task.setParent(bottom.id, now: now)
            }
        }
        #expect(
            long?.validation == ValidationError(field: "parent", reason: .relationCycle(path: ["1", "3", "2", "1"])))
        let short = await repositoryError {
            try await fixture.tasks.change([top.id], summary: "parent") { task, now in
                try task.setParent(middle.id, now: now)
            }
        }
        #expect(short?.validation == ValidationError(field: "parent", reason: .relationCycle(path: ["1", "2", "1"])))
        #expect(try await fixture.tasks.task(reference: "1").parentID == nil)

        // Moving a subtask elsewhere in its own tree (no loop) is fine.
        let moved = try await fixture.tasks.change(bottom.id, summary: "parent") { task, now in
            try task.setParent(top.id, now: now)
        }
        #expect(moved.parentID == top.id)
    }

    @Test("a task cannot be its own parent or come after itself")
    func selfLinks() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "Alone"))
        let parent = await repositoryError {
            try await fixture.tasks.change(task.id, summary: "parent") { task, now in
                try task.setParent(task.id, now: now)
            }
        }
        #expect(parent?.validation == ValidationError(field: "parent", reason: .linksToItself))
        let after = await repositoryError {
            try await fixture.tasks.change([task.id], summary: "after") { task, now in
                try task.setPrerequisites([task.id], now: now)
            }
        }
        #expect(after?.validation == ValidationError(field: "prerequisite", reason: .linksToItself))
        let stored = try await fixture.tasks.task(reference: "1")
        #expect(stored.parentID == nil)
        #expect(stored.prerequisiteIDs == [])
    }

    @Test("a new link to a deleted or unknown task is a conflict, checked inside the write")
    func linkToGoneTask() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let gone = try await fixture.tasks.create(NewTask(title: "Gone"))
        let kept = try await fixture.tasks.create(NewTask(title: "Kept"))
        // Resolved by the caller, then deleted by another process before the write.
        _ = try await fixture.otherProcess().makeTaskRepository().delete(gone.id)
        let unknown = try #require(UUID(uuidString: "cccc0000-0000-4000-8000-000000000001"))

        let createdUnder = await repositoryError { try await fixture.tasks.create(draft("Child", parent: gone.id)) }
        #expect(createdUnder?.conflict == .noLongerExists(kind: .task, id: gone.id))
        let createdAfter = await repositoryError {
            try await fixture.tasks.create(draft("Next", after: [kept.id, unknown]))
        }
        #expect(createdAfter?.conflict == .noLongerExists(kind: .task, id: unknown))
        let reparented = await repositoryError {
            try await fixture.tasks.change(kept.id, summary: "parent") { task, now in
                try task.setParent(gone.id, now: now)
            }
        }
        #expect(reparented?.conflict == .noLongerExists(kind: .task, id: gone.id))
        let batch = await repositoryError {
            try await fixture.tasks.change([kept.id], summary: "after") { task, now in
                try task.setPrerequisites([gone.id], now: now)
            }
        }
        #expect(batch?.conflict == .noLongerExists(kind: .task, id: gone.id))
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 1, "only Kept")
        #expect(try await fixture.tasks.task(reference: "2").prerequisiteIDs == [])
    }

    @Test("links kept from before are not checked again: a dangling or circular link blocks no other edit")
    func keptLinksBlockNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let gone = try await fixture.tasks.create(NewTask(title: "Gone"))
        let waiting = try await fixture.tasks.create(draft("Waiting", parent: gone.id, after: [gone.id]))
        let other = try await fixture.tasks.create(NewTask(title: "Other"))
        _ = try await fixture.tasks.delete(gone.id)

        let renamed = try await fixture.tasks.change(waiting.id, summary: "rename") { task, now in
            try task.rename(to: "Still waiting", now: now)
        }
        #expect(renamed.parentID == gone.id)
        #expect(renamed.prerequisiteIDs == [gone.id])
        let added = try await fixture.tasks.change([waiting.id], summary: "after") { task, now in
            try task.setPrerequisites([gone.id, other.id], now: now)
        }
        #expect(Set(added[0].prerequisiteIDs) == [gone.id, other.id], "the dangling one is kept, the new one checked")
        let completed = try await fixture.tasks.change(waiting.id, summary: "done") { task, now in
            try task.complete(at: now)
        }
        #expect(completed.status == .completed)

        // A loop that sync brought (each device adding one half): its tasks stay editable, a new link may even
        // walk into it without hanging, and only a link that closes a loop through the task itself is refused.
        let a = try await fixture.tasks.create(NewTask(title: "A"))
        let b = try await fixture.tasks.create(NewTask(title: "B"))
        try await writeLinks(fixture, a.id, parent: b.id, after: [b.id])
        try await writeLinks(fixture, b.id, parent: a.id, after: [a.id])
        let edited = try await fixture.tasks.change(a.id, summary: "rename") { task, now in
            try task.rename(to: "A again", now: now)
        }
        #expect(edited.parentID == b.id)
        let c = try await fixture.tasks.create(draft("C", parent: a.id, after: [a.id]))
        #expect(c.parentID == a.id)
        let d = try await fixture.tasks.create(NewTask(title: "D"))
        let intoLoop = try await fixture.tasks.change(a.id, summary: "after") { task, now in
            try task.setPrerequisites([b.id, d.id], now: now)
        }
        #expect(Set(intoLoop.prerequisiteIDs) == [b.id, d.id])
        let closing = await repositoryError {
            try await fixture.tasks.change(d.id, summary: "after") { task, now in
                try task.setPrerequisites([c.id], now: now)
            }
        }
        #expect([a.number, c.number, d.number] == [4, 6, 7])
        #expect(
            closing?.validation == ValidationError(field: "after", reason: .relationCycle(path: ["7", "6", "4", "7"])))
    }

    // MARK: Recurring tasks

    @Test("completing a recurring task stores the next occurrence in the same change; one undo takes both back")
    func nextOccurrence() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = try await fixture.tasks.create(
            draft("Water plants", due: try day("2026-12-01"), repeat: "weekly", tags: ["home"]))
        let series = try #require(first.repetition)
        #expect(
            series
                == TaskRepetition(
                    rule: try rule("weekly"), until: nil, seriesID: first.id, start: try day("2026-12-01")))

        fixture.clock.advance(60)
        let done = try await fixture.tasks.change(first.id, summary: "completed task 1") { task, now in
            try task.complete(at: now)
        }
        #expect(done.status == .completed)
        let expectedID = UUID(named: "2026-12-08", in: first.id)
        #expect(series.occurrenceID(on: try day("2026-12-08")) == expectedID)
        let next = try #require(try await fixture.tasks.tasks(matching: TaskQuery()).first)
        #expect(try await fixture.tasks.tasks(matching: TaskQuery()).count == 1)
        #expect(next.id == expectedID)
        #expect(next.number == 2)
        #expect(next.due == (try day("2026-12-08")))
        #expect(next.status == .open)
        #expect(next.title == "Water plants")
        #expect(next.tags == first.tags)
        #expect(next.repetition == series, "the same series, counted from the same day")

        #expect(try await fixture.history.undo() == "completed task 1")
        let afterUndo = try await fixture.tasks.tasks(matching: TaskQuery(statuses: [], sort: .number))
        #expect(afterUndo.map(\.id) == [first.id], "one undo took the completion and the occurrence back")
        #expect(afterUndo.first?.status == .open)

        fixture.clock.advance(60)
        _ = try await fixture.tasks.change(first.id, summary: "completed task 1 again") { task, now in
            try task.complete(at: now)
        }
        let again = try await fixture.tasks.tasks(matching: TaskQuery())
        #expect(again.map(\.id) == [expectedID])
        #expect(again.first?.number == 2, "the occurrence the undo took comes back with its number")
        #expect(try await fixture.tasks.task(reference: "2").id == expectedID)

        // Completing the occurrence continues the series from its own day.
        _ = try await fixture.tasks.change(expectedID, summary: "completed task 2") { task, now in
            try task.complete(at: now)
        }
        let third = try await fixture.tasks.tasks(matching: TaskQuery())
        #expect(third.map(\.id) == [UUID(named: "2026-12-15", in: first.id)])
        #expect(third.first?.number == 3)
        #expect(third.first?.due == (try day("2026-12-15")))
    }

    @Test("completing several tasks at once makes each recurring one's next occurrence, undone together")
    func batchCompletion() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let weekly = try await fixture.tasks.create(draft("Weekly", due: try day("2026-12-01"), repeat: "weekly"))
        let daily = try await fixture.tasks.create(draft("Daily", due: try day("2026-12-01"), repeat: "daily"))
        let once = try await fixture.tasks.create(draft("Once", due: try day("2026-12-01")))
        let done = try await fixture.tasks.change(
            [weekly.id, daily.id, once.id], summary: "completed tasks 1, 2 and 3"
        ) {
            task, now in try task.complete(at: now)
        }
        #expect(done.allSatisfy { $0.status == .completed })
        let open = try await fixture.tasks.tasks(matching: TaskQuery(sort: .number))
        #expect(open.map(\.id) == [UUID(named: "2026-12-08", in: weekly.id), UUID(named: "2026-12-02", in: daily.id)])
        #expect(open.map(\.number) == [4, 5])
        #expect(open.map(\.title) == ["Weekly", "Daily"])

        #expect(try await fixture.history.undo() == "completed tasks 1, 2 and 3")
        let back = try await fixture.tasks.tasks(matching: TaskQuery(statuses: [], sort: .number))
        #expect(back.map(\.id) == [weekly.id, daily.id, once.id])
        #expect(back.allSatisfy { $0.status == .open })

        _ = try await fixture.tasks.change([daily.id, weekly.id], summary: "completed tasks 2 and 1") { task, now in
            try task.complete(at: now)
        }
        let revived = try await fixture.tasks.tasks(matching: TaskQuery(sort: .number))
        #expect(
            revived.map(\.id) == [
                once.id, UUID(named: "2026-12-08", in: weekly.id), UUID(named: "2026-12-02", in: daily.id),
            ])
        #expect(revived.map(\.number) == [3, 4, 5], "both occurrences come back with their numbers")
    }

    @Test("a reopened task completed again finds its next occurrence live and makes no other")
    func reopenAndCompleteAgain() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = try await fixture.tasks.create(draft("Report", due: try day("2026-12-01"), repeat: "monthly"))
        _ = try await fixture.tasks.change(first.id, summary: "done") { task, now in try task.complete(at: now) }
        let nextID = UUID(named: "2027-01-01", in: first.id)
        // The occurrence is edited meanwhile: completing again must leave it as it is.
        _ = try await fixture.tasks.change(nextID, summary: "rename") { task, now in
            try task.rename(to: "January report", now: now)
        }
        _ = try await fixture.tasks.change(first.id, summary: "reopen") { task, now in try task.reopen(now: now) }
        fixture.clock.advance(60)
        _ = try await fixture.tasks.change(first.id, summary: "done again") { task, now in try task.complete(at: now) }

        let all = try await fixture.tasks.tasks(matching: TaskQuery(statuses: [], sort: .number))
        #expect(all.map(\.id) == [first.id, nextID])
        #expect(all.last?.title == "January report")
        #expect(all.last?.number == 2)
        #expect(try await fixture.history.undo() == "done again")
        #expect(try await fixture.tasks.task(reference: "2").title == "January report", "the undo left it alone")
    }

    @Test("a one-off task, or one whose series ends before its next day, makes no next occurrence")
    func noNextOccurrence() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let once = try await fixture.tasks.create(draft("Once", due: try day("2026-12-01")))
        let ending = try await fixture.tasks.create(
            draft("Ending", due: try day("2026-12-01"), repeat: "weekly", until: try day("2026-12-07")))
        let lastOne = try await fixture.tasks.create(
            draft("Last one", due: try day("2026-12-01"), repeat: "weekly", until: try day("2026-12-08")))
        for task in [once, ending] {
            _ = try await fixture.tasks.change(task.id, summary: "done") { task, now in try task.complete(at: now) }
        }
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 3, "neither made a task")

        _ = try await fixture.tasks.change(lastOne.id, summary: "done") { task, now in try task.complete(at: now) }
        let made = try await fixture.tasks.tasks(matching: TaskQuery())
        #expect(made.map(\.id) == [UUID(named: "2026-12-08", in: lastOne.id)], "the series' last day is included")
        #expect(made.first?.repetition?.until == (try day("2026-12-08")))
        _ = try await fixture.tasks.change(made[0].id, summary: "done") { task, now in try task.complete(at: now) }
        #expect(try await fixture.tasks.count(matching: TaskQuery()) == 0, "and then it ends")

        // A recurring task needs the due day its series counts from.
        let undated = await repositoryError { try await fixture.tasks.create(draft("Undated", repeat: "daily")) }
        #expect(undated?.validation == ValidationError(field: "due", reason: .empty(.day)))
    }

    @Test("a recurring subtask's next occurrence stays under its parent")
    func recurringSubtask() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let parent = try await fixture.tasks.create(NewTask(title: "Household"))
        let chore = try await fixture.tasks.create(
            draft("Vacuum", parent: parent.id, due: try day("2026-12-01"), repeat: "every 2 weeks"))
        _ = try await fixture.tasks.change(chore.id, summary: "done") { task, now in try task.complete(at: now) }
        var query = TaskQuery(sort: .number)
        query.parentIDs = [parent.id]
        let next = try await fixture.tasks.tasks(matching: query)
        #expect(next.map(\.id) == [UUID(named: "2026-12-15", in: chore.id)])
        #expect(next.first?.parentID == parent.id)
    }

    // MARK: Reading links

    @Test("the link map: parents, prerequisites, every descendant however deep, the root; a loop ends every walk")
    func linkMap() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let top = try await fixture.tasks.create(NewTask(title: "Top"))
        let child = try await fixture.tasks.create(draft("Child", parent: top.id))
        let grandchild = try await fixture.tasks.create(draft("Grandchild", parent: child.id))
        let great = try await fixture.tasks.create(draft("Great-grandchild", parent: grandchild.id))
        let sibling = try await fixture.tasks.create(draft("Sibling", parent: top.id))
        let waiting = try await fixture.tasks.create(draft("Waiting", after: [child.id, top.id]))
        let deleted = try await fixture.tasks.create(draft("Deleted", parent: top.id, after: [top.id]))
        _ = try await fixture.tasks.delete(deleted.id)

        let links = try await fixture.tasks.links()
        #expect(
            links.parents == [child.id: top.id, grandchild.id: child.id, great.id: grandchild.id, sibling.id: top.id])
        #expect(links.prerequisites.keys.sorted { $0.uuidString < $1.uuidString } == [waiting.id])
        #expect(Set(links.prerequisites[waiting.id] ?? []) == [child.id, top.id])
        #expect(Set(links.descendants(of: top.id)) == [child.id, grandchild.id, great.id, sibling.id])
        #expect(links.descendants(of: top.id).count == 4, "each once")
        #expect(links.descendants(of: grandchild.id) == [great.id])
        #expect(links.descendants(of: waiting.id) == [])
        #expect(links.root(of: great.id) == top.id)
        #expect(links.root(of: top.id) == top.id)
        #expect(links.root(of: waiting.id) == waiting.id)

        // A loop of parents that sync brought: the walks end, each task counted once.
        let a = try await fixture.tasks.create(NewTask(title: "A"))
        let b = try await fixture.tasks.create(NewTask(title: "B"))
        let c = try await fixture.tasks.create(NewTask(title: "C"))
        try await writeLinks(fixture, a.id, parent: c.id)
        try await writeLinks(fixture, b.id, parent: a.id)
        try await writeLinks(fixture, c.id, parent: b.id)
        let looped = try await fixture.tasks.links()
        #expect(Set(looped.descendants(of: a.id)) == [b.id, c.id])
        #expect(looped.descendants(of: a.id).count == 2)
        #expect([a.id, b.id, c.id].contains(looped.root(of: a.id)))
        #expect(Set(looped.descendants(of: top.id)) == [child.id, grandchild.id, great.id, sibling.id])

        // Hand-built maps need no store: a task that is its own parent ends at once too.
        let map = TaskLinkMap(parents: [a.id: a.id])
        #expect(map.root(of: a.id) == a.id)
        #expect(map.descendants(of: a.id) == [])
    }

    @Test("subtree totals equal the sum over each task's descendants, loops included, on random forests")
    func subtreeTotals() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let ids = (0..<Int.random(in: 1...40, using: &random)).map { _ in UUID() }
            var parents: [UUID: UUID] = [:]
            for id in ids where Bool.random(using: &random) || round % 7 == 0 {
                // Any parent, itself and loops included, as sync may bring.
                parents[id] = ids.randomElement(using: &random)
            }
            let map = TaskLinkMap(parents: parents)
            let own = Dictionary(uniqueKeysWithValues: ids.map { ($0, Int.random(in: 0...5_000, using: &random)) })
            let totals = map.subtreeTotals(own)
            for id in ids {
                let expected = map.descendants(of: id).reduce(0) { $0 + (own[$1] ?? 0) }
                #expect((totals[id] ?? 0) == expected, "round \(round): \(parents)")
            }
            // The whole listing's subtasks in one walk: a listed task on a loop may be among them too.
            let listed = Array(ids.prefix(5))
            let union = Set(listed.flatMap { map.descendants(of: $0) })
            let walked = map.descendants(ofAny: listed)
            #expect(union.isSubset(of: walked) && walked.subtracting(union).isSubset(of: Set(listed)))
        }
        // A chain 3,000 deep: each task has every task below it.
        let chain = (0..<3_000).map { _ in UUID() }
        var links: [UUID: UUID] = [:]
        for (parent, child) in zip(chain, chain.dropFirst()) { links[child] = parent }
        let totals = TaskLinkMap(parents: links).subtreeTotals(Dictionary(uniqueKeysWithValues: chain.map { ($0, 1) }))
        #expect(totals[chain[0]] == 2_999)
        #expect(totals[chain[1_500]] == 1_499)
        #expect(totals[chain[2_999]] == nil)
    }

    @Test("queries select the subtasks of some tasks, the tasks after one, and blocked or ready tasks")
    func queries() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let paint = try await fixture.tasks.create(NewTask(title: "Buy paint"))
        let brushes = try await fixture.tasks.create(NewTask(title: "Buy brushes"))
        let walls = try await fixture.tasks.create(
            draft("Paint walls", parent: paint.id, after: [paint.id, brushes.id]))
        let door = try await fixture.tasks.create(draft("Paint door", parent: paint.id, after: [brushes.id]))

        var subtasks = TaskQuery(sort: .number)
        subtasks.parentIDs = [paint.id]
        #expect(try await fixture.tasks.tasks(matching: subtasks).map(\.id) == [walls.id, door.id])
        var after = TaskQuery(sort: .number)
        after.after = paint.id
        #expect(try await fixture.tasks.tasks(matching: after).map(\.id) == [walls.id])
        var blocked = TaskQuery(sort: .number)
        blocked.blocked = true
        #expect(try await fixture.tasks.tasks(matching: blocked).map(\.id) == [walls.id, door.id])
        #expect(try await fixture.tasks.count(matching: blocked) == 2)

        _ = try await fixture.tasks.change(brushes.id, summary: "done") { task, now in try task.complete(at: now) }
        #expect(try await fixture.tasks.tasks(matching: blocked).map(\.id) == [walls.id])
        _ = try await fixture.tasks.delete(paint.id)
        #expect(try await fixture.tasks.count(matching: blocked) == 0, "a deleted prerequisite blocks nothing")
        var ready = TaskQuery(sort: .number)
        ready.blocked = false
        #expect(try await fixture.tasks.tasks(matching: ready).map(\.id) == [walls.id, door.id])
    }

    // MARK: Helpers

    private func draft(
        _ title: String, parent: UUID? = nil, after prerequisites: [UUID] = [], due: Day? = nil,
        repeat rule: String? = nil, until: Day? = nil, tags: [String] = []
    ) throws -> NewTask {
        var draft = NewTask(title: title, due: due, tags: try tags.map { try Tag($0) })
        draft.parentID = parent
        draft.prerequisiteIDs = prerequisites
        draft.repeatRule = try rule.map { try self.rule($0) }
        draft.repeatUntil = until
        return draft
    }

    private func rule(_ text: String) throws -> RepeatRule {
        try RepeatRule.parse(text)
    }

    private func day(_ iso: String) throws -> Day {
        try #require(Day(iso: iso))
    }

    /// Writes links straight into the file, as a pull from the server does: no loop check.
    private func writeLinks(_ fixture: Fixture, _ id: UUID, parent: UUID?, after prerequisites: [UUID] = [])
        async throws
    {
        let store = try LocalStore.open(path: fixture.path)
        defer { try? store.close() }
        var record = try #require(try await store.task(id: id.uuidString.lowercased()))
        record.parentID = parent?.uuidString.lowercased()
        record.prerequisiteIDs = prerequisites.map { $0.uuidString.lowercased() }
        try await store.write(summary: "sync", at: fixture.clock.now()) { [record] in try $0.update(record) }
    }
}
