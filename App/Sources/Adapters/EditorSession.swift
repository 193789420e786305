import Entities
import Foundation
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which editor `stint task edit N` and `stint entries edit ID` open when given no change flags, chosen the way git
/// chooses one: `$VISUAL`, else `$EDITOR`, else `vi` — `vi` only on a terminal. Off a terminal an editor runs only
/// when one is named explicitly (a script, or a test, that sets `EDITOR` means it); otherwise there is no editor and
/// the command keeps asking for change flags (docs/adr/0009).
struct EditorChoice: Sendable, Equatable {
    /// The shell command to run, possibly with arguments (`code -w`); nil when no form can be edited here.
    var command: String?
    /// Where the form's file is written: `$TMPDIR`, else `/tmp`.
    var temporaryDirectory: String

    init(environment: [String: String], canPrompt: Bool) {
        let named = [environment["VISUAL"], environment["EDITOR"]].lazy.compactMap { $0 }
            .first { !$0.trimmingWhitespace().isEmpty }
        command = named ?? (canPrompt ? "vi" : nil)
        let temporary = environment["TMPDIR"] ?? ""
        temporaryDirectory = temporary.hasPrefix("/") ? temporary : "/tmp"
    }
}

/// One round of editing a form: the text goes to a private temporary file, the editor runs on it with the terminal
/// (stdin, stdout and stderr are the command's own), and the file is read back. The file is removed once its text
/// has been applied or found unchanged, and kept (``keep()``) when it could not be applied, so the work is not lost.
struct EditorSession {
    let command: String
    let path: String
    /// The text as written, before the editor ran.
    let original: String

    /// Writes `text` to a new file `stint-<name>-XXXXXX.txt` (mode 0600) in `directory`.
    init(command: String, directory: String, name: String, text: String) throws(WorkerError) {
        var template = Array("\(directory)/stint-\(name)-XXXXXX.txt".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, 4)
        }
        guard descriptor >= 0 else {
            throw WorkerError(
                .invalidInput,
                "cannot write the form to \(directory): \(String(cString: strerror(errno))); set TMPDIR to a folder "
                    + "you can write to")
        }
        defer { close(descriptor) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                unlink(path)
                throw WorkerError(
                    .invalidInput, "cannot write the form to \(path): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        self.command = command
        self.path = path
        self.original = text
    }

    /// Runs the editor and returns the file's text afterwards (empty when the file was removed).
    /// - Throws: `invalidInput` when the editor cannot be started or fails; the file is then kept if it was changed.
    func edit() throws(WorkerError) -> String {
        let status = Self.run(command, on: path)
        let bytes = FileManager.default.contents(atPath: path)
        // Saved in another encoding (or with a stray byte): refused with the file kept, like any form that cannot
        // be applied. Read as empty, the person's edits were dropped as "nothing changed".
        let decoded = bytes.flatMap { String(validating: $0, as: UTF8.self) }
        if status == 0, bytes != nil, decoded == nil {
            throw WorkerError(
                .invalidInput, "the edited form is not UTF-8 text; nothing changed, and your text is kept in \(path)")
        }
        let text = decoded ?? ""
        guard status == 0 else {
            let kept = text == original ? nil : path
            if kept == nil { discard() }
            let reason =
                status == 127
                ? "could not be started (set VISUAL or EDITOR to an editor such as nano or \"code -w\")"
                : "failed (exit status \(status))"
            // The editor is a value the person chose (VISUAL, EDITOR): one that does not work is a bad value.
            throw WorkerError(
                .invalidInput,
                "the editor '\(command)' \(reason); nothing changed"
                    + (kept.map { "; your text is kept in \($0)" } ?? ""))
        }
        return text
    }

    /// Removes the file: its text was applied, or there was nothing to apply.
    func discard() {
        unlink(path)
    }

    /// `error` with where the edited text is kept, so a mistake in one field does not cost the whole edit.
    func keeping(_ error: any Error) -> WorkerError {
        let wrapped = WorkerError(wrapping: error)
        return WorkerError(
            wrapped.kind, "\(wrapped.message); nothing changed, and your text is kept in \(path)", cause: error)
    }

    /// `/bin/sh -c '<command> "$1"' sh FILE`, as git runs an editor: the command may carry arguments and shell
    /// words, and the file name reaches it as one argument whatever characters it holds. Ctrl-C belongs to the editor
    /// while it runs; the child gets default signal handling back (this process ignores SIGPIPE).
    static func run(_ command: String, on path: String) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        let arguments = ["sh", "-c", command + " \"$1\"", "sh", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/sh", nil, &attributes, &argv, environ) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return 127 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
