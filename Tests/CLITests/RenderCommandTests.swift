import FrameIO
import Foundation
import Raster
import XCTest

/// `springframes render` and `trace`, run as a user runs them.
final class RenderCommandTests: XCTestCase {
    /// The default demo: frames and a manifest in out/cluster-drag/; pixels change where cells
    /// move and stay put where nothing does; the end of the scene, at rest, repeats exactly.
    func testDefaultDemoRendersIntoOut() throws {
        let directory = try CLI.temporaryDirectory(self)
        let result = try CLI.run(["render"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("cluster-drag: 331 frames of 780×1688 px at 60 fps"), result.stdout)

        let out = directory.appendingPathComponent("out/cluster-drag")
        let manifest = try FrameManifest.read(from: out)
        XCTAssertEqual(manifest.scene, "cluster-drag")
        XCTAssertEqual([manifest.width, manifest.height, manifest.frameCount], [780, 1688, 331])
        XCTAssertEqual(manifest.frames.map(\.index), Array(0..<331))
        XCTAssertEqual(manifest.frames[1].file, "frame_00001.png")
        XCTAssertEqual(manifest.frames[90].time, 1.5)

        func frame(_ index: Int) throws -> Canvas {
            try PNGCodec.read(contentsOf: out.appendingPathComponent(manifest.frames[index].file), scale: 2)
        }
        let start = try frame(0), dragging = try frame(150), end = try frame(330)
        // Cells 7, 8, 12 and 13 (x 165–300, y 86–216 pt) leave their slots during the drag.
        XCTAssertGreaterThan(differingPixels(start, dragging, points: CGRect(x: 165, y: 86, width: 135, height: 130)), 10_000)
        // Rows 11 and below (y ≥ 786 pt) are never touched: identical in every frame sampled.
        for index in [0, 60, 150, 240, 330] {
            XCTAssertEqual(differingPixels(start, try frame(index), points: CGRect(x: 0, y: 786, width: 390, height: 58)), 0, "frame \(index)")
        }
        // The cells are back in the grid (now red) and at rest: the last frames are the same bytes.
        XCTAssertEqual(end.pixel(x: 2 * 195, y: 2 * 95), Color(rgb: 0xFF0000))
        XCTAssertEqual(Set(manifest.frames[300...].map(\.sha256)).count, 1)
    }

    /// Same scene, same bytes: two renders, one and two worker threads, and a frame range.
    func testRendersAreByteIdenticalAcrossRunsThreadsAndRanges() throws {
        let directory = try CLI.temporaryDirectory(self)
        func render(_ name: String, _ extra: [String]) throws -> FrameManifest {
            let result = try CLI.run(["render", "--scale", "1", "--out", name] + extra, in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try FrameManifest.read(from: directory.appendingPathComponent(name))
        }
        let first = try render("a", ["--jobs", "2"])
        let second = try render("b", ["--jobs", "2"])
        let oneThread = try render("c", ["--jobs", "1"])
        XCTAssertEqual(first.frames.count, 331)
        XCTAssertEqual(first.frames, second.frames)
        XCTAssertEqual(first.frames, oneThread.frames)
        // The frames differ from each other (or the comparison above would prove little).
        XCTAssertGreaterThan(Set(first.frames.map(\.sha256)).count, 150)

        let range = try render("d", ["--frames", "30-59"])
        XCTAssertEqual(range.frameCount, 331)
        XCTAssertEqual(range.frames, Array(first.frames[30...59]))
        let bytes = try Data(contentsOf: directory.appendingPathComponent("d/frame_00045.png"))
        XCTAssertEqual(bytes, try Data(contentsOf: directory.appendingPathComponent("a/frame_00045.png")))
    }

    /// At 30 fps, frame k shows exactly what frame 2k shows at 60 fps.
    func testThirtyFramesPerSecondSamplesTheSameMotion() throws {
        let directory = try CLI.temporaryDirectory(self)
        for (fps, file) in [("60", "60.csv"), ("30", "30.csv")] {
            let result = try CLI.run(["trace", "cluster-drag", "--fps", fps, "--full", "--out", file], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        func rows(_ file: String) throws -> [Int: [[Substring]]] {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var byFrame: [Int: [[Substring]]] = [:]
            for line in text.split(separator: "\n").dropFirst() {      // the header
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                byFrame[Int(fields[0])!, default: []].append(Array(fields[1...]))
            }
            return byFrame
        }
        let sixty = try rows("60.csv"), thirty = try rows("30.csv")
        XCTAssertEqual(thirty.count, 166)
        var moving = 0
        for k in 0..<166 {
            XCTAssertEqual(thirty[k], sixty[2 * k], "frame \(k) at 30 fps")
            if thirty[k] != thirty[0] { moving += 1 }
        }
        XCTAssertGreaterThan(moving, 100)
    }

    func testTraceColumnsAndOrder() throws {
        let result = try CLI.run(["trace", "circle", "--frames", "0-1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        // Format 3: the header is the first line, so any CSV reader reads it without options.
        XCTAssertEqual(lines[0], "frame,time,element,kind,id,section,item,x,y,width,height,scaleX,scaleY,angle,zIndex,alpha,hidden,state")
        // Per frame: the 12 cells by identity, then the collection view's content offset.
        XCTAssertEqual(lines.count, 1 + 2 * 13)
        // Item 0 of the circle: 156 pt right of the centre (195, 422), 70 × 70.
        XCTAssertEqual(lines[1], "0,0.0,cell,,0,0,0,351.0,422.0,70.0,70.0,1.0,1.0,0.0,0,1.0,false,shown")
        XCTAssertTrue(lines[2].hasPrefix("0,0.0,cell,,1,0,1,"), String(lines[2]))
        XCTAssertTrue(lines[12].hasPrefix("0,0.0,cell,,11,0,11,"), String(lines[12]))
        // A scroll view has no index path: its section and item are empty.
        XCTAssertEqual(lines[13], "0,0.0,scrollView,,collectionView,,,0.0,0.0,390.0,844.0,1.0,1.0,0.0,0,1.0,false,shown")
        XCTAssertTrue(lines[14].hasPrefix("1,0.016666666666666666,cell,,0,0,0,"), String(lines[14]))

        let json = try CLI.run(["trace", "circle", "--frames", "0-0", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let rows = object?["rows"] as? [[String: Any]]
        XCTAssertEqual(rows?.count, 13)
        XCTAssertEqual(rows?.first?["x"] as? Double, 351)
        XCTAssertEqual(rows?.first?["id"] as? String, "0")
        XCTAssertEqual(rows?.last?["element"] as? String, "scrollView")
        XCTAssertEqual(object?["scene"] as? String, "circle")
        XCTAssertEqual(object?["version"] as? Int, 3)
        XCTAssertEqual(rows?.first?["state"] as? String, "shown")
        XCTAssertTrue(rows?.last?["section"] is NSNull, "a scroll view has no index path")
    }

    func testVideo() throws {
        guard ProcessInfo.processInfo.environment["SPRINGFRAMES_REQUIRE_TOOLS"] != nil
                || FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw XCTSkip("ffmpeg is not installed")
        }
        let directory = try CLI.temporaryDirectory(self)
        let result = try CLI.run(["render", "--scale", "1", "--frames", "0-29", "--out", "frames", "--video", "demo.mp4"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("demo.mp4").path)[.size] as? Int
        XCTAssertGreaterThan(size ?? 0, 1000)
    }

    /// `--video-scale` and `--video-fps` make a smaller GIF: half the size, 15 fps; bad values are
    /// refused before anything is rendered.
    func testVideoScaleAndFrameRate() throws {
        guard ProcessInfo.processInfo.environment["SPRINGFRAMES_REQUIRE_TOOLS"] != nil
                || FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw XCTSkip("ffmpeg is not installed")
        }
        let directory = try CLI.temporaryDirectory(self)
        let result = try CLI.run(["render", "--scale", "1", "--frames", "0-29", "--out", "frames", "--video", "demo.gif",
                                  "--video-scale", "0.5", "--video-fps", "15"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("assembling demo.gif with ffmpeg at 15.0 fps, 0.5× the frames' size"), result.stdout)
        let gif = [UInt8](try Data(contentsOf: directory.appendingPathComponent("demo.gif")))
        // The logical screen size, little-endian, after "GIF89a": 390×844 pt at scale 1, halved.
        XCTAssertEqual([Int(gif[6]) | Int(gif[7]) << 8, Int(gif[8]) | Int(gif[9]) << 8], [195, 422])
        // 30 frames at 60 fps are half a second: 7 or 8 frames at 15 fps.
        let frames = gif.indices.dropLast().filter { gif[$0] == 0x21 && gif[$0 + 1] == 0xF9 }.count
        XCTAssertTrue((7...8).contains(frames), "\(frames) graphic control blocks")

        for bad in [["--video-scale", "0"], ["--video-scale", "2"], ["--video-fps", "0"]] {
            let refused = try CLI.run(["render", "--out", "bad", "--video", "bad.gif"] + bad, in: directory)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(bad[0]), refused.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bad").path))
        }
    }

    /// Without ffmpeg, --video fails before rendering anything, and says what to do.
    func testVideoWithoutFFmpegFailsFirst() throws {
        let directory = try CLI.temporaryDirectory(self)
        let result = try CLI.run(["render", "--out", "frames", "--video", "demo.mp4"], in: directory,
                                 environment: ["SPRINGFRAMES_FFMPEG": "/nonexistent/ffmpeg"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("ffmpeg"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path))
    }

    /// An ffmpeg that fails `-version` is named, with the variable and the fix, before any frame
    /// is rendered, by `render --video` and `sweep --video` alike.
    func testVideoWithAFailingFFmpegVariableFailsFirstNamingIt() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = directory.appendingPathComponent("drag.json")
        try Data("""
            { "name": "drag", "canvas": { "width": 100, "height": 100, "scale": 1 }, "fps": 10, "duration": 0.5,
              "collection": { "items": 2, "layout": { "type": "flow", "itemSize": [40, 40] },
                              "interaction": { "type": "clusterDrag" } } }
            """.utf8).write(to: scene)
        for arguments in [["render", "--out", "frames", "--video", "demo.mp4"],
                          ["sweep", scene.path, "--vary", "interaction.damping=0.3,0.9", "--out", "frames", "--video", "demo.mp4"]] {
            let result = try CLI.run(arguments, in: directory, environment: ["SPRINGFRAMES_FFMPEG": "/bin/false"])
            XCTAssertNotEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("ffmpeg from SPRINGFRAMES_FFMPEG=/bin/false cannot be used: `/bin/false -version` exited with status 1"),
                          result.stderr)
            XCTAssertTrue(result.stderr.contains("set SPRINGFRAMES_FFMPEG to the path of a working ffmpeg executable"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path), arguments[0])
        }
    }

    /// Pixels that differ between two frames inside `rect` (points at scale 2).
    private func differingPixels(_ a: Canvas, _ b: Canvas, points rect: CGRect) -> Int {
        var count = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where a.premultipliedPixel(x: x, y: y) != b.premultipliedPixel(x: x, y: y) {
                count += 1
            }
        }
        return count
    }
}
