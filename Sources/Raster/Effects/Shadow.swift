import Foundation

/// A drop shadow, as a Core Animation layer describes one.
public struct Shadow: Sendable, Equatable {
    /// Offset in points, not affected by the shape's transform (as `shadowOffset`).
    public var offset: CGSize
    /// Blur radius in points (as `shadowRadius`); the Gaussian's σ is half of it.
    public var radius: Double
    /// Colour, including its opacity (`shadowColor` × `shadowOpacity`).
    public var color: Color

    public init(offset: CGSize = CGSize(width: 0, height: -3), radius: Double = 3, color: Color) {
        self.offset = offset
        self.radius = radius
        self.color = color
    }
}

extension Canvas {
    /// Draws the shadow that `path` (mapped by `transform`) would cast; the shape itself is not
    /// drawn, so draw it afterwards.
    ///
    /// The shape's coverage goes into an 8-bit mask, moved by the offset, which is blurred by
    /// three box blurs in each direction (a Gaussian to within a few percent, in integer arithmetic
    /// so every machine gets the same bytes), then composited in the shadow colour.
    public func drawShadow(of path: Path, transform: Transform = .identity, shadow: Shadow) {
        guard !clip.isEmpty, shadow.color.alpha > 0 else { return }
        // σ in pixels; past 100,000 a blur is an even tint over any canvas, and σ² must stay finite.
        let sigma = min(shadow.radius * scale / 2, 100_000)
        // A wide blur loses nothing at half resolution: the mask is rasterized and blurred at
        // half size (a quarter of the work) and scaled back up bilinearly when composited.
        let factor = sigma >= 4 ? 2 : 1
        let offset = Transform(translationX: Double(shadow.offset.width) * scale, y: Double(shadow.offset.height) * scale)
        let toMask = pixelTransform(transform).concatenating(offset)
            .concatenating(Transform(scaleX: 1 / Double(factor), y: 1 / Double(factor)))
        var bounds = BoundsSink()
        flattener.flatten(path, transform: toMask, into: &bounds)
        guard bounds.minX <= bounds.maxX, bounds.minY <= bounds.maxY else { return }

        let boxes = Self.boxRadii(sigma: sigma / Double(factor))
        let pad = boxes.reduce(0, +) + 1
        // Bounds far outside any canvas (±1e300) are clamped before they become integers.
        func pixel(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value))) }
        let maskRect = PixelRect(
            minX: pixel(bounds.minX.rounded(.down)) - pad, minY: pixel(bounds.minY.rounded(.down)) - pad,
            maxX: pixel(bounds.maxX.rounded(.up)) + pad, maxY: pixel(bounds.maxY.rounded(.up)) + pad
        )
        // Only mask pixels within `pad` of the clip can reach it after blurring.
        let clipInMask = PixelRect(minX: clip.minX / factor, minY: clip.minY / factor,
                                   maxX: (clip.maxX + factor - 1) / factor, maxY: (clip.maxY + factor - 1) / factor)
        let reach = PixelRect(minX: clipInMask.minX - pad, minY: clipInMask.minY - pad, maxX: clipInMask.maxX + pad, maxY: clipInMask.maxY + pad)
        var region = maskRect.intersection(reach)
        guard !region.isEmpty else { return }
        // A blur far wider than the canvas (`shadowRadius` 1e6) would need a mask of terabytes.
        // Past sixteen times the clip's area, the mask keeps the clip and a margin as wide as the
        // clip around it: such a shadow is a faint, nearly even tint, and the shape beyond the
        // margin changes it by little. Every ordinary shadow is far inside the budget, unchanged.
        let clipWidth = clipInMask.maxX - clipInMask.minX, clipHeight = clipInMask.maxY - clipInMask.minY
        let budget = max(16 * clipWidth * clipHeight, 1 << 22)
        if Double(region.maxX - region.minX) * Double(region.maxY - region.minY) > Double(budget) {
            let margin = max(clipWidth, clipHeight)
            region = region.intersection(PixelRect(minX: clipInMask.minX - margin, minY: clipInMask.minY - margin,
                                                   maxX: clipInMask.maxX + margin, maxY: clipInMask.maxY + margin))
        }
        var mask = ShadowMask(region: region)
        mask.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var shapeMask = CoverageAccumulator()
            shapeMask.reset(clipMinX: region.minX, clipMinY: region.minY, clipMaxX: region.maxX, clipMaxY: region.maxY)
            flattener.flatten(path, transform: toMask, into: &shapeMask)
            var blitter = MaskBlitter(base: base, stride: mask.width, originX: region.minX, originY: region.minY)
            shapeMask.scan(rule: .nonZero, into: &blitter)
            BoxBlur.blur(base, width: mask.width, height: mask.height, radii: boxes)
        }
        composite(mask, factor: factor, color: shadow.color.premultiplied, in: clip)
    }

    /// Draws the shadow cast by everything drawn in `layer` (made by `makeLayer`, so it shares
    /// this canvas' frame): its alpha, moved by the offset (to the nearest pixel) and blurred as
    /// `drawShadow(of:)` blurs a shape. This is how Core Animation shades a layer with no
    /// `shadowPath`: a label's text, an image's opaque pixels and sublayers all cast it.
    public func drawShadow(ofAlphaIn layer: Canvas, shadow: Shadow) {
        guard !clip.isEmpty, shadow.color.alpha > 0 else { return }
        let sigma = min(shadow.radius * scale / 2, 100_000)
        let boxes = Self.boxRadii(sigma: sigma)
        let pad = boxes.reduce(0, +) + 1
        let dx = Int((Double(shadow.offset.width) * scale).rounded()) + layer.origin.x - origin.x
        let dy = Int((Double(shadow.offset.height) * scale).rounded()) + layer.origin.y - origin.y
        let reach = PixelRect(minX: clip.minX - pad, minY: clip.minY - pad, maxX: clip.maxX + pad, maxY: clip.maxY + pad)
        let region = PixelRect(minX: dx - pad, minY: dy - pad, maxX: dx + layer.width + pad, maxY: dy + layer.height + pad)
            .intersection(reach)
        guard !region.isEmpty else { return }
        var mask = ShadowMask(region: region)
        for y in max(region.minY, dy)..<min(region.maxY, dy + layer.height) {
            let sourceRow = layer.storage + (y - dy) * layer.width
            let maskRow = (y - region.minY) * mask.width - region.minX
            for x in max(region.minX, dx)..<min(region.maxX, dx + layer.width) {
                mask.pixels[maskRow + x] = UInt8(sourceRow[x - dx] >> 24)
            }
        }
        mask.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            BoxBlur.blur(base, width: mask.width, height: mask.height, radii: boxes)
        }
        composite(mask, factor: 1, color: shadow.color.premultiplied, in: clip)
    }

    /// Source-over of `color` through the mask, sampled bilinearly when it is at reduced size
    /// (canvas pixel centre x + ½ falls on mask coordinate (x + ½)/factor − ½). The mask's outer
    /// ring is zero (`pad` exceeds the blur's reach), so only canvas pixels inside that ring are
    /// visited, and every sample and its right and lower neighbours are inside the mask.
    private func composite(_ mask: ShadowMask, factor: Int, color: UInt32, in clipped: PixelRect) {
        let inner = PixelRect(minX: (mask.region.minX + 1) * factor, minY: (mask.region.minY + 1) * factor,
                              maxX: (mask.region.maxX - 1) * factor, maxY: (mask.region.maxY - 1) * factor)
        let visible = clipped.intersection(inner)
        guard !visible.isEmpty else { return }
        // Mask sample and weight (0…256) of the next sample, per canvas column and row.
        func sample(_ p: Int, origin: Int) -> (Int, UInt32) {
            let u = (Double(p) + 0.5) / Double(factor) - 0.5 - Double(origin)
            let i = Int(u.rounded(.down))
            return (i, UInt32(((u - Double(i)) * 256).rounded()))
        }
        let columns = (visible.minX..<visible.maxX).map { sample($0, origin: mask.region.minX) }
        let columnIndex = columns.map(\.0), columnWeight = columns.map(\.1)
        let stride = mask.width
        mask.pixels.withUnsafeBufferPointer { buffer in
            columnIndex.withUnsafeBufferPointer { columnIndex in
                columnWeight.withUnsafeBufferPointer { columnWeight in
                    guard let base = buffer.baseAddress else { return }
                    for y in visible.minY..<visible.maxY {
                        let row = storage + y * width + visible.minX
                        let (my, wy) = sample(y, origin: mask.region.minY)
                        let upper = base + my * stride, lower = upper + stride
                        for k in 0..<(visible.maxX - visible.minX) {
                            let coverage: UInt32
                            if factor == 1 {
                                coverage = UInt32(upper[columnIndex[k]])
                            } else {
                                let i = columnIndex[k], wx = columnWeight[k]
                                let top = UInt32(upper[i]) * (256 - wx) + UInt32(upper[i + 1]) * wx
                                let bottom = UInt32(lower[i]) * (256 - wx) + UInt32(lower[i + 1]) * wx
                                coverage = (top * (256 - wy) + bottom * wy + 32768) >> 16
                            }
                            if coverage != 0 {
                                row[k] = Pixel.sourceOver(Pixel.scale(color, coverage), row[k])
                            }
                        }
                    }
                }
            }
        }
    }

    /// Radii of three box blurs whose sequence approximates a Gaussian of standard deviation
    /// `sigma` (W. Jarosz, "Fast image convolutions", and P. Kovesi: box widths w and w + 2 chosen
    /// so the summed variance is σ²).
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0.25, sigma.isFinite else { return [] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<3).map { i in ((i < m ? lower : upper) - 1) / 2 }
    }
}

