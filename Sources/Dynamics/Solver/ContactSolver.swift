// Contact constraints: the points the narrow phase found, with the masses and approach speeds of
// the step. Both integrators solve them as Box2D 2.3 does (Box2D23Contacts.swift).
//
// Contacts are found anew every step and not warm-started: matching contact features across
// steps would cost more than it gives for the few contacts a UI scene has, and eight velocity
// passes rebuild a contact's impulses within the step.
import Foundation

struct ContactPoint {
    /// Contact point relative to each body's center at prepare time.
    var anchorA: Vec2
    var anchorB: Vec2
    var baseSeparation: Double
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    /// Normal approach speed after the step's forces, for restitution.
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
    /// What body A is. Every contact touches, as Box2D counts a contact begun: contact points
    /// exist only while the shapes are within each other's skins.
    var source = Source.item
    var normal: Vec2
    var friction: Double
    var restitution: Double
    var points: [ContactPoint] = []
    /// The two-point block solver, prepared with the step (nil for one point or an ill-conditioned pair).
    var block: BlockSolver?
}

extension World {
    /// Masses and approach speeds of this step's contacts, the approach speed from the velocities
    /// after the step's forces (b2ContactSolver::InitializeVelocityConstraints runs once
    /// b2Island has integrated them).
    mutating func prepareContacts() {
        guard !contacts.isEmpty else { return }
        for c in contacts.indices {
            let a = contacts[c].bodyA, b = contacts[c].bodyB
            let pa = properties[a], pb = properties[b]
            let normal = contacts[c].normal, tangent = normal.rightPerpendicular
            for p in contacts[c].points.indices {
                var point = contacts[c].points[p]
                let rA = point.anchorA, rB = point.anchorB
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let kNormal = pa.invMass + pb.invMass + pa.invInertia * rnA * rnA + pb.invInertia * rnB * rnB
                point.normalMass = kNormal > 0 ? 1 / kNormal : 0
                let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
                let kTangent = pa.invMass + pb.invMass + pa.invInertia * rtA * rtA + pb.invInertia * rtB * rtB
                point.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                point.relativeVelocity = dot(normal, pointVelocity(states[b], rB) - pointVelocity(states[a], rA))
                contacts[c].points[p] = point
            }
            contacts[c].block = contacts[c].points.count == 2
                ? BlockSolver(contacts[c], invMassA: pa.invMass, invInertiaA: pa.invInertia, invMassB: pb.invMass,
                              invInertiaB: pb.invInertia)
                : nil
        }
    }
}
