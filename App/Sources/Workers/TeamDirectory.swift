import Entities
import Foundation
import Repositories

/// Who is who on the team, for the workers that name people (a task's assignee, whose time a report
/// counts): turns what a person typed into a server user id, and ids back into names.
struct TeamDirectory: Sendable {
    let sync: any SyncRepository

    /// The word for the logged-in user.
    static let me = "me"

    /// The logged-in user for `me`, else the member whose name is `reference` (ignoring case; a unique
    /// beginning of a name, or of an id, is enough), from the cached team (the server when the cache is
    /// empty or old).
    /// - Parameter purpose: what needs the team, for the "log in" line ("assigning", "--user").
    /// - Throws: `conflict` when not logged in, `notFound` (naming the team) or `ambiguous`, `remote` when
    ///   the team is not cached and the server cannot be reached.
    func member(_ reference: String, purpose: String) async throws(WorkerError) -> UUID {
        let typed = reference.trimmingWhitespace()
        let account: SyncAccount? = try await working { try await sync.account() }
        guard let account else {
            throw WorkerError(
                .conflict, "\(purpose) needs a server: log in with stint login URL", cause: RepositoryError.notLoggedIn)
        }
        if typed.lowercased() == Self.me { return account.userID }
        let members: [TeamMember]
        do {
            members = try await sync.teamMembers(refresh: false)
        } catch RepositoryError.remote(let failure) {
            throw WorkerError(
                .remote, "cannot read the team from \(account.server.absoluteString): \(failure.message)",
                cause: RepositoryError.remote(failure))
        } catch {
            throw WorkerError(wrapping: error)
        }
        let key = typed.lowercased()
        var matches = members.filter { $0.name.lowercased() == key }
        if matches.isEmpty { matches = members.filter { $0.name.lowercased().hasPrefix(key) } }
        if matches.isEmpty, key.count >= 4 { matches = members.filter { Self.short($0.id).hasPrefix(key) } }
        guard matches.count <= 1 else {
            let names = matches.map { "\($0.name) (\(Self.short($0.id)))" }.joined(separator: ", ")
            throw WorkerError(
                .ambiguous, "\"\(typed)\" could be any of \(names): use more of the name or the id")
        }
        guard let member = matches.first else {
            let team =
                members.isEmpty
                ? "the team is not known yet: run stint team"
                : "the team is "
                    + members.map { $0.id == account.userID ? "\($0.name) (you)" : $0.name }
                    .joined(separator: ", ")
            throw WorkerError(.notFound, "no team member named \"\(typed)\": \(team)")
        }
        return member.id
    }

    /// A name for each id: from the cached team without the network; only ids the cache does not know ask
    /// the repository (which calls the server when its cache is old); a short id when nobody knows.
    /// Never fails: a read must not fail, or wait long, over a name.
    func names(for ids: Set<UUID>) async -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        var names: [UUID: String] = [:]
        func learn(_ members: [TeamMember]) {
            for member in members where ids.contains(member.id) { names[member.id] = member.name }
        }
        if let cached = try? await sync.cachedTeamMembers() { learn(cached) }
        if names.count < ids.count, (try? await sync.account()) != nil,
            let members = try? await sync.teamMembers(refresh: false)
        {
            learn(members)
        }
        for id in ids where names[id] == nil { names[id] = Self.short(id) }
        return names
    }

    /// The first eight characters of an id, as Stint shows ids everywhere.
    static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }
}
