import Foundation
import FrameIO
import Raster
import XCTest

/// Scenes and options a user gets wrong: each fails with a non-zero status and a message naming
/// the file and the place in it, and leaves no output folder that looks complete.
final class BadInputTests: XCTestCase {
    /// A small valid scene; each case below breaks one thing in it.
    static let valid = """
        { "name": "tiny", "canvas": { "width": 100, "height": 80, "scale": 1, "background": "#FFFFFF" },
          "fps": 10, "duration": 0.5,
          "collection": { "items": 4, "layout": { "type": "flow", "itemSize": [40, 30] },
                          "interaction": { "type": "clusterDrag", "damping": 0.6 } },
          "touches": [ { "at": 0.1, "down": [20, 15] }, { "at": 0.2, "move": [60, 40], "duration": 0.1 }, { "at": 0.4, "up": true } ] }
        """

    struct Case {
        var name: String
        var scene: [UInt8]
        /// Must appear in the error message (besides the file's path).
        var expected: [String]
    }

    static func replacing(_ old: String, _ new: String) -> [UInt8] {
        precondition(valid.contains(old), old)
        return Array(valid.replacingOccurrences(of: old, with: new).utf8)
    }

    static let cases: [Case] = [
        Case(name: "empty", scene: [], expected: ["the file is empty"]),
        Case(name: "truncated", scene: Array(valid.utf8.prefix(120)), expected: ["not valid JSON", "line 2, column"]),
        Case(name: "garbage", scene: [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE], expected: ["line 1, column 1", "byte 0x89"]),
        Case(name: "array", scene: Array("[1, 2]".utf8), expected: ["(the top level)", "expected a scene"]),
        Case(name: "trailing-comma", scene: replacing("\"fps\": 10,", "\"fps\": 10,,"), expected: ["line 2", "expected a key"]),
        Case(name: "duplicate-key", scene: replacing("\"fps\": 10,", "\"fps\": 10, \"fps\": 20,"), expected: ["\"fps\" appears twice"]),
        Case(name: "unknown-top-key", scene: replacing("\"fps\": 10,", "\"fsp\": 10,"), expected: ["fsp: unknown key", "did you mean \"fps\""]),
        Case(name: "unknown-layout-key", scene: replacing("\"itemSize\": [40, 30]", "\"itemSpacing\": 4"),
             expected: ["collection.layout.itemSpacing: unknown key"]),
        Case(name: "fps-string", scene: replacing("\"fps\": 10", "\"fps\": \"10\""), expected: ["fps: expected frames per second from 1 to 240, found \"10\" (a string)"]),
        Case(name: "fps-zero", scene: replacing("\"fps\": 10", "\"fps\": 0"), expected: ["fps: expected frames per second from 1 to 240, found 0"]),
        Case(name: "fps-high", scene: replacing("\"fps\": 10", "\"fps\": 241"), expected: ["fps:", "found 241"]),
        Case(name: "duration-long", scene: replacing("\"duration\": 0.5", "\"duration\": 601"), expected: ["duration:", "found 601"]),
        Case(name: "duration-negative", scene: replacing("\"duration\": 0.5", "\"duration\": -1"), expected: ["duration:", "found -1"]),
        Case(name: "number-overflow", scene: replacing("\"duration\": 0.5", "\"duration\": 1e999"), expected: ["too large for a Double"]),
        Case(name: "width", scene: replacing("\"width\": 100", "\"width\": 9000"), expected: ["canvas.width:", "found 9000"]),
        Case(name: "scale", scene: replacing("\"scale\": 1", "\"scale\": 5"), expected: ["canvas.scale:", "found 5"]),
        Case(name: "pixels", scene: replacing("\"width\": 100, \"height\": 80, \"scale\": 1", "\"width\": 8000, \"height\": 80, \"scale\": 3"),
             expected: ["canvas.scale:", "at most 16384 pixels", "24000×240"]),
        Case(name: "background", scene: replacing("\"#FFFFFF\"", "\"whyte\""), expected: ["canvas.background: expected a colour \"#RRGGBB\"", "(did you mean \"white\"?)"]),
        Case(name: "items-many", scene: replacing("\"items\": 4", "\"items\": 1000001"), expected: ["collection.items:", "found 1000001"]),
        Case(name: "items-fraction", scene: replacing("\"items\": 4", "\"items\": 2.5"), expected: ["collection.items:", "found 2.5"]),
        Case(name: "items-and-sections", scene: replacing("\"items\": 4", "\"items\": 4, \"sections\": [{ \"items\": 2 }]"),
             expected: ["collection: has both \"items\" and \"sections\""]),
        Case(name: "no-collection", scene: Array("{ \"fps\": 30 }".utf8), expected: ["the key \"collection\" is missing"]),
        Case(name: "item-size-short", scene: replacing("[40, 30]", "[40]"), expected: ["collection.layout.itemSize:", "an array of 2 numbers"]),
        Case(name: "item-size-type", scene: replacing("[40, 30]", "[\"40\", 30]"), expected: ["collection.layout.itemSize[0]:", "found \"40\" (a string)"]),
        Case(name: "layout-type", scene: replacing("\"type\": \"flow\"", "\"type\": \"grid\""), expected: ["collection.layout.type:", "found \"grid\""]),
        Case(name: "interaction-type", scene: replacing("\"type\": \"clusterDrag\"", "\"type\": \"clusterdrag\""),
             expected: ["collection.interaction.type:", "did you mean \"clusterDrag\""]),
        Case(name: "damping-negative", scene: replacing("\"damping\": 0.6", "\"damping\": -0.6"), expected: ["collection.interaction.damping:", "found -0.6"]),
        Case(name: "selected-missing", scene: replacing("\"items\": 4,", "\"items\": 4, \"selected\": [7],"),
             expected: ["collection.selected[0]:", "item 7"]),
        Case(name: "touches-order", scene: replacing("{ \"at\": 0.4, \"up\": true }", "{ \"at\": 0.15, \"up\": true }"),
             expected: ["touches[2].at:", "at or after 0.3 s"]),
        Case(name: "touch-past-end", scene: replacing("{ \"at\": 0.4, \"up\": true }", "{ \"at\": 0.6, \"up\": true }"),
             expected: ["touches[2].at:", "found 0.6"]),
        Case(name: "move-before-down", scene: replacing("{ \"at\": 0.1, \"down\": [20, 15] }, ", ""),
             expected: ["touches[0].move:", "add a \"down\" event first"]),
        Case(name: "touch-two-kinds", scene: replacing("\"down\": [20, 15]", "\"down\": [20, 15], \"tap\": [1, 1]"),
             expected: ["touches[0]:", "found \"down\" and \"tap\""]),
        // Limits on work: each names the limit.
        Case(name: "keys-many", scene: replacing("\"fps\": 10,", "\"fps\": 10, \"extra\": {" + (0...10_000).map { "\"k\($0)\": 0" }.joined(separator: ",") + "},"),
             expected: ["more than 10000 keys in one object"]),
        Case(name: "header-long", scene: replacing("\"items\": 4,", "\"sections\": [{ \"items\": 4, \"header\": \"\(String(repeating: "x", count: 100_000))\" }],"),
             expected: ["collection.sections[0].header:", "at most 1000 characters", "found 100000"]),
        // One grapheme of 100,000 scalars: a character count let it through, to cost 22 s a frame.
        Case(name: "header-one-grapheme", scene: replacing("\"items\": 4,", "\"sections\": [{ \"items\": 4, \"header\": \"a\(String(repeating: "\u{301}", count: 99_999))\" }],"),
             expected: ["collection.sections[0].header:", "at most 4000 Unicode scalars", "found 100000"]),
        Case(name: "circle-million", scene: replacing("\"items\": 4, \"layout\": { \"type\": \"flow\", \"itemSize\": [40, 30] }",
                                                      "\"items\": 1000000, \"layout\": { \"type\": \"circle\" }"),
             expected: ["collection.layout:", "about 1000000 elements; the limit is 20000 per frame", "circle layout shows every item"]),
        Case(name: "tiny-cells", scene: replacing("\"items\": 4, \"layout\": { \"type\": \"flow\", \"itemSize\": [40, 30] }",
                                                  "\"items\": 1000000, \"layout\": { \"type\": \"flow\", \"itemSize\": [1, 1], "
                                                  + "\"minimumInteritemSpacing\": 0, \"minimumLineSpacing\": 0 }"),
             expected: ["collection.layout:", "the limit is 20000 per frame", "larger items"]),
        Case(name: "cluster-many", scene: replacing("\"items\": 4,", "\"items\": 1000000, \"selected\": [\((0...10_000).map(String.init).joined(separator: ","))],"),
             expected: ["collection.selected:", "at most 10000 selected items", "found 10001"]),
        Case(name: "physics-step", scene: replacing("\"fps\": 10,", "\"fps\": 10, \"physics\": { \"step\": 1 },"),
             expected: ["physics.step:", "found 1"]),
    ]

