import Foundation

// The Service side of RDS for sync: what the sync engine needs from a Stint server, in the
// Repositories' own vocabulary, so the engine is written and tested against a fake and never sees
// HTTP. The App wires the real implementation (over RemoteStorage) through `SyncServiceFactory`.

/// A JSON value, as field values travel between a device and the server.
public enum SyncValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([SyncValue])
    case object([String: SyncValue])
}

/// Field values of one record by field name (the local column names, see the sync protocol ADR).
public typealias SyncFields = [String: SyncValue]

/// The kinds of record that sync carries; raw values are the wire names.
public enum SyncEntity: String, Sendable, Hashable, CaseIterable {
    case project
    case taskList
    case task
    case timer
    case timeEntry
}

/// One record's compacted local changes, as pushed.
public struct SyncMutation: Sendable, Hashable {
    /// The device's number of the last change folded into this mutation.
    public var number: Int64
    public var entity: SyncEntity
    public var id: UUID
    /// The server version the base came from, when known.
    public var baseVersion: Int64?
    /// The fields before the first change folded in; nil for a new record.
    public var base: SyncFields?
    /// The fields whose value differs from `base` (every field for a new record).
    public var changes: SyncFields

    public init(
        number: Int64, entity: SyncEntity, id: UUID, baseVersion: Int64?, base: SyncFields?, changes: SyncFields
    ) {
        self.number = number
        self.entity = entity
        self.id = id
        self.baseVersion = baseVersion
        self.base = base
        self.changes = changes
    }
}

/// A gapless range `first...last` of the device's change numbers, compacted into mutations.
public struct PushBatch: Sendable, Hashable {
    public var deviceID: UUID
    public var epoch: String
    public var first: Int64
    public var last: Int64
    public var mutations: [SyncMutation]

    public init(deviceID: UUID, epoch: String, first: Int64, last: Int64, mutations: [SyncMutation]) {
        self.deviceID = deviceID
        self.epoch = epoch
        self.first = first
        self.last = last
        self.mutations = mutations
    }
}

/// What the server did with one mutation.
public enum SyncOutcome: String, Sendable, Hashable {
    case applied, merged, conflict, rejected
}

/// A field both sides changed where the server's value stood; `mine` is kept as a conflict record.
public struct SyncFieldConflict: Sendable, Hashable {
    public var field: String
    public var mine: SyncValue
    public var theirs: SyncValue

    public init(field: String, mine: SyncValue, theirs: SyncValue) {
        self.field = field
        self.mine = mine
        self.theirs = theirs
    }
}

/// A record as the server holds it now.
public struct SyncRecord: Sendable, Hashable {
    public var entity: SyncEntity
    public var id: UUID
    public var version: Int64
    public var sequence: Int64
    public var deleted: Bool
    public var ownerID: UUID?
    /// Every field of the record.
    public var fields: SyncFields

