/// The layer a package belongs to. The layer alone decides which other packages and which external
/// packages it may depend on: these are the "allowed arrows" of ARCHITECTURE.md §1.
///
/// A package is classified by its directory name (`Packages/<Name>`), except `App/` and the
/// end-to-end `Tests/` package, which are classified by where they live.
///
/// The cases are listed from the lowest layer up, as in ARCHITECTURE.md §1; `PublicTypeNameRule` uses that
/// order to decide which of two clashing modules is reported.
public enum PackageKind: String, Sendable, Hashable, CaseIterable {
    case entities
    case localStorage
    case remoteStorage
    case repositories
    case terminalUI
    /// ContractSupport: the runner, checks and violation the features' contract suites share. Tooling for tests,
    /// like TerminalUI it depends on nothing; features and the App's test targets may use it.
    case contractSupport
    /// Any package whose name ends in "Feature" (ProjectsFeature, TasksFeature, …).
    case feature
    case server
    /// The App package as a whole. Its targets (Workers, Adapters, Commands, stint) are held to the
    /// stricter per-target arrows of `AppTargetRule`; this layer's rule still applies to the package's
    /// own `.package` dependencies and to any file outside a target's folder.
    case app
    /// Tooling that must stay buildable with nothing else in the repo: ArchitectureCheck itself, and
    /// APIContract (the OpenAPI document and the generator that writes the Server's and
    /// RemoteStorage's sources from it, so that neither of those depends on the other).
    case tool
    /// The end-to-end package at `Tests/`: it runs the `stint` binary, so it links nothing from the repo.
    case endToEnd
    /// A package under `Packages/` that fits no layer. It is reported, because a package without
    /// a rule is a hole in the architecture rather than an exception to it.
    case unclassified

    /// The layer of the package at `Packages/<name>`.
    public static func classify(packageNamed name: String) -> PackageKind {
        switch name {
        case "Entities": return .entities
        case "LocalStorage": return .localStorage
        case "RemoteStorage": return .remoteStorage
        case "Repositories": return .repositories
        case "TerminalUI": return .terminalUI
        case "ContractSupport": return .contractSupport
        case "Server": return .server
        case "App": return .app
        case "ArchitectureCheck", "APIContract": return .tool
        default:
            let suffix = "Feature"
            return name.hasSuffix(suffix) && name.count > suffix.count ? .feature : .unclassified
        }
    }

    /// Whether a package of this layer may depend on (declare, or import a module of) a repo package of `other`.
    public func mayDepend(on other: PackageKind) -> Bool {
        switch self {
        case .entities, .localStorage, .remoteStorage, .terminalUI, .contractSupport, .tool, .endToEnd, .unclassified:
            return false
        case .repositories:
            return other == .entities || other == .localStorage || other == .remoteStorage
        case .feature:
            // ContractSupport serves only a feature's Contract library and its tests; the manifest keeps it there.
            return other == .terminalUI || other == .contractSupport
        case .server:
            return other == .entities
        case .app:
            return other != .server && other != .tool && other != .endToEnd
        }
    }

    /// Whether a package of this layer may declare the external package `name`
    /// (the repository name of a `.package(url:)`, e.g. "GRDB.swift"; compared case-insensitively).
    public func mayUseExternalPackage(named name: String) -> Bool {
        switch self {
        case .entities, .terminalUI, .contractSupport, .feature, .repositories, .unclassified:
            return false
        case .localStorage:
            return name.lowercased() == "grdb.swift"
        case .remoteStorage:
            return ["swift-openapi-runtime", "swift-openapi-urlsession", "swift-http-types"].contains(name.lowercased())
        case .server, .app, .tool, .endToEnd:
            return true
        }
    }

    /// The rule as it is quoted at the end of every violation line.
    public var rule: String {
        switch self {
        case .entities: return "Entities may depend on nothing"
        case .localStorage: return "LocalStorage may depend on GRDB only"
        case .remoteStorage:
            return
                "RemoteStorage may depend on swift-openapi-runtime, swift-openapi-urlsession and swift-http-types only"
        case .repositories: return "Repositories may depend on Entities, LocalStorage and RemoteStorage only"
        case .terminalUI: return "TerminalUI may depend on nothing"
        case .contractSupport: return "ContractSupport may depend on nothing"
        case .feature: return "features may depend on TerminalUI and ContractSupport only"
        case .server: return "Server may depend on Entities and external server libraries only"
        case .app: return "App may depend on everything except Server, ArchitectureCheck and the end-to-end Tests"
        case .tool: return "tooling (ArchitectureCheck, APIContract) may depend on nothing in the repo"
        case .endToEnd: return "the end-to-end Tests package may depend on nothing in the repo; it runs the binary"
        case .unclassified: return "every package must belong to a layer of ARCHITECTURE.md §1"
        }
    }
}

/// Modules of well-known external packages, so that an import of, say, `GRDB` from Repositories is caught
/// even though the manifest is clean (SwiftPM lets a module see what its dependencies link).
///
/// Modules that are neither listed here nor built by a repo package (Foundation, Glibc, Testing, …)
/// are ignored: the manifest check already covers every external package a layer declares.
public enum KnownExternalModules {
    /// Module name -> repository name of the external package that builds it.
    public static let packageByModule: [String: String] = [
        "GRDB": "GRDB.swift",
        "ArgumentParser": "swift-argument-parser",
        "Logging": "swift-log",
        "OpenAPIRuntime": "swift-openapi-runtime",
        "OpenAPIURLSession": "swift-openapi-urlsession",
        "HTTPTypes": "swift-http-types",
        "HTTPTypesFoundation": "swift-http-types",
        "NIOCore": "swift-nio",
        "NIOPosix": "swift-nio",
        "NIOHTTP1": "swift-nio",
        "Hummingbird": "hummingbird",
        "Vapor": "vapor",
        "PostgresNIO": "postgres-nio",
    ]
}
