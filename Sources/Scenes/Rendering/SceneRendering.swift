import FrameIO
import Foundation
import Raster

/// Renders a scene's frames into a folder: `frame_00000.png` … and `manifest.json`.
///
/// The simulation runs on the calling thread, frame after frame; drawing and PNG encoding run on
/// `workers` threads; files are written in frame order, each atomically, and the manifest last.
/// The bytes of a frame do not depend on the worker count or on the frame range rendered.
public struct SceneRendering {
    public var scene: Scene
    public var font: Font
    public var workers: Int
    public var pngOptions: PNGCodec.Options = .frames

    /// `workers` defaults to as many as fit in memory (`WorkerBudget`), at most one per core.
    public init(scene: Scene, font: Font, workers: Int? = nil) {
        self.scene = scene
        self.font = font
        self.workers = max(1, workers ?? Self.budget(scene).workers)
    }

    /// The memory rule for this scene's frames.
    public static func budget(_ scene: Scene) -> WorkerBudget {
        WorkerBudget(pixelsPerFrame: scene.canvas.pixelWidth * scene.canvas.pixelHeight, bytesPerPixel: WorkerBudget.renderBytesPerPixel)
    }

    /// Frames `range` (default: all) into `directory`. `progress` is called on the calling thread
    /// after each frame is written, with the number written and the number to write.
    @discardableResult
    public func render(to directory: URL, frames range: ClosedRange<Int>? = nil,
                       progress: ((Int, Int) -> Void)? = nil) throws -> FrameManifest {
        let frameCount = scene.frameCount
        let range = range ?? 0...(frameCount - 1)
        guard range.lowerBound >= 0, range.upperBound < frameCount else {
            throw RenderRangeError(range: range, frameCount: frameCount)
        }
        let canvas = scene.canvas
        let writer = try FrameSequenceWriter(directory: directory, scene: scene.name, width: canvas.pixelWidth,
                                             height: canvas.pixelHeight, fps: scene.fps, frameCount: frameCount,
                                             scale: canvas.scale)
        let runner = SceneRunner(scene: scene)
        let renderer = SceneRenderer(scene: scene, font: font)
        let pool = CanvasPool(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale)
        let background = canvas.background
        let options = pngOptions
        let frames = Array(range)
        var written = 0
        // A frame that shows what the previous one showed (a UI at rest) is not drawn or encoded
        // again: its job is nil and the previous frame's bytes are written. Drawing is a function
        // of the display list, so the files are the same bytes either way.
        var previous: DisplayList?
        var previousPNG: [UInt8] = []
        try FramePipeline(workers: workers).run(
            frames: frames,
            prepare: { index -> DisplayList? in
                let list = runner.displayList(at: runner.time(ofFrame: index))
                defer { previous = list }
                return previous.map(list.showsTheSame) == true ? nil : list
            },
            render: { _, list -> [UInt8]? in
                guard let list else { return nil }
                return try pool.withWorkspace(background: background) { workspace in
                    renderer.draw(list, into: workspace.canvas)
                    return try workspace.encode(options: options)
                }
            },
            write: { index, drawn in
                let png = drawn ?? previousPNG
                previousPNG = png
                try writer.write(frame: index, png: png)
                written += 1
                progress?(written, frames.count)
            }
        )
        return try writer.finish()
    }

    /// Draws frame `index` into a new canvas (runs the simulation from the start).
    public func image(ofFrame index: Int) -> Canvas {
        images(ofFrames: [index])[0]
    }

    /// Draws the frames `indices` (ascending) into new canvases, running the simulation once.
    public func images(ofFrames indices: [Int]) -> [Canvas] {
        var images: [Canvas] = []
        let canvas = Canvas(pixelWidth: scene.canvas.pixelWidth, pixelHeight: scene.canvas.pixelHeight,
                            scale: scene.canvas.scale, background: scene.canvas.background)
        forEachImage(ofFrames: indices, in: canvas) { _, _ in images.append(canvas.copy()) }
        return images
    }

    /// Draws the frames `indices` (ascending) one after another into `canvas`, running the
    /// simulation once; `body` gets each frame's position in `indices` and its number while the
    /// canvas shows it.
    public func forEachImage(ofFrames indices: [Int], in canvas: Canvas, _ body: (Int, Int) throws -> Void) rethrows {
        let runner = SceneRunner(scene: scene)
        let renderer = SceneRenderer(scene: scene, font: font)
        for (position, index) in indices.enumerated() {
            canvas.clear(scene.canvas.background)
            renderer.draw(runner.displayList(at: runner.time(ofFrame: index)), into: canvas)
            try body(position, index)
        }
    }
}

/// A frame range outside the scene.
public struct RenderRangeError: Error, CustomStringConvertible {
    public var range: ClosedRange<Int>
    public var frameCount: Int

    public var description: String {
        "frames \(range.lowerBound)-\(range.upperBound) are outside the scene, which has \(frameCount) frames (0-\(frameCount - 1))"
    }
}
