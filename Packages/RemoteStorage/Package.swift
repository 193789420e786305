// swift-tools-version: 6.1
// RemoteStorage: the HTTP client of the Stint server, generated from the one OpenAPI document
// (Packages/APIContract) and wrapped so that endpoint versions, paths, headers and status codes
// never leave this package. Server address and token come from Provider protocols.
import PackageDescription

let package = Package(
    name: "RemoteStorage",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RemoteStorage", targets: ["RemoteStorage"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        .target(
            name: "RemoteStorage",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "RemoteStorageTests",
            dependencies: [
                "RemoteStorage",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
