import Foundation

@testable import Repositories

/// A small Stint server in memory that behaves like the real one in the ways the engine depends on:
/// per-device last mutation numbers with stored answers (a retried batch is replayed, a gap is
/// refused), the epoch, the sequence counter, a three-way merge per field (tags as sets, appended
/// notes, updated_at as the max, otherwise the server's value stands and the loser is reported),
/// edits of a tombstone answered as a conflict on deleted_at, ownership of timers and entries, a
/// timer's state following its intervals (else the change is rejected), and pull visibility.
/// Failures can be injected; every request is counted.
actor FakeSyncServer {
    struct Stored {
        var entity: SyncEntity
        var id: UUID
        var fields: SyncFields
        var version: Int64
        var sequence: Int64
        var owner: UUID?
        /// The device whose own mutation wrote it last (the real server's `written_by`).
        var writtenBy: UUID?
    }

    struct Device {
        var user: UUID
        var name: String
        var lastMutation: Int64
        var lastReply: PushReply?
    }

    private(set) var epoch = UUID().uuidString.lowercased()
    private var sequence: Int64 = 0
    /// Keyed by entity and id: a stop's entry has its timer's id.
    private var records: [String: Stored] = [:]
    private var devices: [UUID: Device] = [:]
    private var users: [String: TeamMember] = [:]
    private(set) var pushes = 0
    private(set) var pulls = 0
    /// The device each pull left out, in order (nil: a pull of everything).
    private(set) var pullsLeavingOut: [UUID?] = []
    private(set) var teamRequests = 0
    /// The next push is applied but its answer is lost (the connection drops).
    var dropNextReply = false
    /// The next request of any kind fails with this.
    var failNext: RemoteFailure?

    @discardableResult
    func addUser(_ name: String, token: String) -> TeamMember {
        let member = TeamMember(id: UUID(), name: name)
        users[token] = member
        return member
    }

    func setDropNextReply() { dropNextReply = true }
    func setFailNext(_ failure: RemoteFailure?) { failNext = failure }

    /// Plays a server restored from an empty backup: a new epoch, no records, no devices.
    func reset() {
        epoch = UUID().uuidString.lowercased()
        sequence = 0
        records = [:]
        devices = [:]
    }

    func record(_ id: UUID, _ entity: SyncEntity = .task) -> Stored? { records[Self.key(entity, id)] }

    private static func key(_ entity: SyncEntity, _ id: UUID) -> String { "\(entity.rawValue)/\(id)" }

    private func user(_ token: String) throws(RemoteFailure) -> TeamMember {
        if let failure = failNext {
            failNext = nil
            throw failure
        }
        guard let user = users[token] else { throw .unauthorized("the token is not valid") }
        return user
    }

    func session(token: String) throws(RemoteFailure) -> RemoteSession {
        let user = try user(token)
        return RemoteSession(userID: user.id, userName: user.name, epoch: epoch, protocolVersion: 1)
    }

    func team(token: String) throws(RemoteFailure) -> [TeamMember] {
        _ = try user(token)
        teamRequests += 1
        return users.values.sorted { $0.name < $1.name }
    }

    func register(token: String, id: UUID, name: String, startAfter: Int64) throws(RemoteFailure) -> RemoteDevice {
        let user = try user(token)
        if let known = devices[id] {
            guard known.user == user.id else { throw .forbidden("the device belongs to another user") }
            return RemoteDevice(
                id: id, name: known.name, userID: user.id, lastMutation: known.lastMutation, epoch: epoch)
        }
        devices[id] = Device(user: user.id, name: name, lastMutation: startAfter)
        return RemoteDevice(id: id, name: name, userID: user.id, lastMutation: startAfter, epoch: epoch)
    }

    func push(token: String, _ batch: PushBatch) throws(RemoteFailure) -> PushReply {
        let user = try user(token)
        pushes += 1
        guard var device = devices[batch.deviceID], device.user == user.id else {
            throw .forbidden("unknown device")
        }
        guard batch.epoch == epoch else { throw .epochChanged("the server's data was reset") }
        if batch.last <= device.lastMutation, let stored = device.lastReply {
            var replay = stored
            replay.replayed = true
            return replay
        }
        guard batch.first == device.lastMutation + 1 else {
            throw .gap("expected mutation \(device.lastMutation + 1)")
        }
        let results = batch.mutations.map { apply($0, user: user.id, device: batch.deviceID) }
        device.lastMutation = batch.last
        let reply = PushReply(lastMutation: batch.last, replayed: false, results: results)
        device.lastReply = reply
        devices[batch.deviceID] = device
        if dropNextReply {
            dropNextReply = false
            throw .unreachable("the connection was reset")
        }
        return reply
    }

    func pull(token: String, since cursor: String?, limit: Int, leavingOut device: UUID?) throws(RemoteFailure)
        -> SyncPage
    {
        let user = try user(token)
        pulls += 1
        pullsLeavingOut.append(device)
        var after: Int64 = 0
        if let cursor {
            let parts = cursor.split(separator: ":")
            guard parts.count == 2, let number = Int64(parts[1]) else { throw .badRequest("bad cursor") }
            guard String(parts[0]) == epoch else { throw .epochChanged("the cursor is of another epoch") }
            after = number
        }
        let visible = records.values
            .filter { $0.sequence > after && ($0.entity != .timer || $0.owner == user.id) }
            .filter { device == nil || $0.writtenBy != device }
            .sorted { $0.sequence < $1.sequence }
        let page = Array(visible.prefix(limit))
        // Like the real server: the last page's cursor is the newest sequence, past what was left out.
        let last =
            visible.count > page.count ? page.last?.sequence ?? after : max(page.last?.sequence ?? after, sequence)
        return SyncPage(
            records: page.map(Self.record), cursor: "\(epoch):\(last)", hasMore: visible.count > page.count,
            epoch: epoch)
    }

    private static func record(_ stored: Stored) -> SyncRecord {
        SyncRecord(
            entity: stored.entity, id: stored.id, version: stored.version, sequence: stored.sequence,
            deleted: stored.fields["deleted_at"].map { $0 != .null } ?? false, ownerID: stored.owner,
            fields: stored.fields)
    }

    private static func ownerField(_ entity: SyncEntity) -> String? {
        switch entity {
        case .timer: "owner_id"
        case .timeEntry: "logged_by"
        default: nil
        }
    }

    /// The real server's field rule for a merged timer: its state says whether its last interval is open.
    private static func stateProblem(_ fields: SyncFields) -> String? {
        guard case .array(let intervals) = fields["intervals"] ?? .null, case .array(let last)? = intervals.last,
            last.count == 2
        else { return nil }
        let expected = last[1] == .null ? "running" : "paused"
        return fields["state"] == .string(expected) ? nil : "state: must be \(expected)"
    }

    private func apply(_ mutation: SyncMutation, user: UUID, device: UUID) -> MutationReply {
        let ownerField = Self.ownerField(mutation.entity)
        let key = Self.key(mutation.entity, mutation.id)
        guard var stored = records[key] else {
            var fields = mutation.changes
            if let ownerField { fields[ownerField] = .string(user.uuidString.lowercased()) }
            sequence += 1
            let stored = Stored(
                entity: mutation.entity, id: mutation.id, fields: fields, version: 1, sequence: sequence,
                owner: ownerField == nil ? nil : user, writtenBy: device)
            records[key] = stored
            return MutationReply(number: mutation.number, outcome: .applied, record: Self.record(stored))
        }
        if ownerField != nil, stored.owner != user {
            return MutationReply(
                number: mutation.number, outcome: .rejected, reason: "belongs to another user",
                record: Self.record(stored))
        }
        var merged = false
        var conflicts: [SyncFieldConflict] = []
        var fields = stored.fields
        for (field, mine) in mutation.changes {
            let theirs = fields[field] ?? .null
            if theirs == mine { continue }
            if let base = mutation.base, (base[field] ?? .null) == theirs {
                fields[field] = mine
                continue
            }
            // Both changed (or an insert met a record that differs).
            switch field {
            case "updated_at":
                if let a = mine.integerValue, let b = theirs.integerValue, a > b { fields[field] = mine }
            case "created_at":
                break
            case "tags":
                if case .array(let mineTags) = mine, case .array(let theirTags) = theirs {
                    let baseTags: [SyncValue] =
                        if case .array(let tags) = mutation.base?[field] ?? .null { tags } else { [] }
                    let added = mineTags.filter { !baseTags.contains($0) }
                    let removed = baseTags.filter { !mineTags.contains($0) }
                    var result = theirTags.filter { !removed.contains($0) }
                    for tag in added where !result.contains(tag) { result.append(tag) }
                    fields[field] = .array(result)
                    merged = true
                } else {
                    conflicts.append(SyncFieldConflict(field: field, mine: mine, theirs: theirs))
                }
            case "note":
                if case .string(let base) = mutation.base?[field] ?? .null, case .string(let mineText) = mine,
                    case .string(let theirText) = theirs, mineText.hasPrefix(base), theirText.hasPrefix(base)
                {
                    let theirPart = String(theirText.dropFirst(base.count))
                    let minePart = String(mineText.dropFirst(base.count))
                    let separator = theirText.hasSuffix("\n") || minePart.hasPrefix("\n") ? "" : "\n"
                    fields[field] = .string(base + theirPart + separator + minePart)
                    merged = true
                } else {
                    conflicts.append(SyncFieldConflict(field: field, mine: mine, theirs: theirs))
                }
            default:
                conflicts.append(SyncFieldConflict(field: field, mine: mine, theirs: theirs))
            }
        }
        let deletedHere = (stored.fields["deleted_at"] ?? .null) != .null
        if deletedHere, mutation.changes["deleted_at"] == nil, (mutation.base?["deleted_at"] ?? .null) == .null {
            conflicts.append(
                SyncFieldConflict(field: "deleted_at", mine: .null, theirs: stored.fields["deleted_at"] ?? .null))
        }
        if mutation.entity == .timer, let problem = Self.stateProblem(fields) {
            return MutationReply(
                number: mutation.number, outcome: .rejected, reason: problem, record: Self.record(stored))
        }
        if fields != stored.fields {
            sequence += 1
            stored.fields = fields
            stored.version += 1
            stored.sequence = sequence
            stored.writtenBy = device
            records[key] = stored
        }
        let outcome: SyncOutcome = !conflicts.isEmpty ? .conflict : merged ? .merged : .applied
        return MutationReply(
            number: mutation.number, outcome: outcome, conflicts: conflicts, record: Self.record(stored))
    }
}

/// ``SyncService`` on a ``FakeSyncServer``, as one token sees it.
struct FakeSyncService: SyncService {
    let server: FakeSyncServer
    let token: String

    func session() async throws(RemoteFailure) -> RemoteSession { try await server.session(token: token) }

    func registerDevice(id: UUID, name: String, startAfter: Int64) async throws(RemoteFailure) -> RemoteDevice {
        try await server.register(token: token, id: id, name: name, startAfter: startAfter)
    }

    func push(_ batch: PushBatch) async throws(RemoteFailure) -> PushReply {
        try await server.push(token: token, batch)
    }

    func pull(since cursor: String?, limit: Int, leavingOut device: UUID?) async throws(RemoteFailure) -> SyncPage {
        try await server.pull(token: token, since: cursor, limit: limit, leavingOut: device)
    }

    func team() async throws(RemoteFailure) -> [TeamMember] { try await server.team(token: token) }
}
