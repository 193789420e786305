import Foundation
import Logging
import PostgresNIO
import ServerCore

/// A push on PostgreSQL: the batch logic is ServerCore's `PushBatch`, the same as on SQLite, run
/// against the records the batch touches, read in one query up front; what it writes goes back in
/// one statement. A round trip per mutation (a read, a counter bump, a write) would make a batch of
/// 2,000 mutations cost 6,000 round trips.
enum PostgresPush {
    static func run(
        _ input: PushInput, by user: ServerUser, at now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> PushOutput {
        // The counter's row lock first: pushes from every server process queue here, so sequences
        // commit in order and everything read below is what the previous push committed.
        var counter: Int64?
        for try await value in try await connection.query(
            "SELECT value FROM counters WHERE name = 'sequence' FOR UPDATE", logger: logger
        ).decode(Int64.self) {
            counter = value
        }
        guard let counter else { throw ServerError.storage("the sequence counter is missing") }

        var epoch: String?
        var device: (userID: UUID, lastMutation: Int64)?
        var storedResponse: String?
        for try await (epochValue, owner, lastMutation, response) in try await connection.query(
            """
            SELECT meta.epoch, devices.user_id, devices.last_mutation,
                   CASE WHEN devices.last_mutation >= \(input.last) THEN devices.last_response END
            FROM meta LEFT JOIN devices ON devices.id = \(input.deviceID) WHERE meta.id = 1
            """, logger: logger
        ).decode((String, UUID?, Int64?, String?).self) {
            epoch = epochValue
            if let owner, let lastMutation { device = (owner, lastMutation) }
            storedResponse = response
        }
        guard let epoch else { throw ServerError.storage("the meta row is missing") }

        let transaction = PreloadedPushTransaction(
            epoch: epoch, device: device, counter: counter,
            lastResponse: storedResponse.flatMap(JSONValue.init(jsonText:)).flatMap(PushOutput.init(storedJSON:)))
        // Records are read only for a batch that will be applied (not a replay, a gap or another epoch).
        if let device, device.userID == user.id, input.epoch == epoch, input.last > device.lastMutation {
            try await preload(input, for: user, into: transaction, on: connection, logger: logger)
        }
        let output = try PushBatch.run(input, by: user, at: now, in: transaction)
        guard let finished = transaction.finished else { return output }
        try await flush(transaction, device: input.deviceID, finished: finished, on: connection, logger: logger)
        return output
    }

    private static func preload(
        _ input: PushInput, for user: ServerUser, into transaction: PreloadedPushTransaction,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        var entities: [String] = []
        var ids: [UUID] = []
        entities.reserveCapacity(input.mutations.count)
        ids.reserveCapacity(input.mutations.count)
        var touchesTimers = false
        for mutation in input.mutations {
            entities.append(mutation.entity.rawValue)
            ids.append(mutation.id)
            if mutation.entity == .timer { touchesTimers = true }
            // The project, list or task a mutation files its record under: the batch checks they exist. From the
            // base too: when the server lost the record, the merge takes the unchanged fields from the base.
            for (field, kind) in PushBatch.referenceFields {
                for fields in [mutation.changes, mutation.base ?? [:]] {
                    guard case .string(let text)? = fields[field], let id = UUID(uuidString: text) else { continue }
                    entities.append(kind.rawValue)
                    ids.append(id)
                }
            }
        }
        let rows = try await connection.query(
            """
            SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
            WHERE (entity, id) IN (SELECT * FROM unnest(\(entities)::text[], \(ids)::uuid[]))
            """, logger: logger)
        try await transaction.load(rows)
        // A task moved to another project keeps its list only if the list is of that project: the stored list.
        let keptLists: [UUID] = input.mutations.compactMap { mutation in
            guard mutation.entity == .task, mutation.changes["project_id"] != nil, mutation.changes["list_id"] == nil,
                let text = (try? transaction.record(.task, mutation.id))??.fields["list_id"]?.stringValue
            else { return nil }
            return UUID(uuidString: text)
        }
        if !keptLists.isEmpty {
            try await transaction.load(
                connection.query(
                    """
                    SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
                    WHERE entity = 'taskList' AND id = ANY(\(keptLists)::uuid[])
                    """, logger: logger))
        }
        // The one-running-timer rule reads the person's other open timers.
        if touchesTimers {
            try await transaction.load(
                connection.query(
                    """
                    SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
                    WHERE entity = 'timer' AND owner_id = \(user.id) AND NOT deleted
                    """, logger: logger))
        }
    }

    private static func flush(
        _ transaction: PreloadedPushTransaction, device: UUID, finished: (lastMutation: Int64, response: PushOutput),
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        let written = transaction.written
        if !written.isEmpty {
            var entities: [String] = []
            var ids: [UUID] = []
            var owners: [String] = []
            var versions: [Int64] = []
            var sequences: [Int64] = []
            var deleted: [Bool] = []
            var fields: [String] = []
            var writers: [String] = []
            for (record, writer) in written.values {
                entities.append(record.entity.rawValue)
                ids.append(record.id)
                owners.append(record.ownerID?.text ?? "")
                versions.append(record.version)
                sequences.append(record.sequence)
                deleted.append(record.deleted)
                fields.append(record.fieldsJSON)
                writers.append(writer?.text ?? "")
            }
            // Arrays of text with '' for "none": postgres-nio binds arrays of non-optional values only.
            try await connection.query(
                """
                INSERT INTO records (entity, id, owner_id, version, sequence, deleted, fields, written_by)
                SELECT e, i, NULLIF(o, '')::uuid, v, s, d, f, NULLIF(w, '')::uuid
                FROM unnest(\(entities)::text[], \(ids)::uuid[], \(owners)::text[], \(versions)::int8[],
                            \(sequences)::int8[], \(deleted)::bool[], \(fields)::text[], \(writers)::text[])
                    AS t(e, i, o, v, s, d, f, w)
                ON CONFLICT (entity, id) DO UPDATE SET
                    owner_id = excluded.owner_id, version = excluded.version, sequence = excluded.sequence,
                    deleted = excluded.deleted, fields = excluded.fields, written_by = excluded.written_by
                """, logger: logger)
            try await connection.query(
                "UPDATE counters SET value = \(transaction.counter) WHERE name = 'sequence'", logger: logger)
        }
        try await connection.query(
            """
            UPDATE devices SET last_mutation = \(finished.lastMutation), last_response = \(finished.response.storedText)
            WHERE id = \(device)
            """, logger: logger)
    }
}

/// The push's reads and writes against what was read up front; `PushBatch` runs on it synchronously,
/// so the engine is the same code for both stores.
final class PreloadedPushTransaction: PushTransaction {
    struct Key: Hashable {
        let entity: EntityKind
        let id: UUID
    }

