import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

/// What the fake does beyond the contract (which `ContractTests` runs): the sample data the other tests rely on.
@Suite("InMemoryTasksServices")
struct InMemoryTasksServicesTests {
    @Test func sampleDataFiltersAsTheOtherTestsExpect() async throws {
        let services = Fixture.sampleServices()
        func numbers(_ query: TaskQuery) async throws -> [Int] {
            try await services.tasks(matching: query).map(\.number)
        }
        #expect(try await numbers(TaskQuery(due: .overdue, sort: .due)) == [4, 2])
        #expect(try await numbers(TaskQuery(due: .today, sort: .number)) == [3, 7])
        #expect(try await numbers(TaskQuery(status: .all, due: .thisWeek, sort: .number)) == [1, 2, 3, 5, 7, 9])
        #expect(try await numbers(TaskQuery(status: .all, limit: 4)) == [2, 1, 3, 5])
    }

    @Test func initialTasksKeepTheirLinksByID() async throws {
        var child = Fixture.task(2, "Child")
        child.parent = TaskLink(id: SampleTasks.identifier(for: 1), number: 1, title: "stale", status: .done)
        child.after = [TaskLink(id: SampleTasks.identifier(for: 3), number: 3, title: "stale", status: .done)]
        var recurring = Fixture.task(4, "Recurring", due: Fixture.day(1))
        recurring.repeatRule = "weekly"
        let services = InMemoryTasksServices(
            tasks: [Fixture.task(1, "Parent"), child, Fixture.task(3, "Before"), recurring], now: Fixture.noon)

        let shown = try await services.task(reference: "2")
        #expect(shown.parent == TaskLink(id: SampleTasks.identifier(for: 1), number: 1, title: "Parent", status: .open))
        #expect(shown.after.map(\.title) == ["Before"] && shown.isBlocked)
        #expect(try await services.task(reference: "1").subtasks.map(\.number) == [2])
        let next = try await services.completeTask(reference: "4").nextOccurrence
        #expect(try await services.task(reference: try #require(next?.id)).due == Fixture.day(8))
    }

    @Test func aSubtaskLivesWhereItsParentDoesUnlessToldOtherwise() async throws {
        let services = Fixture.sampleServices()
        var draft = TaskDraft(title: "Outline")
        draft.parent = "1"
        let placed = try await services.addTask(draft)
        #expect(placed.projectName == "Work" && placed.listName == "This sprint")
        draft.project = "Home"
        let elsewhere = try await services.addTask(draft)
        #expect(elsewhere.projectName == "Home" && elsewhere.listName == nil && elsewhere.parent?.number == 1)
    }

    /// As in the App: what a batch unblocked is read once all of it is done, each task named by the first.
    @Test func aBatchNamesEachUnblockedTaskOnce() async throws {
        let services = InMemoryTasksServices(now: Fixture.noon)
        for (title, after) in [("A", []), ("B", []), ("Both", ["1", "2"]), ("Only B", ["2"])] as [(String, [String])] {
            var draft = TaskDraft(title: title)
            draft.after = after
            _ = try await services.addTask(draft)
        }
        let done = try await services.changeTasks(references: ["1", "2"], .complete(force: false))
        #expect(done.map { $0.unblocked.map(\.number) } == [[3], [4]])
    }

    @Test func aParentCompletedWithItsOpenSubtasksNeedsNoForce() async throws {
        let services = InMemoryTasksServices(now: Fixture.noon)
        _ = try await services.addTask(TaskDraft(title: "Parent"))
        var draft = TaskDraft(title: "Child")
        draft.parent = "1"
        _ = try await services.addTask(draft)
        let done = try await services.changeTasks(references: ["1", "2"], .complete(force: false))
        #expect(done.map(\.status) == [.done, .done])
        #expect(done.first?.subtasks.map(\.status) == [.done])
    }

    @Test func subtaskTimeIsUnknownUntilSomeIsRecorded() async throws {
        let services = InMemoryTasksServices(now: Fixture.noon)
        _ = try await services.addTask(TaskDraft(title: "Parent"))
        var draft = TaskDraft(title: "Child")
        draft.parent = "1"
        _ = try await services.addTask(draft)
        #expect(try await services.task(reference: "1").subtasksLoggedSeconds == nil)
        try await services.setLogged(0, forTask: "2")
        #expect(try await services.task(reference: "1").subtasksLoggedSeconds == 0)
        let listed = try await services.tasks(matching: TaskQuery(sort: .number))
        #expect(listed.first?.subtasksLoggedSeconds == nil, "not loaded without includesLoggedTime")
    }

    @Test func loggedTimeIsOnlyReportedWhenRecorded() async throws {
        let services = Fixture.sampleServices()
        #expect(try await services.task(reference: "1").loggedSeconds == 130 * 60)
        #expect(try await services.task(reference: "2").loggedSeconds == nil)
        try await services.setLogged(60, forTask: "2")
        #expect(try await services.task(reference: "2").loggedSeconds == 60)
    }
}
