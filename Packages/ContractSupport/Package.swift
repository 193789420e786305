// swift-tools-version: 6.1
// ContractSupport: tooling for the features' contract suites (docs/adr/0004, 0010). The scenario runner,
// the violation and the checks every `…FeatureContract` library shares, so they exist once. It may depend
// on nothing, and only a feature's Contract library and test targets use it.
import PackageDescription

let package = Package(
    name: "ContractSupport",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ContractSupport", targets: ["ContractSupport"])
    ],
    targets: [
        .target(name: "ContractSupport"),
        .testTarget(name: "ContractSupportTests", dependencies: ["ContractSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
