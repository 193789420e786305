import Foundation
import Testing

/// Subtasks, dependencies and recurring tasks (issue 12) between two devices and a real `stint-server` on
/// 127.0.0.1: the new fields travel like every other, and a recurring task completed on both devices while
/// apart gives one next occurrence, not two.
@Suite("Task links and series between devices", .serialized, .timeLimit(.minutes(10)))
struct TaskRelationSyncJourneyTests {
    func task(_ device: Stint, titled title: String) async throws -> JSON {
        let tasks = try await device.json("task", "list", "--status", "all")
        return tasks.array.first { $0["title"].string == title } ?? JSON(nil)
    }

    @Test("a parent, a prerequisite and a series made on one device read the same on the other")
    func linksTravel() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (laptop, desktop) = (world.devices[0], world.devices[1])
            try await laptop.ok("project", "add", "Website")
            try await laptop.ok("task", "add", "Launch", "--project", "Website")
            try await laptop.ok("task", "add", "Write copy", "--parent", "1")
            try await laptop.ok("task", "add", "Deploy", "--parent", "1", "--after", "2")
            try await laptop.ok("task", "add", "Water plants", "--repeat", "every 2w", "--until", "2027-06-30")
            let token = try await world.login(laptop, as: "ana")
            try await world.login(desktop, as: "ana", token: token)
            try await laptop.ok("sync")
            try await desktop.ok("sync")

            let launch = try await task(desktop, titled: "Launch")
            #expect(launch["subtasks"].array.compactMap { $0["title"].string } == ["Write copy", "Deploy"])
            let deploy = try await task(desktop, titled: "Deploy")
            #expect(deploy["parent"]["title"].string == "Launch")
            #expect(deploy["project_name"].string == "Website", "a subtask lives where its parent does")
            #expect(deploy["after"].array.compactMap { $0["title"].string } == ["Write copy"])
            #expect(deploy["blocked"].bool == true)
            let plants = try await task(desktop, titled: "Water plants")
            #expect(plants["repeat"].string == "every 2 weeks")
            #expect(plants["repeat_until"].string == "2027-06-30")

            // Completing the prerequisite on the desktop unblocks the task there and, after a sync, on the laptop.
            let copyNumber = try #require(try await task(desktop, titled: "Write copy")["number"].int)
            let done = try await desktop.ok("task", "done", String(copyNumber))
            #expect(done.stdout.contains("Unblocked task"), "\(done)")
            try await desktop.ok("sync")
            try await laptop.ok("sync")
            #expect((try await task(laptop, titled: "Deploy"))["blocked"].bool == false)
            let ready = try await laptop.json("task", "list", "--ready")
            #expect(ready.array.compactMap { $0["title"].string }.contains("Deploy"))
        }
    }

    @Test("the same occurrence completed on two devices while apart makes one next occurrence")
    func oneNextOccurrence() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (a, b) = (world.devices[0], world.devices[1])
            try await a.ok("task", "add", "Water plants", "--repeat", "weekly", "--due", "2026-11-23")
            let token = try await world.login(a, as: "ana")
            try await world.login(b, as: "ana", token: token)
            try await a.ok("sync")
            try await b.ok("sync")

            // Both complete the same occurrence before either syncs: each makes the next one, with the same id.
            try await a.ok("task", "done", "1")
            try await b.ok("task", "done", "1")
            try await a.ok("sync")
            try await b.ok("sync")
            try await a.ok("sync")

            for device in [a, b] {
                let all = try await device.json("task", "list", "--status", "all")
                let plants = all.array.filter { $0["title"].string == "Water plants" }
                #expect(plants.count == 2, "the done occurrence and one next one: \(plants)")
                let open = plants.filter { $0["status"].string == "open" }
                #expect(open.count == 1)
                #expect(open.first?["due"].string == "2026-11-30")
            }
            let ids = Set(
                try await [a, b].asyncMap { device in
                    try await device.json("task", "list").array.compactMap { $0["id"].string }
                }.flatMap { $0 })
            #expect(ids.count == 1, "both devices hold the same next occurrence")
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
