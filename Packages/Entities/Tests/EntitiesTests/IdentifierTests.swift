import Entities
import Foundation
import Testing

@Suite("Ids as text")
struct IdentifierTests {
    @Test("lowercasedString is Foundation's uuidString in lowercase, and canonical reads it back")
    func roundTrip() {
        for _ in 0..<500 {
            let id = UUID()
            #expect(id.lowercasedString == id.uuidString.lowercased())
            #expect(UUID(canonical: id.lowercasedString) == id)
            #expect(UUID(canonical: id.uuidString) == id)
        }
    }

    @Test(
        "canonical refuses anything but the 36-character form",
        arguments: [
            "", "6f1c0c1e-0000-4000-8000-00000000000g", "6f1c0c1e00000-4000-8000-000000000001",
            "6f1c0c1e-0000-4000-8000-0000000000011", "{6f1c0c1e-0000-4000-8000-000000000001}",
            "6f1c0c1e-0000-4000-8000-00000000000é",
        ])
    func refuses(text: String) {
        #expect(UUID(canonical: text) == nil)
    }
}
