// swift-tools-version: 6.1
// Entities: business types and rules. Depends on nothing (see docs/adr/0002).
import PackageDescription

let package = Package(
    name: "Entities",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Entities", targets: ["Entities"])
    ],
    targets: [
        .target(name: "Entities"),
        .testTarget(name: "EntitiesTests", dependencies: ["Entities"]),
    ],
    swiftLanguageModes: [.v6]
)
