import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// Undamped springs that turn, under the exact integrator: energy and angular momentum stay
/// where they started over 10 s. The energy is the kinetic energy plus ½·ω²·C²/K of each spring,
/// K the inverse effective mass along the axis at the attach points (UIKit's stiffness). That is a
/// potential only while K stays constant: attach points at the centers, as here. With an offset
/// attach point UIKit's model itself gains or loses energy, and SpringModelTests checks the motion
/// against it instead.
@MainActor struct ConservationTests {
    @MainActor struct Spring {
        var behavior: UIAttachmentBehavior
        var first: Card
        var firstOffset: UIOffset
        var second: Card?
        var anchor: CGPoint
    }

    @MainActor struct System {
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: -2000, y: -2000, width: 4000, height: 4000))
        var cards: [Card] = []
        var springs: [Spring] = []
        var motion = UIDynamicItemBehavior(items: [])

        static func mass(_ card: Card) -> Double { Double(card.bounds.width * card.bounds.height) / 10_000 }
        static func inertia(_ card: Card) -> Double {
            mass(card) * Double(card.bounds.width * card.bounds.width + card.bounds.height * card.bounds.height) / 12
        }

        mutating func add(_ card: Card, velocity: CGPoint, angularVelocity: CGFloat) {
            cards.append(card)
            motion.addItem(card)
            motion.addLinearVelocity(velocity, for: card)
            motion.addAngularVelocity(angularVelocity, for: card)
        }

        mutating func attach(_ card: Card, offset: UIOffset = .zero, to anchor: CGPoint, frequency: CGFloat) {
            let behavior = UIAttachmentBehavior(item: card, offsetFromCenter: offset, attachedToAnchor: anchor)
            behavior.frequency = frequency
            behavior.damping = 0
            springs.append(Spring(behavior: behavior, first: card, firstOffset: offset, second: nil, anchor: anchor))
        }

        mutating func attach(_ card: Card, to other: Card, frequency: CGFloat) {
            let behavior = UIAttachmentBehavior(item: card, attachedTo: other)
            behavior.frequency = frequency
            behavior.damping = 0
            springs.append(Spring(behavior: behavior, first: card, firstOffset: .zero, second: other, anchor: .zero))
        }

        func start() {
            for spring in springs { animator.addBehavior(spring.behavior) }
            animator.addBehavior(motion)
        }

        func energy() -> Double {
            var energy = 0.0
            for card in cards {
                let v = Vec2(motion.linearVelocity(for: card)), w = Double(motion.angularVelocity(for: card))
                energy += 0.5 * Self.mass(card) * v.lengthSquared + 0.5 * Self.inertia(card) * w * w
            }
            for spring in springs {
                let rA = Rot(angle: spring.first.angle).rotate(Vec2(spring.firstOffset))
                let d = (Vec2(spring.second?.center ?? spring.anchor)) - (Vec2(spring.first.center) + rA)
                let (n, distance) = d.normalized()
                var k = 1 / Self.mass(spring.first) + cross(rA, n) * cross(rA, n) / Self.inertia(spring.first)
                if let second = spring.second { k += 1 / Self.mass(second) }
                let omega = 2 * Double.pi * Double(spring.behavior.frequency)
                let stretch = distance - Double(spring.behavior.length)
                energy += 0.5 * omega * omega / k * stretch * stretch
            }
            return energy
        }

        /// About `origin`: Σ m·(x − origin) × v + I·ω.
        func angularMomentum(about origin: Vec2) -> Double {
            cards.reduce(0) { sum, card in
                sum + Self.mass(card) * cross(Vec2(card.center) - origin, Vec2(motion.linearVelocity(for: card)))
                    + Self.inertia(card) * Double(motion.angularVelocity(for: card))
            }
        }

        /// Runs 10 s in 1/60 s frames. Returns the energy drift (the mean over the last second
        /// against the mean over the first, which leaves out the trapezoidal rule's bounded
        /// wobble within a cycle), the largest energy deviation and the largest angular momentum
        /// deviation, all relative to the start.
        func run(about origin: Vec2?) -> (drift: Double, deviation: Double, angular: Double) {
            let energy0 = energy(), angular0 = origin.map(angularMomentum) ?? 0
            var first = 0.0, last = 0.0, deviation = 0.0, angular = 0.0
            for frame in 1...600 {
                animator.advance(by: 1.0 / 60)
                let e = energy()
                if frame <= 60 { first += e / 60 }
                if frame > 540 { last += e / 60 }
                deviation = max(deviation, abs(e - energy0) / energy0)
                if let origin {
                    angular = max(angular, abs(angularMomentum(about: origin) - angular0) / abs(angular0))
                }
                #expect(animator.isRunning)
            }
            return (abs(last - first) / energy0, deviation, angular)
        }
    }

    /// Energy drift below 10⁻⁴ (its wobble within a cycle below 10⁻³) and, where there is an
    /// origin to take it about, angular momentum within 10⁻⁴.
    static func expectConserved(_ result: (drift: Double, deviation: Double, angular: Double),
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.drift < 1e-4, "energy drift \(result.drift)", sourceLocation: sourceLocation)
        #expect(result.deviation < 1e-3, "largest energy deviation \(result.deviation)", sourceLocation: sourceLocation)
        #expect(result.angular < 1e-4, "angular momentum deviation \(result.angular)", sourceLocation: sourceLocation)
    }

    /// Two items on a spring between their centers, orbiting each other.
    @Test func itemPair_ConservesEnergyAndAngularMomentum() {
        var system = System()
        let first = Card(x: 100, y: 300, width: 80, height: 80)
        let second = Card(x: 260, y: 300, width: 60, height: 120)
        system.add(first, velocity: CGPoint(x: 30, y: 250), angularVelocity: 0)
        system.add(second, velocity: CGPoint(x: -40, y: -180), angularVelocity: 1)
        system.attach(first, to: second, frequency: 3)
        system.start()
        Self.expectConserved(system.run(about: .zero))
    }

    /// The cluster drag's rig: an item's center on four springs (8 Hz, lengths as made) from the
    /// corners of a 40×40 square, flung off-center. Four anchors exert torque about any one point,
    /// so only the energy is conserved.
    @Test func fourCornerRig_ConservesEnergy() {
        var system = System()
        let card = Card(x: 200, y: 300, width: 60, height: 60)
        for (dx, dy) in [(-20.0, -20.0), (20, -20), (20, 20), (-20, 20)] {
            system.attach(card, to: CGPoint(x: 200 + dx, y: 300 + dy), frequency: 8)
        }
        system.add(card, velocity: CGPoint(x: 400, y: 250), angularVelocity: 3)
        system.start()
        Self.expectConserved(system.run(about: nil))
    }
}
