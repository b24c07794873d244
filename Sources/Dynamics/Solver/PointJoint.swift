// A 2-D point constraint: pulls the attach point of body B onto the attach point of body A (or an
// anchor on the ground). As a spring it is the zero-length attachment — linear in both axes,
// so it has no direction to lose at the anchor and cannot jitter there (a 1-D distance joint of
// length 0 has an undefined axis at the anchor). As a rigid joint it is a pin.
import Foundation

struct PointJoint {
    var bodyA: Int
    var bodyB: Int
    /// Attach point of A in A's frame, relative to its center (for the ground: the anchor).
    var localA: Vec2
    /// Attach point of B in B's frame, relative to its center.
    var localB: Vec2
    var stiffness: JointStiffness
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
    var spring = SpringCoefficients(hertz: 0, dampingRatio: 0, step: 1, schemeTheta: 1)
    var softness = Softness.rigid

    init(bodyA: Int, bodyB: Int, localA: Vec2, localB: Vec2, stiffness: JointStiffness) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.stiffness = stiffness
    }
}

extension World {
    mutating func preparePointJoints(_ h: Double, theta: Double) {
        guard !pointJoints.isEmpty else { return }
        let rigidSoftness = jointSoftness(h)
        let effectiveMass = settings.springMassIsEffective
        withBodies(&states, properties, &stepData) { states, properties, data in
                pointJoints.withUnsafeMutableBufferPointer { joints in
                    for i in joints.indices {
                        var joint = joints[i]
                        let a = joint.bodyA, b = joint.bodyB
                        let stateA = states[a], stateB = states[b]
                        joint.rA = data[a].rotation.rotate(joint.localA)
                        joint.rB = data[b].rotation.rotate(joint.localB)
                        joint.separation = (stateB.center + joint.rB) - (stateA.center + joint.rA)
                        joint.startVelocity = pointVelocity(stateB, joint.rB) - pointVelocity(stateA, joint.rA)
                        let inverseMass = Sym22.pointMass(
                            invMassA: properties[a].invMass, invInertiaA: properties[a].invInertia, rA: joint.rA,
                            invMassB: properties[b].invMass, invInertiaB: properties[b].invInertia, rB: joint.rB)
                        joint.mass = inverseMass.inverse
                        if joint.stiffness.isSpring {
                            joint.spring = SpringCoefficients(hertz: joint.stiffness.hertz,
                                                              dampingRatio: joint.stiffness.dampingRatio,
                                                              step: h, schemeTheta: theta)
                            if effectiveMass {
                                joint.springMass = joint.mass
                            } else {
                                let m = reducedMass(invMassA: properties[a].invMass, invMassB: properties[b].invMass)
                                joint.springMass = Sym22(xx: m, xy: 0, yy: m)
                            }
                            joint.springResponse = joint.spring.response(springMass: joint.springMass, inverseMass: inverseMass,
                                                                         massIsEffective: effectiveMass)
                        } else {
                            joint.softness = rigidSoftness
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
                    if isSpring {
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
