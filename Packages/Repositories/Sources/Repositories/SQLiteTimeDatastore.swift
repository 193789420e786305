import Entities
import Foundation
import LocalStorage

/// ``TimeDatastore`` on the local SQLite file. Sums are computed in SQL over indexed columns.
struct SQLiteTimeDatastore: TimeDatastore {
    private let store: LocalStore
    /// The settings key of the local person's id.
    static let personKey = "person_id"

    init(store: LocalStore) { self.store = store }

    func localPersonID(creatingWith candidate: UUID) async throws -> UUID {
        if let existing = try await storage({ try await store.setting(Self.personKey) }) {
            return try UUID(storageID: existing, field: "person id")
        }
        let text = try await storage {
            // Read and create in one write transaction so two first runs agree on one id.
            try await store.write(summary: "person", at: Date(timeIntervalSince1970: 0)) { writer in
                if let existing = try writer.setting(Self.personKey) { return existing }
                try writer.setSetting(Self.personKey, to: candidate.storageID)
                return candidate.storageID
            }
        }
        return try UUID(storageID: text, field: "person id")
    }

    func timers(ownerID: UUID?) async throws -> [Entities.Timer] {
        let records = try await storage { try await store.timers() }
        let owner = ownerID?.storageID
        return try records.filter { owner == nil || $0.ownerID == owner }.map(TimeMapping.timer)
    }

    func timers(idPrefix prefix: String) async throws -> [Entities.Timer] {
        try await storage { try await store.timers(idPrefix: prefix) }.map(TimeMapping.timer)
    }

    func changeTimers(
        ownerID: UUID, summary: String, at date: Date, _ plan: @Sendable ([Entities.Timer]) throws -> TimerPlan
    ) async throws -> TimerPlan {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                let current = try writer.timers(ownerID: ownerID.storageID)
                let decided = try plan(try current.map(TimeMapping.timer))
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
                    try writer.insert(TimeMapping.record(entry))
                }
                return decided
            }
        }
    }

    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry] {
        let filter = TimeMapping.filter(query)
        return try await storage { try await store.timeEntries(filter) }.map(TimeMapping.entry)
    }

    func entry(id: UUID) async throws -> TimeEntry? {
        try await storage { try await store.timeEntry(id: id.storageID) }.map(TimeMapping.entry)
    }

    func entries(idPrefix prefix: String) async throws -> [TimeEntry] {
        try await storage { try await store.timeEntries(idPrefix: prefix) }.map(TimeMapping.entry)
    }

    func insert(_ entry: TimeEntry, summary: String, at date: Date) async throws {
        let record = TimeMapping.record(entry)
        try await storage { try await store.write(summary: summary, at: date) { try $0.insert(record) } }
    }

    func updateEntry(
        id: UUID, summary: String, at date: Date, _ change: @Sendable (inout TimeEntry) throws -> Void
    ) async throws -> TimeEntry {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                guard let record = try writer.timeEntry(id: id.storageID) else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .timeEntry, id: id))
                }
                var entry = try TimeMapping.entry(record)
                try change(&entry)
                try writer.update(TimeMapping.record(entry, version: record.version))
                return entry
            }
        }
    }

    func deleteEntry(id: UUID, summary: String, at date: Date) async throws {
        try await storage {
            try await store.write(summary: summary, at: date) { writer in
                guard try writer.timeEntry(id: id.storageID) != nil else {
                    throw RepositoryError.conflict(.noLongerExists(kind: .timeEntry, id: id))
                }
                try writer.deleteTimeEntry(id: id.storageID, at: date)
            }
        }
    }

    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]] {
        let storageRequests = requests.map {
            (filter: TimeMapping.filter($0.query), grouping: TimeMapping.grouping($0.breakdown))
        }
        let results = try await storage { try await store.timeTotals(storageRequests) }
        return try zip(requests, results).map { request, totals in
            try totals.map { try TimeMapping.sum($0, breakdown: request.breakdown) }
        }
    }
}

