import Foundation
import Raster
import Recording
import Views

extension Recorder {
    /// A scene, recorded as any UI is: its window (`SceneRunner`) played on its clock, snapshots
    /// drawn by the view renderer, traced as windows are. Its text is drawn in `font`, or in the
    /// scene's own `style.font` when it names one; a scene on a device without a `style.font` is
    /// set in the system font (Inter with iOS's tracking), as the device would set it.
    public init(scene: Scene, font: Font) {
        // The scene's own font, checked when the scene was read, draws its text.
        let font = scene.style.font.flatMap { try? Font.named($0) }
            ?? (scene.device != nil ? UIFont.systemFont(ofSize: CGFloat(scene.style.cell.fontSize)).face : nil) ?? font
        self.init(name: scene.name, canvas: scene.canvas, fps: scene.fps, duration: scene.duration + scene.hold,
                  showsTouches: scene.overlays.touches) { fps, _ in
            SceneRunner(scene: scene, font: font).play(fps: fps)
        }
        hasTransparentCorners = scene.hasTransparentCorners
        touches = TouchScript(scene.touches)
        marks = scene.marks
    }

    @available(*, deprecated, renamed: "init(scene:font:)", message: "a scene is always recorded as a window of cells now")
    public init(sceneInWindow scene: Scene, font: Font) {
        self.init(scene: scene, font: font)
    }
}

extension SceneTrace {
    /// Runs `scene` and records frames `range` (default: all).
    @MainActor public init(scene: Scene, frames range: ClosedRange<Int>? = nil) {
        self.init(scene: scene.name, fps: scene.fps, frameCount: scene.frameCount, rows: Array(Frames(scene: scene, frames: range).joined()))
    }

    /// A scene's trace one frame at a time, as the scene runs: a trace of any length in the
    /// memory of one frame's rows.
    @MainActor
    public struct Frames: @MainActor Sequence, @MainActor IteratorProtocol {
        private let player: WindowPlayer
        private var frames: ClosedRange<Int>.Iterator

        public init(scene: Scene, frames range: ClosedRange<Int>? = nil) {
            // Layout, not drawing, makes a trace: no font, plain cells.
            player = SceneRunner(scene: scene, font: nil).play(fps: scene.fps)
            frames = (range ?? 0...(scene.frameCount - 1)).makeIterator()
        }

        /// The rows of the next frame, in key order.
        public mutating func next() -> [Row]? {
            frames.next().map { player.traceRows(frame: $0) }
        }
    }

    /// Runs `scene` and writes its trace of frames `range` through `write`, a frame's text at a
    /// time (never the whole trace at once); returns the number of rows.
    @discardableResult @MainActor
    public static func stream(_ scene: Scene, frames range: ClosedRange<Int>? = nil, format: Encoder.Format,
                              to write: (String) throws -> Void) rethrows -> Int {
        let frames = range ?? 0...(scene.frameCount - 1)
        return try stream(Frames(scene: scene, frames: frames), scene: scene.name, fps: scene.fps, frameCount: scene.frameCount,
                          frames: frames, format: format, to: write)
    }
}

extension ContactSheet {
    /// Renders the scene's frames and lays them out; the sheet's pixels are its points (scale 1).
    /// Each frame is drawn into one reused canvas and shrunk to its thumbnail at once, so the
    /// memory is the thumbnails and one frame, however many frames the sheet shows.
    @MainActor public func draw(_ scene: Scene, font: Font) -> Canvas {
        // A scene's recorder plays it again on every call: it never throws.
        try! Recorder(scene: scene, font: font).contactSheet(self, font: font)
    }
}
