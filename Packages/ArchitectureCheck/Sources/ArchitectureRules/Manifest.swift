/// What the check needs from a `Package.swift`, read as text: the package dependencies it declares,
/// the module names it builds and its targets with their declared dependencies. Anything computed at
/// manifest run time (variables, conditions) is not seen; the manifests in this repo are literal on purpose.
public struct Manifest: Sendable, Hashable {
    /// One `.package(...)` entry.
    public struct Dependency: Sendable, Hashable {
        /// How the dependency is located.
        public enum Location: Sendable, Hashable {
            /// `.package(path: "../Entities")`: a package of this repo.
            case path(String)
            /// `.package(url: "https://github.com/groue/GRDB.swift", ...)`: an external package.
            case url(String)
            /// `.package(id: "scope.name", ...)`: an external package from a registry.
            case registry(String)
        }

        public let location: Location
        /// 1-based line of the entry in the manifest.
        public let line: Int

        public init(location: Location, line: Int) {
            self.location = location
            self.line = line
        }

        /// The package name the entry points at: the last path component for a path, the repository
        /// name without ".git" for a URL, the part after the scope for a registry id.
        public var name: String {
            switch location {
            case .path(let path):
                return Self.lastComponent(of: path)
            case .url(let url):
                let repository = Self.lastComponent(of: url)
                return repository.hasSuffix(".git") ? String(repository.dropLast(4)) : repository
            case .registry(let identifier):
                return identifier.split(separator: ".", maxSplits: 1).last.map(String.init) ?? identifier
            }
        }

        private static func lastComponent(of path: String) -> String {
            path.split(separator: "/").last.map(String.init) ?? path
        }
    }

    /// One entry of the `targets:` list of `Package(...)`.
    public struct Target: Sendable, Hashable {
        /// The factory that declared the target (`.target`, `.executableTarget`, …).
        public enum Kind: String, Sendable, Hashable {
            case regular = "target"
            case executable = "executableTarget"
            case test = "testTarget"
            case macro
            case plugin
            case systemLibrary
            case binary = "binaryTarget"
        }

        public let name: String
        public let kind: Kind
        public let dependencies: [TargetDependency]
        /// The `path:` argument, when the target does not live in SwiftPM's default folder.
        public let path: String?
        /// 1-based line of the target's `name:` in the manifest.
        public let line: Int

        public init(name: String, kind: Kind, dependencies: [TargetDependency], path: String?, line: Int) {
            self.name = name
            self.kind = kind
            self.dependencies = dependencies
            self.path = path
            self.line = line
        }

        /// The target's folder relative to the package: its `path:` or SwiftPM's default
        /// (`Tests/<name>` for a test target, `Plugins/<name>` for a plugin, `Sources/<name>` otherwise).
        public var directory: String {
            if let path {
                let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                return trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
            }
            switch kind {
            case .test: return "Tests/\(name)"
            case .plugin: return "Plugins/\(name)"
            default: return "Sources/\(name)"
            }
        }
    }

    /// One entry of a target's `dependencies:` list.
    public struct TargetDependency: Sendable, Hashable {
        /// The three spellings SwiftPM accepts.
        public enum Reference: Sendable, Hashable {
            /// `"Name"` or `.byName(name: "Name")`: a target of the same package or a product of a dependency.
            case byName(String)
            /// `.target(name: "Name")`: a target of the same package.
            case target(String)
            /// `.product(name: "Name", package: "package")`: a product of a package dependency.
            case product(name: String, package: String)
        }

        public let reference: Reference
        /// 1-based line of the entry in the manifest.
        public let line: Int

        public init(reference: Reference, line: Int) {
            self.reference = reference
            self.line = line
        }

        /// The module or product name the entry names.
        public var name: String {
            switch reference {
            case .byName(let name), .target(let name), .product(let name, _): return name
            }
        }
    }

    public var dependencies: [Dependency]
    /// Names from `.library(name:)` and every kind of `.target(name:)`: the modules this package owns.
    public var modules: [String]
    /// The `targets:` of `Package(...)`, in manifest order.
    public var targets: [Target]

    public init(dependencies: [Dependency], modules: [String], targets: [Target] = []) {
        self.dependencies = dependencies
        self.modules = modules
        self.targets = targets
    }

    /// Reads a manifest's text. Entries inside comments are ignored.
    public init(parsing text: String) {
        let code = SwiftSource.blankingComments(in: text, blankingStrings: false)
        let dependencyPattern = #/\.package\(\s*(?:name\s*:\s*"[^"]*"\s*,\s*)?(path|url|id)\s*:\s*"([^"]*)"/#
        let modulePattern =
            #/\.(?:library|target|executableTarget|testTarget|macro|systemLibrary|binaryTarget|plugin)\(\s*name\s*:\s*"([^"]*)"/#

        dependencies = code.matches(of: dependencyPattern).map { match in
            let value = String(match.output.2)
            let location: Dependency.Location =
                switch match.output.1 {
                case "path": .path(value)
                case "url": .url(value)
                default: .registry(value)
                }
            return Dependency(location: location, line: Self.line(of: match.range.lowerBound, in: code))
        }
        var seen: Set<String> = []
        modules = code.matches(of: modulePattern).map { String($0.output.1) }.filter { seen.insert($0).inserted }
        targets = ManifestSyntax(text: text).targets()
    }

    private static func line(of position: String.Index, in text: String) -> Int {
        text[..<position].utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
