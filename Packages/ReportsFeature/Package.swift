// swift-tools-version: 6.1
// ReportsFeature: one feature package. It may depend on TerminalUI only (never Entities,
// Repositories, storage or another feature): see docs/adr/0002 and docs/adr/0004.
import PackageDescription

let package = Package(
    name: "ReportsFeature",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ReportsFeature", targets: ["ReportsFeature"]),
        .library(name: "ReportsFeatureFakes", targets: ["ReportsFeatureFakes"]),
        .library(name: "ReportsFeatureContract", targets: ["ReportsFeatureContract"]),
        .executable(name: "reports-demo", targets: ["ReportsFeatureDemo"]),
    ],
    dependencies: [
        .package(path: "../TerminalUI"),
        .package(path: "../ContractSupport"),
    ],
    targets: [
        .target(
            name: "ReportsFeature",
            dependencies: [.product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // In-memory Services and Analytics used by the tests and the demo.
        .target(
            name: "ReportsFeatureFakes",
            dependencies: ["ReportsFeature", .product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // The behaviour every ReportsServices must show, run against the fake here and against the App's adapter
        // there. Framework-free: a scenario throws when a rule is broken.
        .target(
            name: "ReportsFeatureContract",
            dependencies: [
                "ReportsFeature", .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ContractSupport", package: "ContractSupport"),
            ]
        ),
        .executableTarget(
            name: "ReportsFeatureDemo",
            dependencies: [
                "ReportsFeature", "ReportsFeatureFakes",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
        .testTarget(
            name: "ReportsFeatureTests",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"), "ReportsFeature", "ReportsFeatureFakes",
                "ReportsFeatureContract",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
