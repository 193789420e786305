import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Auto-sync and `stint sync --watch` with real processes (ADR 0026): the background sync a command
/// leaves behind is a real detached `stint`, the server a real `stint-server` on 127.0.0.1.
@Suite("Auto-sync and watch", .serialized, .timeLimit(.minutes(10)))
struct AutoSyncJourneyTests {
    /// Returns once every background sync asked for on `device` has finished: whoever waits to start
    /// holds `sync-next.lock` and whoever syncs holds `sync.lock`, so taking both in that order (util-linux
    /// `flock`, which blocks on the lock itself) is exactly "nothing is pending or running". No sleeping.
    func settle(_ device: Stint) async throws {
        for name in ["sync-next.lock", "sync.lock"] {
            let path = device.home.appendingPathComponent(name).path
            let status = try runTool("/usr/bin/flock", ["--wait", "60", path, "true"])
            #expect(status == 0, "flock on \(name) gave \(status)")
        }
    }

    func titles(_ device: Stint) async throws -> Set<String> {
        Set(try await device.json("task", "list", "--status", "all").array.compactMap { $0["title"].string })
    }

    @Test("with auto-sync on, a change reaches the other device without anyone running stint sync")
    func changesTravelByThemselves() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (laptop, desktop) = (world.devices[0], world.devices[1])
            let token = try await world.login(laptop, as: "ana")
            try await world.login(desktop, as: "ana", token: token)
            let set = try await laptop.ok("config", "set", "auto-sync", "on")
            #expect(set.stdout.contains("Auto-sync is on"), "\(set)")
            #expect(try await laptop.ok("config", "get", "auto-sync").stdout == "on\n")

            let added = try await laptop.ok("task", "add", "Call the printer")
            #expect(added.stderr.isEmpty, "a change with auto-sync says nothing more: \(added)")
            try await settle(laptop)

