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

    @Test func publicTopLevelTypesAreFoundPastAttributesAndModifiers() {
        let source = """
            @MainActor public final class Coordinator {}
            @available(macOS 14, *) public indirect enum Tree<Value> {}
            open class Base {}
            public protocol TaskServices: Sendable {}
            public typealias `Task` = Int
            public actor Store {}
            public extension Store {}
            public func task() {}
            struct Internal {}
                public struct Nested {}
            package struct Shared {}
            """
        let types = SwiftSource.publicTypes(in: source).map { "\($0.line):\($0.name)" }
        #expect(types == ["1:Coordinator", "2:Tree", "3:Base", "4:TaskServices", "5:Task", "6:Store"])
    }

    @Test func manifestTargetsAreReadWithTheirDependencies() {
        let manifest = Manifest(
            parsing: """
                let package = Package(
                    name: "App",
                    products: [.executable(name: "stint", targets: ["stint"])],
                    targets: [
                        // .target(name: "Old"),
                        .target(
                            name: "Adapters",
                            dependencies: [
                                "Workers", .target(name: "Support"),
                                .product(name: "TasksFeature", package: "TasksFeature", condition: .when(platforms: [.linux])),
                                .byName(name: "Logging"),
                            ],
                            path: "Sources/Adapters/"
                        ),
                        .executableTarget(name: "stint", dependencies: ["Commands"]),
                        .testTarget(name: "AdaptersTests", dependencies: ["Adapters"]),
                    ]
                )
                """)
        let targets = manifest.targets.map { "\($0.line):\($0.kind.rawValue):\($0.name):\($0.directory)" }
        #expect(
            targets == [
                "7:target:Adapters:Sources/Adapters", "15:executableTarget:stint:Sources/stint",
                "16:testTarget:AdaptersTests:Tests/AdaptersTests",
            ])
        #expect(
            manifest.targets.first?.dependencies == [
                Manifest.TargetDependency(reference: .byName("Workers"), line: 9),
                Manifest.TargetDependency(reference: .target("Support"), line: 9),
                Manifest.TargetDependency(reference: .product(name: "TasksFeature", package: "TasksFeature"), line: 10),
                Manifest.TargetDependency(reference: .byName("Logging"), line: 11),
            ])
    }
}
