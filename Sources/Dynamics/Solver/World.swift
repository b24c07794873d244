// The solver world: flat arrays of bodies and constraints addressed by index, stepped at a fixed
// h in Box2D v3's stage order. Index 0 is always the ground.
//
// A step: prepare bodies and integrate velocities (one pass) → collide → prepare joints and
// contacts → warm start the joints → solve (joints, then contacts) → integrate positions → relax
// the rigid joints → correct contact positions → time of impact. Contacts are Box2D 2.3's under
// both integrators (Box2D23Contacts.swift). Under the uikit integrator rigid joints are Box2D
// 2.3's too: no relax pass, and their positions are corrected with the contacts'
// (Box2D23Joints.swift). Where every constraint is a spring and no item holds two, each spring is
// prepared, warm-started and solved in one go and nothing is relaxed: the same result, read once.
import Foundation

/// How springs and forces are integrated.
enum IntegrationScheme {
    /// Trapezoidal rule (θ = ½): second order, no numerical damping.
    case trapezoidal
    /// Implicit Euler (θ = 1), positions advanced with the new velocity: Box2D 2.x as UIKit runs it.
    case implicitEuler

    var theta: Double { self == .trapezoidal ? 0.5 : 1 }
}

/// Tuning of the rigid parts of the solver, after Box2D v3's world definition.
struct SolverSettings {
    /// Box2D v3's contact stiffness, capped at a quarter of the step rate; rigid joints of the
    /// exact integrator are twice as stiff, with `jointDampingRatio`.
    var contactHertz: Double = 30
    var jointDampingRatio: Double = 2
    /// Closing speeds below this do not bounce, points/s (Box2D: 1 m/s).
    var restitutionThreshold: Double = 100
    /// Box2D's allowed overlap, points.
    var linearSlop: Double = 0.5
    var maxLinearSpeed: Double = 40_000
    /// Passes over the joints per step while no contact exists.
    var velocityIterations = 1
    /// Passes while contacts exist: Box2D 2.3's 8, which its sequential impulses need to converge
    /// (friction starts each step from a zero normal impulse, since contacts are not warm-started).
    static let contactVelocityIterations = 8
    /// Whether snaps (point springs damped in every direction) take their stiffness from the
    /// effective mass matrix at the attach point rather than from the item's mass. Attachments
    /// always use the effective mass along their axis (see Softness.swift).
    var springMassIsEffective = false
    /// Whether springs take their geometry (axis, lever arms, effective mass) at the step's predicted
    /// midpoint rather than at its start: second order when springs turn (see Softness.swift).
    var springsAtMidpoint = true
    /// Whether rigid joints are Box2D 2.3's (no bias, then position passes with the contacts: the
    /// uikit integrator) rather than Box2D v3's soft step with a relax pass.
    var jointsAsBox2D23 = false
    /// Whether a contact that begins within a step is solved where its shapes first touched (the
    /// exact integrator's event location; see `collide(impactWindow:)`).
    var locatesImpacts = false
    /// The step whose rate of contact position correction is kept at finer steps (see
    /// `positionCorrection`); nil: Box2D's per-step correction.
    var correctionStep: Double?
    /// Resistance as Box2D 2.2 and earlier applied it, v ← v·clamp(1 − h·c, 0, 1), instead of
    /// v ← v/(1 + h·c) (Box2D from late 2013).
    var dampingIsClampedLinear = false
}

struct World {
    var states: [BodyState] = [.ground]
    var properties: [BodyProperties] = [.ground]
    var stepData: [BodyStepData] = []

    var pointJoints: [PointJoint] = []
    var distanceJoints: [DistanceJoint] = []
    var angleJoints: [AngleJoint] = []
    var slidingJoints: [SlidingJoint] = []
    /// Box2D 2.3's welds, for the uikit integrator's `fixedAttachment`.
    var weldJoints: [WeldJoint] = []
    var contacts: [ContactConstraint] = []
    var collision = CollisionSetup()

    /// Field behaviors' forces, evaluated at the start of every step.
    var fields: [FieldForce] = []
    /// Seconds simulated since the animator started (noise fields animate with it).
    var time: Double = 0
    /// The bodies' own continuous forces while this step's field forces are added to them
    /// (empty when no field acts).
    private var ownForces: [Vec2] = []

