/// Shared rules for user-typed text: trimming, length limits counted in Characters, single-line checks.
///
/// Inputs can be arbitrarily large (a pasted file, a 1 MB argument), so every check here avoids work
/// proportional to the input unless the input could actually be acceptable, and error reasons quote
/// at most a short excerpt.
enum TextRules {
    /// How many Characters of user input an error message may quote.
    static let excerptLimit = 40

    /// The text without leading and trailing whitespace or line breaks; only the ends are scanned.
    static func trimmed(_ raw: some StringProtocol) -> Substring {
        let text = Substring(raw)
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start].isWhitespace {
            start = text.index(after: start)
        }
        while end > start {
            let before = text.index(before: end)
            guard text[before].isWhitespace else { break }
            end = before
        }
        return text[start..<end]
    }

    /// The Character count when it exceeds `limit`, otherwise nil; or the count of Unicode scalars when that
    /// exceeds `limit` × ``scalarsPerCharacter``.
    ///
    /// A Character is at least one UTF-8 byte, so text with no more bytes than the limit fits without
    /// the cost of grapheme breaking; only text that might be too long is counted. Combining marks stack on one
    /// Character without end (`e` and five million accents is one Character, 10 MB), so the scalars are capped
    /// too: generously, as the longest emoji sequences people type have seven or eight.
    static func overflowCount(_ text: Substring, limit: Int) -> Int? {
        let bytes = text.utf8.count
        if bytes <= limit { return nil }
        let scalarLimit = limit * scalarsPerCharacter
        if bytes > scalarLimit {
            let scalars = text.unicodeScalars.count
            if scalars > scalarLimit { return scalars }
        }
        let count = text.count
        return count > limit ? count : nil
    }

    /// How many Unicode scalars a Character may take on average before text counts as too long.
    static let scalarsPerCharacter = 8

    /// Whether `scalar` shows nothing by itself: whitespace, or a format or default-ignorable character
    /// (zero-width space and joiners, word joiner, byte-order mark, bidirectional marks and controls,
    /// variation selectors, Hangul fillers).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isWhitespace || properties.generalCategory == .format
            || properties.isDefaultIgnorableCodePoint
    }

    /// Whether `text` has no visible character, so that a name made of zero-width or bidirectional
    /// characters counts as empty (it would show as nothing in every list). Stops at the first visible
    /// scalar, which for ordinary text is the first one. Visible text may still contain invisible
    /// characters: an emoji sequence such as 👩‍💻 needs its zero-width joiner.
    static func isBlank(_ text: Substring) -> Bool {
        !text.unicodeScalars.contains { !isInvisible($0) }
    }

    /// Validates a name or title: trimmed, something visible, at most `limit` Characters, one line, no
    /// control characters.
    ///
    /// - Throws: `ValidationError` with `.empty(.text)`, `.tooLong`, `.notSingleLine` or `.controlCharacter`.
    static func singleLine(_ raw: String, field: String, limit: Int) throws(ValidationError) -> String {
        let text = trimmed(raw)
        if text.isEmpty || isBlank(text) {
            throw ValidationError(field: field, reason: .empty(.text))
        }
        if let count = overflowCount(text, limit: limit) {
            throw tooLong(field: field, count: count, limit: limit)
        }
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                throw ValidationError(field: field, reason: .notSingleLine)
            }
            if scalar.properties.generalCategory == .control {
                throw ValidationError(field: field, reason: .controlCharacter)
            }
        }
        return String(text)
    }

    /// Validates free text such as a note: trimmed, may be empty or span lines, at most `limit` Characters, no NUL.
    static func multiLine(_ raw: String, field: String, limit: Int) throws(ValidationError) -> String {
        let text = trimmed(raw)
        if let count = overflowCount(text, limit: limit) {
            throw tooLong(field: field, count: count, limit: limit)
        }
        try refuseNUL(text, field: field)
        return String(text)
    }

    /// Other control characters in a note are kept and shown escaped; NUL cannot be: SQLite took the text up to it
    /// and dropped the rest without a word.
    static func refuseNUL(_ text: some StringProtocol, field: String) throws(ValidationError) {
        if text.utf8.contains(0) { throw ValidationError(field: field, reason: .nulCharacter) }
    }

    static func tooLong(field: String, count: Int, limit: Int) -> ValidationError {
        ValidationError(field: field, reason: .tooLong(count: count, limit: limit))
    }

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// A short, single-line rendering of user input for quoting in reasons: at most `limit` Characters,
    /// line breaks and tabs written as `\n` and `\t`, ESC as `\e` and other control characters as `\u{7}`, as the
    /// front end escapes what it shows (a `?` could not be told from a typed one).
    static func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
        var result = ""
        var taken = 0
        for character in text {
            if taken == limit {
                result += "…"
                break
            }
            taken += 1
            if character.isNewline {
                result += "\\n"
            } else if character == "\t" {
                result += "\\t"
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                for scalar in character.unicodeScalars {
                    if scalar == "\u{1B}" {
                        result += "\\e"
                    } else if scalar.properties.generalCategory == .control {
                        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The excerpt of a keyword parser's input, which `keyword` already bounded to `keywordLimit` bytes:
    /// quoted whole, only made safe for one line.
    static func keywordExcerpt(_ input: String) -> String {
        excerpt(input, limit: keywordLimit)
    }

    /// The most UTF-8 bytes a keyword parser reads.
    static let keywordLimit = 64

    /// Trimmed, lowercased input for keyword parsers, or nil when it is too long to be any keyword.
    ///
    /// Parsers call this first so an enormous argument is rejected before it is copied or case-folded.
    static func keyword(_ raw: String, maxBytes: Int = keywordLimit) -> String? {
        let text = trimmed(raw)
        guard text.utf8.count <= maxBytes else { return nil }
        return text.lowercased()
    }
}

extension StringProtocol {
    /// This text made safe to quote in a one-line message: at most 40 characters, line breaks and tabs escaped,
    /// ESC as `\e` and other control characters as `\u{7}` (``TextRules``' own excerpt, for messages outside the
    /// Entities).
    public var messageExcerpt: String { TextRules.excerpt(self) }
}
