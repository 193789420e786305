// swift-tools-version: 6.1
// APIContract: tooling. Holds the one OpenAPI document that is the contract between the Stint
// server and its client, and builds the generator that turns it into the committed Swift sources
// of Packages/Server (stubs) and Packages/RemoteStorage (client). Neither of those packages
// depends on this one: `make api` writes their sources, `make check-api` proves they are current
// (ADR 0018).
import PackageDescription

let package = Package(
    name: "APIContract",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: [
        // A target so the package has something of its own to build; the product used is the
        // generator's executable.
        .target(name: "APIContract", path: "Sources/APIContract")
    ],
    swiftLanguageModes: [.v6]
)
