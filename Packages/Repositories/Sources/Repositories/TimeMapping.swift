import Entities
import Foundation
import LocalStorage

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
            billable: record.billable, tags: try tags(record.tags),
            intervals: record.intervals.map { WorkInterval(start: $0.start, end: $0.end) },
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    static func record(_ timer: Entities.Timer, version: Int = 0) -> TimerRecord {
        TimerRecord(
            id: timer.id.storageID, ownerID: timer.ownerID.storageID, taskID: timer.target.taskID?.storageID,
            projectID: timer.target.projectID?.storageID, note: timer.note, billable: timer.billable,
            tags: timer.tags.map(\.name), state: timer.isRunning ? TimerRecord.runningState : TimerRecord.pausedState,
            intervals: timer.intervals.map { TimerIntervalRecord(start: $0.start, end: $0.end) },
            createdAt: timer.createdAt, updatedAt: timer.updatedAt, deletedAt: nil, version: version)
    }

    /// Stored tag names back as tags; a name the rules refuse means the file was edited by hand.
    static func tags(_ names: [String]) throws(RepositoryError) -> [Entities.Tag] {
        var tags: [Entities.Tag] = []
        for name in names {
            do { tags.append(try Entities.Tag(stored: name)) } catch {
                throw .corruptData(message: "stored tag '\(name)' is invalid")
            }
        }
        return tags
    }

    static func entry(_ record: TimeEntryRecord) throws(RepositoryError) -> TimeEntry {
        let tags = try tags(record.tags)
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

    /// - Parameter person: the local person, read by the caller when the query asks for `localPerson`.
    static func filter(_ query: TimeEntryQuery, person: UUID?) -> TimeEntryFilter {
        let author: UUID? =
            switch query.author {
            case .everyone: nil
            case .localPerson: person
            case .member(let id): id
            }
        return TimeEntryFilter(
            from: query.from, to: query.to, projectID: query.projectID?.storageID, taskID: query.taskID?.storageID,
            billable: query.billableOnly ? true : nil, loggedBy: author?.storageID, limit: query.limit,
            newestFirst: query.newestFirst)
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
