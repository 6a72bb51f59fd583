// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "vault",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "VaultKit", targets: ["VaultKit"]),
        .executable(name: "vault", targets: ["vault"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Linux-only system calls (statx for birth times, renameat2 for no-clobber moves)
        // that Glibc's Swift overlay does not import.
        .target(name: "CSystemShims"),
        .target(
            name: "VaultKit",
            dependencies: ["CYAML", "CSystemShims"]
        ),
        .executableTarget(
            name: "vault",
            dependencies: [
                "VaultKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "VaultKitTests", dependencies: ["VaultKit"]),
        // Depends on the executable so that it is built before its end-to-end tests run.
        .testTarget(name: "vaultTests", dependencies: ["vault", "VaultKit"]),
    ],
    swiftLanguageModes: [.v6]
)
