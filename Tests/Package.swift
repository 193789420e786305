// swift-tools-version: 6.1
// End-to-end tests and the benchmark. Both run the built `stint` binary as a child process, so this
// package depends on nothing in the repository (see docs/adr/0002 and 0010): it sees Stint only as
// its users do, through arguments, stdout, stderr, exit codes and the files in STINT_HOME.
import PackageDescription

let package = Package(
    name: "EndToEnd",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stint-bench", targets: ["stint-bench"])
    ],
    targets: [
        .executableTarget(name: "stint-bench"),
        .testTarget(name: "EndToEndTests"),
    ],
    swiftLanguageModes: [.v6]
)
