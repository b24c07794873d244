// Rigid joints as Box2D 2.3 solves them, for the uikit integrator (what iOS's UIKit Dynamics runs).
//
// Their velocity constraints carry no bias (`jointSoftness` is rigid): each pass applies the
// impulse that stops the relative motion along the constraint, warm-started from the last step.
// What drifts is then corrected on positions after they are integrated, by non-linear
// Gauss-Seidel, in the same up-to-3 passes as the contacts, contacts first, stopping after a pass
// in which every contact and joint is within tolerance (b2Island::Solve):
//
// - a rod (b2DistanceJoint, frequency 0): C = clamp(|d| − L, ±20 pt), impulse −m·C along the
//   current axis, m the axial mass of the step's start; done when |C| < 0.5 pt;
// - a rope (b2RopeJoint, `limitAttachment`): the same with C = clamp(|d| − L, 0, 20 pt); done when
//   |d| − L < 0.5 pt;
// - a pin (b2RevoluteJoint without limit or motor): C = pB − pA, impulse −K⁻¹·C with K the point
//   mass matrix where the bodies are now; done when |C| ≤ 0.5 pt;
// - a weld (b2WeldJoint, `fixedAttachment`): C = (pB − pA, θB − θA − θ₀), impulse −K⁻¹·C with K
//   the 3×3 mass matrix of the point and angle rows where the bodies are now; done when |pB − pA|
//   ≤ 0.5 pt and the angle within 2°;
// - a pin's `attachmentRange` (b2RevoluteJoint's limit): C the angle beyond the range, at most 8°
//   a pass, impulse −C/(1/IA + 1/IB); done when within 2°;
// - a sliding joint (b2PrismaticJoint): the line and the relative angle as a 2×2 block, then the
//   travel beyond `attachmentRange` along the axis, at most 20 pt a pass.
//
// Springs are Box2D's soft joints and have no position pass. Differences that remain: a sliding
// joint at its limit, and a pin at the end of its range, are solved as a block and a limit in turn
// rather than as Box2D's 3×3; and joints are solved by kind (pins, then rods and ropes, then
// angles, slides and welds), each kind in the order the behaviors were added, where Box2D's order
// follows its island's traversal.
import Foundation

extension SolverSettings {
    /// Box2D 2.3's b2_angularSlop: 2°.
    static let angularSlop = 2.0 / 180 * Double.pi
    /// Box2D 2.3's b2_maxAngularCorrection: 8°.
    static let maxAngularCorrection = 8.0 / 180 * Double.pi
}

extension World {
    /// Box2D 2.3's position iterations: contacts, then joints, up to 3 passes (see above).
    mutating func correctPositionsAsBox2D23(baumgarte: Double, maxCorrection: Double) {
        let hasRigidJoints = pointJoints.contains { !$0.stiffness.isSpring }
            || distanceJoints.contains { !$0.stiffness.isSpring || $0.hasUpperLimit || $0.hasLowerLimit }
            || angleJoints.contains { !$0.isSpring && !$0.isFriction } || !slidingJoints.isEmpty || !weldJoints.isEmpty
        guard !contacts.isEmpty || hasRigidJoints else { return }
        let slop = settings.linearSlop
        for _ in 0..<3 {
            let contactsDone = contacts.isEmpty
                || contactPositionPass(baumgarte: baumgarte, maxCorrection: maxCorrection) >= -3 * slop
            var jointsDone = true
            if hasRigidJoints {
                for i in pointJoints.indices where !pointJoints[i].stiffness.isSpring {
                    jointsDone = correctPosition(of: pointJoints[i]) && jointsDone
                }
                for i in distanceJoints.indices {
                    jointsDone = correctPosition(of: distanceJoints[i]) && jointsDone
                }
                for i in angleJoints.indices where !angleJoints[i].isSpring && !angleJoints[i].isFriction {
                    jointsDone = correctPosition(of: angleJoints[i]) && jointsDone
                }
                for i in slidingJoints.indices {
                    var joint = slidingJoints[i]
                    jointsDone = correctPosition(of: &joint) && jointsDone
                    slidingJoints[i] = joint
                }
                for i in weldJoints.indices {
                    jointsDone = correctPosition(of: weldJoints[i]) && jointsDone
                }
            }
            if contactsDone && jointsDone { return }
        }
    }

    /// The lever arm of `local` on `body` as the body stands now.
    private func leverArm(_ body: Int, _ local: Vec2) -> Vec2 {
        body == 0 ? local : Rot(angle: states[body].angle).rotate(local)
    }

    /// Moves both bodies of a joint by `impulse` (a position impulse) at the lever arms.
    private mutating func push(_ a: Int, _ b: Int, _ impulse: Vec2, rA: Vec2, rB: Vec2) {
        push(a, b, impulse, angularA: cross(rA, impulse), angularB: cross(rB, impulse))
    }

    /// The general form: a linear position impulse `p` (negatively to A) with the angular ones
    /// `angularA` (negatively) and `angularB`, for rows that are not a lever arm's cross product
    /// alone (angles, slides, welds).
    private mutating func push(_ a: Int, _ b: Int, _ p: Vec2, angularA: Double, angularB: Double) {
        shift(a, by: -properties[a].invMass * p, turn: -properties[a].invInertia * angularA)
        shift(b, by: properties[b].invMass * p, turn: properties[b].invInertia * angularB)
    }

