import Foundation
import Raster
@testable import Regression
import Recording
import XCTest

/// Motion measured per phase: a drag followed by a release whose spring changes shows the change
/// in the release phase, in the fitted spring's terms, and none in the drag.
final class ReleasePhaseTests: XCTestCase {
    /// The card's centre at every frame.
    @MainActor static func card(_ trace: SceneTrace) throws -> (times: [Double], positions: [CGPoint]) {
        let rows = trace.rows.filter { $0.element == .view && $0.id == "card" }
        XCTAssertEqual(rows.count, trace.frameCount, "one card row per frame")
        return (rows.map(\.time), rows.map { CGPoint(x: $0.x, y: $0.y) })
    }

    /// Overshoot of a spring let go from rest: e^(−πζ/√(1−ζ²)), in percent.
    static func overshoot(_ zeta: Double) -> Double { 100 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot()) }

    @MainActor func testTheTouchScriptMakesADragAndAReleasePhase() async {
        let phases = MotionPhase.phases(duration: 3, touches: ReleaseFixture.touches)
        XCTAssertEqual(phases.map(\.name), ["whole recording", "drag", "release"])
        XCTAssertEqual(phases.map(\.kind), [.whole, .touch, .release])
        XCTAssertEqual(phases[1].start, 0.1)
        XCTAssertEqual(phases[1].end, 0.8)
        XCTAssertEqual(phases[2].start, 0.8)
        XCTAssertEqual(phases[2].end, 3)
        let taps = TouchScript().tap(at: 0.2, CGPoint(x: 10, y: 10)).tap(at: 1, CGPoint(x: 10, y: 10))
        XCTAssertEqual(MotionPhase.phases(duration: 2, touches: taps, marks: [Recorder.Mark(name: "settle", time: 1.5)]).map(\.label),
                       ["whole recording (0.00–2.00 s)", "press 1 (0.20–0.30 s)", "release 1 (0.30–1.00 s)",
                        "press 2 (1.00–1.10 s)", "release 2 (1.10–2.00 s)", "settle (1.50–2.00 s)"])
    }

    /// Damping 0.78 → 0.74 of the spring that takes the card home after release (2 Hz): the
    /// release phase reports overshoot e^(−πζ/√(1−ζ²)) 1.99 % → 3.16 % (3.1 % between 60 Hz
    /// samples) and fitted bounce 1 − ζ
    /// 0.22 → 0.26; the drag phase, where the finger holds the card, reports no change.
    @MainActor func testADampingChangeAfterReleaseIsReportedInTheReleasePhaseAndNotInTheDrag() async throws {
        let reference = try ReleaseFixture.recorder(.attachment(frequency: 2, damping: 0.78)).trace()
        let actual = try ReleaseFixture.recorder(.attachment(frequency: 2, damping: 0.74)).trace()
        let phases = MotionPhase.phases(duration: 3, touches: ReleaseFixture.touches)
        let result = MotionComparison.compare(reference: reference, actual: actual, phases: phases)
        XCTAssertFalse(result.passes)
        let first = try XCTUnwrap(result.firstDifference)
        XCTAssertGreaterThan(first.time, ReleaseFixture.release)
        XCTAssertEqual(result.phase(at: first.time)?.name, "release")
        let change = try XCTUnwrap(result.changes.first)
        XCTAssertEqual(change.phases.map(\.phase.name), ["drag", "release"])
        let drag = change.phases[0], release = change.phases[1]
        XCTAssertFalse(drag.changed)
        XCTAssertEqual(drag.largestDeviation, 0)
        XCTAssertTrue(release.changed)
        let before = try XCTUnwrap(release.reference), after = try XCTUnwrap(release.actual)
        XCTAssertEqual(before.motion.overshoot, Self.overshoot(0.78), accuracy: 0.05)
        XCTAssertEqual(after.motion.overshoot, Self.overshoot(0.74), accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(before.fit).bounce, 0.22, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(after.fit).bounce, 0.26, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(after.fit).frequency, 2, accuracy: 0.04)
        XCTAssertNil(drag.reference?.fit, "a touch phase is the finger's, not a spring's")
        let report = result.report()
        XCTAssertTrue(report.contains("first at frame 49 (0.817 s, release)"), report)
        XCTAssertTrue(report.contains("    drag (0.10–0.80 s): no change"), report)
        XCTAssertTrue(report.contains("    release (0.80–3.00 s): moved up to "), report)
        XCTAssertTrue(report.contains("overshoot 2.0 % → 3.1 %"), report)
        XCTAssertTrue(report.contains("bounce 0.22 → 0.26"), report)
        XCTAssertTrue(report.contains("fitted ζ 0.78 → 0.74, 2.00 → 2.00 Hz"), report)
        XCTAssertTrue(report.contains("fit residual 0.0"), report)
    }

    /// The same change through a golden check: the failure's headline names the release phase
    /// and the bounce, and the page focuses on the release with the whole recording a click away.
    @MainActor func testAGoldenCheckNamesTheReleasePhaseInItsHeadlineAndPage() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let golden = directory.appendingPathComponent("golden"), artifacts = directory.appendingPathComponent("diff")
        func check(_ damping: Double, _ mode: RecordMode) throws -> GoldenCheckResult {
            var check = GoldenCheck(recorder: ReleaseFixture.recorder(.attachment(frequency: 2, damping: damping)),
                                    font: try Font.named(), directory: golden, workers: 1)
            check.strategies = [.motion]
            check.record = mode
            check.artifacts = artifacts
            return try check.run()
        }
        XCTAssertTrue(try check(0.78, .all).recordedTrace)
        XCTAssertTrue(try check(0.78, .never).passes)
        let result = try check(0.74, .never)
        XCTAssertFalse(result.passes)
        let headline = RegressionFailure(result: result).headline
        XCTAssertTrue(headline.hasPrefix("\"drag-release\" motion, view \"card\", release (0.80–3.00 s): "), headline)
        XCTAssertTrue(headline.contains(", release (0.80–3.00 s): moved up to "), headline)
        XCTAssertTrue(headline.contains("bounce 0.22 → 0.26"), headline)
        let page = try String(contentsOf: try XCTUnwrap(result.page), encoding: .utf8)
        XCTAssertTrue(page.contains("<h3 class=\"phase\">In focus: release (0.80–3.00 s)</h3>"))
        XCTAssertTrue(page.contains("<li>drag (0.10–0.80 s): no change</li>"))
        XCTAssertTrue(page.contains("<li class=\"focused\">release (0.80–3.00 s): 1 element changed</li>"))
        XCTAssertTrue(page.contains("<td class=\"changed\">0.22 → 0.26</td>"), "the bounce column")
        XCTAssertTrue(page.contains("<details class=\"whole\"><summary>The whole recording</summary>"))
    }
}
