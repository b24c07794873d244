// Contacts as Box2D 2.3 solves them (what iOS's UIKit Dynamics runs), under both integrators:
// the uikit one at UIKit's step, the exact one at its fine step, where the same model converges
// (ExactContactTests checks it against a transcription of Box2D 2.3 run at 1/7680 s).
//
// - A skin. Every polygon and edge carries b2_polygonRadius = 2 × linearSlop = 1 pt, so shapes
//   touch when their cores are 2 pt apart. Contact points exist while the cores are within those
//   2 pt, and a resting item sits on the skin, 1.85 pt off a boundary.
// - Restitution from the approach speed after gravity. The velocity bias −e·vₙ is computed once
//   the step's forces have been applied (b2ContactSolver::InitializeVelocityConstraints runs after
//   b2Island integrates velocities), so an item bounces off with e·(v + g·h).
// - Sequential impulses with no position bias: friction first, then the normal impulse towards
//   the restitution bias, accumulated and clamped at zero, for each of 8 velocity iterations.
// - Contact points from b2CollidePolygons: the incident face clipped to the reference face's
//   side planes moved out by the skins (so a face that overhangs another keeps a point 2 pt past
//   its end), kept while within the skins.
// - Position correction by non-linear Gauss-Seidel after positions are integrated: up to 3
//   passes of C = clamp(β·(separation + slop), −maxCorrection, 0) with β = 0.2, stopping once no
//   point is deeper than 3 × slop (b2ContactSolver::SolvePositionConstraints).
// - Continuous collision against boundaries (b2World::SolveTOI). After the step, an item whose
//   sweep from its start pose to its end pose brings its core within target =
//   max(slop, 2R − 3·slop) = 0.5 pt of a boundary is moved back to that time of impact t; its
//   contacts there are corrected with β = 0.75 (up to 20 passes, until no point is deeper than
//   1.5 × slop), solved for velocity (restitution included) and the item advanced by the rest of
//   the step, (1 − t)·h, with its new velocity.
//
// - Two-point manifolds solved as a block (b2ContactSolver's block solver), so a face lands flat.
//
// Differences that remain: contacts are not warm-started from the previous step (Box2D matches
// them by feature), one time-of-impact event per item per step (Box2D allows eight), and only
// against boundaries (Box2D also sweeps bullets against other items). An ill-conditioned
// two-point manifold is solved point by point (Box2D drops its second point).
import Foundation

extension SolverSettings {
    /// Box2D 2.3's b2_polygonRadius: each shape's skin, points.
    static let polygonRadius = 1.0
    /// Box2D 2.3's b2_baumgarte and b2_toiBaumgarte.
    static let baumgarte = 0.2
    static let toiBaumgarte = 0.75
    /// Box2D 2.3's b2_maxLinearCorrection (0.2 m), points.
    static let maxLinearCorrection = 20.0

    /// The factor and cap of the position correction at step `h`. Box2D's are per step: β = 0.2
    /// of an overlap, at most 20 pt a pass, every step. At a finer step those would push
    /// overlapping items apart faster in time (8 times as fast at 1/960 s, up to 60 pt a step,
    /// enough to yank a stiff spring across two overlapping items). With `correctionStep` set (the
    /// exact integrator: UIKit's 1/120 s) the correction keeps the rate it has at that step:
    /// β' = 1 − (1 − β)^(h/step), which removes the same fraction of an overlap per second, and a
    /// cap of 20 pt·h/step a pass.
    func positionCorrection(_ h: Double) -> (baumgarte: Double, maxCorrection: Double) {
        guard let step = correctionStep, h < step else { return (Self.baumgarte, Self.maxLinearCorrection) }
        let fraction = h / step
        return (1 - pow(1 - Self.baumgarte, fraction), Self.maxLinearCorrection * fraction)
    }
}

extension World {
    /// The distance at which two shapes touch: the sum of their skins (Box2D 2.3).
    var contactSkin: Double { 2 * SolverSettings.polygonRadius }

