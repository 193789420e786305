import ArgumentParser
import Foundation
import HummingbirdTLS
import Logging
import PostgresServerStore
import ServerCore
import ServiceLifecycle
import StintServer

@main
struct StintServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stint-server",
        abstract: "The Stint sync server: devices push their changes here and pull everyone's back.",
        subcommands: [Serve.self, UserCommand.self, TokenCommand.self, EpochCommand.self]
    )
}

/// Where the server keeps its data: PostgreSQL when --database (or $STINT_SERVER_DATABASE) gives a
/// URL, else the embedded SQLite store in --data, else $STINT_SERVER_DATA, else ./stint-server-data.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: "The data folder (default: $STINT_SERVER_DATA or ./stint-server-data).")
    var directory: String?

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database instead of the data folder (default: $STINT_SERVER_DATABASE).",
            valueName: "postgres://user:password@host:5432/name"))
    var database: String?

    var path: String {
        if let directory, !directory.isEmpty { return directory }
        if let variable = ProcessInfo.processInfo.environment["STINT_SERVER_DATA"], !variable.isEmpty {
            return variable
        }
        return "./stint-server-data"
    }

    var databaseURL: String? {
        if let database { return database }
        if let variable = ProcessInfo.processInfo.environment["STINT_SERVER_DATABASE"], !variable.isEmpty {
            return variable
        }
        return nil
    }

    func validate() throws {
        if database != nil, directory != nil {
            throw ValidationError("give --data (SQLite) or --database (PostgreSQL), not both")
        }
        if let database, database.isEmpty { throw ValidationError("--database needs a postgres:// URL") }
    }

    /// The store, and what to say it is (the folder, or the URL without its password).
    enum Opened {
        case sqlite(SQLiteServerStore)
        case postgres(PostgresServerStore)

        var store: any ServerStore {
            switch self {
            case .sqlite(let store): store
            case .postgres(let store): store
            }
        }
    }

    func open(logger: Logger = quietLogger) -> (store: Opened, shown: String) {
        if let url = databaseURL {
            let location = storeCall { () throws(ServerError) in try PostgresLocation(url: url) }
            return (
                .postgres(PostgresServerStore(location: location, logger: logger)), "database: \(location.redacted)"
            )
        }
        let path = path
        let store = storeCall { () throws(ServerError) in try SQLiteServerStore(directory: URL(fileURLWithPath: path)) }
        return (.sqlite(store), "data: \(path)")
    }

    /// Opens the store, runs `body` on it (with PostgreSQL's pool running and the schema migrated), and
    /// turns a store error into one line and an exit code.
    func withStore<T: Sendable>(_ body: @escaping @Sendable (any ServerStore) async throws(ServerError) -> T) async -> T
    {
        switch open().store {
        case .sqlite(let store):
            return await storeCall { () async throws(ServerError) in try await body(store) }
        case .postgres(let store):
            return await storeCall { () async throws(ServerError) in
                do {
                    return try await store.withRunning { store in try await body(store) }
                } catch let error as ServerError {
                    throw error
                } catch {
                    throw ServerError.storage(String(describing: error))
                }
            }
        }
    }
}

