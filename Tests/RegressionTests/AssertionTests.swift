import Foundation
import Raster
@testable import Regression
import Scenes
import Recording
import SpringframesTesting
import XCTest

/// What assertions reported, gathered from any thread.
/// `@unchecked`: `list` is touched only with `lock` held.
final class Reported: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(failure: RegressionFailure, location: FailureLocation)] = []

    func append(_ item: (failure: RegressionFailure, location: FailureLocation)) {
        lock.lock()
        list.append(item)
        lock.unlock()
    }

    var items: [(failure: RegressionFailure, location: FailureLocation)] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}

/// `assertFrames` and `assertTrace` as a user's test suite calls them.
final class AssertionTests: XCTestCase {
    /// The goldens of this test are committed in __Snapshots__/AssertionTests/: a change in the
    /// spring physics, the layout or the renderer that moves a pixel or a point fails here.
    @MainActor func testTheDragMatchesItsCommittedGoldens() async throws {
        let scene = try GoldenScenes.drag()
        try assertTrace(of: scene, named: "drag")
        try assertFrames(of: scene, named: "drag", every: 30)
    }

    /// Records, then passes, then fails after a tuning change, with a report in words, each
    /// failure reported at the assertion's own line.
    @MainActor func testRecordsThenPassesThenFailsAfterATuningChange() async throws {
        let snapshots = try GoldenScenes.temporaryDirectory(self)
        let golden = snapshots.appendingPathComponent("testRecordsThenPassesThenFailsAfterATuningChange.drag")

        var reported = try failures {
            try assertTrace(of: try GoldenScenes.drag(damping: 0.6), named: "drag", record: .missing, snapshotDirectory: snapshots)
        }
        XCTAssertEqual(reported.count, 1)
        XCTAssertEqual(reported.first?.location.line, #line - 3)
        XCTAssertEqual("\(reported.first!.location.filePath)", #filePath)
        XCTAssertTrue(reported.first?.failure.description.hasPrefix(
            "recorded a golden for \"golden-drag\"; review it, then run the test again (\(golden.path))") == true,
                      "\(reported.first?.failure.description ?? "")")
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden.appendingPathComponent("trace.csv").path))
        XCTAssertEqual(try failures {
            try assertTrace(of: try GoldenScenes.drag(damping: 0.6), named: "drag", record: .missing, snapshotDirectory: snapshots)
        }.count, 0)

        reported = try failures {
            try assertTrace(of: try GoldenScenes.drag(damping: 0.5), named: "drag", record: .missing, snapshotDirectory: snapshots)
        }
        let text = reported.first?.failure.description ?? ""
        XCTAssertTrue(text.hasPrefix("\"golden-drag\" does not match its golden (\(golden.path))\nmotion: "), text)
        XCTAssertTrue(text.contains("  item 0: overshoot "), text)
        XCTAssertEqual(reported.first?.failure.result.recordedAnything, false, "missing does not overwrite a golden that exists")

        XCTAssertEqual(try failures {
            try assertFrames(of: try GoldenScenes.drag(damping: 0.6), named: "drag", every: 30, record: .missing,
                             snapshotDirectory: snapshots)
        }.count, 1)
        XCTAssertEqual(try failures {
            try assertFrames(of: try GoldenScenes.drag(damping: 0.6), named: "drag", every: 30, record: .never, snapshotDirectory: snapshots)
        }.count, 0)
        reported = try failures {
            try assertFrames(of: try GoldenScenes.drag(damping: 0.5), named: "drag", record: .never, snapshotDirectory: snapshots)
        }
        let failure = reported.first?.failure
        XCTAssertEqual(failure?.result.failures.isEmpty, false)
        XCTAssertNil(failure?.result.motion, "assertFrames checks frames only")
        // The artifacts go where a person can open them, and the message says where.
        let strip = failure?.result.failures.first?.strip
        XCTAssertEqual(strip.map { FileManager.default.fileExists(atPath: $0.path) }, true)
        XCTAssertTrue(failure?.description.contains(strip?.path ?? "?") == true)
    }

