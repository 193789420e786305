import ArchitectureRules
import Foundation

/// A throwaway monorepo in a temporary directory, laid out like the real one and clean by default,
/// so each test breaks exactly one arrow and asserts exactly the violation it expects.
final class FakeRepo {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("architecture-check-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A repo where every package follows ARCHITECTURE.md §1.
    static func clean() throws -> FakeRepo {
        let repo = try FakeRepo()
        try repo.package("Packages/Entities", name: "Entities")
        try repo.write(
            "Packages/Entities/Sources/Entities/Project.swift", "import Foundation\n\npublic struct Project {}\n")
        try repo.write(
            "Packages/Entities/Tests/EntitiesTests/ProjectTests.swift", "@testable import Entities\nimport Testing\n")

        try repo.package(
            "Packages/LocalStorage", name: "LocalStorage",
            dependencies: [#".package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")"#])
        try repo.write("Packages/LocalStorage/Sources/LocalStorage/Database.swift", "import Foundation\nimport GRDB\n")

        try repo.package(
            "Packages/RemoteStorage", name: "RemoteStorage",
            dependencies: [#".package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.0.0")"#])
        try repo.write("Packages/RemoteStorage/Sources/RemoteStorage/Client.swift", "import OpenAPIRuntime\n")

        try repo.package(
            "Packages/Repositories", name: "Repositories",
            dependencies: [
                #".package(path: "../Entities")"#, #".package(path: "../LocalStorage")"#,
                #".package(path: "../RemoteStorage")"#,
            ])
        try repo.write(
            "Packages/Repositories/Sources/Repositories/TaskRepository.swift",
            "import Entities\nimport LocalStorage\nimport RemoteStorage\n")

        try repo.package("Packages/TerminalUI", name: "TerminalUI")
        try repo.write(
            "Packages/TerminalUI/Sources/TerminalUI/Table.swift",
            "import Foundation\n#if canImport(Glibc)\nimport Glibc\n#endif\n")

        try repo.package("Packages/ContractSupport", name: "ContractSupport")
        try repo.write("Packages/ContractSupport/Sources/ContractSupport/Contract.swift", "public struct Scenario {}\n")

        for feature in ["ProjectsFeature", "TasksFeature"] {
            try repo.package(
                "Packages/\(feature)", name: feature, modules: [feature, "\(feature)Fakes", "\(feature)Contract"],
                dependencies: [#".package(path: "../TerminalUI")"#, #".package(path: "../ContractSupport")"#])
            try repo.write("Packages/\(feature)/Sources/\(feature)/View.swift", "import TerminalUI\n")
            try repo.write("Packages/\(feature)/Sources/\(feature)Fakes/Fakes.swift", "import \(feature)\n")
            try repo.write(
                "Packages/\(feature)/Sources/\(feature)Contract/Scenarios.swift",
                "import ContractSupport\nimport \(feature)\n")
            try repo.write(
                "Packages/\(feature)/Tests/\(feature)Tests/InteractorTests.swift",
                "@testable import \(feature)\nimport \(feature)Fakes\nimport Testing\nimport TerminalUI\n")
        }

        // A feature's own model named after the entity it mirrors: the documented exception to unique names.
        try repo.append("Packages/ProjectsFeature/Sources/ProjectsFeature/View.swift", "\npublic struct Project {}\n")

        try repo.package(
            "Packages/Server", name: "Server",
            dependencies: [
                #".package(path: "../Entities")"#,
                #".package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0")"#,
            ])
        try repo.write("Packages/Server/Sources/Server/Routes.swift", "import Entities\nimport Hummingbird\n")

        try repo.package("Packages/ArchitectureCheck", name: "ArchitectureCheck", modules: ["ArchitectureRules"])
        try repo.write("Packages/ArchitectureCheck/Sources/ArchitectureRules/Rules.swift", "import Foundation\n")

        try repo.write("App/Package.swift", appManifest)
        try repo.write(
            "App/Sources/Workers/TaskWorker.swift",
            "import Entities\nimport Foundation\nimport Repositories\n\npublic struct TaskWorker {}\n")
        try repo.write(
            "App/Sources/Adapters/TasksAdapter.swift",
            "import Entities\nimport Logging\nimport ProjectsFeature\nimport TasksFeature\nimport TerminalUI\n"
                + "import Workers\n")
        try repo.write("App/Sources/Commands/TaskCommand.swift", "import Adapters\nimport ArgumentParser\n")
        try repo.write("App/Sources/stint/main.swift", "import Commands\n")
        try repo.write(
            "App/Tests/WorkersTests/TaskWorkerTests.swift",
            "import Entities\nimport Repositories\nimport Testing\n@testable import Workers\n")
        // A test may use its subject, the App targets below it, TerminalUI and the features' fakes.
        try repo.write(
            "App/Tests/AdaptersTests/TasksAdapterTests.swift",
            "@testable import Adapters\nimport TasksFeatureFakes\nimport Testing\nimport Workers\n"
        )
        try repo.write(
            "App/Tests/CommandsTests/CommandTests.swift",
            "@testable import Commands\nimport Adapters\nimport TerminalUI\nimport ProjectsFeatureFakes\nimport Testing\n"
        )

        try repo.package("Tests", name: "Tests", modules: ["EndToEndTests"])
        try repo.write("Tests/Tests/EndToEndTests/StintTests.swift", "import Foundation\nimport Testing\n")
        return repo
    }

    /// Number of packages and Swift files `clean()` creates.
    static let cleanPackageCount = 12
    static let cleanFileCount = 25

    /// App/Package.swift split into the targets of ARCHITECTURE.md §1, laid out like the real one so that
    /// tests can name exact lines: `Adapters` declares its dependencies on lines 27-32, `stint` is on line 39.
    static let appManifest = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "App",
            products: [.executable(name: "stint", targets: ["stint"])],
            dependencies: [
                .package(path: "../Packages/Entities"),
                .package(path: "../Packages/Repositories"),
                .package(path: "../Packages/TerminalUI"),
                .package(path: "../Packages/ProjectsFeature"),
                .package(path: "../Packages/TasksFeature"),
                .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
                .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
            ],
            targets: [
                .target(
                    name: "Workers",
                    dependencies: [
                        .product(name: "Entities", package: "Entities"),
                        .product(name: "Repositories", package: "Repositories"),
                    ]
                ),
                .target(
                    name: "Adapters",
                    dependencies: [
                        "Workers",
                        .product(name: "Entities", package: "Entities"),
                        .product(name: "TerminalUI", package: "TerminalUI"),
                        .product(name: "ProjectsFeature", package: "ProjectsFeature"),
                        .product(name: "TasksFeature", package: "TasksFeature"),
                        .product(name: "Logging", package: "swift-log"),
                    ]
                ),
                .target(
                    name: "Commands",
                    dependencies: ["Adapters", .product(name: "ArgumentParser", package: "swift-argument-parser")]
                ),
                .executableTarget(name: "stint", dependencies: ["Commands"]),
                .testTarget(name: "WorkersTests", dependencies: ["Workers", .product(name: "Entities", package: "Entities")]),
                .testTarget(
                    name: "AdaptersTests",
                    dependencies: [
                        .target(name: "Adapters"), "Workers",
                        .product(name: "TasksFeatureFakes", package: "TasksFeature"),
                    ]
                ),
                .testTarget(name: "CommandsTests", dependencies: ["Commands", "Adapters", "ProjectsFeatureFakes"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """

    func write(_ relativePath: String, _ contents: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    /// Replaces the one occurrence of `old` in a file, so a test changes exactly the line it names.
    func replace(_ relativePath: String, _ old: String, with new: String) throws {
        let url = root.appendingPathComponent(relativePath)
        let existing = try String(contentsOf: url, encoding: .utf8)
        guard existing.components(separatedBy: old).count == 2 else { throw FakeRepoError.notExactlyOnce(old) }
        try write(relativePath, existing.replacingOccurrences(of: old, with: new))
    }

    func append(_ relativePath: String, _ contents: String) throws {
        let url = root.appendingPathComponent(relativePath)
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        try write(relativePath, existing + contents)
    }

    /// Writes a Package.swift shaped like the repo's: one library per module, then the dependencies,
    /// then one target per module and one executable target per name in `executables`.
    func package(
        _ directory: String, name: String, modules: [String]? = nil, executables: [String] = [],
        dependencies: [String] = []
    ) throws {
        let modules = modules ?? [name]
        let products = modules.map { #"        .library(name: "\#($0)", targets: ["\#($0)"]),"# }
        let targets =
            modules.map { #"        .target(name: "\#($0)"),"# }
            + executables.map { #"        .executableTarget(name: "\#($0)", dependencies: ["\#(modules[0])"]),"# }
        let dependencyLines = dependencies.map { "        \($0)," }
        let manifest =
            ([
                "// swift-tools-version: 6.1", "import PackageDescription", "", "let package = Package(",
                #"    name: "\#(name)","#, "    products: [",
            ] + products + ["    ],", "    dependencies: ["] + dependencyLines + ["    ],", "    targets: ["]
            + targets + ["    ]", ")", ""]).joined(separator: "\n")
        try write("\(directory)/Package.swift", manifest)
    }

    func check() throws -> ArchitectureReport {
        try ArchitectureChecker(root: root.path).check()
    }

    /// The violation lines, as the command prints them.
    func violationLines() throws -> [String] {
        try check().violations.map(\.description)
    }
}

enum FakeRepoError: Error {
    case notExactlyOnce(String)
}
