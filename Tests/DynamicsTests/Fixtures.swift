import Foundation
import Vocabulary
@testable import Dynamics

/// A plain dynamic item, as a UIView would be to UIKit.
final class Card: UIDynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    var collisionBoundsType: UIDynamicItemCollisionBoundsType = .rectangle

    init(center: CGPoint, size: CGSize = CGSize(width: 100, height: 100)) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }

    init(x: Double, y: Double, width: Double = 100, height: Double = 100) {
        self.center = CGPoint(x: x, y: y)
        self.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    }

    var angle: Double { Double(atan2(transform.b, transform.a)) }
}

/// Counts the animator's delegate calls, with the simulated time of each.
final class DelegateSpy: UIDynamicAnimatorDelegate {
    var resumes: [TimeInterval] = []
    var pauses: [TimeInterval] = []

    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumes.append(animator.elapsedTime) }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses.append(animator.elapsedTime) }
}

let referenceBounds = CGRect(x: 0, y: 0, width: 400, height: 800)

/// Whether a resting item's `gap` to what it rests on (between the shapes, in points) is where
/// Box2D 2.3 leaves it: within the two 1 pt skins, and no deeper than the 0.5 pt slop into them.
func restsOnTheSkin(gap: Double) -> Bool { (1.45...2.01).contains(gap) }

/// A zero-length spring from `anchor` to the card's center, added to `animator`.
@discardableResult
@MainActor func addZeroLengthSpring(_ card: Card, anchor: CGPoint, frequency: Double, damping: Double,
                         to animator: UIDynamicAnimator) -> UIAttachmentBehavior {
    let spring = UIAttachmentBehavior(item: card, attachedToAnchor: anchor)
    spring.length = 0
    spring.frequency = CGFloat(frequency)
    spring.damping = CGFloat(damping)
    animator.addBehavior(spring)
    return spring
}

/// The damped oscillator x'' = −ω²x − 2ζωx' with ω = 2πf, in closed form, per axis.
@MainActor func dampedOscillator(x0: Double, v0: Double, frequency f: Double, dampingRatio zeta: Double, time t: Double) -> Double {
    let omega = 2 * Double.pi * f
    if zeta < 1 {
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * omega * t) * (x0 * cos(omegaD * t) + (v0 + zeta * omega * x0) / omegaD * sin(omegaD * t))
    } else if zeta == 1 {
        return exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
    } else {
        let root = omega * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * omega + root, r2 = -zeta * omega - root
        let a = (v0 - r2 * x0) / (r1 - r2)
        return a * exp(r1 * t) + (x0 - a) * exp(r2 * t)
    }
}


/// FNV-1a over the bit patterns of doubles.
@MainActor func fnv1a(_ values: [Double]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for value in values {
        var bits = value.bitPattern
        for _ in 0..<8 {
            hash ^= bits & 0xFF
            hash = hash &* 0x100_0000_01b3
            bits >>= 8
        }
    }
    return hash
}

/// The reference for a zero-length spring whose damper acts along its axis only, as UIKit's:
/// x″ = −ω²·x − 2ζω·(n·x′)·n with n = x/|x| (the velocity's direction where x = 0), integrated
/// by classical Runge–Kutta at 1/20,000 s and sampled by cubic Hermite interpolation between
/// steps. Its own error is far below 10⁻⁶ of the displacement.
struct AxisDampedSpring {
    private let step = 1.0 / 20_000
    private var positions: [Vec2] = []
    private var velocities: [Vec2] = []

    init(frequency: Double, dampingRatio zeta: Double, displacement: Vec2, velocity: Vec2, duration: Double) {
        let omega = 2 * Double.pi * frequency
        func acceleration(_ x: Vec2, _ v: Vec2) -> Vec2 {
            var (n, length) = x.normalized(epsilon: 1e-12)
            if length == 0 { n = v.normalized(epsilon: 1e-12).0 }
            return -(omega * omega) * x - (2 * zeta * omega * dot(n, v)) * n
        }
        var x = displacement, v = velocity
        let h = step
        let count = Int((duration / h).rounded()) + 2
        positions.reserveCapacity(count)
        velocities.reserveCapacity(count)
        for _ in 0..<count {
            positions.append(x)
            velocities.append(v)
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + (h / 2) * k1v, k2v = acceleration(x + (h / 2) * k1x, v + (h / 2) * k1v)
            let k3x = v + (h / 2) * k2v, k3v = acceleration(x + (h / 2) * k2x, v + (h / 2) * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += (h / 6) * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += (h / 6) * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
    }

    /// The displacement from the anchor at time `t`.
    func displacement(at t: Double) -> Vec2 {
        let u = max(t, 0) / step
        let i = min(Int(u), positions.count - 2)
        let s = u - Double(i)
        let (p0, p1) = (positions[i], positions[i + 1])
        let (m0, m1) = (step * velocities[i], step * velocities[i + 1])
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
    }
}

/// A rigid box of density 1 (100×100 pt weighs 1 kg) for the tests' reference integrators:
/// its pose, velocity, inverse mass and, for contacts, its material.
struct ReferenceBox {
    var center: Vec2
    var angle = 0.0
    var velocity = Vec2.zero
    var angularVelocity = 0.0
    let half: Vec2
    let invMass: Double
    let invInertia: Double
    var friction = 0.0
    var restitution = 0.0
    var gravity = true

    init(center: Vec2, size: Vec2, velocity: Vec2 = .zero, angularVelocity: Double = 0) {
        let mass = size.x * size.y / 10_000
        self.center = center
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        half = 0.5 * size
        invMass = 1 / mass
        invInertia = 12 / (mass * size.lengthSquared)
    }

    /// b2PolygonShape::SetAsBox's vertices and outward normals, in the body's frame.
    var localVertices: [Vec2] { [Vec2(-half.x, -half.y), Vec2(half.x, -half.y), Vec2(half.x, half.y), Vec2(-half.x, half.y)] }
    static let localNormals = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)]

    func toWorld(_ local: Vec2) -> Vec2 { center + Rot(angle: angle).rotate(local) }
    func toLocal(_ world: Vec2) -> Vec2 { Rot(angle: -angle).rotate(world - center) }
    func rotated(_ local: Vec2) -> Vec2 { Rot(angle: angle).rotate(local) }
}

extension ReferenceBox {
    /// The largest distance between a corner of `card` and the same corner of this box.
    func cornerError(_ card: Card) -> Double {
        localVertices.map { (Vec2(card.center) + Rot(angle: card.angle).rotate($0) - toWorld($0)).length }.max()!
    }
}

/// Runs `animator` and a reference side by side for `frames` frames of `frame` seconds, the
/// reference moved on a frame by `advance`, which returns its boxes (one per card). Returns the
/// worst corner error over every card and frame, and how far the first card travelled.
@MainActor func compareCorners(_ animator: UIDynamicAnimator, _ cards: [Card], frames: Int, frame: Double,
                               advance: () -> [ReferenceBox]) -> (error: Double, travel: Double) {
    var worst = 0.0, travel = 0.0
    let start = Vec2(cards[0].center)
    for _ in 0..<frames {
        animator.advance(by: frame)
        for (card, box) in zip(cards, advance()) { worst = max(worst, box.cornerError(card)) }
        travel = max(travel, (Vec2(cards[0].center) - start).length)
    }
    return (worst, travel)
}