    /// One run records every missing golden of a test: each assertion records what it lacks and
    /// the test goes on; `assertRecording` records frames and trace in one play and fails once.
    @MainActor func testOneRunRecordsEveryMissingGolden() async throws {
        let snapshots = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag(damping: 0.6)
        let reported = try failures {
            try assertTrace(of: scene, named: "a", snapshotDirectory: snapshots)
            try assertFrames(of: scene, named: "a", every: 50, snapshotDirectory: snapshots)
            try assertRecording(of: Recorder(scene: scene, font: try Font.named()), named: "b", every: 50, snapshotDirectory: snapshots)
        }
        XCTAssertEqual(reported.count, 3)
        let both = try XCTUnwrap(reported.last?.failure.result)
        XCTAssertTrue(both.recordedTrace)
        XCTAssertEqual(both.recordedFrames, [0, 50, 100, 150])
        XCTAssertTrue(both.summary().contains("recorded 4 golden frames and the golden trace"), both.summary())
        for name in ["a", "b"] {
            let folder = snapshots.appendingPathComponent("testOneRunRecordsEveryMissingGolden.\(name)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("trace.csv").path), name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path), name)
        }
        XCTAssertEqual(try failures {
            try assertRecording(of: Recorder(scene: scene, font: try Font.named()), named: "b", snapshotDirectory: snapshots)
        }.count, 0)
    }

    /// The failures `body`'s assertions report, instead of failing this test.
    @MainActor private func failures(_ body: () throws -> Void) throws -> [(failure: RegressionFailure, location: FailureLocation)] {
        let box = Reported()
        try FailureReporter.$override.withValue({ box.append(($0, $1)) }) { try body() }
        return box.items
    }

    @MainActor func testGoldensLiveBesideTheTestFile() async throws {
        let place = try GoldenAssertion(name: "drag", record: nil, snapshotDirectory: nil,
                                        file: "/src/Tests/AppTests/SpringTests.swift", function: "testDrag()",
                                        environment: ["SPRINGFRAMES_ARTIFACTS": "/tmp/artifacts", "SPRINGFRAMES_RECORD": "never"])
        XCTAssertEqual(place.golden.path, "/src/Tests/AppTests/__Snapshots__/SpringTests/testDrag.drag")
        XCTAssertEqual(place.artifacts.path, "/tmp/artifacts/AppTests/SpringTests/testDrag.drag")
        XCTAssertEqual(place.record, .never)
        XCTAssertEqual(GoldenAssertion.sanitized("drag settles()"), "drag-settles")
        XCTAssertEqual(GoldenAssertion.sanitized("check(scene:)"), "check")
    }

    /// Artifacts go to the test's own package, under its target: two packages with equally named
    /// test files never share a folder. The re-record command names the test and the package.
    @MainActor func testArtifactsGoToTheTestsPackage() async throws {
        let root = try GoldenScenes.temporaryDirectory(self)
        for package in ["One", "Two Words"] {
            let folder = root.appendingPathComponent(package)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests/AppTests/Springs"), withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
            let place = try GoldenAssertion(name: "drag", record: nil, snapshotDirectory: nil,
                                            testFile: folder.appendingPathComponent("Tests/AppTests/Springs/SpringTests.swift"),
                                            function: "testDrag()", environment: [:])
            XCTAssertEqual(place.artifacts.path, folder.path + "/.build/springframes-artifacts/AppTests/SpringTests/testDrag.drag")
            XCTAssertEqual(place.golden.path, folder.path + "/Tests/AppTests/Springs/__Snapshots__/SpringTests/testDrag.drag")
            XCTAssertEqual(place.rerecord, "SPRINGFRAMES_RECORD=failed swift test --filter testDrag --package-path "
                           + (package == "One" ? folder.path : "'\(folder.path)'"))
        }
        let own = try GoldenAssertion(name: "drag", record: nil, snapshotDirectory: nil, file: #filePath, function: "testDrag()", environment: [:])
        XCTAssertFalse(own.reportsWhenPassing)
        XCTAssertTrue(try GoldenAssertion(name: "drag", record: nil, snapshotDirectory: nil, file: #filePath, function: "testDrag()",
                                          environment: ["SPRINGFRAMES_REPORT": "always"]).reportsWhenPassing)
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        XCTAssertEqual(own.artifacts.path, package.path + "/.build/springframes-artifacts/RegressionTests/AssertionTests/testDrag.drag")
    }
}
