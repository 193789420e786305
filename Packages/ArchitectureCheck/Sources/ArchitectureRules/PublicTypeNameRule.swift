/// The second rule: two modules that can meet in one file must not both declare a public top-level type
/// of the same name. Where they meet, the name either fails to compile as ambiguous or, worse, silently
/// means the importing module's own type; either way a reader cannot tell which one a line means.
///
/// "Can meet" is computed from the allowed arrows (`PackageKind`, `AppTargetRule`), not from today's
/// imports: a clash must fail when the name is declared, not later when someone adds the second import.
enum PublicTypeNameRule {
    /// A non-test source module: a `.target` under `Sources/` (test targets and executables are never imported).
    struct SourceModule: Sendable, Hashable {
        let name: String
        let package: String
        let kind: PackageKind
        /// Lower layers first: where two modules clash, the lower one keeps the name and the clash is
        /// reported in the higher one, because renaming in a lower layer ripples into more code.
        let rank: [Int]
    }

    /// A target and the source modules one of its files may see: the ones it may import, and itself.
    struct MeetingPlace: Sendable, Hashable {
        let target: String
        let modules: Set<String>
    }

    /// The public type declarations of one source module, as found in its files.
    struct Declaration: Sendable, Hashable {
        let module: String
        let name: String
        let file: String
        let line: Int
    }

    /// Entity mirror models: the brief names each feature's own models after the entities they mirror
    /// (`TasksFeature.Task` vs `Entities.Task`, ARCHITECTURE.md §2 "Features"), so a feature module may
    /// reuse these names of Entities. Only the Adapters see both, and they qualify them on purpose
    /// (`Entities.Task`) as they map one to the other. Any other shared name is reported.
    static let entityMirrors: Set<String> = [
        "Project", "TaskList", "Task", "Timer", "TimeEntry", "Priority", "TaskStatus", "TimerState",
    ]

    static let rule = "a public type name may be declared by only one of the modules a target may import"

    /// One violation per pair of clashing modules, at the first declaration in the higher-ranked module.
    static func violations(
        modules: [SourceModule], declarations: [Declaration], places: [MeetingPlace]
    ) -> [Violation] {
        let moduleByName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var first: [String: [String: Declaration]] = [:]  // type name -> module -> first declaration
        for declaration in declarations where first[declaration.name]?[declaration.module] == nil {
            first[declaration.name, default: [:]][declaration.module] = declaration
        }
        var violations: [Violation] = []
        for (name, byModule) in first where byModule.count > 1 {
            let clashing = byModule.keys.compactMap { moduleByName[$0] }.sorted {
                $0.rank.lexicographicallyPrecedes($1.rank)
            }
            for (index, lower) in clashing.enumerated() {
                for higher in clashing[(index + 1)...] where !isEntityMirror(name, lower, higher) {
                    guard let declaration = byModule[higher.name],
                        let place = places.first(where: {
                            $0.modules.contains(lower.name) && $0.modules.contains(higher.name)
                        })
                    else { continue }
                    let message =
                        "public type \(name) is also declared by \(lower.name); modules \(lower.name) and "
                        + "\(higher.name) meet in \(place.target) (\(rule))"
                    violations.append(Violation(file: declaration.file, line: declaration.line, message: message))
                }
            }
        }
        return violations.sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
    }

    private static func isEntityMirror(_ name: String, _ one: SourceModule, _ other: SourceModule) -> Bool {
        let kinds: Set = [one.kind, other.kind]
        return kinds == [.entities, .feature] && entityMirrors.contains(name)
    }
}
