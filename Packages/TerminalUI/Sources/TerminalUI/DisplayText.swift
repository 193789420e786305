/// How user-supplied text is shown inside one-line messages and table cells, so every feature quotes, shortens and
/// cleans it the same way.
///
/// Nothing a user typed or stored reaches the terminal raw: line breaks become spaces and other control characters
/// (an escape sequence that could recolour the terminal, a bell) are shown as `\u{1B}`-style escapes, so a message
/// stays on one line and means what it says.
public enum DisplayText {
    /// How many characters of an id lists and messages show; users type them back as references.
    public static let shortIDLength = 8
    /// Titles in one-line messages are cut to this many characters so a confirmation stays on one line.
    public static let quotedTitleLimit = 60

    /// `text` on one line: runs of line breaks become one space (leading and trailing ones disappear), a tab becomes
    /// a space, and any other control character is written as an escape such as `\u{1B}`.
    public static func singleLine(_ text: String) -> String {
        // Almost every title and name is clean already: hand it back untouched rather than rebuild it.
        guard needsEscaping(text) else { return text }
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isNewline {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            if character == "\t" {
                result.append(" ")
            } else if character.unicodeScalars.contains(where: needsEscape) {
                for scalar in character.unicodeScalars {
                    result += needsEscape(scalar) ? escape(scalar) : String(scalar)
                }
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `"Write the report"`: the text on one line in double quotes, cut with "…" after `limit` characters. Inner
    /// quotes are kept as they are: this is for reading, not for pasting into a shell (see ``shellQuoted(_:)``).
    public static func quoted(_ text: String, limit: Int = quotedTitleLimit) -> String {
        let line = singleLine(text)
        guard line.count > limit, limit > 0 else { return "\"\(line)\"" }
        return "\"\(line.prefix(limit - 1))…\""
    }

    /// What a user typed, shown back in an error: ``escaped(_:)``, and cut with "…" after `limit` characters so a
    /// pasted novel cannot flood the line. Every cut text in Stint ends in "…", so a reader knows there was more.
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        guard text.count > limit, limit > 0 else { return escaped(text) }
        return escaped(String(text.prefix(limit - 1))) + "…"
    }

    /// `"Acme \"North\""`: a name in double quotes with backslashes and quotes escaped, ready to paste back into a
    /// shell command such as `stint project unarchive "…"`. The name's own backslashes and quotes are escaped before
    /// its control characters are (``singleLine(_:)``), so those read `\u{202E}` as in a title, not `\\u{202E}`.
    public static func shellQuoted(_ text: String) -> String {
        let escaped = singleLine(
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
        return "\"\(escaped)\""
    }

    /// What a user typed, quoted back in an error or a message exactly but harmlessly: line breaks, escape
    /// sequences and other control characters, and the bidirectional controls that make a line read
    /// differently from what it holds, are shown as escapes (`\n`, `\e`, `\u{202E}`); everything else,
    /// emoji included, is kept. The result is always one line.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a scalar ``needsEscape(_:)`` flags. Printable ASCII, what almost every title is, is
    /// answered from its UTF-8 bytes: walking the scalars of 7,500 titles cost a full list 6 M instructions.
    static func needsEscaping(_ text: String) -> Bool {
        DisplayWidth.asciiWidth(text) == nil && text.unicodeScalars.contains(where: needsEscape)
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators and the bidirectional controls (the embeddings,
    /// overrides and isolates, and the left-to-right, right-to-left and Arabic letter marks), which make a line read
    /// differently from what it holds. Zero-width joiners are kept: emoji sequences need them.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The bidirectional controls ``needsEscape(_:)`` flags: embeddings, overrides, isolates and marks.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\u{1B}": "\\e"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// The first ``shortIDLength`` characters of an id, lowercased: what lists show and users type back.
    public static func shortID(_ id: String) -> String {
        String(id.lowercased().prefix(shortIDLength))
    }
}
