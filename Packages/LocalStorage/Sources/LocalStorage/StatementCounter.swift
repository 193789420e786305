import Foundation

/// Counts the SQL statements one ``LocalStore`` runs, so a command can report how much database work
/// it did (the App shows it under `--verbose`).
///
/// SQLite's statement trace calls ``increment()`` once for every statement it starts, GRDB's own
/// (transactions, pragmas) included. A lock, not an atomic, because the package still supports
/// macOS 14 where `Synchronization.Atomic` is unavailable; one uncontended lock per statement is
/// noise next to the statement itself.
final class StatementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
