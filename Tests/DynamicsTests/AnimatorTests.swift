import Foundation
import Vocabulary
import Testing
@testable import Dynamics

@MainActor struct AnimatorTests {
    @Test func snap_EndsAtTheSnapPointUpright() {
        let card = Card(x: 50, y: 60)
        card.transform = CGAffineTransform(rotationAngle: 0.4)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let snap = UISnapBehavior(item: card, snapTo: CGPoint(x: 300, y: 500))
        #expect(snap.damping == 0.5)
        animator.addBehavior(snap)
        animator.advance(by: 0.2)
        #expect(card.center.x > 100)
        animator.advance(by: 3)
        #expect(abs(card.center.x - 300) < 0.5 && abs(card.center.y - 500) < 0.5, "\(card.center)")
        #expect(abs(card.angle) < 0.01)
        #expect(!animator.isRunning)
    }

    @Test func animator_PausesOnceAfterHalfASecondAtRest_AndResumesWhenAnAnchorMoves() {
        let card = Card(x: 260, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spy = DelegateSpy()
        animator.delegate = spy
        let spring = addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: 3, damping: 0.7, to: animator)
        #expect(animator.isRunning)
        #expect(spy.resumes.count == 1)

        var lastFast = 0.0
        let probe = UIDynamicItemBehavior(items: [card])
        animator.addBehavior(probe)
        for _ in 0..<(10 * 60) {
            animator.advance(by: 1.0 / 60)
            if Vec2(probe.linearVelocity(for: card)).length > 1 { lastFast = animator.elapsedTime }
        }
        #expect(spy.pauses.count == 1)
        #expect(!animator.isRunning)
        let pausedAt = spy.pauses[0]
        #expect(pausedAt >= lastFast + 0.5 - 1.0 / 60 && pausedAt <= lastFast + 0.5 + 1.0 / 60,
                "paused at \(pausedAt), last moved at \(lastFast)")
        let restingCenter = card.center
        animator.advance(by: 1)
        #expect(card.center == restingCenter, "a paused animator moves nothing")
        #expect(animator.elapsedTime == 11, "simulated time goes on while paused")

