import Foundation

/// Transparency layers: a group of drawings rendered apart and composited as one, which is how a
/// view with `alpha` < 1 and subviews fades as a whole, and how `masksToBounds` with a corner
/// radius clips its subviews to a rounded shape.
///
/// A layer is a canvas covering only the pixels the group can reach (the group's bounding box
/// within the current clip), so a faded cell costs its own area, not the frame's. Drawing into
/// it takes the same points as the frame: its `origin` shifts every pixel transform. The
/// alternative, drawing every subview with the group's opacity multiplied in, was rejected:
/// overlapping subviews would show through each other, which UIKit never shows.
extension Canvas {
    /// A transparent layer over the pixels of `rect` (points, mapped by `transform`), grown by
    /// `outset` pixels each side and cut to the current clip; nil when nothing of it is visible.
    public func makeLayer(covering rect: CGRect, transform: Transform = .identity, outset: Int = 0) -> Canvas? {
        let box = PixelRect(enclosingRounded: rect, transform: pixelTransform(transform))
        let area = PixelRect(minX: box.minX - outset - 1, minY: box.minY - outset - 1,
                             maxX: box.maxX + outset + 1, maxY: box.maxY + outset + 1).intersection(clip)
        guard !area.isEmpty else { return nil }
        let layer = Canvas(pixelWidth: area.maxX - area.minX, pixelHeight: area.maxY - area.minY, scale: scale)
        layer.origin = (origin.x + area.minX, origin.y + area.minY)
        return layer
    }

    /// A transparent layer the size of the current clip: everything this canvas could still show.
    public func makeLayer() -> Canvas? {
        guard !clip.isEmpty else { return nil }
        let layer = Canvas(pixelWidth: clip.maxX - clip.minX, pixelHeight: clip.maxY - clip.minY, scale: scale)
        layer.origin = (origin.x + clip.minX, origin.y + clip.minY)
        return layer
    }

    /// Keeps only what lies inside `path` (points, mapped by `transform`): every pixel is scaled by
    /// the path's anti-aliased coverage (destination-in), so a rounded clip has smooth edges.
    public func mask(to path: Path, transform: Transform = .identity) {
        let area = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var shape = CoverageAccumulator()
            shape.reset(clipMinX: area.minX, clipMinY: area.minY, clipMaxX: area.maxX, clipMaxY: area.maxY)
            flattener.flatten(path, transform: pixelTransform(transform), into: &shape)
            var blitter = MaskBlitter(base: base, stride: width, originX: 0, originY: 0)
            shape.scan(rule: .nonZero, into: &blitter)
        }
        for index in 0..<(width * height) {
            let alpha = UInt32(coverage[index])
            if alpha == 255 { continue }
            storage[index] = alpha == 0 ? 0 : Pixel.scale(storage[index], alpha)
        }
    }

    /// Composites a layer made by `makeLayer` back where it came from, source-over at `opacity`.
    public func composite(_ layer: Canvas, opacity: Double = 1) {
        guard opacity > 0 else { return }
        blend(layer, dx: layer.origin.x - origin.x, dy: layer.origin.y - origin.y, alpha: UInt32((min(1, opacity) * 255).rounded()))
    }

    /// Composites `image`'s pixels 1:1 with its top left corner at pixel (`x`, `y`) of this canvas,
    /// whatever either canvas' scale: how tiles are laid out on a sheet, without resampling.
    public func draw(_ image: Canvas, atPixelX x: Int, y: Int, opacity: Double = 1) {
        guard opacity > 0 else { return }
        blend(image, dx: x - origin.x, dy: y - origin.y, alpha: UInt32((min(1, opacity) * 255).rounded()))
    }

    /// Replaces this canvas' pixels under `image`, placed 1:1 at pixel (`x`, `y`), with `image`'s
    /// (clipped; no blending): a row copy, for opaque tiles.
    public func copy(_ image: Canvas, toPixelX x: Int, y: Int) {
        let dx = x - origin.x, dy = y - origin.y
        let target = clip.intersection(PixelRect(minX: dx, minY: dy, maxX: dx + image.width, maxY: dy + image.height))
        guard !target.isEmpty else { return }
        for row in target.minY..<target.maxY {
            (storage + row * width + target.minX).update(from: image.storage + (row - dy) * image.width + (target.minX - dx),
                                                        count: target.maxX - target.minX)
        }
    }

    /// Source-over of `image`'s pixels moved by whole pixels, scaled by `alpha` (0…255): no
    /// filtering, so an image at its own pixel grid keeps its exact bytes.
    func blend(_ image: Canvas, dx: Int, dy: Int, alpha: UInt32) {
        let target = clip.intersection(PixelRect(minX: dx, minY: dy, maxX: dx + image.width, maxY: dy + image.height))
        guard !target.isEmpty else { return }
        for y in target.minY..<target.maxY {
            let row = storage + y * width
            let sourceRow = image.storage + (y - dy) * image.width - dx
            for x in target.minX..<target.maxX {
                var s = sourceRow[x]
                if s == 0 { continue }
                if alpha != 255 { s = Pixel.scale(s, alpha) }
                row[x] = s >> 24 == 255 ? s : Pixel.sourceOver(s, row[x])
            }
        }
    }
}
