import Foundation

/// How overlapping contours of one path combine.
public enum FillRule: Sendable {
    /// Inside where the contours wind around the point any number of times but zero.
    case nonZero
    /// Inside where the contours wind around the point an odd number of times: holes.
    case evenOdd
}

/// A premultiplied RGBA8 sRGB image that shapes, text, shadows and other images are drawn into.
///
/// Drawing is in points; `scale` pixels make one point, as on a device with that screen scale.
/// Pixels are stored as `UInt32`, R in the lowest byte, so the bytes in memory read R, G, B, A.
/// Blending is source-over on the encoded sRGB values, as Core Graphics does by default.
///
/// A canvas is a class: it owns 4·width·height bytes and the rasterizer's scratch memory, both
/// reused from shape to shape. One canvas must be drawn on by one thread at a time; separate
/// canvases are independent.
///
/// ```swift
/// let canvas = Canvas(pointWidth: 100, pointHeight: 60, scale: 2, background: .white)
/// canvas.fill(Path(roundedRect: CGRect(x: 10, y: 10, width: 80, height: 40), cornerRadius: 8),
///             with: .solid(.red))
/// ```
/// `@unchecked`: a canvas is drawn into by one thread at a time. The pipeline hands it from the
/// worker that draws it to the thread that writes it, and images made from one are never drawn
/// into again; a canvas shared while it is being drawn into is a caller's data race.
public final class Canvas {
    /// Size in pixels.
    public let width: Int, height: Int
    /// Pixels per point.
    public let scale: Double

    let storage: UnsafeMutablePointer<UInt32>
    var clip: PixelRect
    /// Where this canvas' top-left pixel sits on the canvas it stands for: a layer (see
    /// `Canvas+Layers.swift`) covers part of a frame, and drawing in frame points lands there.
    var origin = (x: 0, y: 0)
    var accumulator = CoverageAccumulator()
    var flattener = Flattener()

