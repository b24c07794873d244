import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// `slidingAttachment` and `attachmentRange`, under both integrators.
@MainActor struct SlidingAttachmentTests {
    static func animator(_ integrator: UIDynamicAnimatorIntegrator) -> UIDynamicAnimator {
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        animator.integrator = integrator
        return animator
    }

    /// An item on a 45° rail under gravity slides down it as a bead on a frictionless wire,
    /// s = ½·(g/√2)·t², without turning or leaving the rail, and stops at the range's end, 80 pt.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func anItemSlidesDownItsRailAndStopsAtTheRangesEnd(_ integrator: UIDynamicAnimatorIntegrator) {
        let card = Card(x: 200, y: 200, width: 60, height: 40)
        let animator = Self.animator(integrator)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        let rail = UIAttachmentBehavior.slidingAttachment(with: card, attachmentAnchor: CGPoint(x: 210, y: 190),
                                                          axisOfTranslation: CGVector(dx: 1, dy: 1))
        rail.attachmentRange = UIFloatRange(minimum: -50, maximum: 80)
        animator.addBehavior(rail)
        let axis = Vec2(1, 1).normalized().0, start = Vec2(200, 200)
        var worstOffRail = 0.0, worstAngle = 0.0
        for frame in 1...60 {
            animator.advance(by: 1.0 / 60)
            let moved = Vec2(card.center) - start
            worstOffRail = max(worstOffRail, abs(cross(axis, moved)))
            worstAngle = max(worstAngle, abs(card.angle))
            let t = Double(frame) / 60
            if t <= 0.4 {
                let expected = 0.5 * 1000 / 2.0.squareRoot() * t * t
                // The uikit integrator's implicit Euler runs ahead by ½·a·h·t.
                let tolerance = integrator == .exact ? 0.05 : 0.5 * 1000 / 2.0.squareRoot() * (1.0 / 120) * t + 0.05
                #expect(abs(dot(axis, moved) - expected) < tolerance, "at \(t) s: \(dot(axis, moved)) pt along, \(expected) expected")
            }
        }
        let travel = dot(axis, Vec2(card.center) - start)
        #expect(abs(travel - 80) < 0.6, "stopped \(travel) pt along")
        #expect(worstOffRail < 0.6, "left the rail by \(worstOffRail) pt")
        #expect(worstAngle < 0.01, "turned \(worstAngle) rad")
    }

    /// With `attachmentRange` zero, the item cannot slide at all.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func aZeroRangeHoldsTheItem(_ integrator: UIDynamicAnimatorIntegrator) {
        let card = Card(x: 200, y: 200, width: 60, height: 40)
        let animator = Self.animator(integrator)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        let rail = UIAttachmentBehavior.slidingAttachment(with: card, attachmentAnchor: card.center,
                                                          axisOfTranslation: CGVector(dx: 0, dy: 1))
        rail.attachmentRange = .zero
        animator.addBehavior(rail)
        animator.advance(by: 1)
        #expect((Vec2(card.center) - Vec2(200, 200)).length < 0.6, "\(card.center)")
    }

    /// Two free items on a rail, the small one thrown diagonally: the push across the rail turns
    /// both together (the rail holds their relative angle), the small one slides along it, and
    /// linear and angular momentum are kept.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func twoItemsOnARailKeepMomentum(_ integrator: UIDynamicAnimatorIntegrator) {
        let base = Card(x: 200, y: 300, width: 100, height: 100), slider = Card(x: 260, y: 300, width: 50, height: 50)
        let animator = Self.animator(integrator)
        let rail = UIAttachmentBehavior.slidingAttachment(with: base, attachedTo: slider, attachmentAnchor: CGPoint(x: 230, y: 300),
                                                          axisOfTranslation: CGVector(dx: 1, dy: 0))
        animator.addBehavior(rail)
        let motion = UIDynamicItemBehavior(items: [base, slider])
        motion.addLinearVelocity(CGPoint(x: 100, y: 200), for: slider)
        animator.addBehavior(motion)
        // Masses 1 and 0.25 kg; moments of inertia m·(w² + h²)/12.
        let items: [(Card, Double, Double)] = [(base, 1, 10_000.0 / 6), (slider, 0.25, 0.25 * 5_000 / 12)]
        func momentum() -> (Vec2, Double) {
            items.reduce((Vec2.zero, 0.0)) { sum, item in
                let v = Vec2(motion.linearVelocity(for: item.0)), w = Double(motion.angularVelocity(for: item.0))
                return (sum.0 + item.1 * v, sum.1 + item.1 * cross(Vec2(item.0.center), v) + item.2 * w)
            }
        }
        var offRail = 0.0
        for _ in 0..<60 {
            animator.advance(by: 1.0 / 60)
            // The slider's attach point (30 pt left of its center) on the line through the base's
            // (30 pt right of its center) along the base's x axis.
            let rotation = Rot(angle: base.angle)
            let onBase = Vec2(base.center) + rotation.rotate(Vec2(30, 0))
            let onSlider = Vec2(slider.center) + Rot(angle: slider.angle).rotate(Vec2(-30, 0))
            offRail = max(offRail, abs(cross(rotation.rotate(Vec2(1, 0)), onSlider - onBase)))
            #expect(abs(slider.angle - base.angle) < 0.01)
        }
        let (linear, angular) = momentum()
        #expect((linear - Vec2(25, 50)).length < 0.05, "momentum \(linear)")
        // Within 0.2 %: the uikit integrator's position passes move the items without changing
        // their velocities, as Box2D 2.3's do, which shifts the angular momentum a little (0.1 %).
        let angular0 = 0.25 * cross(Vec2(260, 300), Vec2(100, 200))
        #expect(abs(angular - angular0) < 0.002 * angular0, "angular momentum \(angular), \(angular0) at the start")
        #expect(abs(base.angle) > 0.05, "the rail turned the base by \(base.angle) rad")
        #expect(offRail < 0.6, "the slider left the rail by \(offRail) pt")
    }

    /// A bar pinned at its end to an anchored item, dropped level under gravity: `attachmentRange`
    /// of ±0.3 rad keeps it from swinging further than that.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func aPinsRangeLimitsItsTurn(_ integrator: UIDynamicAnimatorIntegrator) {
        let post = Card(x: 200, y: 200, width: 20, height: 20), bar = Card(x: 260, y: 200, width: 120, height: 10)
        let animator = Self.animator(integrator)
        let fixed = UIDynamicItemBehavior(items: [post])
        fixed.isAnchored = true
        animator.addBehavior(fixed)
        animator.addBehavior(UIGravityBehavior(items: [bar]))
        let pin = UIAttachmentBehavior.pinAttachment(with: post, attachedTo: bar, attachmentAnchor: CGPoint(x: 200, y: 200))
        pin.attachmentRange = UIFloatRange(minimum: -0.3, maximum: 0.3)
        animator.addBehavior(pin)
        var widest = 0.0
        for _ in 0..<120 {
            animator.advance(by: 1.0 / 60)
            widest = max(widest, bar.angle)
        }
        // It falls clockwise (positive in UIKit's y-down frame) to the range's end and rests there.
        #expect(widest > 0.25 && widest < 0.3 + SolverSettings.angularSlop, "swung to \(widest) rad")
        #expect(abs(bar.angle - 0.3) < SolverSettings.angularSlop, "rests at \(bar.angle) rad")
        // The pin holds: the bar's end stays on the post.
        let end = Vec2(bar.center) + Rot(angle: bar.angle).rotate(Vec2(-60, 0))
        #expect((end - Vec2(200, 200)).length < 0.6, "end at \(end)")
        // Without a range, the same bar swings past it.
        pin.attachmentRange = .infinite
        animator.advance(by: 0.5)
        #expect(bar.angle > 0.5)
    }
}
