import Entities
import Foundation
import LocalStorage

/// Team members are server-owned reference data: this datastore caches them on two levels (memory
/// over the local file) for a time-to-live, and makes concurrent identical requests share one call
/// to the server (the RDS guide's two-level datastore and `coordinated()`).
protocol TeamMemberDatastore: Sendable {
    /// The team, from the freshest cache level younger than the time-to-live, else from `fetch`
    /// (whose answer is stored in both levels). `refresh` skips the caches. Without `refresh`, when
    /// `fetch` fails with a transient failure and a cache exists, however old, the cache is returned;
    /// a refresh was asked for the server's list, so its failure is thrown.
    func members(refresh: Bool, fetch: @escaping @Sendable () async throws -> [TeamMember]) async throws
        -> [TeamMember]
    /// Whatever a cache level holds, however old, without calling the server; empty when nothing was
    /// ever fetched.
    func cached() async throws -> [TeamMember]
    /// Drops both levels (after a logout).
    func forget() async
}

/// ``TeamMemberDatastore`` with the memory level in an actor and the second level in SQLite.
actor CachingTeamMemberDatastore: TeamMemberDatastore {
    private let store: LocalStore
    private let clock: any DateProvider
    private let timeToLive: TimeInterval
    private var memory: (members: [TeamMember], fetchedAt: Date)?
    /// The request under way for each kind of call (cached or refreshed): later identical calls
    /// await it instead of starting their own.
    private var inFlight: [Bool: _Concurrency.Task<[TeamMember], any Error>] = [:]

    init(store: LocalStore, clock: any DateProvider, timeToLive: TimeInterval = 600) {
        self.store = store
        self.clock = clock
        self.timeToLive = timeToLive
    }

    func members(refresh: Bool, fetch: @escaping @Sendable () async throws -> [TeamMember]) async throws
        -> [TeamMember]
    {
        if !refresh, let memory, isFresh(memory.fetchedAt) { return memory.members }
        if let running = inFlight[refresh] { return try await running.value }
        let task = _Concurrency.Task { try await self.load(refresh: refresh, fetch: fetch) }
        inFlight[refresh] = task
        defer { inFlight[refresh] = nil }
        return try await task.value
    }

    func forget() {
        memory = nil
    }

    func cached() async throws -> [TeamMember] {
        if let memory { return memory.members }
        return try await stored()?.members ?? []
    }

    /// The second level: the members in the local file and when they were fetched.
    private func stored() async throws -> (members: [TeamMember], fetchedAt: Date)? {
        let records: [TeamMemberRecord]
        do { records = try await store.teamMembers() } catch { throw repositoryError(error) }
        guard let first = records.first else { return nil }
        return (
            try records.map { record throws(RepositoryError) in
                TeamMember(id: try UUID(storageID: record.id, field: "team member id"), name: record.name)
            }, first.fetchedAt
        )
    }

    private func isFresh(_ date: Date) -> Bool {
        let age = clock.now().timeIntervalSince(date)
        return age >= 0 && age < timeToLive
    }

    private func load(refresh: Bool, fetch: @Sendable () async throws -> [TeamMember]) async throws -> [TeamMember] {
        let stored = try await stored()
        if !refresh, let stored, isFresh(stored.fetchedAt) {
            memory = stored
            return stored.members
        }
        let members: [TeamMember]
        do {
            members = try await fetch()
        } catch let error as RepositoryError {
            if !refresh, case .remote(let failure) = error, failure.isTransient, let fallback = memory ?? stored {
                return fallback.members
            }
            throw error
        }
        let now = clock.now()
        do {
            try await store.replaceTeamMembers(
                members.map { TeamMemberRecord(id: $0.id.storageID, name: $0.name, fetchedAt: now) })
        } catch {
            throw repositoryError(error)
        }
        memory = (members, now)
        return members
    }
}
