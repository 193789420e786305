import Entities
import Foundation

/// How a user's typed reference is read before anything is looked up.
enum Reference {
    /// Id prefixes shorter than this match too much to be useful and look like typos.
    static let minimumPrefix = 4

    /// A lowercase hex/dash prefix of a UUID, or nil when `text` cannot be one.
    static func idPrefix(_ text: String) -> String? {
        let lowered = text.trimmingWhitespace().lowercased()
        guard lowered.count >= minimumPrefix, lowered.count <= 36,
            lowered.allSatisfy({ $0.isHexDigit || $0 == "-" })
        else { return nil }
        return lowered
    }

    /// A per-device task number ("12" or "#12"), or nil.
    static func number(_ text: String) -> Int? {
        var trimmed = Substring(text.trimmingWhitespace())
        if trimmed.first == "#" { trimmed = trimmed.dropFirst() }
        guard !trimmed.isEmpty, trimmed.count <= 12, trimmed.allSatisfy(\.isASCII), let value = Int(trimmed),
            value > 0
        else { return nil }
        return value
    }

    /// The short form of an id that is shown to people and accepted back.
    static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }
}
