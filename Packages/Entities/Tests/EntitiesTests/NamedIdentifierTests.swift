import Foundation
import Testing

@testable import Entities

@Suite("Ids derived from names")
struct NamedIdentifierTests {
    /// RFC 9562's DNS namespace, `6ba7b810-9dad-11d1-80b4-00c04fd430c8`.
    private let dns = UUID(
        uuid: (0x6B, 0xA7, 0xB8, 0x10, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8))

    @Test("version 5 ids equal the RFC's example and Python's uuid5, across SHA-1 block boundaries")
    func knownValues() {
        // Expected values from Python's uuid.uuid5, an independent implementation.
        let cases: [(String, String)] = [
            ("www.example.com", "2ed6657d-e927-568b-95e1-2665a8aea6a2"),
            ("ü日本", "cb971737-bd27-5d7d-8810-7764487d03f1"),
            (String(repeating: "y", count: 39), "2d7ca8dc-685f-5976-a484-45e117c234b7"),
            (String(repeating: "y", count: 40), "b31f942e-dc87-58c7-b8b9-51825eb9fb8d"),
            (String(repeating: "y", count: 48), "1f205052-0e66-525d-886f-ad401a2b8b5f"),
            (String(repeating: "y", count: 111), "02ac653f-642a-5bf3-8872-be20925d6078"),
            (String(repeating: "y", count: 112), "8f014f5a-2360-5b16-b66d-ea11f094de83"),
        ]
        for (name, expected) in cases {
            #expect(UUID(named: name, in: dns).lowercasedString == expected, "\(name.count) characters")
        }
    }

    @Test("Stint's namespaces are fixed, so an import on another device derives the same ids")
    func stintNamespaces() {
        #expect(UUID.Namespace.taskwarriorTask.lowercasedString == "5374494e-5400-4000-8000-000000000001")
        #expect(
            UUID(named: "0f9a6b4e-1d0c-4b8e-9d7a-3c2e1f0a9b8c", in: UUID.Namespace.taskwarriorTask).lowercasedString
                == "7548dbc0-8d09-561a-9305-8b93d1411e45")
        let namespaces: [UUID] = [
            UUID.Namespace.taskwarriorTask, UUID.Namespace.importedProject, UUID.Namespace.importedList,
            UUID.Namespace.timewarriorInterval, UUID.Namespace.watsonFrame,
        ]
        #expect(Set(namespaces).count == namespaces.count)
        #expect(
            UUID(named: "a", in: UUID.Namespace.importedProject) != UUID(named: "a", in: UUID.Namespace.importedList))
    }
}
