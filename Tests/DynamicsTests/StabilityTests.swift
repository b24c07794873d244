import Foundation
import Vocabulary
import Testing
@testable import Dynamics

@MainActor struct StabilityTests {
    /// Up to half the step rate (480 Hz at 1/960 s, 60 Hz at UIKit's 1/120 s), an undamped or damped
    /// spring never swings wider than it started: no growing energy, no NaN.
    @Test(arguments: UIDynamicAnimatorIntegrator.allCases)
    func stiffSprings_NeverGainAmplitude(_ integrator: UIDynamicAnimatorIntegrator) {
        let nyquist = integrator == .exact ? 480.0 : 60.0
        for frequency in [0.25 * nyquist, 0.5 * nyquist, nyquist] {
            for damping in [0.0, 0.05, 1, 2] {
                for length in [0.0, 40] {
                    let card = Card(x: 250, y: 300, width: 80, height: 30)
                    let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
                    animator.integrator = integrator
                    let spring = UIAttachmentBehavior(item: card, attachedToAnchor: CGPoint(x: 200, y: 300))
                    spring.length = CGFloat(length)
                    spring.frequency = CGFloat(frequency)
                    spring.damping = CGFloat(damping)
                    animator.addBehavior(spring)
                    var widest = 0.0
                    for _ in 0..<120 {
                        animator.advance(by: 1.0 / 60)
                        let stretch = abs((Vec2(card.center) - Vec2(200, 300)).length - length)
                        #expect(stretch.isFinite)
                        widest = max(widest, stretch)
                    }
                    let initialStretch = abs(50 - length)
                    #expect(widest <= initialStretch * (1 + 1e-9), "f=\(frequency) ζ=\(damping) L=\(length): swung \(widest)")
                }
            }
        }
    }

    struct RandomSpring {
        var behavior: UIAttachmentBehavior
        var first: Card
        var second: Card?
        var offset: UIOffset
        var anchor: CGPoint
    }

    /// Random cards hung on random springs (anchors and item pairs, offset attach points, lengths
    /// zero or not, 0.5 to 480 Hz, damping ratios 0 to 2) with random starting velocities.
    static func randomSpringScene(seed: UInt64) -> (UIDynamicAnimator, [Card], [RandomSpring], UIDynamicItemBehavior) {
        var random = SplitMix64(seed: seed)
        let cards = (0..<16).map { _ in
            Card(x: .random(in: 60...340, using: &random), y: .random(in: 60...740, using: &random),
                 width: .random(in: 20...150, using: &random), height: .random(in: 20...150, using: &random))
        }
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let motion = UIDynamicItemBehavior(items: cards)
        for card in cards {
            motion.addLinearVelocity(CGPoint(x: .random(in: -400...400, using: &random), y: .random(in: -400...400, using: &random)), for: card)
            motion.addAngularVelocity(.random(in: -3...3, using: &random), for: card)
        }
        animator.addBehavior(motion)
        var springs: [RandomSpring] = []
        for (index, card) in cards.enumerated() {
            let offset = UIOffset(horizontal: .random(in: -10...10, using: &random), vertical: .random(in: -10...10, using: &random))
            var spring: RandomSpring
            if index % 3 == 0 {
                let anchor = CGPoint(x: .random(in: 50...350, using: &random), y: .random(in: 50...750, using: &random))
                spring = RandomSpring(behavior: UIAttachmentBehavior(item: card, offsetFromCenter: offset, attachedToAnchor: anchor),
                                      first: card, second: nil, offset: offset, anchor: anchor)
            } else {
                let other = cards[(index * 7 + 3) % cards.count]
                spring = RandomSpring(behavior: UIAttachmentBehavior(item: card, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: .zero),
                                      first: card, second: other, offset: offset, anchor: .zero)
            }
            if index % 4 == 1 { spring.behavior.length = 0 }
            if index % 4 == 2 { spring.behavior.length = .random(in: 10...120, using: &random) }
            spring.behavior.frequency = .random(in: 0.5...480, using: &random)
            spring.behavior.damping = index % 5 == 0 ? 0 : .random(in: 0.05...2, using: &random)
            animator.addBehavior(spring.behavior)
            springs.append(spring)
        }
        return (animator, cards, springs, motion)
    }

