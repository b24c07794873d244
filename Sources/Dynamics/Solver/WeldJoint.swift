// A weld as Box2D 2.3 solves it (b2WeldJoint with frequency 0), for the uikit integrator's
// `fixedAttachment`: the attach points of A and B held together and their relative angle held at
// `referenceAngle`, the three rows solved as one 3×3 block. The exact integrator welds with a
// pin and an angle joint in Box2D v3's soft step instead.
import Foundation

/// A symmetric 3×3 matrix: the mass matrix of a weld's point and angle rows.
struct Sym33 {
    var xx, xy, xz, yy, yz, zz: Double

    /// The weld's K for lever arms rA, rB (b2WeldJoint::InitVelocityConstraints).
    static func weld(invMassA mA: Double, invInertiaA iA: Double, rA: Vec2,
                     invMassB mB: Double, invInertiaB iB: Double, rB: Vec2) -> Sym33 {
        Sym33(xx: mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB,
              xy: -rA.y * rA.x * iA - rB.y * rB.x * iB,
              xz: -rA.y * iA - rB.y * iB,
              yy: mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB,
              yz: rA.x * iA + rB.x * iB,
              zz: iA + iB)
    }

    /// The inverse, or zero where singular (b2Mat33::GetSymInverse33).
    var inverse: Sym33 {
        let cxx = yy * zz - yz * yz, cxy = xz * yz - xy * zz, cxz = xy * yz - xz * yy
        let det = xx * cxx + xy * cxy + xz * cxz
        guard det != 0 else { return Sym33(xx: 0, xy: 0, xz: 0, yy: 0, yz: 0, zz: 0) }
        let inv = 1 / det
        return Sym33(xx: inv * cxx, xy: inv * cxy, xz: inv * cxz,
                     yy: inv * (xx * zz - xz * xz), yz: inv * (xz * xy - xx * yz), zz: inv * (xx * yy - xy * xy))
    }

    /// M·(v, w).
    func times(_ v: Vec2, _ w: Double) -> (Vec2, Double) {
        (Vec2(xx * v.x + xy * v.y + xz * w, xy * v.x + yy * v.y + yz * w), xz * v.x + yz * v.y + zz * w)
    }
}

struct WeldJoint {
    var bodyA: Int
    var bodyB: Int
    var localA: Vec2
    var localB: Vec2
    var referenceAngle: Double
    /// The accumulated impulse: linear, then angular.
    var impulse = Vec2.zero
    var angularImpulse = 0.0

    // Per step.
    var rA = Vec2.zero, rB = Vec2.zero
    var mass = Sym33(xx: 0, xy: 0, xz: 0, yy: 0, yz: 0, zz: 0)

    init(bodyA: Int, bodyB: Int, localA: Vec2, localB: Vec2, referenceAngle: Double) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.referenceAngle = referenceAngle
    }

    /// Applies a linear impulse `p` at the attach points and an angular impulse `l`.
    @inline(__always)
    func apply(_ bodies: inout ConstraintBodies, _ p: Vec2, _ l: Double) {
        bodies.apply(p, angularA: cross(rA, p) + l, angularB: cross(rB, p) + l)
    }
}

extension World {
    /// Lever arms and the inverse mass matrix, then the warm start.
    mutating func prepareWeldJoints() {
        guard !weldJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, data in
            weldJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    let a = joints[i].bodyA, b = joints[i].bodyB
                    joints[i].rA = a == 0 ? .zero : data[a].rotation.rotate(joints[i].localA)
                    joints[i].rB = data[b].rotation.rotate(joints[i].localB)
                    joints[i].mass = Sym33.weld(invMassA: properties[a].invMass, invInertiaA: properties[a].invInertia,
                                                rA: joints[i].rA, invMassB: properties[b].invMass,
                                                invInertiaB: properties[b].invInertia, rB: joints[i].rB).inverse
                    var bodies = ConstraintBodies(states, properties, a, b)
                    joints[i].apply(&bodies, joints[i].impulse, joints[i].angularImpulse)
                    bodies.store(states, a, b)
                }
            }
        }
    }

    /// One velocity pass (b2WeldJoint::SolveVelocityConstraints, frequency 0).
    mutating func solveWeldJoints() {
        guard !weldJoints.isEmpty else { return }
        withBodies(&states, properties, &stepData) { states, properties, _ in
            weldJoints.withUnsafeMutableBufferPointer { joints in
                for i in joints.indices {
                    let a = joints[i].bodyA, b = joints[i].bodyB
                    var bodies = ConstraintBodies(states, properties, a, b)
                    let linear = pointVelocity(bodies.b, joints[i].rB) - pointVelocity(bodies.a, joints[i].rA)
                    let angular = bodies.b.angularVelocity - bodies.a.angularVelocity
                    let (p, l) = joints[i].mass.times(linear, angular)
                    joints[i].impulse -= p
                    joints[i].angularImpulse -= l
                    joints[i].apply(&bodies, -p, -l)
                    bodies.store(states, a, b)
                }
            }
        }
    }
}
