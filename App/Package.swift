// swift-tools-version: 6.1
// App: the `stint` executable, split into one target per layer so the compiler keeps the arrows of
// docs/adr/0016 (and ARCHITECTURE.md §1):
//
//   stint (main.swift) → Commands → Adapters (+ AppCoordinator) → Workers → Repositories
//                                         ↘ features, TerminalUI      ↘ Entities
//
// Commands parse and never see a feature, a worker or an entity; Adapters never see Repositories or
// storage; Workers never see a feature. `make check-architecture` checks the imports of every target.
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
        .package(path: "../Packages/SyncFeature"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // Small functional blocks over the repositories; they speak Entities and throw WorkerError.
        .target(
            name: "Workers",
            dependencies: [
                .product(name: "Entities", package: "Entities"),
                .product(name: "Repositories", package: "Repositories"),
            ]
        ),
        // The features' Services fulfilled by workers, the AppCoordinator that builds and routes between
        // features, and the AppDependencyContainer.
        .target(
            name: "Adapters",
            dependencies: [
                "Workers",
                .product(name: "Entities", package: "Entities"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ProjectsFeature", package: "ProjectsFeature"),
                .product(name: "TasksFeature", package: "TasksFeature"),
                .product(name: "TimersFeature", package: "TimersFeature"),
                .product(name: "ReportsFeature", package: "ReportsFeature"),
                .product(name: "SyncFeature", package: "SyncFeature"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // swift-argument-parser commands: parse, then hand the arguments to the AppCoordinator.
        .target(
            name: "Commands",
            dependencies: [
                "Adapters",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A release build on Linux is one static executable (ADR 0028): no dynamic loader resolving a hundred
        // thousand relocations and loading libstdc++ and SQLite at every start, which was half of `stint --version`.
        // Its linker (gold) lays out the functions the everyday commands run next to each other, in the order
        // link-order.txt gives (`make link-order` rewrites it); with the Makefile's release flags every function
        // has its own section to move. A point command then maps 3.4 MiB less of the executable.
        // C, for what the Swift overlay of glibc does not reach: the C library's allocator settings (ADR 0028).
        .target(name: "ProcessTuning"),
        .executableTarget(
            name: "stint", dependencies: ["Commands", "ProcessTuning"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-Xlinker",
                        "--section-ordering-file=\(Context.packageDirectory)/link-order.txt",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .testTarget(
            name: "WorkersTests",
            dependencies: [
                "Workers",
                .product(name: "Entities", package: "Entities"),
                .product(name: "Repositories", package: "Repositories"),
            ]
        ),
        // Runs each feature's contract suite against its real adapter over a temporary database.
        .testTarget(
            name: "AdaptersTests",
            dependencies: [
                "Adapters", "Workers",
                .product(name: "Entities", package: "Entities"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ProjectsFeature", package: "ProjectsFeature"),
                .product(name: "ProjectsFeatureContract", package: "ProjectsFeature"),
                .product(name: "TasksFeature", package: "TasksFeature"),
                .product(name: "TasksFeatureContract", package: "TasksFeature"),
                .product(name: "TimersFeature", package: "TimersFeature"),
                .product(name: "TimersFeatureContract", package: "TimersFeature"),
                .product(name: "ReportsFeature", package: "ReportsFeature"),
                .product(name: "ReportsFeatureContract", package: "ReportsFeature"),
            ]
        ),
        .testTarget(
            name: "CommandsTests",
            dependencies: [
                "Commands", "Adapters",
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Files made by the real tools an import reads, with the scripts that remake them; read by path.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
