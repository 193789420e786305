// swift-tools-version: 6.1
// ArchitectureCheck: tooling that enforces the allowed arrows of ARCHITECTURE.md §1 on the monorepo, per
// package and per App target, and keeps public type names unique among modules that can meet.
// It reads manifests and sources as text (no SwiftPM, no compiler) so it runs in about a second.
// It may depend on nothing in the repo and on no external package.
import PackageDescription

let package = Package(
    name: "ArchitectureCheck",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "check-architecture", targets: ["CheckArchitecture"]),
        .library(name: "ArchitectureRules", targets: ["ArchitectureRules"]),
    ],
    targets: [
        .target(name: "ArchitectureRules"),
        .executableTarget(name: "CheckArchitecture", dependencies: ["ArchitectureRules"]),
        .testTarget(name: "ArchitectureRulesTests", dependencies: ["ArchitectureRules"]),
    ],
    swiftLanguageModes: [.v6]
)
