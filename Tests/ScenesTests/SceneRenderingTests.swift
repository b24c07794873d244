import Vocabulary
import CollectionLayout
import Foundation
import DisplayList
import FrameIO
import Raster
@testable import Scenes
import Recording
import XCTest

final class SceneRenderingTests: XCTestCase {
    /// One 100 × 100 pt cell at (50, 50) on a 200 × 200 canvas at scale 1: content view at 80 %
    /// (60…140) filled blue, no border, no label.
    @MainActor static func oneCell(_ extra: String = "", touches: String = "[]") throws -> Scene {
        try Scene(data: Array("""
            { "canvas": { "width": 200, "height": 200, "scale": 1, "background": "#102030" }, "duration": 1,
              "collection": { "items": 1, "layout": { "type": "flow", "itemSize": [100, 100], "sectionInset": [50, 50, 50, 50] } \(extra) },
              "style": { "cell": { "color": "#808080", "selectedColor": "#FF0000", "highlightColor": "#FFCC00",
                                   "contentColor": "#0000FF", "borderWidth": 0, "label": false, "cornerRadius": 0 } },
              "touches": \(touches) }
            """.utf8), file: "one.json")
    }

    @MainActor private func image(_ scene: Scene, frame: Int) throws -> Canvas {
        SceneRendering(scene: scene, font: try Font.named(), workers: 1).image(ofFrame: frame)
    }

