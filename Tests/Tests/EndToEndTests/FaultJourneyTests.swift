import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Three devices of one person, each making 1,000 random changes (tasks, notes, timers, time entries, deletes,
/// undos) and syncing every few of them through ``FaultProxy``, which breaks about a third of the requests. At
/// the end every device syncs until it succeeds, twice around, and all three must hold the same data: every
/// record that should exist exists exactly once, and nothing else does.
///
/// What each device may touch is chosen so the end state can be computed from what the devices did, whatever
/// order the syncs met in: tasks are added, edited, noted and completed by anyone, but deleted only by the
/// device that added them; each device logs time and runs timers only on three "stable" tasks of its own (never
/// deleted) and deletes only its own entries; `stint undo` reverts the device's own last change, so each device
/// keeps its own stack and checks that `undo` names the change on top of it.
///
/// STINT_FAULT_SEED (a number) replays a run's random choices; the order in which three concurrent devices meet
/// the proxy still varies, so a replay makes the same changes and faults of the same kinds, not the same
/// interleaving. STINT_FAULT_MUTATIONS changes the 1,000.
@Suite("Sync through a network that fails a third of the requests", .serialized, .timeLimit(.minutes(20)))
struct FaultJourneyTests {
    @Test("3 devices × 1,000 random changes through a faulty proxy: all converge, nothing lost, nothing duplicated")
    func threeDevicesThroughFaults() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["STINT_FAULT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...999_999_999)
        let mutations = environment["STINT_FAULT_MUTATIONS"].flatMap { Int($0) } ?? 1_000
        print("FaultJourney: seed \(seed) (replay with STINT_FAULT_SEED=\(seed)), \(mutations) changes per device")
        let started = ContinuousClock.now

        try await SyncWorld.with(devices: 3) { world in
            let proxy = try FaultProxy(upstreamPort: world.server.port, seed: seed ^ 0x5eed_f00d)
            defer { proxy.close() }
            let clock = FakeClock()
            let registry = TaskRegistry()
            let token = try world.server.addUser("ana")
            let devices = world.devices.map { device -> Stint in
                var quick = device
                // A held answer costs the client only this long; a healthy exchange on loopback takes milliseconds.
                quick.extraEnvironment["STINT_SYNC_TIMEOUT"] = "1"
                return quick
            }

            // Log in through the proxy (faults and all), then make the stable tasks.
            var runners: [DeviceRunner] = []
            for (index, device) in devices.enumerated() {
                var runner = DeviceRunner(index: index, device: device, clock: clock, registry: registry, seed: seed)
                try await runner.login(proxy.url, token: token)
                try await runner.addStableTasks()
                runners.append(runner)
            }

            // The random phase: the three devices at the same time.
            let finished = try await withThrowingTaskGroup(of: DeviceRunner.self) { group in
                for runner in runners {
                    group.addTask {
                        var runner = runner
                        try await runner.mutate(count: mutations)
                        return runner
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.index < $1.index }
            }
            runners = finished

            // Converge: every device syncs until one succeeds, twice around; faults stay on unless a device
            // cannot get through 40 times in a row.
            var forcedClean = false
            for _ in 0..<2 {
                for index in runners.indices {
                    if try await !runners[index].syncUntilSuccess(attempts: 40) {
                        forcedClean = true
                        proxy.setFaults(enabled: false)
                        #expect(try await runners[index].syncUntilSuccess(attempts: 3), "no clean sync for \(index)")
                    }
                }
            }
            let counts = proxy.counts()
            proxy.setFaults(enabled: false)

            try await Self.checkConvergence(
                runners, devices: devices, counts: counts, forcedClean: forcedClean, seed: seed,
                started: started)
        }
    }

    // MARK: The end state

    static func checkConvergence(
        _ runners: [DeviceRunner], devices: [Stint], counts: FaultProxy.Counts, forcedClean: Bool, seed: UInt64,
        started: ContinuousClock.Instant
    ) async throws {
        // A stopped timer that comes back shows here as "resumed a timer it does not have" (seed 216995909 found it:
        // an undo that restored a timer's state without its intervals, ADR 0022).
        let anomalies = runners.flatMap(\.anomalies)
        #expect(
            anomalies.isEmpty,
            "\(anomalies.count) unexpected results (seed \(seed)):\n\(anomalies.prefix(10).joined(separator: "\n"))")

        for device in devices {
            let status = try await device.json("sync", "status")
            #expect(status["pending_changes"].int == 0, "seed \(seed): \(status)")
        }

        // 1. The same data everywhere.
        var exports: [String] = []
        for device in devices { exports.append(try await device.export()) }
        let records = try exports.map(Self.records)
        // Records are compared by id: the order of an export's arrays is each device's own.
        var stamps: [String] = []
        for index in 1..<records.count {
            let differences = Self.differences(records[0], records[index])
            let real = differences.filter { !$0.onlyUpdatedAt }.map(\.description)
            stamps += differences.filter(\.onlyUpdatedAt).map { "device \(index): \($0)" }
            #expect(
                real.isEmpty,
                "seed \(seed): device \(index) differs from device 0 in \(real.count) records:\n\(real.prefix(5).joined(separator: "\n"))"
            )
            for difference in differences.prefix(3) {
                print(
                    "FaultJourney: what the devices did with \(difference.id.prefix(8)):\n"
                        + runners.flatMap { $0.journal(around: difference.id) }.prefix(80).joined(separator: "\n"))
            }
        }
        // Time stamps too: a record changed and changed back (a delete and its undo) whose push answer was lost kept
        // the device's own updated_at while the server ignored a change of updated_at alone (ADR 0020).
        #expect(
            stamps.isEmpty,
            "seed \(seed): \(stamps.count) records differ only in updated_at:\n\(stamps.prefix(3).joined(separator: "\n"))"
        )

        // 2. No id twice, no title twice.
        for (index, export) in records.enumerated() {
            for (entity, rows) in export.rows {
                let ids = rows.map(\.id)
                #expect(
                    Set(ids).count == ids.count,
                    "seed \(seed): device \(index) has an id twice among \(entity): \(Self.repeated(ids))")
            }
        }
        let export = records[0]
        let tasks = export.rows["tasks"] ?? []
        let titles = tasks.compactMap { $0.object["title"] as? String }
        #expect(Set(titles).count == titles.count, "seed \(seed): a title appears twice: \(Self.repeated(titles))")

        // 3. Exactly the tasks, entries and timers the devices' own histories leave.
        var titleOwners: [String: String] = [:]
        for runner in runners { titleOwners.merge(runner.titleOwners) { first, _ in first } }
        let expectedTasks = Set(runners.flatMap { $0.stableTasks + Array($0.liveTasks) })
        let expectedEntries = Set(runners.flatMap(\.liveEntries))
        let expectedTimers = Set(runners.flatMap { Array($0.activeTimers.keys) })
        let actualTasks = Set(tasks.map(\.id))
        let actualEntries = Set((export.rows["time_entries"] ?? []).map(\.id))
        let actualTimers = Set((export.rows["timers"] ?? []).map(\.id))
        func named(_ ids: Set<String>) -> String {
            ids.sorted().prefix(10).map { id in
                "\(id.prefix(8)) (\(titleOwners.first { $0.value == id }?.key ?? "?"))"
            }.joined(separator: ", ")
        }
        #expect(
            actualTasks == expectedTasks,
            "seed \(seed): tasks missing: \(named(expectedTasks.subtracting(actualTasks))); unexpected: \(named(actualTasks.subtracting(expectedTasks)))"
        )
        for task in tasks {
            guard let title = task.object["title"] as? String else { continue }
            #expect(titleOwners[title] == task.id, "seed \(seed): task \(task.id) has the title \(title) of another")
        }
        #expect(
            actualEntries == expectedEntries,
            "seed \(seed): entries missing: \(expectedEntries.subtracting(actualEntries).sorted().prefix(10)); unexpected: \(actualEntries.subtracting(expectedEntries).sorted().prefix(10))"
        )
        #expect(
            actualTimers == expectedTimers,
            "seed \(seed): timers missing: \(expectedTimers.subtracting(actualTimers).sorted().prefix(10)); unexpected: \(actualTimers.subtracting(expectedTimers).sorted().prefix(10))"
        )
        for id in actualTimers.symmetricDifference(expectedTimers).sorted().prefix(3) {
            print(
                "FaultJourney: what the devices did with timer \(id.prefix(8)):\n"
                    + runners.flatMap { $0.journal(around: id) }.prefix(80).joined(separator: "\n"))
        }

        // 4. The time entries add up: logged + stopped − deleted − undone logs and stops + undone deletes.
        let ledger = runners.map(\.ledger).reduce(EntryLedger(), +)
        #expect(ledger.expected == actualEntries.count, "seed \(seed): \(ledger) but \(actualEntries.count) entries")

        // The faults really happened, and sync really failed now and then.
        #expect(counts.faulted > 0)
        for fault in FaultProxy.Fault.allCases {
            #expect(counts.faults[fault, default: 0] > 0, "no \(fault.rawValue) fault was injected")
        }

        var conflicts = 0
        for device in devices { conflicts += try await device.json("sync", "conflicts").array.count }
        let seconds = (ContinuousClock.now - started).components.seconds
        let kinds = DeviceRunner.Kind.allCases.map { kind in
            let tally = runners.map { $0.tallies[kind, default: Tally()] }.reduce(Tally(), +)
            return "\(kind.rawValue) \(tally.ok)/\(tally.attempted)"
        }.joined(separator: ", ")
        let syncsOK = runners.map(\.syncsOK).reduce(0, +)
        let syncsFailed = runners.map(\.syncsFailed).reduce(0, +)
        var reasons: [String: Int] = [:]
        for runner in runners { reasons.merge(runner.syncFailures, uniquingKeysWith: +) }
        var rejected: [String: Int] = [:]
        for runner in runners { rejected.merge(runner.rejections, uniquingKeysWith: +) }
        let refused = runners.flatMap(\.refusals).reduce(into: [String: Int]()) { $0[$1.key, default: 0] += $1.value }
        print(
            """
            FaultJourney summary: seed \(seed), \(seconds) s, 3 devices × \(runners.first?.mutations ?? 0) changes \
            (ok/attempted: \(kinds)); refused as expected: \(refused.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); \
            syncs \(syncsOK) ok, \(syncsFailed) failed (\(reasons.sorted { $0.value > $1.value }.map { "\($0.value)× \($0.key)" }.joined(separator: "; "))); \
            logins \(runners.map(\.loginAttempts).reduce(0, +)) attempts; proxy: \(counts); \
            final: \(actualTasks.count) tasks, \(actualEntries.count) entries (\(ledger)), \(actualTimers.count) timers, \
            \(conflicts) conflicts kept, \(stamps.count) records differing only in updated_at\
            \(forcedClean ? ", faults switched off to converge" : ""); \
            changes rejected by the server: \(rejected.sorted { $0.value > $1.value }.map { "\($0.value)× \($0.key)" }.joined(separator: "; ")); \
            anomalies \(anomalies.count)
            """)
    }

    /// An export's records by entity, each with its id (lowercased) and fields.
    struct Records {
        struct Row {
            let id: String
            let object: [String: Any]
            let text: String
        }
        var rows: [String: [Row]] = [:]
    }

    static func records(_ export: String) throws -> Records {
        guard let object = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any] else {
            throw StintFailure(description: "export is not an object")
        }
        var records = Records()
        for (key, value) in object {
            guard let array = value as? [[String: Any]] else {
                // Top-level values (format, version, person_id) under their own names.
                let text = String(
                    decoding: try JSONSerialization.data(withJSONObject: [key: value], options: [.sortedKeys]),
                    as: UTF8.self)
                records.rows["top level", default: []].append(Records.Row(id: key, object: [:], text: text))
                continue
            }
            records.rows[key] = try array.map { row in
                let text = String(
                    decoding: try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]), as: UTF8.self)
                return Records.Row(id: ((row["id"] as? String) ?? "").lowercased(), object: row, text: text)
            }
        }
        return records
    }

    struct Difference: CustomStringConvertible {
        let entity: String
        let id: String
        let left: Records.Row?
        let right: Records.Row?

        /// Both devices hold the record and only its `updated_at` differs.
        var onlyUpdatedAt: Bool {
            guard let mine = left?.object, let theirs = right?.object else { return false }
            func withoutStamp(_ object: [String: Any]) -> Data? {
                try? JSONSerialization.data(
                    withJSONObject: object.filter { $0.key != "updated_at" }, options: [.sortedKeys])
            }
            return withoutStamp(mine) != nil && withoutStamp(mine) == withoutStamp(theirs)
        }

        var description: String { "\(entity) \(id): \(left?.text ?? "absent") vs \(right?.text ?? "absent")" }
    }

    /// The records that differ between two exports, by entity and id.
    static func differences(_ left: Records, _ right: Records) -> [Difference] {
        var found: [Difference] = []
        for entity in Set(left.rows.keys).union(right.rows.keys).sorted() {
            let mine = Dictionary((left.rows[entity] ?? []).map { ($0.id, $0) }) { first, _ in first }
            let theirs = Dictionary((right.rows[entity] ?? []).map { ($0.id, $0) }) { first, _ in first }
            for id in Set(mine.keys).union(theirs.keys).sorted() where mine[id]?.text != theirs[id]?.text {
                found.append(Difference(entity: entity, id: id, left: mine[id], right: theirs[id]))
            }
        }
        return found
    }

    static func repeated(_ values: [String]) -> [String] {
        Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }.map(\.key).sorted()
    }
}

