// swift-tools-version: 6.1
// TimersFeature: one feature package. It may depend on TerminalUI only (never Entities,
// Repositories, storage or another feature): see docs/adr/0002 and docs/adr/0004.
import PackageDescription

let package = Package(
    name: "TimersFeature",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TimersFeature", targets: ["TimersFeature"]),
        .library(name: "TimersFeatureFakes", targets: ["TimersFeatureFakes"]),
        .library(name: "TimersFeatureContract", targets: ["TimersFeatureContract"]),
        .executable(name: "timers-demo", targets: ["TimersFeatureDemo"]),
    ],
    dependencies: [
        .package(path: "../TerminalUI"),
        .package(path: "../ContractSupport"),
    ],
    targets: [
        .target(
            name: "TimersFeature",
            dependencies: [.product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // In-memory Services, Coordinator and Analytics used by the tests and the demo.
        .target(
            name: "TimersFeatureFakes",
            dependencies: ["TimersFeature", .product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // The behaviour every TimersServices must show, run against the fake here and against the App's adapter
        // there. Framework-free: a scenario throws when a rule is broken.
        .target(
            name: "TimersFeatureContract",
            dependencies: [
                "TimersFeature", .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ContractSupport", package: "ContractSupport"),
            ]
        ),
        .executableTarget(
            name: "TimersFeatureDemo",
            dependencies: [
                "TimersFeature", "TimersFeatureFakes",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
        .testTarget(
            name: "TimersFeatureTests",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"), "TimersFeature", "TimersFeatureFakes",
                "TimersFeatureContract",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
