// swift-tools-version: 6.1
import PackageDescription

// Linux only: the platform layer uses statx(2), renameat2(2) and MAP_POPULATE, and every
// such call sits in Sources/VaultPlatform, the one place a port would touch.
let package = Package(
    name: "vault",
    products: [
        .library(name: "VaultKit", targets: ["VaultKit"]),
        .executable(name: "vault", targets: ["vault"]),
        .executable(name: "vault-mcp", targets: ["vault-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        // C: libyaml, cmark-gfm (Markdown), zlib, the system calls Glibc's overlay does not import, and the SSE2 scan.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // zlib: inflating the deflated entries of the zip archives `vault import` reads.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "CSystemShims"),
        .target(name: "CTextScan"),
        // Every system call, mapped file, directory walk, atomic write and worker pool: the
        // only Swift code that imports Glibc or the C shims. A target of its own, so the
        // compiler keeps the layers above it from reaching past it.
        .target(name: "VaultPlatform", dependencies: ["CSystemShims", "CTextScan"]),
        // The whole domain, for every front end: YAML (the only importer of CYAML), the
        // model, scanning and the cache, queries, operations, Markdown (the only importer
        // of CCmarkGFM) and the session API.
        .target(name: "VaultKit", dependencies: ["CYAML", "CCmarkGFM", "CZlib", "VaultPlatform"]),
        // CodeMirror 5 from Debian's libjs-codemirror (MIT), the page's note editor: its
        // files as Swift strings (see its README.md for why not resources).
        .target(name: "CodeMirrorAssets", exclude: ["LICENSE", "README.md", "vendor.py"]),
        // The web app of `vault serve` (Hummingbird 2): the JSON API over VaultKit's session,
        // the live index, and the page's assets embedded in the binary.
        .target(
            name: "VaultWeb",
            dependencies: [
                "VaultKit",
                "VaultPlatform",
                "CodeMirrorAssets",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Assets/index.html"),
                .embedInCode("Assets/app.css"),
                // The installable app's manifest and its icons (icon-*.png are icon.svg
                // drawn by Chromium at those sizes: docs/web-app.md).
                .embedInCode("Assets/manifest.webmanifest"),
                .embedInCode("Assets/icons"),
                // Every file of the page's script: each one is PackageResources.NAME_js,
                // served through the table in Assets.swift.
                .embedInCode("Assets/js"),
            ]
        ),
        // An assistant's tools (`vault mcp`): each tool's arguments parsed, a VaultKit use case
        // called, its report rendered as JSON; no protocol library, so that `vault serve`
        // answers them too (ServedCall) without linking one.
        .target(name: "VaultTools", dependencies: ["VaultKit"]),
        // The Model Context Protocol over stdio, through the MCP SDK: as thin as VaultWeb,
        // each call handed to VaultTools. The SDK brings Foundation's networking (libcurl and
        // some thirty libraries), so only `vault-mcp` links it.
        .target(
            name: "VaultMCP",
            dependencies: [
                "VaultKit",
                "VaultTools",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line: argument parsing in, a use case called, text out; and the
        // command socket through which a running `vault serve` answers.
        .target(
            name: "VaultCLI",
            dependencies: [
                "VaultKit",
                "VaultPlatform",
                "VaultWeb",
                "VaultTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Two programs over the same commands (docs/architecture.md, "Two executables"):
        // `vault`, and `vault-mcp`, which `vault mcp` becomes.
        .executableTarget(name: "vault", dependencies: ["VaultCLI"]),
        .executableTarget(name: "vault-mcp", dependencies: ["VaultCLI", "VaultMCP"]),
        .testTarget(name: "VaultKitTests", dependencies: ["VaultKit", "VaultPlatform"]),
        .testTarget(
            name: "VaultWebTests",
            dependencies: [
                "VaultWeb", "VaultKit", "VaultPlatform",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Depends on the executables so that they are built before their end-to-end tests run.
        .testTarget(name: "vaultTests", dependencies: ["vault", "vault-mcp", "VaultKit"]),
    ],
    swiftLanguageModes: [.v6]
)
