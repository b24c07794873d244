import Foundation
import Testing
@testable import Dynamics

/// Records the collision delegate's calls in order.
@MainActor private final class ContactLog: UICollisionBehaviorDelegate {
    var events: [String] = []
    var points: [CGPoint] = []
    let names: [ObjectIdentifier: String]

    init(_ names: [(Card, String)]) {
        self.names = Dictionary(uniqueKeysWithValues: names.map { (ObjectIdentifier($0.0), $0.1) })
    }

    private func name(_ item: UIDynamicItem) -> String { names[ObjectIdentifier(item)] ?? "?" }
    private func name(_ identifier: (any NSCopying)?) -> String { (identifier as? NSString).map { $0 as String } ?? "bounds" }

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint) {
        events.append("began \(name(item1)) \(name(item2))")
        points.append(p)
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {
        events.append("ended \(name(item1)) \(name(item2))")
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
        events.append("began \(name(item)) \(name(identifier))")
        points.append(p)
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?) {
        events.append("ended \(name(item)) \(name(identifier))")
    }
}

@MainActor struct CollisionDelegateTests {
    /// Two cards dropped into a corner between two walls: the lower one lands on the floor wall,
    /// the upper one on it; each contact begins once and, without bounce, never ends.
    @Test(arguments: [UIDynamicAnimatorIntegrator.exact, .uikit])
    func aDropBetweenTwoWallsBeginsEachContactOnce(_ integrator: UIDynamicAnimatorIntegrator) {
        let lower = Card(x: 150, y: 300, width: 100, height: 50), upper = Card(x: 150, y: 150, width: 100, height: 50)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        let collision = UICollisionBehavior(items: [lower, upper])
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: 500), to: CGPoint(x: 400, y: 500))
        collision.addBoundary(withIdentifier: "left wall" as NSCopying, from: CGPoint(x: 50, y: 0), to: CGPoint(x: 50, y: 500))
        let log = ContactLog([(lower, "lower"), (upper, "upper")])
        collision.collisionDelegate = log
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [lower, upper]))
        animator.advance(by: 2)
        // The lower card reaches the floor first (200 pt to fall, the upper card lands on it later).
        #expect(log.events == ["began lower floor", "began lower upper"], "\(log.events)")
        // Where: the floor under the lower card, and between the two cards.
        // (Box2D 2.3's skin keeps the shapes up to 2 pt apart under `.uikit`.)
        #expect(abs(log.points[0].y - 500) < 2.5 && abs(log.points[0].x - 150) < 51)
        #expect(abs(log.points[1].y - 450) < 2.5)
        // The left wall is 50 pt from the cards' edges: never touched.
        #expect(!log.events.contains { $0.hasSuffix("left wall") })
        // A behavior added while they rest rebuilds the world: the contacts go on, unreported.
        let extra = UIDynamicItemBehavior(items: [upper])
        extra.friction = 0.2
        animator.addBehavior(extra)
        animator.advance(by: 0.5)
        #expect(log.events == ["began lower floor", "began lower upper"], "\(log.events)")
    }

    /// A bouncing card begins and ends its floor contact in turn, the reference bounds reported
    /// with a nil identifier.
    @Test func aBouncingCardBeginsAndEndsInTurn() {
        let card = Card(x: 200, y: 300, width: 60, height: 60)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [card])
        collision.translatesReferenceBoundsIntoBoundary = true
        let log = ContactLog([(card, "card")])
        collision.collisionDelegate = log
        let material = UIDynamicItemBehavior(items: [card])
        material.elasticity = 0.6
        animator.addBehavior(material)
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        animator.advance(by: 6)
        // Bounces, each lower, until Box2D's restitution threshold (1 m/s) keeps it on the floor.
        #expect(log.events.count >= 5, "\(log.events)")
        #expect(log.events.last == "began card bounds")
        for (index, event) in log.events.enumerated() {
            #expect(event == (index % 2 == 0 ? "began card bounds" : "ended card bounds"), "\(index): \(event)")
        }
        #expect(log.points.allSatisfy { abs($0.y - 800) < 2.5 })
    }
}
