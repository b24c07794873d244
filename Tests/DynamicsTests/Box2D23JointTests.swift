import Foundation
import Testing
@testable import Dynamics

/// The uikit integrator's rigid attachments against Box2D 2.3's distance joint with frequency 0,
/// transcribed here from b2Island::Solve and b2DistanceJoint (InitVelocityConstraints with warm
/// starting, SolveVelocityConstraints, SolvePositionConstraints) at 1/120 s: 8 velocity and up to
/// 3 position iterations, joints in the order the behaviors were added.
@MainActor struct Box2D23JointTests {
    struct Reference {
        struct Body {
            var center: Vec2
            var angle = 0.0
            var velocity = Vec2.zero
            var angularVelocity = 0.0
            let invMass: Double
            let invInertia: Double

            init(center: Vec2, size: Vec2) {
                let mass = size.x * size.y / 10_000
                self.center = center
                invMass = 1 / mass
                invInertia = 12 / (mass * size.lengthSquared)
            }
        }

        struct Rod {
            /// nil: `localA` is an anchor in the reference frame.
            var bodyA: Int?
            var localA: Vec2
            var bodyB: Int
            var localB: Vec2
            var length: Double
            // b2DistanceJoint's per-step state.
            var impulse = 0.0
            var u = Vec2.zero
            var rA = Vec2.zero, rB = Vec2.zero
            var mass = 0.0
        }

        var bodies: [Body]
        var rods: [Rod]
        let gravity = Vec2(0, 1000), h = 1.0 / 120, slop = 0.5, maxCorrection = 20.0

        private func pose(_ index: Int?) -> (center: Vec2, angle: Double, invMass: Double, invInertia: Double) {
            guard let index else { return (.zero, 0, 0, 0) }
            let b = bodies[index]
            return (b.center, b.angle, b.invMass, b.invInertia)
        }

        private mutating func applyVelocity(_ rod: Rod, _ p: Vec2) {
            if let a = rod.bodyA {
                bodies[a].velocity -= bodies[a].invMass * p
                bodies[a].angularVelocity -= bodies[a].invInertia * cross(rod.rA, p)
            }
            bodies[rod.bodyB].velocity += bodies[rod.bodyB].invMass * p
            bodies[rod.bodyB].angularVelocity += bodies[rod.bodyB].invInertia * cross(rod.rB, p)
        }

        private func pointVelocity(_ index: Int?, _ r: Vec2) -> Vec2 {
            guard let index else { return .zero }
            return bodies[index].velocity + cross(bodies[index].angularVelocity, r)
        }

        mutating func step() {
            for i in bodies.indices { bodies[i].velocity += h * gravity }
            // b2DistanceJoint::InitVelocityConstraints, warm start included.
            for j in rods.indices {
                var rod = rods[j]
                let a = pose(rod.bodyA), b = pose(rod.bodyB)
                rod.rA = Rot(angle: a.angle).rotate(rod.localA)
                rod.rB = Rot(angle: b.angle).rotate(rod.localB)
                if rod.bodyA == nil { rod.rA = .zero }
                let pA = rod.bodyA == nil ? rod.localA : a.center + rod.rA
                let (u, length) = (b.center + rod.rB - pA).normalized()
                rod.u = length > slop ? u : .zero
                let crA = cross(rod.rA, rod.u), crB = cross(rod.rB, rod.u)
                let invMass = a.invMass + a.invInertia * crA * crA + b.invMass + b.invInertia * crB * crB
                rod.mass = invMass != 0 ? 1 / invMass : 0
                rods[j] = rod
                applyVelocity(rod, rod.impulse * rod.u)
            }
            for _ in 0..<8 {
                for j in rods.indices {
                    let rod = rods[j]
                    let cdot = dot(rod.u, pointVelocity(rod.bodyB, rod.rB) - pointVelocity(rod.bodyA, rod.rA))
                    let impulse = -rod.mass * cdot
                    rods[j].impulse += impulse
                    applyVelocity(rod, impulse * rod.u)
                }
            }
            for i in bodies.indices {
                bodies[i].center += h * bodies[i].velocity
                bodies[i].angle += h * bodies[i].angularVelocity
            }
            // b2DistanceJoint::SolvePositionConstraints, until every rod is within the slop.
            for _ in 0..<3 {
                var done = true
                for rod in rods {
                    let a = pose(rod.bodyA), b = pose(rod.bodyB)
                    let rA = rod.bodyA == nil ? Vec2.zero : Rot(angle: a.angle).rotate(rod.localA)
                    let rB = Rot(angle: b.angle).rotate(rod.localB)
                    let pA = rod.bodyA == nil ? rod.localA : a.center + rA
                    let (u, length) = (b.center + rB - pA).normalized()
                    let c = min(max(length - rod.length, -maxCorrection), maxCorrection)
                    let p = (-rod.mass * c) * u
                    if let index = rod.bodyA {
                        bodies[index].center -= a.invMass * p
                        bodies[index].angle -= a.invInertia * cross(rA, p)
                    }
                    bodies[rod.bodyB].center += b.invMass * p
                    bodies[rod.bodyB].angle += b.invInertia * cross(rB, p)
                    done = done && abs(c) < slop
                }
                if done { break }
            }
        }
    }

