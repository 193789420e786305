/// Counts the terminal columns a string occupies, which is what tables must align on.
///
/// ANSI escape sequences take no columns, East Asian wide characters and emoji take two, combining marks
/// and other zero-width characters take none, everything else takes one.
public enum DisplayWidth {
    /// The number of terminal columns `s` occupies on one line.
    public static func of(_ s: String) -> Int {
        if let ascii = asciiWidth(s) { return ascii }
        var width = 0
        var scanner = EscapeScanner()
        for character in s {
            if scanner.consume(character) { continue }
            width += columns(of: character)
        }
        return width
    }

    /// Fast path for plain ASCII without escapes or control characters, the common case in tables (and the
    /// titles `DisplayText` checks for characters to escape): its width is its byte count.
    static func asciiWidth(_ s: String) -> Int? {
        // One comparison a byte: 0x20...0x7E wraps to 0...0x5E, everything else to 0x5F or above.
        let isPrintable: (UInt8) -> Bool = { $0 &- 0x20 < 0x5F }
        let printable =
            s.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintable) } ?? s.utf8.allSatisfy(isPrintable)
        return printable ? s.utf8.count : nil
    }

    /// Columns taken by one grapheme cluster (which is never part of an escape sequence).
    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.isASCII { return 1 }
        var hasEmojiPresentation = false
        var hasVariationSelector16 = false
        for scalar in scalars {
            if scalar.properties.isEmojiPresentation { hasEmojiPresentation = true }
            if scalar.value == 0xFE0F { hasVariationSelector16 = true }
        }
        if hasEmojiPresentation || (hasVariationSelector16 && first.properties.isEmoji) { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(first.value) || first.value == 0x200B { return 0 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), coarse-grained but matching common terminals.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
            0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Recognises ANSI escape sequences one grapheme at a time: CSI ("ESC [ … final"), OSC ("ESC ] … BEL or ESC \")
/// and two-character escapes. Escape syntax is ASCII, so each part is its own grapheme cluster.
struct EscapeScanner {
    private enum State { case text, escape, csi, osc, oscEscape }
    private var state = State.text

    /// Returns true when `character` belongs to an escape sequence (and so takes no columns).
    mutating func consume(_ character: Character) -> Bool {
        let value = character.unicodeScalars.first?.value ?? 0
        switch state {
        case .text:
            guard value == 0x1B else { return false }
            state = .escape
        case .escape:
            if character == "[" {
                state = .csi
            } else if character == "]" {
                state = .osc
            } else {
                state = .text
            }
        case .csi:
            if (0x40...0x7E).contains(value) { state = .text }
        case .osc:
            if value == 0x07 {
                state = .text
            } else if value == 0x1B {
                state = .oscEscape
            }
        case .oscEscape:
            state = character == "\\" ? .text : .osc
        }
        return true
    }
}
