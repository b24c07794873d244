import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// The uikit integrator's rigid attachments against Box2D 2.3's distance joint with frequency 0
/// and weld joint, transcribed here from b2Island::Solve, b2DistanceJoint and b2WeldJoint
/// (InitVelocityConstraints with warm starting, SolveVelocityConstraints, SolvePositionConstraints)
/// at 1/120 s: 8 velocity and up to 3 position iterations, rods before welds, each in the order
/// the behaviors were added.
@MainActor struct Box2D23JointTests {
    struct Reference {
        typealias Body = ReferenceBox

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

        /// A b2WeldJoint between two bodies, frequency 0.
        struct Weld {
            var bodyA: Int
            var localA: Vec2
            var bodyB: Int
            var localB: Vec2
            var referenceAngle: Double
            var impulse = (0.0, 0.0, 0.0)
            var rA = Vec2.zero, rB = Vec2.zero
            var k = [[Double]]()
        }

        var bodies: [Body]
        var rods: [Rod]
        var welds: [Weld] = []
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

        /// b2Mat33 for a weld with lever arms rA, rB.
        private func weldMatrix(_ weld: Weld, _ rA: Vec2, _ rB: Vec2) -> [[Double]] {
            let a = bodies[weld.bodyA], b = bodies[weld.bodyB]
            let (mA, iA, mB, iB) = (a.invMass, a.invInertia, b.invMass, b.invInertia)
            let exx = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB, eyx = -rA.y * rA.x * iA - rB.y * rB.x * iB
            let ezx = -rA.y * iA - rB.y * iB, eyy = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
            let ezy = rA.x * iA + rB.x * iB, ezz = iA + iB
            return [[exx, eyx, ezx], [eyx, eyy, ezy], [ezx, ezy, ezz]]
        }

        /// b2Mat33::Solve33 by Cramer's rule: x with K·x = b.
        private static func solve33(_ k: [[Double]], _ b: (Double, Double, Double)) -> (Double, Double, Double) {
            func det(_ m: [[Double]]) -> Double {
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                    + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            }
            let d = det(k)
            guard d != 0 else { return (0, 0, 0) }
            let column = [b.0, b.1, b.2]
            func replaced(_ c: Int) -> [[Double]] { k.enumerated().map { row, values in values.enumerated().map { $0.offset == c ? column[row] : $0.element } } }
            return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
        }

        private mutating func applyWeld(_ weld: Weld, _ p: Vec2, _ l: Double) {
            bodies[weld.bodyA].velocity -= bodies[weld.bodyA].invMass * p
            bodies[weld.bodyA].angularVelocity -= bodies[weld.bodyA].invInertia * (cross(weld.rA, p) + l)
            bodies[weld.bodyB].velocity += bodies[weld.bodyB].invMass * p
            bodies[weld.bodyB].angularVelocity += bodies[weld.bodyB].invInertia * (cross(weld.rB, p) + l)
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
            for w in welds.indices {
                welds[w].rA = Rot(angle: bodies[welds[w].bodyA].angle).rotate(welds[w].localA)
                welds[w].rB = Rot(angle: bodies[welds[w].bodyB].angle).rotate(welds[w].localB)
                welds[w].k = weldMatrix(welds[w], welds[w].rA, welds[w].rB)
                let i = welds[w].impulse
                applyWeld(welds[w], Vec2(i.0, i.1), i.2)
            }
            for _ in 0..<8 {
                for j in rods.indices {
                    let rod = rods[j]
                    let cdot = dot(rod.u, pointVelocity(rod.bodyB, rod.rB) - pointVelocity(rod.bodyA, rod.rA))
                    let impulse = -rod.mass * cdot
                    rods[j].impulse += impulse
                    applyVelocity(rod, impulse * rod.u)
                }
                for w in welds.indices {
                    let weld = welds[w], a = bodies[weld.bodyA], b = bodies[weld.bodyB]
                    let cdot1 = b.velocity + cross(b.angularVelocity, weld.rB) - a.velocity - cross(a.angularVelocity, weld.rA)
                    let x = Self.solve33(weld.k, (cdot1.x, cdot1.y, b.angularVelocity - a.angularVelocity))
                    welds[w].impulse = (weld.impulse.0 - x.0, weld.impulse.1 - x.1, weld.impulse.2 - x.2)
                    applyWeld(weld, Vec2(-x.0, -x.1), -x.2)
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
                for weld in welds {
                    let a = bodies[weld.bodyA], b = bodies[weld.bodyB]
                    let rA = Rot(angle: a.angle).rotate(weld.localA), rB = Rot(angle: b.angle).rotate(weld.localB)
                    let c1 = b.center + rB - a.center - rA, c2 = b.angle - a.angle - weld.referenceAngle
                    let x = Self.solve33(weldMatrix(weld, rA, rB), (c1.x, c1.y, c2))
                    let p = Vec2(-x.0, -x.1)
                    bodies[weld.bodyA].center -= a.invMass * p
                    bodies[weld.bodyA].angle -= a.invInertia * (cross(rA, p) - x.2)
                    bodies[weld.bodyB].center += b.invMass * p
                    bodies[weld.bodyB].angle += b.invInertia * (cross(rB, p) - x.2)
                    done = done && c1.length <= slop && abs(c2) <= 2.0 / 180 * Double.pi
                }
                if done { break }
            }
        }
    }

