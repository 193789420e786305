import Foundation

/// The record access a push needs inside a store's write transaction.
///
/// The batch logic (checks, replay, gap, per-mutation engine calls, the one-running-timer rule)
/// is the same for every database; a store supplies only these reads and writes, all made inside
/// the one transaction that also records the device's last mutation and answer.
package protocol PushTransaction {
    /// The device's owner and last applied mutation number; nil when unknown.
    func device(_ id: UUID) throws(ServerError) -> (userID: UUID, lastMutation: Int64)?
    /// The stored answer to the device's last batch (read only for a replay: it can be large).
    func lastResponse(of device: UUID) throws(ServerError) -> PushOutput?
    func epoch() throws(ServerError) -> String
    func record(_ entity: EntityKind, _ id: UUID) throws(ServerError) -> StoredRecord?
    /// The user's timers that are not deleted (the few a person has open or paused).
    func liveTimers(of user: UUID) throws(ServerError) -> [StoredRecord]
    /// Writes `record` with the next value of the sequence counter; returns it with that sequence.
    /// `device` is the device whose own mutation this write is (nil for what the server changes on
    /// its own): pulls by that device leave the record out, because its push answer carried it.
    func write(_ record: StoredRecord, by device: UUID?) throws(ServerError) -> StoredRecord
    func finish(device: UUID, lastMutation: Int64, response: PushOutput) throws(ServerError)
}

package enum PushBatch {
    /// Checks the batch and applies it through `transaction`; the caller commits when this returns.
    package static func run(
        _ input: PushInput, by user: ServerUser, at now: Date, in transaction: some PushTransaction
    ) throws(ServerError) -> PushOutput {
        try checkShape(input)
        // The epoch first: a device pushing to a reset server is unknown there, and what it needs to
        // hear is "new epoch" (then it registers again and re-bootstraps), not "unknown device".
        let epoch = try transaction.epoch()
        guard input.epoch == epoch else { throw .epochMismatch(server: epoch) }
        guard let device = try transaction.device(input.deviceID) else {
            throw .unknownDevice(input.deviceID)
        }
        guard device.userID == user.id else {
            throw .forbidden("device \(input.deviceID.uuidString.lowercased()) belongs to another user")
        }
        if input.last <= device.lastMutation {
            // Only the last answer is kept: a device retries its last batch, never an older one.
            if var stored = try transaction.lastResponse(of: input.deviceID), stored.lastMutation == input.last {
                stored.replayed = true
                return stored
            }
            return PushOutput(lastMutation: device.lastMutation, replayed: true, results: [])
        }
        guard input.first == device.lastMutation + 1 else {
            throw .gap(expected: device.lastMutation + 1, got: input.first)
        }

        var results: [MutationOutput] = []
        results.reserveCapacity(input.mutations.count)
        // A device sends its records in the order it first changed them: a task moved into a project created
        // after the task's first edit comes before that project. Anything the batch itself brings counts as held.
        let batch = Set(input.mutations.map { BatchKey(entity: $0.entity, id: $0.id) })
        for mutation in input.mutations {
            let current = try transaction.record(mutation.entity, mutation.id)
            var decision = PushEngine.apply(mutation, to: current, by: user.id, at: now)
            if decision.writes, let record = decision.record,
                let missing = try missingReference(of: record, current: current, in: transaction, batch: batch)
            {
                decision = .rejected(missing, record: current)
            }
            var paused: [StoredRecord] = []
            if decision.leavesTimerRunning {
                let others = try transaction.liveTimers(of: user.id)
                (decision, paused) = PushEngine.oneRunningTimer(after: decision, others: others, at: now)
            }
            if decision.writes, let record = decision.record {
                decision.record = try transaction.write(record, by: input.deviceID)
            }
            for record in paused {
                _ = try transaction.write(record, by: nil)
            }
            results.append(
                MutationOutput(
                    number: mutation.number, outcome: decision.outcome, reason: decision.reason,
                    conflicts: decision.conflicts, record: decision.record))
        }
        let output = PushOutput(lastMutation: input.last, replayed: false, results: results)
        try transaction.finish(device: input.deviceID, lastMutation: input.last, response: output)
        return output
    }

    /// The fields that name another record, and what kind of record they name; a store that reads a batch's
    /// records up front reads these too.
    package static let referenceFields: [(field: String, kind: EntityKind)] = [
        ("project_id", .project), ("list_id", .taskList), ("task_id", .task),
    ]

    /// Why `record` cannot be stored: a project, list or task it names that the server does not hold (a tombstone
    /// counts: a device offline may have filed work under something deleted meanwhile), or a list of another
    /// project. Every device applies what the server sends, so one task under a made-up project was, for each
    /// device that pulled it, a reference its database refused. Only references the mutation sets or changes are
    /// checked: a record stored before this check keeps taking edits to its other fields.
    static func missingReference(
        of record: StoredRecord, current: StoredRecord?, in transaction: some PushTransaction,
        batch: Set<BatchKey> = []
    ) throws(ServerError) -> String? {
        guard !record.deleted else { return nil }
        func changed(_ field: String) -> UUID? {
            guard case .string(let text)? = record.fields[field], let id = UUID(uuidString: text) else { return nil }
            return current?.fields[field] == record.fields[field] ? nil : id
        }
        // A task whose project changes keeps its list only if the list is of the new project, too.
        let movesProject = record.entity == .task && changed("project_id") != nil
        let references: [(field: String, kind: EntityKind, noun: String)] =
            switch record.entity {
            case .project: []
            case .taskList: [("project_id", .project, "project")]
            case .task: [("project_id", .project, "project"), ("list_id", .taskList, "list")]
            case .timer, .timeEntry: [("task_id", .task, "task"), ("project_id", .project, "project")]
            }
        for (field, kind, noun) in references {
            let changedID = changed(field)
            let keptList =
                movesProject && kind == .taskList && changedID == nil
                ? record.fields[field]?.stringValue.flatMap(UUID.init(uuidString:)) : nil
            guard let id = changedID ?? keptList else { continue }
            guard let parent = try transaction.record(kind, id) else {
                // Brought by a later mutation of this batch: it exists once the batch is applied. A list the
                // mutation leaves as it was is not checked for existence (a store may not have read it).
                if keptList != nil || batch.contains(BatchKey(entity: kind, id: id)) { continue }
                return "\(field): no such \(noun)"
            }
            if record.entity == .task, kind == .taskList, parent.fields["project_id"] != record.fields["project_id"] {
                return "list_id: the list belongs to another project"
            }
        }
        return nil
    }

    /// A record a batch touches, by kind and id.
    struct BatchKey: Hashable {
        let entity: EntityKind
        let id: UUID
    }

    private static func checkShape(_ input: PushInput) throws(ServerError) {
        guard input.first >= 1, input.first <= input.last else {
            throw .invalidRequest("first (\(input.first)) must be at least 1 and not after last (\(input.last))")
        }
        // Two mutations of one record in a batch are applied in order (each reads what the one before
        // wrote), so a client that compacts less than it should is still served correctly.
        for mutation in input.mutations {
            guard (input.first...input.last).contains(mutation.number) else {
                throw .invalidRequest(
                    "mutation number \(mutation.number) is outside the batch \(input.first)...\(input.last)")
            }
        }
    }
}

