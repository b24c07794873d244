// Contact constraints in Box2D v3's soft-step form, for the exact integrator: non-penetration
// (speculative while apart, soft while overlapping, push-out speed capped), Coulomb friction, and
// restitution applied once after the relax pass from the approach speed measured before the step.
// The uikit integrator solves the same contact points as Box2D 2.3 (Box2D23Contacts.swift).
//
// Contacts are found anew every step and not warm-started: steps are about 1 ms, so a resting
// item's contact impulse is rebuilt within one step, and matching contact features across steps
// would cost more than it gives for the few contacts a UI scene has.
import Foundation

struct ContactPoint {
    /// Contact point relative to each body's center at prepare time.
    var anchorA: Vec2
    var anchorB: Vec2
    var baseSeparation: Double
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    /// Normal approach speed before the step, for restitution.
    var relativeVelocity: Double = 0
}

struct ContactConstraint {
    /// What body A is: another item, or a boundary of a collision group.
    enum Source: Hashable {
        case item
        /// The group's reference bounds (one of its four planes).
        case referenceBounds(group: Int)
        /// The group's wall `index` (in the order the behavior added them).
        case wall(group: Int, index: Int)
    }

    var bodyA: Int
    var bodyB: Int
    var source = Source.item
    /// Whether the shapes touch (within the contact skin and the slop), not only come near.
    var touching = false
    var normal: Vec2
    var friction: Double
    var restitution: Double
    var points: [ContactPoint] = []
    var softness = Softness.rigid
}

extension World {
    /// Masses and approach speeds of this step's contacts; the approach speed from the velocities
    /// before this step's forces, or with `afterForces`, as they are now.
    mutating func prepareContacts(_ h: Double, afterForces: Bool) {
        guard !contacts.isEmpty else { return }
        let softness = contactSoftness(h, staticContact: false)
        let staticSoftness = contactSoftness(h, staticContact: true)
        for c in contacts.indices {
            let a = contacts[c].bodyA, b = contacts[c].bodyB
            let pa = properties[a], pb = properties[b]
            let normal = contacts[c].normal, tangent = normal.rightPerpendicular
            contacts[c].softness = (pa.isStatic || pb.isStatic) ? staticSoftness : softness
            for p in contacts[c].points.indices {
                var point = contacts[c].points[p]
                let rA = point.anchorA, rB = point.anchorB
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let kNormal = pa.invMass + pb.invMass + pa.invInertia * rnA * rnA + pb.invInertia * rnB * rnB
                point.normalMass = kNormal > 0 ? 1 / kNormal : 0
                let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
                let kTangent = pa.invMass + pb.invMass + pa.invInertia * rtA * rtA + pb.invInertia * rtB * rtB
                point.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                point.relativeVelocity = afterForces
                    ? dot(normal, pointVelocity(states[b], rB) - pointVelocity(states[a], rA))
                    : dot(normal, stepData[b].startVelocity(at: rB) - stepData[a].startVelocity(at: rA))
                contacts[c].points[p] = point
            }
        }
    }

    mutating func solveContacts(_ h: Double, useBias: Bool) {
        guard !contacts.isEmpty else { return }
        let pushMax = settings.contactPushMaxVelocity
        withBodies(&states, properties, &stepData) { states, properties, data in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for c in contacts.indices {
                    var contact = contacts[c]
                    let a = contact.bodyA, b = contact.bodyB
                    var bodies = ConstraintBodies(states, properties, a, b)
                    let normal = contact.normal, tangent = normal.rightPerpendicular
                    for p in contact.points.indices {
                        var point = contact.points[p]
                        let rA = point.anchorA, rB = point.anchorB
                        let separation = point.baseSeparation
                            + dot(normal, data[b].displacement(at: rB) - data[a].displacement(at: rA))
                        let vn = dot(normal, pointVelocity(bodies.b, rB) - pointVelocity(bodies.a, rA))
                        let increment = limitIncrement(c: separation, velocity: vn, mass: point.normalMass,
                                                       accumulated: &point.normalImpulse, softness: contact.softness,
                                                       h: h, useBias: useBias, maxBiasVelocity: pushMax)
                        bodies.apply(increment * normal, rA: rA, rB: rB)
                        point.maxNormalImpulse = max(point.maxNormalImpulse, increment)
                        contact.points[p] = point
                    }
                    if contact.friction > 0 {
                        for p in contact.points.indices {
                            var point = contact.points[p]
                            let rA = point.anchorA, rB = point.anchorB
                            let vt = dot(tangent, pointVelocity(bodies.b, rB) - pointVelocity(bodies.a, rA))
                            let limit = contact.friction * point.normalImpulse
                            let newImpulse = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
                            bodies.apply((newImpulse - point.tangentImpulse) * tangent, rA: rA, rB: rB)
                            point.tangentImpulse = newImpulse
                            contact.points[p] = point
                        }
                    }
                    bodies.store(states, a, b)
                    contacts[c] = contact
                }
            }
        }
    }

    static let restitutionPasses = 8

    /// Bounces approaching contacts: drives the normal speed towards −e·(approach speed).
    mutating func applyRestitution() {
        guard !contacts.isEmpty else { return }
        let threshold = settings.restitutionThreshold
        withBodies(&states, properties, &stepData) { states, properties, _ in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for c in contacts.indices where contacts[c].restitution > 0 {
                    var contact = contacts[c]
                    let a = contact.bodyA, b = contact.bodyB
                    var bodies = ConstraintBodies(states, properties, a, b)
                    // A face contact has two points; solved one after the other once, the first
                    // would spin the bodies and rob the second. A few passes converge on the
                    // symmetric answer (Box2D 2.x solved such pairs as a block).
                    for _ in 0..<(contact.points.count > 1 ? Self.restitutionPasses : 1) {
                        for p in contact.points.indices {
                            var point = contact.points[p]
                            if point.relativeVelocity > -threshold || point.maxNormalImpulse == 0 { continue }
                            let vn = dot(contact.normal, pointVelocity(bodies.b, point.anchorB) - pointVelocity(bodies.a, point.anchorA))
                            let impulse = -point.normalMass * (vn + contact.restitution * point.relativeVelocity)
                            let newImpulse = max(point.normalImpulse + impulse, 0)
                            bodies.apply((newImpulse - point.normalImpulse) * contact.normal, rA: point.anchorA, rB: point.anchorB)
                            point.normalImpulse = newImpulse
                            contact.points[p] = point
                        }
                    }
                    bodies.store(states, a, b)
                    contacts[c] = contact
                }
            }
        }
    }
}
