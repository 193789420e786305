/// Breaks prose into lines that fit the terminal, at spaces, measured by display width.
///
/// Used for the sentences and detail values a terminal would otherwise wrap mid-word (the dashboard's time and
/// summary lines). A duration as ``DurationText`` writes it ("1h 05m") is never split across lines, a separator
/// ("·", "—") stays at the end of its line rather than start the next, and a word wider than the line stays whole
/// on a line of its own: cutting it would change what it says (an id, a command).
public enum TextWrap {
    /// `text` as lines of at most `width` columns; `[text]` unchanged when `width` is nil (piped output is never
    /// wrapped) or the text already fits. Runs of spaces between words become one space where a line is broken.
    public static func lines(_ text: String, width: Int?) -> [String] {
        guard let width, width > 0, DisplayWidth.of(text) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in words(of: text) {
            let wordWidth = DisplayWidth.of(word)
            if current.isEmpty {
                current = word
                currentWidth = wordWidth
            } else if currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
            } else {
                lines.append(current)
                current = word
                currentWidth = wordWidth
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// `text` wrapped to fit `width` after `indent`, every line starting with `indent` (a note under its heading).
    /// Below 20 columns of room the text is left whole: a ribbon of single words reads worse than a long line.
    public static func lines(_ text: String, indent: String, width: Int?) -> [String] {
        let room = width.map { $0 - DisplayWidth.of(indent) }.flatMap { $0 >= 20 ? $0 : nil }
        return lines(text, width: room).map { $0.isEmpty ? "" : indent + $0 }
    }

    /// The words between spaces, with "1h" and the "05m" after it kept as one, and a separator kept with the word
    /// before it.
    static func words(of text: String) -> [String] {
        var result: [String] = []
        for piece in text.split(separator: " ") {
            let word = String(piece)
            if let last = result.last, (isHours(last) && isMinutes(word)) || separators.contains(word) {
                result[result.count - 1] = last + " " + word
            } else {
                result.append(word)
            }
        }
        return result
    }

    static let separators: Set<String> = ["·", "—", "–", "|"]

    /// "1h", "-26h", "(1h": the hours of a duration, perhaps after an opening bracket or a sign.
    private static func isHours(_ word: String) -> Bool {
        let body = word.drop { $0 == "(" || $0 == "-" }
        guard body.count >= 2, body.last == "h" else { return false }
        return body.dropLast().allSatisfy(\.isASCIIDigit)
    }

    /// "05m", "05m)", "05m,": the two-digit minutes after the hours.
    private static func isMinutes(_ word: String) -> Bool {
        let characters = Array(word)
        guard characters.count >= 3 else { return false }
        return characters[0].isASCIIDigit && characters[1].isASCIIDigit && characters[2] == "m"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