    var scheme: IntegrationScheme = .trapezoidal
    /// Scratch and cache of `hasCoupledConstraints`: the joint and body counts it was computed
    /// for, and its answer for the joints.
    private var constraintCounts: [UInt8] = []
    private var coupling: (Shape, Bool)?
    private struct Shape: Equatable {
        var pointJoints, distanceJoints, angleJoints, bodies: Int
        init(_ pointJoints: Int, _ distanceJoints: Int, _ angleJoints: Int, _ bodies: Int) {
            (self.pointJoints, self.distanceJoints, self.angleJoints, self.bodies) = (pointJoints, distanceJoints, angleJoints, bodies)
        }
    }
    var settings = SolverSettings()

    var bodyCount: Int { states.count }

    /// Adds a body and returns its index.
    @discardableResult
    mutating func addBody(_ state: BodyState, _ bodyProperties: BodyProperties) -> Int {
        var bodyProperties = bodyProperties
        bodyProperties.updateMass()
        states.append(state)
        properties.append(bodyProperties)
        return states.count - 1
    }

    /// Advances the world by one step of `h` seconds.
    mutating func step(_ h: Double) {
        let theta = scheme.theta
        evaluateFields(h)
        prepareBodies(h, theta: theta)
        removeFieldForces()
        // Collision reads positions only, so it may come before the joints are prepared (Box2D v3
        // collides first too); whether contacts were found decides how the joints are solved.
        collide(impactWindow: settings.locatesImpacts ? h : 0)
        prepareContacts()

        // Springs only, none sharing a movable body: one pass solves each exactly, so each is
        // prepared, warm-started and solved in turn (no other constraint reads or moves its
        // bodies in between), and there is nothing to relax.
        let springsAlone = !hasCoupledConstraints()
        if springsAlone {
            preparePointJoints(h, theta: theta, thenSolve: true)
            prepareDistanceJoints(h, theta: theta)
            warmStartDistanceJoints()
            solveDistanceJoints(h, useBias: true)
        } else {
            preparePointJoints(h, theta: theta)
            prepareDistanceJoints(h, theta: theta)
            prepareAngleJoints(h, theta: theta)
            prepareSlidingJoints(h)
            warmStartPointJoints()
            warmStartDistanceJoints()
            warmStartAngleJoints()
            warmStartSlidingJoints()
            prepareWeldJoints()
            let iterations = contacts.isEmpty ? settings.velocityIterations
                : max(settings.velocityIterations, SolverSettings.contactVelocityIterations)
            for _ in 0..<max(iterations, 1) {
                solvePointJoints(h, useBias: true)
                solveDistanceJoints(h, useBias: true)
                solveAngleJoints(h, useBias: true)
                solveSlidingJoints(h, useBias: true)
                solveWeldJoints()
                solveContactsBox2D23()
            }
        }

        // A body in contact moves by its end velocity alone (θ = 1 for this step), as in Box2D:
        // a contact's impulse acts in full, and the trapezoidal lag of the forces it balances
        // would otherwise lift a resting item off the floor every step (½·g·h² at a time).
        for contact in contacts {
            stepData[contact.bodyA].lagVelocity = .zero
            stepData[contact.bodyA].lagAngularVelocity = 0
            stepData[contact.bodyB].lagVelocity = .zero
            stepData[contact.bodyB].lagAngularVelocity = 0
        }
        integratePositions(h)

        let correction = settings.positionCorrection(h)
        if settings.jointsAsBox2D23 {
            correctPositionsAsBox2D23(baumgarte: correction.baumgarte, maxCorrection: correction.maxCorrection)
        } else {
            if !springsAlone {
                solvePointJoints(h, useBias: false)
                solveDistanceJoints(h, useBias: false)
                solveAngleJoints(h, useBias: false)
                solveSlidingJoints(h, useBias: false)
            }
            correctContactPositions(iterations: 3, baumgarte: correction.baumgarte, tolerance: 3,
                                    maxCorrection: correction.maxCorrection)
        }
        solveTimeOfImpact(h)
    }

    /// Whether the constraints need the full solve: unless every constraint is a spring and no
    /// movable body has two of them, in which case one pass solves each exactly and a relax pass
    /// has nothing to do.
    private mutating func hasCoupledConstraints() -> Bool {
        if !contacts.isEmpty { return true }
        let shape = Shape(pointJoints.count, distanceJoints.count, angleJoints.count + slidingJoints.count + weldJoints.count, states.count)
        if let (cachedShape, coupled) = coupling, cachedShape == shape { return coupled }
        let coupled = jointsAreCoupled()
        coupling = (shape, coupled)
        return coupled
    }

