import Foundation

/// One SwiftPM package of the monorepo, as the check sees it.
public struct RepoPackage: Sendable, Hashable {
    /// The directory name ("Entities", "TasksFeature"); "App" and "Tests" for the two root packages.
    public let name: String
    public let kind: PackageKind
    /// Directory relative to the repo root: "Packages/Entities", "App", "Tests".
    public let directory: String
    public let manifest: Manifest

    public init(name: String, kind: PackageKind, directory: String, manifest: Manifest) {
        self.name = name
        self.kind = kind
        self.directory = directory
        self.manifest = manifest
    }
}

/// A broken arrow, located like a compiler diagnostic so editors and CI logs link to it.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// Path relative to the repo root.
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// The outcome of one run over the repo.
public struct ArchitectureReport: Sendable, Hashable {
    public let packageCount: Int
    /// Swift files whose imports were checked (manifests not included).
    public let fileCount: Int
    public let violations: [Violation]

    public init(packageCount: Int, fileCount: Int, violations: [Violation]) {
        self.packageCount = packageCount
        self.fileCount = fileCount
        self.violations = violations
    }

    public var isClean: Bool { violations.isEmpty }

    /// The last line printed: "architecture ok: 9 packages, 120 files checked" or the failure count.
    public var summary: String {
        let scope = "\(Self.count(packageCount, "package")), \(Self.count(fileCount, "file")) checked"
        if isClean { return "architecture ok: \(scope)" }
        return "architecture check failed: \(Self.count(violations.count, "violation")) in \(scope)"
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}

/// Why the check could not run at all (as opposed to finding violations).
public enum ArchitectureCheckError: Error, Equatable, LocalizedError {
    case rootNotFound(path: String)
    case noPackages(root: String)
    case unreadable(path: String)

