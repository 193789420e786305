import Foundation
import PostgresNIO
import ServerCore

/// Where the PostgreSQL store lives, read from a `postgres://` URL.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&schema=NAME]`.
/// `schema` keeps Stint's tables in their own schema of a shared database (the tests give each store
/// one); without it they go to the role's default (`public`).
public struct PostgresLocation: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tlsMode: TLSMode
    public var schema: String?

    public enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    /// Whether `text` names PostgreSQL rather than a data folder.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(url text: String) throws(ServerError) {
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw .invalidRequest("--database takes a URL like postgres://user:password@host:5432/stint")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidRequest("the database URL has no host (postgres://user@HOST:5432/stint)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .invalidRequest("the database URL has no user (postgres://USER@host:5432/stint)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw .invalidRequest("the database URL names no database (postgres://user@host:5432/DATABASE)")
        }
        self.host = host
        port = components.port ?? 5432
        self.user = components.percentEncodedUser?.removingPercentEncoding ?? user
        password = components.percentEncodedPassword?.removingPercentEncoding
        self.database = database.removingPercentEncoding ?? database
        tlsMode = .prefer
        schema = nil
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                    throw .invalidRequest("sslmode must be disable, prefer or require")
                }
                tlsMode = mode
            case "schema":
                guard let value = item.value, Self.isPlainName(value) else {
                    throw .invalidRequest("schema must be lowercase letters, digits and _ (at most 63)")
                }
                schema = value
            default:
                throw .invalidRequest("the database URL has an unknown option \(item.name) (known: sslmode, schema)")
            }
        }
    }

    /// The URL without its password, for logs and the "listening" line.
    public var redacted: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        var text = "postgres://\(user)@\(shownHost):\(port)/\(database)"
        if let schema { text += "?schema=\(schema)" }
        return text
    }

    /// A name that can be written into SQL without quoting: lowercase ASCII letters, digits and `_`,
    /// not starting with a digit.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            name.utf8.count <= 63
        else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }

    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch tlsMode {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(.makeClientConfiguration())
        case .require: tls = .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        // A request waits for the database at most this long before it is answered 503: a server whose
        // PostgreSQL restarts answers "try again" instead of holding every device's request open.
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = 16
        configuration.options.minimumConnections = 1
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }
}
