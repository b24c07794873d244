import Vocabulary
import Foundation

/// UIScrollView's motion along one axis, as closed-form functions of time (DESIGN section 4.7).
///
/// Deceleration: the velocity decays by the rate `d` every millisecond, v(t) = v₀·d^(1000t), so
/// x(t) = x₀ + v₀·(d^(1000t) − 1)/(1000·ln d), coming to rest at x₀ − v₀/(1000·ln d).
/// Rubber band: a finger x points past an edge shows the content b = (1 − 1/(x·c/D + 1))·D points
/// past it (c = 0.55, D the viewport's length), so the content never goes further than D.
/// Spring back: critically damped, x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt) about the edge.
public enum ScrollPhysics {
    /// UIScrollView's rubber-band constant.
    public static let rubberBandCoefficient: CGFloat = 0.55
    /// Deceleration stops once less than this remains, in points.
    public static let restDistance: CGFloat = 0.5

    /// The distance shown past an edge when the finger has pulled `overshoot` points past it.
    public static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat,
                                  coefficient: CGFloat = rubberBandCoefficient) -> CGFloat {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(overshoot) * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -magnitude : magnitude
    }

    /// The finger distance past an edge that shows `offset` points past it: the inverse of
    /// `rubberBand`, so a pan that starts in the band continues smoothly.
    public static func inverseRubberBand(_ offset: CGFloat, dimension: CGFloat,
                                         coefficient: CGFloat = rubberBandCoefficient) -> CGFloat {
        guard dimension > 0 else { return 0 }
        let fraction = min(abs(offset) / dimension, 0.999_999)
        let magnitude = (1 / (1 - fraction) - 1) * dimension / coefficient
        return offset < 0 ? -magnitude : magnitude
    }

    /// Where a deceleration from velocity `v0` (points per second) with `rate` comes to rest,
    /// relative to its start.
    public static func decelerationDistance(velocity v0: CGFloat, rate: CGFloat) -> CGFloat {
        -v0 / (1000 * log(rate))
    }

    /// The distance travelled `t` seconds into a deceleration.
    public static func decelerationOffset(velocity v0: CGFloat, rate: CGFloat, time t: TimeInterval) -> CGFloat {
        v0 * (pow(rate, 1000 * t) - 1) / (1000 * log(rate))
    }

    /// The velocity `t` seconds into a deceleration.
    public static func decelerationVelocity(velocity v0: CGFloat, rate: CGFloat, time t: TimeInterval) -> CGFloat {
        v0 * pow(rate, 1000 * t)
    }

    /// How long a deceleration runs before less than `restDistance` remains (0 if it starts so).
    public static func decelerationDuration(velocity v0: CGFloat, rate: CGFloat) -> TimeInterval {
        // Remaining distance: |v₀|·d^(1000t)/(1000·|ln d|) = restDistance.
        let total = abs(decelerationDistance(velocity: v0, rate: rate))
        guard total > restDistance else { return 0 }
        return log(restDistance / total) / (1000 * log(rate))
    }

    /// Displacement from the rest point `t` seconds into a critically damped spring that starts
    /// `x0` away with velocity `v0`.
    public static func springBackOffset(from x0: CGFloat, velocity v0: CGFloat, omega: CGFloat,
                                        time t: TimeInterval) -> CGFloat {
        (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
    }

    /// Its velocity.
    public static func springBackVelocity(from x0: CGFloat, velocity v0: CGFloat, omega: CGFloat,
                                          time t: TimeInterval) -> CGFloat {
        (v0 - (v0 + omega * x0) * omega * t) * exp(-omega * t)
    }
}

/// A content-offset animation in progress: the closed-form motion of each axis from a start time.
package struct ScrollAnimation {
    enum Curve {
        /// Deceleration towards `target` (already adjusted by the layout), then a stop.
        case decelerate(velocity: CGPoint, rate: CGFloat, duration: TimeInterval)
        /// A critically damped spring from `origin` to `target`, ending when within 0.5 pt and slow.
        case spring(velocity: CGPoint, omega: CGFloat, duration: TimeInterval)
        /// Ease-in-out over `duration`: `setContentOffset(_:animated: true)`.
        case easeInOut(duration: TimeInterval)
    }

    var origin: CGPoint
    var target: CGPoint
    var start: TimeInterval
    var curve: Curve

    var duration: TimeInterval {
        switch curve {
        case .decelerate(_, _, let d), .spring(_, _, let d), .easeInOut(let d): d
        }
    }

    var end: TimeInterval { start + duration }

    /// Started by code (`setContentOffset(_:animated: true)`), not by a finger: it ends with
    /// `scrollViewDidEndScrollingAnimation` rather than `scrollViewDidEndDecelerating`.
    var isProgrammatic: Bool {
        if case .easeInOut = curve { return true }
        return false
    }

    /// The offset at `time`; the target once the animation is over.
    func offset(at time: TimeInterval) -> CGPoint {
        let t = time - start
        guard t < duration else { return target }
        switch curve {
        case .decelerate(let v, let rate, _):
            return CGPoint(x: origin.x + ScrollPhysics.decelerationOffset(velocity: v.x, rate: rate, time: t),
                           y: origin.y + ScrollPhysics.decelerationOffset(velocity: v.y, rate: rate, time: t))
        case .spring(let v, let omega, _):
            let dx = ScrollPhysics.springBackOffset(from: origin.x - target.x, velocity: v.x, omega: omega, time: t)
            let dy = ScrollPhysics.springBackOffset(from: origin.y - target.y, velocity: v.y, omega: omega, time: t)
            return CGPoint(x: target.x + dx, y: target.y + dy)
        case .easeInOut(let d):
            let p = easeInOut(t / d)
            return CGPoint(x: origin.x + (target.x - origin.x) * p, y: origin.y + (target.y - origin.y) * p)
        }
    }

    /// A spring from `origin` to `target` with initial `velocity`, lasting until both axes are
    /// within `restDistance` and slower than 1 pt/s.
    static func spring(from origin: CGPoint, to target: CGPoint, velocity: CGPoint, omega: CGFloat,
                       start: TimeInterval) -> ScrollAnimation {
        func settle(_ x0: CGFloat, _ v0: CGFloat) -> TimeInterval {
            // Step through the closed form at 1 ms until the axis rests (a bounded search: ≤ 10 s).
            var t: TimeInterval = 0
            while t < 10 {
                let x = ScrollPhysics.springBackOffset(from: x0, velocity: v0, omega: omega, time: t)
                let v = ScrollPhysics.springBackVelocity(from: x0, velocity: v0, omega: omega, time: t)
                if abs(x) < ScrollPhysics.restDistance && abs(v) < 1 { return t }
                t += 0.001
            }
            return t
        }
        let duration = max(settle(origin.x - target.x, velocity.x), settle(origin.y - target.y, velocity.y))
        return ScrollAnimation(origin: origin, target: target, start: start,
                               curve: .spring(velocity: velocity, omega: omega, duration: duration))
    }
}

/// Smoothstep-like ease-in-out of Core Animation's default timing, on 0…1: 3p² − 2p³.
package func easeInOut(_ p: Double) -> Double {
    let x = min(max(p, 0), 1)
    return x * x * (3 - 2 * x)
}
