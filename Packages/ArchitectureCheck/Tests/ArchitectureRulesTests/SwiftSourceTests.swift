import ArchitectureRules
import Testing

@Suite("Reading Swift source as text")
struct SwiftSourceTests {
    @Test func importFormsNameTheirTopLevelModule() {
        let source = """
            import Foundation
            @testable import TasksFeature
            @preconcurrency @_spi(Internal) public import Entities
            import struct ProjectsFeatureFakes.SampleProjects
            import func Repositories.makeRepository
            import Glibc; import TerminalUI
            let important = 1
            """
        let modules = SwiftSource.imports(in: source).map { "\($0.line):\($0.module)" }
        #expect(
            modules == [
                "1:Foundation", "2:TasksFeature", "3:Entities", "4:ProjectsFeatureFakes", "5:Repositories",
                "6:Glibc", "6:TerminalUI",
            ])
    }

    @Test func blankingKeepsLineBreaksAndCodeInInterpolations() {
        let source = "let a = \"x \\(f(\"y\")) z\" // note\n/* a\nb */ let b = 1\n"
        let blanked = SwiftSource.blankingComments(in: source, blankingStrings: true)
        #expect(blanked.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        #expect(blanked.contains("f("))
        #expect(!blanked.contains("note"))
        #expect(!blanked.contains("z"))
        #expect(blanked.hasSuffix("     let b = 1\n"))
    }

    @Test func rawStringsEndOnlyAtTheirOwnDelimiter() {
        let source = ##"let s = #"a "quoted" \" still"#; import Entities"##
        #expect(SwiftSource.imports(in: source).map(\.module) == ["Entities"])
    }

    @Test func manifestEntriesAreReadWithTheirLines() {
        let manifest = Manifest(
            parsing: """
                let package = Package(
                    name: "Repositories",
                    products: [.library(name: "Repositories", targets: ["Repositories"])],
                    dependencies: [
                        // .package(path: "../TerminalUI"),
                        .package(path: "../Entities"),
                        .package(name: "Local", path: "../LocalStorage/"),
                        .package(
                            url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
                    ],
                    targets: [
                        .target(name: "Repositories", dependencies: [.product(name: "Entities", package: "Entities")]),
                        .testTarget(name: "RepositoriesTests"),
                    ]
                )
                """)
        #expect(manifest.dependencies.map(\.name) == ["Entities", "LocalStorage", "GRDB.swift"])
        #expect(manifest.dependencies.map(\.line) == [6, 7, 8])
        #expect(manifest.modules == ["Repositories", "RepositoriesTests"])
    }
}
