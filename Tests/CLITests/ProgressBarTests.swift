@testable import SpringframesCLI
import XCTest

/// The progress bar never wraps: a wrapped line makes every redraw a new line.
final class ProgressBarTests: XCTestCase {
    let stats = " 120/331 frames  118.2 fps  ETA 2 s"

    func testAWideTerminalGetsTheFullBar() {
        let line = ProgressBar.fitted(label: "cluster-drag", fraction: 0.5, stats: stats, columns: 120)
        XCTAssertEqual(line, "cluster-drag [" + String(repeating: "█", count: 15) + String(repeating: "░", count: 15) + "]" + stats)
    }

    func testANarrowerTerminalShrinksTheBarFirst() {
        let line = ProgressBar.fitted(label: "cluster-drag", fraction: 0.5, stats: stats, columns: 70)
        XCTAssertEqual(line, "cluster-drag [" + String(repeating: "█", count: 9) + String(repeating: "░", count: 10) + "]" + stats)
        XCTAssertEqual(line.count, 69)
    }

    func testALongLabelIsCutShortAndNarrowTerminalsStillFit() {
        let label = String(repeating: "a-very-long-scene-name-", count: 5)
        for columns in [20, 40, 60, 80, 200] {
            let line = ProgressBar.fitted(label: label, fraction: 0.3, stats: stats, columns: columns)
            XCTAssertLessThanOrEqual(line.count, columns - 1, "\(columns): \(line)")
            XCTAssertTrue(line.contains("█") || line.contains("░"), "\(columns): \(line)")
        }
        let cut = ProgressBar.fitted(label: label, fraction: 0.3, stats: stats, columns: 80)
        XCTAssertTrue(cut.hasPrefix("a-very-long-scene-name-a-very-… [███░"), cut)
        XCTAssertEqual(cut.count, 79)
    }
}
