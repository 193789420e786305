import Entities
import Foundation
import ProjectsFeature
import ReportsFeature
import TasksFeature
import Testing
import TimersFeature
import Workers

@testable import Adapters

@Suite("Error presentation and environment")
struct RuntimeTests {
    @Test("each failure kind has its documented exit code")
    func exitCodes() {
        let cases: [(WorkerError.Kind, StintExit)] = [
            (.notFound, .notFound), (.ambiguous, .ambiguous), (.invalidInput, .invalidInput), (.conflict, .conflict),
            (.storage, .storage), (.unexpected, .unexpected),
        ]
        for (kind, exit) in cases {
            #expect(ErrorPresenter.present(WorkerError(kind, "x")).exit == exit)
        }
        #expect(StintExit.notFound.rawValue == 2 && StintExit.usage.rawValue == 64)
        #expect(ErrorPresenter.present(TasksFeatureError.nothingToEdit(reference: "1")).exit == .invalidInput)
    }

    @Test("an entity rule broken below the workers becomes invalid input with a one-line message")
    func validationIsInvalidInput() {
        let presented = ErrorPresenter.present(ValidationError(field: "title", reason: .empty(.text)))
        #expect(presented.exit == .invalidInput)
        #expect(!presented.message.contains("\n"))
    }

    @Test("what a user typed never reaches the terminal raw")
    func controlCharactersAreEscaped() {
        let presented = ErrorPresenter.present(WorkerError(.notFound, "no task matches '\u{1B}[31mred\nx\u{202E}'"))
        #expect(presented.message == #"no task matches '\e[31mred\nx\u{202E}'"#)
        #expect(ErrorPresenter.safeLine("plain 👩‍💻 text") == "plain 👩‍💻 text")
    }

    @Test("an import reads at most its limit, so a device such as /dev/zero is refused instead of read forever")
    func importSizeLimit() {
        let error = #expect(throws: WorkerError.self) { try FileAccess.contents(of: "/dev/zero", limit: 1 << 20) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "'/dev/zero' is larger than 1 MiB: it is not a Stint export")
    }

    @Test("a path's folder and name, for any length: a one-character name trapped in Foundation's path methods")
    func pathParts() {
        let cases: [(path: String, folder: String, name: String)] = [
            ("b", ".", "b"), ("-", ".", "-"), ("./b", ".", "b"), ("/b", "/", "b"), ("/", "/", ""),
            ("a/b", "a", "b"), ("a//b", "a", "b"), ("/x/y/frames", "/x/y", "frames"), ("a/b/", "a", "b"),
            ("ü/ß", "ü", "ß"),
        ]
        for (path, folder, name) in cases {
            #expect(FileAccess.folder(of: path) == folder, "\(path)")
            #expect(FileAccess.name(of: path) == name, "\(path)")
        }
    }

    @Test("STINT_HOME wins, then XDG_DATA_HOME, then ~/.local/share")
    func dataDirectory() {
        #expect(AppEnvironment.dataDirectory(["STINT_HOME": "/a", "XDG_DATA_HOME": "/b"]) == "/a")
        #expect(AppEnvironment.dataDirectory(["STINT_HOME": "/a/", "XDG_DATA_HOME": "/b"]) == "/a")
        #expect(AppEnvironment.dataDirectory(["XDG_DATA_HOME": "/b/", "HOME": "/h"]) == "/b/stint")
        #expect(AppEnvironment.dataDirectory(["HOME": "/h"]) == "/h/.local/share/stint")
        #expect(AppEnvironment.dataDirectory(["HOME": "/"]) == "/.local/share/stint")
        // A relative STINT_HOME is the folder of that name in the working folder, as before.
        let relative = AppEnvironment.dataDirectory(["STINT_HOME": "data"])
        #expect(relative == FileManager.default.currentDirectoryPath + "/data")
    }

    @Test("STINT_NOW pins the clock and a malformed value is invalid input")
    func pinnedClock() throws {
        let clock = try AppEnvironment.clock(["STINT_NOW": "2026-11-21T09:00:00Z"])
        #expect(clock.now() == (try Date.ISO8601FormatStyle().parse("2026-11-21T09:00:00Z")))
        let error = #expect(throws: WorkerError.self) { try AppEnvironment.clock(["STINT_NOW": "tomorrow"]) }
        #expect(error?.kind == .invalidInput)
    }

    @Test("TZ names the zone of an in-process run")
    func timeZone() {
        #expect(AppEnvironment.timeZone(["TZ": "Europe/Berlin"]).identifier == "Europe/Berlin")
        #expect(AppEnvironment.timeZone(["TZ": ":Asia/Tokyo"]).identifier == "Asia/Tokyo")
    }
}

@Suite("Adapters only map")
struct AdapterMappingTests {
    @Test("an entity task becomes the Tasks feature's model field by field")
    func taskMapping() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let due = try #require(Day(iso: "2026-12-01"))
        var task = try Entities.Task.create(
            id: UUID(), title: "Map me", projectID: nil, listID: nil, due: due, priority: .high,
            tags: [try Entities.Tag("x")], estimate: try Estimate(seconds: 3600), note: "n", now: now)
        try task.complete(at: now)
        task.number = 7
        let mapped = try TasksAdapter.task(TaskDetails(task: task, project: nil, list: nil))
        #expect(mapped.number == 7)
        #expect(mapped.status == .done)
        #expect(mapped.priority == .high)
        #expect(mapped.due?.iso == "2026-12-01")
        #expect(mapped.estimateSeconds == 3600)
        #expect(mapped.tags == ["x"])
        #expect(mapped.id == task.id.uuidString.lowercased())
    }

    @Test("a feature query becomes a worker search without losing a filter")
    func queryMapping() throws {
        let day = try #require(CalendarDayBox.make("2026-12-24"))
        let query = TasksFeature.TaskQuery(
            project: "Work", list: "Backlog", status: .done, tag: "t", priority: .low, due: .before(day), text: "q",
            sort: .due, limit: 5)
        let search = try TasksAdapter.search(query)
        #expect(
            search
                == TaskSearch(
                    project: "Work", list: "Backlog", status: .done, tag: "t", priority: .low,
                    due: .before(try #require(Day(iso: "2026-12-24"))), text: "q", order: .due, limit: 5))
    }

    @Test("days map both ways")
    func dayMapping() throws {
        let day = try #require(Day(iso: "2024-02-29"))
        let mapped = try DayMapping.calendarDay(day)
        #expect(mapped.iso == "2024-02-29")
        #expect(try DayMapping.day(mapped) == day)
    }
}
