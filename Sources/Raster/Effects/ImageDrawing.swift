import Foundation

extension Canvas {
    /// Composites `image` (a snapshot: another canvas) with `transform` mapping the image's points
    /// onto this canvas' points, bilinear filtering and `opacity` (0…1), source-over.
    ///
    /// Each destination pixel centre is mapped back into the image and its four nearest image
    /// pixels are mixed with 8-bit weights (integer arithmetic: the same bytes on every machine).
    /// Outside the image counts as transparent, so edges come out anti-aliased over one pixel.
    /// A whole-pixel translation at full opacity skips the filtering.
    public func draw(_ image: Canvas, transform: Transform = .identity, opacity: Double = 1) {
        guard !clip.isEmpty, opacity > 0 else { return }
        let alpha = UInt32((min(1, opacity) * 255).rounded())
        // Image pixels → image points → canvas points → canvas pixels.
        let toPixels = Transform(scaleX: 1 / image.scale, y: 1 / image.scale).concatenating(pixelTransform(transform))
        guard let inverse = toPixels.inverted() else { return }
        let area = clip.intersection(PixelRect(
            enclosingRounded: CGRect(x: 0, y: 0, width: image.width, height: image.height), transform: toPixels))
        let dest = PixelRect(minX: area.minX - 1, minY: area.minY - 1, maxX: area.maxX + 1, maxY: area.maxY + 1).intersection(clip)
        guard !dest.isEmpty else { return }

        if alpha == 255, toPixels.isAxisAligned, toPixels.a == 1, toPixels.d == 1,
           toPixels.tx == toPixels.tx.rounded(), toPixels.ty == toPixels.ty.rounded() {
            blend(image, dx: Int(toPixels.tx), dy: Int(toPixels.ty), alpha: 255)
            return
        }

        if inverse.isAxisAligned {
            drawAxisAligned(image, inverse: inverse, dest: dest, alpha: alpha)
            return
        }
        let texel = Texels(image)
        for y in dest.minY..<dest.maxY {
            let row = storage + y * width
            for x in dest.minX..<dest.maxX {
                // Image pixel centres sit at half-integers.
                let p = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let u = p.x - 0.5, v = p.y - 0.5
                guard u > -1, v > -1, u < Double(image.width), v < Double(image.height) else { continue }
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = UInt32(((u - Double(x0)) * 256).rounded(.down))
                let fy = UInt32(((v - Double(y0)) * 256).rounded(.down))
                let top = Self.lerp(texel[x0, y0], texel[x0 + 1, y0], fx)
                let bottom = Self.lerp(texel[x0, y0 + 1], texel[x0 + 1, y0 + 1], fx)
                var sample = Self.lerp(top, bottom, fy)
                if alpha != 255 { sample = Pixel.scale(sample, alpha) }
                if sample != 0 { row[x] = Pixel.sourceOver(sample, row[x]) }
            }
        }
    }

    /// `draw` for a scale and translation: the source column and its weight depend on x alone and
    /// the row on y alone, so both are worked out once (per column, per row) instead of per pixel,
    /// and away from the image's edges the four texels are read without bounds checks. Each is
    /// computed exactly as the general loop computes it (`inverse.apply` with b = c = 0 adds ±0),
    /// so the pixels are the same.
    private func drawAxisAligned(_ image: Canvas, inverse: Transform, dest: PixelRect, alpha: UInt32) {
        let source = image.storage
        let (sourceWidth, sourceHeight) = (image.width, image.height)
        let texel = Texels(image)
        // Per destination column: the source column left of the sample, its weight, and where it
        // lies (0: outside the image; 1: on its edge, a neighbour outside; 2: inside).
        let columns = (dest.minX..<dest.maxX).map { x -> (x0: Int, weight: UInt32, kind: UInt8) in
            let u = inverse.apply(Double(x) + 0.5, 0.5).x - 0.5
            let x0 = Int(u.rounded(.down))
            let kind: UInt8 = !(u > -1 && u < Double(sourceWidth)) ? 0 : x0 >= 0 && x0 + 1 < sourceWidth ? 2 : 1
            return (x0, UInt32(((u - Double(x0)) * 256).rounded(.down)), kind)
        }
        for y in dest.minY..<dest.maxY {
            let v = inverse.apply(0.5, Double(y) + 0.5).y - 0.5
            guard v > -1, v < Double(sourceHeight) else { continue }
            let y0 = Int(v.rounded(.down))
            let fy = UInt32(((v - Double(y0)) * 256).rounded(.down))
            let row = storage + y * width
            let rowsInside = y0 >= 0 && y0 + 1 < sourceHeight
            let upper = source + max(y0, 0) * sourceWidth, lower = source + min(y0 + 1, sourceHeight - 1) * sourceWidth
            for (i, column) in columns.enumerated() where column.kind != 0 {
                let x0 = column.x0, fx = column.weight
                let top: UInt32, bottom: UInt32
                if rowsInside && column.kind == 2 {
                    top = Self.lerp(upper[x0], upper[x0 + 1], fx)
                    bottom = Self.lerp(lower[x0], lower[x0 + 1], fx)
                } else {
                    top = Self.lerp(texel[x0, y0], texel[x0 + 1, y0], fx)
                    bottom = Self.lerp(texel[x0, y0 + 1], texel[x0 + 1, y0 + 1], fx)
                }
                var sample = Self.lerp(top, bottom, fy)
                if alpha != 255 { sample = Pixel.scale(sample, alpha) }
                if sample != 0 { row[dest.minX + i] = Pixel.sourceOver(sample, row[dest.minX + i]) }
            }
        }
    }

