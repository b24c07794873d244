// A distance joint, after Box2D's: keeps the attach points of A and B at `length` along the line
// between them, as a spring or rigidly, with optional lower and upper limits (a rope is
// minLength 0, maxLength L). UIKit's attachments of non-zero length are these.
import Foundation

struct DistanceJoint {
    var bodyA: Int
    var bodyB: Int
    var localA: Vec2
    var localB: Vec2
    var length: Double
    var minLength: Double
    var maxLength: Double
    var stiffness: JointStiffness
    /// Below this distance the joint has no axis and applies nothing. 0 except in UIKit fidelity
    /// mode, which reproduces Box2D 2.x's dead zone of b2_linearSlop (0.5 pt).
    var deadZone: Double = 0

    var impulse: Double = 0
    var lowerImpulse: Double = 0
    var upperImpulse: Double = 0

    // Per step.
    var rA: Vec2 = .zero
    var rB: Vec2 = .zero
    var axis = Vec2(1, 0)
    var distance: Double = 0
    var startVelocity: Double = 0
    var axialMass: Double = 0
    var spring = SpringCoefficients(hertz: 0, dampingRatio: 0, step: 1, schemeTheta: 1)
    var softness = Softness.rigid

    init(bodyA: Int, bodyB: Int, localA: Vec2, localB: Vec2, length: Double,
         minLength: Double = 0, maxLength: Double = .infinity, stiffness: JointStiffness) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.length = length
        self.minLength = minLength
        self.maxLength = maxLength
        self.stiffness = stiffness
    }

    /// A rigid rod: no spring and no room between the limits.
    var isRigid: Bool { !stiffness.isSpring && minLength >= maxLength }
    var hasLowerLimit: Bool { !isRigid && minLength > 0 }
    var hasUpperLimit: Bool { !isRigid && maxLength < .infinity }
}

