import Foundation
import GRDB

/// Opens (creating when absent) the embedded store in `directory` (file `stint-server.sqlite`, 0600).
///
/// A GRDB `DatabasePool` in WAL mode: pulls and authentication read concurrently with a push, and
/// writes are serialised by SQLite itself, which is what makes the sequence counter (incremented
/// inside each write transaction) gapless in commit order: a reader paging by sequence can never
/// see a later sequence committed before an earlier one.
public struct SQLiteServerStore: ServerStore {
    /// The database file's name inside the data directory.
    public static let fileName = "stint-server.sqlite"

    /// The database file, for backups and for tests that read its bytes.
    public let fileURL: URL
    private let pool: DatabasePool
    private let clock: @Sendable () -> Date

    public init(directory: URL) throws(ServerError) {
        try self.init(directory: directory, clock: { Date() })
    }

    /// - Parameter clock: the time stamped on users and tokens (tests pass a fixed one).
    public init(directory: URL, clock: @escaping @Sendable () -> Date) throws(ServerError) {
        self.clock = clock
        let manager = FileManager.default
        let file = directory.appendingPathComponent(Self.fileName)
        fileURL = file
        do {
            if !manager.fileExists(atPath: directory.path) {
                try manager.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            // Created empty with its final permissions before SQLite opens it, so there is no moment
            // when the file (and the -wal/-shm files SQLite derives from it) is readable by others.
            if !manager.fileExists(atPath: file.path) {
                guard manager.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
                else { throw ServerError.storage("cannot create \(file.path)") }
            }
            var configuration = Configuration()
            // Another process (the `stint-server user` command) may write while the server runs.
            configuration.busyMode = .timeout(10)
            configuration.label = "stint-server"
            // A first push writes a hundred thousand records and their indexes; with SQLite's default 2 MiB
            // cache it rereads index pages from the file for each. Memory is taken only as pages are used.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -32768") }
            pool = try DatabasePool(path: file.path, configuration: configuration)
            try SQLiteServerSchema.migrator.migrate(pool)
        } catch {
            throw Self.mapped(error)
        }
    }

    static func mapped(_ error: any Error) -> ServerError {
        if let error = error as? ServerError { return error }
        return .storage(String(describing: error))
    }

    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ServerError) -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(ServerError) -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    // MARK: Epoch, users, tokens

    public func epoch() async throws(ServerError) -> String {
        try await read { db in try SQLiteRows.epoch(db) }
    }

    public func renewEpoch() async throws(ServerError) -> String {
        let epoch = UUID().text
        try await write { db in try db.execute(sql: "UPDATE meta SET epoch = ? WHERE id = 1", arguments: [epoch]) }
        return epoch
    }

    public func addUser(name: String) async throws(ServerError) -> IssuedToken {
        let name = try UserName.validated(name)
        let now = clock()
        let secret = TokenSecret.generate()
        return try await write { db in
            let key = UserName.key(name)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE name_key = ?", arguments: [key]) != nil {
                throw ServerError.duplicateUser(name)
            }
            let user = ServerUser(id: UUID(), name: name, createdAt: now.storedPrecision)
            try db.execute(
                sql: "INSERT INTO users (id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                arguments: [user.id.text, name, key, now.milliseconds])
            return try SQLiteRows.insertToken(db, user: user, secret: secret, now: now)
        }
    }

