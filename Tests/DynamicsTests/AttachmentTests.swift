import Foundation
import Vocabulary
import Testing
@testable import Dynamics

@MainActor struct AttachmentTests {
    @Test func defaultLength_IsTheInitialDistanceBetweenAttachPoints() {
        let card = Card(x: 100, y: 100)
        let toAnchor = UIAttachmentBehavior(item: card, attachedToAnchor: CGPoint(x: 100, y: 250))
        #expect(toAnchor.length == 150)
        let offset = UIAttachmentBehavior(item: card, offsetFromCenter: UIOffset(horizontal: 30, vertical: 0),
                                          attachedToAnchor: CGPoint(x: 130, y: 140))
        #expect(abs(offset.length - 40) < 1e-12)
        let other = Card(x: 160, y: 180)
        let items = UIAttachmentBehavior(item: card, attachedTo: other)
        #expect(abs(items.length - 100) < 1e-12)
        #expect(items.attachedBehaviorType == .items)
        #expect(toAnchor.attachedBehaviorType == .anchor)
    }

    @Test func rigidRod_KeepsItsLengthWhileSwinging() {
        let card = Card(x: 350, y: 200, width: 40, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let anchor = CGPoint(x: 200, y: 200)
        let rod = UIAttachmentBehavior(item: card, attachedToAnchor: anchor)
        #expect(rod.frequency == 0)
        animator.addBehavior(rod)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        var worst = 0.0, lowest = 0.0
        for _ in 0..<180 {
            animator.advance(by: 1.0 / 60)
            let distance = (Vec2(card.center) - Vec2(anchor)).length
            worst = max(worst, abs(distance - 150))
            lowest = max(lowest, Double(card.center.y))
        }
        #expect(worst < 0.5, "rod stretched by \(worst) pt")
        #expect(lowest > 340, "the pendulum swung down to y = \(lowest)")
    }

    /// Four corner springs (frequency 8, damping 0.6, default lengths), as the cluster drag uses.
    @Test func fourCornerAttachment_MovingAnchorsByDeltaMovesRestPositionByDelta() {
        let start = CGPoint(x: 170, y: 330)
        let card = Card(center: start, size: CGSize(width: 60, height: 60))
        let touch = Vec2(200, 300)
        let corners = [Vec2(-20, -20), Vec2(20, -20), Vec2(20, 20), Vec2(-20, 20)]
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let springs = corners.map { corner -> UIAttachmentBehavior in
            let spring = UIAttachmentBehavior(item: card, attachedToAnchor: (touch + corner).point)
            spring.frequency = 8
            spring.damping = 0.6
            animator.addBehavior(spring)
            return spring
        }
        animator.advance(by: 1)
        #expect(abs(card.center.x - start.x) < 1e-9 && abs(card.center.y - start.y) < 1e-9)

        let delta = Vec2(50, -30)
        for (spring, corner) in zip(springs, corners) { spring.anchorPoint = (touch + delta + corner).point }
        animator.advance(by: 0.05)
        #expect(abs(card.center.x - start.x) > 1, "the card follows the anchors")
        animator.advance(by: 4)
        #expect(abs(card.center.x - (start.x + 50)) < 0.01, "\(card.center)")
        #expect(abs(card.center.y - (start.y - 30)) < 0.01, "\(card.center)")
        #expect(abs(card.angle) < 1e-6)
        #expect(springs.allSatisfy { abs($0.length - ((Vec2(start) - touch - corners[0]).length)) < 50 })
    }

    @Test func offsetAttachPoint_RotatesTheItem_UnlessRotationIsDisallowed() {
        for allowsRotation in [true, false] {
            let card = Card(x: 200, y: 300, width: 120, height: 40)
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            let spring = UIAttachmentBehavior(item: card, offsetFromCenter: UIOffset(horizontal: 50, vertical: 0),
                                              attachedToAnchor: CGPoint(x: 250, y: 200))
            spring.length = 0
            spring.frequency = 2
            spring.damping = 0.7
            let settings = UIDynamicItemBehavior(items: [card])
            settings.allowsRotation = allowsRotation
            animator.addBehavior(spring)
            animator.addBehavior(settings)
            animator.advance(by: 0.5)
            if allowsRotation {
                #expect(abs(card.angle) > 0.1, "angle \(card.angle)")
            } else {
                #expect(card.angle == 0)
                #expect(card.transform == .identity)
            }
        }
    }

    @Test func itemToItemSpring_ConservesLinearMomentum() {
        let small = Card(x: 100, y: 300, width: 60, height: 60)
        let big = Card(x: 250, y: 320, width: 120, height: 100)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spring = UIAttachmentBehavior(item: small, offsetFromCenter: UIOffset(horizontal: 10, vertical: -5),
                                          attachedTo: big, offsetFromCenter: UIOffset(horizontal: -20, vertical: 15))
        spring.length = 100
        spring.frequency = 2
        spring.damping = 0.3
        let motion = UIDynamicItemBehavior(items: [small, big])
        motion.addLinearVelocity(CGPoint(x: 40, y: -90), for: small)
        motion.addLinearVelocity(CGPoint(x: -10, y: 25), for: big)
        animator.addBehavior(spring)
        animator.addBehavior(motion)
        let massSmall = 0.36, massBig = 1.2
        func momentum() -> Vec2 {
            massSmall * Vec2(motion.linearVelocity(for: small)) + massBig * Vec2(motion.linearVelocity(for: big))
        }
        let initial = momentum()
        #expect(abs(initial.x - (0.36 * 40 - 1.2 * 10)) < 1e-12)
        for _ in 0..<120 {
            animator.advance(by: 1.0 / 60)
            #expect((momentum() - initial).length < 1e-9 * 100)
        }
        #expect(abs(small.angle) > 1e-3 || abs(big.angle) > 1e-3, "offset attach points turn the items")
    }

    @Test func limitAttachment_KeepsItemsWithinTheRope() {
        let a = Card(x: 200, y: 200, width: 40, height: 40)
        let b = Card(x: 200, y: 300, width: 40, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let rope = UIAttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        let pin = UIDynamicItemBehavior(items: [a])
        pin.isAnchored = true
        animator.addBehavior(rope)
        animator.addBehavior(pin)
        animator.addBehavior(UIGravityBehavior(items: [b]))
        let push = UIDynamicItemBehavior(items: [b])
        push.addLinearVelocity(CGPoint(x: 0, y: -400), for: b)
        animator.addBehavior(push)
        animator.advance(by: 0.1)
        #expect(b.center.y < 290, "the rope is slack when the items come closer")
        var farthest = 0.0
        for _ in 0..<120 {
            animator.advance(by: 1.0 / 60)
            farthest = max(farthest, (Vec2(b.center) - Vec2(a.center)).length)
        }
        #expect(farthest < 100.5, "rope stretched to \(farthest)")
        #expect(a.center == CGPoint(x: 200, y: 200))
    }

    @Test func fixedAttachment_WeldsTwoItems() {
        let a = Card(x: 200, y: 200, width: 60, height: 60)
        let b = Card(x: 260, y: 200, width: 60, height: 60)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(UIAttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 230, y: 200)))
        let spin = UIDynamicItemBehavior(items: [a])
        spin.addAngularVelocity(2, for: a)
        spin.addLinearVelocity(CGPoint(x: 30, y: 0), for: a)
        animator.addBehavior(spin)
        animator.advance(by: 1)
        #expect(abs(a.angle - b.angle) < 0.01, "\(a.angle) vs \(b.angle)")
        #expect(abs((Vec2(b.center) - Vec2(a.center)).length - 60) < 0.2)
        #expect(abs(a.angle) > 0.3)
    }

