import Foundation
@testable import Regression
import Scenes
import XCTest

/// `assertFrames` and `assertTrace` as a user's test suite calls them.
final class AssertionTests: XCTestCase {
    /// The goldens of this test are committed in __Snapshots__/AssertionTests/: a change in the
    /// spring physics, the layout or the renderer that moves a pixel or a point fails here.
    func testTheDragMatchesItsCommittedGoldens() throws {
        let scene = try GoldenScenes.drag()
        try assertTrace(of: scene, named: "drag")
        try assertFrames(of: scene, named: "drag", every: 30)
    }

    /// Records, then passes, then fails after a tuning change, with a report in words.
    func testRecordsThenPassesThenFailsAfterATuningChange() throws {
        let snapshots = try GoldenScenes.temporaryDirectory(self)
        let golden = snapshots.appendingPathComponent("testRecordsThenPassesThenFailsAfterATuningChange.drag")

        XCTAssertThrowsError(try assertTrace(of: try GoldenScenes.drag(damping: 0.6), named: "drag", record: .missing,
                                             snapshotDirectory: snapshots)) { error in
            XCTAssertTrue("\(error)".hasPrefix("recorded a golden for \"golden-drag\"; review it, then run the test again (\(golden.path))"),
                          "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden.appendingPathComponent("trace.csv").path))
        try assertTrace(of: try GoldenScenes.drag(damping: 0.6), named: "drag", record: .missing, snapshotDirectory: snapshots)

        XCTAssertThrowsError(try assertTrace(of: try GoldenScenes.drag(damping: 0.5), named: "drag", record: .missing,
                                             snapshotDirectory: snapshots)) { error in
            let failure = error as? RegressionFailure
            XCTAssertNotNil(failure)
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("\"golden-drag\" does not match its golden (\(golden.path))\nmotion: "), text)
            XCTAssertTrue(text.contains("  item [0, 0]: overshoot "), text)
            XCTAssertEqual(failure?.result.recordedAnything, false, "missing does not overwrite a golden that exists")
        }

        XCTAssertThrowsError(try assertFrames(of: try GoldenScenes.drag(damping: 0.6), named: "drag", every: 30, record: .missing,
                                              snapshotDirectory: snapshots))
        try assertFrames(of: try GoldenScenes.drag(damping: 0.6), named: "drag", every: 30, record: .never, snapshotDirectory: snapshots)
        XCTAssertThrowsError(try assertFrames(of: try GoldenScenes.drag(damping: 0.5), named: "drag", record: .never,
                                              snapshotDirectory: snapshots)) { error in
            let failure = error as? RegressionFailure
            XCTAssertEqual(failure?.result.failures.isEmpty, false)
            XCTAssertNil(failure?.result.motion, "assertFrames checks frames only")
            // The artifacts go where a person can open them, and the message says where.
            let strip = failure?.result.failures.first?.strip
            XCTAssertEqual(strip.map { FileManager.default.fileExists(atPath: $0.path) }, true)
            XCTAssertTrue("\(error)".contains(strip?.path ?? "?"), "\(error)")
        }
    }

    func testGoldensLiveBesideTheTestFile() throws {
        let place = try GoldenAssertion(name: "drag", record: nil, snapshotDirectory: nil,
                                        file: "/src/Tests/AppTests/SpringTests.swift", function: "testDrag()",
                                        environment: ["SPRINGFRAMES_ARTIFACTS": "/tmp/artifacts", "SPRINGFRAMES_RECORD": "never"])
        XCTAssertEqual(place.golden.path, "/src/Tests/AppTests/__Snapshots__/SpringTests/testDrag.drag")
        XCTAssertEqual(place.artifacts.path, "/tmp/artifacts/SpringTests/testDrag.drag")
        XCTAssertEqual(place.record, .never)
        XCTAssertEqual(GoldenAssertion.sanitized("drag settles()"), "drag-settles")
        XCTAssertEqual(GoldenAssertion.sanitized("check(scene:)"), "check")
    }
}
