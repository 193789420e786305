/// Makes text safe to print on one terminal line: whatever a user typed (a reference, a file name) can
/// carry escape sequences that would recolour or rewrite the terminal, or line breaks that would split
/// an error into several lines. They are shown escaped instead (`\e[31m`, `\n`, `\u{202E}`).
public enum TerminalSafe {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional controls that can
    /// make a line read differently from what it holds.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
