import Foundation

/// An affine transform of the plane, with Core Graphics' conventions: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty), and `t1.concatenating(t2)` applies `t1` first.
///
/// Raster keeps its own type so that it depends on nothing but FreeType; `Dynamics` has
/// `CGAffineTransform` with the same six fields, and a scene converts one into the other.
public struct Transform: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn clockwise on screen (y points down),
    /// as `CGAffineTransform(rotationAngle:)` does in UIKit.
    public init(rotationAngle angle: Double) {
        let (s, c) = (sin(angle), cos(angle))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` first, then `other`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty
        )
    }

    public func translatedBy(x: Double, y: Double) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: Double, y: Double) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: Double) -> Transform {
        Transform(rotationAngle: angle).concatenating(self)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform collapses the plane onto a line or a point.
    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det
        )
    }

    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    public func apply(to point: CGPoint) -> CGPoint {
        let p = apply(Double(point.x), Double(point.y))
        return CGPoint(x: p.x, y: p.y)
    }

    /// The largest factor by which the transform stretches any length: the larger singular value.
    /// Curve flattening uses it to pick how many segments keep the error under a pixel tolerance.
    public var maximumScale: Double {
        let p = a * a + b * b + c * c + d * d
        let q = determinant
        return sqrt(max(0, (p + sqrt(max(0, p * p - 4 * q * q))) / 2))
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform only translates and scales (no rotation or shear).
    public var isAxisAligned: Bool { b == 0 && c == 0 }
}
