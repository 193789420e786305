import Entities
import Foundation
import Testing

struct TaskRelationsTests {
    private static let taskID = Fixture.id(1)

    /// `count` distinct ids, none of them the task's own.
    private static func otherIDs(_ count: Int) -> [UUID] {
        (0..<count).map { UUID(named: "prerequisite \($0)", in: Fixture.id(0xC1)) }
    }

    @Test func createKeepsTheParentAndSortedUniquePrerequisites() throws {
        let task = try Entities.Task.create(
            id: Self.taskID, title: "Paint the hall", parentID: Fixture.id(9),
            prerequisiteIDs: [Fixture.id(4), Fixture.id(2), Fixture.id(3), Fixture.id(2)], now: Fixture.now)
        #expect(task.parentID == Fixture.id(9))
        #expect(task.prerequisiteIDs == [Fixture.id(2), Fixture.id(3), Fixture.id(4)])
        #expect(Entities.Task.prerequisiteLimit == 100)

        let plain = try Fixture.task()
        #expect(plain.parentID == nil)
        #expect(plain.prerequisiteIDs.isEmpty)
        #expect(plain.repetition == nil)
    }

    @Test func aTaskCannotBeItsOwnParent() throws {
        let error = try #require(
            validationError {
                try Entities.Task.create(id: Self.taskID, title: "Loop", parentID: Self.taskID, now: Fixture.now)
            })
        #expect(error.field == "parent")
        #expect(error.reason == .linksToItself)
        #expect(error.message == "a task cannot be its own parent")

        var task = try Fixture.task()
        let setError = try #require(validationError { try task.setParent(task.id, now: Fixture.later) })
        #expect(setError == ValidationError(field: "parent", reason: .linksToItself))
        #expect(task.parentID == nil)
        #expect(task.updatedAt == Fixture.now)
    }

    @Test func aTaskCannotComeAfterItself() throws {
        let error = try #require(
            validationError {
                try Entities.Task.create(
                    id: Self.taskID, title: "Loop", prerequisiteIDs: [Fixture.id(2), Self.taskID], now: Fixture.now)
            })
        #expect(error.field == "prerequisite")
        #expect(error.reason == .linksToItself)
        #expect(error.message == "a task cannot be its own prerequisite")

        var task = try Fixture.task()
        let setError = try #require(
            validationError { try task.setPrerequisites([task.id, Fixture.id(2)], now: Fixture.later) })
        #expect(setError == ValidationError(field: "prerequisite", reason: .linksToItself))
        #expect(task.prerequisiteIDs.isEmpty)
        #expect(task.updatedAt == Fixture.now)
    }

    @Test func atMostAHundredPrerequisites() throws {
        let hundred = try Entities.Task.create(
            id: Self.taskID, title: "Big plan", prerequisiteIDs: Self.otherIDs(100), now: Fixture.now)
        #expect(hundred.prerequisiteIDs.count == 100)

        let repeated = Self.otherIDs(100) + Self.otherIDs(100)
        let deduplicated = try Entities.Task.create(
            id: Self.taskID, title: "Big plan", prerequisiteIDs: repeated, now: Fixture.now)
        #expect(deduplicated.prerequisiteIDs.count == 100, "counted after removing repeats")

        let error = try #require(
            validationError {
                try Entities.Task.create(
                    id: Self.taskID, title: "Too big", prerequisiteIDs: Self.otherIDs(101), now: Fixture.now)
            })
        #expect(error.field == "after")
        #expect(error.reason == .tooManyPrerequisites(count: 101, limit: 100))

        var task = try Fixture.task()
        let setError = try #require(
            validationError { try task.setPrerequisites(Self.otherIDs(101), now: Fixture.later) })
        #expect(setError.reason == .tooManyPrerequisites(count: 101, limit: 100))
        #expect(task.prerequisiteIDs.isEmpty)
        #expect(task.updatedAt == Fixture.now)
    }

    @Test func settersStampUpdatedAtOnlyOnAChange() throws {
        var task = try Fixture.task()
        try task.setParent(nil, now: Fixture.later)
        try task.setPrerequisites([], now: Fixture.later)
        task.setRepetition(nil, now: Fixture.later)
        #expect(task.updatedAt == Fixture.now)

        try task.setParent(Fixture.id(9), now: Fixture.later)
        #expect(task.parentID == Fixture.id(9))
        #expect(task.updatedAt == Fixture.later)
        try task.setParent(Fixture.id(9), now: Fixture.evenLater)
        #expect(task.updatedAt == Fixture.later)

        var ordered = try Fixture.task()
        try ordered.setPrerequisites([Fixture.id(3), Fixture.id(2)], now: Fixture.later)
        #expect(ordered.prerequisiteIDs == [Fixture.id(2), Fixture.id(3)])
        #expect(ordered.updatedAt == Fixture.later)
        try ordered.setPrerequisites([Fixture.id(2), Fixture.id(3), Fixture.id(3)], now: Fixture.evenLater)
        #expect(ordered.updatedAt == Fixture.later, "the same set in another order is no change")

        var recurring = try Fixture.task()
        let repetition = TaskRepetition(
            rule: try RepeatRule.parse("weekly"), until: nil, seriesID: recurring.id,
            start: try Fixture.day("2026-11-02"))
        recurring.setRepetition(repetition, now: Fixture.later)
        #expect(recurring.repetition == repetition)
        #expect(recurring.updatedAt == Fixture.later)
        recurring.setRepetition(repetition, now: Fixture.evenLater)
        #expect(recurring.updatedAt == Fixture.later)
        recurring.setRepetition(nil, now: Fixture.evenLater)
        #expect(recurring.repetition == nil)
        #expect(recurring.updatedAt == Fixture.evenLater)
    }

    @Test func relationsRoundTripThroughJSON() throws {
        let task = try Entities.Task.create(
            id: Self.taskID, title: "Linked", parentID: Fixture.id(9), prerequisiteIDs: [Fixture.id(3), Fixture.id(2)],
            repetition: TaskRepetition(
                rule: try RepeatRule.parse("every 3 days"), until: try Fixture.day("2027-01-01"),
                seriesID: Self.taskID, start: try Fixture.day("2026-11-02")),
            now: Fixture.now)
        let decoded = try JSONDecoder().decode(Entities.Task.self, from: JSONEncoder().encode(task))
        #expect(decoded == task)
    }
}

