import FrameIO
import Foundation
import Raster
import Recording

/// Renders a scene's frames into a folder: `frame_00000.png` … and `manifest.json`.
///
/// The simulation runs on the calling thread, frame after frame; drawing and PNG encoding run on
/// `workers` threads; files are written in frame order, each atomically, and the manifest last.
/// The bytes of a frame do not depend on the worker count or on the frame range rendered.
@MainActor
public struct SceneRendering {
    public var scene: Scene
    public var font: Font
    public var workers: Int
    public var pngOptions: PNGCodec.Options = .frames
    /// Frames that show what the previous one showed are written from its bytes (see
    /// `Recorder.record`); false draws every frame, for benchmarks.
    public var reusesRepeatedFrames = true

    /// `workers` defaults to as many as fit in memory (`WorkerBudget`), at most one per core.
    public init(scene: Scene, font: Font, workers: Int? = nil) {
        self.scene = scene
        self.font = font
        self.workers = max(1, workers ?? Self.budget(scene).workers)
    }

    /// The memory rule for this scene's frames.
    public static func budget(_ scene: Scene) -> WorkerBudget {
        Recorder.budget(for: scene.canvas)
    }

    /// Frames `range` (default: all) into `directory`. `progress` is called on the calling thread
    /// after each frame is written, with the number written and the number to write.
    @discardableResult
    public func render(to directory: URL, frames range: ClosedRange<Int>? = nil,
                       progress: ((Int, Int) -> Void)? = nil) throws -> FrameManifest {
        try recorder.record(to: directory, frames: range, workers: workers, pngOptions: pngOptions,
                            reusesRepeatedFrames: reusesRepeatedFrames, progress: progress).manifest
    }

    /// The scene's recorder, which does the work.
    public var recorder: Recorder { Recorder(scene: scene, font: font) }

    /// Draws frame `index` into a new canvas (runs the simulation from the start).
    public func image(ofFrame index: Int) -> Canvas {
        images(ofFrames: [index])[0]
    }

    /// Draws the frames `indices` (ascending) into new canvases, running the simulation once.
    public func images(ofFrames indices: [Int]) -> [Canvas] {
        // A scene plays again on every call: it never throws.
        try! recorder.images(ofFrames: indices)
    }
}
