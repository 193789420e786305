import Testing

@testable import Entities

@Suite("Tag's ASCII fast path")
struct TagFastPathTests {
    /// Every ASCII text the fast path may see must come out as the full rules make it, or fail the same way.
    @Test func agreesWithTheFullRules() throws {
        let alphabet = Array("aZ09+#,- \t\u{7F}.:_/!~".unicodeScalars)
        var state: UInt64 = 0x7A6
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            for step in 0..<Int(state >> 59) {
                text.unicodeScalars.append(alphabet[Int((state >> UInt64(step * 4)) & 0xF) % alphabet.count])
            }
            #expect((try? Tag(text))?.name == (try? Tag(checking: text))?.name, "\(text.debugDescription)")
        }
        #expect(try Tag(String(repeating: "a", count: 40)).name.count == 40)
        #expect(throws: ValidationError(field: "tag", reason: .tooLong(count: 41, limit: 40))) {
            try Tag(String(repeating: "a", count: 41))
        }
    }
}