/// PostgreSQL's pool logs each failed connection attempt; a one-shot command reports its own error instead.
let quietLogger: Logger = {
    var logger = Logger(label: "stint-server.postgres")
    logger.logLevel = .critical
    return logger
}()

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the sync API until SIGTERM or SIGINT.")

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8420
    @OptionGroup var data: DataOptions
    @Option(help: "A PEM certificate chain: serve HTTPS (with --tls-key).") var tlsCert: String?
    @Option(help: "The PEM private key of --tls-cert.") var tlsKey: String?
    @Option(
        help: ArgumentHelp(
            "Failed authentications a client address may make in a minute; past them it gets 429 until the minute "
                + "has passed, a correct token included.",
            valueName: "count"))
    var authFailureLimit = 10
    @Flag(
        help: ArgumentHelp(
            "Take the client's address from the last hop of X-Forwarded-For: only behind a reverse proxy that "
                + "sets it and is the only way in."))
    var trustForwardedFor = false

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if authFailureLimit < 1 { throw ValidationError("--auth-failure-limit takes a count of 1 or more") }
    }

    func run() async throws {
        guard (0...65535).contains(port) else { fail("invalid port \(port)", exit: 4) }
        bootstrapStintServerLogging()
        var postgresLogger = Logger(label: "stint-server.postgres")
        // Each failed connection attempt is logged at info; while PostgreSQL is away that is a line a second.
        if postgresLogger.logLevel > .debug { postgresLogger.logLevel = max(postgresLogger.logLevel, .warning) }
        let (opened, shown) = data.open(logger: postgresLogger)
        let tls = tlsConfiguration()
        let host = host
        var services: [any Service] = []
        var beforeServing: (@Sendable () async throws -> Void)?
        if case .postgres(let store) = opened {
            services.append(store)
            beforeServing = { try await store.migrate() }
        }
        let scheme = tls == nil ? "http" : "https"
        let authFailures = AuthFailurePolicy(limit: authFailureLimit, trustForwardedFor: trustForwardedFor)
        do {
            try await runStintServer(
                store: opened.store, host: host, port: port, services: services, beforeServing: beforeServing, tls: tls,
                authFailures: authFailures
            ) { bound in
                let shownHost = host.contains(":") ? "[\(host)]" : host
                writeOut("stint-server listening on \(scheme)://\(shownHost):\(bound) (\(shown))")
            }
        } catch let error as ServerError {
            switch error {
            case .unavailable(let detail): fail("cannot reach the database: \(detail)", exit: 3)
            default: fail("the server stopped: \(error)", exit: 1)
            }
        } catch {
            fail("the server stopped: \(error)", exit: 1)
        }
    }

    private func tlsConfiguration() -> TLSConfiguration? {
        guard let tlsCert, let tlsKey else { return nil }
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(tlsCert)
            let key = try NIOSSLPrivateKey(file: tlsKey, format: .pem)
            guard !chain.isEmpty else { fail("no certificate in \(tlsCert)", exit: 4) }
            return TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        } catch {
            fail("cannot read the TLS certificate or key: \(error)", exit: 4)
        }
    }
}

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the server's users.", subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user and print their first token (shown once, on the last line).")
        @Argument(help: "The user's name, unique on this server.") var name: String
        @OptionGroup var data: DataOptions

        func run() async throws {
            let name = name
            let issued = await data.withStore { store throws(ServerError) in try await store.addUser(name: name) }
            printToken(issued, intro: "Added user \(issued.user.name) (\(issued.user.id.uuidString.lowercased())).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the server's users.")
        @OptionGroup var data: DataOptions

        func run() async throws {
            let users = await data.withStore { store throws(ServerError) in try await store.users() }
            if users.isEmpty {
                writeOut("no users yet: stint-server user add NAME")
                return
            }
            for user in users {
                writeOut("\(user.id.uuidString.lowercased())  \(day(user.createdAt))  \(user.name)")
            }
        }
    }
}

struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Manage a user's tokens.", subcommands: [Create.self, Revoke.self, List.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create another token for a user (shown once, on the last line).")
        @Argument(help: "The user's name or id.") var user: String
        @Option(
            help: ArgumentHelp(
                "Make the token stop working by itself after this long: a number and h, d or w (e.g. 90d).",
                valueName: "duration"))
        var expiresIn: String?
        @OptionGroup var data: DataOptions

        func validate() throws {
            if let expiresIn, Self.seconds(expiresIn) == nil {
                throw ValidationError("--expires-in takes a number and h, d or w, at most 10 years (e.g. 12h, 90d, 4w)")
            }
        }

        /// `12h`, `90d`, `4w` in seconds; nil when malformed, zero or beyond ten years.
        static func seconds(_ text: String) -> TimeInterval? {
            guard let unit = text.last, let count = Int(text.dropLast()), count > 0 else { return nil }
            let hours: Int
            switch unit {
            case "h": hours = count
            case "d": hours = count.multipliedReportingOverflow(by: 24).partialValue
            case "w": hours = count.multipliedReportingOverflow(by: 168).partialValue
            default: return nil
            }
            guard count <= 87_600, hours > 0, hours <= 87_600 else { return nil }
            return TimeInterval(hours) * 3600
        }

        func run() async throws {
            let user = user
            let expiresAt = expiresIn.flatMap(Self.seconds).map { Date().addingTimeInterval($0) }
            let issued = await data.withStore { store throws(ServerError) in
                try await store.createToken(forUser: user, expiresAt: expiresAt)
            }
            let until = expiresAt.map { " It expires \(minute($0))." } ?? ""
            printToken(issued, intro: "Created a token for \(issued.user.name).\(until)")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: it stops working at once.")
        @Argument(help: "The token's id (or a unique prefix of it), as `token list` shows it.") var tokenID: String
        @OptionGroup var data: DataOptions

        func run() async throws {
            let tokenID = tokenID
            let info = await data.withStore { store throws(ServerError) in try await store.revokeToken(tokenID) }
            writeOut("revoked token \(info.id.uuidString.lowercased())")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a user's tokens (never their secrets).")
        @Argument(help: "The user's name or id.") var user: String
        @OptionGroup var data: DataOptions

        func run() async throws {
            let user = user
            let tokens = await data.withStore { store throws(ServerError) in try await store.tokens(ofUser: user) }
            if tokens.isEmpty {
                writeOut("no tokens")
                return
            }
            for token in tokens {
                let now = Date()
                let state =
                    token.revokedAt.map { "revoked \(day($0))" }
                    ?? token.expiresAt.map { $0 <= now ? "expired \(minute($0))" : "active, expires \(minute($0))" }
                    ?? "active"
                let used = token.lastUsedAt.map { "last used \(day($0))" } ?? "never used"
                writeOut("\(token.id.uuidString.lowercased())  created \(day(token.createdAt))  \(used)  \(state)")
            }
        }
    }
}