    public init(
        entity: SyncEntity, id: UUID, version: Int64, sequence: Int64, deleted: Bool, ownerID: UUID? = nil,
        fields: SyncFields
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

/// The server's answer to one mutation.
public struct MutationReply: Sendable, Hashable {
    public var number: Int64
    public var outcome: SyncOutcome
    /// Why a mutation was rejected.
    public var reason: String?
    public var conflicts: [SyncFieldConflict]
    /// The record as the server holds it after the mutation.
    public var record: SyncRecord?

    public init(
        number: Int64, outcome: SyncOutcome, reason: String? = nil, conflicts: [SyncFieldConflict] = [],
        record: SyncRecord? = nil
    ) {
        self.number = number
        self.outcome = outcome
        self.reason = reason
        self.conflicts = conflicts
        self.record = record
    }
}

/// The server's answer to a push.
public struct PushReply: Sendable, Hashable {
    /// The last change number of this device the server has applied.
    public var lastMutation: Int64
    /// True when the batch had been applied before and its stored answer came back.
    public var replayed: Bool
    public var results: [MutationReply]

    public init(lastMutation: Int64, replayed: Bool, results: [MutationReply]) {
        self.lastMutation = lastMutation
        self.replayed = replayed
        self.results = results
    }
}

/// One page of "changes since cursor".
public struct SyncPage: Sendable, Hashable {
    /// Records in the server's sequence order, each once, in its current state (tombstones too).
    public var records: [SyncRecord]
    /// Where the next page starts; carries the server's epoch.
    public var cursor: String
    public var hasMore: Bool
    public var epoch: String

    public init(records: [SyncRecord], cursor: String, hasMore: Bool, epoch: String) {
        self.records = records
        self.cursor = cursor
        self.hasMore = hasMore
        self.epoch = epoch
    }
}

/// Who a token belongs to, and the server's epoch.
public struct RemoteSession: Sendable, Hashable {
    public var userID: UUID
    public var userName: String
    public var epoch: String
    public var protocolVersion: Int

    public init(userID: UUID, userName: String, epoch: String, protocolVersion: Int) {
        self.userID = userID
        self.userName = userName
        self.epoch = epoch
        self.protocolVersion = protocolVersion
    }
}

/// A device as the server knows it.
public struct RemoteDevice: Sendable, Hashable {
    public var id: UUID
    public var name: String
    public var userID: UUID
    /// The last change number of this device the server has applied.
    public var lastMutation: Int64
    public var epoch: String

    public init(id: UUID, name: String, userID: UUID, lastMutation: Int64, epoch: String) {
        self.id = id
        self.name = name
        self.userID = userID
        self.lastMutation = lastMutation
        self.epoch = epoch
    }
}

/// A user of the server: someone a task can be assigned to.
public struct TeamMember: Sendable, Hashable {
    public var id: UUID
    public var name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// Why a request to the server failed: the kinds the sync engine must tell apart. Each carries a
/// one-line message meant for a person (never a token).
public enum RemoteFailure: Error, Sendable, Hashable {
    case unreachable(String)
    case timedOut(String)
    case unauthorized(String)
    case forbidden(String)
    case protocolMismatch(String)
    /// The server's store was reset or restored: the device must re-bootstrap.
    case epochChanged(String)
    /// The pushed range does not follow the last change number the server has for this device.
    case gap(String)
    case tooLarge(String)
    case badRequest(String)
    case server(String)
    case invalidResponse(String)

    /// Whether the request may be tried again later without loss: nothing is settled, everything
    /// stays queued (the network, a timeout, a 5xx).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut, .server: true
        default: false
        }
    }

    /// The message the failure carries.
    public var message: String {
        switch self {
        case .unreachable(let text), .timedOut(let text), .unauthorized(let text), .forbidden(let text),
            .protocolMismatch(let text), .epochChanged(let text), .gap(let text), .tooLarge(let text),
            .badRequest(let text), .server(let text), .invalidResponse(let text):
            text
        }
    }
}

/// The server, as the sync engine needs it (the Service of the RDS triad for sync).
///
/// It exists so that the engine never knows how the server is reached: the App gives an
/// implementation over RemoteStorage, tests a fake that behaves like a small server. Every method
/// is one request; implementations may retry where a retry is safe (every method here is: reads,
/// registration and pushes are idempotent on the server), and throw ``RemoteFailure`` only.
public protocol SyncService: Sendable {
    /// Who the token belongs to, and the server's epoch; how a login checks a token.
    func session() async throws(RemoteFailure) -> RemoteSession
    /// Registers this device under the token's user (idempotent). `startAfter` is the change number
    /// its first push will follow, used only when the server does not know the device yet.
    func registerDevice(id: UUID, name: String, startAfter: Int64) async throws(RemoteFailure) -> RemoteDevice
    /// Pushes a batch of mutations; a batch already applied returns its stored answer (`replayed`).
    /// Throws `.gap` when `first` does not follow the server's last number for the device and
    /// `.epochChanged` when the batch names another epoch.
    func push(_ batch: PushBatch) async throws(RemoteFailure) -> PushReply
    /// Records changed after `cursor` (from the start when nil), at most `limit`, in sequence order.
    /// With `device`, records whose last write was that device's own mutation are left out (its push
    /// answers carried them). Throws `.epochChanged` for a cursor of another epoch.
    func pull(since cursor: String?, limit: Int, leavingOut device: UUID?) async throws(RemoteFailure) -> SyncPage
    /// The users of the server.
    func team() async throws(RemoteFailure) -> [TeamMember]
}

/// Makes the service for a server address and token (a login checks a token before storing it).
public typealias SyncServiceFactory = @Sendable (_ server: URL, _ token: String) -> any SyncService

/// The service used when the App wires none: every request fails as unreachable, so a build without
/// the network code still works offline and says why sync cannot.
struct UnavailableSyncService: SyncService {
    let server: URL

    private var failure: RemoteFailure { .unreachable("this build of stint cannot reach \(server.absoluteString)") }

    func session() async throws(RemoteFailure) -> RemoteSession { throw failure }
    func registerDevice(id: UUID, name: String, startAfter: Int64) async throws(RemoteFailure) -> RemoteDevice {
        throw failure
    }
    func push(_ batch: PushBatch) async throws(RemoteFailure) -> PushReply { throw failure }
    func pull(since cursor: String?, limit: Int, leavingOut device: UUID?) async throws(RemoteFailure) -> SyncPage {
        throw failure
    }
    func team() async throws(RemoteFailure) -> [TeamMember] { throw failure }
}
