import Foundation
import TerminalUI

/// Mistakes in what the user asked the feature to do, detected before any Services call.
///
/// Errors thrown by the Services are never wrapped in this type: they reach the App unchanged.
public enum ReportsFeatureError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// A custom period whose first day is after its last day.
    case emptyRange(since: CalendarDay, until: CalendarDay)

    public var description: String {
        switch self {
        case .emptyRange(let since, let until):
            "the report would start on \(since.iso) but end on \(until.iso): --since must be on or before --until"
        }
    }

    public var errorDescription: String? { description }
}
