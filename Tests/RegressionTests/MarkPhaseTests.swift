import Foundation
import Raster
@testable import Regression
import Recording
import Scenes
import XCTest

/// Named marks, from Swift and from a scene's `marks`, start phases of their own.
final class MarkPhaseTests: XCTestCase {
    private func scene(marks: String) throws -> Scene {
        try Scene(data: Array("""
            { "name": "marked", "canvas": { "width": 200, "height": 260, "scale": 1 }, "duration": 2.5,
              "collection": { "items": 6, "layout": { "type": "flow", "itemSize": [50, 50], "sectionInset": [16, 16, 16, 16] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": 0.6 }, "selected": [0] },
              "touches": [ { "at": 0.1, "down": [41, 41] }, { "at": 0.7, "move": [41, 181], "duration": 0.3 }, { "at": 1.2, "up": true } ],
              "marks": \(marks) }
            """.utf8), file: "marked.json")
    }

    @MainActor func testASceneMarkStartsAPhaseOfItsOwn() async throws {
        let scene = try scene(marks: #"[{ "name": "settle", "at": 1.6 }, { "name": "grab", "at": 0.6 }]"#)
        XCTAssertEqual(scene.marks, [Recorder.Mark(name: "grab", time: 0.6), Recorder.Mark(name: "settle", time: 1.6)])
        let check = GoldenCheck(scene: scene, font: try Font.named(), directory: URL(fileURLWithPath: "/nonexistent"))
        XCTAssertEqual(check.phases.map(\.label), ["whole recording (0.00–2.50 s)", "drag (0.10–1.20 s)", "release (1.20–2.50 s)",
                                                   "grab (0.60–1.60 s)", "settle (1.60–2.50 s)"])
        XCTAssertEqual(check.phases.filter(\.isResponse).map(\.name), ["release", "grab", "settle"])
    }

    @MainActor func testAMarkMadeInSwiftStartsAPhase() async throws {
        var recorder = ReleaseFixture.recorder(.attachment(frequency: 2, damping: 0.6))
        recorder.mark("late", at: 2)
        let marked = recorder.marking("early", at: 0.5)
        XCTAssertEqual(marked.marks.map(\.name), ["early", "late"])
        XCTAssertEqual(marked.touches, ReleaseFixture.touches)
        let check = GoldenCheck(recorder: marked, font: try Font.named(), directory: URL(fileURLWithPath: "/nonexistent"))
        XCTAssertEqual(check.phases.map(\.name), ["whole recording", "drag", "release", "early", "late"])
        XCTAssertEqual(check.phases.last?.start, 2)
        XCTAssertEqual(check.phases.last?.end, 3)
    }

    func testABadMarkNamesItsPath() throws {
        XCTAssertThrowsError(try scene(marks: #"[{ "name": "late", "at": 9 }]"#)) { error in
            XCTAssertTrue("\(error)".contains("marks[0].at"), "\(error)")
        }
        XCTAssertThrowsError(try scene(marks: #"[{ "name": "late", "time": 1 }]"#)) { error in
            XCTAssertTrue("\(error)".contains("marks[0]"), "\(error)")
        }
    }
}
