import Foundation
import Logging
import PostgresNIO
import PostgresServerStore
import Testing

@testable import ServerCore

/// The PostgreSQL store on a real PostgreSQL: the same contract as SQLite, and what only it has
/// (migrations shared by several processes, the URL, a database that goes away).
///
/// STINT_TEST_POSTGRES_URL names the database (`make test` starts a throwaway PostgreSQL 15 and sets
/// it); each test gets a schema of its own in it, dropped afterwards. Without the variable the suite
/// is skipped, unless STINT_REQUIRE_POSTGRES=1 (set by `make test`), when it fails instead: CI must
/// never pass by not running it.
@Suite("PostgresServerStore", .enabled(if: PostgresTestDatabase.isAvailable || PostgresTestDatabase.isRequired))
struct PostgresServerStoreTests {
    @Test("store contract", arguments: StoreContract.checks)
    func contract(check: StoreContract.Check) async throws {
        let clock = ManualClock(StoreContract.now)
        try await PostgresTestDatabase.withStore(clock: clock.read) { store, schema in
            let subject = StoreContract.Subject(
                store: store, storedBytes: { try await PostgresTestDatabase.dump(schema: schema) },
                advance: { clock.advance($0) })
            try await check.run(subject)
        }
    }

    @Test("migrations run once, also from several stores starting together, and are recorded by name")
    func migrationsOnce() async throws {
        try await PostgresTestDatabase.inSchema { schema in
            let location = try PostgresTestDatabase.location(schema: schema)
            let stores = (0..<4).map { _ in PostgresServerStore(location: location) }
            let epochs = try await withThrowingTaskGroup(of: String.self) { group in
                for store in stores {
                    group.addTask { try await store.withRunning { store in try await store.epoch() } }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(epochs.count == 1)
            let names = try await PostgresTestDatabase.strings(
                "SELECT name FROM \(schema).stint_migrations ORDER BY name")
            #expect(names == ["v1-users-tokens-devices-records", "v2-tokens-expire"])
        }
    }

    @Test("a database with a migration this server does not know is refused, not written to")
    func newerDatabase() async throws {
        try await PostgresTestDatabase.withStore { store, schema in
            _ = try await store.addUser(name: "ana")
            _ = try await PostgresTestDatabase.strings(
                "INSERT INTO \(schema).stint_migrations VALUES ('v99-from-the-future', 0) RETURNING name")
            do {
                try await store.migrate()
                Issue.record("a database from a newer server was migrated")
            } catch let error as ServerError {
                guard case .storage(let detail) = error else { throw error }
                #expect(detail.contains("v99-from-the-future"))
            }
            // Nothing was lost or changed by the refusal.
            #expect(try await store.users().map(\.name) == ["ana"])
        }
    }

    @Test("the URL: options, redaction, and refusal of what is not a postgres URL")
    func location() throws {
        let location = try PostgresLocation(
            url: "postgres://ana:s%40cret@db.example:6543/stint?sslmode=require&schema=team_a")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.user == "ana")
        #expect(location.password == "s@cret")
        #expect(location.database == "stint")
        #expect(location.tlsMode == .require)
        #expect(location.schema == "team_a")
        #expect(!location.redacted.contains("cret"))
        #expect(try PostgresLocation(url: "postgresql://ana@localhost/stint").port == 5432)
        for bad in [
            "mysql://ana@host/stint", "postgres://host/stint", "postgres://ana@/stint", "postgres://ana@host",
            "postgres://ana@host/stint?schema=Robert'); DROP TABLE users;--", "postgres://ana@host/stint?sslmode=maybe",
            "postgres://ana@host/stint?search_path=x",
        ] {
            #expect(throws: ServerError.self, "\(bad)") { try PostgresLocation(url: bad) }
        }
    }

    @Test("a database that cannot be reached is `unavailable` (a 503), not a storage failure")
    func unreachable() async throws {
        // A port nothing listens on: connection refused.
        let location = try PostgresLocation(url: "postgres://stint@127.0.0.1:9/stint?sslmode=disable")
        let store = PostgresServerStore(location: location)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            do {
                _ = try await store.epoch()
                Issue.record("the epoch was read from nowhere")
            } catch let error as ServerError {
                guard case .unavailable = error else {
                    Issue.record("expected unavailable, got \(error)")
                    return
                }
            }
            group.cancelAll()
        }
    }
}

/// The test database: the URL, a fresh schema per test, and raw queries for what a test inspects.
enum PostgresTestDatabase {
    static var url: String? {
        ProcessInfo.processInfo.environment["STINT_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }
    static var isAvailable: Bool { url != nil }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["STINT_REQUIRE_POSTGRES"] == "1" }

    static func newSchema() -> String {
        "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    static func location(schema: String?) throws -> PostgresLocation {
        guard let url else {
            throw PostgresTestFailure(
                "STINT_TEST_POSTGRES_URL is not set: run the tests with `make test-Server`, which starts PostgreSQL")
        }
        let separator = url.contains("?") ? "&" : "?"
        return try PostgresLocation(url: schema.map { url + separator + "schema=" + $0 } ?? url)
    }

    /// A migrated store in a schema of its own, running for the body; the schema is dropped afterwards.
    static func withStore(
        clock: @escaping @Sendable () -> Date = { StoreContract.now },
        _ body: @Sendable (PostgresServerStore, String) async throws -> Void
    ) async throws {
        try await inSchema { schema in
            let store = PostgresServerStore(location: try location(schema: schema), clock: clock)
            try await store.withRunning { store in try await body(store, schema) }
        }
    }

    /// Runs `body` with a new schema name, dropping that schema afterwards whatever happened.
    static func inSchema(_ body: @Sendable (String) async throws -> Void) async throws {
        let schema = newSchema()
        do {
            try await body(schema)
        } catch {
            _ = try? await strings("DROP SCHEMA IF EXISTS \(schema) CASCADE")
            throw error
        }
        try await strings("DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }

    /// Runs `sql` on a connection of its own and returns the first column of each row as text.
    @discardableResult
    static func strings(_ sql: String) async throws -> [String] {
        let location = try location(schema: nil)
        let client = PostgresClient(configuration: location.testConfiguration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            var values: [String] = []
            for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(String?.self) {
                values.append(value ?? "")
            }
            return values
        }
    }

    /// Every table of the schema as text: what the store keeps at rest, for "no secret in clear".
    static func dump(schema: String) async throws -> Data {
        var text = ""
        for table in ["users", "tokens", "devices", "records"] {
            text += try await strings("SELECT t::text FROM \(schema).\(table) t").joined(separator: "\n")
        }
        return Data(text.utf8)
    }
}

struct PostgresTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension PostgresLocation {
    var testConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
    }
}