extension World {
    mutating func prepareDistanceJoints(_ h: Double, theta: Double) {
        guard !distanceJoints.isEmpty else { return }
        let rigidSoftness = jointSoftness(h)
        let midpoint = settings.springsAtMidpoint
        withBodies(&states, properties, &stepData) { states, properties, data in
            distanceJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    let a = joint.bodyA, b = joint.bodyB
                    let atMidpoint = midpoint && joint.stiffness.isSpring
                        && joint.stiffness.isTrapezoidal(step: h, schemeTheta: theta)
                    let geometry = SpringGeometry(states, data, a, b, localA: joint.localA, localB: joint.localB,
                                                  atMidpoint: atMidpoint)
                    joint.rA = geometry.rA
                    joint.rB = geometry.rB
                    let (axis, distance) = geometry.separation.normalized()
                    if distance < joint.deadZone {
                        joint.axis = .zero
                    } else if distance > 0 {
                        joint.axis = axis
                    } // else: keep the previous axis rather than invent one.
                    // The distance linearised back to the step's start along this axis (the
                    // distance itself when the geometry is the start's).
                    joint.distance = distance - dot(joint.axis, geometry.separation - geometry.startSeparation)
                    let crA = cross(joint.rA, joint.axis), crB = cross(joint.rB, joint.axis)
                    let k = (properties[a].invMass + properties[b].invMass) * joint.axis.lengthSquared
                        + properties[a].invInertia * crA * crA + properties[b].invInertia * crB * crB
                    joint.axialMass = k > 0 ? 1 / k : 0
                    joint.startVelocity = dot(joint.axis, data[b].startVelocity(at: joint.rB) - data[a].startVelocity(at: joint.rA))
                    if joint.stiffness.isSpring {
                        joint.spring.update(joint.stiffness, step: h, schemeTheta: theta)
                    }
                    joint.softness = rigidSoftness
                    joints[i] = joint
                }
            }
        }
    }

    mutating func warmStartDistanceJoints() {
        guard !distanceJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            for joint in distanceJoints {
                var bodies = ConstraintBodies(states, properties, joint.bodyA, joint.bodyB)
                if joint.stiffness.isSpring {
                    bodies.apply(joint.impulse * joint.axis, rA: joint.rA, rB: joint.rB)
                    recordLag(data, joint.bodyA, before: states[joint.bodyA], after: bodies.a, lag: joint.spring.startWeight)
                    recordLag(data, joint.bodyB, before: states[joint.bodyB], after: bodies.b, lag: joint.spring.startWeight)
                    bodies.apply((joint.lowerImpulse - joint.upperImpulse) * joint.axis, rA: joint.rA, rB: joint.rB)
                } else {
                    bodies.apply((joint.impulse + joint.lowerImpulse - joint.upperImpulse) * joint.axis,
                                 rA: joint.rA, rB: joint.rB)
                }
                bodies.store(states, joint.bodyA, joint.bodyB)
            }
        }
    }

    mutating func solveDistanceJoints(_ h: Double, useBias: Bool) {
        guard !distanceJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            distanceJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    if joint.axis == .zero || joint.axialMass == 0 { continue }
                    let a = joint.bodyA, b = joint.bodyB
                    var bodies = ConstraintBodies(states, properties, a, b)
                    let axis = joint.axis
                    func axialVelocity() -> Double {
                        dot(axis, pointVelocity(bodies.b, joint.rB) - pointVelocity(bodies.a, joint.rA))
                    }
                    // The current distance, moved on by this step's displacement (relax pass).
                    let moved = data[b].displacement(at: joint.rB) - data[a].displacement(at: joint.rA)
                    let distance = joint.distance + dot(axis, moved)

                    if joint.stiffness.isSpring {
                        if useBias {
                            let increment = joint.spring.increment(
                                c: joint.distance - joint.length, v0: joint.startVelocity, v: axialVelocity(),
                                springMass: joint.axialMass, inverseMass: 1 / joint.axialMass, impulse: joint.impulse)
                            joint.impulse += increment
                            let before = bodies
                            bodies.apply(increment * axis, rA: joint.rA, rB: joint.rB)
                            recordLag(data, a, before: before.a, after: bodies.a, lag: joint.spring.startWeight)
                            recordLag(data, b, before: before.b, after: bodies.b, lag: joint.spring.startWeight)
                        }
                    } else if joint.isRigid {
                        let softness = useBias ? joint.softness : .rigid
                        let c = distance - joint.length
                        let increment = -softness.massScale * joint.axialMass * (axialVelocity() + softness.biasRate * c)
                            - softness.impulseScale * joint.impulse
                        joint.impulse += increment
                        bodies.apply(increment * axis, rA: joint.rA, rB: joint.rB)
                    }

                    if joint.hasLowerLimit {
                        let increment = limitIncrement(c: distance - joint.minLength, velocity: axialVelocity(),
                                                       mass: joint.axialMass, accumulated: &joint.lowerImpulse,
                                                       softness: joint.softness, h: h, useBias: useBias)
                        bodies.apply(increment * axis, rA: joint.rA, rB: joint.rB)
                    }
                    if joint.hasUpperLimit {
                        let increment = limitIncrement(c: joint.maxLength - distance, velocity: -axialVelocity(),
                                                       mass: joint.axialMass, accumulated: &joint.upperImpulse,
                                                       softness: joint.softness, h: h, useBias: useBias)
                        bodies.apply(-increment * axis, rA: joint.rA, rB: joint.rB)
                    }
                    bodies.store(states, a, b)
                    joints[i] = joint
                }
            }
        }
    }
}

/// A one-sided constraint C ≥ 0 (joint limit or contact): speculative while apart (the gap may
/// close within the step), soft while overlapping, the accumulated impulse clamped at zero.
@inline(__always)
func limitIncrement(c: Double, velocity: Double, mass: Double, accumulated: inout Double,
                    softness: Softness, h: Double, useBias: Bool, maxBiasVelocity: Double = .infinity) -> Double {
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if c > 0 {
        bias = c / h
    } else if useBias {
        bias = max(softness.biasRate * c, -maxBiasVelocity)
        massScale = softness.massScale
        impulseScale = softness.impulseScale
    }
    let impulse = -massScale * mass * (velocity + bias) - impulseScale * accumulated
    let newAccumulated = max(accumulated + impulse, 0)
    let increment = newAccumulated - accumulated
    accumulated = newAccumulated
    return increment
}
