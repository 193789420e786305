// STAND-IN: the public API of ServerCore as written in /work/handoff/issue8-servercore-api.md, so
// that StintServer compiles and is tested before the real ServerCore lands. Drop every
// `_Standin*.swift` file when merging the real ServerCore.
import Foundation

/// A JSON value: field values travel as JSON and are compared structurally by the merge.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

public typealias Fields = [String: JSONValue]

public enum EntityKind: String, Sendable, CaseIterable, Codable {
    case project, taskList, task, timer, timeEntry
}

public struct ServerUser: Sendable, Hashable, Codable {
    public let id: UUID
    public let name: String
    public let createdAt: Date
    public init(id: UUID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}

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

public struct TokenInfo: Sendable, Hashable, Codable {
    public let id: UUID
    public let userID: UUID
    public let createdAt: Date
    public let revokedAt: Date?
    public let lastUsedAt: Date?
    public init(id: UUID, userID: UUID, createdAt: Date, revokedAt: Date?, lastUsedAt: Date?) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }
}

public struct DeviceInfo: Sendable, Hashable, Codable {
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

public struct MutationInput: Sendable, Hashable {
    public var number: Int64
    public var entity: EntityKind
    public var id: UUID
    public var baseVersion: Int64?
    public var base: Fields?
    public var changes: Fields
    public init(
        number: Int64,
        entity: EntityKind,
        id: UUID,
        baseVersion: Int64? = nil,
        base: Fields? = nil,
        changes: Fields
    ) {
        self.number = number
        self.entity = entity
        self.id = id
        self.baseVersion = baseVersion
        self.base = base
        self.changes = changes
    }
}

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

public enum Outcome: String, Sendable, Codable { case applied, merged, conflict, rejected }

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

public struct StoredRecord: Sendable, Hashable, Codable {
    public var entity: EntityKind
    public var id: UUID
    public var version: Int64
    public var sequence: Int64
    public var deleted: Bool
    public var ownerID: UUID?
    public var fields: Fields
    public init(
        entity: EntityKind,
        id: UUID,
        version: Int64,
        sequence: Int64,
        deleted: Bool,
        ownerID: UUID?,
        fields: Fields
    ) {
        self.entity = entity
        self.id = id
        self.version = version
        self.sequence = sequence
        self.deleted = deleted
        self.ownerID = ownerID
        self.fields = fields
    }
}

public struct MutationOutput: Sendable, Hashable, Codable {
    public var number: Int64
    public var outcome: Outcome
    public var reason: String?
    public var conflicts: [FieldConflict]
    public var record: StoredRecord?
    public init(
        number: Int64,
        outcome: Outcome,
        reason: String? = nil,
        conflicts: [FieldConflict] = [],
        record: StoredRecord? = nil
    ) {
        self.number = number
        self.outcome = outcome
        self.reason = reason
        self.conflicts = conflicts
        self.record = record
    }
}

public struct PushOutput: Sendable, Hashable, Codable {
    public var lastMutation: Int64
    public var replayed: Bool
    public var results: [MutationOutput]
    public init(lastMutation: Int64, replayed: Bool, results: [MutationOutput]) {
        self.lastMutation = lastMutation
        self.replayed = replayed
        self.results = results
    }
}

public struct ChangesOutput: Sendable, Hashable {
    public var records: [StoredRecord]
    public var lastSequence: Int64
    public var hasMore: Bool
    public init(records: [StoredRecord], lastSequence: Int64, hasMore: Bool) {
        self.records = records
        self.lastSequence = lastSequence
        self.hasMore = hasMore
    }
}

/// Cursor text "<epoch>:<sequence>"; parse refuses anything else.
public struct SyncCursor: Sendable, Hashable {
    public var epoch: String
    public var sequence: Int64
    public init(epoch: String, sequence: Int64) {
        self.epoch = epoch
        self.sequence = sequence
    }
    public init?(text: String) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let epoch = String(text[..<colon])
        guard !epoch.isEmpty, let sequence = Int64(text[text.index(after: colon)...]), sequence >= 0 else {
            return nil
        }
        self.init(epoch: epoch, sequence: sequence)
    }
    public var text: String { "\(epoch):\(sequence)" }
}

public enum ServerError: Error, Sendable, Equatable {
    case invalidName(String)
    case duplicateUser(String)
    case unknownUser(String)
    case unknownToken(String)
    case unauthorized
    case forbidden(String)
    case unknownDevice(UUID)
    case epochMismatch(server: String)
    case gap(expected: Int64, got: Int64)
    case invalidRequest(String)
    case storage(String)
}

/// The server's store. Nothing in it may assume SQLite (PostgreSQL implements it next).
public protocol ServerStore: Sendable {
    func epoch() async throws(ServerError) -> String
    func addUser(name: String) async throws(ServerError) -> IssuedToken
    func users() async throws(ServerError) -> [ServerUser]
    func createToken(forUser nameOrID: String) async throws(ServerError) -> IssuedToken
    func revokeToken(_ idOrPrefix: String) async throws(ServerError) -> TokenInfo
    func tokens(ofUser nameOrID: String) async throws(ServerError) -> [TokenInfo]
    /// The user a bearer secret belongs to, nil when unknown or revoked (constant-time compare of hashes).
    func authenticate(secret: String) async throws(ServerError) -> ServerUser?
    func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) async throws(ServerError)
        -> DeviceInfo
    func push(_ input: PushInput, by user: ServerUser, at now: Date) async throws(ServerError) -> PushOutput
    func changes(after sequence: Int64, limit: Int, for user: ServerUser) async throws(ServerError) -> ChangesOutput
}
