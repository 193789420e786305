/// How urgent a task is; higher sorts first in the default order.
///
/// Raw values are stable (stored and synced as integers), so new levels must not renumber these.
public enum Priority: Int, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case none = 0
    case low = 1
    case medium = 2
    case high = 3

    /// The word users type and see: "none", "low", "medium", "high".
    public var name: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    public var description: String { name }

    public static func < (lhs: Priority, rhs: Priority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Reads a priority as typed: a name, its first letter (`h`, `m`, `l`, `n`) or a digit `0`…`3`,
    /// case-insensitive and trimmed; `med` is read as medium.
    ///
    /// - Throws: `ValidationError` (field `priority`) with `.empty(.priority)` for blank input and
    ///   `.invalidFormat(expected: .priority)` otherwise.
    public static func parse(_ text: String) throws(ValidationError) -> Priority {
        guard let input = TextRules.keyword(text) else {
            throw unreadable(TextRules.excerpt(TextRules.trimmed(text)))
        }
        switch input {
        case "": throw ValidationError(field: "priority", reason: .empty(.priority))
        case "none", "n", "0": return .none
        case "low", "l", "1": return .low
        case "medium", "med", "m", "2": return .medium
        case "high", "h", "3": return .high
        default: throw unreadable(TextRules.excerpt(input))
        }
    }

    private static func unreadable(_ excerpt: String) -> ValidationError {
        ValidationError(field: "priority", reason: .invalidFormat(excerpt: excerpt, expected: .priority))
    }
}