extension FaultJourneyTests {
    // MARK: - The shared fake clock

    /// STINT_NOW for every change of every device: 20 s after the previous change of any device, so instants follow
    /// the order in which the changes were made and a timer is never stopped before it started. 3,000 changes span
    /// less than 17 hours, so no timer needs `--force`.
    final class FakeClock: @unchecked Sendable {
        private let lock = NSLock()
        private var tick = 0
        private let origin = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21T00:00:00Z

        /// The next instant.
        func next() -> String {
            let value = lock.withLock {
                tick += 1
                return tick
            }
            return Self.format(origin.addingTimeInterval(6 * 3600 + Double(value) * 20))
        }

        /// The latest instant handed out.
        func current() -> String {
            Self.format(origin.addingTimeInterval(6 * 3600 + Double(lock.withLock { tick }) * 20))
        }

        private static func format(_ date: Date) -> String {
            date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
        }
    }

    // MARK: - The tasks the devices know of

    /// Every task the devices added, whether its owner deleted it and whether someone completed it, and when it
    /// reached the server: a device picks the tasks to edit, note and complete among its own and those that were
    /// on the server before its last successful sync began (so it has them), without asking `stint` each time.
    final class TaskRegistry: @unchecked Sendable {
        private struct Entry {
            let owner: Int
            let stable: Bool
            var deleted = false
            var done = false
            /// The publication that brought it to the server (nil: not yet).
            var published: Int?
        }