struct TaskNextOccurrenceTests {
    private static let seriesID = Fixture.id(0x51)

    private static func weekly(until: String? = nil) throws -> TaskRepetition {
        TaskRepetition(
            rule: try RepeatRule.parse("weekly"), until: try until.map(Fixture.day), seriesID: seriesID,
            start: try Fixture.day("2026-11-02"))
    }

    private static func recurringTask(due: String?, until: String? = nil) throws -> Entities.Task {
        try Entities.Task.create(
            id: seriesID, title: "Water the plants", projectID: Fixture.projectID, listID: Fixture.listID,
            due: try due.map(Fixture.day), priority: .high, tags: [try Entities.Tag("home")],
            estimate: try Estimate(seconds: 900), note: "Also the balcony", assigneeID: Fixture.id(0x42),
            parentID: Fixture.id(0x60), repetition: try weekly(until: until), now: Fixture.now)
    }

    @Test func copiesTheTaskOntoTheNextDay() throws {
        var task = try Self.recurringTask(due: "2026-11-02")
        try task.complete(at: Fixture.later)
        let next = try #require(task.nextOccurrence(now: Fixture.evenLater))
        let nextDue = try Fixture.day("2026-11-09")
        #expect(next.due == nextDue)
        #expect(next.id == UUID(named: "2026-11-09", in: Self.seriesID))
        #expect(next.id == task.repetition?.occurrenceID(on: nextDue))
        #expect(next.title == "Water the plants")
        #expect(next.note == "Also the balcony")
        #expect(next.projectID == Fixture.projectID)
        #expect(next.listID == Fixture.listID)
        #expect(next.priority == .high)
        #expect(next.tags.map(\.name) == ["home"])
        #expect(next.estimate?.seconds == 900)
        #expect(next.assigneeID == Fixture.id(0x42))
        #expect(next.parentID == Fixture.id(0x60))
        #expect(next.repetition == task.repetition)
        #expect(next.status == .open)
        #expect(next.completedAt == nil)
        #expect(next.number == nil)
        #expect(next.createdAt == Fixture.evenLater)
        #expect(next.updatedAt == Fixture.evenLater)
    }

