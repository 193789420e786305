import Foundation
import GRDB

/// The embedded store's schema; migrations are append-only ("vN-…"), a released one is never edited.
///
/// Records are kept as JSON fields keyed by entity and id rather than one table per entity: the
/// server validates and merges fields but never queries them, and a client adding a field must not
/// need a server migration. Dates are INTEGER milliseconds since 1970, ids lowercase UUID text.
enum SQLiteServerSchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-users-tokens-devices-records") { db in
            try db.execute(sql: version1)
            // The epoch is made with the store: a store restored from a copy keeps it, a new one differs.
            try db.execute(sql: "INSERT INTO meta (id, epoch) VALUES (1, ?)", arguments: [UUID().text])
        }
        // The device whose own mutation last wrote a record (NULL: the server's own write, or a record
        // written before this column): a pull by that device leaves the record out.
        migrator.registerMigration("v2-records-written-by") { db in
            try db.execute(sql: "ALTER TABLE records ADD COLUMN written_by TEXT")
        }
        // A token may stop working by itself at this instant (milliseconds); NULL: until revoked.
        migrator.registerMigration("v3-tokens-expire") { db in
            try db.execute(sql: "ALTER TABLE tokens ADD COLUMN expires_at INTEGER")
        }
        return migrator
    }()

    // users.name_key is the lowercased name, so uniqueness ignores case for every script (COLLATE
    // NOCASE folds ASCII only). records_by_sequence serves pulls; records_by_owner finds a person's
    // timers for the one-running-timer rule. last_response is the stored answer to the device's
    // last batch, returned when the batch is retried.
    private static let version1 = """
        CREATE TABLE meta (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            epoch TEXT NOT NULL
        );

        CREATE TABLE users (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        );

        CREATE TABLE tokens (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id),
            hash TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            revoked_at INTEGER,
            last_used_at INTEGER
        );
        CREATE INDEX tokens_by_user ON tokens(user_id);

        CREATE TABLE devices (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id),
            name TEXT NOT NULL,
            last_mutation INTEGER NOT NULL,
            last_response TEXT,
            created_at INTEGER NOT NULL
        );

        CREATE TABLE records (
            entity TEXT NOT NULL,
            id TEXT NOT NULL,
            owner_id TEXT,
            version INTEGER NOT NULL,
            sequence INTEGER NOT NULL,
            deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
            fields TEXT NOT NULL,
            PRIMARY KEY (entity, id)
        );
        CREATE UNIQUE INDEX records_by_sequence ON records(sequence);
        CREATE INDEX records_by_owner ON records(entity, owner_id, deleted);

        CREATE TABLE counters (
            name TEXT PRIMARY KEY NOT NULL,
            value INTEGER NOT NULL
        );
        INSERT INTO counters (name, value) VALUES ('sequence', 0);
        """
}

/// Row mapping shared by the store's reads and the push transaction.
enum SQLiteRows {
    static func epoch(_ db: Database) throws -> String {
        guard let epoch = try String.fetchOne(db, sql: "SELECT epoch FROM meta WHERE id = 1") else {
            throw ServerError.storage("the meta row is missing")
        }
        return epoch
    }

    static func uuid(_ text: String, _ what: String) throws -> UUID {
        guard let id = UUID(text: text) else { throw ServerError.storage("stored \(what) \(text) is not a UUID") }
        return id
    }

    /// A user from a row with `id`, `name` and `created_at`.
    static func user(_ row: Row) throws -> ServerUser {
        ServerUser(
            id: try uuid(row["id"], "user id"), name: row["name"], createdAt: Date(milliseconds: row["created_at"]))
    }

    /// The user with this id, or with this name in any case.
    static func user(_ db: Database, nameOrID: String) throws -> ServerUser {
        let trimmed = nameOrID.trimmingCharacters(in: .whitespacesAndNewlines)
        let row: Row?
        if let id = UUID(uuidString: trimmed) {
            row = try Row.fetchOne(db, sql: "SELECT id, name, created_at FROM users WHERE id = ?", arguments: [id.text])
        } else {
            row = try Row.fetchOne(
                db, sql: "SELECT id, name, created_at FROM users WHERE name_key = ?", arguments: [UserName.key(trimmed)]
            )
        }
        guard let row else { throw ServerError.unknownUser(nameOrID) }
        return try user(row)
    }