    /// `hasCoupledConstraints` for the joints, which change only when the world is rebuilt.
    private mutating func jointsAreCoupled() -> Bool {
        if !angleJoints.isEmpty || !slidingJoints.isEmpty || !weldJoints.isEmpty
            || pointJoints.contains(where: { !$0.stiffness.isSpring })
            || distanceJoints.contains(where: { !$0.stiffness.isSpring || $0.hasLowerLimit || $0.hasUpperLimit }) {
            return true
        }
        if constraintCounts.count != states.count {
            constraintCounts = [UInt8](repeating: 0, count: states.count)
        } else {
            for i in constraintCounts.indices { constraintCounts[i] = 0 }
        }
        var coupled = false
        func count(_ a: Int, _ b: Int) {
            if a != 0 && constraintCounts[a] > 0 || b != 0 && constraintCounts[b] > 0 { coupled = true }
            constraintCounts[a] = 1
            constraintCounts[b] = 1
        }
        for joint in pointJoints { count(joint.bodyA, joint.bodyB) }
        for joint in distanceJoints where !coupled { count(joint.bodyA, joint.bodyB) }
        return coupled
    }

    /// Stops every body, as Box2D does when it puts an island to sleep.
    mutating func stopBodies() {
        for i in states.indices {
            states[i].velocity = .zero
            states[i].angularVelocity = 0
        }
        for i in stepData.indices {
            stepData[i].startVelocity = .zero
            stepData[i].startAngularVelocity = 0
            stepData[i].velocityChange = .zero
            stepData[i].angularVelocityChange = 0
        }
    }

