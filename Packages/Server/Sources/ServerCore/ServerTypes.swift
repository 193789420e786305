import Foundation

/// A person on the server: the owner of tokens, devices, timers and time entries.
public struct ServerUser: Sendable, Hashable {
    public let id: UUID
    public let name: String
    public let createdAt: Date

    public init(id: UUID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}

/// A token just made; `secret` is shown once and never stored in clear.
public struct IssuedToken: Sendable {
    public let id: UUID
    public let user: ServerUser
    public let secret: String

    public init(id: UUID, user: ServerUser, secret: String) {
        self.id = id
        self.user = user
        self.secret = secret
    }
}

/// What the server keeps about a token (never its secret).
public struct TokenInfo: Sendable, Hashable {
    public let id: UUID
    public let userID: UUID
    public let createdAt: Date
    public let revokedAt: Date?
    public let lastUsedAt: Date?
    /// When the token stops working by itself; nil for a token that lasts until revoked.
    public let expiresAt: Date?

    public init(id: UUID, userID: UUID, createdAt: Date, revokedAt: Date?, lastUsedAt: Date?, expiresAt: Date? = nil) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
    }
}

/// A device registered under a user, with the last mutation number the server applied from it.
public struct DeviceInfo: Sendable, Hashable {
    public let id: UUID
    public let name: String
    public let userID: UUID
    public let lastMutation: Int64

    public init(id: UUID, name: String, userID: UUID, lastMutation: Int64) {
        self.id = id
        self.name = name
        self.userID = userID
        self.lastMutation = lastMutation
    }
}

/// One compacted change of one record, as a device pushes it.
public struct MutationInput: Sendable, Hashable {
    /// The device's change-log number of the last change folded into this mutation.
    public var number: Int64
    public var entity: EntityKind
    public var id: UUID
    /// The server version the base came from, when the device knows it.
    public var baseVersion: Int64?
    /// The record's fields before the first folded change; nil for an insert.
    public var base: Fields?
    /// The fields whose value after the last change differs from `base` (all fields for an insert).
    public var changes: Fields

    public init(
        number: Int64, entity: EntityKind, id: UUID, baseVersion: Int64? = nil, base: Fields? = nil, changes: Fields
    ) {
        self.number = number
        self.entity = entity
        self.id = id
        self.baseVersion = baseVersion
        self.base = base
        self.changes = changes
    }
}

/// A batch of mutations numbered `first...last` without gaps, from one device.
public struct PushInput: Sendable, Hashable {
    public var deviceID: UUID
    public var epoch: String
    public var first: Int64
    public var last: Int64
    public var mutations: [MutationInput]

    public init(deviceID: UUID, epoch: String, first: Int64, last: Int64, mutations: [MutationInput]) {
        self.deviceID = deviceID
        self.epoch = epoch
        self.first = first
        self.last = last
        self.mutations = mutations
    }
}

/// How the server settled one mutation.
public enum Outcome: String, Sendable, Codable {
    /// Nothing concurrent: the device's values were taken (or were already there).
    case applied
    /// Concurrent changes were combined without losing anything.
    case merged
    /// At least one of the device's values lost; `conflicts` lists them.
    case conflict
    /// Refused (see `reason`); nothing was written, and the mutation is settled all the same.
    case rejected
}

/// A field whose device value (`mine`) lost against the server's (`theirs`).
public struct FieldConflict: Sendable, Hashable, Codable {
    public var field: String
    public var mine: JSONValue
    public var theirs: JSONValue

    public init(field: String, mine: JSONValue, theirs: JSONValue) {
        self.field = field
        self.mine = mine
        self.theirs = theirs
    }
}

/// A record as the server holds it.
public struct StoredRecord: Sendable, Hashable, Codable {
    public var entity: EntityKind
    public var id: UUID
    /// 1 when inserted, one more for every write that changed a field.
    public var version: Int64
    /// The server-wide change sequence of the write that made this state.
    public var sequence: Int64
    /// Whether `deleted_at` is set (a tombstone).
    public var deleted: Bool
    /// The owning user of a timer or time entry; nil for shared records.
    public var ownerID: UUID?
    public var fields: Fields {
        didSet { fieldsText = nil }
    }
    /// `fields` as the store's JSON text (sorted keys) when it is known — read from storage or just written
    /// there — so a push answer and a page copy it instead of writing the same fields again. Any change to
    /// `fields` forgets it; it takes no part in equality.
    public package(set) var fieldsText: String?

    public init(
        entity: EntityKind, id: UUID, version: Int64, sequence: Int64, deleted: Bool, ownerID: UUID?, fields: Fields
    ) {
        self.init(
            entity: entity, id: id, version: version, sequence: sequence, deleted: deleted, ownerID: ownerID,
            fields: fields, fieldsText: nil)
    }

