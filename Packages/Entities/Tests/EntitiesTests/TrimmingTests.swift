import Entities
import Foundation
import Testing

@Suite("Trimming like Foundation")
struct TrimmingTests {
    /// Spaces of every kind, line breaks, controls that are neither, a combining mark, text beyond ASCII.
    private static let pieces: [String] = [
        " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{2028}", "\u{2029}",
        "\u{200B}", "\u{FEFF}", "\u{1}", "\u{7F}", "a", "Z", "é", "e\u{301}", "\u{301}", "漢", "👩‍💻", "-", "~",
    ]

    @Test("the same text as trimmingCharacters(in:) on random strings")
    func sameAsFoundation() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
            }.joined()
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(
                text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.debugDescription)")
            let slice = text.dropFirst()
            #expect(slice.trimmingWhitespace() == slice.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("every scalar up to U+FFFF and a few beyond is blank to both or to neither")
    func everyScalar() {
        for value in Array(0...0xFFFF) + [0x1_0000, 0x1_F600, 0xE_0020] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar)
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            #expect(
                text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(value, radix: 16))")
        }
    }

    @Test("plain text comes back as it is", arguments: ["Work", "a b", "x", "Website relaunch"])
    func plain(text: String) {
        #expect(text.trimmingWhitespace() == text)
        #expect((" " + text + "\t").trimmingWhitespace() == text)
        #expect(("\n" + text + "\n").trimmingWhitespace() == "\n" + text + "\n")
        #expect(("\n" + text + "\u{2028}").trimmingWhitespaceAndNewlines() == text)
    }
}