    @Test func twoDevicesCompletingTheSameOccurrenceMakeTheSameTask() throws {
        var here = try Self.recurringTask(due: "2026-11-02")
        var there = here
        try here.complete(at: Fixture.later)
        try there.complete(at: Fixture.evenLater)
        let first = here.nextOccurrence(now: Fixture.evenLater)
        let second = there.nextOccurrence(now: Fixture.evenLater)
        #expect(first != nil)
        #expect(first == second)
    }

    @Test func eachOccurrenceLeadsToTheFollowingOne() throws {
        let task = try Self.recurringTask(due: "2026-11-02")
        let second = try #require(task.nextOccurrence(now: Fixture.later))
        let third = try #require(second.nextOccurrence(now: Fixture.evenLater))
        #expect(second.due?.iso == "2026-11-09")
        #expect(third.due?.iso == "2026-11-16")
        #expect(third.id == UUID(named: "2026-11-16", in: Self.seriesID))
        #expect(Set([task.id, second.id, third.id]).count == 3)
    }

    @Test func aMovedDueDayReturnsToTheSeries() throws {
        // Due moved from Monday 9 to Thursday 12: the next one is still the series' Monday.
        let moved = try Self.recurringTask(due: "2026-11-12")
        #expect(moved.nextOccurrence(now: Fixture.later)?.due?.iso == "2026-11-16")
    }

    @Test func withoutADueDayTheSeriesContinuesFromItsFirstDay() throws {
        let task = try Self.recurringTask(due: nil)
        let next = try #require(task.nextOccurrence(now: Fixture.later))
        #expect(next.due?.iso == "2026-11-09")
        #expect(next.id == UUID(named: "2026-11-09", in: Self.seriesID))
    }

    @Test func stopsAfterTheLastDay() throws {
        let ended = try Self.recurringTask(due: "2026-11-02", until: "2026-11-08")
        #expect(ended.nextOccurrence(now: Fixture.later) == nil)

        let lastOne = try Self.recurringTask(due: "2026-11-02", until: "2026-11-09")
        let next = lastOne.nextOccurrence(now: Fixture.later)
        #expect(next?.due?.iso == "2026-11-09", "the last day itself is included")
        #expect(next?.nextOccurrence(now: Fixture.later) == nil)
    }

    @Test func aDueDayBeforeTheSeriesStartSkipsTheFirstTaskItself() throws {
        // Due moved back before the series' first day: the start day's occurrence is this very task (its id is
        // the series id), so the next one is the series' second day, never the task again.
        let early = try Self.recurringTask(due: "2026-10-30")
        #expect(early.id == Self.seriesID)
        let next = try #require(early.nextOccurrence(now: Fixture.later))
        #expect(next.due?.iso == "2026-11-09")
        #expect(next.id == UUID(named: "2026-11-09", in: Self.seriesID))

        let dayBefore = try Self.recurringTask(due: "2026-11-01")
        #expect(dayBefore.nextOccurrence(now: Fixture.later)?.due?.iso == "2026-11-09")

        // From the start day itself the series moves on to a new task.
        let first = try Self.recurringTask(due: "2026-11-02")
        let second = try #require(first.nextOccurrence(now: Fixture.later))
        #expect(second.id != Self.seriesID)
        #expect(second.id == UUID(named: "2026-11-09", in: Self.seriesID))
    }

    @Test func noOccurrenceBeyondTheCalendarsLastDay() throws {
        // 9999-12-27 is a Monday, the series' last one; the next would fall in the year 10000.
        let last = try Self.recurringTask(due: "9999-12-27")
        #expect(last.nextOccurrence(now: Fixture.later) == nil)
        let lastDay = try Self.recurringTask(due: "9999-12-31")
        #expect(lastDay.nextOccurrence(now: Fixture.later) == nil)

        let beforeLast = try Self.recurringTask(due: "9999-12-20")
        let next = try #require(beforeLast.nextOccurrence(now: Fixture.later))
        #expect(next.due?.iso == "9999-12-27")
        #expect(next.nextOccurrence(now: Fixture.later) == nil)

        var daily = try Self.recurringTask(due: "9999-12-30")
        daily.setRepetition(
            TaskRepetition(
                rule: try RepeatRule.parse("daily"), until: nil, seriesID: Self.seriesID,
                start: try Fixture.day("2026-11-02")),
            now: Fixture.later)
        let lastOne = try #require(daily.nextOccurrence(now: Fixture.later))
        #expect(lastOne.due?.iso == "9999-12-31")
        #expect(lastOne.nextOccurrence(now: Fixture.later) == nil)
    }