    package init(
        entity: EntityKind, id: UUID, version: Int64, sequence: Int64, deleted: Bool, ownerID: UUID?, fields: Fields,
        fieldsText: String?
    ) {
        self.entity = entity
        self.id = id
        self.version = version
        self.sequence = sequence
        self.deleted = deleted
        self.ownerID = ownerID
        self.fields = fields
        self.fieldsText = fieldsText
    }

    /// The fields' JSON text: the known text, or the fields written anew.
    public var fieldsJSON: String { fieldsText ?? fields.jsonText }

    private enum CodingKeys: String, CodingKey {
        case entity, id, version, sequence, deleted, ownerID, fields
    }

    public static func == (left: StoredRecord, right: StoredRecord) -> Bool {
        left.entity == right.entity && left.id == right.id && left.version == right.version
            && left.sequence == right.sequence && left.deleted == right.deleted && left.ownerID == right.ownerID
            && left.fields == right.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(id)
        hasher.combine(version)
        hasher.combine(sequence)
        hasher.combine(deleted)
        hasher.combine(ownerID)
        hasher.combine(fields)
    }
}

/// The answer to one mutation.
public struct MutationOutput: Sendable, Hashable, Codable {
    public var number: Int64
    public var outcome: Outcome
    public var reason: String?
    public var conflicts: [FieldConflict]
    /// The record as it stands after the mutation, so the device can write it at once; nil when
    /// the record does not exist or the user may not see it (another user's timer).
    public var record: StoredRecord?

    public init(
        number: Int64, outcome: Outcome, reason: String? = nil, conflicts: [FieldConflict] = [],
        record: StoredRecord?
    ) {
        self.number = number
        self.outcome = outcome
        self.reason = reason
        self.conflicts = conflicts
        self.record = record
    }
}

/// The answer to a push.
public struct PushOutput: Sendable, Hashable, Codable {
    /// The device's last applied mutation number after this push.
    public var lastMutation: Int64
    /// True when the batch had already been applied and this is the stored answer.
    public var replayed: Bool
    public var results: [MutationOutput]

    public init(lastMutation: Int64, replayed: Bool, results: [MutationOutput]) {
        self.lastMutation = lastMutation
        self.replayed = replayed
        self.results = results
    }
}

/// One page of changes.
public struct ChangesOutput: Sendable, Hashable {
    public var records: [StoredRecord]
    /// The sequence to ask from next: the last record's, or the one asked from when the page is empty.
    public var lastSequence: Int64
    public var hasMore: Bool

    public init(records: [StoredRecord], lastSequence: Int64, hasMore: Bool) {
        self.records = records
        self.lastSequence = lastSequence
        self.hasMore = hasMore
    }
}

/// Cursor text "<epoch>:<sequence>"; parse refuses anything else.
///
/// The epoch travels in the cursor so that a device pulling from a reset or restored server is
/// told so instead of silently missing or repeating changes.
public struct SyncCursor: Sendable, Hashable {
    public var epoch: String
    public var sequence: Int64

    public init(epoch: String, sequence: Int64) {
        self.epoch = epoch
        self.sequence = sequence
    }

    /// Reads "<epoch>:<sequence>": a non-empty epoch without colons or whitespace (at most 64
    /// characters), and a sequence of decimal digits that is not negative.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let epoch = parts[0]
        let digits = parts[1]
        guard !epoch.isEmpty, epoch.utf8.count <= 64,
            epoch.utf8.allSatisfy(Self.isEpochByte),
            !digits.isEmpty, digits.utf8.count <= 19, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let sequence = Int64(digits)
        else { return nil }
        self.epoch = String(epoch)
        self.sequence = sequence
    }

    public var text: String { "\(epoch):\(sequence)" }

    /// Epochs are made by the server from lowercase hex and dashes; letters, digits and dashes are
    /// accepted so a hand-made or future epoch format still parses.
    private static func isEpochByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// Everything the server core refuses or fails at; the HTTP layer maps each case to a status.
public enum ServerError: Error, Sendable, Equatable {
    /// A user or device name that is empty, too long or has control characters.
    case invalidName(String)
    case duplicateUser(String)
    case unknownUser(String)
    case unknownToken(String)
    /// An unknown or revoked token.
    case unauthorized
    /// For example a device of another user.
    case forbidden(String)
    case unknownDevice(UUID)
    /// A push or pull from another epoch.
    case epochMismatch(server: String)
    /// A push that does not start at lastMutation + 1.
    case gap(expected: Int64, got: Int64)
    /// Malformed input beyond the schema.
    case invalidRequest(String)
    /// The database failed; the detail is for the log.
    case storage(String)
    /// The database cannot be reached (restarting, network, pool closed): the request may be retried
    /// as it is, and nothing it asked for was applied unless a retry finds it so. The detail is for the log.
    case unavailable(String)
}
