/// Shared rules for user-typed text: trimming, length limits counted in Characters, single-line checks.
///
/// Inputs can be arbitrarily large (a pasted file, a 1 MB argument), so every check here avoids work
/// proportional to the input unless the input could actually be acceptable, and error messages quote
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

    /// The Character count when it exceeds `limit`, otherwise nil.
    ///
    /// A Character is at least one UTF-8 byte, so text with no more bytes than the limit fits without
    /// the cost of grapheme breaking; only text that might be too long is counted.
    static func overflowCount(_ text: Substring, limit: Int) -> Int? {
        if text.utf8.count <= limit { return nil }
        let count = text.count
        return count > limit ? count : nil
    }

    /// Validates a name or title: trimmed, not empty, at most `limit` Characters, one line, no control characters.
    static func singleLine(_ raw: String, field: String, limit: Int) throws(ValidationError) -> String {
        let text = trimmed(raw)
        if text.isEmpty {
            throw ValidationError(
                field: field, reason: .empty,
                message: "\(field) cannot be empty: type at least one visible character")
        }
        if let count = overflowCount(text, limit: limit) {
            throw tooLong(field: field, count: count, limit: limit)
        }
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                throw ValidationError(
                    field: field, reason: .invalidFormat(excerpt(text)),
                    message: "\(field) must be a single line: remove the line breaks")
            }
            if scalar.properties.generalCategory == .control {
                throw ValidationError(
                    field: field, reason: .invalidFormat(excerpt(text)),
                    message: "\(field) contains a tab or control character: remove it")
            }
        }
        return String(text)
    }

    /// Validates free text such as a note: trimmed, may be empty or span lines, at most `limit` Characters.
    static func multiLine(_ raw: String, field: String, limit: Int) throws(ValidationError) -> String {
        let text = trimmed(raw)
        if let count = overflowCount(text, limit: limit) {
            throw tooLong(field: field, count: count, limit: limit)
        }
        return String(text)
    }

    static func tooLong(field: String, count: Int, limit: Int) -> ValidationError {
        ValidationError(
            field: field, reason: .tooLong(limit: limit),
            message: "\(field) is too long (\(count) characters; the limit is \(limit)): shorten it")
    }

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// A short, single-line rendering of user input for quoting in messages.
    static func excerpt(_ text: some StringProtocol) -> String {
        var result = ""
        var taken = 0
        for character in text {
            if taken == excerptLimit {
                result += "…"
                break
            }
            taken += 1
            if character.isNewline {
                result += "\\n"
            } else if character == "\t" {
                result += "\\t"
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                result += "?"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Trimmed, lowercased input for keyword parsers, or nil when it is too long to be any keyword.
    ///
    /// Parsers call this first so an enormous argument is rejected before it is copied or case-folded.
    static func keyword(_ raw: String, maxBytes: Int = 64) -> String? {
        let text = trimmed(raw)
        guard text.utf8.count <= maxBytes else { return nil }
        return text.lowercased()
    }
}
