import Foundation
import Testing
@testable import Dynamics

/// One item on one zero-length spring against the closed-form damped oscillator.
struct SpringAccuracyTests {
    struct Case: CustomStringConvertible, Sendable {
        var frequency: Double
        var damping: Double
        var description: String { "f=\(frequency) ζ=\(damping)" }
    }

    static let cases: [Case] = [0.5, 1, 2, 4, 6.8, 8, 10].flatMap { f in
        [0.05, 0.2, 0.6, 1, 1.5, 2].map { Case(frequency: f, damping: $0) }
    }

    /// Runs the spring for 5 s in 1/60 s frames; returns the largest distance from the closed form
    /// as a fraction of the initial displacement, while the animator runs.
    ///
    /// A slow over-damped spring creeps below 1 pt/s before it arrives, and then the animator
    /// pauses as UIKit's does; so the check also requires that any pause came only after the
    /// closed-form motion had been slower than 1 pt/s for 0.5 s.
    static func worstError(_ c: Case, displacement: Vec2, velocity: Vec2) -> Double {
        let anchor = CGPoint(x: 200, y: 300)
        let card = Card(x: 200 + displacement.x, y: 300 + displacement.y)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let itemBehavior = UIDynamicItemBehavior(items: [card])
        itemBehavior.addLinearVelocity(velocity.point, for: card)
        addZeroLengthSpring(card, anchor: anchor, frequency: c.frequency, damping: c.damping, to: animator)
        animator.addBehavior(itemBehavior)

        func expected(_ t: Double) -> Vec2 {
            Vec2(dampedOscillator(x0: displacement.x, v0: velocity.x, frequency: c.frequency, dampingRatio: c.damping, time: t),
                 dampedOscillator(x0: displacement.y, v0: velocity.y, frequency: c.frequency, dampingRatio: c.damping, time: t))
        }
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

    @Test(arguments: cases)
    func zeroLengthSpring_FollowsClosedForm_FromRest(_ c: Case) {
        let error = Self.worstError(c, displacement: Vec2(30, -40), velocity: .zero)
        #expect(error < 0.005, "worst error \(error * 100) % of the displacement")
    }

    @Test(arguments: cases)
    func zeroLengthSpring_FollowsClosedForm_WithInitialVelocity(_ c: Case) {
        let error = Self.worstError(c, displacement: Vec2(-60, 20), velocity: Vec2(150, 250))
        #expect(error < 0.005, "worst error \(error * 100) % of the displacement")
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