/// A shadow's 8-bit coverage over `region` (in mask pixels).
struct ShadowMask {
    let region: PixelRect
    let width: Int, height: Int
    var pixels: [UInt8]

    init(region: PixelRect) {
        self.region = region
        width = region.maxX - region.minX
        height = region.maxY - region.minY
        pixels = [UInt8](repeating: 0, count: width * height)
    }
}

/// Separable box blurs of an 8-bit mask, in place, with zero outside.
///
/// The vertical pass runs row by row over a copy, keeping one running sum per column, so both
/// passes read memory in order (a column-at-a-time vertical pass was a third of the frame's
/// raster time at scale 3).
enum BoxBlur {
    static func blur(_ mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, radii: [Int]) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            copy.deallocate()
            line.deallocate()
            sums.deallocate()
        }
        for radius in radii where radius > 0 {
            // Division by the window as a multiply by round(2¹⁶ / window): exact to within one
            // level for windows up to 255 pixels wide, and the vertical pass vectorizes.
            let window = UInt32(2 * radius + 1)
            let reciprocal = (65536 + window / 2) / window
            for y in 0..<height {
                horizontal(mask + y * width, count: width, radius: radius, reciprocal: reciprocal, scratch: line)
            }
            copy.update(from: mask, count: width * height)
            sums.initialize(repeating: 0, count: width)
            for y in 0..<min(radius, height) {
                let row = copy + y * width
                for x in 0..<width { sums[x] += UInt32(row[x]) }
            }
            for y in 0..<height {
                if y + radius < height {
                    let entering = copy + (y + radius) * width
                    for x in 0..<width { sums[x] += UInt32(entering[x]) }
                }
                if y - radius - 1 >= 0 {
                    let leaving = copy + (y - radius - 1) * width
                    for x in 0..<width { sums[x] -= UInt32(leaving[x]) }
                }
                let out = mask + y * width
                for x in 0..<width { out[x] = UInt8(min(255, (sums[x] &* reciprocal &+ 32768) >> 16)) }
            }
        }
    }

    /// One box of width 2r + 1 along a row: a running sum, divided with rounding.
    private static func horizontal(_ row: UnsafeMutablePointer<UInt8>, count: Int, radius: Int, reciprocal: UInt32,
                                   scratch: UnsafeMutablePointer<UInt8>) {
        scratch.update(from: row, count: count)
        var sum: UInt32 = 0
        for i in 0..<min(radius, count) { sum += UInt32(scratch[i]) }
        for i in 0..<count {
            let entering = i + radius, leaving = i - radius - 1
            if entering < count { sum += UInt32(scratch[entering]) }
            if leaving >= 0 { sum -= UInt32(scratch[leaving]) }
            row[i] = UInt8(min(255, (sum &* reciprocal &+ 32768) >> 16))
        }
    }
}

/// The pixel-space bounding box of a flattened path.
struct BoundsSink: PolylineSink {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func moveTo(_ x: Double, _ y: Double) { include(x, y) }
    mutating func lineTo(_ x: Double, _ y: Double) { include(x, y) }
    mutating func endContour(closed: Bool) {}

    private mutating func include(_ x: Double, _ y: Double) {
        guard x.isFinite, y.isFinite else { return }
        minX = min(minX, x); maxX = max(maxX, x)
        minY = min(minY, y); maxY = max(maxY, y)
    }
}
