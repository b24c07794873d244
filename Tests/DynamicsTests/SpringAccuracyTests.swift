import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// One item on one zero-length spring against the closed-form damped oscillator.
@MainActor struct SpringAccuracyTests {
    struct Case: CustomStringConvertible, Sendable {
        var frequency: Double
        var damping: Double
        var description: String { "f=\(frequency) ζ=\(damping)" }
    }

    nonisolated static let cases: [Case] = [0.5, 1, 2, 4, 6.8, 8, 10].flatMap { f in
        [0.05, 0.2, 0.6, 1, 1.5, 2].map { Case(frequency: f, damping: $0) }
    }

    /// Runs the spring for 5 s in 1/60 s frames; returns the largest distance from `expected`
    /// (the displacement from the anchor at time t) as a fraction of the initial displacement,
    /// while the animator runs.
    ///
    /// A slow over-damped spring creeps below 1 pt/s before it arrives, and then the animator
    /// pauses as UIKit's does; so the check also requires that any pause came only after the
    /// expected motion had been slower than 1 pt/s for 0.5 s.
    static func worstError(_ c: Case, displacement: Vec2, velocity: Vec2, expected: (Double) -> Vec2) -> Double {
        let anchor = CGPoint(x: 200, y: 300)
        let card = Card(x: 200 + displacement.x, y: 300 + displacement.y)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let itemBehavior = UIDynamicItemBehavior(items: [card])
        itemBehavior.addLinearVelocity(velocity.point, for: card)
        addZeroLengthSpring(card, anchor: anchor, frequency: c.frequency, damping: c.damping, to: animator)
        animator.addBehavior(itemBehavior)

        var worst = 0.0
        for frame in 1...300 {
            animator.advance(by: 1.0 / 60)
            let t = Double(frame) / 60
            guard animator.isRunning else {
                let pausedAt = animator.elapsedTime
                for k in 0...50 {
                    let s = pausedAt - 0.5 + 0.01 * Double(k)
                    let speed = (expected(s + 1e-4) - expected(s - 1e-4)).length / 2e-4
                    #expect(speed <= 1.02, "paused at \(pausedAt) s while the spring moved at \(speed) pt/s")
                }
                break
            }
            let actual = Vec2(card.center) - Vec2(anchor)
            worst = max(worst, (actual - expected(t)).length / displacement.length)
        }
        return worst
    }

    /// From rest the motion stays on the line through the anchor, where the damper acts fully:
    /// the closed-form damped oscillator along that line.
    static func closedForm(_ c: Case, displacement: Vec2) -> (Double) -> Vec2 {
        { t in
            Vec2(dampedOscillator(x0: displacement.x, v0: 0, frequency: c.frequency, dampingRatio: c.damping, time: t),
                 dampedOscillator(x0: displacement.y, v0: 0, frequency: c.frequency, dampingRatio: c.damping, time: t))
        }
    }

    @Test(arguments: cases)
    func zeroLengthSpring_FollowsClosedForm_FromRest(_ c: Case) {
        let displacement = Vec2(30, -40)
        let error = Self.worstError(c, displacement: displacement, velocity: .zero,
                                    expected: Self.closedForm(c, displacement: displacement))
        #expect(error < 0.005, "worst error \(error * 100) % of the displacement")
    }

    /// With a velocity across the axis, the damper acts only along the axis (UIKit's distance
    /// joint of length 0): x″ = −ω²·x − 2ζω·(n·x′)·n, n = x/|x|, integrated by the reference.
    @Test(arguments: cases)
    func zeroLengthSpring_FollowsAxisDampedModel_WithVelocityAcross(_ c: Case) {
        for (displacement, velocity) in [(Vec2(-60, 20), Vec2(150, 250)), (Vec2(60, 0), Vec2(0, 600))] {
            let reference = AxisDampedSpring(frequency: c.frequency, dampingRatio: c.damping,
                                             displacement: displacement, velocity: velocity, duration: 5)
            let error = Self.worstError(c, displacement: displacement, velocity: velocity, expected: reference.displacement)
            #expect(error < 0.005, "from \(displacement) at \(velocity): worst error \(error * 100) % of the displacement")
        }
    }

