import Foundation
import Logging
import PostgresNIO
import ServerCore
import ServiceLifecycle
import Synchronization

/// The server's store on PostgreSQL, for a team that runs several `stint-server` processes on one
/// database (ADR 0023). It answers exactly like ``SQLiteServerStore``: both run the same contract suite.
///
/// The `PostgresClient` and its connection pool live as long as ``run()``, which the server runs as a
/// service of its lifecycle (a one-shot command uses ``withRunning(_:)``). Pushes from every process
/// are serialised on the sequence counter's row, taken first in each push transaction: that makes the
/// sequence gapless in commit order, so a reader paging by sequence can never see n+1 before n, the
/// same promise SQLite's single writer gives.
public final class PostgresServerStore: ServerStore, Service {
    public let location: PostgresLocation
    private let client: PostgresClient
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private let connectionDeadline: Duration
    private let deadline: Duration

    /// - Parameters:
    ///   - clock: the time stamped on users and tokens (tests pass a fixed one).
    ///   - connectionDeadline: how long a call waits for a connection of the pool before it is `unavailable`.
    ///     While PostgreSQL is away the pool keeps trying to connect and a request would wait for it
    ///     without end; this makes the request a prompt 503 the device retries.
    ///   - deadline: how long a call may take in all (queueing behind other pushes included).
    public init(
        location: PostgresLocation, logger: Logger = Logger(label: "stint-server.postgres"),
        clock: @escaping @Sendable () -> Date = { Date() }, connectionDeadline: Duration = .seconds(2),
        deadline: Duration = .seconds(60)
    ) {
        self.location = location
        self.logger = logger
        self.clock = clock
        self.connectionDeadline = connectionDeadline
        self.deadline = deadline
        client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
    }

    /// Runs the connection pool until cancelled (the server's graceful shutdown cancels it).
    public func run() async throws {
        await client.run()
    }