    public func users() async throws(ServerError) -> [ServerUser] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_at FROM users ORDER BY created_at, name")
                .map(SQLiteRows.user)
        }
    }

    public func createToken(forUser nameOrID: String, expiresAt: Date?) async throws(ServerError) -> IssuedToken {
        let now = clock()
        if let expiresAt, expiresAt <= now { throw .invalidRequest("a token must expire in the future") }
        let secret = TokenSecret.generate()
        return try await write { db in
            let user = try SQLiteRows.user(db, nameOrID: nameOrID)
            return try SQLiteRows.insertToken(db, user: user, secret: secret, now: now, expiresAt: expiresAt)
        }
    }

    public func revokeToken(_ idOrPrefix: String) async throws(ServerError) -> TokenInfo {
        let now = clock()
        let prefix = idOrPrefix.trimmingCharacters(in: .whitespaces).lowercased()
        guard !prefix.isEmpty, prefix.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || isHexDigit($0) }) else {
            throw .unknownToken(idOrPrefix)
        }
        return try await write { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT id FROM tokens WHERE substr(id, 1, ?) = ? LIMIT 2",
                arguments: [prefix.utf8.count, prefix])
            guard let row = rows.first else { throw ServerError.unknownToken(idOrPrefix) }
            guard rows.count == 1 else {
                throw ServerError.invalidRequest("more than one token starts with \(prefix): give more of the id")
            }
            let id: String = row["id"]
            try db.execute(
                sql: "UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                arguments: [now.milliseconds, id])
            guard let info = try Row.fetchOne(db, sql: "SELECT * FROM tokens WHERE id = ?", arguments: [id]) else {
                throw ServerError.unknownToken(idOrPrefix)
            }
            return try SQLiteRows.tokenInfo(info)
        }
    }

    public func tokens(ofUser nameOrID: String) async throws(ServerError) -> [TokenInfo] {
        try await read { db in
            let user = try SQLiteRows.user(db, nameOrID: nameOrID)
            return try Row.fetchAll(
                db, sql: "SELECT * FROM tokens WHERE user_id = ? ORDER BY created_at, id", arguments: [user.id.text]
            ).map(SQLiteRows.tokenInfo)
        }
    }

    public func authenticate(secret: String) async throws(ServerError) -> ServerUser? {
        guard TokenSecret.isWellFormed(secret) else { return nil }
        let hash = TokenSecret.hash(secret)
        let now = clock()
        let found: (user: ServerUser, tokenID: String, lastUsed: Int64?)? = try await read { db in
            let sql = """
                SELECT tokens.id AS token_id, tokens.hash, tokens.revoked_at, tokens.last_used_at, tokens.expires_at,
                       users.id, users.name, users.created_at
                FROM tokens JOIN users ON users.id = tokens.user_id WHERE tokens.hash = ?
                """
            guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [hash]) else { return nil }
            // The index found the row by digest; compare again without early exit so that nothing
            // about the secret depends on where two digests first differ.
            let stored: String = row["hash"]
            guard TokenSecret.constantTimeEquals(stored, hash), row["revoked_at"] as Int64? == nil else { return nil }
            if let expires = row["expires_at"] as Int64?, now.milliseconds >= expires { return nil }
            return (try SQLiteRows.user(row), row["token_id"], row["last_used_at"])
        }
        guard let found else { return nil }
        // Recorded at most once a minute, so authenticating stays a read almost every time.
        if found.lastUsed.map({ now.milliseconds - $0 >= 60_000 }) ?? true {
            let tokenID = found.tokenID
            try await write { db in
                try db.execute(
                    sql: "UPDATE tokens SET last_used_at = ? WHERE id = ?", arguments: [now.milliseconds, tokenID])
            }
        }
        return found.user
    }

    // MARK: Devices and sync

    public func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) async throws(ServerError)
        -> DeviceInfo
    {
        let name = try UserName.validated(name, limit: UserName.deviceLimit)
        guard startAfter >= 0 else { throw .invalidRequest("startAfter must not be negative") }
        let now = clock()
        return try await write { db in
            if let row = try Row.fetchOne(
                db, sql: "SELECT user_id, last_mutation FROM devices WHERE id = ?", arguments: [id.text])
            {
                guard row["user_id"] == user.id.text else {
                    throw ServerError.forbidden("device \(id.text) belongs to another user")
                }
                try db.execute(sql: "UPDATE devices SET name = ? WHERE id = ?", arguments: [name, id.text])
                return DeviceInfo(id: id, name: name, userID: user.id, lastMutation: row["last_mutation"])
            }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [user.id.text]) != nil
            else { throw ServerError.unknownUser(user.id.text) }
            try db.execute(
                sql: """
                    INSERT INTO devices (id, user_id, name, last_mutation, last_response, created_at)
                    VALUES (?, ?, ?, ?, NULL, ?)
                    """,
                arguments: [id.text, user.id.text, name, startAfter, now.milliseconds])
            return DeviceInfo(id: id, name: name, userID: user.id, lastMutation: startAfter)
        }
    }

    public func push(_ input: PushInput, by user: ServerUser, at now: Date) async throws(ServerError) -> PushOutput {
        try await write { db in
            try PushBatch.run(input, by: user, at: now, in: SQLitePushTransaction(db: db))
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
        let pageSize = min(max(limit, 1), Self.maximumPage)
        return try await read { db in
            // Cached: pulls are the busiest request, and compiling the SQL costs more than running it.
            // No device id is empty, so '' leaves nothing out.
            let statement = try db.cachedStatement(
                sql: """
                    SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
                    WHERE sequence > ? AND (entity <> 'timer' OR owner_id = ?)
                        AND (written_by IS NULL OR written_by <> ?)
                    ORDER BY sequence LIMIT ?
                    """)
            let rows = try Row.fetchAll(
                statement, arguments: [sequence, user.id.text, device?.text ?? "", pageSize + 1])
            var records = try rows.prefix(pageSize).map { row in
                try SQLiteRows.record(row, parsingFields: parsingFields)
            }
            records.reserveCapacity(pageSize)
            let hasMore = rows.count > pageSize
            var last = records.last?.sequence ?? sequence
            if !hasMore {
                // Same read transaction: nothing newer than this counter is visible here.
                let newest =
                    try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT value FROM counters WHERE name = 'sequence'")) ?? last
                last = max(last, newest)
            }
            return ChangesOutput(records: records, lastSequence: last, hasMore: hasMore)
        }
    }

    /// The most records one page returns, whatever the caller asks.
    public static let maximumPage = StoreLimits.maximumPage
}

