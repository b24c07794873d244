// A sliding joint, after Box2D's prismatic joint: B's attach point stays on a line through A's
// along `axis` (fixed in A's frame), B keeps its angle relative to A, and the travel along the
// line, measured from where the joint was made, stays within [lower, upper]. UIKit's
// `slidingAttachment` is this, its `attachmentRange` the limits.
//
// Each velocity pass solves the two limits (one-sided, speculative while inside the range) and
// then the line and the angle together as a 2×2 block, as Box2D v3 does. The exact integrator
// makes the block soft (Box2D v3's soft step, then a relax pass); the uikit one solves it rigidly
// and corrects positions afterwards, as Box2D 2.3 does (Box2D23Joints.swift).
import Foundation

struct SlidingJoint {
    var bodyA: Int
    var bodyB: Int
    /// Attach points in each body's frame, relative to its center (for the ground: the anchor).
    var localA: Vec2
    var localB: Vec2
    /// The unit axis of translation in A's frame.
    var localAxis: Vec2
    var referenceAngle: Double
    var lower: Double
    var upper: Double

    var impulse = Vec2.zero          // (across the line, angular)
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    // Per step, at the step's start.
    var rA = Vec2.zero, rB = Vec2.zero
    var axis = Vec2(1, 0)
    var separation = Vec2.zero       // d = pB − pA
    var angle = 0.0                  // θB − θA − θ₀
    var axialMass = 0.0
    var a1 = 0.0, a2 = 0.0           // (d + rA)×axis, rB×axis
    var s1 = 0.0, s2 = 0.0           // (d + rA)×perp, rB×perp
    var blockMass = Sym22.zero       // K⁻¹ of the line-and-angle block
    var softness = Softness.rigid

    init(bodyA: Int, bodyB: Int, localA: Vec2, localB: Vec2, localAxis: Vec2, referenceAngle: Double,
         lower: Double, upper: Double) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.localAxis = localAxis
        self.referenceAngle = referenceAngle
        self.lower = lower
        self.upper = upper
    }

    var perpendicular: Vec2 { Vec2(-axis.y, axis.x) }

    /// The geometry of the joint with the bodies at `stateA`, `stateB`: lever arms, axis, d, the
    /// relative angle, and the masses.
    mutating func measure(_ stateA: BodyState, _ stateB: BodyState, _ pa: BodyProperties, _ pb: BodyProperties) {
        let rotationA = Rot(angle: stateA.angle)
        rA = bodyA == 0 ? .zero : rotationA.rotate(localA)
        rB = Rot(angle: stateB.angle).rotate(localB)
        let pointA = bodyA == 0 ? localA : stateA.center + rA
        separation = stateB.center + rB - pointA
        axis = bodyA == 0 ? localAxis : rotationA.rotate(localAxis)
        angle = stateB.angle - stateA.angle - referenceAngle
        let perp = perpendicular, arm = separation + rA
        a1 = cross(arm, axis)
        a2 = cross(rB, axis)
        s1 = cross(arm, perp)
        s2 = cross(rB, perp)
        let mA = pa.invMass, mB = pb.invMass, iA = pa.invInertia, iB = pb.invInertia
        let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
        axialMass = k > 0 ? 1 / k : 0
        let k22 = iA + iB
        blockMass = Sym22(xx: mA + mB + iA * s1 * s1 + iB * s2 * s2, xy: iA * s1 + iB * s2, yy: k22 == 0 ? 1 : k22).inverse
    }

    var translation: Double { dot(axis, separation) }
}

extension World {
    mutating func prepareSlidingJoints(_ h: Double) {
        guard !slidingJoints.isEmpty else { return }
        let softness = jointSoftness(h)
        for i in slidingJoints.indices {
            let a = slidingJoints[i].bodyA, b = slidingJoints[i].bodyB
            slidingJoints[i].measure(states[a], states[b], properties[a], properties[b])
            slidingJoints[i].softness = softness
        }
    }

    mutating func warmStartSlidingJoints() {
        guard !slidingJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, _ in
            for joint in slidingJoints {
                var bodies = ConstraintBodies(states, properties, joint.bodyA, joint.bodyB)
                let axial = joint.lowerImpulse - joint.upperImpulse
                let p = joint.impulse.x * joint.perpendicular + axial * joint.axis
                bodies.apply(p, angularA: joint.impulse.x * joint.s1 + joint.impulse.y + axial * joint.a1,
                             angularB: joint.impulse.x * joint.s2 + joint.impulse.y + axial * joint.a2)
                bodies.store(states, joint.bodyA, joint.bodyB)
            }
        }
    }

    /// One velocity pass: the limits, then the line and the angle (see above). `useBias` false is
    /// the exact integrator's relax pass.
    mutating func solveSlidingJoints(_ h: Double, useBias: Bool) {
        guard !slidingJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            slidingJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    var joint = joints[i]
                    let a = joint.bodyA, b = joint.bodyB
                    var bodies = ConstraintBodies(states, properties, a, b)
                    let axis = joint.axis, perp = joint.perpendicular
                    // Where the joint is now: its start moved on by this step's displacement.
                    let moved = data[b].displacement(at: joint.rB) - data[a].displacement(at: joint.rA)
                    let translation = joint.translation + dot(axis, moved)
                    func axialVelocity() -> Double {
                        dot(axis, bodies.b.velocity - bodies.a.velocity)
                            + joint.a2 * bodies.b.angularVelocity - joint.a1 * bodies.a.angularVelocity
                    }
                    if joint.lower > -.infinity {
                        let increment = limitIncrement(c: translation - joint.lower, velocity: axialVelocity(),
                                                       mass: joint.axialMass, accumulated: &joint.lowerImpulse,
                                                       softness: joint.softness, h: h, useBias: useBias)
                        bodies.apply(increment * axis, angularA: increment * joint.a1, angularB: increment * joint.a2)
                    }
                    if joint.upper < .infinity {
                        let increment = limitIncrement(c: joint.upper - translation, velocity: -axialVelocity(),
                                                       mass: joint.axialMass, accumulated: &joint.upperImpulse,
                                                       softness: joint.softness, h: h, useBias: useBias)
                        bodies.apply(-increment * axis, angularA: -increment * joint.a1, angularB: -increment * joint.a2)
                    }
                    let velocity = Vec2(
                        dot(perp, bodies.b.velocity - bodies.a.velocity)
                            + joint.s2 * bodies.b.angularVelocity - joint.s1 * bodies.a.angularVelocity,
                        bodies.b.angularVelocity - bodies.a.angularVelocity)
                    let softness = useBias ? joint.softness : .rigid
                    let error = Vec2(dot(perp, joint.separation + moved),
                                     joint.angle + data[b].deltaAngle - data[a].deltaAngle)
                    let increment = -softness.massScale * (joint.blockMass * (velocity + softness.biasRate * error))
                        - softness.impulseScale * joint.impulse
                    joint.impulse += increment
                    bodies.apply(increment.x * perp, angularA: increment.x * joint.s1 + increment.y,
                                 angularB: increment.x * joint.s2 + increment.y)
                    bodies.store(states, a, b)
                    joints[i] = joint
                }
            }
        }
    }
}
