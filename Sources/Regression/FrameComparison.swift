import Foundation
import Raster

/// Two frames of different sizes: they cannot be compared pixel by pixel.
public struct FrameSizeMismatch: Error, Equatable, CustomStringConvertible {
    public var reference: (width: Int, height: Int)
    public var actual: (width: Int, height: Int)

    public static func == (lhs: FrameSizeMismatch, rhs: FrameSizeMismatch) -> Bool {
        lhs.reference == rhs.reference && lhs.actual == rhs.actual
    }

    public var description: String {
        "the frames differ in size: reference \(reference.width)×\(reference.height) px, actual \(actual.width)×\(actual.height) px"
    }
}

/// How tolerant a frame comparison is.
public struct FrameTolerance: Equatable, Sendable {
    /// The largest perceptual colour difference that still counts as equal, 0…1 (YIQ distance
    /// scaled so that 1 is black against white). 0 is exact.
    public var threshold: Double
    /// Differing pixels allowed (anti-aliasing differences are not counted).
    public var pixelBudget: Budget
    /// Whether pixels that differ only by anti-aliasing are counted as differences.
    public var countsAntialiasing: Bool

    public enum Budget: Equatable, Sendable {
        case count(Int)
        /// A fraction of the frame's pixels.
        case ratio(Double)

        func pixels(of total: Int) -> Int {
            switch self {
            case .count(let count): return count
            case .ratio(let ratio): return Int((ratio * Double(total)).rounded(.down))
            }
        }
    }

    public init(threshold: Double = 0.1, pixelBudget: Budget = .count(0), countsAntialiasing: Bool = false) {
        self.threshold = threshold
        self.pixelBudget = pixelBudget
        self.countsAntialiasing = countsAntialiasing
    }

    /// Every byte equal.
    public static let strict = FrameTolerance(threshold: 0, pixelBudget: .count(0), countsAntialiasing: true)
}

/// The outcome of comparing an actual frame with its reference.
public struct FrameComparison: Sendable {
    /// Byte for byte the same: nothing else was computed.
    public var isIdentical: Bool
    /// Pixels beyond the threshold that are not anti-aliasing (or all of them, when the tolerance
    /// counts anti-aliasing).
    public var differingPixels: Int
    /// Pixels beyond the threshold classified as anti-aliasing.
    public var antialiasedPixels: Int
    public var totalPixels: Int
    /// Within the tolerance's budget.
    public var passes: Bool
    /// Unchanged pixels faded to gray, differences red, anti-aliasing differences yellow; nil when
    /// the frames are identical.
    public var diffImage: Bitmap?

    static let differenceColor = Color(rgb: 0xFF0000)
    static let antialiasingColor = Color(rgb: 0xFFD000)