    @MainActor func testCellColoursFromTheStyle() async throws {
        let plain = try image(try Self.oneCell(), frame: 0)
        XCTAssertEqual(plain.pixel(x: 10, y: 10), Color(rgb: 0x102030))     // background
        XCTAssertEqual(plain.pixel(x: 55, y: 100), Color(rgb: 0x808080))    // cell, outside the content view
        XCTAssertEqual(plain.pixel(x: 100, y: 100), Color(rgb: 0x0000FF))   // content view
        XCTAssertEqual(plain.pixel(x: 145, y: 145), Color(rgb: 0x808080))
        XCTAssertEqual(plain.pixel(x: 151, y: 100), Color(rgb: 0x102030))   // just outside the cell

        let selected = try image(try Self.oneCell(#", "selected": [0]"#), frame: 0)
        XCTAssertEqual(selected.pixel(x: 55, y: 100), Color(rgb: 0xFF0000))

        // A finger on the cell highlights it while down, once the scroll view's 0.15 s content
        // delay has passed (frame 3 of 60 fps, t = 0.05 s: not yet; frame 12, t = 0.2 s: yes).
        let touched = try Self.oneCell(touches: #"[{ "at": 0.0, "down": [100, 100] }, { "at": 0.5, "up": true }]"#)
        XCTAssertEqual(try image(touched, frame: 3).pixel(x: 55, y: 100), Color(rgb: 0x808080))
        XCTAssertEqual(try image(touched, frame: 12).pixel(x: 55, y: 100), Color(rgb: 0xFFCC00))
        // Lifted without moving: the cell is selected.
        XCTAssertEqual(try image(touched, frame: 40).pixel(x: 55, y: 100), Color(rgb: 0xFF0000))
    }

    /// Frames that show what the previous frame showed are written from its bytes, not drawn
    /// again; the files are the very bytes drawing each frame gives, with any worker count.
    @MainActor func testRepeatedFramesAreWrittenAsDrawn() async throws {
        let scene = try Self.oneCell(touches: #"[{ "at": 0.2, "down": [100, 100] }, { "at": 0.5, "up": true }]"#)
        let player = SceneRunner(scene: scene, font: try Font.named()).play(fps: scene.fps)
        let frames = (0..<scene.frameCount).map { player.frame($0) }
        let repeats = (1..<frames.count).filter { frames[$0].showsTheSame(as: frames[$0 - 1]) }
        // At rest before the touch, while it is down, and after the selection: all but the changes.
        XCTAssertGreaterThan(repeats.count, 50)
        XCTAssertFalse(frames[12].showsTheSame(as: frames[11]), "the finger lands at frame 12")
        let expected = try SceneRendering(scene: scene, font: try Font.named(), workers: 1)
            .images(ofFrames: Array(0..<scene.frameCount)).map { try PNGCodec.encode($0) }
        for (workers, reuses) in [(1, true), (3, true), (2, false)] {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repeats-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            var rendering = SceneRendering(scene: scene, font: try Font.named(), workers: workers)
            rendering.reusesRepeatedFrames = reuses
            let manifest = try rendering.render(to: directory)
            for entry in manifest.frames {
                let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(entry.file)))
                XCTAssertEqual(bytes, expected[entry.index], "frame \(entry.index), \(workers) workers, reuse \(reuses)")
            }
        }
    }

    /// The cells a frame shows raised: scaled by the lift about their centres, casting its shadow.
    @MainActor private func liftedCells(_ runner: SceneRunner) -> [SceneCell] {
        runner.collectionView.subviews.compactMap { $0 as? SceneCell }.filter { $0.layer.shadowOpacity > 0 }
    }

    @MainActor func testDraggedCellsAreLiftedAndSpringsAreReported() async throws {
        let scene = try BuiltInScenes.named("cluster-drag")!.scene()
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let player = runner.play(fps: scene.fps)
        _ = player.frame(60)                                // 1.0 s: selected, not dragged yet
        XCTAssertEqual(liftedCells(runner), [])
        let dragging = player.frame(150)                    // 2.5 s: dragging
        let lifted = liftedCells(runner)
        XCTAssertEqual(lifted.map { $0.label.text }, ["7", "8", "12", "13"])
        XCTAssertEqual(lifted.map(\.isSelected), [true, true, true, true])
        let lift = scene.style.lift
        for cell in lifted {
            XCTAssertEqual(cell.transform, CGAffineTransform(scaleX: CGFloat(lift.scale), y: CGFloat(lift.scale)))
            XCTAssertEqual(cell.layer.shadowRadius, CGFloat(lift.shadowRadius))
            XCTAssertEqual(cell.layer.shadowOffset, lift.shadowOffset)
        }
        XCTAssertEqual(runner.interaction?.springs.count, 16)   // four corners per cell
        XCTAssertNotNil(dragging.touch)
        // Drawn last: above every other cell.
        XCTAssertEqual(runner.collectionView.subviews.suffix(4).map { ($0 as? SceneCell)?.layer.shadowOpacity }, [1, 1, 1, 1])
        // Let go and back in the grid: nothing is raised any more.
        _ = player.frame(scene.frameCount - 1)
        XCTAssertEqual(liftedCells(runner), [])
    }

    @MainActor func testHeadersAndFootersCarryTheirSectionsText() async throws {
        let runner = SceneRunner(scene: try BuiltInScenes.named("flow-sections")!.scene(), font: try Font.named())
        _ = runner.play(fps: 60).frame(0)
        let supplementary = runner.collectionView.subviews.compactMap { $0 as? SceneSupplementaryView }.sorted { $0.center.y < $1.center.y }
        XCTAssertEqual(supplementary.map(\.text), ["Favourites", "7 items", "Recent", "13 items", "All photos"])
        // A 44 pt header across the width, at the top of the content.
        XCTAssertEqual(supplementary[0].bounds.size, CGSize(width: 390, height: 44))
        XCTAssertEqual(supplementary[0].center, CGPoint(x: 195, y: 22))
    }

    @MainActor func testOverlaysDrawTheTouchAndTheSprings() async throws {
        var scene = try BuiltInScenes.named("cluster-drag")!.scene()
        let frame = 150   // 2.5 s: dragging
        let plain = try image(scene, frame: frame)
        scene.overlays = Scene.Overlays(touches: true, springs: true)
        let annotated = try image(scene, frame: frame)
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let touch = try XCTUnwrap(runner.play(fps: scene.fps).frame(frame).touch)
        // The translucent disc darkens the pixel under the finger (a gap between cells: white).
        let under = (x: Int(touch.x * 2), y: Int(touch.y * 2))
        XCTAssertNotEqual(plain.pixel(x: under.x, y: under.y), annotated.pixel(x: under.x, y: under.y))
        // Each anchor gets a blue dot (the collection view is not scrolled: content points are window points).
        XCTAssertEqual(runner.collectionView.contentOffset, .zero)
        let anchor = try XCTUnwrap(runner.interaction?.springs.first).anchor
        XCTAssertEqual(annotated.pixel(x: Int(anchor.x * 2), y: Int(anchor.y * 2)).blue, 0xFF)
    }

    /// A caption is a band at the bottom of the frame while its span holds the frame's time, and
    /// nothing outside it.
    @MainActor func testCaptionsShowDuringTheirSpan() async throws {
        var scene = try Self.oneCell()
        scene.canvas.height = 200
        scene.captions = [Scene.Caption(from: 0.2, to: 0.5, text: "Hello")]
        let before = try image(scene, frame: 6), during = try image(scene, frame: 18), after = try image(scene, frame: 40)
        // The band: 34 pt high, its bottom 24 pt above the canvas' bottom edge, dark over the background.
        let band = (x: 100, y: 200 - 24 - 17)
        XCTAssertEqual(before.pixel(x: band.x, y: band.y), Color(rgb: 0x102030))
        XCTAssertEqual(after.pixel(x: band.x, y: band.y), Color(rgb: 0x102030))
        XCTAssertNotEqual(during.pixel(x: band.x - 30, y: band.y), Color(rgb: 0x102030))
        XCTAssertEqual(during.pixel(x: band.x, y: 200 - 2), Color(rgb: 0x102030))
    }

    @MainActor func testSheetLaysOutFramesInAGrid() async throws {
        let scene = try Self.oneCell()
        let sheet = ContactSheet(every: 20, columns: 2, thumbnailScale: 0.5)
        XCTAssertEqual(sheet.frames(frameCount: scene.frameCount), [0, 20, 40, 60])
        let canvas = sheet.draw(scene, font: try Font.named())
        // Two columns of 100 px frames with 16 px margins and a 12 px gap; two rows with captions.
        XCTAssertEqual(canvas.width, 16 + 100 + 12 + 100 + 16)
        XCTAssertEqual(canvas.height, 16 + 2 * (100 + 22) + 12 + 16)
        XCTAssertEqual(canvas.pixel(x: 16 + 50, y: 16 + 50), Color(rgb: 0x0000FF))          // frame 0's content view
        XCTAssertEqual(canvas.pixel(x: 128 + 5, y: 16 + 5), Color(rgb: 0x102030))            // frame 20's background
        XCTAssertEqual(canvas.pixel(x: 4, y: 4), Color(rgb: 0xE5E5EA))                        // the sheet
    }

    /// A sheet of 40 frames of 2048 × 2048 px holds one frame at a time: the process's peak
    /// memory grows by far less than the 671 MB that keeping every frame took.
    @MainActor func testASheetHoldsOneFrameAtATime() async throws {
        let scene = try Scene(data: Array("""
            { "canvas": { "width": 1024, "height": 1024, "scale": 2 }, "fps": 10, "duration": 3.9,
              "collection": { "items": 4, "layout": { "type": "flow", "itemSize": [300, 300] } } }
            """.utf8), file: "big.json")
        func peakMegabytes() -> Double {
            var usage = rusage()
            #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024           // kilobytes
            #else
            getrusage(RUSAGE_SELF, &usage)
            return Double(usage.ru_maxrss) / 1_048_576      // bytes
            #endif
        }
        let before = peakMegabytes()
        let sheet = ContactSheet(every: 1, columns: 8, thumbnailScale: 0.05).draw(scene, font: try Font.named())
        XCTAssertEqual(sheet.width, 16 + 8 * 102 + 7 * 12 + 16)
        XCTAssertLessThan(peakMegabytes() - before, 200, "peak memory grew by more than a few frames")
    }
}

final class WaterfallRearrangeTests: XCTestCase {
    /// Two columns of 150 pt, heights 60, 120, 180, 240 repeated: item 0 is long-pressed and
    /// dragged down over the others. Each item keeps its own height in whatever slot it lands in,
    /// so the dragged cell keeps its shape.
    @MainActor func testHeightsFollowTheirItemsThroughMoves() async throws {
        let scene = try Scene(data: Array("""
            { "canvas": { "width": 300, "height": 800, "scale": 1 }, "duration": 2.5,
              "collection": { "items": 8, "interaction": { "type": "rearrange" },
                              "layout": { "type": "waterfall", "columns": 2, "columnSpacing": 0, "itemSpacing": 0,
                                          "sectionInset": [0, 0, 0, 0], "heights": [60, 120, 180, 240] } },
              "touches": [ { "at": 0.1, "down": [75, 30] }, { "at": 0.8, "move": [75, 400], "duration": 1 },
                           { "at": 2.0, "up": true } ] }
            """.utf8), file: "waterfall-rearrange.json")
        let runner = SceneRunner(scene: scene, font: nil)
        let player = runner.play(fps: scene.fps)
        let heights: [CGFloat] = [60, 120, 180, 240]
        var moved = false
        for frame in stride(from: 0, to: scene.frameCount, by: 6) {
            player.advance(toFrame: frame)
            let collectionView = runner.collectionView
            for item in 0..<8 {
                let indexPath = IndexPath(item: item, section: 0)
                let identifier = try XCTUnwrap(collectionView.itemIdentifier(at: indexPath))
                moved = moved || identifier != item
                let attributes = try XCTUnwrap(collectionView.layoutAttributesForItem(at: indexPath))
                XCTAssertEqual(attributes.size.height, heights[identifier % 4], "frame \(frame), item \(item) shows item \(identifier)")
            }
        }
        XCTAssertTrue(moved, "the drag moved item 0 to another slot")
    }
}

/// The scenes' look is a real `UICollectionViewCell`: a collection view of the user's own that
/// registers `SceneCell` shows the style's colours.
final class SceneCellTests: XCTestCase {
    private final class Cells: UICollectionViewDataSource {
        let style: Scene.CellStyle
        let font: Font
        init(style: Scene.CellStyle, font: Font) { (self.style, self.font) = (style, font) }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "scene", for: indexPath) as! SceneCell
            cell.configure(with: style, font: font, text: String(indexPath.item))
            return cell
        }
    }

