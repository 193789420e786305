import Foundation
import Logging
import PostgresNIO
import ServerCore

/// The PostgreSQL schema, as append-only versioned migrations ("vN-…"): a released one is never
/// edited, a change is a new one. `stint_migrations` records which ran.
///
/// The tables mirror the SQLite store's (ADR 0017): records keep their fields as JSON text, which the
/// server validates and merges but never queries, so a client adding a field needs no migration.
/// Ids are `uuid`, dates `bigint` milliseconds since 1970 (as on SQLite, so the two read alike).
/// `fields` is `text`, not `jsonb`: the store hands the text back byte for byte (a JSON Lines page
/// copies it), and `jsonb` would reorder keys and parse every page.
enum PostgresMigrations {
    struct Migration {
        let name: String
        let statements: [String]
    }

    static let all: [Migration] = [
        Migration(
            name: "v1-users-tokens-devices-records",
            statements: [
                "CREATE TABLE meta (id integer PRIMARY KEY CHECK (id = 1), epoch text NOT NULL)",
                """
                CREATE TABLE users (
                    id uuid PRIMARY KEY, name text NOT NULL, name_key text NOT NULL UNIQUE,
                    created_at bigint NOT NULL)
                """,
                """
                CREATE TABLE tokens (
                    id uuid PRIMARY KEY, user_id uuid NOT NULL REFERENCES users(id), hash text NOT NULL UNIQUE,
                    created_at bigint NOT NULL, revoked_at bigint, last_used_at bigint)
                """,
                "CREATE INDEX tokens_by_user ON tokens(user_id)",
                """
                CREATE TABLE devices (
                    id uuid PRIMARY KEY, user_id uuid NOT NULL REFERENCES users(id), name text NOT NULL,
                    last_mutation bigint NOT NULL, last_response text, created_at bigint NOT NULL)
                """,
                """
                CREATE TABLE records (
                    entity text NOT NULL, id uuid NOT NULL, owner_id uuid, version bigint NOT NULL,
                    sequence bigint NOT NULL, deleted boolean NOT NULL, fields text NOT NULL, written_by uuid,
                    PRIMARY KEY (entity, id))
                """,
                // Pulls page by sequence; the one-running-timer rule finds a person's open timers.
                "CREATE UNIQUE INDEX records_by_sequence ON records(sequence)",
                "CREATE INDEX records_by_owner ON records(entity, owner_id) WHERE NOT deleted",
                "CREATE TABLE counters (name text PRIMARY KEY, value bigint NOT NULL)",
                "INSERT INTO counters (name, value) VALUES ('sequence', 0)",
                // The epoch is made with the store: a store restored from a dump keeps it, a new one differs.
                "INSERT INTO meta (id, epoch) VALUES (1, gen_random_uuid()::text)",
            ]),
        // A token may stop working by itself at this instant (milliseconds); NULL: until revoked.
        Migration(name: "v2-tokens-expire", statements: ["ALTER TABLE tokens ADD COLUMN expires_at bigint"]),
    ]

    /// Applies what has not run yet, inside the caller's transaction, under an advisory lock: several
    /// servers starting at once on a new database migrate it once.
    static func run(on connection: PostgresConnection, schema: String?, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(74846084201)", logger: logger)
        if let schema {
            // Validated as a plain name by PostgresLocation; created here, under the lock.
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
        }
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS stint_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)",
            logger: logger)
        var applied: Set<String> = []
        for try await name in try await connection.query("SELECT name FROM stint_migrations", logger: logger)
            .decode(String.self)
        {
            applied.insert(name)
        }
        let known = Set(all.map(\.name))
        if let unknown = applied.subtracting(known).sorted().first {
            throw ServerError.storage(
                "the database has migration \(unknown), which this stint-server does not know: it is newer than this server"
            )
        }
        for migration in all where !applied.contains(migration.name) {
            logger.info("migrating the database", metadata: ["migration": .string(migration.name)])
            for statement in migration.statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            let now = Date().milliseconds
            try await connection.query(
                "INSERT INTO stint_migrations (name, applied_at) VALUES (\(migration.name), \(now))", logger: logger)
        }
    }
}
