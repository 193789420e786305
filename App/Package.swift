// swift-tools-version: 6.1
// App: the `stint` executable. Commands, Workers, Adapters, AppCoordinator and
// AppDependencyContainer live in the StintApp library so they can be unit tested;
// the executable target is only the entry point.
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stint", targets: ["stint"])
    ],
    dependencies: [
        .package(path: "../Packages/Entities"),
        .package(path: "../Packages/Repositories"),
        .package(path: "../Packages/TerminalUI"),
        .package(path: "../Packages/ProjectsFeature"),
        .package(path: "../Packages/TasksFeature"),
        .package(path: "../Packages/TimersFeature"),
        .package(path: "../Packages/ReportsFeature"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .target(
            name: "StintApp",
            dependencies: [
                .product(name: "Entities", package: "Entities"),
                .product(name: "Repositories", package: "Repositories"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ProjectsFeature", package: "ProjectsFeature"),
                .product(name: "TasksFeature", package: "TasksFeature"),
                .product(name: "TimersFeature", package: "TimersFeature"),
                .product(name: "ReportsFeature", package: "ReportsFeature"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "stint", dependencies: ["StintApp"]),
        .testTarget(
            name: "StintAppTests",
            dependencies: [
                "StintApp",
                .product(name: "Entities", package: "Entities"),
                .product(name: "Repositories", package: "Repositories"),
                .product(name: "ProjectsFeature", package: "ProjectsFeature"),
                .product(name: "TasksFeature", package: "TasksFeature"),
                .product(name: "TimersFeature", package: "TimersFeature"),
                .product(name: "ReportsFeature", package: "ReportsFeature"),
                .product(name: "TerminalUI", package: "TerminalUI"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