package func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
}

/// User and device names: what a person types on the command line and sees in `stint team`.
package enum UserName {
    static let limit = 120
    /// A device is named after its host by default, which can be longer than a person's name; the
    /// contract allows 200.
    package static let deviceLimit = 200

    /// The trimmed name: 1...`limit` characters, no control characters or line breaks.
    package static func validated(_ raw: String, limit: Int = UserName.limit) throws(ServerError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .invalidName("a name needs at least one visible character") }
        guard name.count <= limit else {
            throw .invalidName("a name is at most \(limit) characters; this one has \(name.count)")
        }
        guard
            !name.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
            })
        else { throw .invalidName("a name cannot contain control characters or line breaks") }
        return name
    }

    /// The form uniqueness is checked on: two names differing only in case are the same person.
    package static func key(_ name: String) -> String { name.lowercased() }
}

extension UUID {
    /// The lowercase text ids are stored and sent as.
    ///
    /// Written by hand: Foundation formats a UUID with `sprintf` and parses one with `sscanf`, and a push
    /// formats several per record (lookup, write, answer), which showed as 6% of a push's time.
    public var text: String {
        withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { buffer in
                let digits: StaticString = "0123456789abcdef"
                var position = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = digits.utf8Start[Int(byte >> 4)]
                    buffer[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    /// Parses the 36-character text form (either case), as `UUID(uuidString:)` does, without `sscanf`.
    public init?(text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        var count = 0
        for unit in text.utf8 {
            count += 1
            guard count <= 36 else { return nil }
            if count == 9 || count == 14 || count == 19 || count == 24 {
                guard unit == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard count == 36, bytes.count == 16 else { return nil }
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

extension Date {
    /// Milliseconds since 1970, as every date is stored.
    package var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    /// The date as it reads back from storage (whole milliseconds).
    package var storedPrecision: Date { Date(milliseconds: milliseconds) }

    package init(milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
