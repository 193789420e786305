/// Trimming without Foundation: `trimmingCharacters(in:)` on Linux goes through `NSString`, and the first call
/// of a process cost a million instructions (the runtime's conformance scans for its generic decoding) before
/// it trimmed a byte: a fifth of `stint timer start 12`. These give exactly what Foundation gives for
/// `.whitespaces` and `.whitespacesAndNewlines` (`TrimmingTests` compares them), scalar by scalar, and return
/// plain text untouched without scanning it.
extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`: Unicode spaces (category Zs), tabs and zero-width spaces off both ends.
    public func trimmingWhitespace() -> String { trimming(newlines: false) }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`: also line breaks (U+000A–U+000D, U+0085, U+2028, U+2029).
    public func trimmingWhitespaceAndNewlines() -> String { trimming(newlines: true) }

    private func trimming(newlines: Bool) -> String {
        let text = Substring(self)
        // Plain text starts and ends with a visible ASCII character: nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7F, last > 0x20,
            last < 0x7F
        {
            return String(text)
        }
        func blank(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x200B: return true  // Foundation counts the zero-width space as a space
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return newlines
            default: return scalar.properties.generalCategory == .spaceSeparator
            }
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !blank($0) }),
            let end = scalars.lastIndex(where: { !blank($0) })
        else { return "" }
        // By scalars, as Foundation trims: a space before a combining mark goes, the mark stays.
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
