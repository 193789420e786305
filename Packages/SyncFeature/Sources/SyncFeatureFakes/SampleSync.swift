import Foundation
import SyncFeature

/// A small, believable sync setup for the demo and for tests that want a populated fake.
///
/// Everything is dated relative to ``referenceDate`` (Monday 2 March 2026, 09:00 UTC), so relative times render the
/// same on every run.
public enum SampleSync {
    public static let referenceDate = Date(timeIntervalSince1970: 1_772_442_000)
    public static let server = "https://stint.example.com"
    /// Ana's token on the sample server (the demo's `login` uses it).
    public static let token = "stint_sample-token-ana"

    /// Fixed ids, so prefixes such as `7c1e` can be used in examples.
    public enum IDs {
        public static let ana = "a11ce000-0000-4000-8000-000000000001"
        public static let ben = "b0b00000-0000-4000-8000-000000000002"
        public static let chloe = "c10e0000-0000-4000-8000-000000000003"
        public static let laptop = "1a7b0900-0000-4000-8000-00000000000a"
        public static let reportTask = "3f2a9c14-6b0e-4d5a-9a61-0c7e2b5d8e01"
        public static let dueConflict = "7c1e5a39-91b4-4f2e-8d6a-2b1c3d4e5f03"
        public static let noteConflict = "9d4f2b61-3c2b-4a19-9e8d-7f6a5b4c3d04"
    }

    /// Ana on her laptop, as `login` would have left her.
    public static let account = SyncAccount(
        server: server, userID: IDs.ana, userName: "Ana", deviceID: IDs.laptop, deviceName: "laptop")

    /// A conflict from an earlier sync: the due date of "Write report" was moved on both devices.
    public static let dueConflict = SyncConflict(
        id: IDs.dueConflict, entity: "task", recordID: IDs.reportTask, label: "Write report", field: "due",
        mine: "2026-03-06", theirs: "2026-03-04", createdAt: referenceDate - 25 * 60)

    /// An older conflict, already resolved by keeping the server's value.
    public static let noteConflict = SyncConflict(
        id: IDs.noteConflict, entity: "project", recordID: "e5d6f7a8-3c2b-4a19-9e8d-7f6a5b4c3d04", label: "Work",
        field: "name", mine: "Client work", theirs: "Work", createdAt: referenceDate - 2 * 86_400,
        resolvedAt: referenceDate - 86_400, resolution: .theirs)

    /// The sample server (Ana, Ben, Chloé) with this device logged in as Ana, last synced 5 minutes ago, 12 changes
    /// pending (one will conflict with Ben's edit, one will be rejected), 30 changes waiting on the server, one open
    /// and one resolved conflict.
    /// - Parameters:
    ///   - loggedIn: `false` leaves the device logged out (the server and its users are still there).
    ///   - stepDelay: a pause between progress reports, for the demo.
    public static func makeServices(loggedIn: Bool = true, stepDelay: Duration = .zero) async
        -> InMemorySyncServices
    {
        let services = InMemorySyncServices(
            now: referenceDate, makeID: SequentialIDs().next, stepDelay: stepDelay)
        await services.addUser(named: "Ana", id: IDs.ana, token: token)
        await services.addUser(named: "Ben", id: IDs.ben, token: "stint_sample-token-ben")
        await services.addUser(named: "Chloé", id: IDs.chloe, token: "stint_sample-token-chloe")
        if loggedIn { await services.seedLogin(account, lastSync: referenceDate - 5 * 60) }
        await services.seedConflict(noteConflict)
        await services.seedConflict(dueConflict)
        await services.makeLocalChanges(10)
        await services.makeConflict(
            recordID: IDs.reportTask, label: "Write report", field: "title", mine: "Write the Q1 report",
            theirs: "Write report")
        await services.makeRejectedChange(
            entity: "time entry", label: "", reason: "belongs to another user",
            recordID: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a05")
        await services.makeRemoteChanges(30)
        return services
    }
}

/// Ids that are the same on every run: `00000001-5a3c-4e00-8000-000000000001`, then …02, and so on.
final class SequentialIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    var next: @Sendable () -> String {
        { [self] in
            let number = lock.withLock {
                last += 1
                return last
            }
            let hex = String(number, radix: 16)
            let short = String(repeating: "0", count: max(0, 8 - hex.count)) + hex
            let long = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
            return "\(short)-5a3c-4e00-8000-\(long)"
        }
    }
}
