// A 2-D point constraint: pulls the attach point of body B onto the attach point of body A (or an
// anchor on the ground). As a rigid joint it is a pin. As a spring it is either
// - a zero-length attachment: UIKit's distance joint of length 0, whose spring pulls along the
//   axis between the attach points (so in every direction: the force is −k·separation) and whose
//   damper acts along that axis only, with stiffness from the effective mass along it. Being
//   linear in the separation, its spring has no direction to lose at the anchor and cannot jitter
//   there; where the axis is undefined (the attach points meet) the damper takes the direction of
//   the relative velocity, the limit along any path through the anchor;
// - or a snap: the same spring with a damper in every direction and the item's own mass, as
//   Box2D's mouse joint.
import Foundation

struct PointJoint {
    var bodyA: Int
    var bodyB: Int
    /// Attach point of A in A's frame, relative to its center (for the ground: the anchor).
    var localA: Vec2
    /// Attach point of B in B's frame, relative to its center.
    var localB: Vec2
    var stiffness: JointStiffness
    /// Whether the spring is an attachment (damper along the axis, effective mass) rather than a
    /// snap (damper in every direction, the item's mass).
    var dampsAlongAxisOnly: Bool
    var impulse: Vec2 = .zero

    // Per step.
    var rA: Vec2 = .zero
    var rB: Vec2 = .zero
    var separation: Vec2 = .zero
    var startVelocity: Vec2 = .zero
    /// K⁻¹, the effective mass matrix.
    var mass: Sym22 = .zero
    var springMass: Sym22 = .zero
    var springResponse: Sym22 = .zero
    /// The damper's axis, and for attachments the scalar effective mass along it and the response.
    var axis = Vec2(1, 0)
    var axialMass: Double = 0
    var axialResponse = Mat22.identity
    var variation = StiffnessVariation.none
    var spring = SpringCoefficients(hertz: 0, dampingRatio: 0, step: 1, schemeTheta: 1)
    var softness = Softness.rigid

    init(bodyA: Int, bodyB: Int, localA: Vec2, localB: Vec2, stiffness: JointStiffness,
         dampsAlongAxisOnly: Bool = false) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.stiffness = stiffness
        self.dampsAlongAxisOnly = dampsAlongAxisOnly && stiffness.isSpring
    }
}