        private let lock = NSLock()
        private var entries: [String: Entry] = [:]
        private var order: [String] = []
        private var counter = 0

        /// The number of the latest publication.
        var publication: Int { lock.withLock { counter } }

        func add(_ id: String, owner: Int, stable: Bool) {
            lock.withLock {
                if entries[id] == nil { order.append(id) }
                entries[id] = Entry(owner: owner, stable: stable)
            }
        }

        func set(_ id: String, deleted: Bool) {
            lock.withLock { entries[id]?.deleted = deleted }
        }

        func set(_ id: String, done: Bool) {
            lock.withLock { entries[id]?.done = done }
        }

        /// `owner` synced successfully: all its tasks are on the server.
        func publish(owner: Int) {
            lock.withLock {
                counter += 1
                for id in order where entries[id]?.owner == owner && entries[id]?.published == nil {
                    entries[id]?.published = counter
                }
            }
        }

        /// The tasks `device` holds that are not deleted (and, when `open`, neither completed nor stable).
        func tasks(for device: Int, seen: Int, open: Bool = false) -> [String] {
            lock.withLock {
                order.filter { id in
                    guard let entry = entries[id], !entry.deleted else { return false }
                    guard entry.owner == device || (entry.published ?? .max) <= seen else { return false }
                    return !open || (!entry.done && !entry.stable)
                }
            }
        }
    }

