import ArchitectureRules
import Testing

@Suite("check-architecture command line")
struct CheckArchitectureCommandTests {
    @Test func aCleanRepoPrintsOneLineAndExitsZero() throws {
        let repo = try FakeRepo.clean()
        let result = CheckArchitectureCommand.run(arguments: ["--root", repo.root.path], currentDirectory: "/")
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "architecture ok: 12 packages, 25 files checked\n")
        #expect(result.standardError == "")
    }

    @Test func violationsArePrintedThenSummarisedAndExitOne() throws {
        let repo = try FakeRepo.clean()
        try repo.write("Packages/TasksFeature/Sources/TasksFeature/X.swift", "import Entities\n")
        let result = CheckArchitectureCommand.run(
            arguments: ["--root=\(repo.root.lastPathComponent)"],
            currentDirectory: repo.root.deletingLastPathComponent().path)
        #expect(result.exitCode == 1)
        #expect(
            result.standardOutput
                == """
                Packages/TasksFeature/Sources/TasksFeature/X.swift:1: TasksFeature must not import Entities \
                (features may depend on TerminalUI and ContractSupport only)
                architecture check failed: 1 violation in 12 packages, 26 files checked

                """)
    }

    @Test func aMissingRootExitsTwo() {
        let result = CheckArchitectureCommand.run(
            arguments: ["--root", "/nonexistent-architecture-root"], currentDirectory: "/")
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: /nonexistent-architecture-root is not a directory\n")
    }

    @Test(arguments: [["--frobnicate"], ["--root"], ["extra"]])
    func badArgumentsExitWithUsage(arguments: [String]) {
        let result = CheckArchitectureCommand.run(arguments: arguments, currentDirectory: "/")
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("error: "))
        #expect(result.standardError.contains("usage: check-architecture [--root PATH]"))
    }
}
