import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a view writes its text. Views depend on this instead of `print` so tests can capture what a user sees.
///
/// Each call writes one whole chunk exactly as given; callers add their own "\n".
public protocol TextOutput: Sendable {
    /// Writes `text` as is. Write errors do not throw: a view has nowhere to report them, and a closed pipe is not
    /// an error; standard output keeps the first real one for the end of the run (`StandardOutput.failure`).
    func write(_ text: String)

    /// Writes `text`, UTF-8 bytes, as is. A view that assembles its text as bytes (a table, a JSON listing) hands
    /// them over without making a `String` of them first: for the full task list that was a megabyte copied and
    /// checked byte by byte, and as many fresh pages. The bytes are only valid during the call.
    func write(utf8 text: UnsafeBufferPointer<UInt8>)
}

extension TextOutput {
    /// As a `String`, for outputs that keep text (tests, captured output).
    public func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        write(String(decoding: text, as: UTF8.self))
    }

    /// Writes `text` and a line break. A long text (a listing, a JSON document) gets the break as a write of its own:
    /// appending it first copied the whole text into a new string, megabytes for a big listing; a short one is
    /// still one write.
    public func writeLine(_ text: String) {
        if text.utf8.count < 65_536 {
            write(text + "\n")
        } else {
            write(text)
            write("\n")
        }
    }
}

/// Writes straight to file descriptor 1 with no buffering, so output interleaves correctly with standard error.
public struct StandardOutput: TextOutput {
    public init() {}

    /// The `errno` of the first write to standard output that failed for a reason other than a closed pipe, or 0.
    /// A view cannot stop on it (the protocol's writes do not throw), but the run can: `stint export > backup.json`
    /// on a full disk must not exit 0 with half a backup. A closed pipe (`stint task list | head`) is the reader's
    /// choice, not a failure.
    public static var failure: Int32 { firstFailure.value }

    private static let firstFailure = FirstFailure()

    public func write(_ text: String) {
        Self.note(FileDescriptorWriter.write(text, to: STDOUT_FILENO))
    }

    public func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        Self.note(FileDescriptorWriter.write(text, to: STDOUT_FILENO))
    }

    private static func note(_ code: Int32) {
        guard code != 0, code != EPIPE else { return }
        firstFailure.keep(code)
    }

    /// Behind a lock: output may be written from several tasks. (`Atomic` would need macOS 15.)
    private final class FirstFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var code: Int32 = 0

        var value: Int32 {
            lock.lock()
            defer { lock.unlock() }
            return code
        }

        func keep(_ code: Int32) {
            lock.lock()
            if self.code == 0 { self.code = code }
            lock.unlock()
        }
    }
}

/// Writes straight to file descriptor 2 (messages, warnings, progress).
public struct StandardError: TextOutput {
    public init() {}

    public func write(_ text: String) {
        FileDescriptorWriter.write(text, to: STDERR_FILENO)
    }

    public func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        FileDescriptorWriter.write(text, to: STDERR_FILENO)
    }
}

enum FileDescriptorWriter {
    /// - Returns: 0, or the `errno` of the write that failed.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { write($0, to: descriptor) }
    }

    /// - Returns: 0, or the `errno` of the write that failed.
    @discardableResult
    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
        guard var pointer = buffer.baseAddress else { return 0 }
        var remaining = buffer.count
        while remaining > 0 {
            #if canImport(Glibc)
                let written = Glibc.write(descriptor, pointer, remaining)
            #else
                let written = Darwin.write(descriptor, pointer, remaining)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                // A descriptor inherited non-blocking (a shell or a parent set O_NONBLOCK on a shared pipe) is full
                // for a moment, not failed: wait until it takes more.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return errno
            }
            remaining -= written
            pointer += written
        }
        return 0
    }
}

/// Collects everything written to it in memory, for tests and for building output before deciding where it goes.
///
/// Safe to share between tasks: every access goes through a lock.
public final class CapturedOutput: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""

    public init() {}

    public func write(_ text: String) {
        lock.lock()
        storage += text
        lock.unlock()
    }

    /// Everything written so far, concatenated.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// The text split at "\n"; a final newline does not produce an extra empty line.
    public var lines: [String] {
        let all = text
        if all.isEmpty { return [] }
        var parts = all.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if all.hasSuffix("\n") { parts.removeLast() }
        return parts
    }

    /// Forgets everything written so far.
    public func clear() {
        lock.lock()
        storage = ""
        lock.unlock()
    }
}