    // MARK: - One device

    struct Tally: Sendable {
        var attempted = 0
        var ok = 0

        static func + (left: Tally, right: Tally) -> Tally {
            Tally(attempted: left.attempted + right.attempted, ok: left.ok + right.ok)
        }
    }

    /// How the live time entries came about, which must add up to how many there are.
    struct EntryLedger: Sendable, CustomStringConvertible {
        var logged = 0
        var stopped = 0
        var deleted = 0
        var undoneLogs = 0
        var undoneStops = 0
        var undoneDeletes = 0

        var expected: Int { logged + stopped - deleted - undoneLogs - undoneStops + undoneDeletes }

        var description: String {
            "\(logged) logged + \(stopped) stopped − \(deleted) deleted − \(undoneLogs + undoneStops) undone "
                + "+ \(undoneDeletes) deletes undone = \(expected)"
        }

        static func + (left: EntryLedger, right: EntryLedger) -> EntryLedger {
            EntryLedger(
                logged: left.logged + right.logged, stopped: left.stopped + right.stopped,
                deleted: left.deleted + right.deleted, undoneLogs: left.undoneLogs + right.undoneLogs,
                undoneStops: left.undoneStops + right.undoneStops,
                undoneDeletes: left.undoneDeletes + right.undoneDeletes)
        }
    }

