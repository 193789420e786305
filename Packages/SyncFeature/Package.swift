// swift-tools-version: 6.1
// SyncFeature: one feature package. It may depend on TerminalUI only (never Entities,
// Repositories, storage or another feature): see docs/adr/0002 and docs/adr/0004.
import PackageDescription

let package = Package(
    name: "SyncFeature",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SyncFeature", targets: ["SyncFeature"]),
        .library(name: "SyncFeatureFakes", targets: ["SyncFeatureFakes"]),
        .library(name: "SyncFeatureContract", targets: ["SyncFeatureContract"]),
        .executable(name: "sync-demo", targets: ["SyncFeatureDemo"]),
    ],
    dependencies: [
        .package(path: "../TerminalUI"),
        .package(path: "../ContractSupport"),
    ],
    targets: [
        .target(
            name: "SyncFeature",
            dependencies: [.product(name: "TerminalUI", package: "TerminalUI")]
        ),
        // In-memory Services and Analytics used by the tests and the demo.
        .target(name: "SyncFeatureFakes", dependencies: ["SyncFeature"]),
        // The behaviour every SyncServices must show, run against the fake here and against the App's adapter
        // there. Framework-free: a scenario throws when a rule is broken.
        .target(
            name: "SyncFeatureContract",
            dependencies: ["SyncFeature", .product(name: "ContractSupport", package: "ContractSupport")]),
        .executableTarget(
            name: "SyncFeatureDemo",
            dependencies: [
                "SyncFeature", "SyncFeatureFakes",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
        .testTarget(
            name: "SyncFeatureTests",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"), "SyncFeature", "SyncFeatureFakes",
                "SyncFeatureContract",
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
