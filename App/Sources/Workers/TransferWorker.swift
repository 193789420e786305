import Entities
import Foundation
import Repositories

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an import did, so the user can see that a second import of the same file changed nothing.
public struct ImportResult: Sendable, Equatable {
    public let inserted: Int
    public let updated: Int
    public let unchanged: Int
    /// Timers and entries of the exporting device's person taken as the local person's (``TransferWorker``).
    public var claimed: Int = 0
    /// Timers of the local person paused so that one runs, as starting one pauses the other.
    public var paused: Int = 0
}

/// Export and import of everything Stint stores, as one JSON document.
///
/// The file format is defined here, not by the entities' own Codable shapes, so that renaming a
/// property in Entities can never silently change (or break reading of) files people keep.
public struct TransferWorker: Sendable {
    let transfer: any TransferRepository
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository
    /// The local person's timers and entries, which an import of time is matched against.
    let timers: any TimerRepository
    let entries: any TimeEntryRepository
    /// Makes the local person's id when an import of time is the first time this device records any.
    let ids: any IdentifierProvider
    /// Whether this device is logged in, and who its teammates are, to tell one's own time in a file from theirs.
    let sync: any SyncRepository
    let calendar: WorkCalendar

    /// The whole database as pretty-printed JSON.
    public func export() async throws(WorkerError) -> Data {
        try await working {
            let snapshot = try await transfer.snapshot()
            let file = ExportFile(
                format: ExportFile.formatName, version: ExportFile.currentVersion, exportedAt: calendar.now,
                projects: snapshot.projects.map(ExportFile.ProjectEntry.init),
                lists: snapshot.taskLists.map(ExportFile.ListEntry.init),
                tasks: snapshot.tasks.map(ExportFile.TaskEntry.init),
                timers: snapshot.timers.map(ExportFile.TimerEntry.init),
                timeEntries: snapshot.timeEntries.map(ExportFile.TimeEntryEntry.init), personId: snapshot.personID)
            return try ExportFile.encoder.encode(file)
        }
    }