extension World {
    mutating func preparePointJoints(_ h: Double, theta: Double) {
        guard !pointJoints.isEmpty else { return }
        let rigidSoftness = jointSoftness(h)
        let effectiveMass = settings.springMassIsEffective
        let midpoint = settings.springsAtMidpoint
        withBodies(&states, properties, &stepData) { states, properties, data in
            pointJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    let a = joint.bodyA, b = joint.bodyB
                    let isSpring = joint.stiffness.isSpring
                    let atMidpoint = midpoint && isSpring && joint.stiffness.isTrapezoidal(step: h, schemeTheta: theta)
                    let geometry = SpringGeometry(states, data, a, b, localA: joint.localA, localB: joint.localB,
                                                  atMidpoint: atMidpoint)
                    joint.rA = geometry.rA
                    joint.rB = geometry.rB
                    joint.separation = geometry.startSeparation
                    joint.startVelocity = pointVelocity(states[b], joint.rB) - pointVelocity(states[a], joint.rA)
                    let inverseMass = Sym22.pointMass(
                        invMassA: properties[a].invMass, invInertiaA: properties[a].invInertia, rA: joint.rA,
                        invMassB: properties[b].invMass, invInertiaB: properties[b].invInertia, rB: joint.rB)
                    joint.mass = inverseMass.inverse
                    guard isSpring else {
                        joint.softness = rigidSoftness
                        joints[i] = joint
                        continue
                    }
                    joint.spring.update(joint.stiffness, step: h, schemeTheta: theta)
                    if joint.dampsAlongAxisOnly {
                        let (axis, length) = geometry.separation.normalized(epsilon: 1e-9)
                        if length > 0 {
                            joint.axis = axis
                        } else {
                            let (direction, speed) = joint.startVelocity.normalized(epsilon: 1e-9)
                            if speed > 0 { joint.axis = direction } // else: at rest on the anchor; keep it.
                        }
                        let k = inverseMass.along(joint.axis)
                        joint.axialMass = k > 0 ? 1 / k : 0
                        joint.axialResponse = joint.spring.axialResponse(axis: joint.axis, springMass: joint.axialMass,
                                                                         inverseMass: inverseMass)
                        if atMidpoint {
                            let distance = geometry.separation.length
                            joint.variation = StiffnessVariation(
                                spring: joint.spring, h: h, stretch: distance, distance: distance, axis: joint.axis,
                                rA: joint.rA, rB: joint.rB, invInertiaA: properties[a].invInertia,
                                invInertiaB: properties[b].invInertia, inverseMass: k)
                        }
                    } else {
                        if effectiveMass {
                            joint.springMass = joint.mass
                        } else {
                            let m = reducedMass(invMassA: properties[a].invMass, invMassB: properties[b].invMass)
                            joint.springMass = Sym22(xx: m, xy: 0, yy: m)
                        }
                        joint.springResponse = joint.spring.response(springMass: joint.springMass, inverseMass: inverseMass,
                                                                     massIsEffective: effectiveMass)
                    }
                    joints[i] = joint
                }
            }
        }
    }

    mutating func warmStartPointJoints() {
        guard !pointJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            for joint in pointJoints {
                var bodies = ConstraintBodies(states, properties, joint.bodyA, joint.bodyB)
                bodies.apply(joint.impulse, rA: joint.rA, rB: joint.rB)
                bodies.apply(joint.variation, rA: joint.rA, rB: joint.rB)
                if joint.stiffness.isSpring {
                    recordLag(data, joint.bodyA, before: states[joint.bodyA], after: bodies.a, lag: joint.spring.startWeight)
                    recordLag(data, joint.bodyB, before: states[joint.bodyB], after: bodies.b, lag: joint.spring.startWeight)
                }
                bodies.store(states, joint.bodyA, joint.bodyB)
            }
        }
    }

    /// Springs are solved only in the biased pass; rigid joints in both (the relax pass removes
    /// the velocity that position correction added, as in Box2D v3).
    mutating func solvePointJoints(_ h: Double, useBias: Bool) {
        guard !pointJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            pointJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    let isSpring = joint.stiffness.isSpring
                    if isSpring && !useBias { continue }
                    var bodies = ConstraintBodies(states, properties, joint.bodyA, joint.bodyB)
                    let velocity = pointVelocity(bodies.b, joint.rB) - pointVelocity(bodies.a, joint.rA)
                    let increment: Vec2
                    if joint.dampsAlongAxisOnly {
                        increment = joint.spring.axialIncrement(c: joint.separation, v0: joint.startVelocity, v: velocity,
                                                                axis: joint.axis, springMass: joint.axialMass,
                                                                response: joint.axialResponse, impulse: joint.impulse)
                    } else if isSpring {
                        increment = joint.spring.increment(c: joint.separation, v0: joint.startVelocity, v: velocity,
                                                           springMass: joint.springMass, response: joint.springResponse,
                                                           impulse: joint.impulse)
                    } else {
                        let softness = useBias ? joint.softness : .rigid
                        let target = velocity + softness.biasRate * joint.separation
                        increment = -softness.massScale * (joint.mass * target) - softness.impulseScale * joint.impulse
                    }
                    joint.impulse += increment
                    bodies.apply(increment, rA: joint.rA, rB: joint.rB)
                    if isSpring {
                        recordLag(data, joint.bodyA, before: states[joint.bodyA], after: bodies.a, lag: joint.spring.startWeight)
                        recordLag(data, joint.bodyB, before: states[joint.bodyB], after: bodies.b, lag: joint.spring.startWeight)
                    }
                    bodies.store(states, joint.bodyA, joint.bodyB)
                    joints[i] = joint
                }
            }
        }
    }
}