    /// Runs the pool around `body`, migrating first: for commands that use the store once and exit.
    public func withRunning<T: Sendable>(_ body: @Sendable (PostgresServerStore) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            defer { group.cancelAll() }
            try await migrate()
            return try await body(self)
        }
    }

    // MARK: Calls

    private enum Step<T: Sendable>: Sendable {
        case done(T)
        case connectionTimer
        case totalTimer
    }

    /// One store call on a leased connection, with the two deadlines: a database that is down, or
    /// answers too slowly, makes the call `unavailable`.
    private func call<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(ServerError) -> T
    {
        let (client, connectionDeadline, deadline) = (client, connectionDeadline, deadline)
        let leased = LeaseFlag()
        do {
            return try await withThrowingTaskGroup(of: Step<T>.self) { group in
                group.addTask {
                    .done(
                        try await client.withConnection { connection in
                            leased.set()
                            return try await body(connection)
                        })
                }
                group.addTask {
                    try await _Concurrency.Task.sleep(for: connectionDeadline)
                    return .connectionTimer
                }
                defer { group.cancelAll() }
                while let step = try await group.next() {
                    switch step {
                    case .done(let value):
                        return value
                    case .connectionTimer:
                        guard leased.isSet else {
                            throw ServerError.unavailable("no database connection within \(connectionDeadline)")
                        }
                        group.addTask {
                            try await _Concurrency.Task.sleep(for: deadline - connectionDeadline)
                            return .totalTimer
                        }
                    case .totalTimer:
                        throw ServerError.unavailable("the database did not answer within \(deadline)")
                    }
                }
                throw ServerError.unavailable("the call ended without an answer")
            }
        } catch {
            throw Self.mapped(error)
        }
    }

    private func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(ServerError) -> T
    {
        let logger = logger
        return try await call { connection in
            try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
        }
    }

    /// PostgreSQL's errors describe themselves generically unless reflected: the detail (SQL state,
    /// message) goes to the log through `storage`/`unavailable`, the client hears a clean 500 or 503.
    static func mapped(_ error: any Error) -> ServerError {
        if let error = error as? ServerError { return error }
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError { return mapped(inner) }
            if let inner = error.beginError { return mapped(inner) }
            // The commit's outcome is unknown: the client retries the same batch, and the device's
            // last mutation number tells the retry whether it was applied.
            if let inner = error.commitError { return .unavailable("commit: \(detail(inner))") }
            return .storage(String(reflecting: error))
        }
        if let error = error as? PSQLError {
            switch error.code {
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                // 08: connection exception, 57P: the server shutting down or starting, 53300: too many
                // connections: all pass, so they are "try again", not "broken".
                if state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" {
                    return .unavailable(detail(error))
                }
                return .storage(detail(error))
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                .queryCancelled:
                return .unavailable(detail(error))
            default:
                return .storage(detail(error))
            }
        }
        if error is CancellationError { return .unavailable("cancelled") }
        return .storage(String(reflecting: error))
    }

    static func detail(_ error: any Error) -> String {
        if let error = error as? PSQLError, let info = error.serverInfo {
            let parts = [info[.sqlState], info[.message], info[.detail]].compactMap { $0 }
            return "\(error.code): " + parts.joined(separator: " ")
        }
        if let error = error as? PSQLError { return "\(error.code): \(String(reflecting: error.underlying ?? error))" }
        return String(reflecting: error)
    }

    // MARK: Migrations

    /// Brings the schema to the newest version; safe to run from several processes at once (an
    /// advisory lock lets one migrate while the others wait and then find nothing to do).
    public func migrate() async throws(ServerError) {
        let schema = location.schema
        try await transaction { connection in
            try await PostgresMigrations.run(on: connection, schema: schema, logger: self.logger)
        }
    }

    // MARK: Epoch, users, tokens

    /// One statement outside a transaction: every pull asks, and BEGIN and COMMIT around a single read would
    /// be two more round trips for nothing (docs/benchmarks/server-load.md).
    public func epoch() async throws(ServerError) -> String {
        let logger = logger
        return try await call { connection in try await Self.epoch(connection, logger) }
    }

    public func renewEpoch() async throws(ServerError) -> String {
        let epoch = UUID().text
        _ = try await transaction { connection in
            try await connection.query("UPDATE meta SET epoch = \(epoch) WHERE id = 1", logger: self.logger)
        }
        return epoch
    }

    static func epoch(_ connection: PostgresConnection, _ logger: Logger) async throws -> String {
        let rows = try await connection.query("SELECT epoch FROM meta WHERE id = 1", logger: logger)
        for try await epoch in rows.decode(String.self) { return epoch }
        throw ServerError.storage("the meta row is missing")
    }

    public func addUser(name: String) async throws(ServerError) -> IssuedToken {
        let name = try UserName.validated(name)
        let now = clock()
        let secret = TokenSecret.generate()
        let user = ServerUser(id: UUID(), name: name, createdAt: now.storedPrecision)
        return try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO users (id, name, name_key, created_at)
                VALUES (\(user.id), \(name), \(UserName.key(name)), \(now.milliseconds))
                ON CONFLICT (name_key) DO NOTHING RETURNING id
                """, logger: self.logger
            ).collect()
            guard !inserted.isEmpty else { throw ServerError.duplicateUser(name) }
            return try await self.insertToken(connection, user: user, secret: secret, now: now)
        }
    }

    private func insertToken(
        _ connection: PostgresConnection, user: ServerUser, secret: String, now: Date, expiresAt: Date? = nil
    ) async throws -> IssuedToken {
        let id = UUID()
        try await connection.query(
            """
            INSERT INTO tokens (id, user_id, hash, created_at, expires_at)
            VALUES (\(id), \(user.id), \(TokenSecret.hash(secret)), \(now.milliseconds), \(expiresAt?.milliseconds))
            """, logger: logger)
        return IssuedToken(id: id, user: user, secret: secret)
    }

    public func users() async throws(ServerError) -> [ServerUser] {
        try await transaction { connection in
            var users: [ServerUser] = []
            let rows = try await connection.query(
                "SELECT id, name, created_at FROM users ORDER BY created_at, name", logger: self.logger)
            for try await (id, name, created) in rows.decode((UUID, String, Int64).self) {
                users.append(ServerUser(id: id, name: name, createdAt: Date(milliseconds: created)))
            }
            return users
        }
    }

    private func user(_ connection: PostgresConnection, nameOrID: String) async throws -> ServerUser {
        let trimmed = nameOrID.trimmingCharacters(in: .whitespacesAndNewlines)
        let rows: PostgresRowSequence
        if let id = UUID(uuidString: trimmed) {
            rows = try await connection.query(
                "SELECT id, name, created_at FROM users WHERE id = \(id)", logger: logger)
        } else {
            rows = try await connection.query(
                "SELECT id, name, created_at FROM users WHERE name_key = \(UserName.key(trimmed))", logger: logger)
        }
        for try await (id, name, created) in rows.decode((UUID, String, Int64).self) {
            return ServerUser(id: id, name: name, createdAt: Date(milliseconds: created))
        }
        throw ServerError.unknownUser(nameOrID)
    }

    public func createToken(forUser nameOrID: String, expiresAt: Date?) async throws(ServerError) -> IssuedToken {
        let now = clock()
        if let expiresAt, expiresAt <= now { throw .invalidRequest("a token must expire in the future") }
        let secret = TokenSecret.generate()
        return try await transaction { connection in
            let user = try await self.user(connection, nameOrID: nameOrID)
            return try await self.insertToken(connection, user: user, secret: secret, now: now, expiresAt: expiresAt)
        }
    }

    public func revokeToken(_ idOrPrefix: String) async throws(ServerError) -> TokenInfo {
        let now = clock()
        let prefix = idOrPrefix.trimmingCharacters(in: .whitespaces).lowercased()
        // Hex digits and dashes only, so the LIKE pattern has no wildcard but the one added here.
        guard !prefix.isEmpty, prefix.utf8.count <= 36,
            prefix.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || isHexDigit($0) })
        else { throw .unknownToken(idOrPrefix) }
        return try await transaction { connection in
            let pattern = prefix + "%"
            var ids: [UUID] = []
            let rows = try await connection.query(
                "SELECT id FROM tokens WHERE id::text LIKE \(pattern) LIMIT 2", logger: self.logger)
            for try await id in rows.decode(UUID.self) { ids.append(id) }
            guard let id = ids.first else { throw ServerError.unknownToken(idOrPrefix) }
            guard ids.count == 1 else {
                throw ServerError.invalidRequest("more than one token starts with \(prefix): give more of the id")
            }
            try await connection.query(
                "UPDATE tokens SET revoked_at = \(now.milliseconds) WHERE id = \(id) AND revoked_at IS NULL",
                logger: self.logger)
            let infos = try await self.tokenInfos(
                connection, "SELECT \(unescaped: Self.tokenColumns) FROM tokens WHERE id = \(id)")
            guard let info = infos.first else { throw ServerError.unknownToken(idOrPrefix) }
            return info
        }
    }

    private static let tokenColumns = "id, user_id, created_at, revoked_at, last_used_at, expires_at"

    private func tokenInfos(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> [TokenInfo] {
        var infos: [TokenInfo] = []
        let rows = try await connection.query(query, logger: logger)
        for try await (id, user, created, revoked, used, expires) in rows.decode(
            (UUID, UUID, Int64, Int64?, Int64?, Int64?).self)
        {
            infos.append(
                TokenInfo(
                    id: id, userID: user, createdAt: Date(milliseconds: created),
                    revokedAt: revoked.map(Date.init(milliseconds:)), lastUsedAt: used.map(Date.init(milliseconds:)),
                    expiresAt: expires.map(Date.init(milliseconds:))))
        }
        return infos
    }

    public func tokens(ofUser nameOrID: String) async throws(ServerError) -> [TokenInfo] {
        try await transaction { connection in
            let user = try await self.user(connection, nameOrID: nameOrID)
            return try await self.tokenInfos(
                connection,
                "SELECT \(unescaped: Self.tokenColumns) FROM tokens WHERE user_id = \(user.id) ORDER BY created_at, id")
        }
    }

    public func authenticate(secret: String) async throws(ServerError) -> ServerUser? {
        guard TokenSecret.isWellFormed(secret) else { return nil }
        let hash = TokenSecret.hash(secret)
        let now = clock()
        let logger = logger
        return try await call { connection in
            let rows = try await connection.query(
                """
                SELECT tokens.id, tokens.hash, tokens.revoked_at, tokens.last_used_at, tokens.expires_at, users.id,
                       users.name, users.created_at
                FROM tokens JOIN users ON users.id = tokens.user_id WHERE tokens.hash = \(hash)
                """, logger: logger)
            var found: (user: ServerUser, token: UUID, lastUsed: Int64?)?
            for try await (token, stored, revoked, used, expires, id, name, created) in rows.decode(
                (UUID, String, Int64?, Int64?, Int64?, UUID, String, Int64).self)
            {
                // The index found the row by digest; compare again without early exit so that nothing
                // about the secret depends on where two digests first differ.
                guard TokenSecret.constantTimeEquals(stored, hash), revoked == nil else { continue }
                if let expires, now.milliseconds >= expires { continue }
                found = (ServerUser(id: id, name: name, createdAt: Date(milliseconds: created)), token, used)
            }
            guard let found else { return nil }
            // Recorded at most once a minute, so authenticating stays a read almost every time.
            if found.lastUsed.map({ now.milliseconds - $0 >= 60_000 }) ?? true {
                try await connection.query(
                    "UPDATE tokens SET last_used_at = \(now.milliseconds) WHERE id = \(found.token)", logger: logger)
            }
            return found.user
        }
    }

    // MARK: Devices and sync

    public func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) async throws(ServerError)
        -> DeviceInfo
    {
        let name = try UserName.validated(name, limit: UserName.deviceLimit)
        guard startAfter >= 0 else { throw .invalidRequest("startAfter must not be negative") }
        let now = clock()
        return try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO devices (id, user_id, name, last_mutation, last_response, created_at)
                SELECT \(id), users.id, \(name), \(startAfter), NULL, \(now.milliseconds) FROM users
                WHERE users.id = \(user.id)
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: self.logger
            ).collect()
            if !inserted.isEmpty {
                return DeviceInfo(id: id, name: name, userID: user.id, lastMutation: startAfter)
            }
            let rows = try await connection.query(
                "SELECT user_id, last_mutation FROM devices WHERE id = \(id) FOR UPDATE", logger: self.logger)
            for try await (owner, lastMutation) in rows.decode((UUID, Int64).self) {
                guard owner == user.id else {
                    throw ServerError.forbidden("device \(id.text) belongs to another user")
                }
                try await connection.query("UPDATE devices SET name = \(name) WHERE id = \(id)", logger: self.logger)
                return DeviceInfo(id: id, name: name, userID: user.id, lastMutation: lastMutation)
            }
            throw ServerError.unknownUser(user.id.text)
        }
    }

    public func push(_ input: PushInput, by user: ServerUser, at now: Date) async throws(ServerError) -> PushOutput {
        try await transaction { connection in
            try await PostgresPush.run(input, by: user, at: now, on: connection, logger: self.logger)
        }
    }

    public func changes(after sequence: Int64, limit: Int, for user: ServerUser, leavingOut device: UUID?)
        async throws(ServerError) -> ChangesOutput
    {
        try await page(after: sequence, limit: limit, for: user, leavingOut: device, parsingFields: true)
    }

    public func changesAsText(after sequence: Int64, limit: Int, for user: ServerUser, leavingOut device: UUID?)
        async throws(ServerError) -> ChangesOutput
    {
        try await page(after: sequence, limit: limit, for: user, leavingOut: device, parsingFields: false)
    }

    private func page(
        after sequence: Int64, limit: Int, for user: ServerUser, leavingOut device: UUID?, parsingFields: Bool
    ) async throws(ServerError) -> ChangesOutput {
        let pageSize = min(max(limit, 1), StoreLimits.maximumPage)
        let logger = logger
        return try await call { connection in
            // One statement, so one snapshot: the counter read with the page is no newer than the rows,
            // and a cursor moved to it never passes a record this page did not see.
            let rows = try await connection.query(
                """
                SELECT c.value, r.entity, r.id, r.owner_id, r.version, r.sequence, r.deleted, r.fields
                FROM counters c LEFT JOIN LATERAL (
                    SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
                    WHERE sequence > \(sequence) AND (entity <> 'timer' OR owner_id = \(user.id))
                        AND (\(device)::uuid IS NULL OR written_by IS NULL OR written_by <> \(device))
                    ORDER BY sequence LIMIT \(pageSize + 1)
                ) r ON true
                WHERE c.name = 'sequence' ORDER BY r.sequence
                """, logger: logger)
            var records: [StoredRecord] = []
            records.reserveCapacity(min(pageSize, 1024))
            var newest: Int64 = sequence
            var seen = 0
            for try await (counter, entity, id, owner, version, recordSequence, deleted, text) in rows.decode(
                (Int64, String?, UUID?, UUID?, Int64?, Int64?, Bool?, String?).self)
            {
                newest = counter
                guard let entity, let id, let version, let recordSequence, let deleted, let text else { continue }
                seen += 1
                guard seen <= pageSize else { continue }
                records.append(
                    try PostgresRecords.record(
                        entity: entity, id: id, owner: owner, version: version, sequence: recordSequence,
                        deleted: deleted, text: text, parsingFields: parsingFields))
            }
            let hasMore = seen > pageSize
            var last = records.last?.sequence ?? sequence
            if !hasMore { last = max(last, newest) }
            return ChangesOutput(records: records, lastSequence: last, hasMore: hasMore)
        }
    }
}

enum PostgresRecords {
    static func record(
        entity entityName: String, id: UUID, owner: UUID?, version: Int64, sequence: Int64, deleted: Bool, text: String,
        parsingFields: Bool
    ) throws -> StoredRecord {
        guard let entity = EntityKind(rawValue: entityName) else {
            throw ServerError.storage("stored entity \(entityName) is unknown")
        }
        var fields: Fields = [:]
        if parsingFields {
            guard case .object(let parsed)? = JSONValue(jsonText: text) else {
                throw ServerError.storage("stored fields of \(entityName) \(id.text) are not a JSON object")
            }
            fields = parsed
        }
        return StoredRecord(
            entity: entity, id: id, version: version, sequence: sequence, deleted: deleted, ownerID: owner,
            fields: fields, fieldsText: text)
    }
}

/// Set once a call holds a connection: from then on only the total deadline applies to it.
private final class LeaseFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
