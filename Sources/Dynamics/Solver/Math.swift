// Small value types for the solver. Everything is Double and in points, seconds and kilograms:
// UIKit's "100 points = 1 metre" only enters where forces and impulses meet the public API.
import Foundation

struct Vec2: Equatable {
    var x: Double
    var y: Double

    @inline(__always) init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static let zero = Vec2(0, 0)

    @inline(__always) static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inline(__always) static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inline(__always) static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inline(__always) static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inline(__always) static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inline(__always) static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    @inline(__always) var length: Double { (x * x + y * y).squareRoot() }
    @inline(__always) var lengthSquared: Double { x * x + y * y }
    /// The vector turned a quarter turn the other way: (y, −x).
    @inline(__always) var rightPerpendicular: Vec2 { Vec2(y, -x) }
    var isFinite: Bool { x.isFinite && y.isFinite }
}

@inline(__always) func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// The z component of the 3-D cross product.
@inline(__always) func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// ω × r for an angular velocity ω about z.
@inline(__always) func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }

extension Vec2 {
    init(_ point: CGPoint) { self.init(Double(point.x), Double(point.y)) }
    var point: CGPoint { CGPoint(x: x, y: y) }

    /// The unit vector and the length; the zero vector and 0 when shorter than `epsilon`.
    func normalized(epsilon: Double = 1e-12) -> (Vec2, Double) {
        let l = length
        return l < epsilon ? (.zero, 0) : (Vec2(x / l, y / l), l)
    }
}

/// A rotation stored as cosine and sine.
struct Rot {
    var c: Double
    var s: Double

    @inline(__always) init(angle: Double) {
        c = cos(angle)
        s = sin(angle)
    }

    @inline(__always) func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inline(__always) func inverseRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
}

/// A symmetric 2×2 matrix, for the effective mass of point constraints.
struct Sym22 {
    var xx: Double
    var xy: Double
    var yy: Double

    static let zero = Sym22(xx: 0, xy: 0, yy: 0)

    /// The inverse, or zero when singular (a constraint between two immovable bodies).
    @inline(__always) var inverse: Sym22 {
        let det = xx * yy - xy * xy
        guard det != 0 else { return .zero }
        let inv = 1 / det
        return Sym22(xx: yy * inv, xy: -xy * inv, yy: xx * inv)
    }

    @inline(__always) static func * (m: Sym22, v: Vec2) -> Vec2 {
        Vec2(m.xx * v.x + m.xy * v.y, m.xy * v.x + m.yy * v.y)
    }

    /// K = (mA + mB)·I + iA·[rA]ᵀ[rA] + iB·[rB]ᵀ[rB], the mass matrix of a 2-D point constraint.
    @inline(__always) static func pointMass(invMassA mA: Double, invInertiaA iA: Double, rA: Vec2,
                                            invMassB mB: Double, invInertiaB iB: Double, rB: Vec2) -> Sym22 {
        Sym22(
            xx: mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y,
            xy: -iA * rA.x * rA.y - iB * rB.x * rB.y,
            yy: mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        )
    }
}

/// A general 2×2 matrix, for the response of a spring whose damping acts along one axis only.
struct Mat22 {
    var xx: Double
    var xy: Double
    var yx: Double
    var yy: Double

    static let identity = Mat22(xx: 1, xy: 0, yx: 0, yy: 1)

    /// The inverse, or zero when singular.
    @inline(__always) var inverse: Mat22 {
        let det = xx * yy - xy * yx
        guard det != 0 else { return Mat22(xx: 0, xy: 0, yx: 0, yy: 0) }
        let inv = 1 / det
        return Mat22(xx: yy * inv, xy: -xy * inv, yx: -yx * inv, yy: xx * inv)
    }

    @inline(__always) static func * (m: Mat22, v: Vec2) -> Vec2 {
        Vec2(m.xx * v.x + m.xy * v.y, m.yx * v.x + m.yy * v.y)
    }
}

extension Sym22 {
    /// n·nᵀ for a unit vector n: the projection onto n's direction.
    @inline(__always) static func projection(onto n: Vec2) -> Sym22 {
        Sym22(xx: n.x * n.x, xy: n.x * n.y, yy: n.y * n.y)
    }

    /// The quadratic form nᵀ·M·n.
    @inline(__always) func along(_ n: Vec2) -> Double {
        xx * n.x * n.x + 2 * xy * n.x * n.y + yy * n.y * n.y
    }
}
