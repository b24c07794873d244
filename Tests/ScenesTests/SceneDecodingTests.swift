import CollectionLayout
import Vocabulary
import Foundation
import Raster
@testable import Scenes
@testable import Recording
import XCTest

final class SceneDecodingTests: XCTestCase {
    /// DESIGN.md section 5, verbatim: the keys shown there keep working.
    static let designExample = """
        {
          "name": "cluster-drag",
          "canvas": { "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF" },
          "fps": 60,
          "duration": 3.0,
          "collection": {
            "items": 1000,
            "layout": { "type": "flow", "itemSize": [60, 60], "minimumInteritemSpacing": 10,
                        "minimumLineSpacing": 10, "sectionInset": [16, 16, 16, 16] },
            "interaction": { "type": "clusterDrag", "frequency": 8, "damping": 0.6 },
            "selected": [3, 4, 12]
          },
          "style": { "cell": { "color": "#808080", "selectedColor": "#FF0000", "cornerRadius": 8 } },
          "touches": [
            { "at": 0.2, "down": [150, 200] },
            { "at": 0.9, "move": [300, 600], "duration": 1.0, "curve": "easeInOut" },
            { "at": 2.2, "up": true }
          ]
        }
        """

    @MainActor func testTheDesignExampleDecodes() async throws {
        let scene = try Scene(data: Array(Self.designExample.utf8), file: "design.json")
        XCTAssertEqual(scene.name, "cluster-drag")
        XCTAssertEqual(scene.canvas, Scene.CanvasSettings(width: 390, height: 844, scale: 2, background: .white))
        XCTAssertEqual([scene.canvas.pixelWidth, scene.canvas.pixelHeight], [780, 1688])
        XCTAssertEqual(scene.fps, 60)
        XCTAssertEqual(scene.duration, 3)
        XCTAssertEqual(scene.frameCount, 181)
        XCTAssertEqual(scene.collection.sections, [Scene.Section(items: 1000)])
        var flow = Scene.Flow()
        flow.itemSize = CGSize(width: 60, height: 60)
        flow.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        XCTAssertEqual(scene.collection.layout, .flow(flow))
        XCTAssertEqual(scene.collection.interaction, .clusterDrag(Scene.ClusterDrag(frequency: 8, damping: 0.6)))
        XCTAssertEqual(scene.collection.selected, [3, 4, 12].map { IndexPath(item: $0, section: 0) })
        XCTAssertTrue(scene.collection.allowsMultipleSelection)
        XCTAssertEqual(scene.style.cell.color, Color(rgb: 0x808080))
        XCTAssertEqual(scene.style.cell.selectedColor, Color(rgb: 0xFF0000))
        XCTAssertEqual(scene.style.cell.cornerRadius, 8)
        XCTAssertEqual(scene.touches, [
            .down(at: 0.2, point: CGPoint(x: 150, y: 200)),
            .move(at: 0.9, point: CGPoint(x: 300, y: 600), duration: 1, curve: .easeInOut),
            .up(at: 2.2),
        ])
        XCTAssertEqual(scene.physics, Scene.Physics(integrator: .exact, step: 1.0 / 960))
    }

