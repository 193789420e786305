import Foundation

/// Where the server is.
///
/// A protocol rather than a URL so the address is read when a request is made, not when the client is built:
/// the app keeps it in its configuration, `stint login` checks an address the user has just typed, and tests
/// point the client at a loopback port. Nothing in this package reads a global for it.
public protocol ServerAddressProvider: Sendable {
    /// The server's base URL (scheme, host, port and an optional path prefix).
    /// Throws ``RemoteStorageError/notConfigured(_:)`` when no server is set up.
    func serverURL() throws(RemoteStorageError) -> URL
}

/// The bearer token that says who is calling.
///
/// A protocol so the secret stays with whoever stores it (a 0600 file, a test fixture) and is read at the
/// moment of each request; this package never keeps, logs or reports it, not even in an error message.
public protocol TokenProvider: Sendable {
    /// The token, sent as `Authorization: Bearer <token>`.
    /// Throws ``RemoteStorageError/notConfigured(_:)`` when the user is not logged in.
    func token() throws(RemoteStorageError) -> String
}

/// A fixed server address, for callers that already hold the URL (`stint login`, tests).
public struct StaticServerAddress: ServerAddressProvider {
    /// The address every request goes to.
    public var url: URL

    /// Creates a provider that always answers `url`.
    public init(_ url: URL) {
        self.url = url
    }

    public func serverURL() throws(RemoteStorageError) -> URL {
        url
    }
}

/// A fixed token, for callers that already hold it (`stint login` checking a token before storing it, tests).
public struct StaticToken: TokenProvider, CustomStringConvertible {
    private let value: String

    /// Creates a provider that always answers `value`.
    public init(_ value: String) {
        self.value = value
    }

    public func token() throws(RemoteStorageError) -> String {
        guard !value.isEmpty else { throw .notConfigured("no token: log in first") }
        return value
    }

    /// Never the token itself, so printing the provider cannot leak it.
    public var description: String { "StaticToken(<redacted>)" }
}
