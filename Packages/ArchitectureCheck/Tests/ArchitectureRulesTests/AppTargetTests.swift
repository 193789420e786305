import ArchitectureRules
import Testing

@Suite("Allowed arrows between the App's targets")
struct AppTargetTests {
    private static let adaptersRule =
        "(Adapters may depend on the features, TerminalUI, Workers, Entities and swift-log only)"
    private static let commandsRule = "(Commands may depend on Adapters and swift-argument-parser only)"
    private static let unknownTargetRule =
        "(every App target must be one of Workers, Adapters, Commands, stint, ProcessTuning or their tests)"

    @Test func anAdapterImportingRepositoriesFails() throws {
        let repo = try FakeRepo.clean()
        try repo.write(
            "App/Sources/Adapters/TasksAdapter.swift", "import Entities\nimport Foundation\nimport Repositories\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Adapters/TasksAdapter.swift:3: Adapters must not import Repositories \(Self.adaptersRule)"
            ])
    }

    @Test func adaptersDeclaringRepositoriesInTheManifestFails() throws {
        let repo = try FakeRepo.clean()
        try repo.replace(
            "App/Package.swift", #"                .product(name: "Logging", package: "swift-log"),"#,
            with: #"""
                                .product(name: "Logging", package: "swift-log"),
                                .product(name: "Repositories", package: "Repositories"),
                """#)
        #expect(
            try repo.violationLines() == [
                "App/Package.swift:33: Adapters must not depend on Repositories \(Self.adaptersRule)"
            ])
    }

    @Test func adaptersDeclaringLocalStorageByNameFails() throws {
        let repo = try FakeRepo.clean()
        try repo.replace(
            "App/Package.swift", #"                "Workers","#, with: #"                "Workers", "LocalStorage","#)
        #expect(
            try repo.violationLines() == [
                "App/Package.swift:27: Adapters must not depend on LocalStorage \(Self.adaptersRule)"
            ])
    }

    @Test func commandsImportingEntitiesFails() throws {
        let repo = try FakeRepo.clean()
        try repo.append("App/Sources/Commands/TaskCommand.swift", "import Entities\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Commands/TaskCommand.swift:3: Commands must not import Entities \(Self.commandsRule)"
            ])
    }

    @Test func commandsImportingAFeatureOrWorkersFails() throws {
        let repo = try FakeRepo.clean()
        try repo.write(
            "App/Sources/Commands/ListCommand.swift",
            "import Adapters\nimport TasksFeature\nimport Workers\nimport TerminalUI\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Commands/ListCommand.swift:2: Commands must not import TasksFeature \(Self.commandsRule)",
                "App/Sources/Commands/ListCommand.swift:3: Commands must not import Workers \(Self.commandsRule)",
                "App/Sources/Commands/ListCommand.swift:4: Commands must not import TerminalUI \(Self.commandsRule)",
            ])
    }

    @Test func commandsDeclaringSwiftLogFails() throws {
        let repo = try FakeRepo.clean()
        try repo.replace(
            "App/Package.swift", #"dependencies: ["Adapters", .product("#,
            with: #"dependencies: [.product(name: "Logging", package: "swift-log"), "Adapters", .product("#)
        #expect(
            try repo.violationLines() == [
                "App/Package.swift:37: Commands must not depend on external package swift-log \(Self.commandsRule)"
            ])
    }

    @Test func workersImportingAFeatureFails() throws {
        let repo = try FakeRepo.clean()
        try repo.append("App/Sources/Workers/TaskWorker.swift", "import TasksFeature\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Workers/TaskWorker.swift:6: Workers must not import TasksFeature "
                    + "(Workers may depend on Entities and Repositories only)"
            ])
    }

    @Test func theExecutableImportingAdaptersDirectlyFails() throws {
        let repo = try FakeRepo.clean()
        try repo.write("App/Sources/stint/main.swift", "import Adapters\nimport Commands\nimport Foundation\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/stint/main.swift:1: stint must not import Adapters (stint may depend on Commands and ProcessTuning only)"
            ])
    }

    @Test func anUnknownAppTargetFails() throws {
        let repo = try FakeRepo.clean()
        try repo.replace(
            "App/Package.swift", #"        .executableTarget(name: "stint", dependencies: ["Commands"]),"#,
            with: #"""
                        .executableTarget(name: "stint", dependencies: ["Commands"]),
                        .target(name: "Support", dependencies: ["Repositories"]),
                """#)
        #expect(
            try repo.violationLines() == [
                "App/Package.swift:40: App target Support has no rule \(Self.unknownTargetRule)"
            ])
    }

    @Test func aKnownTargetDeclaredWithAnotherFactoryFails() throws {
        let repo = try FakeRepo.clean()
        try repo.replace(
            "App/Package.swift", #".executableTarget(name: "stint""#, with: #".testTarget(name: "stint""#)
        #expect(
            try repo.violationLines() == [
                "App/Package.swift:39: App target stint must be declared with .executableTarget, not .testTarget "
                    + Self.unknownTargetRule
            ])
    }

    @Test func testTargetsMayReachTheirSubjectTheTargetsBelowTerminalUIAndTheFeaturesFakesOnly() throws {
        let repo = try FakeRepo.clean()
        try repo.write(
            "App/Tests/WorkersTests/FakesTests.swift", "import TasksFeatureFakes\nimport TasksFeature\nimport Workers\n"
        )
        try repo.write(
            "App/Tests/CommandsTests/HarnessTests.swift",
            "import Commands\nimport Adapters\nimport Workers\nimport TerminalUI\nimport Entities\n")
        try repo.write(
            "App/Tests/AdaptersTests/ServerTests.swift", "import Adapters\nimport Server\nimport Repositories\n")
        #expect(
            try repo.violationLines() == [
                "App/Tests/AdaptersTests/ServerTests.swift:2: AdaptersTests must not import Server (AdaptersTests may "
                    + "depend on Adapters, Workers, the features (with their Fakes and Contract modules), TerminalUI, "
                    + "ContractSupport, Entities and swift-log only)",
                "App/Tests/AdaptersTests/ServerTests.swift:3: AdaptersTests must not import Repositories (AdaptersTests "
                    + "may depend on Adapters, Workers, the features (with their Fakes and Contract modules), "
                    + "TerminalUI, ContractSupport, Entities and swift-log only)",
                "App/Tests/CommandsTests/HarnessTests.swift:5: CommandsTests must not import Entities (CommandsTests "
                    + "may depend on Commands, Adapters, Workers, swift-argument-parser, TerminalUI, ContractSupport and "
                    + "the features' Fakes and Contract modules only)",
                "App/Tests/WorkersTests/FakesTests.swift:2: WorkersTests must not import TasksFeature (WorkersTests may "
                    + "depend on Workers, Entities, Repositories, TerminalUI, ContractSupport and the features' Fakes and "
                    + "Contract modules only)",
            ])
    }

    @Test func anAdapterImportingAFeaturesFakesFails() throws {
        let repo = try FakeRepo.clean()
        try repo.append("App/Sources/Adapters/TasksAdapter.swift", "import TasksFeatureFakes\n")
        let lines = try repo.violationLines()
        #expect(lines.count == 1)
        #expect(lines.first?.contains("Adapters must not import TasksFeatureFakes") == true)
    }

    @Test func theTestRulesAreDerivedFromTheSourceRules() {
        let repositories = ModuleReference.repoModule("Repositories", package: "Repositories", kind: .repositories)
        let contract = ModuleReference.repoModule("TasksFeatureContract", package: "TasksFeature", kind: .feature)
        let logging = ModuleReference.external(package: "swift-log")
        #expect(!AppTargetRule.adapters.allows(repositories))
        #expect(!AppTargetRule.adaptersTests.allows(repositories))
        #expect(AppTargetRule.workersTests.allows(repositories))
        #expect(AppTargetRule.commandsTests.allows(.appTarget("Workers")))
        #expect(!AppTargetRule.commandsTests.allows(logging))
        #expect(!AppTargetRule.commands.allows(logging))
        #expect(AppTargetRule.workersTests.allows(contract))
        #expect(!AppTargetRule.workers.allows(contract))
        #expect(!AppTargetRule.workersTests.allows(.appTarget("Adapters")))
        #expect(
            AppTargetRule.all.map(\.target) == [
                "Workers", "Adapters", "Commands", "stint", "ProcessTuning", "WorkersTests", "AdaptersTests",
                "CommandsTests",
            ])
    }
}