/// Record <-> entity mapping for timers and entries (see ``RecordMapping`` for the others).
enum TimeMapping {
    static func target(taskID: String?, projectID: String?, what: String) throws(RepositoryError) -> TimeTarget {
        if let taskID { return .task(try UUID(storageID: taskID, field: "\(what) task id")) }
        if let projectID { return .project(try UUID(storageID: projectID, field: "\(what) project id")) }
        throw .corruptData(message: "a stored \(what) has neither a task nor a project")
    }

    static func timer(_ record: TimerRecord) throws(RepositoryError) -> Entities.Timer {
        Entities.Timer(
            id: try UUID(storageID: record.id, field: "timer id"),
            ownerID: try UUID(storageID: record.ownerID, field: "timer owner id"),
            target: try target(taskID: record.taskID, projectID: record.projectID, what: "timer"), note: record.note,
            billable: record.billable, intervals: record.intervals.map { WorkInterval(start: $0.start, end: $0.end) },
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    static func record(_ timer: Entities.Timer, version: Int = 0) -> TimerRecord {
        TimerRecord(
            id: timer.id.storageID, ownerID: timer.ownerID.storageID, taskID: timer.target.taskID?.storageID,
            projectID: timer.target.projectID?.storageID, note: timer.note, billable: timer.billable,
            state: timer.isRunning ? TimerRecord.runningState : TimerRecord.pausedState,
            intervals: timer.intervals.map { TimerIntervalRecord(start: $0.start, end: $0.end) },
            createdAt: timer.createdAt, updatedAt: timer.updatedAt, deletedAt: nil, version: version)
    }

    static func entry(_ record: TimeEntryRecord) throws(RepositoryError) -> TimeEntry {
        var tags: [Entities.Tag] = []
        for name in record.tags {
            do { tags.append(try Entities.Tag(name)) } catch {
                throw .corruptData(message: "stored tag '\(name)' is invalid")
            }
        }
        return TimeEntry(
            id: try UUID(storageID: record.id, field: "entry id"),
            target: try target(taskID: record.taskID, projectID: record.projectID, what: "entry"),
            start: record.start, durationSeconds: record.durationSeconds, note: record.note,
            billable: record.billable, tags: tags,
            loggedBy: try UUID(storageID: record.loggedBy, field: "entry author"),
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    static func record(_ entry: TimeEntry, version: Int = 0) -> TimeEntryRecord {
        TimeEntryRecord(
            id: entry.id.storageID, taskID: entry.target.taskID?.storageID,
            projectID: entry.target.projectID?.storageID, start: entry.start, durationSeconds: entry.durationSeconds,
            note: entry.note, billable: entry.billable, tags: entry.tags.map(\.name),
            loggedBy: entry.loggedBy.storageID,
            createdAt: entry.createdAt, updatedAt: entry.updatedAt, deletedAt: nil, version: version)
    }

    static func filter(_ query: TimeEntryQuery) -> TimeEntryFilter {
        TimeEntryFilter(
            from: query.from, to: query.to, projectID: query.projectID?.storageID, taskID: query.taskID?.storageID,
            billable: query.billableOnly ? true : nil, limit: query.limit, newestFirst: query.newestFirst)
    }

    static func grouping(_ breakdown: TimeBreakdown) -> TimeGrouping {
        switch breakdown {
        case .total: .none
        case .byProject: .project
        case .byTask: .task
        case .byTag: .tag
        case .byPeriod(let boundaries): .periods(boundaries)
        }
    }

    static func sum(_ total: TimeTotal, breakdown: TimeBreakdown) throws(RepositoryError) -> TimeSum {
        func id(_ text: String?) throws(RepositoryError) -> UUID? {
            guard let text else { return nil }
            return try UUID(storageID: text, field: "summed id")
        }
        let key: TimeSum.Key
        switch breakdown {
        case .total: key = .total
        case .byProject: key = .project(try id(total.key))
        case .byTask: key = .task(try id(total.key), project: try id(total.projectID))
        case .byTag: key = .tag(total.key)
        case .byPeriod: key = .period(Int(total.key ?? "") ?? 0)
        }
        return TimeSum(
            key: key, seconds: total.seconds, billableSeconds: total.billableSeconds, entries: total.entries)
    }
}
