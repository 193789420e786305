import Foundation
import OpenAPIRuntime
import ServerCore

/// Field values cross the wire through OpenAPIRuntime's untyped containers; these map them to
/// ServerCore's JSONValue. The containers decode a JSON number as Int when it is integral and as
/// Double otherwise, so integers (dates in milliseconds, 0/1 flags) stay integers.
enum WireValue {
    static func jsonValue(_ value: (any Sendable)?, at path: String) throws(ServerCore.ServerError) -> JSONValue {
        guard let value else { return .null }
        switch value {
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(Int64(value))
        case let value as Int64: return .integer(value)
        case let value as Double: return .double(value)
        case let value as String: return .string(value)
        case let value as [(any Sendable)?]:
            var items: [JSONValue] = []
            items.reserveCapacity(value.count)
            for (index, item) in value.enumerated() {
                items.append(try jsonValue(item, at: "\(path)[\(index)]"))
            }
            return .array(items)
        case let value as [String: (any Sendable)?]:
            return .object(try fields(value, at: path))
        default:
            throw .invalidRequest("unsupported JSON value at \(path)")
        }
    }

    static func fields(_ object: [String: (any Sendable)?], at path: String) throws(ServerCore.ServerError) -> Fields {
        var fields: Fields = [:]
        fields.reserveCapacity(object.count)
        for (key, value) in object {
            fields[key] = try jsonValue(value, at: path.isEmpty ? key : "\(path).\(key)")
        }
        return fields
    }

    static func fields(_ wire: Components.Schemas.Fields, at path: String) throws(ServerCore.ServerError) -> Fields {
        try fields(wire.additionalProperties.value, at: path)
    }

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

    static func wireFields(_ fields: Fields) throws -> Components.Schemas.Fields {
        let object: [String: (any Sendable)?] = fields.mapValues(containerValue)
        return .init(additionalProperties: try OpenAPIObjectContainer(unvalidatedValue: object))
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
    var wire: String { uuidString.lowercased() }

    static func parse(_ text: String, field: String) throws(ServerCore.ServerError) -> UUID {
        guard let id = UUID(uuidString: text) else {
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
                    base: try mutation.base.map { (base) throws(ServerCore.ServerError) in
                        try WireValue.fields(base, at: "\(path).base")
                    },
                    changes: try WireValue.fields(mutation.changes, at: "\(path).changes")
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
    init(_ record: StoredRecord) throws {
        self.init(
            entity: record.entity.wire,
            id: record.id.wire,
            version: record.version,
            sequence: record.sequence,
            deleted: record.deleted,
            ownerId: record.ownerID?.wire,
            fields: try WireValue.wireFields(record.fields)
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
                    record: try result.record.map(Components.Schemas.Record.init)
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
