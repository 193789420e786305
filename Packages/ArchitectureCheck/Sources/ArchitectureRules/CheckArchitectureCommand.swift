import Foundation

/// The `check-architecture` command line, kept in the library so its output and exit codes are tested
/// without spawning a process. The executable only prints the result and exits with its code.
///
/// Exit codes: 0 no violation, 1 violations found, 2 the tree could not be read, 64 bad arguments.
public enum CheckArchitectureCommand {
    /// What the process prints and returns.
    public struct Result: Sendable, Equatable {
        public let exitCode: Int32
        public let standardOutput: String
        public let standardError: String

        public init(exitCode: Int32, standardOutput: String, standardError: String) {
            self.exitCode = exitCode
            self.standardOutput = standardOutput
            self.standardError = standardError
        }
    }

    public static let usage = """
        usage: check-architecture [--root PATH]

        Checks that every package of the repo at PATH (default "."), and every target of App/, depends on
        and imports only what ARCHITECTURE.md §1 allows, and that no two modules one target may import
        declare the same public type name. Prints one line per violation; exits 1 if there is any.
        """

    /// Runs the command.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - currentDirectory: what a relative `--root` is resolved against.
    public static func run(arguments: [String], currentDirectory: String) -> Result {
        var rootArgument = "."
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" {
                return Result(exitCode: 0, standardOutput: usage + "\n", standardError: "")
            } else if argument == "--root", let value = remaining.popFirst() {
                rootArgument = value
            } else if argument.hasPrefix("--root=") {
                rootArgument = String(argument.dropFirst("--root=".count))
            } else {
                let problem = argument == "--root" ? "--root needs a PATH" : "unexpected argument '\(argument)'"
                return Result(exitCode: 64, standardOutput: "", standardError: "error: \(problem)\n\(usage)\n")
            }
        }
        let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        let root = URL(fileURLWithPath: rootArgument, relativeTo: base).standardizedFileURL.path
        do {
            let report = try ArchitectureChecker(root: root).check()
            let lines = report.violations.map(\.description) + [report.summary]
            return Result(
                exitCode: report.isClean ? 0 : 1,
                standardOutput: lines.joined(separator: "\n") + "\n",
                standardError: "")
        } catch {
            return Result(exitCode: 2, standardOutput: "", standardError: "error: \(error.localizedDescription)\n")
        }
    }
}
