// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Springframes",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Springframes", targets: ["Springframes"]),
        .executable(name: "springframes", targets: ["SpringframesCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: Library

        /// UIKit-Dynamics-shaped animator and behaviors over a Box2D-style soft-constraint solver.
        .target(name: "Dynamics"),

        /// Umbrella module: `import Springframes` in place of `import UIKit`.
        .target(name: "Springframes", dependencies: ["Dynamics"]),

        // MARK: Tools

        .executableTarget(
            name: "SpringframesCLI",
            dependencies: [
                "Springframes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests

        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
    ],
    swiftLanguageModes: [.v5]
)
