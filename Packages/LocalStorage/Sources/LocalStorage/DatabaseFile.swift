import Foundation

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
    static func createParentDirectories(of path: String) throws(LocalStorageError) {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var current = ""
        for component in parent.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + component
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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, underlying: "the file cannot be read")
        }
        defer { try? handle.close() }
        // Read here, before SQLite opens the file: closing another descriptor of a file SQLite has open would
        // drop the locks SQLite holds on it (POSIX locks belong to the process), and another process could then
        // delete the WAL under it.
        let header = (try? handle.read(upToCount: 20)) ?? Data()
        guard header.count == 20, header.prefix(16) == Data("SQLite format 3\0".utf8) else { return .notSQLite }
        let versions = header.dropFirst(18)
        return .sqlite(wal: versions.first == 2 && versions.last == 2)
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