    @Test func aOneOffTaskHasNoNextOccurrence() throws {
        var task = try Fixture.task()
        task.setDue(try Fixture.day("2026-11-02"), now: Fixture.now)
        try task.complete(at: Fixture.later)
        #expect(task.nextOccurrence(now: Fixture.later) == nil)
    }
}

struct TaskGraphTests {
    private static let a = Fixture.id(0x0A)
    private static let b = Fixture.id(0x0B)
    private static let c = Fixture.id(0x0C)
    private static let d = Fixture.id(0x0D)
    private static let x = Fixture.id(0x1A)
    private static let y = Fixture.id(0x1B)

    @Test func prerequisiteLoopThroughOneOtherTask() {
        let loop = TaskGraph.prerequisiteLoop(adding: [Self.b], to: Self.a, edges: [Self.b: [Self.a]])
        #expect(loop == [Self.a, Self.b, Self.a])
    }

    @Test func prerequisiteLoopOnItself() {
        #expect(TaskGraph.prerequisiteLoop(adding: [Self.a], to: Self.a, edges: [:]) == [Self.a, Self.a])
    }

    @Test func prerequisiteLoopThroughThreeStepsIsListedInOrder() {
        let edges = [Self.b: [Self.c], Self.c: [Self.d], Self.d: [Self.a]]
        let loop = TaskGraph.prerequisiteLoop(adding: [Self.b], to: Self.a, edges: edges)
        #expect(loop == [Self.a, Self.b, Self.c, Self.d, Self.a])
    }

    @Test func prerequisiteLoopReportsTheShortestWay() {
        let edges = [Self.b: [Self.d], Self.d: [Self.c], Self.c: [Self.a]]
        let loop = TaskGraph.prerequisiteLoop(adding: [Self.b, Self.c], to: Self.a, edges: edges)
        #expect(loop == [Self.a, Self.c, Self.a])
    }

    @Test func noPrerequisiteLoop() {
        let edges = [Self.b: [Self.c], Self.c: [Self.d], Self.d: []]
        #expect(TaskGraph.prerequisiteLoop(adding: [Self.b, Self.c], to: Self.a, edges: edges) == nil)
        #expect(TaskGraph.prerequisiteLoop(adding: [], to: Self.a, edges: edges) == nil)
    }

    @Test func theTasksOwnCurrentPrerequisitesAreIgnored() {
        let edges = [Self.a: [Self.b], Self.b: [Self.c]]
        #expect(TaskGraph.prerequisiteLoop(adding: [Self.c], to: Self.a, edges: edges) == nil)
    }

    @Test func anExistingLoopAmongOtherTasksNeitherHangsNorCounts() {
        // x and y already come after each other (arrived by sync); d comes after itself.
        let edges = [Self.b: [Self.x, Self.d], Self.x: [Self.y], Self.y: [Self.x], Self.d: [Self.d]]
        #expect(TaskGraph.prerequisiteLoop(adding: [Self.b], to: Self.a, edges: edges) == nil)

        let closing = [Self.b: [Self.x], Self.x: [Self.y], Self.y: [Self.x, Self.a]]
        #expect(
            TaskGraph.prerequisiteLoop(adding: [Self.b], to: Self.a, edges: closing)
                == [Self.a, Self.b, Self.x, Self.y, Self.a])
    }

    @Test func parentLoopOnItself() {
        #expect(TaskGraph.parentLoop(setting: Self.a, of: Self.a, parents: [:]) == [Self.a, Self.a])
    }

    @Test func parentLoopThroughASubtask() {
        let parents = [Self.b: Self.a]
        #expect(TaskGraph.parentLoop(setting: Self.b, of: Self.a, parents: parents) == [Self.a, Self.b, Self.a])
    }

    @Test func parentLoopThroughADeepDescendantFollowsTheParentLinks() {
        // c is a subtask of b, b of a: making a a subtask of c closes a → c → b → a.
        let parents = [Self.c: Self.b, Self.b: Self.a]
        let loop = TaskGraph.parentLoop(setting: Self.c, of: Self.a, parents: parents)
        #expect(loop == [Self.a, Self.c, Self.b, Self.a])
    }

    @Test func noParentLoopForAnUnrelatedParent() {
        let parents = [Self.b: Self.d, Self.c: Self.a, Self.a: Self.d]
        #expect(TaskGraph.parentLoop(setting: Self.b, of: Self.a, parents: parents) == nil)
        #expect(TaskGraph.parentLoop(setting: Self.d, of: Self.a, parents: parents) == nil)
    }

    @Test func anExistingLoopAmongParentsNeitherHangsNorCounts() {
        let parents = [Self.b: Self.x, Self.x: Self.y, Self.y: Self.x]
        #expect(TaskGraph.parentLoop(setting: Self.b, of: Self.a, parents: parents) == nil)
        #expect(TaskGraph.parentLoop(setting: Self.x, of: Self.a, parents: parents) == nil)
    }
}

