// An angle joint: holds the relative rotation of B to A at `referenceAngle`, as a spring or
// rigidly, or only resists relative rotation with a bounded friction torque. Welds use it beside
// a rigid point joint; the snap behavior uses it to turn an item back upright.
import Foundation

struct AngleJoint {
    enum Mode: Equatable {
        case hold(JointStiffness)
        /// Resists relative rotation with at most this torque, kg·points²/s².
        case friction(maxTorque: Double)
        /// Keeps the relative rotation within [lower, upper] radians (a pin's `attachmentRange`).
        case limit(lower: Double, upper: Double)
    }

    var bodyA: Int
    var bodyB: Int
    var referenceAngle: Double
    var mode: Mode
    var impulse: Double = 0

    // Per step.
    var angle: Double = 0
    var startVelocity: Double = 0
    var mass: Double = 0
    var spring = SpringCoefficients(hertz: 0, dampingRatio: 0, step: 1, schemeTheta: 1)
    var softness = Softness.rigid

    init(bodyA: Int, bodyB: Int, referenceAngle: Double, mode: Mode) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.referenceAngle = referenceAngle
        self.mode = mode
    }

    var isSpring: Bool {
        if case .hold(let stiffness) = mode { return stiffness.isSpring }
        return false
    }

    /// Whether it only resists turning with friction (rather than holding or limiting an angle).
    var isFriction: Bool {
        if case .friction = mode { return true }
        return false
    }

    /// The accumulated impulse of the lower and upper limits.
    var lowerImpulse: Double = 0
    var upperImpulse: Double = 0
}

extension World {
    mutating func prepareAngleJoints(_ h: Double, theta: Double) {
        guard !angleJoints.isEmpty else { return }
        let rigidSoftness = jointSoftness(h)
        withBodies(&states, properties, &stepData) { states, properties, data in
            angleJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    let a = joint.bodyA, b = joint.bodyB
                    joint.angle = states[b].angle - states[a].angle - joint.referenceAngle
                    joint.startVelocity = data[b].startAngularVelocity - data[a].startAngularVelocity
                    let k = properties[a].invInertia + properties[b].invInertia
                    joint.mass = k > 0 ? 1 / k : 0
                    if case .hold(let stiffness) = joint.mode, stiffness.isSpring {
                        joint.spring.update(stiffness, step: h, schemeTheta: theta)
                    }
                    joint.softness = rigidSoftness
                    joints[i] = joint
                }
            }
        }
    }

    mutating func warmStartAngleJoints() {
        guard !angleJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            for joint in angleJoints {
                var bodies = ConstraintBodies(states, properties, joint.bodyA, joint.bodyB)
                bodies.applyAngular(joint.impulse + joint.lowerImpulse - joint.upperImpulse)
                if joint.isSpring {
                    recordLag(data, joint.bodyA, before: states[joint.bodyA], after: bodies.a, lag: joint.spring.startWeight)
                    recordLag(data, joint.bodyB, before: states[joint.bodyB], after: bodies.b, lag: joint.spring.startWeight)
                }
                bodies.store(states, joint.bodyA, joint.bodyB)
            }
        }
    }

    mutating func solveAngleJoints(_ h: Double, useBias: Bool) {
        guard !angleJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            angleJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    guard joint.mass > 0 else { continue }
                    let a = joint.bodyA, b = joint.bodyB
                    var bodies = ConstraintBodies(states, properties, a, b)
                    let velocity = bodies.b.angularVelocity - bodies.a.angularVelocity
                    switch joint.mode {
                    case .hold(let stiffness) where stiffness.isSpring:
                        guard useBias else { continue }
                        // The angular mass does not change with the configuration: the spring is conservative as is.
                        let increment = joint.spring.increment(c: joint.angle, v0: joint.startVelocity, v: velocity,
                                                               springMass: joint.mass, inverseMass: 1 / joint.mass,
                                                               impulse: joint.impulse)
                        joint.impulse += increment
                        bodies.applyAngular(increment)
                        recordLag(data, a, before: states[a], after: bodies.a, lag: joint.spring.startWeight)
                        recordLag(data, b, before: states[b], after: bodies.b, lag: joint.spring.startWeight)
                    case .hold:
                        let softness = useBias ? joint.softness : .rigid
                        let angle = joint.angle + data[b].deltaAngle - data[a].deltaAngle
                        let increment = -softness.massScale * joint.mass * (velocity + softness.biasRate * angle)
                            - softness.impulseScale * joint.impulse
                        joint.impulse += increment
                        bodies.applyAngular(increment)
                    case .limit(let lower, let upper):
                        let angle = joint.angle + data[b].deltaAngle - data[a].deltaAngle
                        if lower > -.infinity {
                            bodies.applyAngular(limitIncrement(c: angle - lower, velocity: velocity, mass: joint.mass,
                                                               accumulated: &joint.lowerImpulse, softness: joint.softness,
                                                               h: h, useBias: useBias))
                        }
                        if upper < .infinity {
                            let now = bodies.b.angularVelocity - bodies.a.angularVelocity
                            bodies.applyAngular(-limitIncrement(c: upper - angle, velocity: -now, mass: joint.mass,
                                                                accumulated: &joint.upperImpulse, softness: joint.softness,
                                                                h: h, useBias: useBias))
                        }
                    case .friction(let maxTorque):
                        let maxImpulse = h * maxTorque
                        let newImpulse = min(max(joint.impulse - joint.mass * velocity, -maxImpulse), maxImpulse)
                        bodies.applyAngular(newImpulse - joint.impulse)
                        joint.impulse = newImpulse
                    }
                    bodies.store(states, a, b)
                    joints[i] = joint
                }
            }
        }
    }
}
