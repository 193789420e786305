import Foundation

/// The source of new identifiers, injected.
///
/// Records get their UUID on the device that creates them (so offline work never waits for a server);
/// injecting the generator lets tests predict identifiers and reference prefixes.
public protocol IdentifierProvider: Sendable {
    /// A fresh identifier, unique for all practical purposes in production.
    func makeIdentifier() -> UUID
}