struct TaskRelationMessageTests {
    @Test(arguments: [
        (ValidationError(field: "parent", reason: .linksToItself), "a task cannot be its own parent"),
        (ValidationError(field: "prerequisite", reason: .linksToItself), "a task cannot be its own prerequisite"),
        (
            ValidationError(field: "after", reason: .tooManyPrerequisites(count: 101, limit: 100)),
            "a task can come after at most 100 tasks; this one would come after 101"
        ),
        (
            ValidationError(field: "after", reason: .relationCycle(path: ["12", "15", "12"])),
            "that would make a loop: 12 → 15 → 12"
        ),
        (ValidationError(field: "status", reason: .openSubtasks(count: 1)), "1 subtask is still open"),
        (ValidationError(field: "status", reason: .openSubtasks(count: 3)), "3 subtasks are still open"),
        (
            ValidationError(field: "repeat", reason: .invalidFormat(excerpt: "hourly", expected: .repeatRule)),
            "could not read 'hourly' as a repeat rule (daily, weekdays, weekly, monthly, yearly or every 2w)"
        ),
        (
            ValidationError(field: "repeat", reason: .outOfRange(excerpt: "every 0 days", expected: .repeatRule)),
            "repeat 'every 0 days' is out of range"
        ),
    ])
    func eachNewReasonHasANeutralOneLineMessage(_ error: ValidationError, expected: String) {
        #expect(error.message == expected)
        #expect(error.localizedDescription == expected)
        #expect(!expected.contains { $0.isNewline })
        #expect(isNeutral(expected))
    }

    @Test func onlyOpenSubtasksIsAConflict() {
        #expect(ValidationError.Reason.openSubtasks(count: 2).isConflict)
        #expect(!ValidationError.Reason.linksToItself.isConflict)
        #expect(!ValidationError.Reason.tooManyPrerequisites(count: 101, limit: 100).isConflict)
        #expect(!ValidationError.Reason.relationCycle(path: ["1", "1"]).isConflict)
    }
}

struct NextOccurrenceAfterAMovedDueTests {
    /// A weekly series from 2026-12-01; `day` is the occurrence the task is, `due` where its due day was moved.
    func occurrence(on day: String, movedTo due: String) throws -> Entities.Task {
        let start = try #require(Day(iso: "2026-12-01"))
        let repetition = TaskRepetition(
            rule: try RepeatRule.parse("weekly"), until: nil, seriesID: Fixture.id(1), start: start)
        let own = try #require(Day(iso: day))
        let moved = try #require(Day(iso: due))
        return Entities.Task(
            id: repetition.occurrenceID(on: own), title: "Water plants", due: moved,
            repetition: repetition, createdAt: Fixture.now, updatedAt: Fixture.now)
    }

    @Test("an occurrence moved earlier is followed by the series' day after its own, not by itself")
    func movedEarlier() throws {
        let moved = try occurrence(on: "2026-12-08", movedTo: "2026-12-06")
        let next = try #require(moved.nextOccurrence(now: Fixture.later))
        #expect(next.due == Day(iso: "2026-12-15"))
        #expect(next.id != moved.id)
    }

    @Test("the first task moved before the series' start is followed by the second occurrence")
    func firstMovedBeforeStart() throws {
        let first = try occurrence(on: "2026-12-01", movedTo: "2026-11-24")
        #expect(first.id == Fixture.id(1), "the first occurrence is the series' own task")
        let next = try #require(first.nextOccurrence(now: Fixture.later))
        #expect(next.due == Day(iso: "2026-12-08"))
    }
}
