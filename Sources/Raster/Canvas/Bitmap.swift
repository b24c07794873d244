import Foundation

/// Pixels that no longer change: an image, made from a canvas once drawing into it is over.
///
/// A ``Canvas`` is drawn into by one thread and never crosses to another (it is not `Sendable`);
/// a bitmap is what crosses instead: images held by view snapshots, which workers draw into
/// frames, are bitmaps. Draw one into a canvas with `Canvas.draw(_:transform:opacity:)`; to change
/// its pixels, draw into ``canvasCopy()``.
///
/// `@unchecked`: the canvas inside is made for the bitmap (a copy, or a canvas that a closure
/// drew and let go) and nothing draws into it afterwards; only reads reach it.
public final class Bitmap: @unchecked Sendable {
    /// The pixels, in a canvas only this bitmap holds and only reads.
    package let frozen: Canvas

    /// A bitmap of `canvas`'s pixels as they are now: drawing into `canvas` later changes nothing here.
    public convenience init(copying canvas: Canvas) {
        self.init(adopting: canvas.copy())
    }

    /// A bitmap of a canvas that `draw` fills: the canvas is made, drawn into and let go inside,
    /// so it becomes the bitmap without a copy.
    public convenience init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, background: Color = .clear,
                            _ draw: (Canvas) throws -> Void) rethrows {
        let canvas = Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, background: background)
        try draw(canvas)
        self.init(adopting: canvas)
    }

    /// Takes `canvas` as the bitmap's pixels without a copy: for the package's own code that made
    /// the canvas (a decoder) and drops every other reference to it.
    package init(adopting canvas: Canvas) {
        frozen = canvas
    }

    /// Size in pixels.
    public var width: Int { frozen.width }
    public var height: Int { frozen.height }
    /// Pixels per point.
    public var scale: Double { frozen.scale }
    /// Size in points.
    public var pointSize: CGSize { frozen.pointSize }
    /// True when every pixel is fully opaque.
    public var isOpaque: Bool { frozen.isOpaque }

    /// Every pixel, row by row from the top: premultiplied, R in the low byte.
    public var pixels: UnsafeBufferPointer<UInt32> { frozen.pixels }

    /// The premultiplied pixel at column `x`, row `y`.
    public func premultipliedPixel(x: Int, y: Int) -> UInt32 { frozen.premultipliedPixel(x: x, y: y) }

    /// The colour at column `x`, row `y`, with straight alpha.
    public func pixel(x: Int, y: Int) -> Color { frozen.pixel(x: x, y: y) }

    /// A canvas with these pixels, to draw into.
    public func canvasCopy() -> Canvas { frozen.copy() }
}

extension Canvas {
    /// Draws `image` with its points mapped by `transform` (see the overload taking a canvas).
    public func draw(_ image: Bitmap, transform: Transform = .identity, opacity: Double = 1) {
        draw(image.frozen, transform: transform, opacity: opacity)
    }

    /// Draws `image` pixel for pixel with its top-left at pixel (`x`, `y`), blended over.
    public func draw(_ image: Bitmap, atPixelX x: Int, y: Int, opacity: Double = 1) {
        draw(image.frozen, atPixelX: x, y: y, opacity: opacity)
    }

    /// Copies `image`'s pixels with its top-left at pixel (`x`, `y`), replacing what is there.
    public func copy(_ image: Bitmap, toPixelX x: Int, y: Int) {
        copy(image.frozen, toPixelX: x, y: y)
    }
}