    static func corners(_ card: Card) -> [Vec2] {
        let hx = Double(card.bounds.width) / 2, hy = Double(card.bounds.height) / 2
        return [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)].map { Vec2(card.center) + Rot(angle: card.angle).rotate($0) }
    }

    static func corners(_ body: Reference.Body, _ card: Card) -> [Vec2] {
        let hx = Double(card.bounds.width) / 2, hy = Double(card.bounds.height) / 2
        return [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)].map { body.center + Rot(angle: body.angle).rotate($0) }
    }

    /// Runs both for 3 s, a step at a time; the worst corner distance and the first card's travel.
    static func compare(_ animator: UIDynamicAnimator, _ cards: [Card], _ reference: inout Reference) -> (error: Double, travel: Double) {
        var worst = 0.0, travel = 0.0
        let start = Vec2(cards[0].center)
        for _ in 0..<360 {
            animator.advance(by: 1.0 / 120)
            reference.step()
            for (card, body) in zip(cards, reference.bodies) {
                for (got, want) in zip(corners(card), corners(body, card)) { worst = max(worst, (got - want).length) }
            }
            travel = max(travel, (Vec2(cards[0].center) - start).length)
        }
        return (worst, travel)
    }

    /// A 60×40 item on a rigid rod from an anchor to a point 20 pt above its center, released
    /// level: it swings and turns.
    @Test func rigidPendulum_FollowsBox2D23() {
        let card = Card(x: 300, y: 200, width: 60, height: 40)
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        animator.integrator = .uikit
        animator.addBehavior(UIGravityBehavior(items: [card]))
        let rod = UIAttachmentBehavior(item: card, offsetFromCenter: UIOffset(horizontal: 0, vertical: -20),
                                       attachedToAnchor: CGPoint(x: 200, y: 180))
        animator.addBehavior(rod)
        var reference = Reference(bodies: [.init(center: Vec2(300, 200), size: Vec2(60, 40))],
                                  rods: [.init(bodyA: nil, localA: Vec2(200, 180), bodyB: 0, localB: Vec2(0, -20),
                                               length: Double(rod.length))])
        let (error, travel) = Self.compare(animator, [card], &reference)
        #expect(travel > 150, "the item moved \(travel) pt")
        #expect(error < 0.01, "a corner is \(error) pt from Box2D 2.3's")
    }

    /// Four items hanging in a chain of rigid rods from an anchor, attached off their centers,
    /// released level.
    @Test func rigidFourLinkChain_FollowsBox2D23() {
        let sizes = [Vec2(40, 30), Vec2(50, 30), Vec2(40, 40), Vec2(60, 30)]
        let centers = (0..<4).map { Vec2(260 + 70 * Double($0), 200) }
        let cards = zip(centers, sizes).map { Card(x: $0.x, y: $0.y, width: $1.x, height: $1.y) }
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        animator.integrator = .uikit
        animator.addBehavior(UIGravityBehavior(items: cards))
        let first = UIAttachmentBehavior(item: cards[0], offsetFromCenter: UIOffset(horizontal: -15, vertical: 0),
                                         attachedToAnchor: CGPoint(x: 200, y: 200))
        animator.addBehavior(first)
        var rods: [Reference.Rod] = [.init(bodyA: nil, localA: Vec2(200, 200), bodyB: 0, localB: Vec2(-15, 0),
                                           length: Double(first.length))]
        for i in 1..<4 {
            let offsetA = Vec2(15, 5), offsetB = Vec2(-15, -5)
            let link = UIAttachmentBehavior(item: cards[i - 1], offsetFromCenter: UIOffset(horizontal: offsetA.x, vertical: offsetA.y),
                                            attachedTo: cards[i], offsetFromCenter: UIOffset(horizontal: offsetB.x, vertical: offsetB.y))
            animator.addBehavior(link)
            rods.append(.init(bodyA: i - 1, localA: offsetA, bodyB: i, localB: offsetB, length: Double(link.length)))
        }
        var reference = Reference(bodies: zip(centers, sizes).map { .init(center: $0, size: $1) }, rods: rods)
        let (error, travel) = Self.compare(animator, cards, &reference)
        #expect(travel > 100, "the first item moved \(travel) pt")
        #expect(error < 0.01, "a corner is \(error) pt from Box2D 2.3's")
    }
}
