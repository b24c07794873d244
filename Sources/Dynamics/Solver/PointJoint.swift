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
    // What the warm start and the solve of an attachment read comes first, so that those passes
    // touch the joint's first cache lines only (a step streams every joint; see README's benchmark).
    var bodyA: Int
    var bodyB: Int
    var impulse: Vec2 = .zero
    var rA: Vec2 = .zero
    var rB: Vec2 = .zero
    var separation: Vec2 = .zero
    var startVelocity: Vec2 = .zero
    /// The damper's axis, and for attachments the scalar effective mass along it and the response.
    var axis = Vec2(1, 0)
    var axialMass: Double = 0
    var axialResponse = Mat22.identity
    var spring = SpringCoefficients(hertz: 0, dampingRatio: 0, step: 1, schemeTheta: 1)
    var stiffness: JointStiffness
    /// Whether the spring is an attachment (damper along the axis, effective mass) rather than a
    /// snap (damper in every direction, the item's mass).
    var dampsAlongAxisOnly: Bool

    /// Attach point of A in A's frame, relative to its center (for the ground: the anchor).
    var localA: Vec2
    /// Attach point of B in B's frame, relative to its center.
    var localB: Vec2
    /// K⁻¹, the effective mass matrix (rigid joints), and the spring mass and response of snaps.
    var mass: Sym22 = .zero
    var springMass: Sym22 = .zero
    var springResponse: Sym22 = .zero
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
    /// `thenSolve`: warm start and solve each joint as soon as it is prepared, for springs none of
    /// which shares a movable body with another constraint. That is the result of the three
    /// passes, with each joint read once.
    mutating func preparePointJoints(_ h: Double, theta: Double, thenSolve: Bool = false) {
        guard !pointJoints.isEmpty else { return }
        let rigidSoftness = jointSoftness(h)
        let effectiveMass = settings.springMassIsEffective
        let midpoint = settings.springsAtMidpoint
        withBodies(&states, properties, &stepData) { states, properties, data in
            pointJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    // In place: a joint is a few hundred bytes, and copying it out and back cost
                    // more than preparing it.
                    joints[i].prepare(states, properties, data, h: h, theta: theta, rigidSoftness: rigidSoftness,
                                      effectiveMass: effectiveMass, midpoint: midpoint)
                    if thenSolve {
                        joints[i].warmStart(states, properties, data)
                        joints[i].solve(states, properties, data, useBias: true)
                    }
                }
            }
        }
    }

    mutating func warmStartPointJoints() {
        guard !pointJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            pointJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices { joints[i].warmStart(states, properties, data) }
            }
        }
    }

    /// Springs are solved only in the biased pass; rigid joints in both (the relax pass removes
    /// the velocity that position correction added, as in Box2D v3).
    mutating func solvePointJoints(_ h: Double, useBias: Bool) {
        guard !pointJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            pointJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices { joints[i].solve(states, properties, data, useBias: useBias) }
            }
        }
    }
}

extension PointJoint {
    @inline(__always)
    func warmStart(_ states: UnsafeMutableBufferPointer<BodyState>, _ properties: UnsafeBufferPointer<BodyProperties>,
                   _ data: UnsafeMutableBufferPointer<BodyStepData>) {
        var bodies = ConstraintBodies(states, properties, bodyA, bodyB)
        bodies.apply(impulse, rA: rA, rB: rB)
        if stiffness.isSpring {
            recordLag(data, bodyA, before: states[bodyA], after: bodies.a, lag: spring.startWeight)
            recordLag(data, bodyB, before: states[bodyB], after: bodies.b, lag: spring.startWeight)
        }
        bodies.store(states, bodyA, bodyB)
    }

    @inline(__always)
    mutating func solve(_ states: UnsafeMutableBufferPointer<BodyState>, _ properties: UnsafeBufferPointer<BodyProperties>,
                        _ data: UnsafeMutableBufferPointer<BodyStepData>, useBias: Bool) {
        let isSpring = stiffness.isSpring
        if isSpring && !useBias { return }
        var bodies = ConstraintBodies(states, properties, bodyA, bodyB)
        let velocity = pointVelocity(bodies.b, rB) - pointVelocity(bodies.a, rA)
        let increment: Vec2
        if dampsAlongAxisOnly {
            increment = spring.axialIncrement(c: separation, v0: startVelocity, v: velocity, axis: axis,
                                              springMass: axialMass, response: axialResponse, impulse: impulse)
        } else if isSpring {
            increment = spring.increment(c: separation, v0: startVelocity, v: velocity, springMass: springMass,
                                         response: springResponse, impulse: impulse)
        } else {
            let softness = useBias ? self.softness : .rigid
            let target = velocity + softness.biasRate * separation
            increment = -softness.massScale * (mass * target) - softness.impulseScale * impulse
        }
        impulse += increment
        bodies.apply(increment, rA: rA, rB: rB)
        if isSpring {
            recordLag(data, bodyA, before: states[bodyA], after: bodies.a, lag: spring.startWeight)
            recordLag(data, bodyB, before: states[bodyB], after: bodies.b, lag: spring.startWeight)
        }
        bodies.store(states, bodyA, bodyB)
    }
}

extension PointJoint {
    @inline(__always)
    mutating func prepare(_ states: UnsafeMutableBufferPointer<BodyState>, _ properties: UnsafeBufferPointer<BodyProperties>,
                          _ data: UnsafeMutableBufferPointer<BodyStepData>, h: Double, theta: Double,
                          rigidSoftness: Softness, effectiveMass: Bool, midpoint: Bool) {
        let a = bodyA, b = bodyB
        let isSpring = stiffness.isSpring
        let atMidpoint = midpoint && isSpring && stiffness.isTrapezoidal(step: h, schemeTheta: theta)
        let geometry = SpringGeometry(states, data, a, b, localA: localA, localB: localB, atMidpoint: atMidpoint)
        rA = geometry.rA
        rB = geometry.rB
        separation = geometry.startSeparation
        startVelocity = data[b].startVelocity(at: rB) - data[a].startVelocity(at: rA)
        let inverseMass = Sym22.pointMass(
            invMassA: properties[a].invMass, invInertiaA: properties[a].invInertia, rA: rA,
            invMassB: properties[b].invMass, invInertiaB: properties[b].invInertia, rB: rB)
        guard isSpring else {
            mass = inverseMass.inverse
            softness = rigidSoftness
            return
        }
        spring.update(stiffness, step: h, schemeTheta: theta)
        if dampsAlongAxisOnly {
            let (direction, length) = geometry.separation.normalized(epsilon: 1e-9)
            if length > 0 {
                axis = direction
            } else {
                let (velocityDirection, speed) = startVelocity.normalized(epsilon: 1e-9)
                if speed > 0 { axis = velocityDirection } // else: at rest on the anchor; keep it.
            }
            let k = inverseMass.along(axis)
            axialMass = k > 0 ? 1 / k : 0
            axialResponse = spring.axialResponse(axis: axis, springMass: axialMass, inverseMass: inverseMass)
        } else {
            mass = inverseMass.inverse
            if effectiveMass {
                springMass = mass
            } else {
                let m = reducedMass(invMassA: properties[a].invMass, invMassB: properties[b].invMass)
                springMass = Sym22(xx: m, xy: 0, yy: m)
            }
            springResponse = spring.response(springMass: springMass, inverseMass: inverseMass,
                                             massIsEffective: effectiveMass)
        }
    }
}