    static func insertToken(_ db: Database, user: ServerUser, secret: String, now: Date, expiresAt: Date? = nil)
        throws -> IssuedToken
    {
        let id = UUID()
        try db.execute(
            sql: "INSERT INTO tokens (id, user_id, hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [id.text, user.id.text, TokenSecret.hash(secret), now.milliseconds, expiresAt?.milliseconds])
        return IssuedToken(id: id, user: user, secret: secret)
    }

    static func tokenInfo(_ row: Row) throws -> TokenInfo {
        TokenInfo(
            id: try uuid(row["id"], "token id"), userID: try uuid(row["user_id"], "user id"),
            createdAt: Date(milliseconds: row["created_at"]),
            revokedAt: (row["revoked_at"] as Int64?).map(Date.init(milliseconds:)),
            lastUsedAt: (row["last_used_at"] as Int64?).map(Date.init(milliseconds:)),
            expiresAt: (row["expires_at"] as Int64?).map(Date.init(milliseconds:)))
    }

    /// - Parameter parsingFields: false leaves `fields` empty and keeps only their text, which a JSON Lines
    ///   page copies as it is (the store wrote it).
    static func record(_ row: Row, parsingFields: Bool = true) throws -> StoredRecord {
        let entityName: String = row["entity"]
        guard let entity = EntityKind(rawValue: entityName) else {
            throw ServerError.storage("stored entity \(entityName) is unknown")
        }
        let text: String = row["fields"]
        var fields: Fields = [:]
        if parsingFields {
            guard case .object(let parsed)? = JSONValue(jsonText: text) else {
                throw ServerError.storage("stored fields of \(entityName) \(row["id"] as String) are not a JSON object")
            }
            fields = parsed
        }
        return StoredRecord(
            entity: entity, id: try uuid(row["id"], "record id"), version: row["version"], sequence: row["sequence"],
            deleted: row["deleted"], ownerID: try (row["owner_id"] as String?).map { try uuid($0, "owner id") },
            fields: fields, fieldsText: text)
    }
}

/// The push's reads and writes inside one GRDB write transaction.
struct SQLitePushTransaction: PushTransaction {
    let db: Database

    private func run<T>(_ body: () throws -> T) throws(ServerError) -> T {
        do {
            return try body()
        } catch {
            throw SQLiteServerStore.mapped(error)
        }
    }

    func device(_ id: UUID) throws(ServerError) -> (userID: UUID, lastMutation: Int64)? {
        try run {
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT user_id, last_mutation FROM devices WHERE id = ?", arguments: [id.text])
            else { return nil }
            return (try SQLiteRows.uuid(row["user_id"], "user id"), row["last_mutation"])
        }
    }

    func lastResponse(of device: UUID) throws(ServerError) -> PushOutput? {
        try run {
            try String.fetchOne(db, sql: "SELECT last_response FROM devices WHERE id = ?", arguments: [device.text])
                .flatMap(JSONValue.init(jsonText:)).flatMap(PushOutput.init(storedJSON:))
        }
    }

    func epoch() throws(ServerError) -> String {
        try run { try SQLiteRows.epoch(db) }
    }

    func record(_ entity: EntityKind, _ id: UUID) throws(ServerError) -> StoredRecord? {
        try run {
            // Cached statements: a batch runs these once per mutation, and compiling the SQL each
            // time (with GRDB's authorizer pass) cost more than running it.
            let statement = try db.cachedStatement(
                sql: """
                    SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
                    WHERE entity = ? AND id = ?
                    """)
            return try Row.fetchOne(statement, arguments: [entity.rawValue, id.text]).map { try SQLiteRows.record($0) }
        }
    }

    func liveTimers(of user: UUID) throws(ServerError) -> [StoredRecord] {
        try run {
            try Row.fetchAll(
                db,
                sql: """
                    SELECT entity, id, owner_id, version, sequence, deleted, fields FROM records
                    WHERE entity = 'timer' AND owner_id = ? AND deleted = 0
                    """,
                arguments: [user.text]
            ).map { try SQLiteRows.record($0) }
        }
    }

    func write(_ record: StoredRecord, by device: UUID?) throws(ServerError) -> StoredRecord {
        try run {
            // The sequence comes from the counter row inside this transaction, so it is assigned in
            // commit order: no reader ever sees sequence n+1 before n.
            guard
                let sequence = try Int64.fetchOne(
                    db.cachedStatement(
                        sql: "UPDATE counters SET value = value + 1 WHERE name = 'sequence' RETURNING value"))
            else { throw ServerError.storage("the sequence counter is missing") }
            var written = record
            written.sequence = sequence
            let text = record.fieldsJSON
            written.fieldsText = text
            try db.cachedStatement(
                sql: """
                    INSERT INTO records (entity, id, owner_id, version, sequence, deleted, fields, written_by)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (entity, id) DO UPDATE SET
                        owner_id = excluded.owner_id, version = excluded.version, sequence = excluded.sequence,
                        deleted = excluded.deleted, fields = excluded.fields, written_by = excluded.written_by
                    """
            ).execute(arguments: [
                record.entity.rawValue, record.id.text, record.ownerID?.text, record.version, sequence,
                record.deleted, text, device?.text,
            ])
            return written
        }
    }

    func finish(device: UUID, lastMutation: Int64, response: PushOutput) throws(ServerError) {
        try run {
            let text = response.storedText
            try db.execute(
                sql: "UPDATE devices SET last_mutation = ?, last_response = ? WHERE id = ?",
                arguments: [lastMutation, text, device.text])
        }
    }
}