    func testEveryBrokenSceneFailsWithItsPathAndLeavesNoManifest() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 25)
        let directory = try CLI.temporaryDirectory(self)
        // The base scene is valid, so each failure below is the one change's doing.
        let base = directory.appendingPathComponent("valid.json")
        try Data(Self.valid.utf8).write(to: base)
        XCTAssertEqual(try CLI.run(["validate", base.path]).status, 0)

        for broken in Self.cases {
            let file = directory.appendingPathComponent("\(broken.name).json")
            try Data(broken.scene).write(to: file)
            let out = directory.appendingPathComponent("out-\(broken.name)")
            let result = try CLI.run(["render", file.path, "--out", out.path])
            XCTAssertEqual(result.status, 2, "\(broken.name): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: \(file.path): "), "\(broken.name): \(result.stderr)")
            for text in broken.expected {
                XCTAssertTrue(result.stderr.contains(text), "\(broken.name): expected “\(text)” in: \(result.stderr)")
            }
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(broken.name): one line, no backtrace: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path), broken.name)
        }
    }

    func testFilesThatAreNotScenes() throws {
        let directory = try CLI.temporaryDirectory(self)
        let asDirectory = try CLI.run(["render", directory.path, "--out", directory.appendingPathComponent("out").path])
        XCTAssertEqual(asDirectory.status, 2)
        XCTAssertTrue(asDirectory.stderr.contains("\(directory.path): is a directory; expected a scene .json file"), asDirectory.stderr)

        let missing = directory.appendingPathComponent("nope.json").path
        let notThere = try CLI.run(["validate", missing])
        XCTAssertEqual(notThere.status, 2)
        XCTAssertTrue(notThere.stderr.contains("\(missing): no such file"), notThere.stderr)

        let unknownName = try CLI.run(["validate", "clusterdrag"])
        XCTAssertEqual(unknownName.status, 2)
        XCTAssertTrue(unknownName.stderr.contains("clusterdrag: no such file, and no built-in scene of that name; built-in scenes: cluster-drag,"),
                      unknownName.stderr)
    }

    /// An output folder that cannot be made: the error names it, and nothing is left behind.
    func testUnwritableOutput() throws {
        let directory = try CLI.temporaryDirectory(self)
        let blocker = directory.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let out = blocker.appendingPathComponent("frames").path
        let result = try CLI.run(["render", "circle", "--out", out])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot write \(out)"), result.stderr)
    }

    func testBadOptions() throws {
        for (arguments, expected) in [
            (["render", "--fps", "0"], "--fps must be from 1 to 240"),
            (["render", "--scale", "9"], "--scale must be from 1 to 4"),
            (["render", "--frames", "40-20"], "--frames"),
            (["render", "--frames", "0-400"], "goes past the scene's last frame, 330"),
            (["render", "--jobs", "0"], "--jobs must be from 1 to 256"),
            (["render", "--video", "demo.avi"], "--video: demo.avi: unknown video format"),
            (["sheet", "circle", "--every", "0"], "--every must be at least 1"),
            (["check", "circle", "--golden", "g", "--every", "0"], "--every must be at least 1"),
            (["check", "circle", "--golden", "g", "--record", "sometimes"], "--record"),
            (["check", "circle", "--golden", "g", "--pixel-budget", "ten"], "--pixel-budget"),
            (["check", "circle", "--golden", "g", "--threshold", "2"], "--threshold must be from 0 to 1"),
            (["check", "circle"], "--golden"),
            (["render", "--device", "iPhone 7"], "--device iPhone 7: no such device; devices: \"iPhone SE\""),
            (["render", "--appearance", "dim"], "--appearance must be light or dark, not dim."),
            (["sheet", "circle", "--orientation", "landscape"], "--orientation needs a device"),
        ] {
            let result = try CLI.run(arguments)
            XCTAssertNotEqual(result.status, 0, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
    }

    /// Every error reads `error: …` and shows the usage of the command that failed, whether the
    /// option parser or the command found it; negative numbers are values, not options.
    func testErrorsReadAlikeAndShowTheirCommandsUsage() throws {
        for (arguments, expected, usage) in [
            (["render", "--jobs", "-1"], "error: --jobs must be from 1 to 256, not -1.", "springframes render"),
            (["sheet", "circle", "--columns", "-3"], "error: --columns must be from 1 to 64, not -3.", "springframes sheet"),
            (["render", "circle", "--fps", "-5"], "error: --fps must be from 1 to 240, not -5.0.", "springframes render"),
            (["trace", "circle", "--fps", "900"], "error: --fps must be from 1 to 240, not 900.0.", "springframes trace"),
            (["sheet", "circle", "--out", "sheet.jpg"], "error: --out sheet.jpg: a contact sheet is a PNG image", "springframes sheet"),
            (["render", "--nonsense"], "error: Unknown option '--nonsense'", "springframes render"),
        ] {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Usage: \(usage) "), "\(arguments): \(result.stderr)")
        }
    }

    /// Counts agree with their nouns, and a scene named as its file is not named twice.
    func testCountsAreSingularWhenThereIsOne() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = directory.appendingPathComponent("one.json")
        try Data("""
            { "name": "one", "canvas": { "width": 100, "height": 100, "scale": 1 }, "duration": 0.01,
              "collection": { "items": 1, "layout": { "type": "flow", "itemSize": [40, 40] } },
              "touches": [ { "at": 0, "down": [20, 20] } ] }
            """.utf8).write(to: scene)
        let validate = try CLI.run(["validate", scene.path])
        XCTAssertEqual(validate.stdout, "\(scene.path) (scene \"one\"): valid; 100×100 pt at scale 1 (100×100 px), "
                       + "1 frame at 60 fps over 0.01 s; 1 item in 1 section, flow layout, interaction none, 1 touch event; at most about 1 element a frame.\n", validate.stderr)
        let sheet = try CLI.run(["sheet", scene.path, "--out", directory.appendingPathComponent("s.png").path])
        XCTAssertTrue(sheet.stdout.hasPrefix("one: contact sheet of 1 frame, "), sheet.stdout + sheet.stderr)
        let render = try CLI.run(["render", scene.path, "--out", directory.appendingPathComponent("f").path])
        XCTAssertTrue(render.stdout.hasPrefix("one: 1 frame of 100×100 px"), render.stdout + render.stderr)
        // On a device, the frame is its screen at its scale (or the one asked for).
        let onDevice = try CLI.run(["render", scene.path, "--device", "iPhone SE", "--appearance", "dark",
                                    "--out", directory.appendingPathComponent("d").path])
        XCTAssertTrue(onDevice.stdout.hasPrefix("one: 1 frame of 750×1334 px"), onDevice.stdout + onDevice.stderr)
        let landscape = try CLI.run(["render", scene.path, "--device", "iPhone 16", "--orientation", "landscape", "--scale", "1",
                                     "--out", directory.appendingPathComponent("l").path])
        XCTAssertTrue(landscape.stdout.hasPrefix("one: 1 frame of 852×393 px"), landscape.stdout + landscape.stderr)
    }

    /// A scene file larger than any scene is refused from its size, before a byte is read.
    func testAnOversizedSceneFileIsRefusedUnread() throws {
        let directory = try CLI.temporaryDirectory(self)
        let file = directory.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 3 << 30)          // 3 GB of NULs, sparse on disk
        try handle.close()
        let result = try CLI.run(["validate", file.path])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "error: \(file.path): is 3072.0 MB; a scene file is at most 64 MB "
                       + "(scenes describe items by count, not one by one)\n")
    }

    /// An image outside the scene's folder is refused, and read once its folder is allowed.
    func testAllowPathLetsASceneReadImagesFromAnotherFolder() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scenes = directory.appendingPathComponent("scenes"), photos = directory.appendingPathComponent("photos")
        for folder in [scenes, photos] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data(PNGCodec.encode(Canvas(pixelWidth: 8, pixelHeight: 8, background: .white))).write(to: photos.appendingPathComponent("a.png"))
        let file = scenes.appendingPathComponent("grid.json")
        try Data("""
            { "canvas": { "width": 100, "height": 80, "scale": 1 }, "duration": 1,
              "collection": { "items": [{ "image": "../photos/a.png" }], "layout": { "type": "flow", "itemSize": [40, 30] } },
              "style": { "cell": { "template": "photo" } } }
            """.utf8).write(to: file)
        let refused = try CLI.run(["validate", file.path])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("collection.items[0].image: expected the path of a PNG image inside the scene file's folder"),
                      refused.stderr)
        let allowed = try CLI.run(["validate", file.path, "--allow-path", photos.path])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
    }

    /// What can never show is valid but said: text with no room, items wider than the canvas,
    /// a finger that lands outside it.
    func testValidateWarnsAboutWhatCanNeverShow() throws {
        let directory = try CLI.temporaryDirectory(self)
        let file = directory.appendingPathComponent("unseen.json")
        try Data("""
            { "canvas": { "width": 100, "height": 80, "scale": 1 }, "duration": 1,
              "collection": { "sections": [{ "items": 3, "header": "Today" }], "layout": { "type": "flow", "itemSize": [140, 30] } },
              "touches": [ { "at": 0.1, "tap": [500, 20] } ] }
            """.utf8).write(to: file)
        let result = try CLI.run(["validate", file.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n"), [
            "warning: \(file.path): collection.sections[0].header: the text is never shown: collection.layout.headerHeight is 0; give it a height",
            "warning: \(file.path): collection.layout.itemSize: items are 140 pt wide and the canvas has 100 pt for them (after the section insets); they are cut off",
            "warning: \(file.path): touches[0].tap: [500, 20] is outside the 100×80 pt canvas; the finger lands on nothing",
        ])
        let clean = try CLI.run(["validate", "circle"])
        XCTAssertEqual(clean.stderr, "")
    }
}
