import OpenAPIRuntime

/// The contract's JSON Lines representation of the bulk bodies (a push, its answer, a page of changes):
/// a header line, then one item per line, each line one compact JSON value ended by a line feed.
///
/// The items are the contract's own schemas (`Mutation`, `MutationResult`, `Record`), written and read
/// here by hand: a first sync moves a hundred thousand of them, and through `JSONDecoder` each cost tens
/// of microseconds. A line feed can only end a line, because JSON escapes it inside strings.
enum JSONLines {
    static let contentType = "application/jsonl"

    // MARK: Push request

    static func body(_ request: PushRequest) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 * (request.mutations.count + 1))
        WireValue.object([
            "deviceId": .string(request.deviceId), "epoch": .string(request.epoch),
            "first": .integer(request.first), "last": .integer(request.last),
        ]).write(to: &bytes)
        bytes.append(0x0A)
        for mutation in request.mutations {
            bytes.append(contentsOf: #"{"number":"#.utf8)
            WireValue.writeInteger(mutation.number, to: &bytes)
            bytes.append(contentsOf: #","entity":"#.utf8)
            WireValue.writeString(mutation.entity.rawValue, to: &bytes)
            bytes.append(contentsOf: #","id":"#.utf8)
            WireValue.writeString(mutation.id, to: &bytes)
            if let version = mutation.baseVersion {
                bytes.append(contentsOf: #","baseVersion":"#.utf8)
                WireValue.writeInteger(version, to: &bytes)
            }
            if let base = mutation.base {
                bytes.append(contentsOf: #","base":"#.utf8)
                WireValue.object(base.values).write(to: &bytes)
            }
            bytes.append(contentsOf: #","changes":"#.utf8)
            WireValue.object(mutation.changes.values).write(to: &bytes)
            bytes.append(contentsOf: "}\n".utf8)
        }
        return bytes
    }

    // MARK: Push answer

    static func pushResponse(_ bytes: [UInt8]) throws(WireFormatError) -> PushResponse {
        var header: PushSummary?
        var results: [MutationResult] = []
        try lines(bytes) { object, reader throws(WireFormatError) in
            guard header != nil else {
                header = PushSummary(
                    lastMutation: try object.integer("lastMutation", reader),
                    replayed: try object.bool("replayed", reader))
                return
            }
            results.append(try mutationResult(object, reader))
        }
        guard let header else { throw WireFormatError("the push answer is empty", at: 0) }
        return PushResponse(lastMutation: header.lastMutation, replayed: header.replayed, results: results)
    }

    private static func mutationResult(_ object: Object, _ reader: JSONReader) throws(WireFormatError)
        -> MutationResult
    {
        let outcomeName = try object.string("outcome", reader)
        guard let outcome = Outcome(rawValue: outcomeName) else {
            throw reader.failure("unknown outcome \"\(outcomeName.prefix(40))\"")
        }
        var conflicts: [FieldConflict]?
        if let list = try object.optionalArray("conflicts", reader) {
            conflicts = []
            for item in list {
                guard case .object(let fields) = item else { throw reader.failure("a conflict is not an object") }
                let conflict = Object(fields: fields)
                conflicts?.append(
                    FieldConflict(
                        field: try conflict.string("field", reader), mine: try container(fields["mine"], reader),
                        theirs: try container(fields["theirs"], reader)))
            }
        }
        var record: Record?
        if let fields = try object.optionalObject("record", reader) {
            record = try self.record(Object(fields: fields), reader)
        }
        return MutationResult(
            number: try object.integer("number", reader), outcome: outcome,
            reason: try object.optionalString("reason", reader), conflicts: conflicts, record: record)
    }

    /// Conflict values are free-form in the contract: the runtime's container holds them.
    private static func container(_ value: WireValue?, _ reader: JSONReader) throws(WireFormatError)
        -> OpenAPIValueContainer?
    {
        guard let value else { return nil }
        func plain(_ value: WireValue) -> (any Sendable)? {
            switch value {
            case .null: nil
            case .bool(let value): value
            case .integer(let value): Int(value)
            case .double(let value): value
            case .string(let value): value
            case .array(let values): values.map(plain) as [(any Sendable)?]
            case .object(let values): values.mapValues(plain) as [String: (any Sendable)?]
            }
        }
        do {
            return try OpenAPIValueContainer(unvalidatedValue: plain(value))
        } catch {
            throw reader.failure("a conflict value cannot be held")
        }
    }

    // MARK: Page of changes

    static func changePage(_ bytes: [UInt8]) throws(WireFormatError) -> ChangePage {
        var header: PageHeader?
        var records: [Record] = []
        try lines(bytes) { object, reader throws(WireFormatError) in
            guard header != nil else {
                header = PageHeader(
                    cursor: try object.string("cursor", reader), hasMore: try object.bool("hasMore", reader),
                    epoch: try object.string("epoch", reader))
                return
            }
            records.append(try record(object, reader))
        }
        guard let header else { throw WireFormatError("the page of changes is empty", at: 0) }
        return ChangePage(changes: records, cursor: header.cursor, hasMore: header.hasMore, epoch: header.epoch)
    }

    private static func record(_ object: Object, _ reader: JSONReader) throws(WireFormatError) -> Record {
        let entityName = try object.string("entity", reader)
        guard let entity = Entity(rawValue: entityName) else {
            throw reader.failure("unknown kind of record \"\(entityName.prefix(40))\"")
        }
        guard let fields = try object.optionalObject("fields", reader) else {
            throw reader.failure("a record has no fields")
        }
        return Record(
            entity: entity, id: try object.string("id", reader), version: try object.integer("version", reader),
            sequence: try object.integer("sequence", reader), deleted: try object.bool("deleted", reader),
            ownerId: try object.optionalString("ownerId", reader), fields: WireFields(fields))
    }

    // MARK: Lines

    /// Calls `body` with each line's object, in order; blank lines are not allowed, a missing final line
    /// feed is.
    private static func lines(
        _ bytes: [UInt8], _ body: (Object, JSONReader) throws(WireFormatError) -> Void
    ) throws(WireFormatError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(WireFormatError) in
                var reader = JSONReader(raw)
                while !reader.isAtEnd {
                    guard reader.peek == UInt8(ascii: "{") else { throw reader.failure("a line is not a JSON object") }
                    let fields = try reader.object()
                    reader.skipSpaces()
                    if let end = reader.peek {
                        guard end == 0x0A else { throw reader.failure("more than one JSON value on a line") }
                        _ = reader.skipLineFeed()
                    }
                    try body(Object(fields: fields), reader)
                }
            }
        }
        try result.get()
    }

    /// One line's object, with typed lookups whose errors name the missing or mistyped key.
    struct Object {
        var fields: [String: WireValue]

        func value(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> WireValue {
            guard let value = fields[key] else { throw reader.failure("\"\(key)\" is missing") }
            return value
        }

        func integer(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> Int64 {
            guard case .integer(let value) = try value(key, reader) else {
                throw reader.failure("\"\(key)\" is not an integer")
            }
            return value
        }

        func bool(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> Bool {
            guard case .bool(let value) = try value(key, reader) else {
                throw reader.failure("\"\(key)\" is not true or false")
            }
            return value
        }

        func string(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> String {
            guard case .string(let value) = try value(key, reader) else {
                throw reader.failure("\"\(key)\" is not text")
            }
            return value
        }

        func optionalString(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw reader.failure("\"\(key)\" is not text")
            }
        }

        func optionalArray(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> [WireValue]? {
            switch fields[key] {
            case nil, .null?: return nil
            case .array(let value)?: return value
            default: throw reader.failure("\"\(key)\" is not an array")
            }
        }

        func optionalObject(_ key: String, _ reader: JSONReader) throws(WireFormatError) -> [String: WireValue]? {
            switch fields[key] {
            case nil, .null?: return nil
            case .object(let value)?: return value
            default: throw reader.failure("\"\(key)\" is not an object")
            }
        }
    }
}
