// swift-tools-version: 6.1
// LocalStorage: the SQLite file, its migrations and its own record types. Only GRDB (and a C shim for SQLite's set-up).
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
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "SQLiteTuning"]
        ),
        // One C function: SQLite's set-up that only a variadic C call can make.
        .target(name: "SQLiteTuning", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .testTarget(name: "LocalStorageTests", dependencies: ["LocalStorage"]),
    ],
    swiftLanguageModes: [.v6]
)
