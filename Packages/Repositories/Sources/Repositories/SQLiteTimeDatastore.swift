import Entities
import Foundation
import LocalStorage

/// ``TimeDatastore`` on the local SQLite file. Sums are computed in SQL over indexed columns.
struct SQLiteTimeDatastore: TimeDatastore {
    let store: LocalStore
    /// The settings key of the local person's id.
    static let personKey = "person_id"

    func localPersonID() async throws -> UUID? {
        try await storage { try await store.setting(Self.personKey) }.map { text throws(RepositoryError) in
            try UUID(storageID: text, field: "person id")
        }
    }

    func localTimers() async throws -> [Entities.Timer] {
        let records = try await storage {
            try await store.reading { reader in
                guard let person = try reader.setting(Self.personKey) else { return [TimerRecord]() }
                return try reader.timers(ownerID: person)
            }
        }
        return try records.map(TimeMapping.timer)
    }

    func timerReference(number: Int?, idPrefix: String?) async throws -> TimerReferenceData {
        let (timers, numbered, prefixed) = try await storage {
            try await store.reading { reader in
                let timers = try reader.setting(Self.personKey).map { try reader.timers(ownerID: $0) } ?? []
                return (
                    timers, try number.flatMap { try reader.task(number: $0) },
                    try idPrefix.map { try reader.tasks(idPrefix: $0) } ?? []
                )
            }
        }
        return TimerReferenceData(
            timers: try timers.map(TimeMapping.timer), taskWithNumber: try numbered.map(RecordMapping.task),
            tasksWithPrefix: try prefixed.map(RecordMapping.task))
    }

