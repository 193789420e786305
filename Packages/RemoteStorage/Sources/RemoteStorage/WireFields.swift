/// The contract's `Fields` (a record's field values by name), as ``WireValue``s.
///
/// The generator maps the schema to this type (`typeOverrides` in Packages/APIContract/client-types-config.yaml)
/// instead of the runtime's free-form container, whose values are `any Sendable` found again by dynamic casts:
/// a first push or pull builds or reads a hundred thousand of these.
public struct WireFields: Codable, Hashable, Sendable {
    public var values: [String: WireValue]

    public init(_ values: [String: WireValue]) {
        self.values = values
    }

    public init(from decoder: any Decoder) throws {
        values = try [String: WireValue](from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }
}

/// Through `Codable` only where a generated JSON body holds fields (the JSON representation); the bulk
/// bodies are JSON Lines, read and written by ``JSONLines`` without a decoder.
extension WireValue: Codable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [WireValue] = []
            while !array.isAtEnd { values.append(try array.decode(WireValue.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: WireKey.self) {
            var values: [String: WireValue] = [:]
            for key in object.allKeys { values[key.stringValue] = try object.decode(WireValue.self, forKey: key) }
            self = .object(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .integer(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let values):
            var array = encoder.unkeyedContainer()
            for value in values { try array.encode(value) }
        case .object(let values):
            var object = encoder.container(keyedBy: WireKey.self)
            for (key, value) in values { try object.encode(value, forKey: WireKey(stringValue: key)) }
        }
    }
}

/// A coding key made of any string, for objects whose keys are data.
struct WireKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
