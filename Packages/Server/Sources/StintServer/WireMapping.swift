import Foundation
import OpenAPIRuntime
import ServerCore

/// Conflict values cross the wire through OpenAPIRuntime's free-form container (the contract leaves them
/// untyped); integers stay integers (dates in milliseconds, 0/1 flags). Record fields have their own
/// type, ``WireFields``.
enum WireValue {
    /// The container's own value shapes: Int (not Int64), nested arrays and dictionaries of optionals.
    static func containerValue(_ value: JSONValue) -> (any Sendable)? {
        switch value {
        case .null: return nil
        case .bool(let value): return value
        case .integer(let value): return Int(value)
        case .double(let value): return value
        case .string(let value): return value
        case .array(let items): return items.map(containerValue) as [(any Sendable)?]
        case .object(let object): return object.mapValues(containerValue) as [String: (any Sendable)?]
        }
    }

    static func wireValue(_ value: JSONValue) throws -> OpenAPIValueContainer {
        try OpenAPIValueContainer(unvalidatedValue: containerValue(value))
    }
}

extension EntityKind {
    init(_ wire: Components.Schemas.Entity) {
        switch wire {
        case .project: self = .project
        case .taskList: self = .taskList
        case .task: self = .task
        case .timer: self = .timer
        case .timeEntry: self = .timeEntry
        }
    }

    var wire: Components.Schemas.Entity {
        switch self {
        case .project: .project
        case .taskList: .taskList
        case .task: .task
        case .timer: .timer
        case .timeEntry: .timeEntry
        }
    }
}

extension UUID {
    /// Ids on the wire are lowercase UUID text.
    var wire: String { text }

    static func parse(_ text: String, field: String) throws(ServerCore.ServerError) -> UUID {
        guard let id = UUID(text: text) else {
            throw .invalidRequest("\(field) is not a UUID: \(text.prefix(64))")
        }
        return id
    }
}

extension PushInput {
    init(_ wire: Components.Schemas.PushRequest) throws(ServerCore.ServerError) {
        var mutations: [MutationInput] = []
        mutations.reserveCapacity(wire.mutations.count)
        for (index, mutation) in wire.mutations.enumerated() {
            let path = "mutations[\(index)]"
            mutations.append(
                MutationInput(
                    number: mutation.number,
                    entity: EntityKind(mutation.entity),
                    id: try UUID.parse(mutation.id, field: "\(path).id"),
                    baseVersion: mutation.baseVersion,
                    base: mutation.base?.values,
                    changes: mutation.changes.values
                )
            )
        }
        self.init(
            deviceID: try UUID.parse(wire.deviceId, field: "deviceId"),
            epoch: wire.epoch,
            first: wire.first,
            last: wire.last,
            mutations: mutations
        )
    }
}

extension Components.Schemas.Record {
    init(_ record: StoredRecord) {
        self.init(
            entity: record.entity.wire,
            id: record.id.wire,
            version: record.version,
            sequence: record.sequence,
            deleted: record.deleted,
            ownerId: record.ownerID?.wire,
            fields: WireFields(record.fields)
        )
    }
}

extension Components.Schemas.PushResponse {
    init(_ output: PushOutput) throws {
        self.init(
            lastMutation: output.lastMutation,
            replayed: output.replayed,
            results: try output.results.map { result in
                Components.Schemas.MutationResult(
                    number: result.number,
                    outcome: Components.Schemas.Outcome(rawValue: result.outcome.rawValue) ?? .rejected,
                    reason: result.reason,
                    conflicts: result.conflicts.isEmpty
                        ? nil
                        : try result.conflicts.map { conflict in
                            Components.Schemas.FieldConflict(
                                field: conflict.field,
                                mine: try WireValue.wireValue(conflict.mine),
                                theirs: try WireValue.wireValue(conflict.theirs)
                            )
                        },
                    record: result.record.map(Components.Schemas.Record.init)
                )
            }
        )
    }
}

extension Components.Schemas.User {
    init(_ user: ServerUser) {
        self.init(id: user.id.wire, name: user.name)
    }
}