    /// A canvas of `width`×`height` pixels, filled with `background`.
    public init(pixelWidth width: Int, pixelHeight height: Int, scale: Double = 1, background: Color = .clear) {
        precondition(width > 0 && height > 0, "a canvas needs at least one pixel, not \(width)×\(height)")
        precondition(scale > 0 && scale.isFinite, "scale must be positive, not \(scale)")
        self.width = width
        self.height = height
        self.scale = scale
        storage = .allocate(capacity: width * height)
        storage.initialize(repeating: background.premultiplied, count: width * height)
        clip = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    /// A canvas of `pointWidth`×`pointHeight` points at `scale` (pixel sizes rounded up).
    public convenience init(pointWidth: Double, pointHeight: Double, scale: Double = 1, background: Color = .clear) {
        self.init(pixelWidth: Int((pointWidth * scale).rounded(.up)), pixelHeight: Int((pointHeight * scale).rounded(.up)),
                  scale: scale, background: background)
    }

    deinit {
        storage.deallocate()
    }

    /// A copy with its own pixels.
    public func copy() -> Canvas {
        let other = Canvas(pixelWidth: width, pixelHeight: height, scale: scale)
        other.storage.update(from: storage, count: width * height)
        return other
    }

    /// Size in points.
    public var pointSize: CGSize { CGSize(width: Double(width) / scale, height: Double(height) / scale) }

    /// Every pixel, row by row from the top: premultiplied, R in the low byte.
    public var pixels: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: storage, count: width * height) }

    /// Every pixel, writable, for code that fills a canvas in bulk (a PNG decoder).
    package func withUnsafeMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try body(UnsafeMutableBufferPointer(start: storage, count: width * height))
    }

    /// The premultiplied pixel at column `x`, row `y`.
    public func premultipliedPixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        return storage[y * width + x]
    }

    /// The colour at column `x`, row `y`, with straight alpha.
    public func pixel(x: Int, y: Int) -> Color {
        Color(premultiplied: premultipliedPixel(x: x, y: y))
    }

    /// Overwrites pixel (x, y) with a premultiplied value; for decoders and tests.
    public func setPremultipliedPixel(x: Int, y: Int, _ value: UInt32) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        storage[y * width + x] = value
    }

    /// True when every pixel is fully opaque (an encoder can then drop the alpha channel).
    public var isOpaque: Bool {
        var all: UInt32 = 0xFF00_0000
        for p in pixels { all &= p }
        return all & 0xFF00_0000 == 0xFF00_0000
    }

    /// Replaces every pixel inside the clip with `color` (no blending).
    public func clear(_ color: Color) {
        let value = color.premultiplied
        for y in clip.minY..<clip.maxY {
            (storage + y * width + clip.minX).update(repeating: value, count: clip.maxX - clip.minX)
        }
    }

    /// Runs `body` with drawing clipped to `rect` (points, as transformed by `transform`, whose
    /// bounding box snaps to whole pixels), then restores the previous clip.
    public func withClip<Result>(to rect: CGRect, transform: Transform = .identity, _ body: () throws -> Result) rethrows -> Result {
        let saved = clip
        defer { clip = saved }
        clip = clip.intersection(PixelRect(enclosingRounded: rect, transform: pixelTransform(transform)))
        return try body()
    }

    /// Points to pixels, after the caller's own transform.
    func pixelTransform(_ transform: Transform) -> Transform {
        let toPixels = transform.concatenating(Transform(scaleX: scale, y: scale))
        return origin == (0, 0) ? toPixels : toPixels.concatenating(Transform(translationX: Double(-origin.x), y: Double(-origin.y)))
    }

    // MARK: Shapes

    /// Fills `path` (in points, mapped by `transform`) with `paint`.
    public func fill(_ path: Path, with paint: Paint, transform: Transform = .identity, rule: FillRule = .nonZero) {
        guard !clip.isEmpty else { return }
        let toPixels = pixelTransform(transform)
        accumulator.reset(clipMinX: clip.minX, clipMinY: clip.minY, clipMaxX: clip.maxX, clipMaxY: clip.maxY)
        flattener.flatten(path, transform: toPixels, into: &accumulator)
        paintAccumulated(with: paint, toPixels: toPixels, rule: rule)
    }

    /// Fills a rectangle with a colour.
    public func fill(_ rect: CGRect, with color: Color, transform: Transform = .identity) {
        fill(Path(rect: rect), with: .solid(color), transform: transform)
    }

    /// Sends the accumulated coverage through the blitter for `paint`; with `repeating`, the
    /// accumulator holds one row, which is painted on every row of the range.
    func paintAccumulated(with paint: Paint, toPixels: Transform, rule: FillRule, repeating rows: Range<Int>? = nil) {
        switch paint {
        case .solid(let color):
            guard color.alpha > 0 else {
                accumulator.reset(clipMinX: clip.minX, clipMinY: clip.minY, clipMaxX: clip.maxX, clipMaxY: clip.maxY)
                return
            }
            var blitter = SolidBlitter(base: storage, stride: width, color: color.premultiplied)
            scanAccumulated(rule: rule, into: &blitter, repeating: rows)
        case .linearGradient(let gradient):
            // t is affine in the pixel position: evaluate it at three points to get its gradient.
            let inverse = toPixels.inverted() ?? .identity
            let (sx, sy) = (Double(gradient.start.x), Double(gradient.start.y))
            let (ax, ay) = (Double(gradient.end.x) - sx, Double(gradient.end.y) - sy)
            let lengthSquared = ax * ax + ay * ay
            func t(_ x: Double, _ y: Double) -> Double {
                guard lengthSquared > 0 else { return 1 }
                let p = inverse.apply(x, y)
                return ((p.x - sx) * ax + (p.y - sy) * ay) / lengthSquared
            }
            let t0 = t(0, 0)
            var blitter = GradientBlitter(base: storage, stride: width, table: gradient.lookupTable(),
                                          dx: t(1, 0) - t0, dy: t(0, 1) - t0, t0: t0)
            scanAccumulated(rule: rule, into: &blitter, repeating: rows)
        case .radialGradient(let gradient):
            // Pixels → the gradient's unit circle: t is the distance from its centre.
            let toUnit = Transform(translationX: -Double(gradient.center.x), y: -Double(gradient.center.y))
                .concatenating(Transform(scaleX: 1 / max(Double(gradient.radii.width), 1e-12),
                                         y: 1 / max(Double(gradient.radii.height), 1e-12)))
            var blitter = ShapedGradientBlitter(base: storage, stride: width, table: LinearGradient.lookupTable(gradient.stops),
                                                toUnit: (toPixels.inverted() ?? .identity).concatenating(toUnit),
                                                kind: .radial)
            scanAccumulated(rule: rule, into: &blitter, repeating: rows)
        case .conicGradient(let gradient):
            let toCentre = Transform(translationX: -Double(gradient.center.x), y: -Double(gradient.center.y))
                .concatenating(Transform(rotationAngle: -gradient.startAngle))
            var blitter = ShapedGradientBlitter(base: storage, stride: width, table: LinearGradient.lookupTable(gradient.stops),
                                                toUnit: (toPixels.inverted() ?? .identity).concatenating(toCentre),
                                                kind: .conic)
            scanAccumulated(rule: rule, into: &blitter, repeating: rows)
        }
    }

    private func scanAccumulated<Blitter: SpanSink>(rule: FillRule, into blitter: inout Blitter, repeating rows: Range<Int>?) {
        guard let rows else {
            accumulator.scan(rule: rule, into: &blitter)
            return
        }
        var recorder = RowRecorder()
        accumulator.scan(rule: rule, into: &recorder)
        for y in rows {
            for span in recorder.spans { blitter.span(y: y, x: span.x, count: span.count, alpha: span.alpha) }
        }
    }

    /// Fills a path whose pixel rows from `straightTop` to `straightBottom` (pixel y) are all alike
    /// — the straight middle of an axis-aligned rounded rectangle or of a border ring. Rows above and
    /// below go through the rasterizer as usual; one row of the middle is rasterized and its spans
    /// are painted on every row of the middle. The pixels are exactly those `fill` would give.
    func fillWithStraightMiddle(_ path: Path, with paint: Paint, toPixels: Transform, rule: FillRule,
                                straightTop: Double, straightBottom: Double) {
        guard !clip.isEmpty else { return }
        // Clamped on both sides before becoming integers: a rounded rect of absurd size (1e300, or
        // infinite, whose band is NaN) trapped here. A NaN band has no straight middle.
        func row(_ value: Double) -> Int { value.isNaN ? 0 : Int(min(1e9, max(-1e9, value))) }
        let firstStraight = max(clip.minY, row(straightTop.rounded(.up)))
        let endStraight = straightTop.isNaN ? firstStraight : min(clip.maxY, row(straightBottom.rounded(.down)))
        guard firstStraight < endStraight else {
            accumulator.reset(clipMinX: clip.minX, clipMinY: clip.minY, clipMaxX: clip.maxX, clipMaxY: clip.maxY)
            flattener.flatten(path, transform: toPixels, into: &accumulator)
            paintAccumulated(with: paint, toPixels: toPixels, rule: rule)
            return
        }
        for (top, bottom) in [(clip.minY, firstStraight), (endStraight, clip.maxY)] where top < bottom {
            accumulator.reset(clipMinX: clip.minX, clipMinY: top, clipMaxX: clip.maxX, clipMaxY: bottom)
            flattener.flatten(path, transform: toPixels, into: &accumulator)
            paintAccumulated(with: paint, toPixels: toPixels, rule: rule)
        }
        accumulator.reset(clipMinX: clip.minX, clipMinY: firstStraight, clipMaxX: clip.maxX, clipMaxY: firstStraight + 1)
        flattener.flatten(path, transform: toPixels, into: &accumulator)
        paintAccumulated(with: paint, toPixels: toPixels, rule: rule, repeating: firstStraight..<endStraight)
    }

    /// Fills a rounded rectangle. With no rotation or shear (the common case of a grid of cells)
    /// only the rows through the corners are rasterized; every row between them is the same.
    public func fillRoundedRect(_ rect: CGRect, radii: CornerRadii, with paint: Paint, transform: Transform = .identity) {
        let path = Path(roundedRect: rect, radii: radii)
        let toPixels = pixelTransform(transform)
        guard toPixels.isAxisAligned, toPixels.d != 0 else {
            fill(path, with: paint, transform: transform)
            return
        }
        let band = Self.straightBand(of: rect, radii: radii, toPixels: toPixels)
        fillWithStraightMiddle(path, with: paint, toPixels: toPixels, rule: .nonZero, straightTop: band.top, straightBottom: band.bottom)
    }

    /// The pixel rows between the corner arcs of an axis-aligned rounded rectangle.
    static func straightBand(of rect: CGRect, radii: CornerRadii, toPixels: Transform) -> (top: Double, bottom: Double) {
        let r = rect.standardized
        let fitted = radii.fitted(width: Double(r.width), height: Double(r.height))
        var top = Double(r.minY) + max(fitted.topLeft, fitted.topRight)
        var bottom = Double(r.maxY) - max(fitted.bottomLeft, fitted.bottomRight)
        if toPixels.d < 0 { (top, bottom) = (bottom, top) }
        return (toPixels.d * top + toPixels.ty, toPixels.d * bottom + toPixels.ty)
    }
}

/// Records the spans of one scanned row, to paint them again on other rows.
struct RowRecorder: SpanSink {
    var spans: [(x: Int, count: Int, alpha: UInt8)] = []

    mutating func pixel(y: Int, x: Int, alpha: UInt8) {
        spans.append((x, 1, alpha))
    }

    mutating func span(y: Int, x: Int, count: Int, alpha: UInt8) {
        spans.append((x, count, alpha))
    }
}

/// A rectangle of whole pixels, max exclusive.
struct PixelRect: Equatable {
    var minX: Int, minY: Int, maxX: Int, maxY: Int

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(minX: max(minX, other.minX), minY: max(minY, other.minY),
                  maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// The bounding box of `rect` under `transform`, edges rounded to the nearest pixel.
    init(enclosingRounded rect: CGRect, transform: Transform) {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { transform.apply(Double($0.0), Double($0.1)) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        func rounded(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value)).rounded()) }
        self.init(minX: rounded(xs.reduce(.infinity, min)), minY: rounded(ys.reduce(.infinity, min)),
                  maxX: rounded(xs.reduce(-.infinity, max)), maxY: rounded(ys.reduce(-.infinity, max)))
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }
}
