import Foundation
import TerminalUI

/// The sync feature's failures, each with the data needed to word it and a one-line message for the terminal
/// (``errorDescription``).
///
/// The feature throws ``missingToken`` and ``alreadyLoggedIn(server:userName:)`` itself, before any Services call.
/// The other cases describe what a ``SyncServices`` implementation runs into; one that has no error type of its own
/// for them (the in-memory fake) throws these, while the App's adapter may throw its own errors, which the feature
/// passes on unchanged either way. Unlike the other features' errors, these are not all of one kind: the App maps
/// them by ``kind`` (0005).
public enum SyncFeatureError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// The operation needs a server and this device is logged in to none.
    case notLoggedIn
    /// `login` was given an empty token (for example `--token -` with nothing on standard input).
    case missingToken
    /// `login` was given a token with a character no token has (a space, a line break, an escape, a letter outside
    /// ASCII): a paste that went wrong. Nothing is sent: it could not travel in a request's header anyway.
    case invalidToken(TokenFlaw)
    /// `login` was given a server URL whose port is outside 1 to 65535.
    case invalidPort(server: String, port: Int)
    /// `login` named another server while this device is logged in: its data belongs to that server's team.
    case alreadyLoggedIn(server: String, userName: String)
    /// `login` was given something that is not an http or https URL.
    case invalidServer(String)
    /// A plain `http://` address that is not this machine: the token would cross the network readable by anyone on
    /// the way. `--insecure` allows it (a trusted network, a TLS-terminating proxy on the same host).
    case insecureServer(String)
    /// No conflict's id starts with `reference`.
    case conflictNotFound(reference: String)
    /// Several conflicts' ids start with `reference`; `candidates` are their short ids.
    case ambiguousConflict(reference: String, candidates: [String])
    /// The conflict was resolved before, taking `side`.
    case alreadyResolved(id: String, side: SyncConflict.Side)
    /// The server could not be used: unreachable, too slow, refused the token, or answered nonsense. `message` is one
    /// line saying which; nothing local was lost and pending changes stay queued.
    case remote(server: String, message: String)
    /// `stint config set` was given a value the setting does not take (`allowed` lists what it takes).
    case invalidSettingValue(setting: String, value: String, allowed: String)

    /// What is wrong with a token that is not empty.
    public enum TokenFlaw: Sendable, Equatable {
        /// A space, a tab, a line break, an escape or another control character.
        case spaceOrControlCharacter
        /// A character outside ASCII (tokens are ASCII letters, digits and punctuation).
        case notASCII
    }

    /// The kind of failure, for the exit code.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case notFound, ambiguous, invalidInput, conflict
        /// Needs a login first.
        case notLoggedIn
        /// The server could not be used.
        case remote
    }

    public var kind: Kind {
        switch self {
        case .notLoggedIn: .notLoggedIn
        case .missingToken, .invalidToken, .invalidServer, .invalidPort, .insecureServer, .invalidSettingValue:
            .invalidInput
        case .alreadyLoggedIn, .alreadyResolved: .conflict
        case .conflictNotFound: .notFound
        case .ambiguousConflict: .ambiguous
        case .remote: .remote
        }
    }

    public var description: String {
        switch self {
        case .notLoggedIn:
            "not logged in: log in with stint login URL"
        case .missingToken:
            "no token given: pass --token TOKEN, or --token - and the token on standard input"
        case .invalidToken(.spaceOrControlCharacter):
            "the token contains a space or control character: copy it again from stint-server user add"
        case .invalidToken(.notASCII):
            "the token contains a character that is not plain ASCII: copy it again from stint-server user add"
        case .invalidPort(let server, let port):
            "'\(Self.address(server))' is not a server URL: \(port) is not a valid port (use 1 to 65535)"
        case .alreadyLoggedIn(let server, let userName):
            "already logged in to \(Self.address(server)) as \(DisplayText.singleLine(userName)): "
                + "run stint logout first"
        case .invalidServer(let server):
            "'\(Self.address(server))' is not a server URL: use one like https://stint.example.com"
        case .insecureServer(let server):
            "'\(Self.address(server))' is plain http to another machine, which would send the token "
                + "unencrypted: use https://, or pass --insecure on a network you trust"
        case .conflictNotFound(let reference):
            "no conflict matches '\(DisplayText.escaped(reference))': see stint sync conflicts"
        case .ambiguousConflict(let reference, let candidates):
            "'\(DisplayText.escaped(reference))' matches several conflicts: \(candidates.joined(with: ", ")); "
                + "use a longer id"
        case .alreadyResolved(let id, let side):
            "conflict \(DisplayText.shortID(id)) was already resolved (kept \(side == .mine ? "yours" : "theirs"))"
        case .remote(let server, let message):
            "cannot sync with \(Self.address(server)): \(DisplayText.singleLine(message))"
        case .invalidSettingValue(let setting, let value, let allowed):
            "'\(DisplayText.escaped(value))' is not a value of \(setting): use \(allowed)"
        }
    }

    public var errorDescription: String? { description }

    /// The longest server address a message shows whole.
    static let addressLimit = 80

    /// A server address as typed, shown back escaped and cut with "…", so a pasted 10 KB URL cannot flood the line.
    static func address(_ server: String) -> String {
        DisplayText.excerpt(server, limit: addressLimit)
    }
}

extension SyncFeatureError: SyncFailureKindProviding {
    public var syncFailureKind: Kind? { kind }
}

/// Lets an implementation's own errors say which ``SyncFeatureError/Kind`` they are.
///
/// The feature passes the Services' errors on unchanged and never needs their kind, except in
/// ``SyncFeatureInterface/watch(every:)``: a server that is away is waited for, while a failure that waiting cannot
/// mend (not logged in, a storage failure) ends the watch. An error that does not conform ends it too.
public protocol SyncFailureKindProviding: Error {
    /// The kind of this failure; `nil` when it is none of the kinds the feature names (a bug, a storage failure).
    var syncFailureKind: SyncFeatureError.Kind? { get }
}

/// English counts ("1 change", "12 changes") shared by messages across the feature.
enum Plural {
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(NumberText.grouped(value)) \(value == 1 ? singular : plural)"
    }

    static func changes(_ value: Int) -> String { count(value, "change", "changes") }
    static func conflicts(_ value: Int) -> String { count(value, "conflict", "conflicts") }
    static func members(_ value: Int) -> String { count(value, "member", "members") }
}
