import Foundation
import Testing
@testable import Dynamics

@MainActor struct CollisionTests {
    /// Drops a card onto the floor of the reference bounds; returns the card, the largest downward
    /// speed before the first bounce and the largest upward speed after it.
    static func drop(elasticity: Double) -> (card: Card, impact: Double, rebound: Double, probe: UIDynamicItemBehavior, animator: UIDynamicAnimator) {
        let card = Card(x: 200, y: 300, width: 80, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [card])
        collision.translatesReferenceBoundsIntoBoundary = true
        let probe = UIDynamicItemBehavior(items: [card])
        probe.elasticity = CGFloat(elasticity)
        probe.allowsRotation = false
        animator.addBehavior(collision)
        animator.addBehavior(probe)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        var impact = 0.0, rebound = 0.0, bounced = false
        for _ in 0..<(2 * 960) {
            animator.advance(by: 1.0 / 960)
            let vy = Double(probe.linearVelocity(for: card).y)
            if !bounced {
                impact = max(impact, vy)
                if vy < 0 { bounced = true }
            }
            if bounced && rebound == 0 { rebound = -vy }
        }
        return (card, impact, rebound, probe, animator)
    }

    @Test func boundary_StopsAnInelasticItemOnTheFloor() {
        let (card, impact, rebound, probe, _) = Self.drop(elasticity: 0)
        #expect(impact > 900, "fell at \(impact) pt/s")
        #expect(rebound < 1, "bounced back at \(rebound) pt/s")
        // On Box2D 2.3's skins: the cores at most 2 pt apart, and no closer than 2 − 0.5 pt (the
        // slop), where position correction starts.
        #expect(restsOnTheSkin(gap: 800 - 20 - Double(card.center.y)), "rests at \(card.center.y)")
        #expect(abs(probe.linearVelocity(for: card).y) < 1)
    }

    @Test(arguments: [0.3, 0.6, 0.9])
    func boundary_BouncesByElasticity(_ elasticity: Double) {
        let (card, impact, rebound, _, _) = Self.drop(elasticity: elasticity)
        #expect(abs(rebound / impact - elasticity) < 0.01, "rebound \(rebound) of \(impact)")
        #expect(card.center.y <= 780.5)
    }

    @Test func boundary_KeepsItemsInsideTheReferenceBoundsOnEverySide() {
        let card = Card(x: 200, y: 400, width: 50, height: 50)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [card])
        collision.translatesReferenceBoundsIntoBoundary = true
        let probe = UIDynamicItemBehavior(items: [card])
        probe.elasticity = 1
        probe.addLinearVelocity(CGPoint(x: 1700, y: -2300), for: card)
        animator.addBehavior(collision)
        animator.addBehavior(probe)
        for _ in 0..<240 {
            animator.advance(by: 1.0 / 60)
            let c = card.center
            #expect(c.x >= 25 - 1 && c.x <= 375 + 1 && c.y >= 25 - 1 && c.y <= 775 + 1, "escaped to \(c)")
        }
    }

    @Test func items_CollideWithEachOtherAndDoNotOverlap() {
        let left = Card(x: 100, y: 300, width: 60, height: 60)
        let right = Card(x: 300, y: 300, width: 60, height: 60)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let probe = UIDynamicItemBehavior(items: [left, right])
        probe.elasticity = 1
        probe.addLinearVelocity(CGPoint(x: 300, y: 0), for: left)
        probe.addLinearVelocity(CGPoint(x: -300, y: 0), for: right)
        animator.addBehavior(UICollisionBehavior(items: [left, right]))
        animator.addBehavior(probe)
        var closest = Double.infinity
        for _ in 0..<60 {
            animator.advance(by: 1.0 / 60)
            closest = min(closest, Double(right.center.x - left.center.x))
        }
        #expect(closest > 60 - 1, "overlapped: centers \(closest) apart")
        // Equal masses, elastic: they swap velocities.
        #expect(abs(probe.linearVelocity(for: left).x + 300) < 3)
        #expect(abs(probe.linearVelocity(for: right).x - 300) < 3)
    }

    @Test func collisionMode_BoundariesOnly_LetsItemsPassThroughEachOther() {
        let left = Card(x: 100, y: 300, width: 60, height: 60)
        let right = Card(x: 300, y: 300, width: 60, height: 60)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [left, right])
        collision.collisionMode = .boundaries
        let probe = UIDynamicItemBehavior(items: [left, right])
        probe.addLinearVelocity(CGPoint(x: 300, y: 0), for: left)
        probe.addLinearVelocity(CGPoint(x: -300, y: 0), for: right)
        animator.addBehavior(collision)
        animator.addBehavior(probe)
        animator.advance(by: 0.5)
        #expect(left.center.x > 240 && right.center.x < 160)
    }

    @Test func customBoundary_StopsAFallingItem() {
        let card = Card(x: 200, y: 100, width: 40, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [card])
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300))
        #expect(collision.boundaryIdentifiers == ["shelf"])
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        animator.advance(by: 2)
        #expect(restsOnTheSkin(gap: 280 - Double(card.center.y)), "rests at \(card.center.y)")
        collision.removeBoundary(withIdentifier: "shelf")
        animator.advance(by: 0.5)
        #expect(card.center.y > 400)
    }

    @Test func anchoredItem_DoesNotMoveWhenHit() {
        let wall = Card(x: 200, y: 300, width: 200, height: 20)
        let ball = Card(x: 200, y: 150, width: 30, height: 30)
        ball.collisionBoundsType = .ellipse
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let fixed = UIDynamicItemBehavior(items: [wall])
        fixed.isAnchored = true
        animator.addBehavior(fixed)
        animator.addBehavior(UICollisionBehavior(items: [wall, ball]))
        animator.addBehavior(UIGravityBehavior(items: [ball, wall]))
        animator.advance(by: 2)
        #expect(wall.center == CGPoint(x: 200, y: 300))
        #expect(restsOnTheSkin(gap: 290 - 15 - Double(ball.center.y)), "ball rests at \(ball.center.y)")
    }
}
