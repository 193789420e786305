import ServerCore

/// The contract's `Fields` (a record's field values by name), as the server's own JSON values.
///
/// The generator maps the schema to this type (`typeOverrides` in Packages/APIContract/server-config.yaml)
/// instead of its free-form container, which holds values as `any Sendable` and finds each one's type with
/// dynamic casts when it encodes: on a pull page of a hundred records that was most of the request's time.
struct WireFields: Codable, Hashable, Sendable {
    var values: Fields

    init(_ values: Fields) {
        self.values = values
    }

    init(from decoder: any Decoder) throws {
        values = try Fields(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }
}
