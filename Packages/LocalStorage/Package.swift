// swift-tools-version: 6.1
// LocalStorage: the SQLite file, its migrations and its own record types. Only GRDB.
import PackageDescription

let package = Package(
    name: "LocalStorage",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LocalStorage", targets: ["LocalStorage"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")
    ],
    targets: [
        .target(
            name: "LocalStorage",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "LocalStorageTests", dependencies: ["LocalStorage"]),
    ],
    swiftLanguageModes: [.v6]
)
