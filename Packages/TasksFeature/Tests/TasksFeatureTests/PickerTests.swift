import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

/// The picker wired to fakes: answers come from a script, everything shown lands in `output`.
private struct PickerHarness {
    let feature: any TasksFeatureInterface
    let output = CapturedOutput()
    let analytics = RecordingTasksAnalytics()
    let reader: ScriptedLineReader

    init(
        answers: [String], services: any TasksServices = Fixture.sampleServices(), format: OutputFormat = .human
    ) {
        reader = ScriptedLineReader(answers)
        feature = TasksBuilder.build(
            TasksDependencies(services: services, coordinator: ScriptedTasksCoordinator(), analytics: analytics),
            context: Fixture.context(output: output, format: format, input: reader))
    }

    /// The numbers in the # column of every table printed, one array per table, in order.
    var tables: [[Int]] {
        var result: [[Int]] = []
        for line in output.lines {
            let first = line.split(separator: " ").first.map(String.init)
            if first == "#" {
                result.append([])
            } else if let first, let number = Int(first), !result.isEmpty {
                result[result.count - 1].append(number)
            }
        }
        return result
    }
}

@Suite("Picker")
struct PickerTests {
    static let prompt = "Task number, or words to search (empty to cancel): "

    @Test func choosesAShownTaskByNumber() async throws {
        let harness = PickerHarness(answers: ["3"])

        let pick = try await harness.feature.pick(TaskQuery())

        let services = Fixture.sampleServices()
        #expect(pick == .chosen(try await services.task(reference: "3")))
        #expect(harness.reader.prompts == [Self.prompt])
        #expect(harness.analytics.events == [.picked(chosen: true, rounds: 1)])
    }

    @Test func listsActiveTasksInProgressFirstInACompactTable() async throws {
        let harness = PickerHarness(answers: [])

        _ = try await harness.feature.pick(TaskQuery())

        let header = try #require(harness.output.lines.first)
        #expect(header.split(separator: " ") == ["#", "Title", "Project", "Due", "Pri"])
        // 1 and 11 are in progress; the rest follow in the default order; done tasks 9 and 12 are not offered.
        #expect(harness.tables == [[1, 11, 2, 3, 5, 10, 4, 7, 6, 8]])
        #expect(harness.output.lines.contains { $0.contains("Write the quarterly report") && $0.contains("high") })
    }

    @Test func searchesThenChoosesFromTheNarrowerList() async throws {
        let services = Fixture.sampleServices()
        let harness = PickerHarness(answers: ["team", "2"], services: services)

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(pick == .chosen(try await services.task(reference: "2")))
        #expect(harness.tables.count == 2)
        #expect(harness.tables.last == [11, 2])
        #expect(await services.receivedQueries.contains { $0.text == "team" && $0.status != .done })
        #expect(harness.reader.prompts.count == 2)
        #expect(harness.analytics.events == [.picked(chosen: true, rounds: 2)])
    }

    @Test func aSearchWithExactlyOneMatchChoosesIt() async throws {
        let services = Fixture.sampleServices()
        let harness = PickerHarness(answers: ["DENTIST"], services: services)

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(pick == .chosen(try await services.task(reference: "4")))
        #expect(harness.tables.count == 1)
    }

