import Foundation
import TimersFeature

/// Services whose every call throws the same error, for checking that the feature reports failures unchanged
/// and writes nothing when its Services fail.
public struct FailingTimersServices: TimersServices {
    public let error: any Error

    public init(error: any Error = TimersFakeError.unavailable) {
        self.error = error
    }

    public func startTimer(_ request: TimerStartRequest) async throws -> TimerStartResult { throw error }

    public func pauseTimer(reference: String?, at: Date?) async throws -> TimersFeature.Timer { throw error }

    public func resumeTimer(reference: String?, at: Date?) async throws -> TimerStartResult { throw error }

    public func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) async throws -> TimerStopResult {
        throw error
    }

    public func discardTimer(reference: String?) async throws -> TimersFeature.Timer { throw error }

    public func timers() async throws -> [TimersFeature.Timer] { throw error }

    public func logTime(_ request: LogRequest) async throws -> TimeEntry { throw error }

    public func entries(matching query: EntryQuery) async throws -> [TimeEntry] { throw error }

    public func entry(reference: String) async throws -> TimeEntry { throw error }

    public func editEntry(reference: String, changes: EntryChanges) async throws -> TimeEntry { throw error }

    public func deleteEntry(reference: String) async throws -> TimeEntry { throw error }
    public func timeSpent() async throws -> TimeSpent { throw error }
}
