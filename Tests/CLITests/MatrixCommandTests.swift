import Foundation
import XCTest

/// `springframes matrix`: a sheet over a grid of configurations, and options checked with their values.
final class MatrixCommandTests: XCTestCase {
    func testOneSheetOverDirectionsAndTextSizes() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeDragScene(in: directory)
        let result = try CLI.run(["matrix", scene, "--content-size", "L,AX5", "--direction", "ltr,rtl", "--thumbnail", "0.5",
                                  "--out", "grid.png", "--frames", "frames"], in: directory)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        // Four 100×130 px tiles in one row (sizes × directions), margins 16, gaps 12, a title 26 and captions 20.
        XCTAssertTrue(result.stdout.contains("matrix: 1 scene × 4 configurations, 468×208 px"), result.stdout)
        for name in ["drag-light-L-ltr", "drag-light-L-rtl", "drag-light-AX5-ltr", "drag-light-AX5-rtl"] {
            let manifest = directory.appendingPathComponent("frames/\(name)/manifest.json")
            XCTAssertTrue(FileManager.default.fileExists(atPath: manifest.path), manifest.path)
        }
    }

    func testBadValuesNameTheOption() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeDragScene(in: directory)
        let size = try CLI.run(["matrix", scene, "--content-size", "L,huge"], in: directory)
        XCTAssertNotEqual(size.status, 0)
        XCTAssertTrue(size.stderr.contains("--content-size: expected XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5, not huge."), size.stderr)
        let setting = try CLI.run(["matrix", scene, "--accessibility", "none,reduceMotion+boldTxt"], in: directory)
        XCTAssertNotEqual(setting.status, 0)
        XCTAssertTrue(setting.stderr.contains("not boldTxt."), setting.stderr)
        let video = try CLI.run(["matrix", scene, "--video", "mp4"], in: directory)
        XCTAssertTrue(video.stderr.contains("--video writes a video beside each folder of frames: give --frames DIR too."), video.stderr)
    }
}
