import Foundation
import Testing
@testable import Dynamics

/// The exact integrator's contacts are Box2D 2.3's model, integrated at a fine step: against
/// Box2D 2.3 itself run at 1/7680 s (`Box2D23Reference`), every corner of every item stays within
/// 1 pt over 3 s, where friction decides the motion.
@MainActor struct ExactContactTests {
    /// Runs both for 3 s in 1/60 s frames, Box2D 2.3 at 1/7680 s.
    static func compare(_ animator: UIDynamicAnimator, _ cards: [Card], _ reference: inout Box2D23Reference)
        -> (error: Double, travel: Double) {
        compareCorners(animator, cards, frames: 180, frame: 1.0 / 60) {
            for _ in 0..<128 { reference.step(1.0 / 7680) }
            return reference.bodies
        }
    }

    static func material(_ cards: [Card], elasticity: Double, friction: Double, in animator: UIDynamicAnimator)
        -> UIDynamicItemBehavior {
        let material = UIDynamicItemBehavior(items: cards)
        material.elasticity = CGFloat(elasticity)
        material.friction = CGFloat(friction)
        animator.addBehavior(material)
        return material
    }

    /// A 60×40 item thrown flat at (300, 200) pt/s from 80 pt above the floor, under gravity
    /// (elasticity 0.3, friction 0.4): it lands, bounces, slides and stops where friction stops it.
    @Test(arguments: [UIDynamicAnimatorIntegrator.exact])
    func throwOntoTheFloor_SlidesAndStopsAsBox2D23(integrator: UIDynamicAnimatorIntegrator) {
        let card = Card(x: 80, y: 700, width: 60, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        let collision = UICollisionBehavior(items: [card])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        let material = Self.material([card], elasticity: 0.3, friction: 0.4, in: animator)
        material.addLinearVelocity(CGPoint(x: 300, y: 200), for: card)

        var body = Box2D23Reference.Body(center: Vec2(80, 700), size: Vec2(60, 40), velocity: Vec2(300, 200))
        (body.friction, body.restitution) = (0.4, 0.3)
        var reference = Box2D23Reference(bodies: [body], planes: [
            .init(normal: Vec2(0, 1), point: Vec2(0, 0)), .init(normal: Vec2(1, 0), point: Vec2(0, 0)),
            .init(normal: Vec2(-1, 0), point: Vec2(400, 0)), .init(normal: Vec2(0, -1), point: Vec2(0, 800)),
        ])
        let (error, travel) = Self.compare(animator, [card], &reference)
        #expect(travel > 100, "the item moved \(travel) pt")
        #expect(abs(reference.bodies[0].velocity.x) < 1, "Box2D 2.3's item still slides at \(reference.bodies[0].velocity.x) pt/s")
        #expect(error < 1, "a corner is \(error) pt from Box2D 2.3's")
    }

    /// A 50×50 item at 400 pt/s hits an 80×80 one at rest 30 pt off its center, without gravity
    /// or boundaries (elasticity 0.5, friction 0.4): both fly off spinning.
    @Test(arguments: [UIDynamicAnimatorIntegrator.exact])
    func offCenterHit_SpinsAsBox2D23(integrator: UIDynamicAnimatorIntegrator) {
        let striker = Card(x: 100, y: 400, width: 50, height: 50), target = Card(x: 250, y: 430, width: 80, height: 80)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.integrator = integrator
        animator.addBehavior(UICollisionBehavior(items: [striker, target]))
        let material = Self.material([striker, target], elasticity: 0.5, friction: 0.4, in: animator)
        material.addLinearVelocity(CGPoint(x: 400, y: 0), for: striker)

        var bodies = [Box2D23Reference.Body(center: Vec2(100, 400), size: Vec2(50, 50), velocity: Vec2(400, 0)),
                      Box2D23Reference.Body(center: Vec2(250, 430), size: Vec2(80, 80))]
        for i in bodies.indices { (bodies[i].friction, bodies[i].restitution, bodies[i].gravity) = (0.4, 0.5, false) }
        var reference = Box2D23Reference(bodies: bodies)
        let (error, travel) = Self.compare(animator, [striker, target], &reference)
        #expect(abs(reference.bodies[1].angularVelocity) > 0.5, "Box2D 2.3's target turns at \(reference.bodies[1].angularVelocity) rad/s")
        #expect(error < 1, "a corner is \(error) pt from Box2D 2.3's")
    }
}