    @MainActor func testJSONDecoderReadsAScene() async throws {
        let scene = try JSONDecoder().decode(Scene.self, from: Data(Self.designExample.utf8))
        XCTAssertEqual(scene, try Scene(data: Array(Self.designExample.utf8), file: "design.json"))
        let broken = Self.designExample.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": 600")
        XCTAssertThrowsError(try JSONDecoder().decode(Scene.self, from: Data(broken.utf8))) { error in
            XCTAssertEqual((error as? SceneError)?.location, "fps")
        }
    }

    /// 0.1 + 0.2 is 0.30000000000000004: a touch at 0.3 still meets a move that ends there.
    @MainActor func testTouchTimesThatMeetAreAcceptedWithinAMicrosecond() async throws {
        let scene = """
            { "collection": { "items": 4, "layout": { "type": "flow", "itemSize": [40, 30] } }, "duration": 1,
              "touches": [ { "at": 0, "down": [10, 10] }, { "at": 0.1, "move": [50, 50], "duration": 0.2 }, { "at": 0.3, "up": true } ] }
            """
        XCTAssertNoThrow(try Scene(data: Array(scene.utf8), file: "meet.json"))
        let early = scene.replacingOccurrences(of: "{ \"at\": 0.3, \"up\"", with: "{ \"at\": 0.29999, \"up\"")
        XCTAssertThrowsError(try Scene(data: Array(early.utf8), file: "early.json")) { error in
            XCTAssertEqual((error as? SceneError)?.location, "touches[2].at")
        }
    }

    func testSectionsPairsColoursAndPhysics() throws {
        let scene = try Scene(data: Array("""
            { "collection": { "sections": [{ "items": 3, "header": "A" }, { "items": 5, "footer": "B" }],
                              "layout": { "type": "waterfall", "columns": 3, "heights": [50, 90] },
                              "selected": [[1, 4], 2] },
              "canvas": { "background": "#11223380" },
              "physics": { "integrator": "uikit" } }
            """.utf8), file: "x.json", defaultName: "my scene")
        XCTAssertEqual(scene.name, "my-scene")
        XCTAssertEqual(scene.collection.sections, [Scene.Section(items: 3, header: "A"), Scene.Section(items: 5, footer: "B")])
        XCTAssertEqual(scene.collection.selected, [IndexPath(item: 4, section: 1), IndexPath(item: 2, section: 0)])
        XCTAssertEqual(scene.canvas.background, Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80))
        XCTAssertEqual(scene.physics.integrator, .uikit)
        guard case .waterfall(let waterfall) = scene.collection.layout else { return XCTFail("not a waterfall") }
        XCTAssertEqual(waterfall.columns, 3)
        XCTAssertEqual(waterfall.heights, .list([50, 90]))
    }

    /// Waterfall columns spaced wider than the canvas have no width: valid, but said, as items too
    /// wide for a flow layout are.
    func testWaterfallSpacingWiderThanTheCanvasIsAWarning() throws {
        let scene = try Scene(data: Array("""
            { "canvas": { "width": 100, "height": 200, "scale": 1 },
              "collection": { "items": 4, "layout": { "type": "waterfall", "columns": 3, "columnSpacing": 60 } } }
            """.utf8), file: "w.json")
        XCTAssertEqual(scene.warnings, ["collection.layout.columnSpacing: 3 columns 60 pt apart leave no width for the columns "
                                        + "(100 pt after the section insets); the items are not shown. Lower columnSpacing or columns"])
        let fits = try Scene(data: Array("""
            { "canvas": { "width": 100, "height": 200, "scale": 1 },
              "collection": { "items": 4, "layout": { "type": "waterfall", "columns": 3, "columnSpacing": 10 } } }
            """.utf8), file: "w.json")
        XCTAssertEqual(fits.warnings, [])
    }

    /// Every built-in scene is read from the module's resources, one file per scene, byte for
    /// byte, and is a valid scene of its own name.
    func testBuiltInScenes_EveryOneLoadsFromTheBundleAndIsValid() throws {
        let bundle = try XCTUnwrap(BuiltInScenes.resourceBundle, "the resource bundle is beside the test bundle")
        let folder = try XCTUnwrap(bundle.resourceURL).appendingPathComponent(BuiltInScenes.resourceFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(files, BuiltInScenes.all.map { "\($0.name).json" }.sorted())
        XCTAssertEqual(BuiltInScenes.all.count, 12)
        for entry in BuiltInScenes.all {
            let bytes = try Data(contentsOf: folder.appendingPathComponent("\(entry.name).json"))
            XCTAssertEqual(Array(try entry.text().utf8), Array(bytes), entry.name)
            XCTAssertEqual(entry.json, try entry.text())
            let scene = try entry.scene()
            XCTAssertEqual(scene.name, entry.name)
            XCTAssertEqual(scene.warnings, [], entry.name)
            XCTAssertEqual(scene.canvas.scale, 2, entry.name)
            XCTAssertTrue((2...6).contains(scene.duration), "\(entry.name) lasts \(scene.duration) s")
            XCTAssertFalse(scene.touches.isEmpty && scene.updates.isEmpty, "\(entry.name): something happens")
        }
        XCTAssertEqual(BuiltInScenes.named(BuiltInScenes.defaultName)?.name, "cluster-drag")
        XCTAssertEqual(BuiltInScenes.all.first?.name, BuiltInScenes.defaultName)
    }

    /// A built-in scene whose file is not among the resources is an error that names the file.
    func testBuiltInScenes_AMissingResourceIsAnErrorNamingTheFile() throws {
        XCTAssertThrowsError(try BuiltInScenes.resource(named: "no-such-scene")) { error in
            XCTAssertEqual((error as? SceneError)?.file, "Scenes/no-such-scene.json")
        }
        let entry = BuiltInScenes.Entry(name: "no-such-scene", summary: "")
        XCTAssertEqual(entry.json, "")
        XCTAssertThrowsError(try entry.scene()) { error in
            XCTAssertTrue("\(error)".hasPrefix("Scenes/no-such-scene.json: the built-in scene's file is not in the resource bundle "),
                          "\(error)")
        }
        var replaced = entry
        replaced.json = try XCTUnwrap(BuiltInScenes.named("circle")).json
        XCTAssertEqual(try replaced.scene().name, "circle", "a text set by hand is read")
    }

    /// The scene files article shows the default demo's scene in full; it must be the real one.
    func testTheScenesArticleShowsTheDefaultScene() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Springframes/Springframes.docc/Scenes.md").standardized, encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "# Scene files"))
        let start = try XCTUnwrap(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        XCTAssertEqual(String(readme[start.upperBound..<end.lowerBound]), BuiltInScenes.named("cluster-drag")?.json)
    }

    func testErrorsNameTheFileThePathAndWhatWasFound() {
        func message(_ text: String) -> String {
            do {
                _ = try Scene(data: Array(text.utf8), file: "s.json")
                return "no error"
            } catch {
                return String(describing: error)
            }
        }
        XCTAssertEqual(message(#"{"collection": {"items": 3, "layout": {"type": "flow", "sectionInset": [1, 2, 3]}}}"#),
                       "s.json: collection.layout.sectionInset: expected insets [top, left, bottom, right] in points: an array of 4 numbers, found an array of 3 elements")
        XCTAssertEqual(message(#"{"collection": {"items": 3, "layout": {"type": "circle", "itemSize": [70, -1]}}}"#),
                       "s.json: collection.layout.itemSize[1]: expected a number from 1 to 8192, found -1")
        XCTAssertEqual(message(#"{"collection": {"items": 3, "layout": {"type": "flow"}, "interaction": {"type": "springyScroll", "distance": "euclid"}}}"#),
                       #"s.json: collection.interaction.distance: expected one of "alongScroll", "manhattan", found "euclid""#)
        XCTAssertEqual(message(##"{"collection": {"items": 3, "layout": {"type": "flow"}}, "style": {"cell": {"colour": "#FF0000"}}}"##),
                       #"s.json: style.cell.colour: unknown key "colour"; did you mean "color"? The keys here are: template, color, selectedColor, highlightColor, cornerRadius, contentScale, contentColor, borderColor, borderWidth, label, labelColor, fontSize."#)
        XCTAssertEqual(message("{\n  \"collection\": {\n    \"items\": 3,\n"),
                       "s.json: line 4, column 1: not valid JSON: the document ends inside an object")
        XCTAssertEqual(message(#"{"collection": {"items": 3, "layout": {"type": "flow"}}, "touches": [{"at": 0.5, "up": true}]}"#),
                       #"s.json: touches[0].up: expected the finger to be down before "up"; add a "down" event first"#)
    }

    func testJSONParser() throws {
        XCTAssertEqual(try JSONParser.parse(Array(#"{"a": [1, -2.5e1, true, null], "b": "\u00e9\ud83d\ude00\n"}"#.utf8)),
                       .object([("a", .array([.number(1), .number(-25), .bool(true), .null])), ("b", .string("é😀\n"))]))
        XCTAssertThrowsError(try JSONParser.parse(Array("{\"a\": 01}".utf8))) { error in
            XCTAssertEqual(error as? JSONSyntaxError, JSONSyntaxError(line: 1, column: 7, reason: "a number with a leading zero"))
        }
        XCTAssertThrowsError(try JSONParser.parse(Array("{\"a\": 1,\n \"a\": 2}".utf8))) { error in
            XCTAssertEqual(error as? JSONSyntaxError, JSONSyntaxError(line: 2, column: 2, reason: "the key \"a\" appears twice in the same object"))
        }
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        XCTAssertThrowsError(try JSONParser.parse(Array(deep.utf8)))
    }

    func testTouchScriptSamplesMovesAt120Hz() {
        let touches = TouchScript.touches(for: [
            .tap(at: 0.1, point: CGPoint(x: 5, y: 5), duration: 0.1),
            .down(at: 0.5, point: CGPoint(x: 0, y: 0)),
            .move(at: 1, point: CGPoint(x: 100, y: 0), duration: 0.5, curve: .easeInOut),
            .up(at: 2),
        ])
        XCTAssertEqual(touches.count, 2 + 1 + 60 + 1)
        XCTAssertEqual(touches[0], Touch(.began, at: CGPoint(x: 5, y: 5), time: 0.1))
        XCTAssertEqual(touches[1].phase, .ended)
        XCTAssertEqual(touches[1].timestamp, 0.2, accuracy: 1e-12)
        let moves = touches.filter { $0.phase == .moved }
        XCTAssertEqual(moves.count, 60)
        XCTAssertEqual(moves[29].location.x, 50, accuracy: 1e-9)        // half way in time, half way along
        XCTAssertEqual(moves[29].timestamp, 1.25, accuracy: 1e-12)
        XCTAssertLessThan(moves[0].location.x, 0.01)                    // eased in
        XCTAssertEqual(moves[59], Touch(.moved, at: CGPoint(x: 100, y: 0), time: 1.5))
        XCTAssertEqual(touches.last, Touch(.ended, at: CGPoint(x: 100, y: 0), time: 2))
    }

    func testWaterfallHeightsComeFromTheSeed() {
        let a = SceneRunner.waterfallHeights(.range(80, 220), count: 500, seed: 7)
        XCTAssertEqual(a, SceneRunner.waterfallHeights(.range(80, 220), count: 500, seed: 7))
        XCTAssertNotEqual(a, SceneRunner.waterfallHeights(.range(80, 220), count: 500, seed: 8))
        XCTAssertTrue(a.allSatisfy { (80...220).contains($0) && $0 == $0.rounded() })
        XCTAssertGreaterThan(Set(a).count, 100)
        XCTAssertEqual(SceneRunner.waterfallHeights(.list([10, 20]), count: 5, seed: 0), [10, 20, 10, 20, 10])
    }
}
