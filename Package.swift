// swift-tools-version:6.0
import PackageDescription

/// Release builds optimize the modules that run per pixel, per physics step, per encoded byte, per
/// frame of the simulation or per trace row (Vocabulary up to Recording); the modules above them
/// (Scenes, Regression, the umbrella, the examples and the command line) compile unoptimized,
/// which shortens a first build and leaves a render's frames/s and a check's speed as they were
/// (see Building Springframes in the documentation for the measurements). SwiftPM
/// forbids a dependency's unsafe flags, so where Springframes is a dependency every module is
/// optimized; so is every module with SPRINGFRAMES_OPTIMIZE_ALL=1 set while building.
let optimizesAll = Context.environment["SPRINGFRAMES_OPTIMIZE_ALL"] == "1"
    || Context.packageDirectory.contains("/checkouts/")
let unoptimizedInRelease: [SwiftSetting] = optimizesAll ? [] : [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "Springframes",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Springframes", targets: ["Springframes"]),
        /// `assertFrames`, `assertTrace` and `assertRecording` for a test target (XCTest or Swift Testing).
        .library(name: "SpringframesTesting", targets: ["SpringframesTesting"]),
        /// `assertSnapshot(of: recorder, as: .frames(every: 10))` and `.motion`, for teams that use
        /// pointfreeco/swift-snapshot-testing.
        .library(name: "SpringframesSnapshotTesting", targets: ["SpringframesSnapshotTesting"]),
        .executable(name: "springframes", targets: ["SpringframesCLI"]),
        .executable(name: "springframes-bench", targets: ["SpringframesBench"]),
        .executable(name: "springframes-census", targets: ["SpringframesCensus"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalog in Sources/Springframes.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Only for the SpringframesSnapshotTesting product (its SnapshotTesting target alone is built).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // MARK: C libraries (Debian: libpng-dev, libfreetype-dev, libssl-dev; Homebrew: libpng, freetype, openssl@3)

        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        /// Frame encoding through libpng's classic write API; libpng's setjmp stays in C.
        .target(name: "CPNGWriter", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z"), .linkedLibrary("pthread", .when(platforms: [.linux]))]),
        /// SHA-256 of frames: the system OpenSSL's libcrypto (no compile cost, the CPU's SHA extensions).
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),

        // MARK: Library

        /// UIKit's vocabulary, under everything: geometry (insets, offsets, vectors, affine
        /// transforms), trait values and the not-honoured registry. Foundation only.
        .target(name: "Vocabulary"),

        /// Frozen frames: the Sendable snapshot of a view tree (the display list), its drawing
        /// commands, devices and their chrome, and the renderer that draws them into a canvas.
        /// Nothing live: a worker thread that draws frames can see only these values.
        .target(name: "DisplayList", dependencies: ["Vocabulary", "Raster"]),

        /// UIKit-Dynamics-shaped animator and behaviors over a Box2D-style soft-constraint solver.
        .target(name: "Dynamics", dependencies: ["Vocabulary"]),

        /// Headless UIKit views: UIView and its layer, colours, fonts, labels, images, Bézier
        /// drawing, the control base class, view controllers, a window that owns simulated time,
        /// UIView.animate, and the snapshot of a view tree that the renderer draws.
        .target(name: "Views", dependencies: ["Vocabulary", "Dynamics", "DisplayList", "Raster", "ImageCodec"]),

        /// UIKit's controls and stack view, drawn and animated as iOS 17 draws them. Beside
        /// CollectionLayout: the two compile at the same time.
        .target(name: "Controls", dependencies: ["Vocabulary", "Views"]),

        /// Navigation controllers and their bars, beside Controls and CollectionLayout.
        .target(name: "Navigation", dependencies: ["Vocabulary", "Views"]),

        /// The app and its scenes: `UIApplication`, its delegate, `UIScene`, `UIWindowScene`,
        /// `UIDevice`, haptics; launching an app headless. Beside Controls.
        .target(name: "Application", dependencies: ["Vocabulary", "Views"]),

        /// `DispatchQueue.main.asyncAfter`, `async` and `Timer` as iOS code writes them, on the
        /// window's simulated clock while one runs: overloads Swift prefers to Dispatch's, and a
        /// `Timer` that takes the place of Foundation's for code importing Springframes. Only the
        /// umbrella re-exports it; the package's own modules keep Foundation's `Timer`.
        .target(name: "Timing", dependencies: ["Vocabulary", "Views"]),

        /// UIKit's table view, its cells, headers, controller and refresh control, beside Controls
        /// and Navigation; it shares list content, backgrounds, swipe actions and snapshots with
        /// CollectionLayout.
        .target(name: "Tables", dependencies: ["Vocabulary", "Views", "CollectionLayout"]),

        /// The headless UICollectionView: collection model, layouts, scrolling, gestures from touches,
        /// and the four spring interactions.
        .target(name: "CollectionLayout", dependencies: ["Dynamics", "Views"]),

        /// Canvas and anti-aliased coverage rasterizer: paths, strokes, shadows, images, text.
        .target(name: "Raster", dependencies: ["CFreeType"]),

        /// PNG encode (libpng, with the direct path for frames) and decode (libpng's simplified API):
        /// images for views and frames for files, apart from frame output.
        .target(name: "ImageCodec", dependencies: ["CPNG", "CPNGWriter", "Raster"]),

        /// Numbered frame files with a manifest, the parallel pipeline, digests, ffmpeg.
        .target(name: "FrameIO", dependencies: ["Vocabulary", "ImageCodec", "Raster", "CLibCrypto", "CProcessSpawn"]),
        /// fork and exec of ffmpeg with a parent-death signal (PR_SET_PDEATHSIG), which neither
        /// Foundation's Process nor posix_spawn can set: no ffmpeg outlives a killed render.
        .target(name: "CProcessSpawn"),

        /// The recorder of any UI: touch scripts, the player that drives a window's clock, frames
        /// drawn from view snapshots, traces, contact sheets and video.
        .target(name: "Recording", dependencies: ["Views", "CollectionLayout", "FrameIO"]),

        /// Scene files: decoding and validation, the UI a scene builds (a window of cells, its
        /// interaction and overlays) for `Recording` to record, built-in scenes (the JSON files in
        /// BuiltIn/Scenes, copied byte for byte as resources).
        .target(name: "Scenes", dependencies: ["Recording"], resources: [.copy("BuiltIn/Scenes")],
                swiftSettings: unoptimizedInRelease),

        /// Regression checking: frames and traces against goldens, diff images, motion metrics.
        .target(name: "Regression", dependencies: ["Vocabulary", "Recording", "Scenes"], swiftSettings: unoptimizedInRelease),

        /// Assertions for test suites: failures reported to XCTest or Swift Testing at the caller's line.
        .target(name: "SpringframesTesting", dependencies: ["Regression", "Recording", "Scenes"]),

        /// Strategies for swift-snapshot-testing: a recording's frames as a sheet, its motion as a trace.
        .target(name: "SpringframesSnapshotTesting",
                dependencies: ["Regression", "Recording", "Raster", "ImageCodec",
                               .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),

        /// Umbrella module: `import Springframes` in place of `import UIKit`.
        .target(name: "Springframes", dependencies: ["Vocabulary", "Dynamics", "DisplayList", "Views", "Controls", "Navigation", "Application", "Timing", "CollectionLayout", "Tables", "Raster", "ImageCodec", "FrameIO",
                                                     "Recording", "Scenes", "Regression"],
                swiftSettings: unoptimizedInRelease),

        // MARK: Examples

        /// iOS techniques written as iOS code, with `import Springframes` for `import UIKit`.
        .target(name: "Examples", dependencies: ["Springframes"], path: "examples", swiftSettings: unoptimizedInRelease),

        // MARK: Tools

        /// C's `stdout`, which flushing `print`'s buffer needs (to Swift 6 a C global is shared state).
        .target(name: "CStandardOutput"),
        .executableTarget(
            name: "SpringframesCLI",
            dependencies: [
                "DisplayList", "Raster", "ImageCodec", "FrameIO", "Recording", "Scenes", "Regression",
                "CStandardOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: unoptimizedInRelease
        ),

        /// `springframes-bench`: the benchmark, apart from what users run. Optimized like the
        /// library, so that its figures do not depend on how the command line is built.
        .executableTarget(
            name: "SpringframesBench",
            dependencies: ["Springframes", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        /// The census of UIKit use: Swift sources read by a small lexer (Foundation only; swift-syntax
        /// would cost more to compile than the whole tool is worth), Springframes' declared surface
        /// against what public iOS projects use, and the compatibility article generated from it.
        .target(name: "Census", swiftSettings: unoptimizedInRelease),
        /// `springframes-census`: apart from what users build, like the benchmark.
        .executableTarget(name: "SpringframesCensus", dependencies: ["Census"], swiftSettings: unoptimizedInRelease),

        // MARK: Tests

        /// Helpers shared by test targets (reference-image comparison, forged PNG headers).
        .target(name: "TestSupport", dependencies: ["Raster", "FrameIO"], path: "Tests/Support"),

        .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Vocabulary", "Dynamics"]),
        /// Pixel references of the view features live in images/, beside the tests that draw them.
        .testTarget(name: "ViewsTests", dependencies: ["Vocabulary", "DisplayList", "Views", "Raster", "FrameIO", "TestSupport"], exclude: ["images"]),
        .testTarget(name: "ControlsTests", dependencies: ["Vocabulary", "DisplayList", "Views", "Controls", "Raster", "TestSupport"],
                    exclude: ["images"]),
        .testTarget(name: "ApplicationTests", dependencies: ["Vocabulary", "Views", "Application", "Navigation"]),
        /// Bars drawn with their appearances (navigation, tab and tool bars); references in images/.
        .testTarget(name: "NavigationTests", dependencies: ["Vocabulary", "DisplayList", "Views", "Navigation", "Raster", "TestSupport"],
                    exclude: ["images"]),
        /// Imports the umbrella, as users do: the shadowing declarations are tested as users see them.
        .testTarget(name: "TimingTests", dependencies: ["Springframes"]),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
        /// Table views drawn, animated and driven by touches; references in images/.
        .testTarget(name: "TablesTests", dependencies: ["Vocabulary", "DisplayList", "Views", "CollectionLayout", "Tables", "Raster", "TestSupport"],
                    exclude: ["images"]),
        .testTarget(name: "ExamplesTests", dependencies: ["Examples", "Springframes", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "FrameIO", "TestSupport"], exclude: ["images"]),
        .testTarget(name: "FrameIOTests", dependencies: ["FrameIO", "ImageCodec", "Raster", "TestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Recording", "CollectionLayout", "Dynamics", "Raster", "FrameIO"]),
        /// Goldens of the assertion helpers live in __Snapshots__, beside the tests that check them.
        .testTarget(name: "RegressionTests", dependencies: ["Regression", "SpringframesTesting", "Recording", "Scenes", "Raster", "FrameIO", "TestSupport"],
                    exclude: ["__Snapshots__"]),
        /// Users' own layouts and cells recorded and checked; goldens in __Snapshots__.
        .testTarget(name: "RecorderTests", dependencies: ["Springframes", "SpringframesTesting", "TestSupport"],
                    exclude: ["__Snapshots__", "images"]),
        /// The five articles' controllers written as Swift 6 iOS 18 code, with their isolation.
        .testTarget(name: "Swift6PortsTests", dependencies: ["Examples", "Springframes"]),
        // Swift 5 mode on purpose: most iOS libraries are still written for it.
        .testTarget(name: "Swift5PortsTests", dependencies: ["Springframes"], swiftSettings: [.swiftLanguageMode(.v5)]),
        /// The swift-snapshot-testing strategies; references in __Snapshots__.
        .testTarget(name: "SpringframesSnapshotTestingTests",
                    dependencies: ["SpringframesSnapshotTesting", "Springframes",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"]),
        /// The census lexer and both sides on fixtures; the committed compatibility article checked against Sources.
        .testTarget(name: "CensusTests", dependencies: ["Census"]),
        /// Runs the built `springframes` executable.
        .testTarget(name: "CLITests", dependencies: ["Dynamics", "Scenes", "Recording", "FrameIO", "SpringframesCLI", "SpringframesBench", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
