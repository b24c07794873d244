import Foundation
import Raster

/// Canvases of one size, lent to pipeline workers and taken back, so a render does not allocate
/// (and the kernel does not zero) 12 MB of fresh pages for every 1170×2532 frame.
/// `@unchecked`: `idle` is read and written only with `lock` held; a workspace lent out belongs to
/// the one worker that holds it until it is given back.
public final class CanvasPool: @unchecked Sendable {
    public let pixelWidth: Int, pixelHeight: Int
    public let scale: Double
    private let lock = NSLock()
    private var idle: [Workspace] = []

    /// A canvas and the PNG encoder's buffers that go with it: reused frame after frame, so a
    /// worker allocates nothing per frame (freshly allocated buffers this size are mapped and
    /// unmapped by malloc each time, and their pages fault in again: a quarter of all CPU time).
    public final class Workspace {
        public let canvas: Canvas
        public var scratch = PNGCodec.EncodeScratch()

        init(canvas: Canvas) { self.canvas = canvas }

        /// Encodes the canvas with the workspace's buffers.
        public func encode(options: PNGCodec.Options) throws -> [UInt8] {
            try PNGCodec.encode(canvas, options: options, scratch: &scratch)
        }
    }

    public init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// Runs `body` with a workspace whose canvas is filled with `background`; it returns to the
    /// pool after. Do not keep it beyond `body`.
    public func withWorkspace<Result>(background: Color, _ body: (Workspace) throws -> Result) rethrows -> Result {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        let workspace: Workspace
        if let reused {
            reused.canvas.clear(background)
            workspace = reused
        } else {
            workspace = Workspace(canvas: Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, background: background))
        }
        defer {
            lock.lock()
            idle.append(workspace)
            lock.unlock()
        }
        return try body(workspace)
    }

    /// Runs `body` with a canvas filled with `background`; the canvas returns to the pool after.
    /// Do not keep the canvas beyond `body`.
    public func withCanvas<Result>(background: Color, _ body: (Canvas) throws -> Result) rethrows -> Result {
        try withWorkspace(background: background) { try body($0.canvas) }
    }
}