    /// A pin's position pass; whether it was already within the slop.
    private mutating func correctPosition(of joint: PointJoint) -> Bool {
        let a = joint.bodyA, b = joint.bodyB
        let rA = leverArm(a, joint.localA), rB = leverArm(b, joint.localB)
        let c = (states[b].center + rB) - (states[a].center + rA)
        let k = Sym22.pointMass(invMassA: properties[a].invMass, invInertiaA: properties[a].invInertia, rA: rA,
                                invMassB: properties[b].invMass, invInertiaB: properties[b].invInertia, rB: rB)
        push(a, b, -(k.inverse * c), rA: rA, rB: rB)
        return c.length <= settings.linearSlop
    }

    /// A rod's or a rope's position pass; whether it was already within the slop.
    private mutating func correctPosition(of joint: DistanceJoint) -> Bool {
        guard joint.isRigid || joint.hasUpperLimit || joint.hasLowerLimit else { return true }
        let a = joint.bodyA, b = joint.bodyB
        let rA = leverArm(a, joint.localA), rB = leverArm(b, joint.localB)
        let (axis, length) = ((states[b].center + rB) - (states[a].center + rA)).normalized()
        let maxCorrection = SolverSettings.maxLinearCorrection
        var c = 0.0, done = true
        if joint.isRigid {
            c = min(max(length - joint.length, -maxCorrection), maxCorrection)
            done = abs(c) < settings.linearSlop
        } else if joint.hasUpperLimit && length > joint.maxLength {
            c = min(length - joint.maxLength, maxCorrection)
            done = length - joint.maxLength < settings.linearSlop
        } else if joint.hasLowerLimit && length < joint.minLength {
            c = max(length - joint.minLength, -maxCorrection)
            done = joint.minLength - length < settings.linearSlop
        }
        if c != 0 { push(a, b, (-joint.axialMass * c) * axis, rA: rA, rB: rB) }
        return done
    }

    /// A weld's angle pass, or a pin's angular limits; whether it was already within the
    /// angular slop.
    private mutating func correctPosition(of joint: AngleJoint) -> Bool {
        let a = joint.bodyA, b = joint.bodyB
        let angle = states[b].angle - states[a].angle - joint.referenceAngle
        var c = angle
        if case .limit(let lower, let upper) = joint.mode {
            // b2RevoluteJoint's limit: at most b2_maxAngularCorrection (8°) a pass.
            let maxCorrection = SolverSettings.maxAngularCorrection
            c = angle < lower ? max(angle - lower, -maxCorrection) : angle > upper ? min(angle - upper, maxCorrection) : 0
        }
        let turn = -joint.mass * c
        push(a, b, .zero, angularA: turn, angularB: turn)
        return abs(c) <= SolverSettings.angularSlop
    }

    /// A weld's pass: the point and the angle as one 3×3 block, with K where the bodies are now;
    /// whether it was already within the slops.
    private mutating func correctPosition(of joint: WeldJoint) -> Bool {
        let a = joint.bodyA, b = joint.bodyB
        let rA = leverArm(a, joint.localA), rB = leverArm(b, joint.localB)
        let linear = (states[b].center + rB) - (states[a].center + rA)
        let angular = states[b].angle - states[a].angle - joint.referenceAngle
        let k = Sym33.weld(invMassA: properties[a].invMass, invInertiaA: properties[a].invInertia, rA: rA,
                           invMassB: properties[b].invMass, invInertiaB: properties[b].invInertia, rB: rB)
        let (p, l) = k.inverse.times(linear, angular)
        push(a, b, -p, angularA: -(cross(rA, p) + l), angularB: -(cross(rB, p) + l))
        return linear.length <= settings.linearSlop && abs(angular) <= SolverSettings.angularSlop
    }

    /// A sliding joint's pass: the line and the angle as a block, then the limits; whether it was
    /// already within the slops.
    private mutating func correctPosition(of joint: inout SlidingJoint) -> Bool {
        let a = joint.bodyA, b = joint.bodyB
        joint.measure(states[a], states[b], properties[a], properties[b])
        let error = Vec2(dot(joint.perpendicular, joint.separation), joint.angle)
        let block = -(joint.blockMass * error)
        push(a, b, block.x * joint.perpendicular, angularA: block.x * joint.s1 + block.y, angularB: block.x * joint.s2 + block.y)
        joint.measure(states[a], states[b], properties[a], properties[b])
        let translation = joint.translation, maxCorrection = SolverSettings.maxLinearCorrection
        let c = translation < joint.lower ? max(translation - joint.lower, -maxCorrection)
            : translation > joint.upper ? min(translation - joint.upper, maxCorrection) : 0
        if c != 0 {
            let impulse = -joint.axialMass * c
            push(a, b, impulse * joint.axis, angularA: impulse * joint.a1, angularB: impulse * joint.a2)
        }
        return abs(error.x) <= settings.linearSlop && abs(error.y) <= SolverSettings.angularSlop
            && abs(c) <= settings.linearSlop
    }
}
