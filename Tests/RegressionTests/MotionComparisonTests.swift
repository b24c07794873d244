import Foundation
@testable import Regression
import Scenes
import Recording
import XCTest

final class MotionComparisonTests: XCTestCase {
    /// One selected cell dragged 200 pt on its springs and let go: it springs back to its slot.
    @MainActor static func drag(damping: Double) throws -> Scene {
        try Scene(data: Array("""
            { "name": "spring", "canvas": { "width": 390, "height": 844, "scale": 1 }, "duration": 3,
              "collection": { "items": 10, "layout": { "type": "flow", "itemSize": [60, 60], "sectionInset": [16, 16, 16, 16] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": \(damping) }, "selected": [0] },
              "touches": [ { "at": 0.1, "down": [46, 46] }, { "at": 0.7, "move": [46, 246], "duration": 0.3 }, { "at": 1.3, "up": true } ] }
            """.utf8), file: "spring.json")
    }

    @MainActor func testTheSameSceneMatches() async throws {
        let trace = SceneTrace(scene: try Self.drag(damping: 0.6))
        let result = MotionComparison.compare(reference: trace, actual: trace)
        XCTAssertTrue(result.passes)
        XCTAssertEqual(result.report(), "motion: matches the golden trace")
    }

    /// Four corner springs in parallel make the cell's effective damping ratio twice each
    /// spring's (1.2 and 1.0 here): near critical, where the corner geometry shapes the overshoot.
    @MainActor func testADampingChangeIsReportedAsOvershootAndSettlingChanges() async throws {
        let reference = SceneTrace(scene: try Self.drag(damping: 0.6))
        let actual = SceneTrace(scene: try Self.drag(damping: 0.5))
        let result = MotionComparison.compare(reference: reference, actual: actual)
        XCTAssertFalse(result.passes)
        let first = try XCTUnwrap(result.firstDifference)
        XCTAssertEqual([first.section, first.item], [0, 0])
        XCTAssertEqual(first.element, "item 0")
        XCTAssertGreaterThan(first.frame, 42)          // nothing differs before the drag begins at 0.6 s
        let change = try XCTUnwrap(result.changes.first { $0.item == 0 })
        // Measured: overshoot 0.1 % → 0.9 %, settling 0.28 s → 0.32 s.
        XCTAssertGreaterThan(change.actual.overshoot, change.reference.overshoot + 0.5)
        XCTAssertGreaterThan(try XCTUnwrap(change.actual.settlingTime), try XCTUnwrap(change.reference.settlingTime))
        XCTAssertEqual(change.actual.rest, change.reference.rest)      // both come back to the same slot
        let report = result.report()
        XCTAssertTrue(report.contains("item 0: overshoot 0.1 % → 0.9 %, settles 0.28 s → 0.32 s"), report)
    }

    /// A damped oscillator sampled at 60 Hz: overshoot e^(−πζ/√(1−ζ²)), settling within 2 %.
    @MainActor func testMetricsOfAClosedFormSpring() async {
        let zeta = 0.3, omega = 2 * Double.pi * 2
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let times = (0...600).map { Double($0) / 60 }
        let positions = times.map { t -> CGPoint in
            let x = 100 * exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
            return CGPoint(x: x, y: 0)
        }
        let metrics = MotionMetrics(times: times, positions: positions)
        let expected = 100 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        XCTAssertEqual(metrics.overshoot, expected, accuracy: 0.5)       // 37.2 %, sampled at 60 Hz
        XCTAssertEqual(metrics.rest.x, positions.last!.x)
        // The envelope e^(−ζωt) reaches 2 % at about 1.04 s; the oscillation crosses in sooner.
        XCTAssertLessThan(try XCTUnwrap(metrics.settlingTime), 1.1)
        XCTAssertGreaterThan(try XCTUnwrap(metrics.settlingTime), 0.6)
        XCTAssertGreaterThan(metrics.peakSpeed, 100)
    }

    @MainActor func testTracesRoundTripThroughCSV() async throws {
        let trace = SceneTrace(scene: try Self.drag(damping: 0.6), frames: 0...90)
        let read = try SceneTrace(csv: trace.csv(), scene: "spring", file: "golden.csv")
        XCTAssertEqual(read.rows, trace.rows)
        XCTAssertEqual(read.frameCount, 91)
        XCTAssertEqual(read.fps, 60, accuracy: 1e-9)
        XCTAssertThrowsError(try SceneTrace(csv: "frame,time\n", scene: "x", file: "g.csv")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("g.csv: line 1: expected the header frame,time,element"), "\(error)")
        }
    }

    /// Rows that only repeat an item's previous frame are left out, and filled back in on reading.
    @MainActor func testACompactTraceReadsBackToTheFullTrace() async throws {
        let trace = SceneTrace(scene: try Self.drag(damping: 0.6))
        let compact = trace.csv(omittingRepeats: true)
        let lines = compact.split(separator: "\n")
        // Ten items and the content offset at frame 0 and at the last frame, plus the frames where
        // the dragged cell moves.
        XCTAssertEqual(lines.filter { $0.hasPrefix("0,") }.count, 11)
        XCTAssertEqual(lines.filter { $0.hasPrefix("\(trace.frameCount - 1),") }.count, 11)
        XCTAssertLessThan(lines.count, trace.rows.count / 5)
        XCTAssertFalse(lines.contains { $0.hasPrefix("30,") }, "nothing moves at frame 30, before the touch")
        let read = try SceneTrace(csv: compact, scene: "spring", file: "golden.csv")
        XCTAssertEqual(read.rows, trace.rows)
        XCTAssertEqual(read.frameCount, trace.frameCount)
        XCTAssertEqual(read.fps, 60)
    }

    @MainActor func testRowsOutOfOrderAreAnError() async {
        let text = SceneTrace.formatOneColumns.joined(separator: ",") + "\n1,0.1,0,0,1,1,1,1,0,0,1,false\n0,0,0,0,1,1,1,1,0,0,1,false\n"
        XCTAssertThrowsError(try SceneTrace(csv: text, scene: "x", file: "g.csv")) { error in
            XCTAssertEqual(String(describing: error), "g.csv: line 3: rows must be ordered by frame, section and item; "
                           + "frame 0, item [0, 0] comes after frame 1, item [0, 0]")
        }
    }

    @MainActor func testMismatchedTracesSayWhy() async throws {
        let trace = SceneTrace(scene: try Self.drag(damping: 0.6), frames: 0...10)
        let shorter = SceneTrace(scene: "spring", fps: 60, frameCount: 10, rows: Array(trace.rows.prefix(100)))
        let result = MotionComparison.compare(reference: trace, actual: shorter)
        XCTAssertFalse(result.passes)
        XCTAssertTrue(result.report().contains("do not line up"), result.report())
    }
}
