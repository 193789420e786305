import Foundation
import TerminalUI

/// Mistakes in what the user asked the feature to do, detected before any Services call.
///
/// Errors thrown by the Services are never wrapped in this type: they reach the App unchanged.
public enum ReportsFeatureError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// A range was given its last day but not its first: a report cannot guess where to begin.
    case untilWithoutSince(until: CalendarDay)

    public var description: String {
        switch self {
        case .untilWithoutSince:
            "--until needs --since: the first day of the report"
        }
    }

    public var errorDescription: String? { description }
}
