// swift-tools-version: 6.1
// ProjectsFeature: one feature package. It may depend on TerminalUI only (never Entities,
// Repositories, storage or another feature): see docs/adr/0002 and docs/adr/0004.
import PackageDescription

let package = Package(
    name: "ProjectsFeature",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ProjectsFeature", targets: ["ProjectsFeature"]),
        .library(name: "ProjectsFeatureFakes", targets: ["ProjectsFeatureFakes"]),
        .library(name: "ProjectsFeatureContract", targets: ["ProjectsFeatureContract"]),
        .executable(name: "projects-demo", targets: ["ProjectsFeatureDemo"]),
    ],
    dependencies: [
        .package(path: "../TerminalUI"),
        .package(path: "../ContractSupport"),
    ],
    targets: [
        .target(
            name: "ProjectsFeature",
            dependencies: [.product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // In-memory Services, Coordinator and Analytics used by the tests and the demo.
        .target(name: "ProjectsFeatureFakes", dependencies: ["ProjectsFeature"]),
        // The behaviour every ProjectsServices must show, run against the fake here and against the App's adapter
        // there. Framework-free: a scenario throws when a rule is broken.
        .target(
            name: "ProjectsFeatureContract",
            dependencies: ["ProjectsFeature", .product(name: "ContractSupport", package: "ContractSupport")]),
        .executableTarget(
            name: "ProjectsFeatureDemo",
            dependencies: [
                "ProjectsFeature", "ProjectsFeatureFakes",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
        .testTarget(
            name: "ProjectsFeatureTests",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"), "ProjectsFeature",
                "ProjectsFeatureFakes", "ProjectsFeatureContract",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
