import Foundation
import Vocabulary
import Testing
@testable import Dynamics

@MainActor struct ForceTests {
    @Test func gravityOfMagnitudeOne_Accelerates1000PointsPerSecondSquared() {
        let card = Card(x: 200, y: 100, width: 30, height: 50)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let gravity = UIGravityBehavior(items: [card])
        #expect(gravity.magnitude == 1)
        #expect(abs(gravity.angle - .pi / 2) < 1e-12)
        let probe = UIDynamicItemBehavior(items: [card])
        animator.addBehavior(gravity)
        animator.addBehavior(probe)
        animator.advance(by: 0.5)
        #expect(abs(probe.linearVelocity(for: card).y - 500) < 1e-9)
        // Forces follow the trapezoidal rule, which is exact for constant acceleration.
        #expect(abs(card.center.y - (100 + 500 * 0.25)) < 1e-9)
        #expect(card.center.x == 200)
    }

    @Test func gravityAngleAndMagnitude() {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let gravity = UIGravityBehavior(items: [card])
        gravity.setAngle(0, magnitude: 0.5)
        let probe = UIDynamicItemBehavior(items: [card])
        animator.addBehavior(gravity)
        animator.addBehavior(probe)
        animator.advance(by: 1)
        let velocity = probe.linearVelocity(for: card)
        #expect(abs(velocity.x - 500) < 1e-9 && abs(velocity.y) < 1e-9)
    }

    @Test(arguments: [(100.0, 100.0, 1.0), (200.0, 100.0, 1.0), (100.0, 100.0, 2.0)])
    func instantaneousPush_ChangesSpeedBy100TimesMagnitudeOverMass(width: Double, height: Double, density: Double) {
        let card = Card(x: 200, y: 300, width: width, height: height)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [card], mode: .instantaneous)
        push.setAngle(0, magnitude: 2)
        let probe = UIDynamicItemBehavior(items: [card])
        probe.density = CGFloat(density)
        animator.addBehavior(push)
        animator.addBehavior(probe)
        animator.advance(by: 0.1)
        let mass = density * width * height / 10_000
        #expect(abs(probe.linearVelocity(for: card).x - 200 / mass) < 1e-9)
        #expect(push.active == false, "an instantaneous push acts once")
        animator.advance(by: 0.1)
        #expect(abs(probe.linearVelocity(for: card).x - 200 / mass) < 1e-9)
    }

    @Test func continuousPush_Accelerates100PointsPerSecondSquaredPerUnit() {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [card], mode: .continuous)
        push.pushDirection = CGVector(dx: 0, dy: -1)
        let probe = UIDynamicItemBehavior(items: [card])
        animator.addBehavior(push)
        animator.addBehavior(probe)
        animator.advance(by: 1)
        #expect(abs(probe.linearVelocity(for: card).y + 100) < 1e-9)
        #expect(abs(card.center.y - (300 - 50)) < 1e-9)
    }

    @Test func pushOffCenter_TurnsTheItem() {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [card], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 50, vertical: 0), for: card)
        let probe = UIDynamicItemBehavior(items: [card])
        animator.addBehavior(push)
        animator.addBehavior(probe)
        animator.advance(by: 0.01)
        // Impulse 100 kg·pt/s at 50 pt on inertia m·(w² + h²)/12 = 1666.7 kg·pt²: ω = 3 rad/s.
        #expect(abs(probe.angularVelocity(for: card) - 3) < 1e-9)
    }

    /// `.exact` and `.uikit` with `.pade`: v/(1 + h·c) per step; `.uikit` by default as the Box2D
    /// of iOS 7: v·(1 − h·c), clamped to [0, 1].
    @Test(arguments: [(UIDynamicAnimatorIntegrator.exact, UIDynamicAnimator.ResistanceModel.pade),
                      (.uikit, .pade), (.uikit, .linearClamped)])
    func resistance_DecaysSpeedByItsModelsFactorPerStep(_ integrator: UIDynamicAnimatorIntegrator,
                                                        _ model: UIDynamicAnimator.ResistanceModel) {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        animator.uikitResistance = model
        let probe = UIDynamicItemBehavior(items: [card])
        probe.resistance = 2
        probe.addLinearVelocity(CGPoint(x: 100, y: 0), for: card)
        animator.addBehavior(probe)
        animator.advance(by: 0.25)
        let h = animator.effectiveStepDuration
        let steps = (0.25 / h).rounded()
        let factor = model == .linearClamped ? 1 - h * 2 : 1 / (1 + h * 2)
        let expected = 100 * pow(factor, steps)
        #expect(abs(probe.linearVelocity(for: card).x - expected) < 1e-9, "\(integrator) \(model)")
    }

    /// Box2D 2.2's clamp: with h·c ≥ 1 an item stops dead in one step (never reverses), where the
    /// late-2013 form only divides its speed by 1 + h·c.
    @Test func clampedResistanceStopsAnItemWhenHTimesCReachesOne() {
        for model in UIDynamicAnimator.ResistanceModel.allCases {
            let card = Card(x: 200, y: 300)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            animator.integrator = .uikit
            animator.uikitResistance = model
            let probe = UIDynamicItemBehavior(items: [card])
            probe.resistance = 150                                  // h·c = 1.25 at 1/120 s
            probe.addLinearVelocity(CGPoint(x: 100, y: 0), for: card)
            animator.addBehavior(probe)
            animator.advance(by: 1.0 / 120)
            let v = probe.linearVelocity(for: card).x
            #expect(model == .linearClamped ? v == 0 : abs(v - 100 / 2.25) < 1e-9, "\(model)")
        }
    }

    /// The `.uikit` step may be a 60 Hz display's: a zero-length spring then follows UIKit's
    /// implicit-Euler recurrence at h = 1/60 s, v₊ = (v − hω²x)/(1 + 2ζωh + ω²h²), x₊ = x + h·v₊,
    /// until a step starts inside Box2D's 0.5 pt dead zone. Other step values are refused.
    @Test func uikitStepsAt60HzWhenAsked() {
        let card = Card(x: 300, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = .uikit
        animator.uikitStep = 1.0 / 60
        animator.uikitStep = 1.0 / 90
        #expect(animator.effectiveStepDuration == 1.0 / 60)
        let spring = UIAttachmentBehavior(item: card, attachedToAnchor: CGPoint(x: 200, y: 300))
        spring.length = 0
        spring.frequency = 2
        spring.damping = 0.3
        animator.addBehavior(spring)
        let h = 1.0 / 60, omega = 2 * Double.pi * 2, zeta = 0.3
        var x = 100.0, v = 0.0
        var steps = 0
        while abs(x) > 0.5 && steps < 300 {
            animator.advance(by: h)
            v = (v - h * omega * omega * x) / (1 + 2 * zeta * omega * h + omega * omega * h * h)
            x += h * v
            steps += 1
            #expect(abs(Double(card.center.x) - 200 - x) <= 1e-9 * max(abs(x), 1), "step \(steps)")
        }
        #expect(steps >= 10)
        #expect(abs(animator.elapsedTime - Double(steps) / 60) < 1e-12)
    }
}
