/// A label on a task or entry, kept in one canonical spelling so `+Work`, `#work` and `work` are the same tag.
///
/// Normalisation: surrounding whitespace trimmed, one leading `+` or `#` dropped, lowercased.
/// A tag is 1…40 characters without whitespace, commas, control characters (commas separate tags
/// in typed lists) or bidirectional controls (which make a list of tags read differently from what it
/// holds), with at least one visible character. Normalising is idempotent: `Tag(tag.name)`
/// is always `tag`. That is why the rules are applied to the final form and why a name may not itself
/// begin with `+` or `#` (`++a` would be stored as `+a` and then read back as `a`, and `+#` as `#`, which
/// reads back as nothing). Encoded as the plain string; decoding applies the same rules.
public struct Tag: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The most characters a tag may have.
    static let limit = 40
    /// The most tags one task or time entry may carry.
    public static let limitPerItem = 50

    /// The canonical spelling.
    public let name: String

    /// Normalises and validates a typed tag.
    ///
    /// - Throws: `ValidationError` (field `tag`) with `.empty(.tag)` (nothing visible), `.tooLong(count:limit:)`
    ///   over 40 characters, `.invalidTagCharacter` (whitespace, comma, control character or bidirectional
    ///   control inside), or `.invalidFormat(expected: .tag)` when the name would begin with a second `+` or `#`.
    public init(_ raw: String) throws(ValidationError) {
        // Nearly every tag, and every stored one, is already canonical ASCII: taken as it is, without the
        // Unicode property look-ups below, which were a twelfth of listing 7,500 tasks (ADR 0028).
        if Self.isCanonicalASCII(raw) {
            self.init(canonical: raw)
            return
        }
        try self.init(checking: raw)
    }

    private init(canonical name: String) {
        self.name = name
    }

    /// A tag name read back from storage. The same rules as ``init(_:)`` except that bidirectional controls are let
    /// through: they were accepted before they were refused, and a tag already stored must still read back (a front
    /// end shows them escaped) rather than make the whole item unreadable.
    public init(stored name: String) throws(ValidationError) {
        if Self.isCanonicalASCII(name) {
            self.init(canonical: name)
            return
        }
        try self.init(checking: name, allowingBidiControls: true)
    }

    /// The full rules, for any text.
    init(checking raw: String, allowingBidiControls: Bool = false) throws(ValidationError) {
        let trimmed = TextRules.trimmed(raw)
        var text = trimmed
        if let first = text.first, first == "+" || first == "#" {
            text = text.dropFirst()
        }
        if text.isEmpty || TextRules.isBlank(text) {
            throw ValidationError(field: "tag", reason: .empty(.tag))
        }
        // Checked before lowercasing so a huge argument is refused without being copied.
        if let count = TextRules.overflowCount(text, limit: Self.limit) {
            throw TextRules.tooLong(field: "tag", count: count, limit: Self.limit)
        }
        let name = text.lowercased()
        if let count = TextRules.overflowCount(Substring(name), limit: Self.limit) {
            throw TextRules.tooLong(field: "tag", count: count, limit: Self.limit)
        }
        let bad = name.unicodeScalars.contains {
            $0.properties.isWhitespace || $0 == "," || $0.properties.generalCategory == .control
                || (!allowingBidiControls && Self.isBidiControl($0))
        }
        if bad {
            throw ValidationError(field: "tag", reason: .invalidTagCharacter(excerpt: TextRules.excerpt(text)))
        }
        if let first = name.first, first == "+" || first == "#" {
            throw ValidationError(
                field: "tag", reason: .invalidFormat(excerpt: TextRules.excerpt(trimmed), expected: .tag))
        }
        self.name = name
    }

    /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the left-to-right, right-to-left
    /// and Arabic letter marks (U+200E, U+200F, U+061C). Zero-width joiners are not among them: emoji need them.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// 1…40 visible ASCII characters, no capital, no comma, not starting with `+` or `#`: exactly the names the
    /// full rules leave unchanged among ASCII text.
    private static func isCanonicalASCII(_ raw: String) -> Bool {
        let bytes = raw.utf8
        guard (1...limit).contains(bytes.count), let first = bytes.first,
            first != UInt8(ascii: "+"), first != UInt8(ascii: "#")
        else { return false }
        return bytes.allSatisfy { byte in
            (0x21...0x7E).contains(byte) && byte != UInt8(ascii: ",")
                && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }

    /// The tags given for one task or entry, read in order with duplicates (in any spelling) dropped.
    ///
    /// The count is checked first, on the list as given, so an enormous list is refused without reading
    /// a single tag.
    ///
    /// - Throws: `ValidationError` with field `tags` (`.tooManyTags`) for more than `limitPerItem` given,
    ///   or the first tag's error from `init(_:)`.
    public static func list(from raw: [String]) throws(ValidationError) -> [Tag] {
        try checkCount(raw.count)
        var seen: Set<Tag> = []
        var tags: [Tag] = []
        for text in raw {
            let tag = try Tag(text)
            if seen.insert(tag).inserted { tags.append(tag) }
        }
        return tags
    }

    /// Tags as stored or exported earlier, read with ``init(stored:)``: a file or a record written before a rule
    /// tightened still reads back. Unique, in the order given; the count is limited as for ``list(from:)``.
    public static func storedList(from raw: [String]) throws(ValidationError) -> [Tag] {
        try checkCount(raw.count)
        var seen: Set<Tag> = []
        var tags: [Tag] = []
        for text in raw {
            let tag = try Tag(stored: text)
            if seen.insert(tag).inserted { tags.append(tag) }
        }
        return tags
    }

    /// - Throws: `ValidationError` (field `tags`, `.tooManyTags`) when `count` exceeds `limitPerItem`.
    static func checkCount(_ count: Int) throws(ValidationError) {
        guard count > limitPerItem else { return }
        throw ValidationError(field: "tags", reason: .tooManyTags(count: count, limit: limitPerItem))
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
