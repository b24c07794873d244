import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// Setters of a behaviour describe one state, whatever order they come in.
///
/// Source of the expected value: Apple's documentation of `UIPushBehavior.angle`, `magnitude` and
/// `pushDirection` ("Whichever approach you use, the alternate, equivalent values update
/// automatically"; default angle 0, default magnitude 0) and of `UIGravityBehavior.setAngle(_:magnitude:)`.
/// A behaviour configured A-then-B must move its item exactly as one configured B-then-A.
@MainActor struct SetterOrderTests {
    /// One property pair of one behaviour: how to build it, and the two setters to apply in both orders.
    struct Pair: CustomTestStringConvertible, Sendable {
        let name: String
        let build: @MainActor @Sendable (Card, CGPoint) -> UIDynamicBehavior
        let first: @MainActor @Sendable (UIDynamicBehavior) -> Void
        let second: @MainActor @Sendable (UIDynamicBehavior) -> Void
        var testDescription: String { name }
    }

    nonisolated static let pairs: [Pair] = [
        Pair(name: "push angle, magnitude",
             build: { card, _ in UIPushBehavior(items: [card], mode: .continuous) },
             first: { ($0 as? UIPushBehavior)?.angle = .pi / 2 },
             second: { ($0 as? UIPushBehavior)?.magnitude = 2 }),
        Pair(name: "instantaneous push angle, magnitude",
             build: { card, _ in UIPushBehavior(items: [card], mode: .instantaneous) },
             first: { ($0 as? UIPushBehavior)?.angle = 3 * .pi / 4 },
             second: { ($0 as? UIPushBehavior)?.magnitude = 1 }),
        Pair(name: "gravity angle, magnitude after magnitude 0",
             build: { card, _ in
                 let gravity = UIGravityBehavior(items: [card])
                 gravity.magnitude = 0
                 return gravity
             },
             first: { ($0 as? UIGravityBehavior)?.angle = 0 },
             second: { ($0 as? UIGravityBehavior)?.magnitude = 0.5 }),
        Pair(name: "attachment frequency, damping",
             build: { card, anchor in
                 let spring = UIAttachmentBehavior(item: card, attachedToAnchor: anchor)
                 spring.length = 30
                 return spring
             },
             first: { ($0 as? UIAttachmentBehavior)?.frequency = 2 },
             second: { ($0 as? UIAttachmentBehavior)?.damping = 0.3 }),
        Pair(name: "attachment length, anchorPoint",
             build: { card, anchor in UIAttachmentBehavior(item: card, attachedToAnchor: anchor) },
             first: { ($0 as? UIAttachmentBehavior)?.length = 40 },
             second: { ($0 as? UIAttachmentBehavior)?.anchorPoint = CGPoint(x: 260, y: 280) }),
        Pair(name: "snap damping, snapPoint",
             build: { card, anchor in UISnapBehavior(item: card, snapTo: anchor) },
             first: { ($0 as? UISnapBehavior)?.damping = 0.9 },
             second: { ($0 as? UISnapBehavior)?.snapPoint = CGPoint(x: 100, y: 150) }),
        Pair(name: "item behavior density, resistance",
             build: { card, _ in
                 let item = UIDynamicItemBehavior(items: [card])
                 item.addLinearVelocity(CGPoint(x: 120, y: -60), for: card)
                 return item
             },
             first: { ($0 as? UIDynamicItemBehavior)?.density = 3 },
             second: { ($0 as? UIDynamicItemBehavior)?.resistance = 2 }),
        Pair(name: "field strength, direction",
             build: { card, _ in UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1)).adding(card) },
             first: { ($0 as? UIFieldBehavior)?.strength = 4 },
             second: { ($0 as? UIFieldBehavior)?.direction = CGVector(dx: 1, dy: 0) }),
    ]

    /// Where the card is after half a second under a behaviour configured with `setters`.
    private func finalCenter(_ pair: Pair, _ setters: [@MainActor @Sendable (UIDynamicBehavior) -> Void]) -> CGPoint {
        let card = Card(x: 200, y: 300)
        let behavior = pair.build(card, CGPoint(x: 200, y: 200))
        for set in setters { set(behavior) }
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(behavior)
        animator.addBehavior(UIDynamicItemBehavior(items: [card]))
        animator.advance(by: 0.5)
        return card.center
    }

    @Test(arguments: pairs)
    func behavior_SettersInEitherOrder_MoveTheItemAlike(pair: Pair) {
        let forwards = finalCenter(pair, [pair.first, pair.second])
        let backwards = finalCenter(pair, [pair.second, pair.first])
        #expect(abs(forwards.x - backwards.x) < 1e-9 && abs(forwards.y - backwards.y) < 1e-9,
                "\(pair.name): \(forwards) one way, \(backwards) the other")
        #expect(forwards != CGPoint(x: 200, y: 300) || pair.name.hasPrefix("snap"), "\(pair.name) moved nothing")
    }

    @Test func pushAngleBeforeMagnitude_PushesAlongTheAngle() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        push.angle = .pi / 2
        push.magnitude = 2
        #expect(abs(push.angle - .pi / 2) < 1e-12)
        #expect(push.magnitude == 2)
        #expect(abs(push.pushDirection.dx) < 1e-12 && abs(push.pushDirection.dy - 2) < 1e-12)
    }

    @Test func pushSetAngleMagnitude_EqualsTheTwoSetters() {
        let together = UIPushBehavior(items: [], mode: .continuous)
        together.setAngle(1.2, magnitude: 0.7)
        let apart = UIPushBehavior(items: [], mode: .continuous)
        apart.angle = 1.2
        apart.magnitude = 0.7
        #expect(together.pushDirection == apart.pushDirection)
        #expect(together.angle == apart.angle && together.magnitude == apart.magnitude)
    }

    @Test func pushDirection_UpdatesAngleAndMagnitude() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        push.pushDirection = CGVector(dx: 0, dy: -3)
        #expect(abs(push.angle + .pi / 2) < 1e-12)
        #expect(abs(push.magnitude - 3) < 1e-12)
        // A zero vector keeps the angle, so a later magnitude pushes the same way again.
        push.pushDirection = .zero
        push.magnitude = 1
        #expect(abs(push.pushDirection.dy + 1) < 1e-12)
    }

    /// A vector set after a magnitude replaces both; a magnitude set after a vector keeps its direction.
    @Test func pushMagnitudeAfterPushDirection_KeepsTheDirection() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        push.pushDirection = CGVector(dx: 0, dy: -1)
        push.magnitude = 3
        #expect(abs(push.pushDirection.dx) < 1e-12 && abs(push.pushDirection.dy + 3) < 1e-12)
        push.angle = .pi
        #expect(abs(push.pushDirection.dx + 3) < 1e-12 && abs(push.pushDirection.dy) < 1e-12)
    }

    @Test func gravityMagnitudeAfterGravityDirection_KeepsTheDirection() {
        let gravity = UIGravityBehavior(items: [])
        gravity.gravityDirection = CGVector(dx: -1, dy: 0)
        gravity.magnitude = 0.25
        #expect(abs(gravity.gravityDirection.dx + 0.25) < 1e-12 && abs(gravity.gravityDirection.dy) < 1e-12)
    }

    @Test func pushNegativeMagnitude_ReversesTheForce() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        push.magnitude = -1
        push.angle = 0
        #expect(abs(push.pushDirection.dx + 1) < 1e-12)
    }
}

private extension UIFieldBehavior {
    func adding(_ item: UIDynamicItem) -> UIFieldBehavior {
        addItem(item)
        return self
    }
}
