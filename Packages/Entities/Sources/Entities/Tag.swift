/// A label on a task, kept in one canonical spelling so `+Work`, `#work` and `work` are the same tag.
///
/// Normalisation: surrounding whitespace trimmed, one leading `+` or `#` dropped, lowercased.
/// A tag is 1…40 characters without whitespace, commas or control characters (commas separate tags
/// on the command line). Encoded as the plain string; decoding applies the same rules.
public struct Tag: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The most characters a tag may have.
    static let limit = 40

    /// The canonical spelling.
    public let name: String

    /// Normalises and validates a typed tag.
    ///
    /// - Throws: `ValidationError` (field `tag`) with `.empty`, `.tooLong(limit: 40)` or `.invalidFormat`
    ///   (whitespace, comma or control character inside).
    public init(_ raw: String) throws(ValidationError) {
        var text = TextRules.trimmed(raw)
        if let first = text.first, first == "+" || first == "#" {
            text = text.dropFirst()
        }
        if text.isEmpty {
            throw ValidationError(field: "tag", reason: .empty, message: "tag is empty: type a word such as +work")
        }
        if let count = TextRules.overflowCount(text, limit: Self.limit) {
            throw TextRules.tooLong(field: "tag", count: count, limit: Self.limit)
        }
        let bad = text.unicodeScalars.contains {
            $0.properties.isWhitespace || $0 == "," || $0.properties.generalCategory == .control
        }
        if bad {
            let typed = TextRules.excerpt(text)
            throw ValidationError(
                field: "tag", reason: .invalidFormat(typed),
                message: "tag '\(typed)' contains a space, comma or control character: use one word such as +work")
        }
        name = text.lowercased()
    }

    public var description: String { name }

    public static func < (lhs: Tag, rhs: Tag) -> Bool {
        lhs.name < rhs.name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(try container.decode(String.self))
        } catch let error as ValidationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
