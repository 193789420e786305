import Foundation

/// One finished run of a command: wall time from spawn to exit and, when measured, its peak memory.
struct PeerSample {
    let duration: Duration
    /// The command's ru_maxrss in KiB, when it ran under GNU time (see `PeerRunner.run`).
    let maxResidentKiB: Int?
}

/// A command that failed, or a bench step that cannot go on; the bench stops with its message.
struct PeerBenchError: Error, CustomStringConvertible {
    let description: String
}

/// Runs any tool of the side-by-side bench as a child process, the way `CommandRunner` runs stint:
/// posix_spawn and a blocking wait4 (Foundation's `Process.waitUntilExit()` on Linux polls its run loop
/// every 50 ms, which would swamp a 2 ms command).
///
/// Peak memory cannot come from that wait4's rusage: posix_spawn starts the child on the bench's own
/// address space (vfork), and at exec Linux folds the old address space's high-water mark into the
/// child's ru_maxrss, so every command would report at least the bench's hundreds of MiB. GNU time
/// forks the command from its own 1 MiB process and reads the child's ru_maxrss with wait4, which is
/// the command's own figure; it adds a fork to the wall time, so it runs only where memory is measured
/// and time is not (the warm-up round, the loads, the checks).
struct PeerRunner {
    let root: URL
    /// GNU time (`/usr/bin/time`, Debian package `time`).
    let gnuTime: String
    let environment: [String: String]

    /// Runs once with stdin and stdout on /dev/null (or stdout into a file when `capture`), and returns
    /// the sample and what was printed; with `measureMemory` the command runs under GNU time. Any exit
    /// but 0 throws with the command's stderr: a failing command's time means nothing.
    func run(
        _ command: String, _ commandArguments: [String], capture: Bool = false, measureMemory: Bool = false
    ) throws -> (PeerSample, String) {
        let memoryPath = root.appendingPathComponent("maxrss.txt").path
        let executable = measureMemory ? gnuTime : command
        let arguments = measureMemory ? ["-f", "%M", "-o", memoryPath, command] + commandArguments : commandArguments
        let outputPath = root.appendingPathComponent("stdout.txt").path
        let errorPath = root.appendingPathComponent("stderr.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid = pid_t()
        var status: Int32 = 0
        var usage = rusage()  // wanted by wait4 only; see the type's comment
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw PeerBenchError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start

        // WIFEXITED / WEXITSTATUS are macros; spelled out: exited normally with code 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            let code = status & 0x7f == 0 ? "exit code \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
            throw PeerBenchError(
                description: "`\(([command] + commandArguments).map(Self.quoted).joined(separator: " "))` failed with "
                    + "\(code): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let output = capture ? (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" : ""
        let memory =
            measureMemory
            ? (try? String(contentsOfFile: memoryPath, encoding: .utf8))?.split(separator: "\n").last
                .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } : nil
        return (PeerSample(duration: elapsed, maxResidentKiB: memory), output)
    }

    /// How a command is shown to a person: words with spaces in quotes.
    static func quoted(_ word: String) -> String {
        word.contains(" ") ? "\"\(word)\"" : word
    }
}
