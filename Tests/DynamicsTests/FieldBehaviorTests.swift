import Foundation
import Vocabulary
import Testing
@testable import Dynamics

/// Each field type against its closed form (see `UIFieldBehavior` for the units: newtons,
/// 100 points a metre), and regions.
@MainActor struct FieldBehaviorTests {
    /// A 100 × 100 pt card (1 kg at density 1) in `field`, with its probe for velocities.
    private func run(_ field: UIFieldBehavior, card: Card = Card(x: 200, y: 400), density: CGFloat = 1, charge: CGFloat = 0,
                     velocity: CGPoint = .zero, for seconds: Double) -> (Card, CGPoint) {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let probe = UIDynamicItemBehavior(items: [card])
        probe.density = density
        probe.charge = charge
        field.addItem(card)
        animator.addBehavior(probe)
        animator.addBehavior(field)
        if velocity != .zero { probe.addLinearVelocity(velocity, for: card) }
        animator.advance(by: seconds)
        return (card, probe.linearVelocity(for: card))
    }

    @Test func linearGravityOfTenIsUIGravityBehaviorsGravity() {
        let (card, velocity) = run(.linearGravityField(direction: CGVector(dx: 0, dy: 10)), for: 0.5)
        // 10 m/s² = 1000 pt/s², whatever the mass; constant, so integrated exactly.
        #expect(abs(velocity.y - 500) < 1e-6)
        #expect(abs(card.center.y - (400 + 0.5 * 1000 * 0.25)) < 1e-6)
        let (_, heavy) = run(.linearGravityField(direction: CGVector(dx: 0, dy: 10)), density: 3, for: 0.5)
        #expect(abs(heavy.y - 500) < 1e-6)
    }