    /// Reads an export and merges it by id; returns what changed.
    /// - Parameters:
    ///   - progress: told how many items are merged, with the total.
    ///   - checking: told how many records of the file are read, with the number it holds, while the file is
    ///     decoded (before anything is merged: on a large file that is most of the wait).
    /// - Parameter dryRun: everything is read, checked and merged in a transaction that is rolled back: the counts
    ///   are what the import would do, and nothing is written.
    public func importArchive(
        _ data: Data, dryRun: Bool = false, progress: @escaping @Sendable (Int, Int) -> Void,
        checking: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws(WorkerError) -> ImportResult {
        let file: ExportFile
        do {
            file = try Self.decode(data, checking: checking)
        } catch let error as DecodingError {
            let why = ForeignFileGuess.hint(for: data) ?? ExportFile.describe(error)
            throw WorkerError(.invalidInput, "the file is not a Stint export: \(why)", cause: error)
        } catch {
            let why = ForeignFileGuess.hint(for: data).map { ": \($0)" } ?? ""
            throw WorkerError(.invalidInput, "the file is not a Stint export\(why)", cause: error)
        }
        guard file.format == ExportFile.formatName else {
            throw WorkerError(.invalidInput, "the file is not a Stint export (format is '\(file.format)')")
        }
        guard file.version <= ExportFile.currentVersion else {
            throw WorkerError(
                .invalidInput, "the file was written by a newer Stint (format \(file.version)); upgrade to import it")
        }
        guard file.version >= 1 else {
            throw WorkerError(.invalidInput, "the file is not a Stint export (format version \(file.version))")
        }
        var snapshot = try working { try file.snapshot() }
        try Self.checkUniqueIDs(snapshot)
        try await checkReferences(snapshot)
        let (claimed, paused) = try await claimTime(in: &snapshot)
        let total =
            snapshot.projects.count + snapshot.taskLists.count + snapshot.tasks.count + snapshot.timers.count
            + snapshot.timeEntries.count
        let summary = try await working {
            dryRun
                ? try await transfer.rehearseMerge(snapshot)
                : try await transfer.merge(snapshot) { progress($0, total) }
        }
        return ImportResult(
            inserted: summary.inserted, updated: summary.updated, unchanged: summary.unchanged, claimed: claimed,
            paused: paused)
    }

    /// Makes the file's time the local person's where it is the same person's, and keeps one timer running.
    ///
    /// An export names the person of the device it came from. A device with no person yet adopts it (the merge);
    /// a device that has one, because it was used before the import, kept the file's timers and entries under the
    /// other id: `report` then left that time out, and the timers could not be seen or stopped. So the file's
    /// person is taken to be this one (a backup restored, two machines merged without a server), unless this
    /// device is logged in and the file's person may be a teammate (the cached team names them, or no team is
    /// cached yet): their time stays theirs. Other people's
    /// time in the file (synced from a team) always stays theirs. Then, as starting a timer pauses the other and
    /// as the server settles two running timers (ADR 0022), the one whose interval began last keeps running and
    /// the others pause at that instant.
    /// - Returns: how many timers and entries were claimed, and how many timers were paused.
    private func claimTime(in snapshot: inout Snapshot) async throws(WorkerError) -> (claimed: Int, paused: Int) {
        guard !snapshot.timers.isEmpty || !snapshot.timeEntries.isEmpty else { return (0, 0) }
        let (local, localTimers, account, team) = try await working {
            let local = try await transfer.localPersonID()
            let account = local == nil ? nil : try await sync.account()
            let team = account == nil ? [] : try await sync.cachedTeamMembers()
            return (local, local == nil ? [] : try await timers.timers(), account, team)
        }
        guard let local else { return (0, 0) }
        var claimed = 0
        // Logged in, the file's person is taken for a teammate unless the team is known and they are not in it.
        let filePerson = snapshot.personID
        let isTeammate = account != nil && (team.isEmpty || team.contains { $0.id == filePerson })
        if let theirs = snapshot.personID, theirs != local, !isTeammate {
            snapshot.timers = snapshot.timers.map { timer in
                guard timer.ownerID == theirs else { return timer }
                claimed += 1
                return Entities.Timer(
                    id: timer.id, ownerID: local, target: timer.target, note: timer.note, billable: timer.billable,
                    tags: timer.tags, intervals: timer.intervals, createdAt: timer.createdAt, updatedAt: timer.updatedAt
                )
            }
            snapshot.timeEntries = snapshot.timeEntries.map { entry in
                guard entry.loggedBy == theirs else { return entry }
                claimed += 1
                return TimeEntry(
                    id: entry.id, target: entry.target, start: entry.start, durationSeconds: entry.durationSeconds,
                    note: entry.note, billable: entry.billable, tags: entry.tags, loggedBy: local,
                    createdAt: entry.createdAt, updatedAt: entry.updatedAt)
            }
            snapshot.personID = local
        }
        // A timer this device changed after the file was written (paused, resumed) keeps its state: a second
        // import of the same file must not run again a timer paused since.
        let stored = Dictionary(localTimers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in snapshot.timers.indices {
            if let here = stored[snapshot.timers[index].id], here.updatedAt > snapshot.timers[index].updatedAt {
                snapshot.timers[index] = here
            }
        }
        // The local person's timers as they will be after the merge: the file's version of a timer wins.
        let incoming = Set(snapshot.timers.map(\.id))
        let mine = snapshot.timers.filter { $0.ownerID == local } + localTimers.filter { !incoming.contains($0.id) }
        let running = mine.filter(\.isRunning)
        let keeper = running.max { first, second in
            let (one, other) = (
                first.intervals.last?.start ?? .distantPast, second.intervals.last?.start ?? .distantPast
            )
            return one != other ? one < other : first.id.uuidString < second.id.uuidString
        }
        guard running.count > 1, snapshot.timers.contains(where: { $0.ownerID == local && $0.isRunning }),
            let keeper, let start = keeper.intervals.last?.start
        else { return (claimed, 0) }
        // Stamped with the keeper's start, not the clock: importing the same file again pauses it the same way and
        // changes nothing.
        let paused = TimerRules.pausing(mine, forStartAt: start, ownerID: local, except: keeper.id, now: start)
        for timer in paused {
            if let index = snapshot.timers.firstIndex(where: { $0.id == timer.id }) {
                snapshot.timers[index] = timer
            } else {
                snapshot.timers.append(timer)
            }
        }
        return (claimed, paused.count)
    }

    /// Decodes the file, reporting each record as it is read. Every record of the format carries exactly one
    /// `updated_at`, so the records are counted before decoding (a byte search, a small part of the decoding's
    /// cost) and counted again as their `updated_at` is decoded: a share of a known total from the first
    /// record on, with no second pass over the file and nothing changed in the format's types.
    static func decode(_ data: Data, checking: @escaping @Sendable (Int, Int) -> Void) throws -> ExportFile {
        let decoder = ExportFile.decoder
        let total = occurrences(of: #""updated_at""#, in: data)
        guard total > 0 else {
            return try ExportFileReader.read(data, recordRead: {}) ?? decoder.decode(ExportFile.self, from: data)
        }
        let read = RecordCounter()
        checking(0, total)
        if let file = ExportFileReader.read(data, recordRead: { checking(read.next(), total) }) { return file }
        // The fast reader gave up (an unusual or a broken file): the decoder reads it from the start, counting
        // again, and says what is wrong with it if anything is.
        read.reset()
        checking(0, total)
        return try RecordCounting.counting({ checking(read.next(), total) }) {
            try decoder.decode(ExportFile.self, from: data)
        }
    }

    /// How often `needle` occurs in `data`: `memchr` finds each candidate first byte, `memcmp` checks the rest
    /// (Foundation's `Data.range(of:in:)` copies the data on every call, which made this quadratic).
    static func occurrences(of needle: String, in data: Data) -> Int {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return 0 }
        return data.withUnsafeBytes { bytes -> Int in
            guard let base = bytes.baseAddress, bytes.count >= pattern.count else { return 0 }
            var count = 0
            var offset = 0
            let last = bytes.count - pattern.count
            while offset <= last, let found = memchr(base + offset, Int32(first), last - offset + 1) {
                let at = base.distance(to: UnsafeRawPointer(found))
                if memcmp(found, pattern, pattern.count) == 0 {
                    count += 1
                    offset = at + pattern.count
                } else {
                    offset = at + 1
                }
            }
            return count
        }
    }

    /// An id twice in one file would make the import depend on the order of the records.
    private static func checkUniqueIDs(_ snapshot: Snapshot) throws(WorkerError) {
        func check(_ ids: [UUID], _ what: String) throws(WorkerError) {
            var seen: Set<UUID> = []
            for id in ids where !seen.insert(id).inserted {
                throw WorkerError(
                    .invalidInput, "the file holds \(what) \(id.uuidString.lowercased().prefix(8)) twice")
            }
        }
        try check(snapshot.projects.map(\.id), "project")
        try check(snapshot.taskLists.map(\.id), "list")
        try check(snapshot.tasks.map(\.id), "task")
        try check(snapshot.timers.map(\.id), "timer")
        try check(snapshot.timeEntries.map(\.id), "entry")
    }

    /// Every list and task must point at something in the file or already stored, so the import
    /// fails with a clear message instead of a storage constraint error.
    private func checkReferences(_ snapshot: Snapshot) async throws(WorkerError) {
        let known = try await working {
            var projectIDs = Set(snapshot.projects.map(\.id))
            projectIDs.formUnion(try await projects.projects(includeArchived: true).map(\.id))
            // Each list's project, the file's version of a list winning over the stored one.
            var listProjects: [UUID: UUID] = [:]
            for list in try await lists.taskLists(projectID: nil) { listProjects[list.id] = list.projectID }
            for list in snapshot.taskLists { listProjects[list.id] = list.projectID }
            return (projectIDs, listProjects)
        }
        for list in snapshot.taskLists where !known.0.contains(list.projectID) {
            throw WorkerError(.invalidInput, "list \"\(list.name)\" refers to a project that is not in the file")
        }
        for task in snapshot.tasks {
            if let projectID = task.projectID, !known.0.contains(projectID) {
                throw WorkerError(.invalidInput, "task \"\(task.title)\" refers to a project that is not in the file")
            }
            if let listID = task.listID {
                guard let listProject = known.1[listID] else {
                    throw WorkerError(.invalidInput, "task \"\(task.title)\" refers to a list that is not in the file")
                }
                // The CLI never files a task under another project's list; such a task showed under one project
                // in lists and under the other in `project show`, and the server refuses it.
                if listProject != task.projectID {
                    throw WorkerError(
                        .invalidInput, "task \"\(task.title)\" is in a list of another project than its own")
                }
            }
        }
        // Parents and prerequisites are not checked here: ADR 0030 keeps them as plain ids that reads tolerate
        // (a link to a task not in the file reads as none, a loop that came by sync ends every walk), so that a
        // home's own export, which may hold either, always imports again.
        // Time points at tasks or projects; look up only the few ids the file does not itself carry.
        let fileTasks = Set(snapshot.tasks.map(\.id))
        let targets = snapshot.timers.map(\.target) + snapshot.timeEntries.map(\.target)
        var checked: Set<TimeTarget> = []
        for target in targets where !checked.contains(target) {
            checked.insert(target)
            switch target {
            case .project(let id) where !known.0.contains(id):
                throw WorkerError(.invalidInput, "time in the file refers to a project that is not in the file")
            case .task(let id) where !fileTasks.contains(id):
                // A storage failure must surface as one, not as "the task is not in the file".
                let stored = try await working { try await tasks.byID([id])[id] }
                if stored == nil {
                    throw WorkerError(.invalidInput, "time in the file refers to a task that is not in the file")
                }
            default:
                break
            }
        }
    }
}

/// Counts records as the decoder reads them; the decoder calls back on whatever thread it runs.
private final class RecordCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func reset() {
        lock.withLock { count = 0 }
    }

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
