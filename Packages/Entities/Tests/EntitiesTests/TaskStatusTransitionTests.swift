import Entities
import Foundation
import Testing

struct TaskStatusTransitionTests {
    @Test func aNewTaskIsOpen() throws {
        let task = try Fixture.task()
        #expect(task.status == .open)
        #expect(task.completedAt == nil)
        #expect(task.createdAt == Fixture.now)
        #expect(task.updatedAt == Fixture.now)
        #expect(task.number == nil)
    }

    @Test func walksOpenInProgressCompletedAndBack() throws {
        var task = try Fixture.task()

        try task.start(now: Fixture.later)
        #expect(task.status == .inProgress)
        #expect(task.updatedAt == Fixture.later)

        try task.complete(at: Fixture.evenLater)
        #expect(task.status == .completed)
        #expect(task.completedAt == Fixture.evenLater)
        #expect(task.updatedAt == Fixture.evenLater)

        let reopenedAt = Fixture.evenLater.addingTimeInterval(60)
        try task.reopen(now: reopenedAt)
        #expect(task.status == .open)
        #expect(task.completedAt == nil)
        #expect(task.updatedAt == reopenedAt)
    }

    @Test func anOpenTaskCanBeCompletedDirectly() throws {
        var task = try Fixture.task()
        try task.complete(at: Fixture.later)
        #expect(task.status == .completed)
        #expect(task.completedAt == Fixture.later)
    }

    @Test func completingTwiceIsAnError() throws {
        var task = try Fixture.task()
        try task.complete(at: Fixture.later)
        let error = try #require(validationError { try task.complete(at: Fixture.evenLater) })
        #expect(error.field == "status")
        #expect(error.reason == .invalidTransition("done"))
        #expect(error.message.contains("reopen it first"))
        #expect(task.completedAt == Fixture.later)
    }

    @Test func startingADoneTaskAsksToReopenFirst() throws {
        var task = try Fixture.task()
        try task.complete(at: Fixture.later)
        let error = try #require(validationError { try task.start(now: Fixture.evenLater) })
        #expect(error.reason == .invalidTransition("done"))
        #expect(error.message == "the task is done: reopen it first")
        #expect(task.status == .completed)
    }

    @Test func startingTwiceIsAnError() throws {
        var task = try Fixture.task()
        try task.start(now: Fixture.later)
        #expect(validationError { try task.start(now: Fixture.evenLater) }?.reason == .invalidTransition("in-progress"))
        #expect(task.updatedAt == Fixture.later)
    }

    @Test func onlyDoneTasksCanBeReopened() throws {
        var task = try Fixture.task()
        #expect(validationError { try task.reopen(now: Fixture.later) }?.reason == .invalidTransition("open"))
        try task.start(now: Fixture.later)
        #expect(validationError { try task.reopen(now: Fixture.later) }?.reason == .invalidTransition("in-progress"))
    }

    @Test func statusRawValuesAreStable() {
        #expect(TaskStatus.allCases.map(\.rawValue) == ["open", "in-progress", "done"])
    }
}
