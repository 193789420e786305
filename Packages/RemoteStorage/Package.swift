// swift-tools-version: 6.1
// RemoteStorage: the HTTP client of the Stint server, generated from the one OpenAPI document
// (Packages/APIContract) and wrapped so that endpoint versions, paths, headers and status codes
// never leave this package. Server address and token come from Provider protocols. Requests to an http://
// server travel in process over a POSIX socket (SocketTransport, Glibc only, one kept-alive connection);
// requests to an https:// server go through the small `stint-http` helper, so `stint` never links libcurl.
import PackageDescription

let package = Package(
    name: "RemoteStorage",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RemoteStorage", targets: ["RemoteStorage"]),
        .executable(name: "stint-http", targets: ["stint-http"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        .target(
            name: "RemoteStorage",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The only target that links FoundationNetworking (URLSession, libcurl): `stint` runs it per https
        // request instead of loading libcurl at every start; plain http needs none of it (docs/adr/0018).
        .target(name: "HTTPHelper", dependencies: ["RemoteStorage"]),
        .executableTarget(name: "stint-http", dependencies: ["HTTPHelper", "RemoteStorage"]),
        .testTarget(
            name: "RemoteStorageTests",
            dependencies: [
                "RemoteStorage", "HTTPHelper", "stint-http",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