    /// Compares `actual` with `reference`: bytes first, then, where they differ, perceptual colour
    /// distance with anti-aliasing detection (the approach of Mapbox's pixelmatch: YIQ distance,
    /// and Vysniauskas' test that a pixel on a slope between a darker and a brighter neighbour,
    /// each inside a flat region, is an edge drawn a little differently).
    public static func compare(reference: Canvas, actual: Canvas, tolerance: FrameTolerance = FrameTolerance()) throws -> FrameComparison {
        guard reference.width == actual.width, reference.height == actual.height else {
            throw FrameSizeMismatch(reference: (reference.width, reference.height), actual: (actual.width, actual.height))
        }
        let total = reference.width * reference.height
        if zip(reference.pixels, actual.pixels).allSatisfy({ $0 == $1 }) {
            return FrameComparison(isIdentical: true, differingPixels: 0, antialiasedPixels: 0, totalPixels: total, passes: true, diffImage: nil)
        }
        let a = Image(reference), b = Image(actual)
        let maxDelta = 35215 * tolerance.threshold * tolerance.threshold
        let diff = Canvas(pixelWidth: reference.width, pixelHeight: reference.height, scale: reference.scale, background: .white)
        var differing = 0, antialiased = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let index = y * a.width + x
                let delta = a.pixels[index] == b.pixels[index] ? 0 : colorDelta(a[index], b[index])
                if abs(delta) > maxDelta {
                    if !tolerance.countsAntialiasing && (isAntialiased(a, x, y, other: b) || isAntialiased(b, x, y, other: a)) {
                        antialiased += 1
                        diff.setPremultipliedPixel(x: x, y: y, antialiasingColor.premultiplied)
                    } else {
                        differing += 1
                        diff.setPremultipliedPixel(x: x, y: y, differenceColor.premultiplied)
                    }
                } else {
                    // Faded: the reference's brightness, 10 % of the way from white.
                    let gray = UInt8((255 + (brightness(a[index]) - 255) * 0.1).rounded())
                    diff.setPremultipliedPixel(x: x, y: y, Color(red: gray, green: gray, blue: gray).premultiplied)
                }
            }
        }
        return FrameComparison(isIdentical: false, differingPixels: differing, antialiasedPixels: antialiased, totalPixels: total,
                               passes: differing <= tolerance.pixelBudget.pixels(of: total), diffImage: Bitmap(adopting: diff))
    }

    /// Reference | actual | diff side by side, 8 px apart on gray, labelled "golden", "now" and
    /// "diff" above each when `font` is given: what a reviewer opens.
    public static func strip(reference: Canvas, actual: Canvas, diff: Canvas, font: Font? = nil) -> Canvas {
        let gap = 8, labelHeight = font == nil ? 0 : 20
        let strip = Canvas(pixelWidth: reference.width + actual.width + diff.width + 4 * gap,
                           pixelHeight: max(reference.height, actual.height, diff.height) + 2 * gap + labelHeight, scale: 1,
                           background: Color(rgb: 0x8E8E93))
        var x = gap
        for (image, label) in [(reference, "golden"), (actual, "now"), (diff, "diff")] {
            if let font {
                strip.drawText(label, in: CGRect(x: Double(x), y: Double(gap), width: Double(image.width), height: Double(labelHeight)),
                               font: font, size: 13, color: .white)
            }
            strip.draw(image, transform: Transform(scaleX: image.scale, y: image.scale)
                .concatenating(Transform(translationX: Double(x), y: Double(gap + labelHeight))))
            x += image.width + gap
        }
        return strip
    }

    // MARK: Colour distance

    /// A frame's pixels, read as straight colours blended over white (computed when asked for:
    /// most pixels of a frame are never looked at twice).
    struct Image {
        let canvas: Canvas
        let width: Int, height: Int
        let pixels: UnsafeBufferPointer<UInt32>

        init(_ canvas: Canvas) {
            self.canvas = canvas
            width = canvas.width
            height = canvas.height
            pixels = canvas.pixels
        }

        subscript(index: Int) -> SIMD3<Double> {
            let color = Color(premultiplied: pixels[index])
            let alpha = Double(color.alpha) / 255
            func blend(_ channel: UInt8) -> Double { 255 + (Double(channel) - 255) * alpha }
            return SIMD3(blend(color.red), blend(color.green), blend(color.blue))
        }
    }

    static func brightness(_ c: SIMD3<Double>) -> Double {
        c.x * 0.29889531 + c.y * 0.58662247 + c.z * 0.11448223
    }

    /// Squared YIQ distance (weights of Kotsarenko and Ramos), negative when `b` is brighter.
    static func colorDelta(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let y = brightness(a) - brightness(b)
        let i = (a.x * 0.59597799 - a.y * 0.27417610 - a.z * 0.32180189) - (b.x * 0.59597799 - b.y * 0.27417610 - b.z * 0.32180189)
        let q = (a.x * 0.21147017 - a.y * 0.52261711 + a.z * 0.31114694) - (b.x * 0.21147017 - b.y * 0.52261711 + b.z * 0.31114694)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    // MARK: Anti-aliasing

    /// Whether pixel (x, y) of `image` sits on an edge: among its neighbours no more than two share
    /// its brightness, there is both a darker and a brighter one, and the darkest or the brightest
    /// lies in a flat region (three identical neighbours) in both frames.
    static func isAntialiased(_ image: Image, _ x: Int, _ y: Int, other: Image) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let center = brightness(image[y * image.width + x])
        // Brightness differences centre − neighbour: the lowest is the brightest neighbour, the
        // highest the darkest.
        var brightest = (delta: 0.0, x: 0, y: 0), darkest = (delta: 0.0, x: 0, y: 0)
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = center - brightness(image[ny * image.width + nx])
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < brightest.delta {
                    brightest = (delta, nx, ny)
                } else if delta > darkest.delta {
                    darkest = (delta, nx, ny)
                }
            }
        }
        guard darkest.delta != 0, brightest.delta != 0 else { return false }
        return (hasManySiblings(image, darkest.x, darkest.y) && hasManySiblings(other, darkest.x, darkest.y))
            || (hasManySiblings(image, brightest.x, brightest.y) && hasManySiblings(other, brightest.x, brightest.y))
    }

    /// Whether at least three neighbours of (x, y) have exactly its colour.
    static func hasManySiblings(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let center = image.pixels[y * image.width + x]
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                if image.pixels[ny * image.width + nx] == center {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}