    /// One device's random walk and what it must leave behind.
    struct DeviceRunner: Sendable {
        enum Kind: String, CaseIterable, Sendable {
            case add, edit, done, note, delete, timerStart = "timer-start", timerStop = "timer-stop", log
            case deleteEntry = "entry-delete", undo
        }

        /// One change of this device, as `stint undo` will name it.
        enum Change: Sendable {
            case setup(String)
            case addTask(String)
            case editTask, completeTask(String), note
            case deleteTask(String)
            case startTimer(String, new: Bool)
            /// The timer, its task, and the entries it became (one per stretch it ran).
            case stopTimer(String, task: String, entries: [String])
            case log(String)
            case deleteEntry(String)

            /// How `stint undo` begins its summary of this change.
            var summary: String {
                switch self {
                case .setup, .addTask: "added task"
                case .editTask: "edited task"
                case .completeTask: "completed task"
                case .note: "added a note"
                case .deleteTask: "deleted task"
                case .startTimer: "started timer"
                case .stopTimer: "stopped timer"
                case .log: "logged"
                case .deleteEntry: "deleted entry"
                }
            }
        }

        static let weights: [(Kind, Int)] = [
            (.add, 16), (.edit, 12), (.done, 6), (.note, 12), (.delete, 8), (.timerStart, 11), (.timerStop, 9),
            (.log, 12), (.deleteEntry, 5), (.undo, 9),
        ]

        let index: Int
        let device: Stint
        let clock: FakeClock
        private var random: SplitMix64
        private(set) var mutations = 0

        /// The three tasks this device logs time and runs timers on; never deleted.
        private(set) var stableTasks: [String] = []
        /// Tasks this device added that should exist (not deleted, not undone).
        private(set) var liveTasks: Set<String> = []
        /// Entries this device logged or stopped that should exist.
        private(set) var liveEntries: Set<String> = []
        /// This device's timers that should exist (running or paused), with their task.
        private(set) var activeTimers: [String: String] = [:]
        /// Every title this device gave a task, and that task: titles are unique across devices ("d1-e17").
        private(set) var titleOwners: [String: String] = [:]
        /// Tasks this device knows of (from its last successful sync), and whether each is open.
        /// Which tasks exist, shared by the three devices.
        let registry: TaskRegistry
        /// The registry's publication this device's last successful sync started after: it holds every task
        /// published by then.
        private var seen = 0
        private var stack: [Change] = []
        private var serial = 0

        private(set) var tallies: [Kind: Tally] = [:]
        private(set) var refusals: [String: Int] = [:]
        private(set) var ledger = EntryLedger()
        private(set) var syncsOK = 0
        private(set) var syncsFailed = 0
        private(set) var syncFailures: [String: Int] = [:]
        /// What successful syncs reported as rejected by the server, by reason.
        private(set) var rejections: [String: Int] = [:]
        private(set) var loginAttempts = 0
        private(set) var anomalies: [String] = []
        /// Every command this device ran, its instant and outcome, to explain a failure.
        private(set) var journal: [String] = []

