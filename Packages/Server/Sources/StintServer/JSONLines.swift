import Foundation
import OpenAPIRuntime
import ServerCore

/// The contract's JSON Lines representation of the bulk bodies (a push, its answer, a page of changes):
/// a header line, then one item per line (`Mutation`, `MutationResult`, `Record`), read and written by
/// hand. `stint` sends and asks for this form: a first sync moves a hundred thousand items, and through
/// `JSONDecoder`/`JSONEncoder` each one cost tens of microseconds on both sides. A line feed only ever
/// ends a line, because JSON escapes it inside strings.
enum JSONLines {
    /// Whether the client asked for JSON Lines over JSON (the higher quality wins; JSON on a tie).
    static func preferred<T: AcceptableProtocol>(_ accept: [AcceptHeaderContentType<T>], lines: T, json: T) -> Bool {
        let quality = { (type: T) -> Double in
            accept.filter { $0.contentType == type }.map(\.quality.doubleValue).max() ?? 0
        }
        return quality(lines) > quality(json)
    }

    // MARK: Push request

    /// The batch in `bytes`: a `PushHeader` line, then one `Mutation` per line.
    static func pushInput(_ bytes: [UInt8]) throws(ServerCore.ServerError) -> PushInput {
        var header: PushInput?
        var mutations: [MutationInput] = []
        var line = 0
        var start = 0
        while start < bytes.count {
            line += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            guard case .object(let object)? = JSONValue(jsonBytes: bytes, from: start, to: end) else {
                throw .invalidRequest("line \(line) of the push is not one JSON object")
            }
            let fields = LineObject(fields: object, line: line)
            if header == nil {
                header = PushInput(
                    deviceID: try fields.uuid("deviceId"), epoch: try fields.string("epoch"),
                    first: try fields.integer("first"), last: try fields.integer("last"), mutations: [])
            } else {
                guard mutations.count < 10_000 else { throw .invalidRequest("a batch holds at most 10000 mutations") }
                let entityName = try fields.string("entity")
                guard let entity = EntityKind(rawValue: entityName) else {
                    throw .invalidRequest("line \(line): unknown entity \"\(entityName.prefix(40))\"")
                }
                mutations.append(
                    MutationInput(
                        number: try fields.integer("number"), entity: entity, id: try fields.uuid("id"),
                        baseVersion: try fields.optionalInteger("baseVersion"), base: try fields.optionalObject("base"),
                        changes: try fields.object("changes")))
            }
            start = end + 1
        }
        guard var header else { throw .invalidRequest("the push is empty") }
        header.mutations = mutations
        return header
    }

    // MARK: Push answer

    static func body(_ output: PushOutput) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + 320 * output.results.count)
        bytes.append(contentsOf: #"{"lastMutation":"#.utf8)
        JSONValue.writeInteger(output.lastMutation, to: &bytes)
        bytes.append(contentsOf: (output.replayed ? #","replayed":true}"# : #","replayed":false}"#).utf8)
        bytes.append(0x0A)
        for result in output.results {
            bytes.append(contentsOf: #"{"number":"#.utf8)
            JSONValue.writeInteger(result.number, to: &bytes)
            bytes.append(contentsOf: #","outcome":""#.utf8)
            bytes.append(contentsOf: result.outcome.rawValue.utf8)
            bytes.append(UInt8(ascii: "\""))
            if let reason = result.reason {
                bytes.append(contentsOf: #","reason":"#.utf8)
                JSONValue.writeString(reason, to: &bytes)
            }
            if !result.conflicts.isEmpty {
                bytes.append(contentsOf: #","conflicts":["#.utf8)
                for (index, conflict) in result.conflicts.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(contentsOf: #"{"field":"#.utf8)
                    JSONValue.writeString(conflict.field, to: &bytes)
                    bytes.append(contentsOf: #","mine":"#.utf8)
                    conflict.mine.write(to: &bytes)
                    bytes.append(contentsOf: #","theirs":"#.utf8)
                    conflict.theirs.write(to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                }
                bytes.append(UInt8(ascii: "]"))
            }
            if let record = result.record {
                bytes.append(contentsOf: #","record":"#.utf8)
                write(record, to: &bytes)
            }
            bytes.append(contentsOf: "}\n".utf8)
        }
        return bytes
    }

    // MARK: Page of changes

    static func body(_ page: ChangesOutput, cursor: String, epoch: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96 + 320 * page.records.count)
        bytes.append(contentsOf: #"{"cursor":"#.utf8)
        JSONValue.writeString(cursor, to: &bytes)
        bytes.append(contentsOf: (page.hasMore ? #","hasMore":true,"epoch":"# : #","hasMore":false,"epoch":"#).utf8)
        JSONValue.writeString(epoch, to: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
        for record in page.records {
            write(record, to: &bytes)
            bytes.append(0x0A)
        }
        return bytes
    }

    /// A `Record`: the same keys the JSON representation has.
    static func write(_ record: StoredRecord, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"entity":""#.utf8)
        bytes.append(contentsOf: record.entity.rawValue.utf8)
        bytes.append(contentsOf: #"","id":""#.utf8)
        bytes.append(contentsOf: record.id.wire.utf8)
        bytes.append(contentsOf: #"","version":"#.utf8)
        JSONValue.writeInteger(record.version, to: &bytes)
        bytes.append(contentsOf: #","sequence":"#.utf8)
        JSONValue.writeInteger(record.sequence, to: &bytes)
        bytes.append(contentsOf: (record.deleted ? #","deleted":true"# : #","deleted":false"#).utf8)
        if let owner = record.ownerID {
            bytes.append(contentsOf: #","ownerId":""#.utf8)
            bytes.append(contentsOf: owner.wire.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(contentsOf: #","fields":"#.utf8)
        // The text the store read or wrote: the same sorted, compact JSON, not written a second time.
        bytes.append(contentsOf: record.fieldsJSON.utf8)
        bytes.append(UInt8(ascii: "}"))
    }
}

/// One line's object, with lookups whose errors name the line and the key.
private struct LineObject {
    var fields: [String: JSONValue]
    var line: Int

    private func problem(_ key: String, _ what: String) -> ServerCore.ServerError {
        .invalidRequest("line \(line): \"\(key)\" \(what)")
    }

    func string(_ key: String) throws(ServerCore.ServerError) -> String {
        guard case .string(let value)? = fields[key] else {
            throw problem(key, fields[key] == nil ? "is missing" : "is not text")
        }
        return value
    }

    func integer(_ key: String) throws(ServerCore.ServerError) -> Int64 {
        guard case .integer(let value)? = fields[key] else {
            throw problem(key, fields[key] == nil ? "is missing" : "is not an integer")
        }
        return value
    }

    func optionalInteger(_ key: String) throws(ServerCore.ServerError) -> Int64? {
        switch fields[key] {
        case nil, .null?: return nil
        case .integer(let value)?: return value
        default: throw problem(key, "is not an integer")
        }
    }

    func uuid(_ key: String) throws(ServerCore.ServerError) -> UUID {
        let text = try string(key)
        guard let id = UUID(text: text) else { throw problem(key, "is not a UUID") }
        return id
    }

    func object(_ key: String) throws(ServerCore.ServerError) -> Fields {
        guard let value = try optionalObject(key) else { throw problem(key, "is missing") }
        return value
    }

    func optionalObject(_ key: String) throws(ServerCore.ServerError) -> Fields? {
        switch fields[key] {
        case nil, .null?: return nil
        case .object(let value)?: return value
        default: throw problem(key, "is not an object")
        }
    }
}
