import Foundation

/// A projective map of the plane (a homography): what a flat layer turned in 3-D under
/// perspective looks like on screen. A point (x, y) maps to ((a·x + c·y + tx)/w, (b·x + d·y + ty)/w)
/// with w = wx·x + wy·y + w0; with wx = wy = 0 and w0 = 1 it is the affine `Transform`.
/// `p.concatenating(q)` applies `p` first.
///
/// Points with w ≤ 0 lie behind the viewer: they have no image, and drawing skips them.
public struct Projection: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public var wx: Double, wy: Double, w0: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double, wx: Double, wy: Double, w0: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
        (self.wx, self.wy, self.w0) = (wx, wy, w0)
    }

    public init(_ t: Transform) {
        self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty, wx: 0, wy: 0, w0: 1)
    }

    public static let identity = Projection(.identity)

    /// Whether it is affine (no perspective divide), and the affine transform it then is.
    public var affine: Transform? {
        guard wx == 0, wy == 0, w0 != 0 else { return nil }
        return Transform(a: a / w0, b: b / w0, c: c / w0, d: d / w0, tx: tx / w0, ty: ty / w0)
    }

    /// The image of (x, y) and its w (≤ 0: behind the viewer, and the point is meaningless).
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = wx * x + wy * y + w0
        return ((a * x + c * y + tx) / w, (b * x + d * y + ty) / w, w)
    }

    /// `self` then `other`.
    public func concatenating(_ other: Projection) -> Projection {
        // Column-vector matrices: M = [[a, c, tx], [b, d, ty], [wx, wy, w0]]; other · self.
        let m = matrix, n = other.matrix
        var p = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { p[i][j] += n[i][k] * m[k][j] } } }
        return Projection(matrix: p)
    }

    public func concatenating(_ other: Transform) -> Projection { concatenating(Projection(other)) }

    public func inverted() -> Projection? {
        let m = matrix
        let cofactor00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let cofactor01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let cofactor02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let determinant = m[0][0] * cofactor00 + m[0][1] * cofactor01 + m[0][2] * cofactor02
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse: [[Double]] = [
            [cofactor00, m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [cofactor01, m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [cofactor02, m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ].map { $0.map { $0 / determinant } }
        return Projection(matrix: inverse)
    }

    /// Whether the map shows the front of the plane at (x, y): false where it is seen mirrored,
    /// from behind (Core Animation hides such a layer when it is not double-sided).
    public func showsFront(at x: Double, _ y: Double) -> Bool {
        // The sign of the Jacobian's determinant: its matrix over w, whose square is positive.
        let p = apply(x, y)
        let jacobian = (a - wx * p.x) * (d - wy * p.y) - (c - wy * p.x) * (b - wx * p.y)
        return jacobian > 0
    }

    private var matrix: [[Double]] { [[a, c, tx], [b, d, ty], [wx, wy, w0]] }

    private init(matrix m: [[Double]]) {
        self.init(a: m[0][0], b: m[1][0], c: m[0][1], d: m[1][1], tx: m[0][2], ty: m[1][2], wx: m[2][0], wy: m[2][1], w0: m[2][2])
    }
}

extension Canvas {
    /// Composites `image` mapped by `projection` (image points → this canvas' points), bilinear and
    /// source-over at `opacity`: how a layer under perspective is drawn after its content was
    /// drawn flat. Each destination pixel centre is mapped back into the image exactly (the
    /// perspective divide per pixel, not an affine approximation); pixels whose preimage lies
    /// behind the viewer are left alone. Edges are anti-aliased by the image's transparent border.
    public func draw(_ image: Canvas, projection: Projection, opacity: Double = 1) {
        guard !clip.isEmpty, opacity > 0 else { return }
        if let affine = projection.affine { return draw(image, transform: affine, opacity: opacity) }
        let alpha = UInt32((min(1, opacity) * 255).rounded())
        // Image pixels → image points → canvas points → canvas pixels.
        let toPixels = Projection(Transform(scaleX: 1 / image.scale, y: 1 / image.scale))
            .concatenating(projection).concatenating(Projection(pixelTransform(.identity)))
        guard let inverse = toPixels.inverted() else { return }
        // The destination box: the image's corners that are in front of the viewer, or the whole
        // clip when a corner is behind (the visible part then reaches to infinity).
        let corners = [(0.0, 0.0), (Double(image.width), 0), (0, Double(image.height)), (Double(image.width), Double(image.height))]
            .map { toPixels.apply($0.0, $0.1) }
        var dest = clip
        if corners.allSatisfy({ $0.w > 0 }) {
            let xs = corners.map(\.x), ys = corners.map(\.y)
            func pixel(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value))) }
            dest = PixelRect(minX: pixel(xs.min()!.rounded(.down)) - 1, minY: pixel(ys.min()!.rounded(.down)) - 1,
                             maxX: pixel(xs.max()!.rounded(.up)) + 1, maxY: pixel(ys.max()!.rounded(.up)) + 1).intersection(clip)
        }
        guard !dest.isEmpty else { return }
        let source = image.storage
        let (sourceWidth, sourceHeight) = (image.width, image.height)
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            x >= 0 && y >= 0 && x < sourceWidth && y < sourceHeight ? source[y * sourceWidth + x] : 0
        }
        for y in dest.minY..<dest.maxY {
            let row = storage + y * width
            for x in dest.minX..<dest.maxX {
                let p = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                // The preimage must map forward with w > 0: its w is 1/(the inverse's w).
                guard p.w > 0 else { continue }
                let u = p.x - 0.5, v = p.y - 0.5
                guard u > -1, v > -1, u < Double(sourceWidth), v < Double(sourceHeight) else { continue }
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = UInt32(((u - Double(x0)) * 256).rounded(.down))
                let fy = UInt32(((v - Double(y0)) * 256).rounded(.down))
                let top = Self.lerp(texel(x0, y0), texel(x0 + 1, y0), fx)
                let bottom = Self.lerp(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), fx)
                var sample = Self.lerp(top, bottom, fy)
                if alpha != 255 { sample = Pixel.scale(sample, alpha) }
                if sample != 0 { row[x] = Pixel.sourceOver(sample, row[x]) }
            }
        }
    }

    /// Keeps this canvas only where `mask` (a layer of the same frame, made by `makeLayer`) has
    /// alpha: every pixel is scaled by the mask's alpha there (destination-in), as a layer's
    /// `mask` cuts it. Where the mask does not reach, nothing is kept.
    public func mask(byAlphaOf mask: Canvas) {
        let dx = origin.x - mask.origin.x, dy = origin.y - mask.origin.y
        for y in 0..<height {
            let row = storage + y * width
            let my = y + dy
            for x in 0..<width where row[x] != 0 {
                let mx = x + dx
                let alpha = my >= 0 && my < mask.height && mx >= 0 && mx < mask.width ? mask.storage[my * mask.width + mx] >> 24 : 0
                if alpha == 255 { continue }
                row[x] = alpha == 0 ? 0 : Pixel.scale(row[x], alpha)
            }
        }
    }
}
