import Foundation

/// Which other tool's file an import was handed without `--from`, guessed from its first bytes, so that the
/// refusal says how to import it instead of only what is wrong with it as a Stint export. Only the error path
/// asks, and only the start of the file is looked at: a guess, never a reason to read the file another way.
enum ForeignFileGuess {
    /// How far into the file the guess looks: past the first record of any of the three tools' files.
    static let window = 4_096

    /// The `--from` value and the tool's name for a file that looks like Taskwarrior's `task export`,
    /// Timewarrior's `timew export` or data file, or Watson's frames; nil for anything else.
    static func tool(of data: Data) -> (option: String, name: String)? {
        let bytes = [UInt8](data.prefix(window))
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpace()
        guard index < bytes.count else { return nil }
        // Timewarrior's data files are lines of `inc 20261201T090000Z - … # tags`.
        if bytes[index...].starts(with: Array("inc ".utf8)) { return ("timewarrior", "Timewarrior") }
        guard bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipSpace()
        guard index < bytes.count else { return nil }
        // Watson's frames: an array of `[start, stop, project, id, tags, updated_at]`.
        if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count {
            index += 1
            skipSpace()
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                return ("watson", "Watson")
            }
            return nil
        }
        guard bytes[index] == UInt8(ascii: "{") else { return nil }
        let text = String(decoding: bytes[index...], as: UTF8.self)
        if text.contains("\"uuid\""), text.contains("\"description\"") { return ("taskwarrior", "Taskwarrior") }
        if text.contains("\"start\""), hasCompactTimestamp(text) { return ("timewarrior", "Timewarrior") }
        return nil
    }

    /// The sentence added to the refusal of such a file.
    static func hint(for data: Data) -> String? {
        tool(of: data).map { "it looks like \($0.name)'s; import it with --from \($0.option)" }
    }

    /// Whether `text` holds a timestamp in Timewarrior's form, `20261201T090000Z`.
    private static func hasCompactTimestamp(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 16 else { return false }
        func digits(_ range: Range<Int>) -> Bool {
            range.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[$0]) }
        }
        for start in 0...(utf8.count - 16)
        where utf8[start + 8] == UInt8(ascii: "T") && utf8[start + 15] == UInt8(ascii: "Z") {
            if digits(start..<start + 8), digits(start + 9..<start + 15) { return true }
        }
        return false
    }
}
