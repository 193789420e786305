// swift-tools-version: 6.1
// TasksFeature: one feature package. It may depend on TerminalUI only (never Entities,
// Repositories, storage or another feature): see docs/adr/0002 and docs/adr/0004.
import PackageDescription

let package = Package(
    name: "TasksFeature",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TasksFeature", targets: ["TasksFeature"]),
        .library(name: "TasksFeatureFakes", targets: ["TasksFeatureFakes"]),
        .library(name: "TasksFeatureContract", targets: ["TasksFeatureContract"]),
        .executable(name: "tasks-demo", targets: ["TasksFeatureDemo"]),
    ],
    dependencies: [
        .package(path: "../TerminalUI"),
        .package(path: "../ContractSupport"),
    ],
    targets: [
        .target(
            name: "TasksFeature",
            dependencies: [.product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // In-memory Services, Coordinator and Analytics used by the tests and the demo.
        .target(
            name: "TasksFeatureFakes",
            dependencies: ["TasksFeature", .product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // The behaviour every TasksServices must show, run against the fake here and against the App's adapter
        // there. Framework-free: a scenario throws when a rule is broken.
        .target(
            name: "TasksFeatureContract",
            dependencies: [
                "TasksFeature", .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ContractSupport", package: "ContractSupport"),
            ]
        ),
        .executableTarget(
            name: "TasksFeatureDemo",
            dependencies: [
                "TasksFeature", "TasksFeatureFakes",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
        .testTarget(
            name: "TasksFeatureTests",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"), "TasksFeature", "TasksFeatureFakes",
                "TasksFeatureContract",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
