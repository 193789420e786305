import Testing

@testable import TerminalUI

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(
        "counts terminal columns",
        arguments: [
            ("", 0),
            ("plain text", 10),
            ("日本語", 6),
            ("한국어", 6),
            ("ｆｕｌｌ", 8),
            ("a日b", 4),
            ("👍", 2),
            ("ok 👍", 5),
            ("👨‍👩‍👧", 2),
            ("👍🏽", 2),
            ("🇯🇵", 2),
            ("❤️", 2),
            ("é", 1),
            ("e\u{301}", 1),
            ("Zoë Ångström", 12),
            ("\u{1B}[31mred\u{1B}[0m", 3),
            ("\u{1B}[1;38;5;208m日本\u{1B}[0m", 4),
            ("\u{1B}]8;;https://example.com\u{07}link\u{1B}]8;;\u{07}", 4),
            ("…", 1),
        ])
    func width(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }
}