        init(index: Int, device: Stint, clock: FakeClock, registry: TaskRegistry, seed: UInt64) {
            self.index = index
            self.device = device
            self.clock = clock
            self.registry = registry
            random = SplitMix64(seed: seed &+ UInt64(index + 1) &* 0x1000_0000_01b3)
        }

        // MARK: Setup

        mutating func login(_ url: String, token: String) async throws {
            for _ in 0..<30 {
                loginAttempts += 1
                let result = try await device.run("login", url, "--token", token, "--device-name", "device-\(index)")
                if result.status == 0 { return }
                check(failure: result, allowed: [7], what: "login")
            }
            throw StintFailure(description: "device \(index) could not log in through the proxy in 30 attempts")
        }

        mutating func addStableTasks() async throws {
            for number in 1...3 {
                let title = "d\(index)-stable-\(number)"
                let added = try await device.at(clock.next()).json("task", "add", title)
                let id = try #require(added["id"].string).lowercased()
                stableTasks.append(id)
                titleOwners[title] = id
                registry.add(id, owner: index, stable: true)
                stack.append(.setup(id))
            }
        }

        // MARK: The random walk

        mutating func mutate(count: Int) async throws {
            var untilSync = Int.random(in: 4...12, using: &random)
            for _ in 0..<count {
                try await mutateOnce()
                mutations += 1
                untilSync -= 1
                if untilSync == 0 {
                    _ = try await sync()
                    untilSync = Int.random(in: 4...12, using: &random)
                }
            }
        }

        private mutating func pick() -> Kind {
            let total = Self.weights.map(\.1).reduce(0, +)
            var draw = Int.random(in: 0..<total, using: &random)
            for (kind, weight) in Self.weights {
                if draw < weight { return kind }
                draw -= weight
            }
            return .add
        }

        private mutating func element<T>(_ values: some Collection<T>) -> T? {
            guard !values.isEmpty else { return nil }
            let offset = Int.random(in: 0..<values.count, using: &random)
            return values[values.index(values.startIndex, offsetBy: offset)]
        }

        private mutating func nextName(_ kind: String) -> String {
            serial += 1
            return "d\(index)-\(kind)\(serial)"
        }

