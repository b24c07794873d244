import Foundation

/// Blitters turn coverage into pixels: source-over of the paint scaled by coverage.
///
/// One struct per paint, generic call sites: the compiler specializes the scan loop for each, so
/// the per-pixel path has no dynamic dispatch. An opaque solid span at full coverage is a plain
/// memory fill — the interior of nearly every shape in a UI frame.

struct SolidBlitter: SpanSink {
    let base: UnsafeMutablePointer<UInt32>
    let stride: Int
    let color: UInt32
    let isOpaque: Bool

    init(base: UnsafeMutablePointer<UInt32>, stride: Int, color: UInt32) {
        self.base = base
        self.stride = stride
        self.color = color
        self.isOpaque = color >> 24 == 255
    }

    @inline(__always)
    mutating func pixel(y: Int, x: Int, alpha: UInt8) {
        let p = base + y * stride + x
        if alpha == 255, isOpaque {
            p.pointee = color
        } else {
            p.pointee = Pixel.sourceOver(Pixel.scale(color, UInt32(alpha)), p.pointee)
        }
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt8) {
        let p = base + y * stride + x
        if alpha == 255, isOpaque {
            p.update(repeating: color, count: count)
            return
        }
        let source = alpha == 255 ? color : Pixel.scale(color, UInt32(alpha))
        guard source != 0 else { return }
        for i in 0..<count { p[i] = Pixel.sourceOver(source, p[i]) }
    }
}

/// A blitter whose colour changes from pixel to pixel (a gradient): each pixel is the colour at
/// its centre, scaled by coverage, over what is there.
protocol PerPixelBlitter: SpanSink {
    var base: UnsafeMutablePointer<UInt32> { get }
    var stride: Int { get }
    func color(_ x: Int, _ y: Int) -> UInt32
}

extension PerPixelBlitter {
    @inline(__always)
    mutating func pixel(y: Int, x: Int, alpha: UInt8) {
        let p = base + y * stride + x
        p.pointee = Pixel.sourceOver(Pixel.scale(color(x, y), UInt32(alpha)), p.pointee)
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt8) {
        for i in 0..<count { pixel(y: y, x: x + i, alpha: alpha) }
    }
}

/// A linear gradient: the position along the gradient is an affine function of the pixel
/// centre, `t = dx·x + dy·y + t0`, indexing a 256-entry table.
struct GradientBlitter: PerPixelBlitter {
    let base: UnsafeMutablePointer<UInt32>
    let stride: Int
    let table: [UInt32]
    let dx: Double, dy: Double, t0: Double

    @inline(__always)
    func color(_ x: Int, _ y: Int) -> UInt32 {
        let t = dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + t0
        let index = Int(min(255, max(0, t * 255 + 0.5)))
        return table[index]
    }
}

/// A radial or conic gradient: each pixel centre is mapped into the gradient's own frame
/// (`toUnit`), where a radial gradient's location is the distance from the origin and a conic
/// gradient's is the angle from the x axis, clockwise on screen, as a fraction of a turn.
struct ShapedGradientBlitter: PerPixelBlitter {
    enum Kind { case radial, conic }
    let base: UnsafeMutablePointer<UInt32>
    let stride: Int
    let table: [UInt32]
    let toUnit: Transform
    let kind: Kind

    @inline(__always)
    func color(_ x: Int, _ y: Int) -> UInt32 {
        let p = toUnit.apply(Double(x) + 0.5, Double(y) + 0.5)
        let t: Double
        switch kind {
        case .radial: t = (p.x * p.x + p.y * p.y).squareRoot()
        case .conic:
            let angle = atan2(p.y, p.x)
            t = (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
        }
        return table[Int(min(255, max(0, t * 255 + 0.5)))]
    }
}

/// Records coverage into an 8-bit mask whose top-left pixel is at (originX, originY) on the
/// canvas; overlapping contributions add up to full coverage.
struct MaskBlitter: SpanSink {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
    let originX: Int, originY: Int

    @inline(__always)
    mutating func pixel(y: Int, x: Int, alpha: UInt8) {
        let p = base + (y - originY) * stride + (x - originX)
        p.pointee = UInt8(min(255, UInt32(p.pointee) + UInt32(alpha)))
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt8) {
        for i in 0..<count { pixel(y: y, x: x + i, alpha: alpha) }
    }
}
