import Foundation
import LocalStorage
import RemoteStorage

// Between LocalStorage's sync rows (JSON text of column images, table entity names) and the sync
// service's values (SyncValue fields, wire entity names).

extension SyncValue {
    /// Compact JSON text, object keys sorted: what LocalStorage stores and compares.
    public var jsonText: String { wire.jsonText(sortedKeys: true) }

    /// Parses JSON text; nil when it is not JSON.
    static func parse(_ text: String) -> SyncValue? {
        (try? WireValue.parse(text)).map(SyncValue.init(wire:))
    }

    /// The value as RemoteStorage reads and writes it.
    var wire: WireValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(\.wire))
        case .object(let fields): .object(fields.mapValues(\.wire))
        }
    }

    init(wire: WireValue) {
        switch wire {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let values): self = .array(values.map(SyncValue.init(wire:)))
        case .object(let fields): self = .object(fields.mapValues(SyncValue.init(wire:)))
        }
    }

    /// The value as an integer, when it is one.
    var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .double(let value) where value.rounded() == value: Int64(exactly: value)
        default: nil
        }
    }
}

enum SyncCoding {
    /// Columns that never travel: the id is the record's, the number is per device, the version is the
    /// server's.
    static let localOnlyColumns: Set<String> = ["id", "number", "version"]

    static func entity(storage name: String) -> SyncEntity? {
        switch name {
        case "project": .project
        case "task_list": .taskList
        case "task": .task
        case "timer": .timer
        case "time_entry": .timeEntry
        default: nil
        }
    }

    static func storageName(_ entity: SyncEntity) -> String {
        switch entity {
        case .project: "project"
        case .taskList: "task_list"
        case .task: "task"
        case .timer: "timer"
        case .timeEntry: "time_entry"
        }
    }

    /// The fields of a change-log image, without the local-only columns.
    static func fields(image: String?) throws(RepositoryError) -> SyncFields? {
        try image.map { image throws(RepositoryError) in try fieldsAndVersion(image: image).fields }
    }

    /// The fields of a change-log image without the local-only columns, and the version it held.
    static func fieldsAndVersion(image: String) throws(RepositoryError) -> (fields: SyncFields, version: Int64?) {
        guard case .object(var fields) = SyncValue.parse(image) else {
            throw .corruptData(message: "a change in the log holds an image that is not a JSON object")
        }
        let version = fields["version"]?.integerValue
        for column in localOnlyColumns { fields[column] = nil }
        return (fields, version)
    }

    static func serverRow(_ record: SyncRecord) -> ServerRow {
        var fields = record.fields
        for column in localOnlyColumns { fields[column] = nil }
        return ServerRow(
            entity: storageName(record.entity), id: record.id.storageID, version: record.version,
            fields: SyncValue.object(fields).jsonText)
    }

    /// Compacts a run of changes into one mutation per record, in the order records first appear:
    /// base = the before-image of the record's first change (none for an insert), changes = the fields
    /// of the last after-image that differ from base (all of them for an insert), number = the last
    /// change folded in. A record whose changes cancel out (edited, then undone) sends nothing.
    static func compact(_ changes: [PendingChange]) throws(RepositoryError) -> [SyncMutation] {
        struct Folded {
            var entity: SyncEntity
            var id: UUID
            var number: Int64
            var base: SyncFields?
            var baseVersion: Int64?
            var last: SyncFields
        }
        var order: [String] = []
        var folded: [String: Folded] = [:]
        for change in changes {
            guard let entity = entity(storage: change.entity) else {
                throw .corruptData(message: "a change in the log is of unknown kind \(change.entity)")
            }
            let key = change.entity + "/" + change.entityID
            let after = try fields(image: change.after) ?? [:]
            if var known = folded[key] {
                known.number = change.seq
                known.last = after
                folded[key] = known
                continue
            }
            let before = try change.before.map { image throws(RepositoryError) in try fieldsAndVersion(image: image) }
            let base = before?.fields
            let baseVersion = before?.version
            order.append(key)
            folded[key] = Folded(
                entity: entity, id: try UUID(storageID: change.entityID, field: "changed record id"),
                number: change.seq, base: base, baseVersion: baseVersion, last: after)
        }
        return order.compactMap { key -> SyncMutation? in
            guard let record = folded[key] else { return nil }
            var changed = record.last
            if let base = record.base {
                changed = record.last.filter { field, value in base[field] != value }
                guard !changed.isEmpty else { return nil }
            }
            return SyncMutation(
                number: record.number, entity: record.entity, id: record.id, baseVersion: record.baseVersion,
                base: record.base, changes: changed)
        }
    }
}
