import Foundation
import Testing
@testable import Dynamics

struct ForceTests {
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

    @Test func resistance_DecaysSpeedByOnePlusHTimesCPerStep() {
        for integrator in UIDynamicAnimatorIntegrator.allCases {
            let card = Card(x: 200, y: 300)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            animator.integrator = integrator
            let probe = UIDynamicItemBehavior(items: [card])
            probe.resistance = 2
            probe.addLinearVelocity(CGPoint(x: 100, y: 0), for: card)
            animator.addBehavior(probe)
            animator.advance(by: 0.25)
            let h = animator.effectiveStepDuration
            let steps = (0.25 / h).rounded()
            let expected = 100 / pow(1 + h * 2, steps)
            #expect(abs(probe.linearVelocity(for: card).x - expected) < 1e-9, "\(integrator)")
        }
    }
}
