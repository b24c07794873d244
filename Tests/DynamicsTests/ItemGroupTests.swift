import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// `UIDynamicItemGroup`: items moved as one rigid unit.
@MainActor struct ItemGroupTests {
    /// A 60×40 card and a 40×40 card side by side, 10 pt apart.
    static func pair() -> (Card, Card, UIDynamicItemGroup) {
        let left = Card(x: 100, y: 100, width: 60, height: 40), right = Card(x: 160, y: 100, width: 40, height: 40)
        return (left, right, UIDynamicItemGroup(items: [left, right]))
    }

    @Test func theGroupsBoundsEncloseItsItems() {
        let (_, _, group) = Self.pair()
        #expect(group.bounds.size == CGSize(width: 110, height: 40))
        #expect(group.center == CGPoint(x: 125, y: 100))
        #expect(group.collisionBoundsType == .path)
        #expect(group.collisionBoundingPolygon?.count == 4)
        #expect(group.items.count == 2)
    }

    /// An instantaneous push of 1 on 0.4 kg (0.24 + 0.16) gives 250 pt/s; an angular velocity
    /// turns both items about the group's center, keeping their distance and relative angle.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func itemsMoveAsOneBody(_ integrator: UIDynamicAnimatorIntegrator) {
        let (left, right, group) = Self.pair()
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        animator.integrator = integrator
        let push = UIPushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        animator.addBehavior(push)
        let motion = UIDynamicItemBehavior(items: [group])
        motion.addAngularVelocity(2, for: group)
        animator.addBehavior(motion)
        animator.advance(by: 0.5)
        #expect(abs(Double(motion.linearVelocity(for: group).x) - 250) < 1e-6, "\(motion.linearVelocity(for: group))")
        #expect(abs(group.center.x - 250) < 0.01 && abs(group.center.y - 100) < 0.01, "\(group.center)")
        #expect(abs(group.rotationAngle - 1) < 1e-6)
        // The items are where the group puts them: 25 pt left and 35 pt right of its center, turned by 1 rad.
        let rotation = Rot(angle: 1)
        #expect((Vec2(left.center) - (Vec2(group.center) + rotation.rotate(Vec2(-25, 0)))).length < 1e-9)
        #expect((Vec2(right.center) - (Vec2(group.center) + rotation.rotate(Vec2(35, 0)))).length < 1e-9)
        #expect(abs(left.angle - 1) < 1e-9 && abs(right.angle - 1) < 1e-9)
    }

    /// The moment of inertia is the items' about the group's center: 0.24·(60² + 40²)/12 +
    /// 0.24·25² + 0.16·(40² + 40²)/12 + 0.16·35² = 492.67 kg·pt², so a push of 1 (100 kg·pt/s)
    /// 20 pt below the center turns the group at −2000/492.67 rad/s.
    @Test func anOffCenterPushTurnsTheGroupByItsItemsInertia() {
        let (_, _, group) = Self.pair()
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        let push = UIPushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 20), for: group)
        animator.addBehavior(push)
        let motion = UIDynamicItemBehavior(items: [group])
        animator.addBehavior(motion)
        animator.advance(by: 1.0 / 60)
        let inertia = 0.24 * 5200 / 12 + 0.24 * 625 + 0.16 * 3200 / 12 + 0.16 * 1225
        #expect(abs(Double(motion.angularVelocity(for: group)) + 2000 / inertia) < 1e-6, "\(motion.angularVelocity(for: group))")
    }

    /// Dropped onto the floor, the group rests on its items' lower edges, on Box2D's skin.
    @Test func aGroupLandsAsOneOutline() {
        let (left, right, group) = Self.pair()
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [group]))
        animator.advance(by: 2)
        #expect(restsOnTheSkin(gap: 800 - (Double(left.center.y) + 20)), "\(left.center)")
        #expect(abs(left.center.y - right.center.y) < 1e-6 && abs(right.center.x - left.center.x - 60) < 1e-6)
        #expect(!animator.isRunning)
    }
}
