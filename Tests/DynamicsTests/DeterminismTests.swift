import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// After Box2D's determinism test: a scripted scene's transforms hash to a committed value.
@MainActor struct DeterminismTests {
    /// Twelve cards in the reference bounds with gravity, collisions, springs, a rod and a push.
    static func scriptedSceneHash(integrator: UIDynamicAnimatorIntegrator) -> UInt64 {
        let cards = (0..<12).map { (i: Int) -> Card in
            let column = Double(i % 4), row = Double(i / 4)
            let width = 40 + 20 * Double(i % 3), height = 50 + 30 * Double(i % 2)
            return Card(x: 60 + 90 * column, y: 80 + 110 * row, width: width, height: height)
        }
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        let collision = UICollisionBehavior(items: cards)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: Array(cards[0..<8])))
        let material = UIDynamicItemBehavior(items: cards)
        material.elasticity = 0.4
        material.friction = 0.3
        animator.addBehavior(material)
        for i in 8..<12 {
            let spring = UIAttachmentBehavior(item: cards[i], offsetFromCenter: UIOffset(horizontal: 10, vertical: 0),
                                              attachedToAnchor: CGPoint(x: 200, y: 150))
            spring.frequency = 2 + Double(i)
            spring.damping = 0.3
            animator.addBehavior(spring)
        }
        animator.addBehavior(UIAttachmentBehavior(item: cards[0], attachedTo: cards[1]))
        let push = UIPushBehavior(items: [cards[2], cards[5]], mode: .instantaneous)
        push.setAngle(-0.7, magnitude: 3)
        animator.addBehavior(push)

        var values: [Double] = []
        for _ in 0..<4 {
            animator.advance(by: 0.5)
            for card in cards { values += [Double(card.center.x), Double(card.center.y), card.angle] }
        }
        return fnv1a(values)
    }

    /// Springs only, none sharing an item (the solver's one-pass path): items hang from anchors on
    /// zero-length and offset attachments, under gravity and resistance, one pushed; the anchors move.
    static func springsAloneHash(integrator: UIDynamicAnimatorIntegrator) -> UInt64 {
        let cards = (0..<10).map { (i: Int) -> Card in
            Card(x: 40 + 35 * Double(i), y: 100 + 15 * Double(i % 3), width: 30, height: 40 + 5 * Double(i % 2))
        }
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        animator.addBehavior(UIGravityBehavior(items: Array(cards[0..<6])))
        let material = UIDynamicItemBehavior(items: cards)
        material.resistance = 0.5
        animator.addBehavior(material)
        var springs: [UIAttachmentBehavior] = []
        for (i, card) in cards.enumerated() {
            let offset = i % 2 == 0 ? UIOffset(horizontal: 0, vertical: 0) : UIOffset(horizontal: 8, vertical: -6)
            let spring = UIAttachmentBehavior(item: card, offsetFromCenter: offset,
                                              attachedToAnchor: CGPoint(x: 30 + 36 * Double(i), y: 90))
            spring.length = 0
            spring.frequency = 1.5 + 0.4 * Double(i)
            spring.damping = 0.1 * Double(i % 4)
            animator.addBehavior(spring)
            springs.append(spring)
        }
        let push = UIPushBehavior(items: [cards[3]], mode: .instantaneous)
        push.setAngle(0.4, magnitude: 2)
        animator.addBehavior(push)
        var values: [Double] = []
        for round in 0..<4 {
            animator.advance(by: 0.5)
            for (i, spring) in springs.enumerated() {
                spring.anchorPoint = CGPoint(x: 30 + 36 * Double(i) + 12 * Double(round), y: 90 - 10 * Double(round))
            }
            for card in cards { values += [Double(card.center.x), Double(card.center.y), card.angle] }
        }
        return fnv1a(values)
    }

    @Test func scriptedScene_HashesTheSameOnEveryRun() {
        for integrator in UIDynamicAnimatorIntegrator.allCases {
            let first = Self.scriptedSceneHash(integrator: integrator)
            let second = Self.scriptedSceneHash(integrator: integrator)
            #expect(first == second)
        }
    }

    /// The same hash as when it was committed (debug and release builds alike): a different process,
    /// with a different Dictionary seed, steps bit for bit alike. Change these only for an intended
    /// change of the physics, and say so in the commit. (Computed on x86-64 Linux; another libm's
    /// sin and cos may round differently.)
    @Test func scriptedScene_MatchesTheCommittedHash() {
        #expect(String(Self.scriptedSceneHash(integrator: .exact), radix: 16) == "edbd4eecdbe1c2c8")
        #expect(String(Self.scriptedSceneHash(integrator: .uikit), radix: 16) == "a32287158946500d")
        #expect(String(Self.springsAloneHash(integrator: .exact), radix: 16) == "adb71ba34b3e578")
        #expect(String(Self.springsAloneHash(integrator: .uikit), radix: 16) == "d02f02114ab07081")
    }
}
