// swift-tools-version: 6.1
// Server: the Stint server. ServerCore holds what the server knows (users, tokens, devices, the
// store protocol and its embedded SQLite implementation, the push engine and the merge rules)
// and no HTTP; PostgresServerStore is the same store on PostgreSQL; StintServer speaks the OpenAPI contract over Hummingbird; stint-server is the
// command line. It shares Entities' field rules with the client and nothing else of the repo.
import PackageDescription

let package = Package(
    name: "Server",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stint-server", targets: ["stint-server"]),
        .library(name: "ServerCore", targets: ["ServerCore"]),
        .library(name: "StintServer", targets: ["StintServer"]),
    ],
    dependencies: [
        .package(path: "../Entities"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", exact: "2.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        .target(
            name: "ServerCore",
            dependencies: [
                .product(name: "Entities", package: "Entities"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The PostgreSQL store: a second ServerStore on postgres-nio, for a team that outgrows one SQLite file
        // and runs several server processes on one database (ADR 0023).
        .target(
            name: "PostgresServerStore",
            dependencies: [
                "ServerCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "StintServer",
            dependencies: [
                "ServerCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "stint-server",
            dependencies: [
                "StintServer",
                "ServerCore",
                "PostgresServerStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "ServerCoreTests",
            dependencies: [
                "ServerCore", "PostgresServerStore", .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "StintServerTests",
            dependencies: [
                "StintServer",
                "ServerCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
