// swift-tools-version: 6.1
// TerminalUI: tooling only (tables, colour, widths, relative dates, durations, prompts, quoting) and the few
// presentation types every feature shares (OutputFormat, DetailField, FeatureContext). No dependencies.
import PackageDescription

let package = Package(
    name: "TerminalUI",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TerminalUI", targets: ["TerminalUI"])
    ],
    targets: [
        .target(name: "TerminalUI"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    ],
    swiftLanguageModes: [.v6]
)