    static func mass(_ card: Card) -> Double { Double(card.bounds.width * card.bounds.height) / 10_000 }

    /// Kinetic energy plus ½·k·C² of every spring, k = (reduced mass)·(2πf)².
    static func totalEnergy(_ cards: [Card], _ springs: [RandomSpring], _ motion: UIDynamicItemBehavior) -> Double {
        var energy = 0.0
        for card in cards {
            let m = mass(card)
            let inertia = m * Double(card.bounds.width * card.bounds.width + card.bounds.height * card.bounds.height) / 12
            let v = Vec2(motion.linearVelocity(for: card)), w = Double(motion.angularVelocity(for: card))
            energy += 0.5 * m * v.lengthSquared + 0.5 * inertia * w * w
        }
        for spring in springs {
            let p1 = Vec2(spring.first.center) + Rot(angle: spring.first.angle).rotate(Vec2(spring.offset))
            let p2 = spring.second.map { Vec2($0.center) } ?? Vec2(spring.anchor)
            let reduced = spring.second.map { 1 / (1 / mass(spring.first) + 1 / mass($0)) } ?? mass(spring.first)
            let omega = 2 * Double.pi * Double(spring.behavior.frequency)
            let stretch = (p2 - p1).length - Double(spring.behavior.length)
            energy += 0.5 * reduced * omega * omega * stretch * stretch
        }
        return energy
    }

    /// Springs store and damp energy; the solver must add none. The total mechanical energy never
    /// rises above where it started (and the damped ones lose most of it).
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSpringScenes_NeverGainEnergy(seed: UInt64) {
        let (animator, cards, springs, motion) = Self.randomSpringScene(seed: seed)
        let initial = Self.totalEnergy(cards, springs, motion)
        var highest = initial
        for _ in 0..<(3 * 60) {
            animator.advance(by: 1.0 / 60)
            let energy = Self.totalEnergy(cards, springs, motion)
            #expect(energy.isFinite)
            highest = max(highest, energy)
        }
        #expect(highest <= initial * (1 + 1e-3), "energy rose from \(initial) to \(highest)")
        #expect(Self.totalEnergy(cards, springs, motion) < initial)
    }

    /// Random rods, springs up to half the step rate, offsets and overlapping boxes in the
    /// reference bounds: constraints that fight each other. Everything stays finite, no center
    /// leaves the walls by more than 50 pt, and no body goes past the solver's speed limits
    /// (40,000 pt/s, a quarter turn per step). Reaching them is allowed: some of these springs
    /// start stretched far enough that the model's own speeds exceed them (a 435 Hz spring
    /// stretched 279 pt swings at ω·x ≈ 760,000 pt/s), and under Box2D 2.3's hard contacts the
    /// first frames of seed 1 do reach the limit.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomConstrainedScenes_StayFiniteAndBounded(seed: UInt64) {
        let (animator, cards, springs, motion) = Self.randomSpringScene(seed: seed)
        let collision = UICollisionBehavior(items: cards)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        for (index, spring) in springs.enumerated() where index % 5 == 3 {
            spring.behavior.frequency = 0
        }
        let maxTurn = 0.25 * Double.pi / animator.effectiveStepDuration
        for _ in 0..<(3 * 60) {
            animator.advance(by: 1.0 / 60)
            for card in cards {
                #expect(card.center.x.isFinite && card.center.y.isFinite && card.angle.isFinite)
                #expect(Vec2(motion.linearVelocity(for: card)).length <= 40_000 * (1 + 1e-12))
                #expect(abs(Double(motion.angularVelocity(for: card))) <= maxTurn * (1 + 1e-12))
                #expect(referenceBounds.insetBy(dx: -50, dy: -50).contains(card.center), "\(card.center)")
            }
        }
    }
}