    @MainActor func testACollectionViewOfSceneCellsShowsTheStylesLook() async throws {
        let scene = try XCTUnwrap(BuiltInScenes.named("flow-sections")).scene()
        var style = scene.style.cell
        style.contentColor = Color(rgb: 0x3366CC)
        let font = try Font.named()
        let size = CGSize(width: 300, height: 400)

        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 70, height: 50)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        collectionView.register(SceneCell.self, forCellWithReuseIdentifier: "scene")
        let cells = Cells(style: style, font: font)
        collectionView.dataSource = cells
        collectionView.selectItem(at: IndexPath(item: 3, section: 0), animated: false)
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        window.send(Touch(.began, at: CGPoint(x: 45, y: 45), time: 0.1))
        window.advance(to: 0.25)                                          // item 0 highlighted
        let viewCanvas = Canvas(pointWidth: 300, pointHeight: 400, scale: 2, background: .white)
        ViewRenderer.draw(window.snapshot(), into: viewCanvas)

        // The look is the style's: highlighted, selected and plain backgrounds, the content fill.
        XCTAssertEqual(viewCanvas.pixel(x: 2 * 12, y: 2 * 35), style.highlightColor)
        let third = collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
        XCTAssertEqual(viewCanvas.pixel(x: Int(2 * third.minX) + 4, y: Int(2 * third.midY)), style.selectedColor)
        let second = collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame
        XCTAssertEqual(viewCanvas.pixel(x: Int(2 * second.minX) + 4, y: Int(2 * second.midY)), style.color)
        XCTAssertEqual(viewCanvas.pixel(x: Int(2 * second.midX) + 20, y: Int(2 * second.midY) + 20), Color(rgb: 0x3366CC))
    }
}
