// How a spring given in physical terms (frequency f in Hz, damping ratio ζ) becomes the
// coefficients of an impulse solve over one fixed step h.
//
// A constraint with position error C, velocity Ċ and effective mass m behaves as the damped
// oscillator m·C̈ = −k·C − c·Ċ with k = m·ω², c = 2·m·ζ·ω, ω = 2πf. Integrating it over h with the
// θ-method — positions advance by h·v̄ where v̄ = (1−θ)·v₀ + θ·v₁, and the spring force is taken at
// C + θ·h·v̄ — gives the impulse λ = m·(v₁ − v₀):
//
//     λ = −m·[h·ω²·C + a·v̄],   a = θ·h²·ω² + 2·h·ζ·ω
//
// θ = 1 is implicit Euler, the soft step of Box2D (b2MakeSoft), which UIKit uses at h = 1/120.
// It damps by about ω·h/2 on its own: at f = 10 Hz and h = 1/240 that is more than ζ = 0.05.
// θ = ½ is the trapezoidal rule: second order, unconditionally stable, and free of numerical
// damping (|amplification| = 1 for ζ = 0 at every step size), so a spring rings exactly as long as
// its ζ says. Its only error is a slight lengthening of the period, by (ωh)²/12 of a cycle per
// cycle: at f = 10 Hz and h = 1/960 that is 0.036 %, which keeps a zero-length spring within
// 0.3 % of the closed-form motion over 5 s.
//
// The trapezoidal rule has no damping margin, though: where several stiff springs pull on the same
// bodies, one Gauss-Seidel pass leaves an error that it carries on undamped, and coupled springs
// of a few hundred Hz gain energy. Implicit Euler damps such errors away. So θ rises from ½ to 1
// as ω·h goes from 0.25 to 0.5 (f from 38 to 76 Hz at h = 1/960): springs that a person tunes by
// eye keep the exact rule, and very stiff ones get Box2D's stable soft step.
//
// Which mass? Box2D (and so UIKit) takes the constraint's effective mass, lever arms included, so
// k = m_eff·ω² changes as an item with an offset attach point turns: such a spring is not
// conservative and pumps energy into a spinning item. The exact integrator instead gives the spring
// a constant mass S — the item's mass, or the reduced mass of two items — so it stores energy
// ½kC² like a real spring, while the response to an impulse still uses the full inverse mass K
// (rotation included). With S·K = 1 (no lever arm) both are the same. The relation becomes
//
//     (1 + θ·a·S·K)·dλ = −(S·[h·ω²·C + a·((1−θ)·v₀ + θ·v)] + λ)
//
// and the uikit integrator takes S = 1/K, Box2D's choice.
//
// In a Gauss-Seidel solve other constraints move the velocity too, so each iteration solves for
// the increment dλ that makes the accumulated impulse λ satisfy the relation above with the
// current velocity v:
//
//     dλ = −(m·[h·ω²·C + a·((1−θ)·v₀ + θ·v)] + λ) / (1 + θ·a)
//
// One iteration gives the exact θ-method answer for a lone spring, warm-started or not.
import Foundation

/// The θ for a spring of `hertz` at step `h` under a scheme whose θ is `schemeTheta`: the scheme's
/// own θ up to ω·h = 0.25, rising linearly to 1 at ω·h = 0.5 (see above).
func springTheta(hertz: Double, step h: Double, schemeTheta: Double) -> Double {
    let omegaH = 2 * Double.pi * hertz * h
    let blend = min(max((omegaH - 0.25) / 0.25, 0), 1)
    return schemeTheta + (1 - schemeTheta) * blend
}

/// The per-step coefficients of a spring solved with the θ-method (see the derivation above).
struct SpringCoefficients {
    /// h·ω², multiplies the position error.
    var stiffness: Double
    /// a = θ·h²·ω² + 2·h·ζ·ω, multiplies the averaged velocity.
    var damping: Double
    /// (1 − θ): the weight of the start-of-step velocity.
    var startWeight: Double
    /// θ: the weight of the current velocity.
    var endWeight: Double

    init(hertz: Double, dampingRatio zeta: Double, step h: Double, schemeTheta: Double) {
        let theta = springTheta(hertz: hertz, step: h, schemeTheta: schemeTheta)
        let omega = 2 * Double.pi * hertz
        stiffness = h * omega * omega
        damping = theta * h * h * omega * omega + 2 * h * zeta * omega
        startWeight = 1 - theta
        endWeight = theta
    }

    /// The impulse increment for a scalar constraint: position error `c`, constraint velocity `v0`
    /// at the start of the step and `v` now, spring mass S, inverse effective mass K, accumulated
    /// impulse `impulse`.
    @inline(__always)
    func increment(c: Double, v0: Double, v: Double, springMass: Double, inverseMass: Double, impulse: Double) -> Double {
        let rhs = springMass * (stiffness * c + damping * (startWeight * v0 + endWeight * v)) + impulse
        return -rhs / (1 + endWeight * damping * springMass * inverseMass)
    }

    /// (I + θ·a·S·K)⁻¹ for a 2-D point constraint, computed once per step.
    func response(springMass: Sym22, inverseMass: Sym22, massIsEffective: Bool) -> Sym22 {
        let c = endWeight * damping
        if massIsEffective {
            // S = K⁻¹: the matrix is (1 + θ·a)·I.
            let s = 1 / (1 + c)
            return Sym22(xx: s, xy: 0, yy: s)
        }
        // S = s·I: I + θ·a·s·K is symmetric.
        let cs = c * springMass.xx
        return Sym22(xx: 1 + cs * inverseMass.xx, xy: cs * inverseMass.xy, yy: 1 + cs * inverseMass.yy).inverse
    }

    /// The increment for a 2-D point constraint with spring mass S and `response` from above.
    @inline(__always)
    func increment(c: Vec2, v0: Vec2, v: Vec2, springMass: Sym22, response: Sym22, impulse: Vec2) -> Vec2 {
        let rhs = stiffness * c + damping * (startWeight * v0 + endWeight * v)
        return -(response * (springMass * rhs + impulse))
    }
}

/// The constant mass a spring between bodies A and B uses when it is conservative: the reduced
/// mass 1/(1/mA + 1/mB), which is the item's own mass when A is the ground.
@inline(__always)
func reducedMass(invMassA: Double, invMassB: Double) -> Double {
    let k = invMassA + invMassB
    return k > 0 ? 1 / k : 0
}

/// Box2D v3's soft constraint (b2MakeSoft): how a rigid constraint or a contact is made slightly
/// soft so that any stiffness stays stable. With ω = 2π·hertz, a₁ = 2ζ + hω, a₂ = h·ω·a₁:
/// biasRate = ω/a₁, massScale = a₂/(1 + a₂), impulseScale = 1/(1 + a₂), and the impulse is
/// −massScale·m·(Ċ + biasRate·C) − impulseScale·λ (implicit Euler on a stiff spring).
struct Softness {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    /// A hard constraint: no bias, full mass, no impulse feedback (the relax pass uses this).
    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Double, dampingRatio zeta: Double, step h: Double) {
        guard hertz > 0 else {
            self = .rigid
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}