    /// A pin at the center of a 100×100 card (inertia 1666.7 kg·pt²) with a friction torque of 10
    /// (1000 kg·pt²/s²) slows its spin at 0.6 rad/s²: from 3 rad/s to 1.5 rad/s in 2.5 s.
    @Test func pinAttachmentWithFrictionTorque_SlowsTheSpinAtTheExpectedRate() {
        let base = Card(x: 200, y: 300, width: 20, height: 20)
        let wheel = Card(x: 200, y: 300)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let pin = UIAttachmentBehavior.pinAttachment(with: base, attachedTo: wheel, attachmentAnchor: wheel.center)
        pin.frictionTorque = 10
        let motion = UIDynamicItemBehavior(items: [base, wheel])
        motion.addAngularVelocity(3, for: wheel)
        let fixed = UIDynamicItemBehavior(items: [base])
        fixed.isAnchored = true
        animator.addBehavior(pin)
        animator.addBehavior(motion)
        animator.addBehavior(fixed)
        animator.advance(by: 2.5)
        #expect(abs(motion.angularVelocity(for: wheel) - 1.5) < 0.01, "\(motion.angularVelocity(for: wheel))")
        #expect(abs(wheel.center.x - 200) < 0.01 && abs(wheel.center.y - 300) < 0.01, "the pin holds the center")
        animator.advance(by: 3)
        #expect(abs(motion.angularVelocity(for: wheel)) < 0.01, "friction brings it to a stop")
    }

    /// An attach point off the center rings at the spring's own frequency, as in UIKit: the
    /// stiffness comes from the effective mass at the attach point (lever arm included), not from
    /// the item's mass (which would make this spring ring 25 % faster). Both integrators; the
    /// uikit one's implicit Euler lengthens the period by about (ωh)²/2.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func offsetAttachment_RingsAtItsFrequency(_ integrator: UIDynamicAnimatorIntegrator) {
        let card = Card(x: 200, y: 300, width: 100, height: 60)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        let offset = UIOffset(horizontal: 30, vertical: 15)
        let anchor = CGPoint(x: 200, y: 200)
        let spring = UIAttachmentBehavior(item: card, offsetFromCenter: offset, attachedToAnchor: anchor)
        spring.frequency = 3
        spring.damping = 0
        spring.length -= 1
        animator.addBehavior(spring)
        func stretch() -> Double {
            let point = Vec2(card.center) + Rot(angle: card.angle).rotate(Vec2(offset))
            return (point - Vec2(anchor)).length - Double(spring.length)
        }
        var upward: [Double] = []
        var previous = stretch()
        let h = 1.0 / 960
        for step in 1...1920 {
            animator.advance(by: h)
            let current = stretch()
            if previous < 0 && current >= 0 {
                upward.append(h * (Double(step - 1) + previous / (previous - current)))
            }
            previous = current
        }
        #expect(upward.count >= 5)
        let period = (upward.last! - upward.first!) / Double(upward.count - 1)
        let tolerance = integrator == .exact ? 0.001 : 0.01
        #expect(abs(period * 3 - 1) < tolerance, "period \(period) s for a 3 Hz spring")
    }
}
