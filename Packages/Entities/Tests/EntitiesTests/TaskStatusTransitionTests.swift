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
        #expect(error.reason == .taskTransition(from: .completed, to: .completed))
        #expect(error.message == "the task is already done")
        #expect(task.completedAt == Fixture.later)
    }

    @Test func startingADoneTaskAsksToReopenFirst() throws {
        var task = try Fixture.task()
        try task.complete(at: Fixture.later)
        let error = try #require(validationError { try task.start(now: Fixture.evenLater) })
        #expect(error.field == "status")
        #expect(error.reason == .taskTransition(from: .completed, to: .inProgress))
        #expect(error.message == "the task is done, so it cannot be started")
        #expect(task.status == .completed)
    }

    @Test func startingTwiceIsAnError() throws {
        var task = try Fixture.task()
        try task.start(now: Fixture.later)
        let error = try #require(validationError { try task.start(now: Fixture.evenLater) })
        #expect(error.field == "status")
        #expect(error.reason == .taskTransition(from: .inProgress, to: .inProgress))
        #expect(error.message == "the task is already in progress")
        #expect(task.updatedAt == Fixture.later)
    }

    @Test func onlyDoneTasksCanBeReopened() throws {
        var task = try Fixture.task()
        let open = try #require(validationError { try task.reopen(now: Fixture.later) })
        #expect(open.field == "status")
        #expect(open.reason == .taskTransition(from: .open, to: .open))
        #expect(open.message == "the task is not done, so it cannot be reopened")
        try task.start(now: Fixture.later)
        #expect(
            validationError { try task.reopen(now: Fixture.later) }?.reason
                == .taskTransition(from: .inProgress, to: .open))
    }

    @Test func statusRawValuesAreStable() {
        #expect(TaskStatus.allCases.map(\.rawValue) == ["open", "in-progress", "done"])
    }
}