    private let epochValue: String
    private let deviceRow: (userID: UUID, lastMutation: Int64)?
    private let storedResponse: PushOutput?
    private var records: [Key: StoredRecord] = [:]
    /// The timers among `records`, for the one-running-timer rule (a batch can hold thousands of records).
    private var timers: [UUID: StoredRecord] = [:]
    /// The records written, the last write of each with the device it was written for.
    private(set) var written: [Key: (record: StoredRecord, device: UUID?)] = [:]
    private(set) var counter: Int64
    private(set) var finished: (lastMutation: Int64, response: PushOutput)?

    init(epoch: String, device: (userID: UUID, lastMutation: Int64)?, counter: Int64, lastResponse: PushOutput?) {
        epochValue = epoch
        deviceRow = device
        self.counter = counter
        storedResponse = lastResponse
    }

    func load(_ rows: PostgresRowSequence) async throws {
        for try await (entity, id, owner, version, sequence, deleted, text) in rows.decode(
            (String, UUID, UUID?, Int64, Int64, Bool, String).self)
        {
            let record = try PostgresRecords.record(
                entity: entity, id: id, owner: owner, version: version, sequence: sequence, deleted: deleted,
                text: text, parsingFields: true)
            records[Key(entity: record.entity, id: id)] = record
            if record.entity == .timer { timers[id] = record }
        }
    }

    func device(_ id: UUID) throws(ServerError) -> (userID: UUID, lastMutation: Int64)? { deviceRow }

    func lastResponse(of device: UUID) throws(ServerError) -> PushOutput? { storedResponse }

    func epoch() throws(ServerError) -> String { epochValue }

    func record(_ entity: EntityKind, _ id: UUID) throws(ServerError) -> StoredRecord? {
        records[Key(entity: entity, id: id)]
    }

    func liveTimers(of user: UUID) throws(ServerError) -> [StoredRecord] {
        // Sorted as an index scan would return them, so the rule sees them in a stable order.
        timers.values.filter { $0.entity == .timer && $0.ownerID == user && !$0.deleted }
            .sorted { $0.sequence < $1.sequence }
    }

    func write(_ record: StoredRecord, by device: UUID?) throws(ServerError) -> StoredRecord {
        counter += 1
        var stored = record
        stored.sequence = counter
        stored.fieldsText = record.fieldsJSON
        let key = Key(entity: record.entity, id: record.id)
        records[key] = stored
        if record.entity == .timer { timers[record.id] = stored }
        written[key] = (stored, device)
        return stored
    }

    func finish(device: UUID, lastMutation: Int64, response: PushOutput) throws(ServerError) {
        finished = (lastMutation, response)
    }
}