    /// Flicked across a 1 Hz, ζ 0.6 spring at 600 pt/s, an item orbits the anchor and is still
    /// far from it after 3 s, as on a device; a damper acting in every direction would have
    /// brought it home to within 2 pt.
    @Test func zeroLengthSpring_FlickedAcross_KeepsOrbiting() {
        let card = Card(x: 260, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let itemBehavior = UIDynamicItemBehavior(items: [card])
        itemBehavior.addLinearVelocity(CGPoint(x: 0, y: 600), for: card)
        addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: 1, damping: 0.6, to: animator)
        animator.addBehavior(itemBehavior)
        animator.advance(by: 3)
        let distance = (Vec2(card.center) - Vec2(200, 300)).length
        let isotropic = Vec2(dampedOscillator(x0: 60, v0: 0, frequency: 1, dampingRatio: 0.6, time: 3),
                             dampedOscillator(x0: 0, v0: 600, frequency: 1, dampingRatio: 0.6, time: 3)).length
        #expect(isotropic < 2)
        #expect(distance > 40, "\(distance) pt from the anchor at 3 s")
    }

    @Test func zeroLengthSpring_SettlesExactlyOnTheAnchor() {
        let card = Card(x: 260, y: 380)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: 6.8, damping: 1, to: animator)
        animator.advance(by: 3)
        #expect(abs(card.center.x - 200) < 1e-3)
        #expect(abs(card.center.y - 300) < 1e-3)
    }

    /// 300 calls of 1/60 s, 150 of 1/30 s and one of 5 s give bit-identical positions.
    @Test func motion_DoesNotDependOnHowAdvanceIsChunked() {
        func run(_ chunks: [Double]) -> [Double] {
            let card = Card(x: 250, y: 260)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            let spring = UIAttachmentBehavior(item: card, offsetFromCenter: UIOffset(horizontal: 20, vertical: 10),
                                              attachedToAnchor: CGPoint(x: 200, y: 300))
            spring.frequency = 3
            spring.damping = 0.2
            spring.length = 20
            animator.addBehavior(spring)
            animator.addBehavior(UIGravityBehavior(items: [card]))
            for chunk in chunks { animator.advance(by: chunk) }
            return [Double(card.center.x), Double(card.center.y), card.angle, animator.elapsedTime]
        }
        let sixtieths = run(Array(repeating: 1.0 / 60, count: 300))
        let thirtieths = run(Array(repeating: 1.0 / 30, count: 150))
        let whole = run([5])
        let uneven = run([0.3, 1.7, 0.0001, 2.9999])
        #expect(sixtieths == whole)
        #expect(thirtieths == whole)
        #expect(uneven == whole)
        #expect(whole[3] == 5)
    }

    /// The `.uikit` integrator reproduces UIKit's implicit-Euler recurrence at h = 1/120.
    @Test(arguments: [(2.0, 0.1), (4.0, 0.3), (8.0, 0.6), (1.0, 1.0), (6.8, 1.0)])
    func uikitIntegrator_FollowsBox2DRecurrence(frequency: Double, damping: Double) {
        let card = Card(x: 300, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = .uikit
        addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: frequency, damping: damping, to: animator)

        let h = 1.0 / 120, omega = 2 * Double.pi * frequency
        var x = 100.0, v = 0.0
        var compared = 0
        // Until a step starts inside the 0.5 pt dead zone, where UIKit stops pulling.
        while abs(x) > 0.5 && compared < 600 {
            v = (v - h * omega * omega * x) / (1 + 2 * damping * omega * h + omega * omega * h * h)
            x += h * v
            animator.advance(by: h)
            let simulated = Double(card.center.x) - 200
            #expect(abs(simulated - x) <= 1e-9 * max(abs(x), 1), "step \(compared): \(simulated) vs \(x)")
            #expect(card.center.y == 300)
            compared += 1
        }
        #expect(compared >= 15)
    }

    /// UIKit's zero-length joint has Box2D's 0.5 pt dead zone; the exact integrator has none.
    @Test func zeroLengthSpring_DeadZoneOnlyInUIKitMode() {
        for (integrator, moves) in [(UIDynamicAnimatorIntegrator.uikit, false), (.exact, true)] {
            let card = Card(x: 200.4, y: 300)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            animator.integrator = integrator
            addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: 5, damping: 1, to: animator)
            animator.advance(by: 1)
            #expect((abs(card.center.x - 200.4) > 0.3) == moves, "\(integrator): \(card.center.x)")
        }
    }
}
