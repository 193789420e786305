/// What a module name or a manifest dependency points at, as the rules see it.
public enum ModuleReference: Sendable, Hashable {
    /// A target of the App package itself (`Workers`, `Adapters`, …).
    case appTarget(String)
    /// A module built by a repo package, judged by the layer of the package that owns it.
    case repoModule(String, package: String, kind: PackageKind)
    /// A product or module of an external package, named by the package's repository ("swift-log").
    case external(package: String)
    /// Neither built in the repo nor a known external module (Foundation, Testing, Glibc, …): never a violation.
    case unknown
}

/// The allowed arrows inside the App package, one rule per target (ARCHITECTURE.md §1, "App: Workers",
/// "App: Adapters + AppCoordinator", "App: Commands").
///
/// The App is split into targets so that the compiler enforces these arrows: a target cannot import what
/// its manifest does not list. This rule checks the manifest itself, and every import, so that widening a
/// target's dependencies fails here instead of quietly passing the compiler.
///
/// Modules are judged by the package that owns them, so "the features" means the modules of a feature
/// package; its `…Fakes` and `…Contract` libraries are for test targets only. The App package as a whole still answers to
/// `PackageKind.app` too (no Server, no tooling).
public struct AppTargetRule: Sendable, Hashable {
    /// The target (module) name in App/Package.swift.
    public let target: String
    /// The factory that must declare it, so that, say, a test target cannot take a source target's name.
    public let kind: Manifest.Target.Kind
    /// Layers whose every module the target may use.
    public let layers: Set<PackageKind>
    /// Whether the `…Fakes` and `…Contract` modules of feature packages are allowed even when the features are not.
    public let featureTestSupport: Bool
    /// Other App targets it may use.
    public let appTargets: Set<String>
    /// External packages it may use, by repository name, lowercased.
    public let externalPackages: Set<String>
    /// The rule as quoted at the end of every violation line.
    public let rule: String

    /// Whether the target may depend on (declare, or import) `reference`.
    public func allows(_ reference: ModuleReference) -> Bool {
        switch reference {
        case .appTarget(let name):
            return name == target || appTargets.contains(name)
        case .repoModule(let module, _, let kind):
            // A feature's fakes and contract are for tests: the App's own code uses the feature itself.
            if kind == .feature && Self.isFeatureTestSupport(module) { return featureTestSupport }
            return layers.contains(kind)
        case .external(let package):
            return externalPackages.contains(package.lowercased())
        case .unknown:
            return true
        }
    }

    /// Feature libraries made for tests: in-memory fakes and the contract suites every Services
    /// implementation must pass.
    public static func isFeatureTestSupport(_ module: String) -> Bool {
        module.hasSuffix("Fakes") || module.hasSuffix("Contract")
    }

    // MARK: - The rules

    /// Small functional blocks over repositories; they speak Entities to the layers above.
    public static let workers = AppTargetRule(
        target: "Workers", kind: .regular, layers: [.entities, .repositories], appTargets: [], externalPackages: [],
        rule: "Workers may depend on Entities and Repositories only")

    /// Adapters, AppCoordinator and the dependency container: they fulfil the features' Services with
    /// workers, mapping Entities to feature models. Never Repositories or storage: that is the Workers' job.
    public static let adapters = AppTargetRule(
        target: "Adapters", kind: .regular, layers: [.feature, .terminalUI, .entities], appTargets: ["Workers"],
        externalPackages: ["swift-log"],
        rule: "Adapters may depend on the features, TerminalUI, Workers, Entities and swift-log only")

    /// The swift-argument-parser commands: they parse and hand plain arguments to the coordinator, so they
    /// see neither features, workers nor Entities.
    public static let commands = AppTargetRule(
        target: "Commands", kind: .regular, layers: [], appTargets: ["Adapters"],
        externalPackages: ["swift-argument-parser"],
        rule: "Commands may depend on Adapters and swift-argument-parser only")

    /// The executable: main.swift only.
    public static let stint = AppTargetRule(
        target: "stint", kind: .executable, layers: [], appTargets: ["Commands", "ProcessTuning"], externalPackages: [],
        rule: "stint may depend on Commands and ProcessTuning only")

    /// A C shim for the executable: the C library's settings the Swift overlay does not reach. It depends on nothing.
    public static let processTuning = AppTargetRule(
        target: "ProcessTuning", kind: .regular, layers: [], appTargets: [], externalPackages: [],
        rule: "ProcessTuning may depend on nothing")

    /// A test target may import what its subject may, its subject, the App targets below it (to build real
    /// workers, say), TerminalUI (its captured output and scripted input are the doubles of the standard
    /// streams) and the features' `…Fakes` and `…Contract` modules. Nothing more: a test of the Adapters
    /// that reached into Repositories would test around the arrow it should prove. One rule, derived from
    /// the source rules so it cannot drift.
    public static let workersTests = tests(
        of: workers,
        rule: "WorkersTests may depend on Workers, Entities, Repositories, TerminalUI, ContractSupport and the "
            + "features' Fakes and Contract modules only")

    public static let adaptersTests = tests(
        of: adapters,
        rule: "AdaptersTests may depend on Adapters, Workers, the features (with their Fakes and Contract modules), "
            + "TerminalUI, ContractSupport, Entities and swift-log only")

    public static let commandsTests = tests(
        of: commands,
        rule: "CommandsTests may depend on Commands, Adapters, Workers, swift-argument-parser, TerminalUI, "
            + "ContractSupport and the features' Fakes and Contract modules only")

    /// Every target App/Package.swift may declare. Any other target is a violation, so a new target cannot
    /// escape the arrows by being unknown.
    public static let all: [AppTargetRule] = [
        workers, adapters, commands, stint, processTuning, workersTests, adaptersTests, commandsTests,
    ]

    /// The rule quoted when App/Package.swift declares a target that is not in `all`.
    public static let unknownTargetRule =
        "every App target must be one of Workers, Adapters, Commands, stint, ProcessTuning or their tests"

    public static func named(_ target: String) -> AppTargetRule? {
        all.first { $0.target == target }
    }

    private static let sourceRules = [workers, adapters, commands, stint, processTuning]

    private static func tests(of subject: AppTargetRule, rule: String) -> AppTargetRule {
        var below: Set<String> = [subject.target]
        var queue = Array(subject.appTargets)
        while let name = queue.popLast() {
            guard below.insert(name).inserted, let next = sourceRules.first(where: { $0.target == name }) else {
                continue
            }
            queue.append(contentsOf: next.appTargets)
        }
        return AppTargetRule(
            target: "\(subject.target)Tests", kind: .test,
            layers: subject.layers.union([.terminalUI, .contractSupport]),
            featureTestSupport: true, appTargets: below, externalPackages: subject.externalPackages, rule: rule)
    }

    private init(
        target: String, kind: Manifest.Target.Kind, layers: Set<PackageKind>, featureTestSupport: Bool = false,
        appTargets: Set<String>, externalPackages: Set<String>, rule: String
    ) {
        self.target = target
        self.kind = kind
        self.layers = layers
        self.featureTestSupport = featureTestSupport
        self.appTargets = appTargets
        self.externalPackages = externalPackages
        self.rule = rule
    }
}
