import Foundation
import RemoteStorage

/// ``SyncService`` over RemoteStorage's ``StintServerClient``: the Service side of RDS for sync.
///
/// It only maps: the server's wire types to the repositories' sync values and RemoteStorage's
/// errors to ``RemoteFailure``. Timeouts and the retries that are safe live in the client.
struct HTTPSyncService: SyncService {
    let client: StintServerClient
    let server: URL

    init(server: URL, token: String, configuration: RemoteConfiguration = .init()) {
        self.server = server
        client = StintServerClient(
            address: StaticServerAddress(server), token: StaticToken(token), configuration: configuration)
    }

    func session() async throws(RemoteFailure) -> RemoteSession {
        let session = try await call { try await client.session() }
        return RemoteSession(
            userID: try uuid(session.user.id, "user id"), userName: session.user.name, epoch: session.epoch,
            protocolVersion: session._protocol)
    }

    func registerDevice(id: UUID, name: String, startAfter: Int64) async throws(RemoteFailure) -> RemoteDevice {
        let device = try await call {
            try await client.registerDevice(
                DeviceRegistration(id: id.uuidString.lowercased(), name: name, startAfter: startAfter))
        }
        return RemoteDevice(
            id: try uuid(device.id, "device id"), name: device.name, userID: try uuid(device.userId, "user id"),
            lastMutation: device.lastMutation, epoch: device.epoch)
    }

    func push(_ batch: PushBatch) async throws(RemoteFailure) -> PushReply {
        var mutations: [Mutation] = []
        mutations.reserveCapacity(batch.mutations.count)
        for mutation in batch.mutations {
            mutations.append(
                Mutation(
                    number: mutation.number, entity: try entity(mutation.entity),
                    id: mutation.id.uuidString.lowercased(),
                    baseVersion: mutation.baseVersion,
                    base: try mutation.base.map { fields throws(RemoteFailure) -> Fields in try wire(fields) },
                    changes: try wire(mutation.changes)))
        }
        let request = PushRequest(
            deviceId: batch.deviceID.uuidString.lowercased(), epoch: batch.epoch, first: batch.first, last: batch.last,
            mutations: mutations)
        let response = try await call { try await client.push(request) }
        var results: [MutationReply] = []
        results.reserveCapacity(response.results.count)
        for result in response.results {
            var conflicts: [SyncFieldConflict] = []
            for conflict in result.conflicts ?? [] {
                conflicts.append(
                    SyncFieldConflict(
                        field: conflict.field, mine: try Self.syncValue(conflict.mine?.value),
                        theirs: try Self.syncValue(conflict.theirs?.value)))
            }
            results.append(
                MutationReply(
                    number: result.number, outcome: outcome(result.outcome), reason: result.reason,
                    conflicts: conflicts,
                    record: try result.record.map { record throws(RemoteFailure) in try self.record(record) }))
        }
        return PushReply(lastMutation: response.lastMutation, replayed: response.replayed, results: results)
    }

    func pull(since cursor: String?, limit: Int, leavingOut device: UUID?) async throws(RemoteFailure) -> SyncPage {
        let page = try await call {
            try await client.pullChanges(since: cursor, limit: limit, leavingOut: device?.uuidString.lowercased())
        }
        var records: [SyncRecord] = []
        records.reserveCapacity(page.changes.count)
        for change in page.changes {
            records.append(try record(change))
        }
        return SyncPage(records: records, cursor: page.cursor, hasMore: page.hasMore, epoch: page.epoch)
    }

    func team() async throws(RemoteFailure) -> [TeamMember] {
        let team = try await call { try await client.team() }
        var members: [TeamMember] = []
        for user in team.members {
            members.append(TeamMember(id: try uuid(user.id, "user id"), name: user.name))
        }
        return members
    }

    // MARK: Mapping

    private func call<T>(_ body: () async throws -> T) async throws(RemoteFailure) -> T {
        do {
            return try await body()
        } catch let error as RemoteStorageError {
            throw Self.failure(error)
        } catch {
            throw .invalidResponse(String(describing: error))
        }
    }

    static func failure(_ error: RemoteStorageError) -> RemoteFailure {
        let text = error.description
        switch error {
        case .notConfigured: return .badRequest(text)
        case .unreachable: return .unreachable(text)
        case .timedOut: return .timedOut(text)
        case .unauthorized: return .unauthorized(text)
        case .forbidden: return .forbidden(text)
        case .protocolMismatch: return .protocolMismatch(text)
        case .epochChanged: return .epochChanged(text)
        case .gap: return .gap(text)
        case .tooLarge: return .tooLarge(text)
        case .badRequest: return .badRequest(text)
        // 429 (too many failed sign-ins from this address) passes like a 503: the server is there but will not
        // answer this device for now, so a team lookup falls back to the cached team and the changes stay pending.
        case .server(let status, _): return status >= 500 || status == 429 ? .server(text) : .badRequest(text)
        case .invalidResponse: return .invalidResponse(text)
        // Like any other status the contract does not promise: the server is there, and asking again changes nothing.
        case .redirect: return .badRequest(text)
        }
    }

    private func record(_ record: RemoteStorage.Record) throws(RemoteFailure) -> SyncRecord {
        SyncRecord(
            entity: try entity(record.entity), id: try uuid(record.id, "record id"), version: record.version,
            sequence: record.sequence, deleted: record.deleted,
            ownerID: try record.ownerId.map { text throws(RemoteFailure) in try uuid(text, "owner id") },
            fields: try fields(record.fields))
    }

    private func uuid(_ text: String, _ what: String) throws(RemoteFailure) -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw .invalidResponse("the server sent a \(what) that is not a UUID")
        }
        return id
    }

    private func entity(_ entity: SyncEntity) throws(RemoteFailure) -> Entity {
        guard let wire = Entity(rawValue: entity.rawValue) else {
            throw .badRequest("no wire name for \(entity.rawValue)")
        }
        return wire
    }

    private func entity(_ entity: Entity) throws(RemoteFailure) -> SyncEntity {
        guard let local = SyncEntity(rawValue: entity.rawValue) else {
            throw .invalidResponse("the server sent an unknown kind of record")
        }
        return local
    }

    private func outcome(_ outcome: Outcome) -> SyncOutcome {
        switch outcome {
        case .applied: .applied
        case .merged: .merged
        case .conflict: .conflict
        case .rejected: .rejected
        }
    }

    // Record fields are RemoteStorage's own JSON values (WireFields); only conflict values travel in the
    // runtime's free-form container, which holds JSON as Swift values found again by casts below.
    private func wire(_ fields: SyncFields) throws(RemoteFailure) -> Fields {
        WireFields(fields.mapValues(\.wire))
    }

    private func fields(_ fields: Fields) throws(RemoteFailure) -> SyncFields {
        fields.values.mapValues(SyncValue.init(wire:))
    }

    static func syncValue(_ value: (any Sendable)?) throws(RemoteFailure) -> SyncValue {
        guard let value else { return .null }
        switch value {
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(Int64(value))
        case let value as Int64: return .integer(value)
        case let value as Double: return .double(value)
        case let value as String: return .string(value)
        case let values as [(any Sendable)?]:
            var items: [SyncValue] = []
            items.reserveCapacity(values.count)
            for item in values { items.append(try syncValue(item)) }
            return .array(items)
        case let values as [String: (any Sendable)?]:
            var object: [String: SyncValue] = [:]
            object.reserveCapacity(values.count)
            for (key, item) in values { object[key] = try syncValue(item) }
            return .object(object)
        default:
            throw .invalidResponse("the server sent a field value that is not JSON")
        }
    }
}
