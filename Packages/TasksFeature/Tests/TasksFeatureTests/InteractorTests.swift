import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

@Suite("Interactor")
struct InteractorTests {
    // MARK: list and count

    @Test func listPassesTheQueryThroughAndShowsOnlyWhatTheServicesReturn() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)
        let query = TaskQuery(project: "home", status: .all, sort: .number)

        try await harness.feature.list(query)

        #expect(await services.receivedQueries == [query])
        let numbers = harness.output.lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(numbers == ["4", "5", "7", "12"])
        #expect(harness.analytics.events == [.listed(count: 4)])
    }

    @Test func emptyListPrintsAHelpfulLineNotAnEmptyTable() async throws {
        let harness = Harness(services: InMemoryTasksServices(now: Fixture.noon))

        try await harness.feature.list(TaskQuery())

        #expect(harness.output.lines == [#"No tasks match. Add one with: stint task add "title""#])
        #expect(harness.analytics.events == [.listed(count: 0)])
    }

    @Test func emptyListInJSONIsAnEmptyArray() async throws {
        let harness = Harness(services: InMemoryTasksServices(now: Fixture.noon), format: .json)

        try await harness.feature.list(TaskQuery())

        // Compared without whitespace: how an empty array is pretty-printed is JSONText's business.
        #expect(harness.output.text.filter { !$0.isWhitespace } == "[]")
    }

    @Test func countPrintsJustTheNumber() async throws {
        let harness = Harness()

        try await harness.feature.count(TaskQuery(status: .done))

        #expect(harness.output.text == "2\n")
        #expect(harness.analytics.events == [.counted(count: 2)])
    }

    @Test func countInJSONIsAnObject() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.count(TaskQuery())

        let object = try #require(try harness.json() as? [String: Int])
        #expect(object == ["count": 10])
    }

    // MARK: add and edit

    @Test func addPrintsOneConfirmationLine() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.add(TaskDraft(title: "Write report", project: "work", priority: .high))

        #expect(harness.output.lines == [#"Added task 13 "Write report" to Work"#])
        #expect(harness.analytics.events == [.added])
        let stored = try await services.task(reference: "13")
        #expect(stored.priority == .high && stored.projectName == "Work")
    }

    @Test func addWithoutAProjectGoesToTheInbox() async throws {
        let harness = Harness()

        try await harness.feature.add(TaskDraft(title: "Water the plants", project: nil, list: nil))

        #expect(harness.output.lines == [#"Added task 13 "Water the plants" to the inbox"#])
    }

    @Test func addInJSONPrintsTheWholeTask() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.add(TaskDraft(title: "Water the plants", due: Fixture.day(1)))

        let object = try #require(try harness.json() as? [String: Any])
        #expect(object["number"] as? Int == 13)
        #expect(object["due"] as? String == "2026-03-05")
        #expect(object["status"] as? String == "open")
    }

    @Test func editWithNoChangesIsAFeatureErrorAndNeverReachesTheServices() async throws {
        // Failing services prove the call never happens: reaching them would throw a different error.
        let harness = Harness(services: FailingTasksServices())

        await #expect(throws: TasksFeatureError.nothingToEdit(reference: "3")) {
            try await harness.feature.edit("3", changes: TaskChanges())
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func nothingToEditExplainsWhatToPass() {
        let message = TasksFeatureError.nothingToEdit(reference: "3").localizedDescription
        #expect(message.hasPrefix("nothing to change for task 3"))
        #expect(!message.contains("\n"))
    }

    @Test func editConfirmsWhichFieldsChanged() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.edit("3", changes: TaskChanges(due: .clear, priority: .low))

        #expect(harness.output.lines == [#"Updated task 3 "Review Sam's pull request on sync retries": due, priority"#])
        #expect(harness.analytics.events == [.edited(fieldCount: 2)])
        let stored = try await services.task(reference: "3")
        #expect(stored.due == nil && stored.priority == .low)
    }

    // MARK: status changes, move, note

    @Test func statusChangesConfirmAndTrack() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.start(["10"])
        try await harness.feature.done(["10"], force: false)
        try await harness.feature.reopen(["10"])

        #expect(
            harness.output.lines == [
                #"Started task 10 "Call the bank about the card""#,
                #"Completed task 10 "Call the bank about the card""#,
                #"Reopened task 10 "Call the bank about the card""#,
            ])
        #expect(harness.analytics.events == [.started, .completed, .reopened])
        #expect(try await services.task(reference: "10").status == .open)
    }

    @Test func moveSaysWhereTheTaskWent() async throws {
        let harness = Harness()

        try await harness.feature.move(["8"], project: "work", list: "backlog")
        try await harness.feature.move(["8"], project: "home", list: nil)

        #expect(
            harness.output.lines == [
                #"Moved task 8 "Read "Designing Data-Intensive Applications" ch. 5" to Work/Backlog"#,
                #"Moved task 8 "Read "Designing Data-Intensive Applications" ch. 5" to Home"#,
            ])
        #expect(harness.analytics.events == [.moved, .moved])
        // Where to is the Services' rule; their error reaches the caller unchanged and nothing is printed.
        await #expect(throws: TasksFakeError.invalid("say where to move the task")) {
            try await harness.feature.move(["8"], project: nil, list: nil)
        }
        #expect(harness.output.lines.count == 2)
    }

    @Test func noteIsAppendedAndConfirmed() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.note("7", text: "closes at 6pm")

        #expect(harness.output.lines == [#"Added a note to task 7 "Pick up dry cleaning""#])
        #expect(try await services.task(reference: "7").note == "2026-03-04 12:00  closes at 6pm")
        #expect(harness.analytics.events == [.noteAppended])
    }

    // MARK: delete

    @Test func deleteAsksTheCoordinatorAndDoesNothingWhenItSaysNo() async throws {
        let services = Fixture.sampleServices()
        let coordinator = ScriptedTasksCoordinator(answers: [.no])
        let harness = Harness(services: services, coordinator: coordinator)

        try await harness.feature.delete(["7"], force: false)

        #expect(await coordinator.questions == [#"Delete task 7 "Pick up dry cleaning"?"#])
        #expect(try await services.task(reference: "7").title == "Pick up dry cleaning")
        #expect(harness.output.lines == [#"Kept task 7 "Pick up dry cleaning"; nothing was deleted."#])
        #expect(harness.analytics.events == [.deletionDeclined])
    }

    @Test func deleteRemovesTheTaskWhenConfirmed() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services, coordinator: ScriptedTasksCoordinator(answers: [.yes]))

        try await harness.feature.delete(["7"], force: false)

        await #expect(throws: TasksFakeError.notFound(kind: "task", reference: "7")) {
            try await services.task(reference: "7")
        }
        #expect(harness.output.lines == [#"Deleted task 7 "Pick up dry cleaning""#])
        #expect(harness.analytics.events == [.deleted])
    }

    @Test func deleteOfAnUnknownTaskFailsBeforeAskingAnything() async throws {
        let coordinator = ScriptedTasksCoordinator()
        let harness = Harness(coordinator: coordinator)

        await #expect(throws: TasksFakeError.notFound(kind: "task", reference: "99")) {
            try await harness.feature.delete(["7", "99"], force: false)
        }
        #expect(await coordinator.questions.isEmpty)
        #expect(harness.output.text.isEmpty)
    }

    @Test func declinedDeleteInJSONPrintsNothing() async throws {
        let harness = Harness(coordinator: ScriptedTasksCoordinator(answers: [.no]), format: .json)

        try await harness.feature.delete(["7"], force: false)

        #expect(harness.output.text.isEmpty)
    }

    @Test func withNobodyToAskADeleteNeedsForceAndKeepsTheTask() async throws {
        let services = Fixture.sampleServices()
        try await services.setLogged(9_000, forTask: "7")
        let harness = Harness(services: services, coordinator: ScriptedTasksCoordinator())

        let logged = DurationText.format(seconds: 9_000)
        await #expect(
            throws: TasksFeatureError.deletionNeedsForce(
                what: #"task 7 "Pick up dry cleaning" and its \#(logged) of logged time"#)
        ) {
            try await harness.feature.delete(["7"], force: false)
        }
        #expect(try await services.task(reference: "7").title == "Pick up dry cleaning")
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events == [.deletionRefused])
        #expect(TasksFeatureError.deletionNeedsForce(what: "x").isConflict)

        try await harness.feature.delete(["7"], force: true)
        #expect(harness.output.lines == [#"Deleted task 7 "Pick up dry cleaning" and its \#(logged) of logged time"#])
    }

    // MARK: several tasks at once

    @Test func severalTasksChangeAsOneCommandWithALineEach() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.done(["7", "10", "#7"], force: false)

        #expect(
            harness.output.lines == [
                #"Completed task 7 "Pick up dry cleaning""#, #"Completed task 10 "Call the bank about the card""#,
            ])
        #expect(harness.analytics.events == [.changedSeveral(count: 2)])
        #expect(try await services.task(reference: "10").status == .done)
    }

    @Test func anUnknownReferenceAmongSeveralChangesNothing() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        await #expect(throws: TasksFakeError.notFound(kind: "task", reference: "99")) {
            try await harness.feature.start(["7", "99"])
        }
        #expect(try await services.task(reference: "7").status == .open)
        #expect(harness.output.text.isEmpty)
    }

    @Test func deletingSeveralAsksOnceListingThemAndTheirTime() async throws {
        let services = Fixture.sampleServices()
        try await services.setLogged(5_400, forTask: "7")
        try await services.setLogged(3_600, forTask: "10")
        let coordinator = ScriptedTasksCoordinator(answers: [.no, .yes])
        let harness = Harness(services: services, coordinator: coordinator)

        try await harness.feature.delete(["7", "10"], force: false)
        #expect(harness.output.lines == ["Kept 2 tasks; nothing was deleted."])
        try await harness.feature.delete(["7", "10"], force: false)

        let (hour, hourAndHalf) = (DurationText.format(seconds: 3_600), DurationText.format(seconds: 5_400))
        let question = [
            #"  7 "Pick up dry cleaning" · \#(hourAndHalf) logged"#,
            #"  10 "Call the bank about the card" · \#(hour) logged"#,
            "Delete these 2 tasks and their \(DurationText.format(seconds: 9_000)) of logged time?",
        ].joined(separator: "\n")
        #expect(await coordinator.questions == [question, question])
        #expect(
            Array(harness.output.lines.dropFirst()) == [
                #"Deleted task 7 "Pick up dry cleaning" and its \#(hourAndHalf) of logged time"#,
                #"Deleted task 10 "Call the bank about the card" and its \#(hour) of logged time"#,
            ])
        #expect(harness.analytics.events == [.deletionDeclined, .changedSeveral(count: 2)])
        await #expect(throws: TasksFakeError.notFound(kind: "task", reference: "10")) {
            try await services.task(reference: "10")
        }
    }

    @Test func withNobodyToAskSeveralDeletesNameThemAll() async throws {
        let services = Fixture.sampleServices()
        try await services.setLogged(nil, forTask: "7")
        try await services.setLogged(nil, forTask: "10")
        let harness = Harness(services: services, coordinator: ScriptedTasksCoordinator())
        await #expect(throws: TasksFeatureError.deletionNeedsForce(what: "2 tasks (7 and 10)")) {
            try await harness.feature.delete(["7", "10"], force: false)
        }
    }

    @Test func severalTasksInJSONAreAnArray() async throws {
        let harness = Harness(format: .json)
        try await harness.feature.start(["7", "10"])
        let decoded = try JSONSerialization.jsonObject(with: Data(harness.output.text.utf8)) as? [[String: Any]]
        #expect(decoded?.compactMap { $0["number"] as? Int } == [7, 10])
    }

    @Test func anUnchangedFormSaysSo() async throws {
        let harness = Harness()
        try await harness.feature.unchanged("7")
        #expect(harness.output.lines == [#"Nothing changed: task 7 "Pick up dry cleaning" is as it was."#])
        #expect(harness.analytics.events == [.editUnchanged])
    }

    // MARK: show and dashboard

    @Test func showPrintsTheDetail() async throws {
        let harness = Harness()

        try await harness.feature.show("1")

        #expect(harness.output.lines.first == "Task 1: Write the quarterly report")
        #expect(harness.output.lines.contains("  Due       tomorrow (2026-03-05)"))
        #expect(harness.output.lines.contains("  Ask Dana for the hiring figures."))
        #expect(harness.analytics.events == [.shown])
    }

    @Test func dashboardTracksHowMuchNeedsAttention() async throws {
        let harness = Harness()

        try await harness.feature.dashboard()

        #expect(harness.analytics.events == [.dashboardShown(overdue: 2, dueToday: 2, inProgress: 2)])
        #expect(harness.output.lines.first == "Overdue (2)")
        #expect(harness.output.lines.last == "10 open tasks in total.")
    }

    @Test func emptyDashboardSaysSo() async throws {
        let harness = Harness(services: InMemoryTasksServices(tasks: [Fixture.task(1)], now: Fixture.noon))

        try await harness.feature.dashboard()

        #expect(harness.output.lines == ["Nothing overdue, due today or in progress. 1 open task."])
    }

    // MARK: errors

    @Test(arguments: Operation.allCases)
    func servicesErrorsPropagateUnchangedAndNothingIsPrinted(_ operation: Operation) async throws {
        let error = UnexpectedStorageError(code: 42)
        let harness = Harness(services: FailingTasksServices(error: error))

        await #expect(throws: error) {
            try await operation.run(on: harness.feature)
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func ambiguousReferencesAreReportedAsTheServicesSayIt() async throws {
        let first = Fixture.task(1)
        let twin = FeatureTask(
            id: String(first.id.prefix(4)) + "ffff-0000-4000-8000-000000000002", number: 2, title: "Twin",
            createdAt: Fixture.noon, updatedAt: Fixture.noon)
        let harness = Harness(services: InMemoryTasksServices(tasks: [first, twin], now: Fixture.noon))
        let prefix = String(first.id.prefix(4))

        await #expect(throws: TasksFakeError.ambiguous(kind: "task", reference: prefix, candidates: ["1", "2"])) {
            try await harness.feature.show(prefix)
        }
    }

    enum Operation: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case list, count, show, add, edit, done, reopen, start, delete, move, note, dashboard

        var testDescription: String { rawValue }

        func run(on feature: any TasksFeatureInterface) async throws {
            switch self {
            case .list: try await feature.list(TaskQuery())
            case .count: try await feature.count(TaskQuery())
            case .show: try await feature.show("1")
            case .add: try await feature.add(TaskDraft(title: "x"))
            case .edit: try await feature.edit("1", changes: TaskChanges(title: "y"))
            case .done: try await feature.done(["1"], force: false)
            case .reopen: try await feature.reopen(["1"])
            case .start: try await feature.start(["1"])
            case .delete: try await feature.delete(["1"], force: true)
            case .move: try await feature.move(["1"], project: "Work", list: nil)
            case .note: try await feature.note("1", text: "z")
            case .dashboard: try await feature.dashboard()
            }
        }
    }
}
