import Entities
import Foundation
import Testing

/// Overdue and due-on-a-day, and the default order of task lists.
struct TaskScheduleTests {
    private func task(due: String?, status: TaskStatus = .open) throws -> Entities.Task {
        var task = try Fixture.task()
        task.setDue(try due.map(Fixture.day), now: Fixture.now)
        if status != .open { try task.start(now: Fixture.now) }
        if status == .completed { try task.complete(at: Fixture.now) }
        return task
    }

    @Test func overdueMeansUnfinishedAndDueBeforeToday() throws {
        let today = try Fixture.saturday()
        #expect(try task(due: "2026-11-20").isOverdue(on: today))
        #expect(try task(due: "2026-11-20", status: .inProgress).isOverdue(on: today))
        #expect(try !task(due: "2026-11-20", status: .completed).isOverdue(on: today))
        #expect(try !task(due: "2026-11-21").isOverdue(on: today))
        #expect(try !task(due: "2026-11-22").isOverdue(on: today))
        #expect(try !task(due: nil).isOverdue(on: today))
    }

    @Test func dueOnMeansUnfinishedAndDueThatDay() throws {
        let today = try Fixture.saturday()
        #expect(try task(due: "2026-11-21").isDue(on: today))
        #expect(try !task(due: "2026-11-21", status: .completed).isDue(on: today))
        #expect(try !task(due: "2026-11-20").isDue(on: today))
        #expect(try !task(due: nil).isDue(on: today))
    }

    @Test func defaultOrderPutsUnfinishedUrgentEarlyWorkFirst() throws {
        func make(
            _ title: String, number: Int?, priority: Priority = .none, due: String? = nil,
            done: Bool = false, created: Date = Fixture.now
        ) throws -> Entities.Task {
            var task = try Entities.Task.create(
                id: Fixture.id(UInt8(title.utf8.first ?? 0)), title: title, due: try due.map(Fixture.day),
                priority: priority, now: created)
            task.number = number
            if done { try task.complete(at: created) }
            return task
        }
        let tasks = [
            try make("a done high", number: 1, priority: .high, due: "2026-11-01", done: true),
            try make("b none no due", number: 2),
            try make("c high no due", number: 3, priority: .high),
            try make("d high due late", number: 4, priority: .high, due: "2026-12-24"),
            try make("e high due soon", number: 5, priority: .high, due: "2026-11-22"),
            try make("f low", number: 6, priority: .low, due: "2026-11-01"),
            try make("g none no due unsaved", number: nil),
            try make("h none no due unsaved older", number: nil, created: Fixture.now.addingTimeInterval(-60)),
            try make("i none no due", number: 1),
        ]
        let ordered = tasks.shuffled().sorted(by: Entities.Task.byPriorityThenDue).map { $0.title.prefix(1) }
        #expect(ordered == ["e", "d", "c", "f", "i", "b", "h", "g", "a"])
    }
}
