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
// cycle (0.036 % at f = 10 Hz and h = 1/960), which prewarping removes (see below).
//
// The trapezoidal rule has no damping margin, though: where several stiff springs pull on the same
// bodies, one Gauss-Seidel pass leaves an error that it carries on undamped, and coupled springs
// of a few hundred Hz gain energy. Implicit Euler damps such errors away. So θ rises from ½ to 1
// as ω·h goes from 0.25 to 0.5 (f from 38 to 76 Hz at h = 1/960): springs that a person tunes by
// eye keep the exact rule, and very stiff ones get Box2D's stable soft step.
//
// Which mass? UIKit's (Box2D's) distance joint takes the effective mass at the attach points,
// lever arms included: K = 1/mA + 1/mB + (rA×n)²/IA + (rB×n)²/IB along the axis n, spring
// k = ω²/K, damper c = 2ζω/K, both along n. Both integrators use that model, so the exact
// integrator integrates UIKit's own equations of motion: the force on the attach points is
// −(ω²·C + 2ζω·Ċ)/K(q)·n, with K taken where the bodies are. When an attach point is off the
// center of an item that turns, K changes with the item's angle and with the axis, and such a
// force is not the gradient of anything: UIKit's spring then gains or loses energy as the item
// spins (15 % over 10 s for a 100×60 item on a 2 Hz spring at an offset of (30, 15)), and so does
// the exact integrator, by the same amount (SpringModelTests checks the motion against a
// Runge–Kutta integration of that force). With attach points at the centers, or items that do not
// rotate (every built-in scene), K is constant and the spring conserves energy.
//
// Where? A spring whose axis turns during a step (an item orbiting an anchor, an attach point on
// a spinning item) needs its geometry — axis, lever arms, effective mass — at the step's
// midpoint for the trapezoidal rule to stay second order; taken at the start, as Box2D does,
// angular momentum drifts by about 0.1 %/s at h = 1/960 s. The midpoint, x + (h/2)·(v₀ + v₁)/2,
// depends on the velocity being solved for, so it is predicted with v₁ − v₀ extrapolated
// linearly from the previous two steps' changes. That is off by O(h⁴), which keeps a flicked
// item's orbit on the reference to 0.06 % of its displacement over 5 s at 10 Hz, ζ 2 (taking
// v₁ − v₀ from the previous step alone, off by O(h³), gave 1.8 %). The spring is then linearised
// around that point: C(x_θ) ≈ C(x̃) + J(x̃)·(x_θ − x̃), which is the relation below with C
// replaced by C(x̃) − J(x̃)·(x̃ − x₀). Stiff springs blended towards implicit Euler keep Box2D's
// start-of-step geometry, as does the uikit integrator.
//
// Prewarping. The trapezoidal rule turns an undamped spring by 2·atan(ω·h/2) per step instead of
// ω·h, lengthening its period by about (ωh)²/12. That error accumulates where damping does not
// act, as in the orbit of an item flicked across a zero-length spring, so the spring's stiffness
// uses ω' = (2/h)·tan(ω·h/2), which turns it by exactly ω·h (the damper keeps ω). At f = 10 Hz,
// h = 1/960 s, ω' is ω·(1 + 3.6·10⁻⁴).
//
// For a zero-length attachment the spring pulls along the axis by k·|d|, which is −k·d: linear,
// isotropic and smooth through the anchor; only the damper needs the axis, and where the attach
// points meet it takes the direction of the relative velocity (the axis's limit along any path
// through the anchor). The relation then holds with a matrix in place of a: θ·h²·ω'²·I +
// 2·h·ζ·ω·n·nᵀ.
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
    /// The two parts of `damping`: θ·h²·ω² from the spring taken at the θ-point, which acts along
    /// every direction the spring does, and 2·h·ζ·ω from the damper, which acts along the axis.
    var implicitStiffness: Double
    var viscosity: Double

    init(hertz: Double, dampingRatio zeta: Double, step h: Double, schemeTheta: Double) {
        let theta = springTheta(hertz: hertz, step: h, schemeTheta: schemeTheta)
        let omega = 2 * Double.pi * hertz
        // Under the trapezoidal rule the spring's stiffness is prewarped (see above), so that an
        // undamped spring turns by exactly ω·h per step.
        let spring = theta == 0.5 ? 2 / h * tan(omega * h / 2) : omega
        stiffness = h * spring * spring
        implicitStiffness = theta * h * h * spring * spring
        viscosity = 2 * h * zeta * omega
        damping = implicitStiffness + viscosity
        startWeight = 1 - theta
        endWeight = theta
    }

    /// The step these coefficients were computed for (see `update`); 0 before the first.
    private var computedStep: Double = 0

    /// Computes the coefficients for `stiffness` at step `h` the first time, and again only if
    /// the step changes: a joint's stiffness and the world's scheme are fixed until the world is
    /// rebuilt, and the prewarped stiffness costs a tangent.
    @inline(__always)
    mutating func update(_ stiffness: JointStiffness, step h: Double, schemeTheta: Double) {
        guard computedStep != h else { return }
        self = SpringCoefficients(hertz: stiffness.hertz, dampingRatio: stiffness.dampingRatio, step: h,
                                  schemeTheta: schemeTheta)
        computedStep = h
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

    /// (I + θ·S·(α·I + β·n·nᵀ)·K)⁻¹ for a zero-length spring whose damper acts along the unit axis
    /// `n` only (α = θ·h²·ω², β = 2·h·ζ·ω), with scalar spring mass S: computed once per step.
    func axialResponse(axis n: Vec2, springMass: Double, inverseMass k: Sym22) -> Mat22 {
        if k.xy == 0 && k.xx == k.yy {
            // K = κ·I (no lever arm) and S = 1/κ: the matrix is a·I + b·n·nᵀ, whose inverse is
            // (I − b/(a + b)·n·nᵀ)/a.
            let a = 1 + endWeight * implicitStiffness, b = endWeight * viscosity
            let c = b / (a + b)
            return Mat22(xx: (1 - c * n.x * n.x) / a, xy: -c * n.x * n.y / a, yx: -c * n.x * n.y / a,
                         yy: (1 - c * n.y * n.y) / a)
        }
        let scale = endWeight * springMass
        let alpha = implicitStiffness, beta = viscosity
        let kn = k * n
        return Mat22(xx: 1 + scale * (alpha * k.xx + beta * n.x * kn.x),
                     xy: scale * (alpha * k.xy + beta * n.x * kn.y),
                     yx: scale * (alpha * k.xy + beta * n.y * kn.x),
                     yy: 1 + scale * (alpha * k.yy + beta * n.y * kn.y)).inverse
    }

    /// The increment for that spring: stiffness on the whole separation `c`, damping along `n`.
    @inline(__always)
    func axialIncrement(c: Vec2, v0: Vec2, v: Vec2, axis n: Vec2, springMass: Double, response: Mat22,
                        impulse: Vec2) -> Vec2 {
        let average = startWeight * v0 + endWeight * v
        let rhs = stiffness * c + implicitStiffness * average + (viscosity * dot(n, average)) * n
        return -(response * (springMass * rhs + impulse))
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
