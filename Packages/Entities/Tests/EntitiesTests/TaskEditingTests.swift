import Entities
import Foundation
import Testing

struct TaskEditingTests {
    @Test func createKeepsEveryDetail() throws {
        let due = try Fixture.day("2026-12-01")
        let task = try Entities.Task.create(
            id: Fixture.id(7), title: " Call the plumber ", projectID: Fixture.projectID, listID: Fixture.listID,
            due: due, priority: .high, tags: [Entities.Tag("home"), Entities.Tag("+Calls"), Entities.Tag("home")],
            estimate: Estimate(seconds: 1800), note: "Ask about the boiler", now: Fixture.now)
        #expect(task.title == "Call the plumber")
        #expect(task.projectID == Fixture.projectID)
        #expect(task.listID == Fixture.listID)
        #expect(task.due == due)
        #expect(task.priority == .high)
        #expect(task.tags.map(\.name) == ["calls", "home"])
        #expect(task.estimate?.seconds == 1800)
        #expect(task.note == "Ask about the boiler")
    }

    @Test func aListNeedsItsProject() throws {
        let error = validationError {
            try Entities.Task.create(id: Fixture.id(1), title: "Stray", listID: Fixture.listID, now: Fixture.now)
        }
        #expect(error?.field == "list")

        var task = try Fixture.task()
        #expect(validationError { try task.move(projectID: nil, listID: Fixture.listID, now: Fixture.later) } != nil)
        try task.move(projectID: Fixture.projectID, listID: Fixture.listID, now: Fixture.later)
        #expect(task.listID == Fixture.listID)
        try task.move(projectID: nil, listID: nil, now: Fixture.evenLater)
        #expect(task.projectID == nil)
        #expect(task.updatedAt == Fixture.evenLater)
    }

    @Test func editsStampUpdatedAtOnlyWhenSomethingChanges() throws {
        var task = try Fixture.task()
        try task.rename(to: "Write the report", now: Fixture.later)
        task.setPriority(.none, now: Fixture.later)
        task.setDue(nil, now: Fixture.later)
        #expect(task.updatedAt == Fixture.now)

        try task.rename(to: "Write the summary", now: Fixture.later)
        #expect(task.title == "Write the summary")
        #expect(task.updatedAt == Fixture.later)

        task.setPriority(.medium, now: Fixture.evenLater)
        #expect(task.priority == .medium)
        #expect(task.updatedAt == Fixture.evenLater)
    }

    @Test func renameValidatesTheTitle() throws {
        var task = try Fixture.task()
        let error = try #require(validationError { try task.rename(to: "  ", now: Fixture.later) })
        #expect(error.field == "title")
        #expect(error.reason == .empty(.text))
        #expect(error.message == "title is empty: it needs at least one visible character")
        #expect(task.title == "Write the report")
    }

    @Test func tagsStaySortedAndUnique() throws {
        var task = try Fixture.task()
        try task.setTags(
            [try Entities.Tag("zeta"), try Entities.Tag("alpha"), try Entities.Tag("Zeta")], now: Fixture.later)
        #expect(task.tags.map(\.name) == ["alpha", "zeta"])
        try task.addTags([try Entities.Tag("beta"), try Entities.Tag("alpha")], now: Fixture.later)
        #expect(task.tags.map(\.name) == ["alpha", "beta", "zeta"])
        task.removeTags([try Entities.Tag("alpha"), try Entities.Tag("missing")], now: Fixture.later)
        #expect(task.tags.map(\.name) == ["beta", "zeta"])
    }

    @Test func estimateAndDueCanBeSetAndCleared() throws {
        var task = try Fixture.task()
        task.setEstimate(try Estimate(seconds: 3600), now: Fixture.later)
        task.setDue(try Fixture.day("2026-12-24"), now: Fixture.later)
        #expect(task.estimate?.seconds == 3600)
        #expect(task.due?.iso == "2026-12-24")
        task.setEstimate(nil, now: Fixture.evenLater)
        task.setDue(nil, now: Fixture.evenLater)
        #expect(task.estimate == nil)
        #expect(task.due == nil)
    }

    @Test func memberwiseInitKeepsStoredValuesButNormalisesTags() throws {
        let task = Entities.Task(
            id: Fixture.id(9), number: 12, title: "Stored", status: .completed,
            tags: [try Entities.Tag("b"), try Entities.Tag("a"), try Entities.Tag("b")], completedAt: Fixture.later,
            createdAt: Fixture.now, updatedAt: Fixture.later)
        #expect(task.number == 12)
        #expect(task.tags.map(\.name) == ["a", "b"])
        #expect(task.completedAt == Fixture.later)
    }

    @Test func roundTripsThroughJSON() throws {
        var task = try Fixture.task(number: 4)
        task.setDue(try Fixture.day("2026-12-01"), now: Fixture.later)
        try task.setTags([try Entities.Tag("work")], now: Fixture.later)
        let data = try JSONEncoder().encode(task)
        #expect(try JSONDecoder().decode(Entities.Task.self, from: data) == task)
    }
}

struct TaskAssignmentTests {
    @Test func assigningStampsOnlyARealChange() throws {
        var task = try Fixture.task()
        #expect(task.assigneeID == nil)
        task.assign(to: Fixture.id(42), now: Fixture.later)
        #expect(task.assigneeID == Fixture.id(42))
        #expect(task.updatedAt == Fixture.later)
        task.assign(to: Fixture.id(42), now: Fixture.evenLater)
        #expect(task.updatedAt == Fixture.later)
        task.assign(to: nil, now: Fixture.evenLater)
        #expect(task.assigneeID == nil)
    }

    @Test func createTakesAnAssigneeAndCodableKeepsIt() throws {
        let task = try Entities.Task.create(
            id: Fixture.id(1), title: "Shared", assigneeID: Fixture.id(9), now: Fixture.now)
        #expect(task.assigneeID == Fixture.id(9))
        let decoded = try JSONDecoder().decode(Entities.Task.self, from: JSONEncoder().encode(task))
        #expect(decoded == task)
    }
}