    /// One pass of Box2D 2.3's contact velocity solve (see above).
    mutating func solveContactsBox2D23() {
        guard !contacts.isEmpty else { return }
        let threshold = settings.restitutionThreshold
        withBodies(&states, properties, &stepData) { states, properties, _ in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for c in contacts.indices {
                    Self.solveVelocity(&contacts[c], states, properties, threshold: threshold)
                }
            }
        }
    }

    @inline(__always)
    private static func solveVelocity(_ contact: inout ContactConstraint, _ states: UnsafeMutableBufferPointer<BodyState>,
                                      _ properties: UnsafeBufferPointer<BodyProperties>, threshold: Double) {
        let a = contact.bodyA, b = contact.bodyB
        var bodies = ConstraintBodies(states, properties, a, b)
        let normal = contact.normal, tangent = normal.rightPerpendicular
        for p in contact.points.indices {
            let rA = contact.points[p].anchorA, rB = contact.points[p].anchorB
            let vt = dot(tangent, pointVelocity(bodies.b, rB) - pointVelocity(bodies.a, rA))
            let limit = contact.friction * contact.points[p].normalImpulse
            let old = contact.points[p].tangentImpulse
            let new = min(max(old - contact.points[p].tangentMass * vt, -limit), limit)
            bodies.apply((new - old) * tangent, rA: rA, rB: rB)
            contact.points[p].tangentImpulse = new
        }
        func bias(_ point: ContactPoint) -> Double {
            point.relativeVelocity < -threshold ? -contact.restitution * point.relativeVelocity : 0
        }
        func normalVelocity(_ point: ContactPoint) -> Double {
            dot(normal, pointVelocity(bodies.b, point.anchorB) - pointVelocity(bodies.a, point.anchorA))
        }
        if contact.points.count == 2, let block = contact.block {
            let (p1, p2) = (contact.points[0], contact.points[1])
            let impulses = block.solve(accumulated: (p1.normalImpulse, p2.normalImpulse),
                                       velocity: (normalVelocity(p1) - bias(p1), normalVelocity(p2) - bias(p2)))
            bodies.apply((impulses.0 - p1.normalImpulse) * normal, rA: p1.anchorA, rB: p1.anchorB)
            bodies.apply((impulses.1 - p2.normalImpulse) * normal, rA: p2.anchorA, rB: p2.anchorB)
            contact.points[0].normalImpulse = impulses.0
            contact.points[1].normalImpulse = impulses.1
        } else {
            for p in contact.points.indices {
                let point = contact.points[p]
                let new = max(point.normalImpulse - point.normalMass * (normalVelocity(point) - bias(point)), 0)
                bodies.apply((new - point.normalImpulse) * normal, rA: point.anchorA, rB: point.anchorB)
                contact.points[p].normalImpulse = new
            }
        }
        bodies.store(states, a, b)
    }

    /// Non-linear Gauss-Seidel position correction of the world's contacts, up to `iterations`
    /// passes with factor `baumgarte`, moving only the bodies `movable` allows, stopping after a
    /// pass in which no point was deeper than `tolerance` × slop.
    mutating func correctContactPositions(iterations: Int, baumgarte: Double, tolerance: Double,
                                          maxCorrection: Double = SolverSettings.maxLinearCorrection,
                                          movable: (Int) -> Bool = { _ in true }) {
        guard !contacts.isEmpty else { return }
        for _ in 0..<iterations {
            let deepest = contactPositionPass(baumgarte: baumgarte, maxCorrection: maxCorrection, movable: movable)
            if deepest >= -tolerance * settings.linearSlop { return }
        }
    }

    /// One pass of b2ContactSolver::SolvePositionConstraints; returns the deepest separation.
    mutating func contactPositionPass(baumgarte: Double, maxCorrection: Double,
                                      movable: (Int) -> Bool = { _ in true }) -> Double {
        let slop = settings.linearSlop
        var deepest = 0.0
        for c in contacts.indices {
            let a = contacts[c].bodyA, b = contacts[c].bodyB
            let normal = contacts[c].normal
            let mA = movable(a) ? properties[a].invMass : 0, iA = movable(a) ? properties[a].invInertia : 0
            let mB = movable(b) ? properties[b].invMass : 0, iB = movable(b) ? properties[b].invInertia : 0
            for point in contacts[c].points {
                let rA = point.anchorA, rB = point.anchorB
                let separation = point.baseSeparation
                    + dot(normal, stepData[b].displacement(at: rB) - stepData[a].displacement(at: rA))
                deepest = min(deepest, separation)
                let correction = min(max(baumgarte * (separation + slop), -maxCorrection), 0)
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                guard k > 0 else { continue }
                let impulse = (-correction / k) * normal
                shift(a, by: -mA * impulse, turn: -iA * cross(rA, impulse))
                shift(b, by: mB * impulse, turn: iB * cross(rB, impulse))
            }
        }
        return deepest
    }

    mutating func shift(_ body: Int, by offset: Vec2, turn: Double) {
        guard offset != .zero || turn != 0 else { return }
        states[body].center += offset
        states[body].angle += turn
        stepData[body].deltaPosition += offset
        stepData[body].deltaAngle += turn
    }

    /// Box2D 2.3's continuous collision of items against boundaries (see above).
    mutating func solveTimeOfImpact(_ h: Double) {
        guard !collision.groups.isEmpty else { return }
        let slop = settings.linearSlop
        let target = max(slop, contactSkin - 3 * slop)
        // Each body with boundaries, and the groups whose boundaries it meets, in body order.
        var walled = [[Int]](repeating: [], count: states.count)
        for (index, group) in collision.groups.enumerated() where !group.planes.isEmpty || !group.segments.isEmpty {
            for body in group.bodies where !properties[body].isStatic { walled[body].append(index) }
        }
        for body in walled.indices where !walled[body].isEmpty {
            let groups = walled[body]
            let end = states[body]
            var start = end
            start.center = end.center - stepData[body].deltaPosition
            start.angle = end.angle - stepData[body].deltaAngle
            func pose(_ t: Double) -> BodyState {
                var state = end
                state.center = start.center + t * (end.center - start.center)
                state.angle = start.angle + t * (end.angle - start.angle)
                return state
            }
            func gap(_ t: Double) -> Double { boundaryGap(body, at: pose(t), groups: groups) - target }
            guard gap(1) < 0, gap(0) >= 0 else { continue }
            var low = 0.0, high = 1.0
            for _ in 0..<50 {
                let middle = 0.5 * (low + high)
                if gap(middle) >= 0 { low = middle } else { high = middle }
            }
            let t = low
            states[body] = pose(t)
            resolveImpact(body, remaining: (1 - t) * h)
        }
    }

    /// The smallest distance between the core of `body` at `state` and any boundary of the
    /// collision groups numbered `groups`.
    private func boundaryGap(_ body: Int, at state: BodyState, groups: [Int]) -> Double {
        let polygon = ConvexPolygon.body(state, properties[body])
        var smallest = Double.infinity
        for index in groups {
            let group = collision.groups[index]
            for plane in group.planes {
                for v in polygon.vertices { smallest = min(smallest, dot(plane.normal, v - plane.point)) }
            }
            for segment in group.segments {
                let wall = ConvexPolygon(segment: segment)
                let separation = max(Collide.maxSeparation(wall, polygon).separation,
                                     Collide.maxSeparation(polygon, wall).separation)
                smallest = min(smallest, separation)
            }
        }
        return smallest
    }

    /// At a time of impact: the item's boundary contacts, corrected, solved for velocity, then
    /// the item advanced by `remaining` seconds.
    private mutating func resolveImpact(_ body: Int, remaining: Double) {
        let saved = contacts
        contacts.removeAll(keepingCapacity: true)
        addBoundaryContacts(of: body)
        stepData[body].deltaPosition = .zero
        stepData[body].deltaAngle = 0
        correctContactPositions(iterations: 20, baumgarte: SolverSettings.toiBaumgarte, tolerance: 1.5,
                                movable: { $0 == body })
        // The contacts again where the correction left the item, for the velocity solve.
        contacts.removeAll(keepingCapacity: true)
        addBoundaryContacts(of: body)
        prepareContacts()
        for _ in 0..<SolverSettings.contactVelocityIterations { solveContactsBox2D23() }
        states[body].center += remaining * states[body].velocity
        states[body].angle += remaining * states[body].angularVelocity
        contacts = saved
    }
}