        private mutating func mutateOnce() async throws {
            var kind = pick()
            // A change with nothing to act on becomes an add.
            switch kind {
            case .done where registry.tasks(for: index, seen: seen, open: true).isEmpty: kind = .add
            case .delete where liveTasks.isEmpty: kind = .add
            case .timerStop where activeTimers.isEmpty: kind = .timerStart
            case .deleteEntry where liveEntries.isEmpty: kind = .log
            case .undo:
                if case .setup = stack.last ?? .setup("") { kind = .add }
            default: break
            }
            tallies[kind, default: Tally()].attempted += 1
            let at = device.at(clock.next())
            switch kind {
            case .add:
                let title = nextName("t")
                let priority = element(["none", "low", "medium", "high"]) ?? "none"
                let result = try await run(at, "task", "add", title, "--priority", priority, "--json")
                guard let id = succeeded(result, kind)?["id"].string?.lowercased() else { return }
                liveTasks.insert(id)
                registry.add(id, owner: index, stable: false)
                titleOwners[title] = id
                stack.append(.addTask(id))
            case .edit:
                guard let target = element(registry.tasks(for: index, seen: seen)) else { return }
                let title = nextName("e")
                var arguments = ["task", "edit", target, "--title", title]
                if Bool.random(using: &random) {
                    arguments += ["--tag", "tag\(Int.random(in: 1...4, using: &random))"]
                }
                let result = try await run(at, arguments)
                guard succeeded(result, kind, allowed: [2]) != nil else { return }
                titleOwners[title] = target
                stack.append(.editTask)
            case .done:
                guard let target = element(registry.tasks(for: index, seen: seen, open: true)) else { return }
                let result = try await run(at, "task", "done", target)
                guard succeeded(result, kind, allowed: [2, 4]) != nil else { return }
                registry.set(target, done: true)
                stack.append(.completeTask(target))
            case .note:
                guard let target = element(registry.tasks(for: index, seen: seen)) else { return }
                let result = try await run(at, "task", "note", target, nextName("n"))
                guard succeeded(result, kind, allowed: [2]) != nil else { return }
                stack.append(.note)
            case .delete:
                guard let target = element(liveTasks.sorted()) else { return }
                let result = try await run(at, "task", "delete", target, "--force")
                guard succeeded(result, kind) != nil else { return }
                liveTasks.remove(target)
                registry.set(target, deleted: true)
                stack.append(.deleteTask(target))
            case .timerStart:
                guard let task = element(stableTasks) else { return }
                let result = try await run(at, "timer", "start", task, "--json")
                // 5: this task's timer is already running.
                guard let answer = succeeded(result, kind, allowed: [5]),
                    let id = answer["timer"]["id"].string?.lowercased()
                else { return }
                let new = answer["resumed"].bool != true
                if new {
                    if activeTimers[id] != nil {
                        anomalies.append("device \(index): a new timer reuses \(id)\n\(result)")
                    }
                    activeTimers[id] = task
                } else if activeTimers[id] == nil {
                    anomalies.append("device \(index): resumed a timer it does not have: \(id)\n\(result)")
                }
                stack.append(.startTimer(id, new: new))
            case .timerStop:
                guard let timer = element(activeTimers.keys.sorted()) else { return }
                let result = try await run(at, "timer", "stop", timer, "--json")
                guard let answer = succeeded(result, kind) else { return }
                let entry = answer["entry"]["id"].string?.lowercased()
                if entry != timer {
                    anomalies.append("device \(index): timer \(timer) stopped as entry \(entry ?? "?")")
                }
                // A timer paused (by starting another) and resumed stops into one entry per stretch.
                let entries = answer["entries"].array.compactMap { $0["id"].string?.lowercased() }
                if entries.first != timer {
                    anomalies.append("device \(index): timer \(timer) stopped into \(entries)")
                }
                let task = activeTimers.removeValue(forKey: timer) ?? ""
                liveEntries.formUnion(entries)
                ledger.stopped += entries.count
                stack.append(.stopTimer(timer, task: task, entries: entries))
            case .log:
                guard let task = element(stableTasks) else { return }
                let minutes = Int.random(in: 5...90, using: &random)
                // Logs end at the device's clock and often overlap; what is tested here is sync, not that rule.
                let result = try await run(
                    at, "log", "\(minutes)m", task, "--note", nextName("l"), "--allow-overlap", "--json")
                guard let id = succeeded(result, kind)?["id"].string?.lowercased() else { return }
                liveEntries.insert(id)
                ledger.logged += 1
                stack.append(.log(id))
            case .deleteEntry:
                guard let entry = element(liveEntries.sorted()) else { return }
                let result = try await run(at, "entries", "delete", entry)
                guard succeeded(result, kind) != nil else { return }
                liveEntries.remove(entry)
                ledger.deleted += 1
                stack.append(.deleteEntry(entry))
            case .undo:
                let result = try await run(at, "undo", "--json")
                guard let answer = succeeded(result, kind), let change = stack.popLast() else { return }
                let summary = answer["undone"].string ?? ""
                if !summary.hasPrefix(change.summary) {
                    anomalies.append("device \(index): undo reverted '\(summary)', expected '\(change.summary) …'")
                }
                revert(change)
            }
        }

        private mutating func run(_ stint: Stint, _ arguments: String...) async throws -> StintRun {
            try await run(stint, arguments)
        }