    /// Whether every movable body is slower than `speed` (points/s) and turns slower than
    /// `angularSpeed` (radians/s).
    func isAtRest(speed: Double, angularSpeed: Double) -> Bool {
        let speedSquared = speed * speed
        return properties.withUnsafeBufferPointer { properties in
            states.withUnsafeBufferPointer { states in
                for i in 1..<states.count where !properties[i].isStatic {
                    if states[i].velocity.lengthSquared > speedSquared || abs(states[i].angularVelocity) > angularSpeed {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// Prepares every body for the step and applies its forces (Box2D's integrate velocities) in
    /// one pass over the bodies. The velocity before the forces stays in the step data, where the
    /// joints and the exact integrator's contacts read it.
    private mutating func prepareBodies(_ h: Double, theta: Double) {
        let count = states.count
        if stepData.count != count {
            stepData = [BodyStepData](repeating: .initial, count: count)
            for i in 0..<count {
                (stepData[i].startVelocity, stepData[i].startAngularVelocity) = (states[i].velocity, states[i].angularVelocity)
            }
        }
        let midpoint = settings.springsAtMidpoint
        let lag = 1 - theta
        let clamped = settings.dampingIsClampedLinear
        properties.withUnsafeBufferPointer { properties in
            states.withUnsafeMutableBufferPointer { states in
                stepData.withUnsafeMutableBufferPointer { data in
                    for i in 0..<count {
                        let state = states[i]
                        if state.angle != data[i].rotationAngle {
                            data[i].rotation = Rot(angle: state.angle)
                            data[i].rotationAngle = state.angle
                        }
                        data[i].lagVelocity = .zero
                        data[i].lagAngularVelocity = 0
                        data[i].deltaPosition = .zero
                        data[i].deltaAngle = 0
                        if midpoint {
                            // The midpoint of the step, x + (h/2)·(v₀ + v₁)/2, with v₁ − v₀
                            // extrapolated from the two previous steps' changes: off by O(h⁴)
                            // (see Softness.swift).
                            let lastChange = state.velocity - data[i].startVelocity
                            let lastAngularChange = state.angularVelocity - data[i].startAngularVelocity
                            let change = 2 * lastChange - data[i].velocityChange
                            let angularChange = 2 * lastAngularChange - data[i].angularVelocityChange
                            data[i].velocityChange = lastChange
                            data[i].angularVelocityChange = lastAngularChange
                            data[i].midShift = (0.5 * h) * (state.velocity + 0.5 * change)
                            let turn = 0.5 * h * (state.angularVelocity + 0.5 * angularChange)
                            data[i].midTurn = turn
                            data[i].midRotation = turn == 0 ? data[i].rotation : Rot(angle: state.angle + turn)
                        }
                        data[i].startVelocity = state.velocity
                        data[i].startAngularVelocity = state.angularVelocity
                        guard i > 0, !properties[i].isStatic else { continue }
                        Self.applyForces(&states[i], &data[i], properties[i], h: h, lag: lag, clamped: clamped)
                    }
                }
            }
        }
    }

    /// Each body's field force for this step, from its position and velocity at the step's start
    /// (explicit, as Box2D applies forces): kg·points/s².
    private mutating func evaluateFields(_ h: Double) {
        defer { time += h }
        guard !fields.isEmpty else { return }
        var fieldForces = [Vec2](repeating: .zero, count: states.count)
        for field in fields {
            for index in field.bodies where index < states.count && !properties[index].isStatic {
                let p = properties[index]
                fieldForces[index] += field.force(FieldForce.Sample(position: states[index].center, velocity: states[index].velocity,
                                                                   mass: p.invMass == 0 ? 0 : 1 / p.invMass, charge: p.charge,
                                                                   time: time, step: h))
            }
        }
        ownForces = properties.map(\.force)
        for index in fieldForces.indices where fieldForces[index] != .zero {
            properties[index].force += fieldForces[index]
        }
    }

    /// Puts back the bodies' own continuous forces once the field forces have been applied.
    private mutating func removeFieldForces() {
        for index in ownForces.indices { properties[index].force = ownForces[index] }
        ownForces = []
    }

    /// The factor resistance `c` scales a velocity by over one step `h`: 1/(1 + h·c), or Box2D
    /// 2.2's clamp(1 − h·c, 0, 1) (which stops an item dead once h·c ≥ 1).
    private static func damping(_ c: Double, _ h: Double, clamped: Bool) -> Double {
        clamped ? min(max(1 - h * c, 0), 1) : 1 / (1 + h * c)
    }

    /// v ← (v + h·(g + F/m)) · factor, Box2D 2.x's order, so that resistance alone decays the
    /// speed by exactly the factor per step.
    @inline(__always)
    private static func applyForces(_ state: inout BodyState, _ data: inout BodyStepData, _ p: BodyProperties,
                                    h: Double, lag: Double, clamped: Bool) {
        let v = state.velocity, w = state.angularVelocity
        let linearFactor = damping(p.linearDamping, h, clamped: clamped)
        let angularFactor = damping(p.angularDamping, h, clamped: clamped)
        let newV = linearFactor * (v + h * (p.acceleration + p.invMass * p.force))
        let rotation = data.rotation
        let torque = rotation.c * p.forceMomentCross - rotation.s * p.forceMomentDot
        let newW = p.invInertia == 0 ? 0 : angularFactor * (w + h * p.invInertia * torque)
        state.velocity = newV
        state.angularVelocity = newW
        data.lagVelocity = lag * (newV - v)
        data.lagAngularVelocity = lag * (newW - w)
    }

    /// x ← x + h·(v − lag): the θ-method for forces and springs (exact for constant acceleration
    /// when θ = ½), full impulses for rigid constraints and contacts.
    private mutating func integratePositions(_ h: Double) {
        let count = states.count
        let maxSpeed = settings.maxLinearSpeed
        let maxTurn = 0.25 * Double.pi / h
        properties.withUnsafeBufferPointer { properties in
            states.withUnsafeMutableBufferPointer { states in
                stepData.withUnsafeMutableBufferPointer { data in
                    for i in 1..<count where !properties[i].isStatic {
                        var v = states[i].velocity
                        let speedSquared = v.lengthSquared
                        if speedSquared > maxSpeed * maxSpeed {
                            v = (maxSpeed / speedSquared.squareRoot()) * v
                            states[i].velocity = v
                        }
                        var w = states[i].angularVelocity
                        if abs(w) > maxTurn {
                            w = w > 0 ? maxTurn : -maxTurn
                            states[i].angularVelocity = w
                        }
                        let dp = h * (v - data[i].lagVelocity)
                        let da = h * (w - data[i].lagAngularVelocity)
                        states[i].center += dp
                        states[i].angle += da
                        data[i].deltaPosition = dp
                        data[i].deltaAngle = da
                    }
                }
            }
        }
    }
}

/// The velocity of the point at lever arm `r` from a body's center.
@inline(__always) func pointVelocity(_ state: BodyState, _ r: Vec2) -> Vec2 {
    state.velocity + cross(state.angularVelocity, r)
}
