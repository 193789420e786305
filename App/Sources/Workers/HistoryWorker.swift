import Foundation
import Repositories

/// Reverting the last change.
public struct HistoryWorker: Sendable {
    let history: any HistoryRepository

    /// Reverts the newest change and returns its description ("added task "Write report"").
    public func undo() async throws(WorkerError) -> String {
        try await working { try await history.undo() }
    }
}