    /// Runs both for 3 s, a step at a time.
    static func compare(_ animator: UIDynamicAnimator, _ cards: [Card], _ reference: inout Reference) -> (error: Double, travel: Double) {
        compareCorners(animator, cards, frames: 360, frame: 1.0 / 120) {
            reference.step()
            return reference.bodies
        }
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

    /// A 60×40 item on a rigid rod from an anchor, with a 30×30 item welded to its corner at 45°:
    /// the pair swings and turns as one body.
    @Test func weldedPairOnARod_FollowsBox2D23() {
        let card = Card(x: 300, y: 200, width: 60, height: 40), tab = Card(x: 340, y: 230, width: 30, height: 30)
        tab.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        animator.integrator = .uikit
        animator.addBehavior(UIGravityBehavior(items: [card, tab]))
        let rod = UIAttachmentBehavior(item: card, offsetFromCenter: UIOffset(horizontal: -10, vertical: -20),
                                       attachedToAnchor: CGPoint(x: 200, y: 180))
        animator.addBehavior(rod)
        let weld = UIAttachmentBehavior.fixedAttachment(with: card, attachedTo: tab, attachmentAnchor: CGPoint(x: 330, y: 220))
        animator.addBehavior(weld)
        var tabBody = Reference.Body(center: Vec2(340, 230), size: Vec2(30, 30))
        tabBody.angle = .pi / 4
        var reference = Reference(bodies: [.init(center: Vec2(300, 200), size: Vec2(60, 40)), tabBody],
                                  rods: [.init(bodyA: nil, localA: Vec2(200, 180), bodyB: 0, localB: Vec2(-10, -20),
                                               length: Double(rod.length))])
        // The weld point (330, 220) in each item's frame.
        reference.welds = [.init(bodyA: 0, localA: Vec2(30, 20), bodyB: 1,
                                 localB: Rot(angle: -.pi / 4).rotate(Vec2(-10, -10)), referenceAngle: .pi / 4)]
        let (error, travel) = Self.compare(animator, [card, tab], &reference)
        #expect(travel > 100, "the item moved \(travel) pt")
        #expect(error < 0.01, "a corner is \(error) pt from Box2D 2.3's")
        // Welded: the tab keeps its 45° to the card.
        #expect(abs(remainder(tab.angle - card.angle - .pi / 4, 2 * .pi)) < SolverSettings.angularSlop)
    }
}