            #expect(try await laptop.json("sync", "status")["pending_changes"].int == 0)
            try await desktop.ok("sync")
            #expect(try await titles(desktop) == ["Call the printer"])
        }
    }

    @Test("a burst of changes is coalesced and every one of them arrives")
    func burstArrivesWhole() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let (laptop, desktop) = (world.devices[0], world.devices[1])
            let token = try await world.login(laptop, as: "ana")
            try await world.login(desktop, as: "ana", token: token)
            try await laptop.ok("config", "set", "auto-sync", "on")

            let names = (1...12).map { "Burst \($0)" }
            for name in names { try await laptop.ok("task", "add", name) }
            try await laptop.ok("task", "done", "3")
            try await settle(laptop)

            #expect(try await laptop.json("sync", "status")["pending_changes"].int == 0)
            try await desktop.ok("sync")
            #expect(try await titles(desktop) == Set(names))
            let done = try await desktop.json("task", "list", "--status", "done").array
            #expect(done.map { $0["title"].string } == ["Burst 3"])
        }
    }

    @Test("reads never start a sync, and auto-sync off or logged out starts none either")
    func onlyChangesWithAutoSyncOnStartOne() async throws {
        try await SyncWorld.with(devices: 1) { world in
            let laptop = world.devices[0]
            try await laptop.ok("config", "set", "auto-sync", "on")
            // Logged out: nothing to sync with, the change just stays pending.
            try await laptop.ok("task", "add", "Offline first")
            try await world.login(laptop, as: "ana")
            try await laptop.ok("config", "set", "auto-sync", "off")
            try await laptop.ok("task", "add", "Still manual")
            try await laptop.ok("task", "list")
            try await settle(laptop)
            #expect(try await laptop.json("sync", "status")["pending_changes"].int == 2)
        }
    }

    @Test(
        "an unreachable server never fails a command: one line, the change stays, and it goes once the server is back")
    func unreachableServerIsOneLine() async throws {
        try await SyncWorld.with(devices: 2) { world in
            var laptop = world.devices[0]
            laptop.extraEnvironment["STINT_SYNC_TIMEOUT"] = "2"
            let desktop = world.devices[1]
            let token = try await world.login(laptop, as: "ana")
            try await world.login(desktop, as: "ana", token: token)
            try await laptop.ok("config", "set", "auto-sync", "on")

            world.server.stop()
            let first = try await laptop.ok("task", "add", "Written on the train")
            #expect(first.stderr.isEmpty, "the failure is not known yet: \(first)")
            try await settle(laptop)
            let second = try await laptop.ok("task", "add", "Also on the train")
            let hint = second.stderr.split(separator: "\n")
            #expect(hint.count == 1, "\(second)")
            #expect(
                hint.first?.hasPrefix("stint: auto-sync: cannot sync with \(world.server.url)") == true, "\(second)")
            #expect(second.stderr.contains("changes stay pending"), "\(second)")
            try await settle(laptop)
            let status = try await laptop.json("sync", "status")
            #expect(status["pending_changes"].int == 2)
            #expect(status["auto_sync"].bool == true)
            #expect(status["auto_sync_failure"].string?.contains("cannot sync with") == true, "\(status)")

            try await world.server.start()
            let back = try await laptop.ok("task", "add", "Home again")
            #expect(back.stderr.split(separator: "\n").count == 1, "the last failure is said once more: \(back)")
            try await settle(laptop)
            let synced = try await laptop.json("sync", "status")
            #expect(synced["pending_changes"].int == 0, "\(synced)")
            #expect(synced["auto_sync_failure"].isNull, "\(synced)")
            #expect(try await laptop.ok("task", "add", "Quiet now").stderr.isEmpty)
            try await settle(laptop)
            try await desktop.ok("sync")
            #expect(
                try await titles(desktop) == ["Written on the train", "Also on the train", "Home again", "Quiet now"])
        }
    }

    @Test("stint sync --watch shows a timer stopped on another machine within a round, and stops on Ctrl-C")
    func watchFollowsATimer() async throws {
        try await SyncWorld.with(devices: 2) { world in
            let laptop = world.devices[0].at("2026-11-21T09:00:00Z")
            let desktop = world.devices[1].at("2026-11-21T09:10:00Z")
            try await laptop.ok("task", "add", "Review")
            let token = try await world.login(laptop, as: "ana")
            try await world.login(desktop, as: "ana", token: token)
            try await laptop.ok("timer", "start", "1")
            try await laptop.ok("sync")
            try await desktop.ok("sync")
            #expect(try await desktop.json("timer")["running"]["task_title"].string == "Review")

            let watcher = try WatchingProcess(desktop, ["sync", "--watch", "--interval", "1s", "--json"])
            defer { watcher.interrupt() }
            try await laptop.at("2026-11-21T09:30:00Z").ok("timer", "stop")
            try await laptop.ok("sync")

            let line = try await watcher.nextLine()
            let summary = JSON(try JSONSerialization.jsonObject(with: Data(line.utf8)))
            #expect(summary["pulled"].int ?? 0 >= 1, "\(line)")
            watcher.interrupt()
            let status = try await watcher.exitStatus()
            #expect(status == 128 + SIGINT, "Ctrl-C ends the watch as it ends any command")
            let timers = try await desktop.json("timer")
            #expect(timers["running"].isNull, "\(timers)")
            let entries = try await desktop.json("entries", "--since", "2026-11-21")
            #expect(entries.array.count == 1)
            #expect(entries[0]["duration_seconds"].int == 1_800)
        }
    }

    @Test("settings: unknown names and values are one line and exit 4; status and JSON show the setting")
    func settingsInput() async throws {
        try await SyncWorld.with(devices: 1) { world in
            let laptop = world.devices[0]
            let unknown = try await laptop.run("config", "set", "autopush", "on")
            #expect(unknown.status == 4)
            #expect(
                unknown.stderr
                    == "stint: unknown setting 'autopush': settings are auto-sync, week_start, color, report.period, "
                    + "report.by, log.start, alias.NAME and filter.NAME\n")
            let value = try await laptop.run("config", "set", "auto-sync", "sometimes")
            #expect(value.status == 4)
            #expect(value.stderr == "stint: 'sometimes' is not a value of auto-sync: use on or off\n")
            #expect(try await laptop.json("config")["auto_sync"].bool == false)
            try await laptop.ok("config", "set", "auto-sync", "ON")
            #expect(try await laptop.ok("config").stdout == "auto-sync = on\n")
            try await world.login(laptop, as: "ana")
            #expect(try await laptop.ok("sync", "status").stdout.contains("Auto-sync  on"))
            try await laptop.ok("logout")
            #expect(try await laptop.json("config")["auto_sync"].bool == true, "a logout keeps the preference")
            let badInterval = try await laptop.run("sync", "--watch", "--interval", "0s")
            #expect(badInterval.status == 4, "\(badInterval)")
            #expect(badInterval.stderr == "stint: '0s' is not a valid --interval value\n")
        }
    }
}