    /// p + (q − p)·f/256 per channel, two channels per multiply.
    @inline(__always)
    static func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
        let g: UInt32 = 256 - f
        let mask: UInt32 = 0x00FF_00FF
        let pRB: UInt32 = p & mask, qRB: UInt32 = q & mask
        let pGA: UInt32 = (p >> 8) & mask, qGA: UInt32 = (q >> 8) & mask
        let rb: UInt32 = ((pRB &* g &+ qRB &* f) >> 8) & mask
        let ga: UInt32 = (pGA &* g &+ qGA &* f) & 0xFF00_FF00
        return rb | ga
    }
}

/// An image's pixels read by position, transparent outside it.
private struct Texels {
    let source: UnsafeMutablePointer<UInt32>
    let width: Int, height: Int

    init(_ image: Canvas) {
        (source, width, height) = (image.storage, image.width, image.height)
    }

    @inline(__always) subscript(x: Int, y: Int) -> UInt32 {
        x >= 0 && y >= 0 && x < width && y < height ? source[y * width + x] : 0
    }
}

extension Canvas {
    /// This image's shape in `color`: each pixel becomes `color` scaled by the pixel's alpha
    /// (a template image drawn in a tint).
    public func tinted(with color: Color) -> Canvas {
        let result = Canvas(pixelWidth: width, pixelHeight: height, scale: scale)
        let paint = color.premultiplied
        for index in 0..<(width * height) {
            let alpha = storage[index] >> 24
            if alpha != 0 { result.storage[index] = Pixel.scale(paint, alpha) }
        }
        return result
    }

    /// The pixels of the rectangle at (`x`, `y`), `width` × `height` pixels, as a new image of the
    /// same scale (transparent where the rectangle leaves this one).
    public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> Canvas {
        let result = Canvas(pixelWidth: max(1, cropWidth), pixelHeight: max(1, cropHeight), scale: scale)
        for row in 0..<cropHeight where y + row >= 0 && y + row < height {
            for column in 0..<cropWidth where x + column >= 0 && x + column < width {
                result.storage[row * result.width + column] = storage[(y + row) * width + x + column]
            }
        }
        return result
    }
}

extension Canvas {
    /// This image stretched to `width` × `height` pixels with its caps kept: `left`, `top`,
    /// `right` and `bottom` pixels at the edges keep their size, and the rest stretches, each axis
    /// mapped piecewise and each region sampled bilinearly within itself, as UIKit draws the nine
    /// parts as separate images (no blending across the seams, no fading at the edges).
    public func stretched(toWidth newWidth: Int, height newHeight: Int, left: Int, top: Int, right: Int, bottom: Int) -> Canvas {
        let result = Canvas(pixelWidth: max(1, newWidth), pixelHeight: max(1, newHeight), scale: scale)
        func mapping(_ length: Int, _ newLength: Int, _ lead: Int, _ trail: Int) -> [(Int, Int, UInt32)] {
            let middle = Double(max(0, length - lead - trail)), newMiddle = Double(max(0, newLength - lead - trail))
            return (0..<newLength).map { p in
                // Each region samples only its own pixels, as if drawn as its own image.
                let centre = Double(p) + 0.5
                let u: Double, low: Int, high: Int
                if p < lead || newMiddle <= 0 {
                    (u, low, high) = (min(centre, Double(length)) - 0.5, 0, max(0, min(lead, length) - 1))
                } else if p >= newLength - trail {
                    (u, low, high) = (centre - Double(newLength - length) - 0.5, max(0, length - trail), length - 1)
                } else {
                    (u, low, high) = (Double(lead) + (centre - Double(lead)) * middle / newMiddle - 0.5, lead, max(lead, length - trail - 1))
                }
                let clamped = min(max(u, Double(low)), Double(max(low, high)))
                let i = Int(clamped.rounded(.down))
                return (i, min(i + 1, max(low, high)), UInt32(((clamped - Double(i)) * 256).rounded(.down)))
            }
        }
        let columns = mapping(width, result.width, left, right), rows = mapping(height, result.height, top, bottom)
        for (y, row) in rows.enumerated() {
            let upper = storage + row.0 * width, lower = storage + row.1 * width
            for (x, column) in columns.enumerated() {
                let top = Self.lerp(upper[column.0], upper[column.1], column.2)
                let bottom = Self.lerp(lower[column.0], lower[column.1], column.2)
                result.storage[y * result.width + x] = Self.lerp(top, bottom, row.2)
            }
        }
        return result
    }
}
