import Foundation
import TerminalUI
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes the files a user names (`stint import FILE`, `stint export --output FILE`) with
/// plain POSIX calls, so every failure has its own line in our words and its documented exit code:
/// Foundation's texts ("The operation could not be completed. (NSCocoaErrorDomain error 256.)") never
/// reach the user.
public enum FileAccess {
    /// The largest file an import reads: ten times a 100,000-entry export. Anything larger is not a Stint export,
    /// and a device such as /dev/zero would otherwise be read until memory runs out.
    static let maximumImportBytes = 512 << 20

    /// The name that means standard input, as in `stint import -` (the convention of cat, tar and git).
    static let standardInput = "-"

    /// How much is read between two reports to `progress`: often enough for a line redrawn a few times a
    /// second on a slow pipe, rarely enough to cost nothing on a local file.
    static let progressStep = 1 << 20

    /// The whole file, or standard input for `-`. A missing file is `notFound` (exit 2); a folder, an empty
    /// path or an unreadable file is `invalidInput` (exit 4).
    ///
    /// - Parameter progress: told the bytes read so far and the size when it is known (a file, or standard
    ///   input redirected from one; not a pipe), first before anything is read.
    static func contents(
        of path: String, limit: Int = maximumImportBytes, progress: (_ read: Int, _ total: Int?) -> Void = { _, _ in }
    ) throws(WorkerError) -> Data {
        guard !path.isEmpty else { throw WorkerError(.invalidInput, "name the file to import") }
        if path == standardInput {
            return try contents(of: STDIN_FILENO, shown: "standard input", limit: limit, progress: progress)
        }
        let shown = Self.shown(path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw WorkerError(.notFound, "there is no file \(shown)") }
            throw WorkerError(.invalidInput, "cannot read \(shown): \(reason(code))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            var inside = stat()
            if stat(path + "/data", &inside) == 0, (inside.st_mode & S_IFMT) == S_IFDIR {
                throw WorkerError(
                    .invalidInput, "\(shown) is a folder, Timewarrior's by the look of it: add --from timewarrior")
            }
            if stat(path + "/frames", &inside) == 0 {
                throw WorkerError(.invalidInput, "\(shown) is a folder, Watson's by the look of it: add --from watson")
            }
            throw WorkerError(.invalidInput, "\(shown) is a folder: name the file written by `stint export`")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw WorkerError(.invalidInput, "cannot read \(shown): \(reason(errno))") }
        defer { close(descriptor) }
        return try contents(of: descriptor, shown: shown, limit: limit, progress: progress)
    }

