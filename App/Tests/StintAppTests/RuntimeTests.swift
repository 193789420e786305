import Entities
import Foundation
import Repositories
import TasksFeature
import Testing

@testable import StintApp

@Suite("Error presentation and environment")
struct RuntimeTests {
    @Test("each failure kind has its documented exit code")
    func exitCodes() {
        let cases: [(WorkerError.Kind, Int32)] = [
            (.notFound, 2), (.ambiguous, 3), (.invalidInput, 4), (.conflict, 5), (.storage, 6), (.unexpected, 1),
        ]
        for (kind, code) in cases {
            let (_, exit, _) = StintRuntime.describe(WorkerError(kind, "x"))
            #expect(exit.rawValue == code)
        }
        #expect(StintRuntime.describe(TasksFeatureError.nothingToEdit(reference: "1")).1 == .invalidInput)
    }

    @Test("an entity rule broken below the workers becomes invalid input with a one-line message")
    func validationIsInvalidInput() {
        let error = WorkerError(
            wrapping: RepositoryError.invalid(inner: ValidationError(field: "title", reason: .empty)))
        #expect(error.kind == .invalidInput)
        #expect(!error.message.contains("\n"))
        #expect(error.causeChain.count == 2)
    }

    @Test("STINT_HOME wins, then XDG_DATA_HOME, then ~/.local/share")
    func dataDirectory() {
        #expect(AppEnvironment.dataDirectory(["STINT_HOME": "/a", "XDG_DATA_HOME": "/b"]).path == "/a")
        #expect(AppEnvironment.dataDirectory(["XDG_DATA_HOME": "/b", "HOME": "/h"]).path == "/b/stint")
        #expect(AppEnvironment.dataDirectory(["HOME": "/h"]).path == "/h/.local/share/stint")
    }

    @Test("STINT_NOW pins the clock and a malformed value is invalid input")
    func pinnedClock() throws {
        let clock = try AppEnvironment.clock(["STINT_NOW": "2026-11-21T09:00:00Z"])
        #expect(clock.now() == (try Date.ISO8601FormatStyle().parse("2026-11-21T09:00:00Z")))
        #expect(throws: WorkerError.self) { try AppEnvironment.clock(["STINT_NOW": "tomorrow"]) }
    }
}

@Suite("Adapters only map")
struct AdapterTests {
    @Test("an entity task becomes the Tasks feature's model field by field")
    func taskMapping() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var task = try Entities.Task.create(
            id: UUID(), title: "Map me", projectID: nil, listID: nil, due: Workbench.day("2026-12-01"),
            priority: .high, tags: [try Entities.Tag("x")], estimate: try Estimate(seconds: 3600), note: "n", now: now)
        try task.complete(at: now)
        task.number = 7
        let mapped = TasksAdapter.task(TaskDetails(task: task, project: nil, list: nil))
        #expect(mapped.number == 7)
        #expect(mapped.status == .done)
        #expect(mapped.priority == .high)
        #expect(mapped.due?.iso == "2026-12-01")
        #expect(mapped.estimateSeconds == 3600)
        #expect(mapped.id == task.id.uuidString.lowercased())
    }

    @Test("a feature query becomes a worker search without losing a filter")
    func queryMapping() throws {
        let day = try #require(CalendarDayBox.make("2026-12-24"))
        let query = TasksFeature.TaskQuery(
            project: "Work", list: "Backlog", status: .done, tag: "t", priority: .low, due: .before(day), text: "q",
            sort: .due, limit: 5)
        let search = TasksAdapter.search(query)
        #expect(search.project == "Work" && search.list == "Backlog" && search.tag == "t" && search.text == "q")
        #expect(search.status == .done && search.priority == .low && search.sort == .due && search.limit == 5)
        #expect(search.due == .before(Workbench.day("2026-12-24")))
    }
}