    public var errorDescription: String? {
        switch self {
        case .rootNotFound(let path):
            return "\(path) is not a directory"
        case .noPackages(let root):
            return "no packages found under \(root) (expected Packages/*/Package.swift or App/Package.swift)"
        case .unreadable(let path):
            return "cannot read \(path)"
        }
    }
}

/// Enforces ARCHITECTURE.md §1 on a repo tree:
/// - each package's declared dependencies and each import in its `Sources/` and `Tests/` follow the allowed
///   arrows of its layer (see `PackageKind`);
/// - inside the App package, each target's declared dependencies and each import in its folder follow the
///   arrows of that target (see `AppTargetRule`), and every App target has such a rule;
/// - no two modules that a target may import together declare the same public top-level type name
///   (see `PublicTypeNameRule`).
///
/// Everything is read as text, so a run takes well under a second and needs nothing built: it runs first in
/// `make test`, before anything is compiled.
public struct ArchitectureChecker: Sendable {
    /// Absolute path of the repo root, without a trailing slash.
    public let root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// Every package of the repo, sorted by directory: `App/`, each `Packages/<Name>/` holding a
    /// Package.swift, and the end-to-end `Tests/`.
    /// - Throws: `ArchitectureCheckError` when the root is missing, holds no package, or a manifest is unreadable.
    public func discoverPackages() throws -> [RepoPackage] {
        guard isDirectory(root) else { throw ArchitectureCheckError.rootNotFound(path: root) }
        var found: [(name: String, kind: PackageKind, directory: String)] = []
        if hasManifest("App") { found.append(("App", .app, "App")) }
        let packagesDirectory = "\(root)/Packages"
        if isDirectory(packagesDirectory) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packagesDirectory)) ?? []
            for name in names where !name.hasPrefix(".") && hasManifest("Packages/\(name)") {
                found.append((name, PackageKind.classify(packageNamed: name), "Packages/\(name)"))
            }
        }
        if hasManifest("Tests") { found.append(("Tests", .endToEnd, "Tests")) }
        guard !found.isEmpty else { throw ArchitectureCheckError.noPackages(root: root) }
        return try found.sorted { $0.directory < $1.directory }.map { entry in
            let text = try read("\(entry.directory)/Package.swift")
            return RepoPackage(
                name: entry.name, kind: entry.kind, directory: entry.directory, manifest: Manifest(parsing: text))
        }
    }

    /// Runs the whole check.
    /// - Throws: `ArchitectureCheckError` when the tree cannot be read; violations are not errors.
    public func check() throws -> ArchitectureReport {
        let packages = try discoverPackages()
        var ownerByModule: [String: RepoPackage] = [:]
        for package in packages {
            for module in package.manifest.modules where ownerByModule[module] == nil {
                ownerByModule[module] = package
            }
        }
        var violations: [Violation] = []
        var fileCount = 0
        var declarations: [PublicTypeNameRule.Declaration] = []
        for package in packages {
            let manifestPath = "\(package.directory)/Package.swift"
            guard package.kind != .unclassified else {
                let message =
                    "\(package.name) belongs to no layer: name it after a layer of ARCHITECTURE.md §1, "
                    + "end its name in \"Feature\", or add a rule to ArchitectureCheck"
                violations.append(Violation(file: manifestPath, line: 1, message: message))
                continue
            }
            for dependency in package.manifest.dependencies {
                if let message = problem(with: dependency, of: package, among: packages) {
                    violations.append(Violation(file: manifestPath, line: dependency.line, message: message))
                }
            }
            let targetRules = package.kind == .app ? appTargetRules(of: package) : [:]
            if package.kind == .app {
                violations += appTargetProblems(
                    of: package, rules: targetRules, manifestPath: manifestPath, among: packages,
                    ownerByModule: ownerByModule)
            }
            let folders = package.manifest.targets.map { (prefix: "\(package.directory)/\($0.directory)/", target: $0) }
            for file in swiftFiles(of: package) {
                fileCount += 1
                let summary = SwiftSource.summary(of: try read(file))
                let target = folders.first { file.hasPrefix($0.prefix) }?.target
                // An App target's rule is stricter than the App's package rule, so it alone judges its files.
                let rule = target.flatMap { targetRules[$0.name] }
                for found in summary.imports {
                    let message =
                        if let rule {
                            problem(importing: found.module, from: rule, of: package, ownerByModule: ownerByModule)
                        } else {
                            problem(importing: found.module, from: package, ownerByModule: ownerByModule)
                        }
                    if let message { violations.append(Violation(file: file, line: found.line, message: message)) }
                }
                if let target, Self.isSourceModule(target) {
                    declarations += summary.publicTypes.map {
                        PublicTypeNameRule.Declaration(module: target.name, name: $0.name, file: file, line: $0.line)
                    }
                }
            }
        }
        let modules = sourceModules(of: packages)
        violations += PublicTypeNameRule.violations(
            modules: modules, declarations: declarations, places: meetingPlaces(of: packages, modules: modules))
        return ArchitectureReport(packageCount: packages.count, fileCount: fileCount, violations: violations)
    }

    // MARK: - App targets

    /// The rule of each App target that is declared with the factory its rule expects.
    private func appTargetRules(of app: RepoPackage) -> [String: AppTargetRule] {
        var rules: [String: AppTargetRule] = [:]
        for target in app.manifest.targets {
            if let rule = AppTargetRule.named(target.name), rule.kind == target.kind { rules[target.name] = rule }
        }
        return rules
    }

    /// The App manifest's own violations, in line order: targets without a rule (reported, so a new target
    /// cannot escape the arrows by being unknown) and declared dependencies a target's rule does not allow.
    private func appTargetProblems(
        of app: RepoPackage, rules: [String: AppTargetRule], manifestPath: String, among packages: [RepoPackage],
        ownerByModule: [String: RepoPackage]
    ) -> [Violation] {
        var violations: [Violation] = []
        for target in app.manifest.targets {
            guard let rule = rules[target.name] else {
                let problem =
                    if let expected = AppTargetRule.named(target.name) {
                        "App target \(target.name) must be declared with .\(expected.kind.rawValue), "
                            + "not .\(target.kind.rawValue)"
                    } else {
                        "App target \(target.name) has no rule"
                    }
                let message = "\(problem) (\(AppTargetRule.unknownTargetRule))"
                violations.append(Violation(file: manifestPath, line: target.line, message: message))
                continue
            }
            for dependency in target.dependencies {
                let reference = reference(to: dependency, of: app, among: packages, ownerByModule: ownerByModule)
                guard !rule.allows(reference) else { continue }
                let what =
                    if case .external(let name) = reference { "external package \(name)" } else { dependency.name }
                let message = "\(target.name) must not depend on \(what) (\(rule.rule))"
                violations.append(Violation(file: manifestPath, line: dependency.line, message: message))
            }
        }
        return violations.sorted { $0.line < $1.line }
    }

    private func problem(
        importing module: String, from rule: AppTargetRule, of app: RepoPackage, ownerByModule: [String: RepoPackage]
    ) -> String? {
        guard !rule.allows(reference(toModule: module, from: app, ownerByModule: ownerByModule)) else { return nil }
        return "\(rule.target) must not import \(module) (\(rule.rule))"
    }

    /// What a target's manifest dependency points at. A product is found through the package dependency
    /// whose identity (last path component, or repository name) is its `package:`.
    private func reference(
        to dependency: Manifest.TargetDependency, of package: RepoPackage, among packages: [RepoPackage],
        ownerByModule: [String: RepoPackage]
    ) -> ModuleReference {
        switch dependency.reference {
        case .target(let name):
            return .appTarget(name)
        case .byName(let name):
            return reference(toModule: name, from: package, ownerByModule: ownerByModule)
        case .product(let name, let identity):
            if let declared = package.manifest.dependencies.first(where: {
                $0.name.lowercased() == identity.lowercased()
            }) {
                switch declared.location {
                case .path(let path):
                    let owner = resolve(path, from: package, among: packages, fallbackName: declared.name)
                    return .repoModule(name, package: owner.name, kind: owner.kind)
                case .url, .registry:
                    return .external(package: declared.name)
                }
            }
            if let owner = packages.first(where: { $0.name.lowercased() == identity.lowercased() }) {
                return .repoModule(name, package: owner.name, kind: owner.kind)
            }
            return .external(package: identity)
        }
    }

    /// What an imported module (or a by-name dependency) of `package` points at.
    private func reference(toModule module: String, from package: RepoPackage, ownerByModule: [String: RepoPackage])
        -> ModuleReference
    {
        if package.manifest.targets.contains(where: { $0.name == module }) { return .appTarget(module) }
        if let owner = ownerByModule[module] { return .repoModule(module, package: owner.name, kind: owner.kind) }
        if let external = KnownExternalModules.packageByModule[module] { return .external(package: external) }
        return .unknown
    }

    // MARK: - Public type names

    /// Library targets under `Sources/`: the only modules anything imports (tests and executables are not).
    private static func isSourceModule(_ target: Manifest.Target) -> Bool {
        target.kind == .regular && target.directory.hasPrefix("Sources/")
    }

    private func sourceModules(of packages: [RepoPackage]) -> [PublicTypeNameRule.SourceModule] {
        packages.enumerated().flatMap { packageIndex, package in
            let layer = PackageKind.allCases.firstIndex(of: package.kind) ?? PackageKind.allCases.count
            return package.manifest.targets.enumerated().filter { Self.isSourceModule($0.element) }.map {
                PublicTypeNameRule.SourceModule(
                    name: $0.element.name, package: package.name, kind: package.kind,
                    rank: [layer, packageIndex, $0.offset])
            }
        }
    }

    /// Every target of every package, with the source modules its files may see under the rules. An App
    /// target without a rule of its own is held to the App's package rule, as its imports are.
    private func meetingPlaces(of packages: [RepoPackage], modules: [PublicTypeNameRule.SourceModule])
        -> [PublicTypeNameRule.MeetingPlace]
    {
        packages.flatMap { package in
            let targetRules = package.kind == .app ? appTargetRules(of: package) : [:]
            return package.manifest.targets.map { target in
                let visible = modules.filter { module in
                    if let rule = targetRules[target.name] {
                        let reference: ModuleReference =
                            module.package == package.name
                            ? .appTarget(module.name)
                            : .repoModule(module.name, package: module.package, kind: module.kind)
                        return rule.allows(reference)
                    }
                    return module.package == package.name || package.kind.mayDepend(on: module.kind)
                }
                return PublicTypeNameRule.MeetingPlace(target: target.name, modules: Set(visible.map(\.name)))
            }
        }
    }

    // MARK: - Packages

    private func problem(with dependency: Manifest.Dependency, of package: RepoPackage, among packages: [RepoPackage])
        -> String?
    {
        switch dependency.location {
        case .path(let path):
            let target = resolve(path, from: package, among: packages, fallbackName: dependency.name)
            guard target.directory != package.directory, !package.kind.mayDepend(on: target.kind) else { return nil }
            return "\(package.name) must not depend on \(target.name) (\(package.kind.rule))"
        case .url, .registry:
            guard !package.kind.mayUseExternalPackage(named: dependency.name) else { return nil }
            return "\(package.name) must not depend on external package \(dependency.name) (\(package.kind.rule))"
        }
    }

    private func problem(importing module: String, from package: RepoPackage, ownerByModule: [String: RepoPackage])
        -> String?
    {
        if package.manifest.modules.contains(module) { return nil }
        if let owner = ownerByModule[module] {
            guard owner.directory != package.directory, !package.kind.mayDepend(on: owner.kind) else { return nil }
        } else if let external = KnownExternalModules.packageByModule[module] {
            guard !package.kind.mayUseExternalPackage(named: external) else { return nil }
        } else {
            return nil
        }
        return "\(package.name) must not import \(module) (\(package.kind.rule))"
    }

    /// The package a `.package(path:)` points at: by its resolved directory when that is a repo package,
    /// otherwise by the last path component (a package outside the repo is classified by its name).
    private func resolve(_ path: String, from package: RepoPackage, among packages: [RepoPackage], fallbackName: String)
        -> (name: String, kind: PackageKind, directory: String)
    {
        let base = path.hasPrefix("/") ? [] : package.directory.split(separator: "/").map(String.init)
        var components: [String] = []
        for component in base + path.split(separator: "/").map(String.init) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        var directory = components.joined(separator: "/")
        if path.hasPrefix("/") {
            let absolute = "/" + directory
            directory = absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute
        }
        if let target = packages.first(where: { $0.directory == directory }) {
            return (target.name, target.kind, target.directory)
        }
        if let target = packages.first(where: { $0.name == fallbackName }) {
            return (target.name, target.kind, target.directory)
        }
        return (fallbackName, PackageKind.classify(packageNamed: fallbackName), directory)
    }

    /// Swift files under the package's `Sources/` and `Tests/`, relative to the root, hidden entries skipped.
    private func swiftFiles(of package: RepoPackage) -> [String] {
        ["Sources", "Tests"].flatMap { swiftFiles(under: "\(package.directory)/\($0)") }
    }

    private func swiftFiles(under directory: String) -> [String] {
        let absolute = "\(root)/\(directory)"
        guard isDirectory(absolute), let names = try? FileManager.default.contentsOfDirectory(atPath: absolute)
        else { return [] }
        return names.sorted().filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
            let path = "\(directory)/\(name)"
            if isDirectory("\(root)/\(path)") { return swiftFiles(under: path) }
            return name.hasSuffix(".swift") ? [path] : []
        }
    }

    private func hasManifest(_ directory: String) -> Bool {
        FileManager.default.fileExists(atPath: "\(root)/\(directory)/Package.swift")
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func read(_ relativePath: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: "\(root)/\(relativePath)") else {
            throw ArchitectureCheckError.unreadable(path: relativePath)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