        /// Runs `stint` and writes the command and its outcome in the journal.
        private mutating func run(_ stint: Stint, _ arguments: [String]) async throws -> StintRun {
            let result = try await stint.run(arguments)
            var line = "\(stint.now) \(arguments.joined(separator: " ")) -> \(result.status)"
            if result.status != 0 {
                line += " " + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            } else if arguments.contains("--json"), arguments[0] != "undo",
                let range = result.stdout.range(of: #""id" : "[0-9a-f-]+""#, options: .regularExpression)
            {
                line += " " + result.stdout[range].dropFirst(8).prefix(36)
            }
            if result.status == 0, ["undo", "sync"].contains(arguments[0]) {
                line += " " + result.stdout.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(120)
            }
            journal.append(line)
            return result
        }

        /// The journal lines that name `id`, each with the few commands after it.
        func journal(around id: String) -> [String] {
            let prefix = String(id.prefix(8))
            var shown: [String] = []
            var until = -1
            for (number, line) in journal.enumerated() {
                if line.lowercased().contains(prefix) { until = number + 6 }
                if number <= until { shown.append("  d\(index) #\(number) \(line)") }
            }
            return shown
        }

        /// What undoing `change` leaves.
        private mutating func revert(_ change: Change) {
            switch change {
            case .setup, .editTask, .note:
                break
            case .addTask(let id):
                liveTasks.remove(id)
                registry.set(id, deleted: true)
            case .completeTask(let id):
                registry.set(id, done: false)
            case .deleteTask(let id):
                liveTasks.insert(id)
                registry.set(id, deleted: false)
            case .startTimer(let id, let new):
                if new { activeTimers[id] = nil }
            case .stopTimer(let id, let task, let entries):
                liveEntries.subtract(entries)
                activeTimers[id] = task
                ledger.undoneStops += entries.count
            case .log(let id):
                liveEntries.remove(id)
                ledger.undoneLogs += 1
            case .deleteEntry(let id):
                liveEntries.insert(id)
                ledger.undoneDeletes += 1
            }
        }

        /// The parsed `--json` output (or an empty JSON) when `result` succeeded; nil when it was refused with one of
        /// `allowed` (counted) or failed otherwise (an anomaly).
        private mutating func succeeded(_ result: StintRun, _ kind: Kind, allowed: Set<Int32> = []) -> JSON? {
            guard result.status == 0 else {
                check(failure: result, allowed: allowed, what: kind.rawValue)
                return nil
            }
            tallies[kind, default: Tally()].ok += 1
            let parsed = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
            return JSON(parsed ?? [String: Any]())
        }

        /// Counts an expected refusal, or records an anomaly: an unexpected exit code, or an error that is not one
        /// clean line on stderr.
        private mutating func check(failure result: StintRun, allowed: Set<Int32>, what: String) {
            if isClean(failure: result, allowed: allowed, what: what) {
                refusals["\(what) \(result.status)", default: 0] += 1
            }
        }

        /// Whether a failure is an expected one, in one clean line; if not, it is recorded as an anomaly.
        private mutating func isClean(failure result: StintRun, allowed: Set<Int32>, what: String) -> Bool {
            let crashed = ["Fatal error", "Stack dump", "Backtrace", "Current stack trace"].contains {
                result.stderr.contains($0)
            }
            if !allowed.contains(result.status) || result.stderrLines.count != 1 || !result.stderr.hasPrefix("stint: ")
                || !result.stdout.isEmpty || crashed
            {
                anomalies.append("device \(index), \(what):\n\(result)")
                return false
            }
            return true
        }

        // MARK: Sync

        /// One `stint sync`: true when it succeeded. A failure must be exit 7 and one line.
        mutating func sync() async throws -> Bool {
            let publication = registry.publication
            let result = try await run(device.at(clock.current()), "sync")
            guard result.status == 0 else {
                syncsFailed += 1
                if isClean(failure: result, allowed: [7], what: "sync") {
                    syncFailures[Self.reason(result.stderr), default: 0] += 1
                }
                return false
            }
            syncsOK += 1
            for line in result.stdoutLines where line.hasPrefix("Rejected") {
                rejections[Self.reason(line), default: 0] += 1
            }
            // This device's tasks are on the server now, and it has pulled everyone's published before it began.
            registry.publish(owner: index)
            seen = publication
            return true
        }

        mutating func syncUntilSuccess(attempts: Int) async throws -> Bool {
            for _ in 0..<attempts {
                if try await sync() { return true }
            }
            return false
        }

        /// A failure's message without the addresses and numbers that vary, to count failures by kind.
        static func reason(_ stderr: String) -> String {
            var text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("stint: ") { text.removeFirst(7) }
            text = text.replacingOccurrences(
                of: #"http://127\.0\.0\.1:\d+"#, with: "SERVER", options: .regularExpression)
            text = text.replacingOccurrences(of: #"\d+"#, with: "N", options: .regularExpression)
            return String(text.prefix(120))
        }
    }
}
