import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks the user for one line of text. Features depend on this instead of calling `readLine` themselves so every
/// prompt can be scripted in tests (``ScriptedLineReader``) and the host decides where questions are shown.
///
/// The reader shows `prompt` itself, so it owns the prompt line: callers write nothing between asking and answering.
public protocol LineReader: Sendable {
    /// Shows `prompt` (without adding a newline) and waits for the user's answer.
    /// - Returns: the line typed, without its line ending (possibly empty); `nil` when input has ended (Ctrl-D,
    ///   a closed pipe), which callers treat as "the user is gone", never as an answer.
    func readLine(prompt: String) -> String?
}

/// Reads answers from standard input. The prompt goes to `output` (standard output unless told otherwise), after
/// flushing anything the C library still buffers there, so the question always appears before the cursor.
public struct StandardLineReader: LineReader {
    private let output: any TextOutput

    /// - Parameter output: where prompts are written; pass ``StandardError`` to keep standard output clean.
    public init(output: any TextOutput = StandardOutput()) {
        self.output = output
    }

    public func readLine(prompt: String) -> String? {
        // nil flushes every C stream (naming `stdout` is not concurrency-safe in Swift 6).
        fflush(nil)
        output.write(prompt)
        guard let line = Swift.readLine(strippingNewline: true) else {
            // End the prompt line so whatever is printed next starts at the left margin.
            output.write("\n")
            return nil
        }
        return line
    }
}

/// Answers prompts from a fixed list, then reports end of input; remembers every prompt it was shown so tests can
/// check what the user would have been asked.
///
/// Safe to share between tasks: every access goes through a lock.
public final class ScriptedLineReader: LineReader, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String]
    private var shown: [String] = []

    /// - Parameter answers: the lines "typed", in order; once they run out every read returns `nil`.
    public init(_ answers: [String] = []) {
        pending = answers
    }

    public func readLine(prompt: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        shown.append(prompt)
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    /// Every prompt shown so far, oldest first (including the one answered with end of input).
    public var prompts: [String] {
        lock.lock()
        defer { lock.unlock() }
        return shown
    }

    /// The answers not read yet.
    public var remainingAnswers: [String] {
        lock.lock()
        defer { lock.unlock() }
        return pending
    }
}