    func changeTimers<Result: Sendable>(
        personCandidate: UUID, at date: Date, _ plan: @escaping @Sendable (TimerContext) throws -> (TimerPlan, Result)
    ) async throws -> Result {
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                let owner = try Self.person(writer, creatingWith: personCandidate)
                let current = try writer.timers(ownerID: owner.storageID)
                let context = TimerContext(
                    ownerID: owner, timers: try current.map(TimeMapping.timer), lookup: Self.lookup(writer))
                let (decided, result) = try plan(context)
                for timer in decided.inserted { try Self.ensureExists(timer.target, context.lookup) }
                for entry in decided.entries { try Self.ensureExists(entry.target, context.lookup) }
                try writer.setSummary(decided.summary)
                let versions = Dictionary(current.map { ($0.id, $0.version) }, uniquingKeysWith: { first, _ in first })
                for timer in decided.deleted {
                    try writer.deleteTimer(id: timer.id.storageID, at: date)
                }
                for timer in decided.updated {
                    try writer.update(TimeMapping.record(timer, version: versions[timer.id.storageID] ?? 0))
                }
                for timer in decided.inserted {
                    try writer.insert(TimeMapping.record(timer))
                }
                for entry in decided.entries {
                    // A stop's entry has its timer's id; after an undo its tombstone comes back.
                    try writer.insertOrRevive(TimeMapping.record(entry))
                }
                if let taskID = decided.startsWorkOn?.taskID, let record = try writer.task(id: taskID.storageID) {
                    var task = try RecordMapping.task(record)
                    if task.status == .open {
                        try task.start(now: date)
                        _ = try writer.update(RecordMapping.record(task, version: record.version))
                    }
                }
                return result
            }
        }
    }

    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry] {
        let filter = TimeMapping.filter(query, person: try await person(for: [query]))
        return try await storage { try await store.timeEntries(filter) }.map(TimeMapping.entry)
    }

    func entry(id: UUID) async throws -> TimeEntry? {
        try await storage { try await store.timeEntry(id: id.storageID) }.map(TimeMapping.entry)
    }

    func entries(idPrefix prefix: String) async throws -> [TimeEntry] {
        try await storage { try await store.timeEntries(idPrefix: prefix) }.map(TimeMapping.entry)
    }

    func insertEntry(
        personCandidate: UUID, at date: Date,
        _ make: @escaping @Sendable (UUID, TargetLookup) throws -> (TimeEntry, String),
        overlaps: @escaping @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) async throws -> TimeEntry {
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                let person = try Self.person(writer, creatingWith: personCandidate)
                let lookup = Self.lookup(writer)
                let (entry, summary) = try make(person, lookup)
                try Self.ensureExists(entry.target, lookup)
                try Self.makeRoom(for: entry, writer, at: date, overlaps)
                try writer.setSummary(summary)
                try writer.insert(TimeMapping.record(entry))
                return entry
            }
        }
    }

    func updateEntry(
        id: UUID, summary: String, at date: Date, _ change: @escaping @Sendable (inout TimeEntry) throws -> Void,
        overlaps: @escaping @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) async throws -> TimeEntry {
        try await readChangeWrite(
            in: store, id: id, kind: .timeEntry, at: date, summary: { _, _ in summary }, change: change,
            read: { try $0.timeEntry(id: $1) }, map: TimeMapping.entry,
            write: { writer, before, entry, record in
                try Self.ensureOwn(before, writer)
                if entry.target != before.target { try Self.ensureExists(entry.target, Self.lookup(writer)) }
                if entry.start != before.start || entry.end != before.end {
                    try Self.makeRoom(for: entry, writer, at: date, overlaps)
                }
                try writer.update(TimeMapping.record(entry, version: record.version))
            })
    }

    /// Refuses a change to an entry another person logged (a teammate's, synced here), inside the writing
    /// transaction. A device with no person yet has only its own entries, or none.
    private static func ensureOwn(_ entry: TimeEntry, _ writer: StoreWriter) throws {
        guard let person = try writer.setting(personKey), entry.loggedBy.storageID != person else { return }
        throw RepositoryError.conflict(.loggedByAnotherPerson(id: entry.id))
    }

    /// Reads the owner's live entries sharing time with `entry` (the start index bounds the scan) and
    /// stores what `overlaps` decides for them, in the caller's transaction.
    private static func makeRoom(
        for entry: TimeEntry, _ writer: StoreWriter, at date: Date,
        _ overlaps: (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) throws {
        try checkTimers(for: entry, writer, at: date, overlaps)
        let records = try writer.timeEntries(
            TimeEntryFilter(from: entry.start, to: entry.end, loggedBy: entry.loggedBy.storageID))
        let versions = Dictionary(records.map { ($0.id, $0.version) }, uniquingKeysWith: { first, _ in first })
        let others = try records.filter { $0.id != entry.id.storageID }.map(TimeMapping.entry)
        for change in try overlaps(entry, others) {
            switch change {
            case .trimmed(let trimmed):
                try writer.update(TimeMapping.record(trimmed, version: versions[trimmed.id.storageID] ?? 0))
            case .removed(let removed):
                try writer.deleteTimeEntry(id: removed.id.storageID, at: date)
            case .split(let before, let after):
                try writer.update(TimeMapping.record(before, version: versions[before.id.storageID] ?? 0))
                try writer.insert(TimeMapping.record(after))
            }
        }
    }

    /// Time the owner's timers counted is time too: an entry over a running timer's open interval (or a paused
    /// one's intervals) counted it twice once the timer stopped. The same policy decides, asked about each interval
    /// as if it were an entry; as a timer cannot be trimmed, `adjust` refuses as `refuse` does.
    private static func checkTimers(
        for entry: TimeEntry, _ writer: StoreWriter, at date: Date,
        _ overlaps: (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    ) throws {
        for record in try writer.timers(ownerID: entry.loggedBy.storageID) {
            let timer = try TimeMapping.timer(record)
            for interval in timer.intervals {
                let end = interval.end ?? max(date, interval.start)
                guard interval.start < entry.end, end > entry.start, end > interval.start else { continue }
                let counted = TimeEntry(
                    id: timer.id, target: timer.target, start: interval.start,
                    durationSeconds: max(1, Int(end.timeIntervalSince(interval.start).rounded(.up))), note: "",
                    billable: false, tags: [], loggedBy: entry.loggedBy, createdAt: date, updatedAt: date)
                let refusal = ValidationError(
                    field: "start", reason: .overlapsTimer(id: timer.id, start: interval.start))
                do {
                    if try !overlaps(entry, [counted]).isEmpty { throw refusal }
                } catch let error as ValidationError {
                    guard case .overlapsEntry = error.reason else { throw error }
                    throw refusal
                }
            }
        }
    }

    func deleteEntry(id: UUID, at date: Date, summary: @escaping @Sendable (TimeEntry) -> String) async throws
        -> TimeEntry
    {
        try await storage {
            try await store.write(summary: "", at: date) { writer in
                guard let record = try writer.timeEntry(id: id.storageID) else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .timeEntry, id: id))
                }
                let entry = try TimeMapping.entry(record)
                try Self.ensureOwn(entry, writer)
                try writer.setSummary(summary(entry))
                try writer.deleteTimeEntry(id: id.storageID, at: date)
                return entry
            }
        }
    }

    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]] {
        let person = try await person(for: requests.map(\.query))
        let storageRequests = requests.map {
            (filter: TimeMapping.filter($0.query, person: person), grouping: TimeMapping.grouping($0.breakdown))
        }
        let results = try await storage { try await store.timeTotals(storageRequests) }
        return try zip(requests, results).map { request, totals in
            try totals.map { try TimeMapping.sum($0, breakdown: request.breakdown) }
        }
    }

    /// The local person when one of `queries` asks for their time (one read), else nil without reading.
    private func person(for queries: [TimeEntryQuery]) async throws -> UUID? {
        guard queries.contains(where: { $0.author == .localPerson }) else { return nil }
        return try await localPersonID()
    }

    /// The local person, created from `candidate` by this transaction when there is none: the write
    /// lock is held, so two first runs agree on one id, and a read never has to create it.
    private static func person(_ writer: StoreWriter, creatingWith candidate: UUID) throws -> UUID {
        if let existing = try writer.setting(personKey) {
            return try UUID(storageID: existing, field: "person id")
        }
        try writer.setSetting(personKey, to: candidate.storageID)
        return candidate
    }

    /// Task and project reads for one transaction, each row read at most once: a plan names its target
    /// and the datastore then checks it, without a second query.
    private static func lookup(_ writer: StoreWriter) -> TargetLookup {
        let seen = SeenTargets()
        return TargetLookup(
            task: { id in
                if let known = seen.tasks[id] { return known }
                let task = try writer.task(id: id.storageID).map(RecordMapping.task)
                seen.tasks[id] = .some(task)
                return task
            },
            project: { id in
                if let known = seen.projects[id] { return known }
                let project = try writer.project(id: id.storageID).map(RecordMapping.project)
                seen.projects[id] = .some(project)
                return project
            })
    }

    /// What one transaction's lookups have read (a nil value: read, and not there).
    private final class SeenTargets {
        var tasks: [UUID: Task?] = [:]
        var projects: [UUID: Project?] = [:]
    }

    /// Time is only ever recorded on a live task or project.
    private static func ensureExists(_ target: TimeTarget, _ lookup: TargetLookup) throws {
        guard try !lookup.exists(target) else { return }
        switch target {
        case .task(let id): throw RepositoryError.conflict(.noLongerExists(kind: .task, id: id))
        case .project(let id): throw RepositoryError.conflict(.noLongerExists(kind: .project, id: id))
        }
    }
}
