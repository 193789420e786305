#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// File-system work done before SQLite touches the path: private directories and file, and a look at
/// the header so a file that is not SQLite is refused without being opened (and so never modified).
enum DatabaseFile {
    enum State {
        case absent
        /// Zero bytes: SQLite treats it as a new database (another process may have just created it).
        case empty
        /// `wal`: the header says the file is in WAL mode (bytes 18 and 19, the read and write format versions,
        /// are 2), which SQLite keeps there for as long as the mode lasts.
        case sqlite(wal: Bool)
        case notSQLite
    }

    /// Creates the missing parent directories, readable by the owner only (0700).
    ///
    /// Plain C calls on the path's bytes: every command starts here, and Foundation's URL and `Data` would each
    /// make the runtime look up generic conformances by scanning the executable's whole table (ADR 0028).
    static func createParentDirectories(of path: String) throws(LocalStorageError) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        let components = path.utf8[..<slash].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        var current = path.utf8.first == UInt8(ascii: "/") ? "" : "."
        for component in components {
            current += "/" + String(decoding: component, as: UTF8.self)
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw .cannotOpen(path: path, underlying: "cannot create the directory \(current): \(systemError())")
            }
        }
    }

    static func state(of path: String) throws(LocalStorageError) -> State {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .absent }
            throw .cannotOpen(path: path, underlying: systemError())
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .cannotOpen(path: path, underlying: "it is a directory")
        }
        if info.st_size == 0 { return .empty }
        // Read here, before SQLite opens the file: closing another descriptor of a file SQLite has open would
        // drop the locks SQLite holds on it (POSIX locks belong to the process), and another process could then
        // delete the WAL under it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, underlying: "the file cannot be read")
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 20) }
        guard count == 20, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else { return .notSQLite }
        return .sqlite(wal: header[18] == 2 && header[19] == 2)
    }

    /// Whether the `-wal` and `-shm` files SQLite keeps beside a WAL-mode file are there (a read-only connection
    /// cannot create the `-shm` file).
    static func hasWALFiles(_ path: String) -> Bool {
        access(path + "-wal", F_OK) == 0 && access(path + "-shm", F_OK) == 0
    }

    /// Creates an empty file readable by the owner only; SQLite gives its -wal and -shm files the
    /// same permissions. Never replaces a file created meanwhile by another process.
    static func createPrivateFile(at path: String) throws(LocalStorageError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .cannotOpen(path: path, underlying: systemError())
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