/// The token is the last line, alone, so a script can take it with `tail -n 1`.
func printToken(_ issued: IssuedToken, intro: String) {
    writeOut(intro)
    writeOut("Token id \(issued.id.uuidString.lowercased()). The token is shown only now; on a device run:")
    writeOut("  stint login URL --token -   (and paste it)")
    writeOut(issued.secret)
}

/// A UTC minute, for expiries: a token made to last 12 hours expires within a day.
func minute(_ date: Date) -> String {
    date.formatted(
        .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .omitted))
}

/// `stint-server epoch renew`: after restoring a backup, so devices start over with the server.
struct EpochCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "epoch", abstract: "The store's epoch (its life; devices start over when it changes).",
        subcommands: [Renew.self])

    struct Renew: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give the store a new epoch: run it after restoring a backup, before serving.",
            discussion: """
                Devices notice the new epoch on their next sync, register again, pull everything and push
                what they still hold. Without it, a restored server has forgotten changes the devices
                believe it has.
                """)
        @OptionGroup var data: DataOptions

        func run() async throws {
            let epoch = await data.withStore { store throws(ServerError) in try await store.renewEpoch() }
            writeOut("new epoch \(epoch): every device starts over with this server on its next sync")
        }
    }
}

func day(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().dateSeparator(.dash))
}

/// Unbuffered, so a test waiting for the "listening" line sees it at once.
func writeOut(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, exit code: Int32) -> Never {
    FileHandle.standardError.write(Data("stint-server: \(message)\n".utf8))
    Foundation.exit(code)
}

/// What an administrator typed is echoed with control characters escaped, so a name holding an escape
/// sequence cannot recolour or rewrite the terminal it is reported on.
func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
            result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Runs a store call; a store error becomes one line on standard error and the exit code
/// 2 (not found), 4 (invalid) or 1 (anything else).
func storeCall<T>(_ body: () async throws(ServerError) -> T) async -> T {
    do {
        return try await body()
    } catch {
        switch error {
        case .unknownUser(let name): fail("no user named \(escaped(name))", exit: 2)
        case .unknownToken(let id): fail("no token \(escaped(id))", exit: 2)
        case .unknownDevice(let id): fail("no device \(id.uuidString.lowercased())", exit: 2)
        case .invalidName(let reason):
            fail("invalid user name: \(reason)", exit: 4)
        case .duplicateUser(let name): fail("a user named \(escaped(name)) already exists", exit: 4)
        case .invalidRequest(let message): fail(message, exit: 4)
        case .storage(let detail): fail("the store failed: \(detail)", exit: 1)
        case .unavailable(let detail): fail("cannot reach the database: \(detail)", exit: 3)
        case .unauthorized, .forbidden, .epochMismatch, .gap: fail("\(error)", exit: 1)
        }
    }
}

/// Runs a store call; a store error becomes one line on standard error and the exit code
/// 2 (not found), 4 (invalid) or 1 (anything else).
func storeCall<T>(_ body: () throws(ServerError) -> T) -> T {
    do {
        return try body()
    } catch {
        switch error {
        case .storage(let detail): fail("cannot open the data folder: \(detail)", exit: 1)
        case .invalidRequest(let message): fail(message, exit: 4)
        default: fail("\(error)", exit: 1)
        }
    }
}
