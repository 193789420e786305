import Entities
import Foundation
import LocalStorage

// Time per task for listings: a capability of its own beside the windowed sums of reports, because it never
// clips to a window and answers for thousands of tasks at once.

extension LocalTimeReportRepository {
    func loggedSeconds(onTasks ids: [UUID]) async throws -> [UUID: Int] {
        try await datastore.loggedSeconds(onTasks: ids)
    }
}

extension SQLiteTimeDatastore {
    func loggedSeconds(onTasks ids: [UUID]) async throws -> [UUID: Int] {
        guard !ids.isEmpty else { return [:] }
        let sums = try await storage { try await store.loggedSeconds(onTasks: ids.map(\.storageID)) }
        var result: [UUID: Int] = [:]
        result.reserveCapacity(sums.count)
        for (text, seconds) in sums { result[try UUID(storageID: text, field: "time entry task id")] = seconds }
        return result
    }
}
