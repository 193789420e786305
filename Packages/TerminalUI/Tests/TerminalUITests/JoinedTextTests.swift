import Testing

@testable import TerminalUI

@Suite("joined(with:)")
struct JoinedTextTests {
    @Test(arguments: [
        [String](), [""], ["", ""], ["one"], ["one", "two", "three"], ["a\nb", "", "c"], ["Größe", "東京", "👩‍👩‍👧"],
    ])
    func matchesTheStandardLibrary(_ parts: [String]) {
        for separator in ["", ", ", "\n", " · ", "\u{0301}"] {
            #expect(parts.joined(with: separator) == parts.joined(separator: separator), "separator \(separator)")
        }
    }
}
