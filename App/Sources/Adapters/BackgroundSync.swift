import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a sync that runs on after the command that asked for it has returned (auto-sync, ADR 0026).
///
/// A command must return as fast as it does offline, so it never waits for the network: it hands the sync to a
/// detached process of its own and exits. Injected through ``ProcessContext`` because the real one spawns this very
/// executable, which in an in-process test is the test runner.
public protocol BackgroundSyncLaunching: Sendable {
    /// Starts a background sync of the data in `dataDirectory` and returns at once, unless one is already waiting to
    /// start, which then takes this command's changes too.
    /// - Returns: whether a process was started.
    @discardableResult
    func launch(dataDirectory: URL) -> Bool
}

/// Launches nothing: the default of a ``ProcessContext`` made by hand (tests), so a test never spawns its runner.
/// Counts what it was asked, for tests that check that a change asks for a sync and a read does not.
public final class RecordedBackgroundSyncs: BackgroundSyncLaunching, @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [URL] = []

    public init() {}

    /// The data folders a background sync was asked for, oldest first.
    public var launches: [URL] { lock.withLock { folders } }

    public func launch(dataDirectory: URL) -> Bool {
        lock.withLock { folders.append(dataDirectory) }
        return false
    }
}

/// The locks that keep background syncs of one data folder from piling up and from running beside `stint sync`.
///
/// Two files in the data folder, locked with `flock` (released by the kernel when a process dies, so a crash never
/// leaves a stale lock):
/// - `sync.lock` is held by whoever syncs: `stint sync`, a round of `--watch`, a background sync.
/// - `sync-next.lock` is held by the one background sync waiting to start. A command that finds it held starts
///   nothing: the waiting sync has not begun and will push this command's change as well. So ten quick commands
///   start at most two syncs (one running, one waiting), never ten.
///
/// The command takes `sync-next.lock` itself before spawning and the child inherits that very descriptor, so the lock
/// is held without a gap from the command to the sync that honours it.
public enum SyncLocks {
    static let runningName = "sync.lock"
    static let nextName = "sync-next.lock"
    /// The descriptor number the spawned sync finds its inherited `sync-next.lock` on.
    public static let handedOverDescriptor: Int32 = 3

    /// Opens (creating, 0600) one of the lock files; -1 when the folder cannot hold it.
    static func openFile(_ name: String, in directory: URL) -> Int32 {
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return open(directory.appendingPathComponent(name).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    }

    /// Closes descriptor 3 if it is this folder's `sync-next.lock` handed over by the command that started this
    /// process, letting the next command queue the next sync. Checked by inode: run by hand (or in a test's process)
    /// descriptor 3 is someone else's and stays open.
    public static func releaseHandedOver(in directory: URL) {
        var inherited = stat()
        var file = stat()
        guard fstat(handedOverDescriptor, &inherited) == 0,
            stat(directory.appendingPathComponent(nextName).path, &file) == 0,
            inherited.st_dev == file.st_dev, inherited.st_ino == file.st_ino
        else { return }
        close(handedOverDescriptor)
    }

    /// Holds `sync.lock` until the returned value is released; waits while another sync of this folder runs. Calls
    /// `waiting` once first when it has to wait, so a person is told why nothing happens.
    public static func holdRunning(in directory: URL, waiting: () -> Void = {}) -> HeldLock? {
        let descriptor = openFile(runningName, in: directory)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    return nil
                }
            }
        }
        return HeldLock(descriptor: descriptor)
    }
}

/// A held `flock`, released (closed) exactly once.
public final class HeldLock: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func release() {
        lock.withLock {
            if let descriptor { close(descriptor) }
            descriptor = nil
        }
    }

    deinit { release() }
}

/// Spawns `stint sync run --background` as a detached process: its own session (a Ctrl-C or a closed terminal does
/// not reach it), standard streams on /dev/null, no descriptor of ours but the handed-over lock, and the same
/// environment, so it finds the same data folder and server.
struct DetachedBackgroundSync: BackgroundSyncLaunching {
    func launch(dataDirectory: URL) -> Bool {
        let next = SyncLocks.openFile(SyncLocks.nextName, in: dataDirectory)
        guard next >= 0 else { return false }
        // The child holds its own reference to the lock from here on; ours goes when we return.
        defer { close(next) }
        guard flock(next, LOCK_EX | LOCK_NB) == 0 else { return false }
        guard let executable = Self.executablePath() else { return false }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // dup2 clears close-on-exec on the copy: the one descriptor the child keeps.
        posix_spawn_file_actions_adddup2(&actions, next, SyncLocks.handedOverDescriptor)
        _ = Self.closeFrom?(&actions, SyncLocks.handedOverDescriptor + 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.setSID)

        let arguments = [executable, "sync", "run", "--background"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        return posix_spawn(&child, executable, &actions, &attributes, &argv, environ) == 0
    }

    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h), which Swift's Glibc module leaves out with the other GNU extensions.
    static let setSID: Int16 = 0x80

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), looked up at run time for the same reason. A
    /// descriptor a test harness or a shell left open must not live on in a detached process: whoever waits for that
    /// descriptor to close would wait for the sync too. Without it only close-on-exec descriptors are closed.
    static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(
            symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// This executable, as the kernel knows it (the command may have been started through a relative path or PATH).
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
