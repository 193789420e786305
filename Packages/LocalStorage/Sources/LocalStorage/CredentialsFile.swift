import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server and token of a login, as the credentials file holds them.
///
/// Its description never shows the token, so it cannot leak into a log or an error message.
public struct Credentials: Sendable, Equatable, Codable, CustomStringConvertible {
    public var server: String
    public var token: String

    public init(server: String, token: String) {
        self.server = server
        self.token = token
    }

    public var description: String { "Credentials(server: \(server), token: <redacted>)" }
}

/// The secret half of a login, kept out of the database in its own file readable by the owner only.
///
/// The file is JSON `{"server": …, "token": …}`, mode 0600, in a directory created with mode 0700. It is
/// replaced atomically (a private temporary file renamed over it), so a crash leaves the old file or the
/// new one, never half of one, and its permissions are never wider than 0600 at any moment. A file that
/// other users can read is refused rather than used: the token in it may have leaked.
public struct CredentialsFile: Sendable {
    /// Where the file lives.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The stored credentials; nil when there is no file.
    /// - Throws: ``LocalStorageError/cannotOpen(path:underlying:)`` when the file cannot be read, is not
    ///   valid, or is readable by group or others.
    public func read() throws(LocalStorageError) -> Credentials? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .cannotOpen(path: url.path, underlying: Self.systemError())
        }
        if info.st_mode & 0o077 != 0 {
            throw .cannotOpen(
                path: url.path,
                underlying: "the credentials file is readable by other users; run chmod 600 on it or log in again")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .cannotOpen(path: url.path, underlying: "the file cannot be read")
        }
        do {
            return try JSONDecoder().decode(Credentials.self, from: data)
        } catch {
            throw .cannotOpen(path: url.path, underlying: "the credentials file is not valid")
        }
    }

    /// Stores `credentials`, replacing the file atomically with one of mode 0600.
    /// - Throws: ``LocalStorageError/cannotOpen(path:underlying:)`` on a file-system failure; the
    ///   previous file is then left as it was.
    public func write(_ credentials: Credentials) throws(LocalStorageError) {
        try DatabaseFile.createParentDirectories(of: url.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(credentials) } catch {
            throw .cannotOpen(path: url.path, underlying: "the credentials cannot be encoded")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: url.path, underlying: Self.systemError()) }
        // The umask may have narrowed the mode; it can never have widened it, but make it exact.
        fchmod(descriptor, 0o600)
        let written = data.withUnsafeBytes { buffer in
            systemWrite(descriptor, buffer.baseAddress, buffer.count)
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == data.count, synced, rename(temporary, url.path) == 0 else {
            let detail = Self.systemError()
            unlink(temporary)
            throw .cannotOpen(path: url.path, underlying: detail)
        }
    }

    /// Removes the file; true when there was one.
    @discardableResult
    public func delete() throws(LocalStorageError) -> Bool {
        if unlink(url.path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .cannotOpen(path: url.path, underlying: Self.systemError())
    }

    private static func systemError() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}

/// The C `write`, which the method of the same name hides inside ``CredentialsFile``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}
