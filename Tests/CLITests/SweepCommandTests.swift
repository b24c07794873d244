import Foundation
import XCTest

/// `springframes sweep`: variants side by side, the metrics table, and errors that say what to write.
final class SweepCommandTests: XCTestCase {
    fileprivate func writeScene(in directory: URL) throws -> String { try writeDragScene(in: directory) }
}

/// A 200 × 260 pt scene of six cells, one dragged: what the sweep and matrix commands render.
func writeDragScene(in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("drag.json")
    try Data("""
        { "name": "drag", "canvas": { "width": 200, "height": 260, "scale": 1 }, "duration": 1.6,
          "collection": { "items": 6, "layout": { "type": "flow", "itemSize": [50, 50], "sectionInset": [16, 16, 16, 16] },
                          "interaction": { "type": "clusterDrag", "frequency": 3, "damping": 0.6 }, "selected": [0] },
          "touches": [ { "at": 0.05, "down": [41, 41] }, { "at": 0.6, "move": [41, 181], "duration": 0.3 }, { "at": 0.95, "up": true } ] }
        """.utf8).write(to: url)
    return url.path
}

extension SweepCommandTests {
    func testAGridOfVariantsWithItsTableSheetAndMetrics() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(in: directory)
        let result = try CLI.run(["sweep", scene, "--vary", "interaction.damping=0.3,0.9", "--vary", "interaction.frequency=2,4"], in: directory)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true),
                       ["variant", "element", "overshoot", "settles", "peak", "speed", "largest", "overshoot",
                        "phase", "overshoot", "settles", "bounce", "duration", "fit", "residual"])
        // Each variant's response after the release at 0.95 s, measured on its own.
        XCTAssertEqual(lines.dropFirst().prefix(4).filter { $0.contains("  release  ") }.count, 4, result.stdout)
        XCTAssertEqual(lines.dropFirst().prefix(4).map { $0.components(separatedBy: "  ").first },
                       ["damping 0.3 · frequency 2", "damping 0.3 · frequency 4", "damping 0.9 · frequency 2", "damping 0.9 · frequency 4"])
        // Two columns (the last --vary's values) of 100×130 px tiles at scale 0.5, two rows.
        XCTAssertTrue(result.stdout.contains("drag: 4 variants, 97 frames of 236×348 px in "), result.stdout)
        let folder = directory.appendingPathComponent("out/drag-sweep")
        for name in ["frame_00000.png", "frame_00096.png", "manifest.json", "sheet.png", "metrics.csv"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
        let csv = try String(contentsOf: folder.appendingPathComponent("metrics.csv"), encoding: .utf8)
        XCTAssertEqual(csv.split(separator: "\n").count, 5)
    }

    func testBadParametersSayWhatToWrite() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(in: directory)
        let none = try CLI.run(["sweep", scene], in: directory)
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("give at least one --vary PATH=V1,V2,…"), none.stderr)
        let syntax = try CLI.run(["sweep", scene, "--vary", "damping"], in: directory)
        XCTAssertEqual(syntax.status, 64)
        XCTAssertTrue(syntax.stderr.contains("expected PATH=VALUE,VALUE,…"), syntax.stderr)
        let unknown = try CLI.run(["sweep", scene, "--vary", "spring.damping=1,2"], in: directory)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("drag.json: --vary spring.damping: the scene has no such setting; settings it has:"), unknown.stderr)
        let invalid = try CLI.run(["sweep", scene, "--vary", "interaction.damping=0.5,-1"], in: directory)
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.contains("collection.interaction.damping"), invalid.stderr)
        XCTAssertTrue(invalid.stderr.contains("(in the variant damping -1)"), invalid.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path), "nothing written")
    }
}

extension SweepCommandTests {
    /// One setting given twice (under two spellings of its path) made one variant per value pair,
    /// each labelled with both values and using only the last.
    func testARepeatedVaryOfOneSettingIsRefused() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(in: directory)
        for second in ["interaction.damping=0.9", "damping=0.9", "collection.interaction.damping=0.9"] {
            let result = try CLI.run(["sweep", scene, "--vary", "interaction.damping=0.3,0.6", "--vary", second], in: directory)
            XCTAssertEqual(result.status, 64, result.stdout + result.stderr)
            let path = String(second.prefix { $0 != "=" })
            XCTAssertTrue(result.stderr.contains("--vary interaction.damping and --vary \(path) both set collection.interaction.damping; "
                                                 + "give it once with all its values, e.g. --vary \(path)=0.3,0.6,0.9"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path), "nothing written")
    }
}

