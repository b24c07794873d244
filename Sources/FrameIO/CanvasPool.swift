import Foundation
import Raster

/// Canvases of one size, lent to pipeline workers and taken back, so a render does not allocate
/// (and the kernel does not zero) 12 MB of fresh pages for every 1170×2532 frame.
public final class CanvasPool: @unchecked Sendable {
    public let pixelWidth: Int, pixelHeight: Int
    public let scale: Double
    private let lock = NSLock()
    private var idle: [Canvas] = []

    public init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// Runs `body` with a canvas filled with `background`; the canvas returns to the pool after.
    /// Do not keep the canvas beyond `body`.
    public func withCanvas<Result>(background: Color, _ body: (Canvas) throws -> Result) rethrows -> Result {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        let canvas: Canvas
        if let reused {
            reused.clear(background)
            canvas = reused
        } else {
            canvas = Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, background: background)
        }
        defer {
            lock.lock()
            idle.append(canvas)
            lock.unlock()
        }
        return try body(canvas)
    }
}