        spring.anchorPoint = CGPoint(x: 200, y: 400)
        #expect(animator.isRunning)
        #expect(spy.resumes.count == 2, "the first start, then the anchor move; adding the probe to a running animator is no resume")
        animator.advance(by: 5)
        #expect(abs(card.center.y - 400) < 0.5)
        #expect(spy.pauses.count == 2)
    }

    /// The pause rule is Box2D 2.3's sleep rule (1 pt/s, 2°/s, 0.5 s) applied to the motion: a
    /// plain zero-length spring pulled 100 pt pauses half a second after the closed-form damped
    /// oscillator's speed last exceeds 1 pt/s (3.94 s at 1 Hz ζ 0.3, 3.24 s at 2 Hz ζ 0.2,
    /// 0.79 s at 8 Hz ζ 0.6), to the step.
    @Test(arguments: [(1.0, 0.3), (2.0, 0.2), (8.0, 0.6)])
    func aPlainSpringPausesWhereBox2DsSleepRuleSays(frequency: Double, damping: Double) {
        let card = Card(x: 300, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spy = DelegateSpy()
        animator.delegate = spy
        addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: frequency, damping: damping, to: animator)
        animator.advance(by: 6)
        let h = animator.effectiveStepDuration
        var lastFast = 0.0
        for step in 0..<Int(6 / h) {
            let t = Double(step) * h, e = 1e-6
            let speed = abs(dampedOscillator(x0: 100, v0: 0, frequency: frequency, dampingRatio: damping, time: t + e)
                - dampedOscillator(x0: 100, v0: 0, frequency: frequency, dampingRatio: damping, time: t - e)) / (2 * e)
            if speed > 1 { lastFast = t }
        }
        #expect(spy.pauses.count == 1)
        #expect(abs((spy.pauses.first ?? 0) - (lastFast + 0.5)) <= 2 * h, "paused at \(spy.pauses), rule says \(lastFast + 0.5)")
    }

    @Test func animator_ResumesWhenABehaviorIsAdded_AndPausesWhenAllAreRemoved() {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spy = DelegateSpy()
        animator.delegate = spy
        #expect(!animator.isRunning)
        animator.addBehavior(UIDynamicItemBehavior(items: [card]))
        animator.advance(by: 1)
        #expect(spy.resumes.count == 1 && spy.pauses.count == 1)
        let gravity = UIGravityBehavior(items: [card])
        animator.addBehavior(gravity)
        #expect(animator.isRunning && spy.resumes.count == 2)
        animator.advance(by: 0.1)
        #expect(card.center.y > 300)
        animator.removeAllBehaviors()
        #expect(!animator.isRunning && spy.pauses.count == 2)
        #expect(animator.behaviors.isEmpty)
        #expect(gravity.dynamicAnimator == nil)
    }

    @Test func updateItemUsingCurrentState_ReadsTheItemAgain() {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spring = UIAttachmentBehavior(item: card, attachedToAnchor: card.center)
        spring.frequency = 2
        spring.damping = 1
        animator.addBehavior(spring)
        animator.advance(by: 1)
        #expect(!animator.isRunning)
        card.center = CGPoint(x: 260, y: 300)
        animator.updateItem(usingCurrentState: card)
        #expect(animator.isRunning)
        animator.advance(by: 0.05)
        #expect(card.center.x < 260 && card.center.x > 200)
        animator.advance(by: 4)
        #expect(abs(card.center.x - 200) < 0.5)
    }

    @Test func childBehaviorsAndActions() {
        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let parent = UIDynamicBehavior()
        let gravity = UIGravityBehavior(items: [card])
        parent.addChildBehavior(gravity)
        var calls = 0
        var lastSeenY = 0.0
        parent.action = {
            calls += 1
            lastSeenY = Double(card.center.y)
        }
        animator.addBehavior(parent)
        #expect(gravity.dynamicAnimator === animator)
        #expect(parent.childBehaviors.count == 1)
        animator.advance(by: 0.1)
        #expect(calls == 12, "one action call per 1/120 s animator tick, not per 1/960 s step")
        #expect(lastSeenY > 300, "actions see the items' current positions")
        parent.removeChildBehavior(gravity)
        #expect(gravity.dynamicAnimator == nil)
        let y = card.center.y
        animator.advance(by: 0.1)
        #expect(card.center.y - y < 0.2 * 0.1 * 1000, "no more gravity: only the speed it had carries it")
    }

    /// UIKit calls an action once per animator tick; the fine `.exact` step must not multiply the
    /// calls. The `.uikit` integrator's step is the tick.
    @Test func actionsRunOncePerTickAtTheTicksTimes() {
        for integrator in [UIDynamicAnimatorIntegrator.exact, .uikit] {
            let card = Card(x: 260, y: 300)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            animator.integrator = integrator
            let spring = addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: 2, damping: 0.1, to: animator)
            var times: [TimeInterval] = []
            spring.action = { times.append(animator.elapsedTime) }
            for _ in 0..<60 { animator.advance(by: 1.0 / 60) }   // 1 s in frames
            #expect(times.count == 120, "\(integrator)")
            for (index, time) in times.enumerated() {
                #expect(abs(time - Double(index) / 120) < 1e-9, "\(integrator): call \(index) at \(time)")
            }
        }
    }

    @Test func itemsInRect_FindsIntersectingItemsInOrder() {
        let a = Card(x: 50, y: 50, width: 40, height: 40)
        let b = Card(x: 150, y: 50, width: 40, height: 40)
        let c = Card(x: 50, y: 500, width: 40, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(UIDynamicItemBehavior(items: [a, b, c]))
        let found = animator.items(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(found.count == 2 && found[0] === a && found[1] === b)
    }

    /// Assigning an action only changes what is called: it neither resumes a paused animator nor
    /// perturbs the motion.
    @Test func actionSetLater_RunsEveryTick_WithoutResumingOrChangingTheMotion() {
        func run(settingAction: Bool) -> (calls: Int, center: CGPoint, resumes: Int) {
            let card = Card(x: 260, y: 300)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            let spy = DelegateSpy()
            animator.delegate = spy
            let spring = addZeroLengthSpring(card, anchor: CGPoint(x: 200, y: 300), frequency: 3, damping: 0.2, to: animator)
            animator.advance(by: 0.25)
            var calls = 0
            if settingAction { spring.action = { calls += 1 } }
            animator.advance(by: 0.25)
            return (calls, card.center, spy.resumes.count)
        }
        let with = run(settingAction: true), without = run(settingAction: false)
        #expect(with.calls == 30)   // 0.25 s at 120 ticks per second
        #expect(with.center == without.center)

        let card = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spy = DelegateSpy()
        animator.delegate = spy
        let resting = UIDynamicItemBehavior(items: [card])
        animator.addBehavior(resting)
        animator.advance(by: 1)
        #expect(!animator.isRunning && spy.resumes.count == 1)
        resting.action = {}
        #expect(!animator.isRunning && spy.resumes.count == 1)
    }
}