    /// Timewarrior's data files (`2026-11.data` and the like) in the folder `path`, or in its `data` folder, read in
    /// order as one text; nil when `path` is not a folder.
    static func timewarriorFolder(
        _ path: String, progress: (_ read: Int, _ total: Int?) -> Void = { _, _ in }
    ) throws(WorkerError) -> Data? {
        var info = stat()
        guard path != standardInput, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var folder = path
        if stat(path + "/data", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { folder = path + "/data" }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            let bytes = Array(name.utf8)
            return bytes.count == 12 && name.hasSuffix(".data") && bytes[4] == UInt8(ascii: "-")
                && (bytes[0..<4] + bytes[5..<7]).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }.sorted()
        guard !names.isEmpty else {
            throw WorkerError(
                .invalidInput, "\(shown(path)) holds no Timewarrior data files (like data/2026-11.data)")
        }
        var data = Data()
        for name in names {
            data.append(
                try contents(of: folder + "/" + name, limit: maximumImportBytes - data.count) { read, _ in
                    progress(data.count + read, nil)
                })
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// Watson's `frames` and `state` files: in the folder `path` (Watson's own, `~/.config/watson`), or the file
    /// `path` with the `state` beside it when the file is named `frames`. A missing state means nothing is tracked.
    static func watsonFiles(
        _ path: String, progress: (_ read: Int, _ total: Int?) -> Void = { _, _ in }
    ) throws(WorkerError) -> (frames: Data, state: Data?) {
        var info = stat()
        if path != standardInput, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            guard stat(path + "/frames", &info) == 0 else {
                throw WorkerError(.invalidInput, "\(shown(path)) holds no Watson frames file")
            }
            let frames = try contents(of: path + "/frames", progress: progress)
            let state = stat(path + "/state", &info) == 0 ? try contents(of: path + "/state", limit: 1 << 20) : nil
            return (frames, state)
        }
        let frames = try contents(of: path, progress: progress)
        let sibling = folder(of: path) + "/state"
        let named = name(of: path) == "frames"
        let state = named && stat(sibling, &info) == 0 ? try contents(of: sibling, limit: 1 << 20) : nil
        return (frames, state)
    }

    /// Everything an open descriptor still holds, read in one buffer sized up front when the size is known.
    private static func contents(
        of descriptor: Int32, shown: String, limit: Int, progress: (Int, Int?) -> Void
    ) throws(WorkerError) -> Data {
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw WorkerError(.invalidInput, "\(shown) is a folder: name the file written by `stint export`")
        }
        var data = Data()
        if let size { data.reserveCapacity(min(size, limit) + 1) }
        progress(0, size)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var reported = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw WorkerError(.invalidInput, "cannot read \(shown): \(reason(errno))")
            }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else {
                throw WorkerError(.invalidInput, "\(shown) is larger than \(limit >> 20) MiB: it is not a Stint export")
            }
            if data.count - reported >= progressStep {
                reported = data.count
                progress(reported, size)
            }
        }
        progress(data.count, size)
        return data
    }

    /// Writes `data` to `path`. A regular file is replaced atomically (a temporary file in the same folder,
    /// then a rename), so a failure never leaves half a backup; a device or pipe (`/dev/null`,
    /// `/dev/stdout`) is written directly. Every failure is `invalidInput` (exit 4).
    static func save(_ data: Data, to path: String) throws(WorkerError) {
        guard !path.isEmpty else { throw WorkerError(.invalidInput, "--output needs a file name") }
        let shown = Self.shown(path)
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw WorkerError(.invalidInput, "\(shown) is a folder: give a file name for the export")
            }
            if (info.st_mode & S_IFMT) != S_IFREG {
                try writeAll(data, to: path, flags: O_WRONLY | O_TRUNC, shown: shown)
                return
            }
        }
        let temporary = folder(of: path) + "/.stint-export-\(getpid()).tmp"
        try writeAll(data, to: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, shown: shown)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WorkerError(.invalidInput, "cannot write \(shown): \(reason(code))")
        }
    }

    /// Writes every byte of `buffer` to `descriptor`, going on after short writes and interruptions.
    /// - Returns: 0, or the `errno` of the write that failed.
    static func writeFully(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard var pointer = buffer.baseAddress else { return 0 }
        var remaining = buffer.count
        while remaining > 0 {
            let written = write(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            remaining -= written
            pointer += written
        }
        return 0
    }

    private static func writeAll(_ data: Data, to path: String, flags: Int32, shown: String) throws(WorkerError) {
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw WorkerError(.invalidInput, "cannot write \(shown): \(reason(errno))") }
        var failure = data.withUnsafeBytes { writeFully($0, to: descriptor) }
        if failure == 0, fsync(descriptor) != 0, errno != EINVAL, errno != EROFS { failure = errno }
        close(descriptor)
        if failure != 0 {
            if flags & O_CREAT != 0 { unlink(path) }
            throw WorkerError(.invalidInput, "cannot write \(shown): \(reason(failure))")
        }
    }

    /// The failure of standard output during the run, as the error the run ends with: `stint export > backup.json`
    /// on a full disk wrote part of the backup and must say so instead of exiting 0. Nil when every write landed or
    /// the output is not the process's own (tests capture it).
    public static func standardOutputFailure(of output: any TextOutput) -> WorkerError? {
        guard output is StandardOutput, StandardOutput.failure != 0 else { return nil }
        return WorkerError(.invalidInput, "cannot write to standard output: \(reason(StandardOutput.failure))")
    }

    /// Our words for the errors people meet; anything rarer gets the C library's short text.
    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT, ENOTDIR: return "its folder does not exist"
        case EISDIR: return "it is a folder"
        case ENOSPC: return "the disk is full"
        case EROFS: return "the file system is read-only"
        case ENAMETOOLONG: return "the name is too long"
        case EEXIST: return "a temporary file is in the way; try again"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// The folder that holds `path`: what comes before its last slash, "/" for a name at the root, "." for a bare
    /// name. Plain string work: Foundation's `deletingLastPathComponent` on Linux traps on a one-character path
    /// (`stint export -o b` ended with SIGILL and no message).
    static func folder(of path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) else { return "." }
        var folderEnd = slash
        while folderEnd > 0, bytes[folderEnd - 1] == UInt8(ascii: "/") { folderEnd -= 1 }
        return folderEnd == 0 ? "/" : String(decoding: bytes[..<folderEnd], as: UTF8.self)
    }

    /// The last part of `path` (after its last slash, trailing slashes ignored).
    static func name(of path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The path as it may be shown on one line: quoted, control characters escaped, long ones cut.
    static func shown(_ path: String) -> String {
        "'\(DisplayText.excerpt(path, limit: 200))'"
    }
}
