import Foundation
import Raster
import Scenes

/// A check that did not pass: what differs, or what was recorded for review. Thrown by
/// `assertFrames` and `assertTrace`, so that a test in XCTest or Swift Testing fails with the report.
public struct RegressionFailure: Error, CustomStringConvertible {
    public var result: GoldenCheckResult

    public var description: String {
        let what = result.recordedAnything && result.failures.isEmpty && (result.motion?.passes ?? true)
            ? "recorded a golden for \"\(result.scene)\"; review it, then run the test again"
            : "\"\(result.scene)\" does not match its golden"
        return "\(what) (\(result.directory.path))\n\(result.summary())"
    }
}

/// Checks a scene's frames against golden frames kept beside the test file, as
/// swift-snapshot-testing keeps snapshots: `__Snapshots__/<TestFile>/<test>.<name>/`.
///
/// The first run records the goldens and fails, so that a person reviews them before they are
/// committed; later runs compare. Failure artifacts (diff images, reference | actual | diff
/// strips, a sheet of the failing frames, the report) go to `$SPRINGFRAMES_ARTIFACTS`, else the
/// temporary directory, under `<TestFile>/<test>.<name>/`; the thrown error names them.
///
/// ```swift
/// func testDragSettles() throws {                        // or @Test func dragSettles() throws
///     let scene = try Scene(contentsOf: URL(fileURLWithPath: "scenes/drag.json"))
///     try assertFrames(of: scene, named: "drag", every: 10)
///     try assertTrace(of: scene, named: "drag")
/// }
/// ```
///
/// - Parameters:
///   - every: Golden frames are every Nth frame and the last (default: the golden's spacing, 1
///     for a new golden).
///   - record: The record mode; nil takes `SPRINGFRAMES_RECORD`, else `.missing`.
///   - snapshotDirectory: Where the goldens go instead of `__Snapshots__/<TestFile>`.
/// - Throws: `RegressionFailure` when frames differ or were recorded; `GoldenError` for a golden
///   that is missing under `.never` or unreadable.
public func assertFrames(of scene: Scene, named name: String = "frames", every: Int? = nil,
                         tolerance: FrameTolerance = FrameTolerance(), record: RecordMode? = nil,
                         snapshotDirectory: URL? = nil, file: StaticString = #filePath, function: String = #function) throws {
    var check = try GoldenAssertion(name: name, record: record, snapshotDirectory: snapshotDirectory, file: file, function: function)
        .check(scene)
    check.every = every
    check.frameTolerance = tolerance
    check.checksMotion = false
    try GoldenAssertion.run(check)
}

/// Checks a scene's motion (its trace) against a golden trace kept beside the test file, in
/// `__Snapshots__/<TestFile>/<test>.<name>/trace.csv`; a difference is reported as each moving
/// item's overshoot, settling time, peak speed and rest position, golden → now. See
/// `assertFrames` for record modes, artifacts and the parameters.
public func assertTrace(of scene: Scene, named name: String = "trace", tolerance: MotionTolerance = MotionTolerance(),
                        record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                        file: StaticString = #filePath, function: String = #function) throws {
    var check = try GoldenAssertion(name: name, record: record, snapshotDirectory: snapshotDirectory, file: file, function: function)
        .check(scene)
    check.motionTolerance = tolerance
    check.checksFrames = false
    try GoldenAssertion.run(check)
}

/// Where an assertion's golden and artifacts live, and the check that compares with them.
struct GoldenAssertion {
    static let artifactsVariable = "SPRINGFRAMES_ARTIFACTS"

    var golden: URL
    var artifacts: URL
    var record: RecordMode

    init(name: String, record: RecordMode?, snapshotDirectory: URL?, file: StaticString, function: String,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let testFile = URL(fileURLWithPath: "\(file)")
        let testName = testFile.deletingPathExtension().lastPathComponent
        let entry = "\(Self.sanitized(function)).\(Self.sanitized(name))"
        let snapshots = snapshotDirectory
            ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(testName)
        golden = snapshots.appendingPathComponent(entry)
        let artifactsRoot = environment[Self.artifactsVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("springframes-artifacts")
        artifacts = artifactsRoot.appendingPathComponent(testName).appendingPathComponent(entry)
        self.record = try RecordMode.resolved(record, environment: environment)
    }

    /// A test function's name without its parameter list (`testDrag()` → `testDrag`), and any
    /// character a file name should not hold replaced by `-`.
    static func sanitized(_ name: String) -> String {
        let base = name.prefix { $0 != "(" }
        let allowed = base.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-" || scalar == "." ? Character(scalar) : "-"
        }
        let text = String(allowed)
        return text.isEmpty ? "test" : text
    }

    func check(_ scene: Scene) throws -> GoldenCheck {
        var check = GoldenCheck(scene: scene, font: try Font.named(), directory: golden)
        check.record = record
        check.artifacts = artifacts
        return check
    }

    static func run(_ check: GoldenCheck) throws {
        let result = try check.run()
        if !result.passes { throw RegressionFailure(result: result) }
    }
}
