import ArchitectureRules
import Foundation
import Testing

@Suite("Allowed arrows on a fake repo")
struct ArchitectureCheckerTests {
    @Test func aCleanTreePasses() throws {
        let repo = try FakeRepo.clean()
        let report = try repo.check()
        #expect(report.violations == [])
        #expect(report.packageCount == FakeRepo.cleanPackageCount)
        #expect(report.fileCount == FakeRepo.cleanFileCount)
        #expect(report.summary == "architecture ok: 12 packages, 25 files checked")
    }

    @Test func aFeatureImportingEntitiesFails() throws {
        let repo = try FakeRepo.clean()
        try repo.write("Packages/TasksFeature/Sources/TasksFeature/X.swift", "import Foundation\n\nimport Entities\n")
        #expect(
            try repo.violationLines() == [
                "Packages/TasksFeature/Sources/TasksFeature/X.swift:3: TasksFeature must not import Entities "
                    + "(features may depend on TerminalUI and ContractSupport only)"
            ])
    }

    @Test func aFeatureDeclaringEntitiesInItsManifestFails() throws {
        let repo = try FakeRepo.clean()
        try repo.package(
            "Packages/ProjectsFeature", name: "ProjectsFeature", modules: ["ProjectsFeature", "ProjectsFeatureFakes"],
            dependencies: [#".package(path: "../TerminalUI")"#, #".package(path: "../Entities")"#])
        #expect(
            try repo.violationLines() == [
                "Packages/ProjectsFeature/Package.swift:12: ProjectsFeature must not depend on Entities "
                    + "(features may depend on TerminalUI and ContractSupport only)"
            ])
    }

    @Test func aFeatureDeclaringAnExternalPackageFails() throws {
        let repo = try FakeRepo.clean()
        try repo.package(
            "Packages/TasksFeature", name: "TasksFeature", modules: ["TasksFeature", "TasksFeatureFakes"],
            dependencies: [
                #".package(path: "../TerminalUI")"#,
                #".package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.0.0")"#,
            ])
        #expect(
            try repo.violationLines() == [
                "Packages/TasksFeature/Package.swift:12: TasksFeature must not depend on external package "
                    + "swift-argument-parser (features may depend on TerminalUI and ContractSupport only)"
            ])
    }

    @Test func contractSupportDependsOnNothingAndOnlyFeaturesAndAppTestsUseIt() throws {
        let repo = try FakeRepo.clean()
        try repo.package(
            "Packages/ContractSupport", name: "ContractSupport", dependencies: [#".package(path: "../TerminalUI")"#])
        try repo.append("Packages/Repositories/Sources/Repositories/TaskRepository.swift", "import ContractSupport\n")
        try repo.write("App/Tests/AdaptersTests/ContractTests.swift", "import Adapters\nimport ContractSupport\n")
        let lines = try repo.violationLines()
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains("ContractSupport must not depend on TerminalUI") })
        #expect(lines.contains { $0.contains("Repositories must not import ContractSupport") })
    }

    @Test func localStorageImportingEntitiesFails() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/LocalStorage/Sources/LocalStorage/Database.swift", "import Entities\n")
        #expect(
            try repo.violationLines() == [
                "Packages/LocalStorage/Sources/LocalStorage/Database.swift:3: LocalStorage must not import Entities "
                    + "(LocalStorage may depend on GRDB only)"
            ])
    }

    @Test func localStorageDeclaringAnotherExternalPackageFails() throws {
        let repo = try FakeRepo.clean()
        try repo.package(
            "Packages/LocalStorage", name: "LocalStorage",
            dependencies: [
                #".package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")"#,
                #".package(url: "https://github.com/apple/swift-log", from: "1.0.0")"#,
            ])
        #expect(
            try repo.violationLines() == [
                "Packages/LocalStorage/Package.swift:11: LocalStorage must not depend on external package swift-log "
                    + "(LocalStorage may depend on GRDB only)"
            ])
    }

    @Test(arguments: [
        #".package(path: "../TerminalUI")"#,
        #".package(url: "https://github.com/apple/swift-collections.git", from: "1.0.0")"#,
        #".package(id: "apple.swift-collections", from: "1.0.0")"#,
    ])
    func entitiesDependingOnAnythingFails(dependency: String) throws {
        let repo = try FakeRepo.clean()
        try repo.package("Packages/Entities", name: "Entities", dependencies: [dependency])
        let lines = try repo.violationLines()
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Packages/Entities/Package.swift:10: Entities must not depend on ") == true)
        #expect(lines.first?.hasSuffix("(Entities may depend on nothing)") == true)
    }

    @Test func aFeatureImportingAnotherFeatureFails() throws {
        let repo = try FakeRepo.clean()
        try repo.write(
            "Packages/TasksFeature/Sources/TasksFeature/Picker.swift",
            "import TerminalUI\n@testable import ProjectsFeature\nimport struct ProjectsFeatureFakes.SampleData\n")
        #expect(
            try repo.violationLines() == [
                "Packages/TasksFeature/Sources/TasksFeature/Picker.swift:2: TasksFeature must not import "
                    + "ProjectsFeature (features may depend on TerminalUI and ContractSupport only)",
                "Packages/TasksFeature/Sources/TasksFeature/Picker.swift:3: TasksFeature must not import "
                    + "ProjectsFeatureFakes (features may depend on TerminalUI and ContractSupport only)",
            ])
    }

    @Test func importsInCommentsAndStringsAreIgnored() throws {
        let repo = try FakeRepo.clean()
        let source = ##"""
            import TerminalUI
            // import Entities
            /* import Repositories
               /* nested */ import LocalStorage
            */
            let example = "import Entities"
            let block = """
                import Entities
                """
            let raw = #"import Entities "\#(example)" "#
            """##
        try repo.write("Packages/TasksFeature/Sources/TasksFeature/Docs.swift", source)
        #expect(try repo.violationLines() == [])
    }

    @Test func testsOfAPackageAreCheckedToo() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/TerminalUI/Sources/TerminalUI/Table.swift", "")
        try repo.write(
            "Packages/TerminalUI/Tests/TerminalUITests/TableTests.swift", "import Testing\nimport Entities\n")
        #expect(
            try repo.violationLines() == [
                "Packages/TerminalUI/Tests/TerminalUITests/TableTests.swift:2: TerminalUI must not import Entities "
                    + "(TerminalUI may depend on nothing)"
            ])
    }

    @Test func appImportingServerFails() throws {
        let repo = try FakeRepo.clean()
        try repo.write("App/Sources/Adapters/Serve.swift", "import Foundation\nimport Server\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Adapters/Serve.swift:2: Adapters must not import Server "
                    + "(Adapters may depend on the features, TerminalUI, Workers, Entities and swift-log only)"
            ])
    }

    @Test func appFilesOutsideEveryTargetFollowThePackageRule() throws {
        let repo = try FakeRepo.clean()
        try repo.write("App/Sources/Scripts/Serve.swift", "import Foundation\nimport Server\nimport Repositories\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Scripts/Serve.swift:2: App must not import Server "
                    + "(App may depend on everything except Server, ArchitectureCheck and the end-to-end Tests)"
            ])
    }

    @Test func appDeclaringServerOrTheToolFails() throws {
        let repo = try FakeRepo.clean()
        try repo.replace(
            "App/Package.swift", #"        .package(path: "../Packages/Entities"),"#,
            with: #"""
                        .package(path: "../Packages/Server"),
                        .package(path: "../Packages/ArchitectureCheck/"),
                        .package(path: "../Packages/Entities"),
                """#)
        #expect(
            try repo.violationLines() == [
                "App/Package.swift:8: App must not depend on Server "
                    + "(App may depend on everything except Server, ArchitectureCheck and the end-to-end Tests)",
                "App/Package.swift:9: App must not depend on ArchitectureCheck "
                    + "(App may depend on everything except Server, ArchitectureCheck and the end-to-end Tests)",
            ])
    }

    @Test func repositoriesImportingGRDBDirectlyFails() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/Repositories/Sources/Repositories/TaskRepository.swift", "import GRDB\n")
        #expect(
            try repo.violationLines() == [
                "Packages/Repositories/Sources/Repositories/TaskRepository.swift:4: Repositories must not import GRDB "
                    + "(Repositories may depend on Entities, LocalStorage and RemoteStorage only)"
            ])
    }

    @Test func serverMayUseEntitiesButNoClientPackage() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/Server/Sources/Server/Routes.swift", "import Repositories\n")
        #expect(
            try repo.violationLines() == [
                "Packages/Server/Sources/Server/Routes.swift:3: Server must not import Repositories "
                    + "(Server may depend on Entities and external server libraries only)"
            ])
    }

    @Test func theEndToEndPackageMayNotLinkTheRepo() throws {
        let repo = try FakeRepo.clean()
        try repo.package(
            "Tests", name: "Tests", modules: ["EndToEndTests"], dependencies: [#".package(path: "../App")"#])
        #expect(
            try repo.violationLines() == [
                "Tests/Package.swift:10: Tests must not depend on App "
                    + "(the end-to-end Tests package may depend on nothing in the repo; it runs the binary)"
            ])
    }

    @Test func aPackageInNoLayerIsReported() throws {
        let repo = try FakeRepo.clean()
        try repo.package("Packages/Sync", name: "Sync")
        let lines = try repo.violationLines()
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Packages/Sync/Package.swift:1: Sync belongs to no layer") == true)
    }

    @Test func emptyPackagesAreCountedWithoutFiles() throws {
        let repo = try FakeRepo.clean()
        try repo.package("Packages/TimersFeature", name: "TimersFeature")
        let report = try repo.check()
        #expect(report.isClean)
        #expect(report.packageCount == FakeRepo.cleanPackageCount + 1)
        #expect(report.fileCount == FakeRepo.cleanFileCount)
    }

    @Test func aTreeWithoutPackagesIsAnError() throws {
        let repo = try FakeRepo()
        #expect(throws: ArchitectureCheckError.noPackages(root: repo.root.path)) { try repo.check() }
    }
}
