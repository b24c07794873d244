// What every joint shares: two body indices, attach points in each body's frame, a spring or a
// rigid (soft-step) definition, and how an impulse is applied to the two bodies.
import Foundation

/// How a joint holds: as a spring (frequency in Hz and damping ratio) or rigidly.
struct JointStiffness: Equatable {
    /// Hz; 0 makes the joint rigid.
    var hertz: Double
    /// The damping ratio ζ: 1 is critical.
    var dampingRatio: Double

    static let rigid = JointStiffness(hertz: 0, dampingRatio: 0)
    var isSpring: Bool { hertz > 0 }

    /// Whether the spring is integrated by the trapezoidal rule at step `h` (not blended towards
    /// implicit Euler for being very stiff; see Softness.swift). Only such springs take their
    /// geometry at the step's midpoint: a stiff spring is stepped as Box2D steps it.
    func isTrapezoidal(step h: Double, schemeTheta: Double) -> Bool {
        springTheta(hertz: hertz, step: h, schemeTheta: schemeTheta) == 0.5
    }
}

/// Velocities of the two bodies of a constraint, read once and written back once per solve.
struct ConstraintBodies {
    var a: BodyState
    var b: BodyState
    let invMassA: Double, invInertiaA: Double
    let invMassB: Double, invInertiaB: Double

    @inline(__always)
    init(_ states: UnsafeMutableBufferPointer<BodyState>, _ properties: UnsafeBufferPointer<BodyProperties>,
         _ indexA: Int, _ indexB: Int) {
        a = states[indexA]
        b = states[indexB]
        invMassA = properties[indexA].invMass
        invInertiaA = properties[indexA].invInertia
        invMassB = properties[indexB].invMass
        invInertiaB = properties[indexB].invInertia
    }

    /// Applies `impulse` at lever arm rA of A (negatively) and rB of B (positively).
    @inline(__always)
    mutating func apply(_ impulse: Vec2, rA: Vec2, rB: Vec2) {
        apply(impulse, angularA: cross(rA, impulse), angularB: cross(rB, impulse))
    }

    /// Applies a linear impulse `p` (negatively to A) with the angular impulses `angularA` on A
    /// (negatively) and `angularB` on B: the general form, for joints whose angular rows are not
    /// the lever arm's cross product alone (slides, welds).
    @inline(__always)
    mutating func apply(_ p: Vec2, angularA: Double, angularB: Double) {
        a.velocity -= invMassA * p
        a.angularVelocity -= invInertiaA * angularA
        b.velocity += invMassB * p
        b.angularVelocity += invInertiaB * angularB
    }

    @inline(__always)
    mutating func applyAngular(_ impulse: Double) {
        a.angularVelocity -= invInertiaA * impulse
        b.angularVelocity += invInertiaB * impulse
    }

    @inline(__always)
    func store(_ states: UnsafeMutableBufferPointer<BodyState>, _ indexA: Int, _ indexB: Int) {
        // A static body's velocity never changes; skipping its store keeps the ground at rest.
        if invMassA != 0 || invInertiaA != 0 { states[indexA] = a }
        if invMassB != 0 || invInertiaB != 0 { states[indexB] = b }
    }
}

/// Runs `body` with unsafe views of the body arrays, so that the solver's inner loops stay free
/// of copy-on-write checks. A free function over the stored arrays (not a method on World), so
/// that the closure may also touch the world's constraint arrays.
@inline(__always)
func withBodies<R>(
    _ states: inout [BodyState], _ properties: [BodyProperties], _ stepData: inout [BodyStepData],
    _ body: (UnsafeMutableBufferPointer<BodyState>, UnsafeBufferPointer<BodyProperties>,
             UnsafeMutableBufferPointer<BodyStepData>) -> R
) -> R {
    properties.withUnsafeBufferPointer { properties in
        states.withUnsafeMutableBufferPointer { states in
            stepData.withUnsafeMutableBufferPointer { data in
                body(states, properties, data)
            }
        }
    }
}

extension World {
    /// The soft-step coefficients of rigid joints at step `h` (Box2D v3: twice the contact
    /// stiffness of 30 Hz, capped at a quarter of the step rate), or none: Box2D 2.3's rigid
    /// velocity constraints, whose drift its position pass removes (Box2D23Joints.swift).
    func jointSoftness(_ h: Double) -> Softness {
        if settings.jointsAsBox2D23 { return .rigid }
        let contactHertz = min(settings.contactHertz, 0.25 / h)
        return Softness(hertz: 2 * contactHertz, dampingRatio: settings.jointDampingRatio, step: h)
    }
}

/// Records the lag of a spring's velocity change, (1 − θ)·Δv (see `BodyStepData.lagVelocity`).
@inline(__always)
func recordLag(_ data: UnsafeMutableBufferPointer<BodyStepData>, _ index: Int,
                  before: BodyState, after: BodyState, lag: Double) {
    data[index].lagVelocity += lag * (after.velocity - before.velocity)
    data[index].lagAngularVelocity += lag * (after.angularVelocity - before.angularVelocity)
}

/// A spring's attach points for one step's solve.
struct SpringGeometry {
    /// Lever arms of the attach points.
    var rA: Vec2
    var rB: Vec2
    /// pB − pA where the lever arms are taken: the direction of the spring's axis.
    var separation: Vec2
    /// The separation that, moved on by the step's displacement along these lever arms, gives
    /// `separation` at the midpoint: the start value to linearise the spring around (equal to
    /// `separation` when taken at the start).
    var startSeparation: Vec2

    /// The geometry at the step's start (Box2D's), or at its predicted midpoint (see Softness.swift).
    @inline(__always)
    init(_ states: UnsafeMutableBufferPointer<BodyState>, _ data: UnsafeMutableBufferPointer<BodyStepData>,
         _ a: Int, _ b: Int, localA: Vec2, localB: Vec2, atMidpoint: Bool) {
        if atMidpoint {
            rA = data[a].midRotation.rotate(localA)
            rB = data[b].midRotation.rotate(localB)
            let shiftA = data[a].midShift + cross(data[a].midTurn, rA)
            let shiftB = data[b].midShift + cross(data[b].midTurn, rB)
            separation = (states[b].center + data[b].midShift + rB) - (states[a].center + data[a].midShift + rA)
            startSeparation = separation - (shiftB - shiftA)
        } else {
            rA = data[a].rotation.rotate(localA)
            rB = data[b].rotation.rotate(localB)
            separation = (states[b].center + rB) - (states[a].center + rA)
            startSeparation = separation
        }
    }
}
