import Foundation
import Repositories

/// Sync with a Stint server, in the workers' own vocabulary: the Adapters above never see Repositories.
public struct SyncWorker: Sendable {
    let sync: any SyncRepository
    let clock: WorkCalendar

    /// The link between this device and a server.
    public struct Account: Sendable, Hashable {
        public let server: String
        public let userID: UUID
        public let userName: String
        public let deviceID: UUID
        public let deviceName: String
    }

    /// State of sync read without the network.
    public struct Status: Sendable, Hashable {
        public let account: Account?
        public let pending: Int
        public let lastSync: Date?
        public let conflicts: Int
        public let checkedAt: Date
        public let autoSync: Bool
        /// Why the last background sync failed, until a sync succeeds.
        public let autoSyncFailure: String?
    }

    /// What a command asks after it changed something: start a background sync or not.
    public struct AutoSync: Sendable, Hashable {
        /// On and logged in: a background sync has somewhere to go.
        public let shouldRun: Bool
        /// Why the last background sync failed, until a sync succeeds.
        public let lastFailure: String?
    }

    /// What one `stint sync` did.
    public struct Summary: Sendable, Hashable {
        public let server: String
        public let pushed: Int
        public let conflicts: Int
        /// One line per rejected change: what and why.
        public let rejected: [String]
        public let pulled: Int
        public let serverReset: Bool
    }

    /// A value that lost (or a change the server rejected), with its values as text.
    public struct Conflict: Sendable, Hashable {
        public let id: UUID
        /// "task", "project", "list", "timer", "entry".
        public let entity: String
        public let recordID: UUID
        public let label: String
        public let field: String
        public let mine: String?
        public let theirs: String?
        public let reason: String?
        public let createdAt: Date
        public let resolvedAt: Date?
        /// "mine" or "theirs" once settled.
        public let resolution: String?
    }

    /// Someone on the server.
    public struct Member: Sendable, Hashable {
        public let id: UUID
        public let name: String
        public let isYou: Bool
    }

    /// How far a sync is.
    public struct Progress: Sendable, Hashable {
        public let pushing: Bool
        public let done: Int
        public let total: Int?
    }

    public func account() async throws(WorkerError) -> Account? {
        try await remote { try await sync.account().map(Self.account) }
    }

    /// Checks the token with the server and keeps it; the server's answer decides the user.
    public func login(server: URL, token: String, deviceName: String) async throws(WorkerError) -> Account {
        try await remote { Self.account(try await sync.login(server: server, token: token, deviceName: deviceName)) }
    }

    public func logout() async throws(WorkerError) -> Account? {
        try await remote { try await sync.logout().map(Self.account) }
    }

    public func run(progress: @escaping @Sendable (Progress) -> Void) async throws(WorkerError) -> Summary {
        try await remote {
            let account = try await sync.account()
            let summary = try await sync.sync { step in
                progress(Progress(pushing: step.phase == .push, done: step.done, total: step.total))
            }
            return Summary(
                server: account?.server.absoluteString ?? "", pushed: summary.pushed, conflicts: summary.conflicts,
                rejected: summary.rejected, pulled: summary.pulled, serverReset: summary.rebootstrapped)
        }
    }

    public func status() async throws(WorkerError) -> Status {
        try await remote {
            let status = try await sync.status()
            return Status(
                account: status.account.map(Self.account), pending: status.pending, lastSync: status.lastSync,
                conflicts: status.conflicts, checkedAt: clock.clock.now(), autoSync: status.autoSync,
                autoSyncFailure: status.autoSyncFailure)
        }
    }

    /// Settings only, no counting: it runs after every command that changed something.
    public func autoSync() async throws(WorkerError) -> AutoSync {
        try await remote {
            let state = try await sync.autoSyncState()
            return AutoSync(shouldRun: state.enabled && state.loggedIn, lastFailure: state.lastFailure)
        }
    }

    public func setAutoSync(_ enabled: Bool) async throws(WorkerError) {
        try await remote { try await sync.setAutoSync(enabled) }
    }

    /// A sync nobody watches: its failure is kept (one line) for the next command to mention, never thrown.
    /// - Returns: Whether it succeeded.
    @discardableResult
    public func runInBackground() async -> Bool {
        do throws(WorkerError) {
            _ = try await run { _ in }
            return true
        } catch {
            try? await sync.noteAutoSyncFailure(error.message)
            return false
        }
    }

    public func conflicts(includeResolved: Bool) async throws(WorkerError) -> [Conflict] {
        try await remote { try await sync.conflicts(includeResolved: includeResolved).map(Self.conflict) }
    }

    public func resolve(_ reference: String, takeMine: Bool) async throws(WorkerError) -> Conflict {
        try await remote {
            Self.conflict(try await sync.resolve(conflict: reference, take: takeMine ? .mine : .theirs))
        }
    }

    public func team(refresh: Bool) async throws(WorkerError) -> [Member] {
        try await remote {
            let you = try await sync.account()?.userID
            return try await sync.teamMembers(refresh: refresh).map {
                Member(id: $0.id, name: $0.name, isYou: $0.id == you)
            }
        }
    }

    // MARK: Mapping

    static func account(_ account: SyncAccount) -> Account {
        Account(
            server: account.server.absoluteString, userID: account.userID, userName: account.userName,
            deviceID: account.deviceID, deviceName: account.deviceName)
    }

    static func conflict(_ conflict: SyncConflict) -> Conflict {
        Conflict(
            id: conflict.id, entity: entityName(conflict.entity), recordID: conflict.recordID, label: conflict.label,
            field: conflict.field, mine: text(conflict.mine, field: conflict.field),
            theirs: text(conflict.theirs, field: conflict.field), reason: conflict.reason,
            createdAt: conflict.createdAt, resolvedAt: conflict.resolvedAt, resolution: conflict.resolution?.rawValue)
    }

    static func entityName(_ entity: SyncEntity) -> String {
        switch entity {
        case .project: "project"
        case .taskList: "list"
        case .task: "task"
        case .timer: "timer"
        case .timeEntry: "entry"
        }
    }

    /// A field value as a person reads it: instants (`…_at`, milliseconds) as ISO-8601, lists joined.
    static func text(_ value: SyncValue, field: String) -> String? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "yes" : "no"
        case .integer(let number):
            if field.hasSuffix("_at") {
                let date = Date(timeIntervalSince1970: Double(number) / 1000)
                return date.formatted(.iso8601)
            }
            return String(number)
        case .double(let number): return String(number)
        case .string(let text): return text
        case .array(let items): return items.compactMap { text($0, field: "") }.joined(separator: ", ")
        case .object: return "(structured value)"
        }
    }

    /// Runs a repository call, wording "not logged in" and the server's failures for the command line.
    private func remote<T>(_ body: () async throws -> T) async throws(WorkerError) -> T {
        do {
            return try await body()
        } catch RepositoryError.notLoggedIn {
            throw WorkerError(
                .conflict, "not logged in: log in with stint login URL", cause: RepositoryError.notLoggedIn)
        } catch RepositoryError.remote(let failure) {
            let server = (try? await sync.account())??.server.absoluteString
            let prefix = server.map { "cannot sync with \($0): " } ?? ""
            throw WorkerError(.remote, prefix + failure.message, cause: RepositoryError.remote(failure))
        } catch {
            throw WorkerError(wrapping: error)
        }
    }
}
