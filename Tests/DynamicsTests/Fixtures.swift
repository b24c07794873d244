import Foundation
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

/// A zero-length spring from `anchor` to the card's center, added to `animator`.
@discardableResult
func addZeroLengthSpring(_ card: Card, anchor: CGPoint, frequency: Double, damping: Double,
                         to animator: UIDynamicAnimator) -> UIAttachmentBehavior {
    let spring = UIAttachmentBehavior(item: card, attachedToAnchor: anchor)
    spring.length = 0
    spring.frequency = CGFloat(frequency)
    spring.damping = CGFloat(damping)
    animator.addBehavior(spring)
    return spring
}

/// The damped oscillator x'' = −ω²x − 2ζωx' with ω = 2πf, in closed form, per axis.
func dampedOscillator(x0: Double, v0: Double, frequency f: Double, dampingRatio zeta: Double, time t: Double) -> Double {
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

/// A small deterministic generator (SplitMix64), so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// FNV-1a over the bit patterns of doubles.
func fnv1a(_ values: [Double]) -> UInt64 {
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
