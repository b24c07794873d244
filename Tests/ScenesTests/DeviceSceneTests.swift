import CollectionLayout
import Foundation
import DisplayList
import Raster
@testable import Recording
@testable import Scenes
import Testing

/// Scene format 1.3: a scene on a device's screen, in light or dark appearance.
@MainActor @Suite struct DeviceSceneTests {
    private func scene(_ text: String) throws -> Scene { try Scene(data: Array(text.utf8), file: "s.json") }

    private func message(_ text: String) -> String {
        do {
            _ = try scene(text)
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    @Test func aDeviceSetsTheCanvasAndTheChrome() throws {
        let onPro = try scene(#"{"device": "iPhone 16 Pro", "collection": {"items": 3, "layout": {"type": "flow"}}}"#)
        #expect(onPro.device == .iPhone16Pro && onPro.orientation == .portrait && onPro.chrome == .all)
        #expect((onPro.canvas.width, onPro.canvas.height, onPro.canvas.scale) == (402, 874, 3))
        let landscape = try scene(#"""
            {"device": "iphone-se", "orientation": "landscape", "canvas": {"scale": 1}, "appearance": "dark",
             "chrome": {"homeIndicator": false}, "collection": {"items": 3, "layout": {"type": "flow"}}}
            """#)
        #expect((landscape.canvas.width, landscape.canvas.height, landscape.canvas.scale) == (667, 375, 1))
        #expect(landscape.chrome == [.statusBar, .roundedCorners] && landscape.appearance == .dark)
        // Dark appearance: an unset background is black.
        #expect(landscape.canvas.background == .black)
    }

    @Test func devicesAndAppearancesAreCheckedWithTheirPaths() {
        #expect(message(#"{"device": "iPhone 7", "collection": {"items": 1, "layout": {"type": "flow"}}}"#)
            == #"s.json: device: expected a device, one of "iPhone SE", "iPhone 16", "iPhone 16 Pro", "iPhone 16 Pro Max", "iPad 11-inch", found "iPhone 7" (a string)"#)
        #expect(message(#"{"device": "iPhone 16", "canvas": {"width": 300}, "collection": {"items": 1, "layout": {"type": "flow"}}}"#)
            == #"s.json: canvas.width: a scene on a device takes the canvas size from its screen: remove "width", or remove "device""#)
        #expect(message(#"{"orientation": "landscape", "collection": {"items": 1, "layout": {"type": "flow"}}}"#)
            .hasPrefix(#"s.json: orientation: "orientation" needs a "device""#))
        #expect(message(#"{"appearance": "dim", "collection": {"items": 1, "layout": {"type": "flow"}}}"#)
            .hasPrefix("s.json: appearance: expected one of"))
    }

    @Test func aDarkDeviceSceneShowsItsScreen() throws {
        let scene = try scene(#"""
            {"device": "iPhone 16", "appearance": "dark", "canvas": {"scale": 1}, "duration": 0.1,
             "style": {"cell": {"template": "bubble"}},
             "collection": {"items": [{"text": "Hello 👋", "side": "right"}, {"text": "Hi!"}],
                            "layout": {"type": "flow", "itemSize": [300, 44]}}}
            """#)
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let frame = runner.play(fps: scene.fps).frame(0)
        let canvas = Canvas(pointWidth: 393, pointHeight: 852, scale: 1, background: .black)
        FrameDrawer(showsTouches: false).draw(frame, into: canvas)
        // The corner is cut, the status bar is white on black, the first cell sits below the safe area.
        #expect(canvas.pixel(x: 0, y: 0).alpha == 0)
        #expect(frame.chrome?.content == .light)
        let first = try #require(runner.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.convert(first.bounds, to: nil).minY >= 59)
        #expect(runner.window.traitCollection.userInterfaceStyle == .dark)
        // The grey bubble of the other side is the dark systemGray5.
        let second = try #require(runner.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let box = second.convert(second.bounds, to: nil)
        #expect(canvas.pixel(x: Int(box.minX) + 12, y: Int(box.midY)) == Color(rgb: 0x2C2C2E))
    }
}
