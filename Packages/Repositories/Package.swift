// swift-tools-version: 6.1
// Repositories: RDS (Repository, Datastore, Service) per aggregate; maps storage records to Entities.
import PackageDescription

let package = Package(
    name: "Repositories",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Repositories", targets: ["Repositories"])
    ],
    dependencies: [
        .package(path: "../Entities"),
        .package(path: "../LocalStorage"),
        .package(path: "../RemoteStorage"),
    ],
    targets: [
        .target(
            name: "Repositories",
            dependencies: [
                .product(name: "Entities", package: "Entities"),
                .product(name: "LocalStorage", package: "LocalStorage"),
                .product(name: "RemoteStorage", package: "RemoteStorage"),
            ]
        ),
        .testTarget(
            name: "RepositoriesTests",
            dependencies: [
                "Repositories",
                // Tests look under the repositories: the storage error an import fails with, the change log.
                .product(name: "LocalStorage", package: "LocalStorage"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
