/// What the check needs from a `Package.swift`, read as text: the package dependencies it declares and
/// the module names it builds. Anything computed at manifest run time (variables, conditions) is not seen;
/// the manifests in this repo are literal on purpose.
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

    public var dependencies: [Dependency]
    /// Names from `.library(name:)` and every kind of `.target(name:)`: the modules this package owns.
    public var modules: [String]

    public init(dependencies: [Dependency], modules: [String]) {
        self.dependencies = dependencies
        self.modules = modules
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
    }

    private static func line(of position: String.Index, in text: String) -> Int {
        text[..<position].utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
