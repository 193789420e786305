import ArchitectureRules
import Testing

@Suite("Public type names of modules that can meet")
struct PublicTypeNameTests {
    private static let rule = "(a public type name may be declared by only one of the modules a target may import)"

    @Test func aTypeNameDeclaredByTwoModulesThatMeetFails() throws {
        let repo = try FakeRepo.clean()
        // The workers' and the feature's types meet in the Adapters, which map one onto the other.
        try repo.append("App/Sources/Workers/TaskWorker.swift", "public struct TaskQuery: Sendable {}\n")
        try repo.append("Packages/TasksFeature/Sources/TasksFeature/View.swift", "public struct TaskQuery {}\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Workers/TaskWorker.swift:6: public type TaskQuery is also declared by TasksFeature; "
                    + "modules TasksFeature and Workers meet in Adapters \(Self.rule)"
            ])
    }

    @Test func twoFeaturesMeetInTheAdapters() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/ProjectsFeature/Sources/ProjectsFeature/View.swift", "public enum OutputFormat {}\n")
        try repo.append("Packages/TasksFeature/Sources/TasksFeature/View.swift", "public enum OutputFormat {}\n")
        #expect(
            try repo.violationLines() == [
                "Packages/TasksFeature/Sources/TasksFeature/View.swift:2: public type OutputFormat is also declared by "
                    + "ProjectsFeature; modules ProjectsFeature and TasksFeature meet in Adapters \(Self.rule)"
            ])
    }

    @Test func anAppTargetMeetsWhatItMayImport() throws {
        let repo = try FakeRepo.clean()
        try repo.append(
            "Packages/Repositories/Sources/Repositories/TaskRepository.swift", "public enum TaskSort: Sendable {}\n")
        try repo.append("App/Sources/Workers/TaskWorker.swift", "public enum TaskSort {}\n")
        #expect(
            try repo.violationLines() == [
                "App/Sources/Workers/TaskWorker.swift:6: public type TaskSort is also declared by Repositories; "
                    + "modules Repositories and Workers meet in Workers \(Self.rule)"
            ])
    }

    @Test func onlyTheEntityMirrorsOfTheBriefMayShareANameWithEntities() throws {
        let repo = try FakeRepo.clean()
        try repo.append(
            "Packages/Entities/Sources/Entities/Project.swift", "public struct Task {}\npublic struct Tag {}\n")
        try repo.append(
            "Packages/TasksFeature/Sources/TasksFeature/View.swift", "public struct Task {}\npublic struct Tag {}\n")
        #expect(
            try repo.violationLines() == [
                "Packages/TasksFeature/Sources/TasksFeature/View.swift:3: public type Tag is also declared by "
                    + "Entities; modules Entities and TasksFeature meet in Adapters \(Self.rule)"
            ])
    }

    @Test func theMirrorExceptionIsForFeaturesOnly() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/Repositories/Sources/Repositories/TaskRepository.swift", "public struct Project {}\n")
        // Repositories meets Entities in Workers; it never meets the feature that mirrors Project.
        #expect(
            try repo.violationLines() == [
                "Packages/Repositories/Sources/Repositories/TaskRepository.swift:4: public type Project is also "
                    + "declared by Entities; modules Entities and Repositories meet in Workers \(Self.rule)"
            ])
    }

    @Test func modulesThatNeverMeetMayShareNames() throws {
        let repo = try FakeRepo.clean()
        try repo.append("Packages/LocalStorage/Sources/LocalStorage/Database.swift", "public struct TaskRecord {}\n")
        try repo.append("Packages/Server/Sources/Server/Routes.swift", "public struct TaskRecord {}\n")
        try repo.append("Packages/TasksFeature/Sources/TasksFeature/View.swift", "public struct TaskRecord {}\n")
        #expect(try repo.violationLines() == [])
    }

    @Test func onlyPublicTopLevelTypesOfLibraryTargetsCount() throws {
        let repo = try FakeRepo.clean()
        try repo.package(
            "Packages/TasksFeature", name: "TasksFeature", modules: ["TasksFeature", "TasksFeatureFakes"],
            executables: ["TasksFeatureDemo"], dependencies: [#".package(path: "../TerminalUI")"#])
        try repo.write(
            "Packages/Repositories/Sources/Repositories/Queries.swift",
            "import Entities\n\npublic struct TaskQuery {}\npublic enum TaskSort {}\n")
        let source = """
            import TerminalUI

            struct TaskQuery {}
            public extension String {}
            public enum Namespace {
                public enum TaskSort {}
            }
            // public struct TaskQuery {}
            let text = "public struct TaskQuery {}"
            """
        try repo.write("Packages/TasksFeature/Sources/TasksFeature/Queries.swift", source)
        try repo.write("Packages/TasksFeature/Sources/TasksFeatureDemo/main.swift", "public struct TaskQuery {}\n")
        try repo.append(
            "Packages/TasksFeature/Tests/TasksFeatureTests/InteractorTests.swift", "public struct TaskQuery {}\n")
        #expect(try repo.violationLines() == [])
    }
}