extension PushOutput {
    /// The text `storedJSON` describes, written directly: each record's fields are copied from their known
    /// text instead of being written a second time in the same push.
    package var storedText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + 400 * results.count)
        bytes.append(contentsOf: #"{"lastMutation":"#.utf8)
        JSONValue.writeInteger(lastMutation, to: &bytes)
        bytes.append(contentsOf: (replayed ? #","replayed":true,"results":["# : #","replayed":false,"results":["#).utf8)
        for (index, result) in results.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"number":"#.utf8)
            JSONValue.writeInteger(result.number, to: &bytes)
            bytes.append(contentsOf: #","outcome":"#.utf8)
            JSONValue.writeString(result.outcome.rawValue, to: &bytes)
            bytes.append(contentsOf: #","conflicts":"#.utf8)
            JSONValue.array(
                result.conflicts.map { .object(["field": .string($0.field), "mine": $0.mine, "theirs": $0.theirs]) }
            ).write(to: &bytes)
            if let reason = result.reason {
                bytes.append(contentsOf: #","reason":"#.utf8)
                JSONValue.writeString(reason, to: &bytes)
            }
            if let record = result.record {
                bytes.append(contentsOf: #","record":{"entity":"#.utf8)
                JSONValue.writeString(record.entity.rawValue, to: &bytes)
                bytes.append(contentsOf: #","id":""#.utf8)
                bytes.append(contentsOf: record.id.text.utf8)
                bytes.append(contentsOf: #"","version":"#.utf8)
                JSONValue.writeInteger(record.version, to: &bytes)
                bytes.append(contentsOf: #","sequence":"#.utf8)
                JSONValue.writeInteger(record.sequence, to: &bytes)
                bytes.append(contentsOf: (record.deleted ? #","deleted":true"# : #","deleted":false"#).utf8)
                if let owner = record.ownerID {
                    bytes.append(contentsOf: #","ownerID":""#.utf8)
                    bytes.append(contentsOf: owner.text.utf8)
                    bytes.append(UInt8(ascii: "\""))
                }
                bytes.append(contentsOf: #","fields":"#.utf8)
                bytes.append(contentsOf: record.fieldsJSON.utf8)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: "]}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The answer as JSON in the shape its `Codable` conformance reads, for storing as the device's
    /// last response: built by hand because a 1 MiB batch's answer is stored on every push, and
    /// `JSONEncoder` through `Codable` costs several times more for these nested field values.
    var storedJSON: JSONValue {
        .object([
            "lastMutation": .integer(lastMutation), "replayed": .bool(replayed),
            "results": .array(results.map(\.storedJSON)),
        ])
    }
}

extension MutationOutput {
    var storedJSON: JSONValue {
        var object: [String: JSONValue] = [
            "number": .integer(number), "outcome": .string(outcome.rawValue),
            "conflicts": .array(
                conflicts.map { .object(["field": .string($0.field), "mine": $0.mine, "theirs": $0.theirs]) }),
        ]
        if let reason { object["reason"] = .string(reason) }
        if let record { object["record"] = record.storedJSON }
        return .object(object)
    }
}

extension StoredRecord {
    var storedJSON: JSONValue {
        var object: [String: JSONValue] = [
            "entity": .string(entity.rawValue), "id": .string(id.text), "version": .integer(version),
            "sequence": .integer(sequence), "deleted": .bool(deleted), "fields": .object(fields),
        ]
        if let ownerID { object["ownerID"] = .string(ownerID.text) }
        return .object(object)
    }
}

extension PushOutput {
    /// Reads what `storedJSON` wrote; nil when the stored text is not such an answer.
    package init?(storedJSON value: JSONValue) {
        guard case .object(let object) = value, let lastMutation = object["lastMutation"]?.integerValue,
            case .bool(let replayed)? = object["replayed"], let results = object["results"]?.arrayValue
        else { return nil }
        var outputs: [MutationOutput] = []
        outputs.reserveCapacity(results.count)
        for result in results {
            guard let output = MutationOutput(storedJSON: result) else { return nil }
            outputs.append(output)
        }
        self.init(lastMutation: lastMutation, replayed: replayed, results: outputs)
    }
}

extension MutationOutput {
    init?(storedJSON value: JSONValue) {
        guard case .object(let object) = value, let number = object["number"]?.integerValue,
            let outcome = object["outcome"]?.stringValue.flatMap(Outcome.init(rawValue:)),
            let conflictValues = object["conflicts"]?.arrayValue
        else { return nil }
        var conflicts: [FieldConflict] = []
        for conflictValue in conflictValues {
            guard case .object(let conflict) = conflictValue, let field = conflict["field"]?.stringValue,
                let mine = conflict["mine"], let theirs = conflict["theirs"]
            else { return nil }
            conflicts.append(FieldConflict(field: field, mine: mine, theirs: theirs))
        }
        var record: StoredRecord?
        if let recordValue = object["record"], !recordValue.isNull {
            guard let stored = StoredRecord(storedJSON: recordValue) else { return nil }
            record = stored
        }
        self.init(
            number: number, outcome: outcome, reason: object["reason"]?.stringValue, conflicts: conflicts,
            record: record)
    }
}

extension StoredRecord {
    init?(storedJSON value: JSONValue) {
        guard case .object(let object) = value,
            let entity = object["entity"]?.stringValue.flatMap(EntityKind.init(rawValue:)),
            let id = object["id"]?.stringValue.flatMap(UUID.init(uuidString:)),
            let version = object["version"]?.integerValue, let sequence = object["sequence"]?.integerValue,
            case .bool(let deleted)? = object["deleted"], case .object(let fields)? = object["fields"]
        else { return nil }
        let ownerID = object["ownerID"]?.stringValue.flatMap(UUID.init(uuidString:))
        self.init(
            entity: entity, id: id, version: version, sequence: sequence, deleted: deleted, ownerID: ownerID,
            fields: fields)
    }
}
