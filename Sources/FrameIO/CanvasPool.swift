import Foundation
import Vocabulary
import Raster

/// Canvases of one size, lent to pipeline workers and taken back, so a render does not allocate
/// (and the kernel does not zero) 12 MB of fresh pages for every 1170×2532 frame.
/// A workspace lent out belongs to the one worker that holds it until it is given back.
package final class CanvasPool: Sendable {
    package let pixelWidth: Int, pixelHeight: Int
    package let scale: Double
    private let idle = LockBox<[Workspace]>([])

    /// A canvas and the PNG encoder's buffers that go with it: reused frame after frame, so a
    /// worker allocates nothing per frame (freshly allocated buffers this size are mapped and
    /// unmapped by malloc each time, and their pages fault in again: a quarter of all CPU time).
    package final class Workspace {
        package let canvas: Canvas
        package var scratch = PNGCodec.EncodeScratch()

        init(canvas: Canvas) { self.canvas = canvas }

        /// Encodes the canvas with the workspace's buffers.
        package func encode(options: PNGCodec.Options) throws -> [UInt8] {
            try PNGCodec.encode(canvas, options: options, scratch: &scratch)
        }
    }

    package init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// Runs `body` with a workspace whose canvas is filled with `background`; it returns to the
    /// pool after. Do not keep it beyond `body`.
    package func withWorkspace<Result>(background: Color, _ body: (Workspace) throws -> Result) rethrows -> Result {
        let reused = idle.withLock { $0.popLast() }
        let workspace: Workspace
        if let reused {
            reused.canvas.clear(background)
            workspace = reused
        } else {
            workspace = Workspace(canvas: Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, background: background))
        }
        defer { idle.withLock { $0.append(workspace) } }
        return try body(workspace)
    }

    /// Runs `body` with a canvas filled with `background`; the canvas returns to the pool after.
    /// Do not keep the canvas beyond `body`.
    package func withCanvas<Result>(background: Color, _ body: (Canvas) throws -> Result) rethrows -> Result {
        try withWorkspace(background: background) { try body($0.canvas) }
    }
}
