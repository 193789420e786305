import Foundation
import TerminalUI

/// The errors the fakes throw, standing in for the App's not-found, ambiguity and storage errors.
/// Tests use them to check that the feature passes Services errors through unchanged.
public enum ReportsFakeError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// No project has the name the request gave.
    case projectNotFound(reference: String)
    /// The request's last day is before its first.
    case emptyRange(since: CalendarDay, until: CalendarDay)
    /// The whole store is out of reach (what `FailingReportsServices` throws by default).
    case unavailable

    public var description: String {
        switch self {
        case .projectNotFound(let reference): "no project matches '\(reference)'"
        case .emptyRange(let since, let until): "the range ends (\(until.iso)) before it starts (\(since.iso))"
        case .unavailable: "the time store is unavailable"
        }
    }

    public var errorDescription: String? { description }
}