    @Test func radialGravityPullsTowardItsPositionAtStrengthMetresPerSecondSquared() {
        // From 300 pt away, at 2 m/s² (200 pt/s²), with no falloff: x = 300 − 100 t² until it arrives.
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 100))
        field.strength = 2
        let (card, velocity) = run(field, for: 1)
        #expect(abs(card.center.y - 300) < 0.05, "\(card.center.y)")
        #expect(abs(velocity.y - -200) < 0.01)
        #expect(abs(card.center.x - 200) < 1e-9)
    }

    @Test func falloffDividesByTheDistanceInMetres() {
        // 300 pt = 3 m; falloff 2: 1/9 of the strength at the start.
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 100))
        field.strength = 9
        field.falloff = 2
        let (_, velocity) = run(field, for: 0.0125)
        // 1 m/s² = 100 pt/s² over 12 steps of 1/960 s (the distance barely changes).
        #expect(abs(velocity.y - -1.25) < 0.001, "\(velocity.y)")
    }

    @Test func aSpringFieldOscillatesAtTheRootOfStrengthOverMass() {
        // k = 4 N/m on 1 kg: ω = 2 rad/s. From 100 pt off, at rest: x = 100 cos 2t.
        let field = UIFieldBehavior.springField()
        field.position = CGPoint(x: 200, y: 300)
        field.strength = 4
        for t in [0.4, 0.785, 1.5] {
            let (card, _) = run(field, card: Card(x: 200, y: 400), for: t)
            #expect(abs(card.center.y - (300 + 100 * cos(2 * t))) < 0.2, "t = \(t): \(card.center.y)")
        }
        // A heavier item rings slower: density 4, ω = 1.
        let (heavy, _) = run(field, card: Card(x: 200, y: 400), density: 4, for: 1)
        #expect(abs(heavy.center.y - (300 + 100 * cos(1.0))) < 0.2)
    }

    @Test func dragSlowsExponentiallyAtStrengthOverMass() {
        // F = −2 v on 1 kg: v = 300 e^(−2t).
        let field = UIFieldBehavior.dragField()
        field.strength = 2
        let (card, velocity) = run(field, velocity: CGPoint(x: 300, y: 0), for: 1)
        #expect(abs(velocity.x - 300 * exp(-2)) < 0.1, "\(velocity.x)")
        #expect(abs(card.center.x - (200 + 150 * (1 - exp(-2)))) < 0.2, "\(card.center.x)")
    }

    @Test func aVortexTurnsItemsCounterClockwiseOnScreen() {
        // Right of the centre, the force points up the screen: −y.
        let field = UIFieldBehavior.vortexField()
        field.position = CGPoint(x: 100, y: 400)
        field.strength = 3
        let (_, velocity) = run(field, for: 2.0 / 960)
        // m · s · r = 1 · 3 · 1 m = 3 N: 300 pt/s² for two steps of 1/960 s.
        #expect(abs(velocity.y - -0.625) < 1e-3 && abs(velocity.x) < 1e-3, "\(velocity)")
    }

    @Test func aVelocityFieldSetsTheVelocity() {
        let (_, velocity) = run(.velocityField(direction: CGVector(dx: 1.5, dy: -0.5)), velocity: CGPoint(x: -40, y: 90), for: 0.1)
        #expect(abs(velocity.x - 150) < 1e-6 && abs(velocity.y - -50) < 1e-6)
    }

    @Test func electricFieldsPushCharges() {
        // q = 2, s = 1.5: 3 N away from the field, on 1 kg: 300 pt/s².
        let field = UIFieldBehavior.electricField()
        field.position = CGPoint(x: 200, y: 300)
        field.strength = 1.5
        let (_, repelled) = run(field, charge: 2, for: 0.0125)
        #expect(abs(repelled.y - 3.75) < 1e-9)
        let (_, attracted) = run(field, charge: -2, for: 0.0125)
        #expect(abs(attracted.y - -3.75) < 1e-9)
        let (_, neutral) = run(field, for: 0.0125)
        #expect(neutral == .zero)
    }

    @Test func aMagneticFieldTurnsAPositiveChargeCounterClockwiseInACircle() {
        // F = q v B at right angles: a circle of radius m v / (q B) = 1 · 2 / (2 · 1) = 1 m = 100 pt,
        // turning at ω = q B / m = 2 rad/s. Moving right at 200 pt/s, it turns up the screen.
        let field = UIFieldBehavior.magneticField()
        let (card, velocity) = run(field, charge: 2, velocity: CGPoint(x: 200, y: 0), for: .pi / 2)
        // A quarter of a period (π/2 s is half a turn at 2 rad/s): back at the start's x, 200 pt above.
        #expect(abs(card.center.x - 200) < 1, "\(card.center)")
        #expect(abs(card.center.y - 200) < 1, "\(card.center)")
        #expect(abs(velocity.x - -200) < 1 && abs(velocity.y) < 1, "\(velocity)")
    }

    @Test func noiseIsSeededSmoothAndTurbulenceScalesWithSpeed() {
        let noise = PerlinNoise(seed: 7, cellSize: 20, speed: 1)
        // Gradient noise is zero on the lattice and continuous between.
        #expect(noise.value(3, 4, 5) == 0)
        #expect(abs(noise.value(3.5, 4.5, 5.5) - noise.value(3.5001, 4.5, 5.5)) < 1e-3)
        // The same seed, the same field; another seed, another one.
        let again = PerlinNoise(seed: 7, cellSize: 20, speed: 1), other = PerlinNoise(seed: 8, cellSize: 20, speed: 1)
        let samples = (0..<50).map { Double($0) * 0.37 }
        #expect(samples.map { noise.value($0, 1.3, 0.7) } == samples.map { again.value($0, 1.3, 0.7) })
        #expect(samples.map { noise.value($0, 1.3, 0.7) } != samples.map { other.value($0, 1.3, 0.7) })
        #expect(samples.allSatisfy { abs(noise.value($0, 1.3, 0.7)) <= 1.0 })
        // A noise field moves a resting item; turbulence does not, until it moves.
        let (_, pushed) = run(.noiseField(smoothness: 0.5, animationSpeed: 1), for: 0.2)
        #expect(pushed != .zero)
        let (_, still) = run(.turbulenceField(smoothness: 0.5, animationSpeed: 1), for: 0.2)
        #expect(still == .zero)
        let (_, moving) = run(.turbulenceField(smoothness: 0.5, animationSpeed: 1), velocity: CGPoint(x: 100, y: 0), for: 0.2)
        #expect(moving != CGPoint(x: 100, y: 0))
    }

    @Test func aCustomFieldIsAskedWithTheItemsStateAndItsForceInNewtons() {
        var asked: [(CGPoint, CGFloat, CGFloat)] = []
        let field = UIFieldBehavior.field { _, position, _, mass, charge, deltaTime in
            asked.append((position, mass, charge))
            #expect(deltaTime > 0)
            return CGVector(dx: 2, dy: 0)
        }
        let (_, velocity) = run(field, density: 2, charge: 0.5, for: 0.5)
        // 2 N on 2 kg: 1 m/s² = 100 pt/s² for 0.5 s.
        #expect(abs(velocity.x - 50) < 1e-6)
        #expect(asked.first.map { $0.0 == CGPoint(x: 200, y: 400) && $0.1 == 2 && $0.2 == 0.5 } == true)
    }

    @Test func fieldsActOnlyInsideTheirRegion() {
        let field = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 10, dy: 0))
        field.position = CGPoint(x: 0, y: 400)
        field.region = UIRegion(radius: 150)
        let (outside, _) = run(field, for: 0.2)
        #expect(outside.center == CGPoint(x: 200, y: 400))
        field.region = UIRegion(radius: 250)
        let (inside, _) = run(field, card: Card(x: 200, y: 400), for: 0.2)
        #expect(inside.center.x > 210)
    }

    @Test func regionsCombine() {
        let ring = UIRegion(radius: 100).difference(from: UIRegion(radius: 50))
        #expect(ring.contains(CGPoint(x: 75, y: 0)) && !ring.contains(CGPoint(x: 25, y: 0)) && !ring.contains(CGPoint(x: 0, y: 101)))
        let box = UIRegion(size: CGSize(width: 40, height: 20))
        #expect(box.contains(CGPoint(x: 20, y: -10)) && !box.contains(CGPoint(x: 0, y: 11)))
        #expect(box.inverse().contains(CGPoint(x: 0, y: 11)))
        #expect(box.union(with: UIRegion(radius: 30)).contains(CGPoint(x: 0, y: 25)))
        #expect(!box.intersection(with: UIRegion(radius: 15)).contains(CGPoint(x: 18, y: 0)))
        #expect(UIRegion.infinite.contains(CGPoint(x: 1e9, y: -1e9)))
    }
}