/// A `stint` that keeps running (`sync --watch`), read line by line as it writes: a test waits for the
/// line it expects, not for time to pass.
final class WatchingProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let exited: AsyncStream<Int32>
    private var lines: AsyncStream<String>.Iterator

    init(_ device: Stint, _ arguments: [String]) throws {
        process.executableURL = device.binary
        process.arguments = arguments
        process.environment = device.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        exited = stream
        process.terminationHandler = { finished in
            let code = finished.terminationStatus
            continuation.yield(finished.terminationReason == .uncaughtSignal ? 128 + code : code)
            continuation.finish()
        }
        let (lineStream, lineContinuation) = AsyncStream<String>.makeStream()
        lines = lineStream.makeAsyncIterator()
        let pending = LockedBuffer()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                lineContinuation.finish()
                return
            }
            for line in pending.append(data) { lineContinuation.yield(line) }
        }
        try process.run()
    }

    /// The next line the process writes; fails when it ends first or says nothing for a minute.
    func nextLine() async throws -> String {
        let line = await withinAMinute(elseSending: SIGINT) { [self] in await lines.next() }
        guard let line else { throw StintFailure(description: "`stint sync --watch` wrote no line within a minute") }
        return line
    }

    func interrupt() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
    }

    /// How the process ended; fails when it is still running a minute later. It is then killed, so a `stint`
    /// that ignores Ctrl-C fails this test by name instead of hanging the whole run.
    func exitStatus() async throws -> Int32 {
        let status = await withinAMinute(elseSending: SIGKILL) { [self] in
            for await status in exited { return status }
            return nil  // the stream ends without a status only when the deadline cancelled this wait
        }
        guard let status else {
            throw StintFailure(description: "`stint sync --watch` was still running a minute after Ctrl-C")
        }
        return status
    }

    /// What `wait` answers, or nil when a minute passes first. A deadline for a test that would otherwise hang,
    /// not a wait for the answer: `signal` then goes to the process, and its end ends `wait`.
    private func withinAMinute<Value: Sendable>(
        elseSending signal: Int32, _ wait: @escaping @Sendable () async -> Value?
    ) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask(operation: wait)
            group.addTask { [self] in
                try? await Task.sleep(for: .seconds(60))
                if Task.isCancelled { return nil }
                if process.isRunning { kill(process.processIdentifier, signal) }
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
    }
}

/// Bytes read so far, cut into whole lines as they complete.
final class LockedBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func append(_ data: Data) -> [String] {
        lock.withLock {
            bytes.append(data)
            var lines: [String] = []
            while let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: bytes[bytes.startIndex..<newline], as: UTF8.self))
                bytes.removeSubrange(bytes.startIndex...newline)
            }
            return lines
        }
    }
}
