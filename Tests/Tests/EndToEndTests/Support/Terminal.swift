import Foundation

/// script(1), which gives a command a pseudo-terminal; nil on a machine without it (those tests are then skipped).
let scriptPath: String? = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

extension Stint {
    /// Runs `stint <arguments>` on a pseudo-terminal, for what only happens on one (prompts, pickers, progress
    /// lines, colour, the terminal's own width).
    ///
    /// - Parameters:
    ///   - arguments: the command line after `stint`, as a shell reads it.
    ///   - typed: the keyboard; nothing when nil.
    ///   - columns: the terminal's width (`stty cols`), where Stint reads the width first; script's own when nil.
    ///   - environment: set on top of this home's environment.
    /// - Returns: the exit status and everything the terminal showed, escape codes and `\r\n` included.
    func onTerminal(
        _ arguments: String, typing typed: String? = nil, columns: Int? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, screen: String) {
        let name = UUID().uuidString
        let input = root.appendingPathComponent("typed-\(name).txt")
        let screen = root.appendingPathComponent("screen-\(name).txt")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: screen)
        }
        try Data((typed ?? "").utf8).write(to: input)
        guard FileManager.default.createFile(atPath: screen.path, contents: nil) else {
            throw StintFailure(description: "cannot create \(screen.path)")
        }
        let width = columns.map { "stty cols \($0) rows 50; " } ?? ""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scriptPath ?? "/usr/bin/script")
        process.arguments = ["-qec", "\(width)'\(binary.path)' \(arguments)", "/dev/null"]
        process.environment = self.environment.merging(environment) { _, new in new }
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: screen)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: screen, encoding: .utf8))
    }
}
