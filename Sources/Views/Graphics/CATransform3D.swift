import Vocabulary
import Foundation

/// Core Animation's 4×4 transform, as layers (`layer.transform`, `sublayerTransform`) and layout
/// attributes (`transform3D`) take it. A layer is flat: the renderer maps its plane through the
/// whole matrix, perspective divide included (`m34` = −1/d puts the viewer d points away), and
/// drops the depth that is left, as Core Animation flattens a layer into its superlayer.
///
/// Row-vector convention, as in Core Animation: a point (x, y, z, 1) times the matrix.
public struct CATransform3D: Equatable, Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity transform.
    public init() {
        self.init(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    public static let identity = CATransform3D()
}

public let CATransform3DIdentity = CATransform3D.identity

/// A scale by `sx`, `sy`, `sz`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A translation by `tx`, `ty`, `tz`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// The 3-D transform that acts on x and y as `m` does.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    return t
}

/// Whether `t` acts in the x–y plane only, so that `CATransform3DGetAffineTransform` loses nothing.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The x–y part of `t`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A rotation by `angle` radians about the axis (`x`, `y`, `z`), as Core Animation makes it; the
/// identity for a zero axis.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return .identity }
    let (u, v, w) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(m11: c + u * u * k, m12: u * v * k + w * s, m13: u * w * k - v * s, m14: 0,
                         m21: u * v * k - w * s, m22: c + v * v * k, m23: v * w * k + u * s, m24: 0,
                         m31: u * w * k + v * s, m32: v * w * k - u * s, m33: c + w * w * k, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t` scaled first: scale(sx, sy, sz) · t, as Core Animation defines it.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t` translated first: translate(tx, ty, tz) · t.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t` rotated first: rotation(angle, x, y, z) · t.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse of `t`, or `t` itself when it has none (as Core Animation returns it).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    var m = [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
             [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
    var inverse = (0..<4).map { i in (0..<4).map { j in CGFloat(i == j ? 1 : 0) } }
    // Gauss–Jordan elimination with partial pivoting.
    for column in 0..<4 {
        guard let pivot = (column..<4).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
              abs(m[pivot][column]) > 1e-12 else { return t }
        m.swapAt(column, pivot)
        inverse.swapAt(column, pivot)
        let scale = m[column][column]
        for j in 0..<4 { m[column][j] /= scale; inverse[column][j] /= scale }
        for row in 0..<4 where row != column {
            let factor = m[row][column]
            guard factor != 0 else { continue }
            for j in 0..<4 { m[row][j] -= factor * m[column][j]; inverse[row][j] -= factor * inverse[column][j] }
        }
    }
    let r = inverse
    return CATransform3D(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                         m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                         m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                         m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
}

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let l = [[a.m11, a.m12, a.m13, a.m14], [a.m21, a.m22, a.m23, a.m24],
             [a.m31, a.m32, a.m33, a.m34], [a.m41, a.m42, a.m43, a.m44]]
    let r = [[b.m11, b.m12, b.m13, b.m14], [b.m21, b.m22, b.m23, b.m24],
             [b.m31, b.m32, b.m33, b.m34], [b.m41, b.m42, b.m43, b.m44]]
    var p = [[CGFloat]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { p[i][j] += l[i][k] * r[k][j] } } }
    return CATransform3D(m11: p[0][0], m12: p[0][1], m13: p[0][2], m14: p[0][3],
                         m21: p[1][0], m22: p[1][1], m23: p[1][2], m24: p[1][3],
                         m31: p[2][0], m32: p[2][1], m33: p[2][2], m34: p[2][3],
                         m41: p[3][0], m42: p[3][1], m43: p[3][2], m44: p[3][3])
}

extension CATransform3D {
    /// Whether the transform maps a flat layer (z = 0) through a perspective divide: only then
    /// does drawing it with `CATransform3DGetAffineTransform` lose anything. Depth (z
    /// translation or scale) and turns about x or y without perspective draw exactly.
    public var hasPerspective: Bool { m14 != 0 || m24 != 0 || m44 != 1 }

    /// Entry-by-entry interpolation toward `other` (`t` 0 gives self, 1 gives `other`): exact for
    /// scales and translations, which is what layout transitions animate.
    public func interpolated(to other: CATransform3D, by t: CGFloat) -> CATransform3D {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        return CATransform3D(m11: mix(m11, other.m11), m12: mix(m12, other.m12), m13: mix(m13, other.m13), m14: mix(m14, other.m14),
                             m21: mix(m21, other.m21), m22: mix(m22, other.m22), m23: mix(m23, other.m23), m24: mix(m24, other.m24),
                             m31: mix(m31, other.m31), m32: mix(m32, other.m32), m33: mix(m33, other.m33), m34: mix(m34, other.m34),
                             m41: mix(m41, other.m41), m42: mix(m42, other.m42), m43: mix(m43, other.m43), m44: mix(m44, other.m44))
    }
}