    @Test func aSearchWithNoMatchSaysSoAndAsksAgain() async throws {
        let harness = PickerHarness(answers: ["zebra", "#7"])

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(harness.output.lines.contains { $0.hasPrefix(#"No open task matches "zebra""#) })
        #expect(harness.reader.prompts.count == 2)
        guard case .chosen(let task) = pick else {
            Issue.record("expected a task, got \(pick)")
            return
        }
        #expect(task.number == 7)
    }

    @Test func aNumberNotShownIsRejectedAndAskedAgain() async throws {
        // 9 exists but is done, so it was never offered.
        let harness = PickerHarness(answers: ["99", "9", "4"])

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(harness.output.lines.contains("Task 99 is not in the list; type a number from the # column."))
        #expect(harness.output.lines.contains("Task 9 is not in the list; type a number from the # column."))
        #expect(harness.reader.prompts.count == 3)
        guard case .chosen(let task) = pick else {
            Issue.record("expected a task, got \(pick)")
            return
        }
        #expect(task.number == 4)
    }

    @Test func numbersFromAnEarlierListStayValidAfterASearch() async throws {
        let harness = PickerHarness(answers: ["team", "8"])

        let pick = try await harness.feature.pick(TaskQuery())

        guard case .chosen(let task) = pick else {
            Issue.record("expected a task, got \(pick)")
            return
        }
        #expect(task.number == 8)
    }

    @Test func anEmptyAnswerCancels() async throws {
        let harness = PickerHarness(answers: ["   ", "3"])

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(pick == .cancelled)
        #expect(harness.reader.remainingAnswers == ["3"])
        #expect(harness.analytics.events == [.picked(chosen: false, rounds: 1)])
    }

    @Test func endOfInputCancels() async throws {
        let harness = PickerHarness(answers: ["zebra"])

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(pick == .cancelled)
        #expect(harness.reader.prompts.count == 2)
        #expect(harness.analytics.events == [.picked(chosen: false, rounds: 2)])
    }

    @Test func givesUpAfterFiveUnanswerableReplies() async throws {
        let harness = PickerHarness(answers: Array(repeating: "99", count: 6))

        let pick = try await harness.feature.pick(TaskQuery())

        #expect(pick == .cancelled)
        #expect(harness.reader.prompts.count == 5)
        #expect(harness.reader.remainingAnswers == ["99"])
        #expect(harness.output.lines.last == "No task picked after 5 tries.")
        #expect(harness.analytics.events == [.picked(chosen: false, rounds: 5)])
    }

    @Test func withNoActiveTasksItPrintsAHintAndCancelsWithoutAsking() async throws {
        let services = InMemoryTasksServices(tasks: [Fixture.task(1, status: .done)], now: Fixture.noon)
        let harness = PickerHarness(answers: ["1"], services: services)

        let pick = try await harness.feature.pick(TaskQuery(status: .all))

        #expect(pick == .cancelled)
        #expect(harness.output.lines == [#"No open tasks to pick from. Add one with: stint task add "title""#])
        #expect(harness.reader.prompts.isEmpty)
        #expect(harness.analytics.events == [.picked(chosen: false, rounds: 0)])
    }

    @Test func showsAtMostFifteenAndSaysHowManyMatch() async throws {
        var tasks = (1...20).map { Fixture.task($0, "Chore \($0)", priority: .medium) }
        tasks.append(Fixture.task(21, "Started last", status: .inProgress, priority: .low))
        let harness = PickerHarness(answers: [], services: InMemoryTasksServices(tasks: tasks, now: Fixture.noon))

        _ = try await harness.feature.pick(TaskQuery())

        #expect(harness.tables == [[21] + Array(1...14)])
        #expect(harness.output.lines.contains("Showing 15 of 21 tasks; type words to narrow the list."))
    }

    @Test func theQueryNarrowsTheCandidates() async throws {
        let harness = PickerHarness(answers: [])

        _ = try await harness.feature.pick(TaskQuery(project: "home"))

        #expect(harness.tables == [[5, 4, 7]])
    }

    @Test func writesHumanTextEvenWhenBuiltForJSON() async throws {
        let harness = PickerHarness(answers: ["3"], format: .json)

        _ = try await harness.feature.pick(TaskQuery())

        #expect(harness.tables.count == 1)
        #expect(!harness.output.text.contains("{"))
    }

    @Test func servicesErrorsPassThroughUnchangedAndNothingIsAsked() async throws {
        let harness = PickerHarness(
            answers: ["3"], services: FailingTasksServices(error: UnexpectedStorageError(code: 7)))

        await #expect(throws: UnexpectedStorageError(code: 7)) {
            _ = try await harness.feature.pick(TaskQuery())
        }
        #expect(harness.reader.prompts.isEmpty)
        #expect(harness.output.text.isEmpty)
    }

    @Test(arguments: [
        ("", PickerAnswer.cancel), ("  \t", .cancel), ("12", .number(12)), (" #7 ", .number(7)),
        ("12b", .words("12b")), ("#", .words("#")), ("  write report ", .words("write report")),
        ("٣", .words("٣")), ("99999999999999999999999", .words("99999999999999999999999")),
    ])
    func readsAnAnswer(line: String, expected: PickerAnswer) {
        #expect(PickerAnswer(line) == expected)
    }
}
