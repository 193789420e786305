import Foundation

@testable import ServerCore

/// Valid wire records and instants shared by the tests.
enum Fixture {
    /// 2023-11-14T22:13:20Z in milliseconds: every test instant is this plus an offset.
    static let t0: Int64 = 1_700_000_000_000
    static let now = Date(timeIntervalSince1970: 1_700_000_000 + 86_400)

    static func id(_ number: UInt8) -> UUID {
        UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, number))
    }

    static func project(name: String = "Website") -> Fields {
        [
            "name": .string(name), "note": .string(""), "archived_at": .null, "created_at": .integer(t0),
            "updated_at": .integer(t0), "deleted_at": .null,
        ]
    }

    static func task(title: String = "Write the brief", note: String = "", tags: [String] = []) -> Fields {
        [
            "project_id": .null, "list_id": .null, "title": .string(title), "note": .string(note),
            "status": .string("open"), "priority": .integer(0), "due": .null,
            "tags": .array(tags.map(JSONValue.string)), "estimate_seconds": .null, "completed_at": .null,
            "assignee_id": .null, "parent_id": .null, "prerequisite_ids": .array([]), "repeat_rule": .null,
            "repeat_until": .null, "series_id": .null, "series_start": .null, "created_at": .integer(t0),
            "updated_at": .integer(t0), "deleted_at": .null,
        ]
    }

    /// A timer on `task` whose intervals are given in minutes after t0 (`nil` end = running).
    static func timer(task: UUID = id(200), intervals: [(Int64, Int64?)], owner: UUID = id(250)) -> Fields {
        let pairs = intervals.map { start, end -> JSONValue in
            .array([.integer(t0 + start * 60_000), end.map { .integer(t0 + $0 * 60_000) } ?? .null])
        }
        let running = intervals.last?.1 == nil
        return [
            "owner_id": .string(owner.uuidString.lowercased()), "task_id": .string(task.uuidString.lowercased()),
            "project_id": .null, "note": .string(""), "billable": .integer(0),
            "state": .string(running ? "running" : "paused"), "intervals": .array(pairs),
            "created_at": .integer(t0), "updated_at": .integer(t0), "deleted_at": .null,
        ]
    }

    /// A time entry on `task` starting `start` minutes after t0.
    static func entry(task: UUID = id(200), start: Int64 = 0, seconds: Int64 = 1800, note: String = "") -> Fields {
        let startAt = t0 + start * 60_000
        return [
            "task_id": .string(task.uuidString.lowercased()), "project_id": .null, "start_at": .integer(startAt),
            "end_at": .integer(startAt + seconds * 1000), "duration_seconds": .integer(seconds),
            "note": .string(note), "billable": .integer(0), "tags": .array([]),
            "logged_by": .string(id(250).uuidString.lowercased()), "created_at": .integer(t0),
            "updated_at": .integer(t0), "deleted_at": .null,
        ]
    }

    static func minutes(_ value: Int64) -> JSONValue { .integer(t0 + value * 60_000) }
}