/// Box2D 2.3's block solver for a two-point manifold: the two normal impulses solved together as
/// a linear complementarity problem (both pushing, one of them, or neither), so a face lands
/// flat. Only for a well-conditioned pair (k₁₁² < 1000·det K), as in Box2D.
struct BlockSolver {
    let k11: Double, k12: Double, k22: Double
    let det: Double

    /// For a two-point contact between bodies of these inverse masses and inertias; computed
    /// once per step, as Box2D's InitializeVelocityConstraints does.
    init?(_ contact: ContactConstraint, invMassA: Double, invInertiaA: Double, invMassB: Double, invInertiaB: Double) {
        let n = contact.normal
        let (p1, p2) = (contact.points[0], contact.points[1])
        let rn1A = cross(p1.anchorA, n), rn1B = cross(p1.anchorB, n)
        let rn2A = cross(p2.anchorA, n), rn2B = cross(p2.anchorB, n)
        let m = invMassA + invMassB
        k11 = m + invInertiaA * rn1A * rn1A + invInertiaB * rn1B * rn1B
        k22 = m + invInertiaA * rn2A * rn2A + invInertiaB * rn2B * rn2B
        k12 = m + invInertiaA * rn1A * rn2A + invInertiaB * rn1B * rn2B
        det = k11 * k22 - k12 * k12
        guard det > 0, k11 * k11 < 1000 * det else { return nil }
    }

    /// The new accumulated impulses, given the old ones and each point's normal velocity minus
    /// its restitution bias.
    func solve(accumulated a: (Double, Double), velocity: (Double, Double)) -> (Double, Double) {
        // b = v − K·a: the velocities the impulses must answer, with the old ones taken out.
        let b1 = velocity.0 - (k11 * a.0 + k12 * a.1)
        let b2 = velocity.1 - (k12 * a.0 + k22 * a.1)
        // Both points push: x = −K⁻¹·b.
        let x1 = -(k22 * b1 - k12 * b2) / det, x2 = -(k11 * b2 - k12 * b1) / det
        if x1 >= 0 && x2 >= 0 { return (x1, x2) }
        // Only the first: its own velocity reaches zero and the second separates.
        let y1 = -b1 / k11
        if y1 >= 0 && k12 * y1 + b2 >= 0 { return (y1, 0) }
        // Only the second.
        let z2 = -b2 / k22
        if z2 >= 0 && k12 * z2 + b1 >= 0 { return (0, z2) }
        // Neither.
        if b1 >= 0 && b2 >= 0 { return (0, 0) }
        // No case holds (not expected for a valid K): keep the old impulses, as Box2D does.
        return a
    }
}
