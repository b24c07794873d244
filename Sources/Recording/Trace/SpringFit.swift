import Foundation

/// The damped spring that best explains a motion: its damping ratio and frequency, and the same
/// spring in Apple's terms (duration and bounce), with how far the motion strays from it.
///
/// The model is one damped harmonic oscillator per axis, sharing ζ and ω:
/// p(t) = r + e^(−ζωt)·(a·c(t) + b·s(t)), where c and s are cos(ω_d t) and sin(ω_d t)/ω_d below
/// critical damping (ω_d = ω√(1−ζ²)), 1 and t at it, and cosh(λt) and sinh(λt)/λ above it
/// (λ = ω√(ζ²−1)): a basis that is continuous in ζ, so the search crosses ζ = 1 smoothly. For
/// each (ζ, ω) the rest point r and the amplitudes a, b of each axis are the linear least-squares
/// solution (variable projection); ζ and ω are found by a coarse logarithmic grid, then a pattern
/// search that halves its steps. Any start (position and velocity at the release) fits, since a
/// and b are free.
///
/// Duration and bounce are Apple's spring parameters (iOS 17 `UIView.animate(springDuration:bounce:)`,
/// `UISpringTimingParameters(duration:bounce:)`, SwiftUI `Spring(duration:bounce:)`). Apple's
/// SwiftUI `Spring` documentation defines `duration` as the perceptual duration that "defines the
/// pace of the spring", and `bounce` as 0 for a critically damped spring, up to 1 for undamped
/// oscillation, negative for overdamped down to −1; its worked example converts
/// `Spring(duration: 0.5, bounce: 0.3)` to mass 1, stiffness 157.9, damping 17.6, and
/// `Spring(mass: 1, stiffness: 100, damping: 10)` to duration 0.63, bounce 0.5
/// (developer.apple.com/documentation/swiftui/spring). Those numbers are
/// stiffness = (2π/duration)² and ζ = 1 − bounce (ζ = 1/(1 + bounce) below 0), which WWDC23
/// "Animate with springs" states: so duration = 2π/ω = 1/f and bounce = 1 − ζ, or 1/ζ − 1 when
/// ζ > 1. (`SpringTiming.init(perceptualDuration:bounce:initialVelocity:)` in Views makes its
/// springs the same way.)
public struct SpringFit: Equatable, Sendable {
    /// ζ: 1 is critical, below it the motion overshoots.
    public var dampingRatio: Double
    /// The undamped natural frequency f = ω/2π, in hertz (UIKit Dynamics' `frequency`).
    public var frequency: Double
    /// The root-mean-square distance between the motion and the fitted spring, in points.
    public var residual: Double
    /// The distance the motion covers (its farthest point from where it ends), in points: the
    /// scale `residual` is small against.
    public var span: Double

    /// Apple's perceptual duration, seconds: 2π/ω.
    public var duration: Double { 1 / frequency }
    /// Apple's bounce: 1 − ζ, or 1/ζ − 1 for an overdamped spring (from 0 down to −1).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// The residual as a fraction of the span: below about 0.01 the motion is a spring.
    public var relativeResidual: Double { span > 0 ? residual / span : 0 }

    /// ζ is searched within 0.01…4, f within 0.05…60 Hz and below a quarter of the sampling rate.
    static let dampingRange = 0.01...4.0
    static let frequencyRange = 0.05...60.0

    /// Fits `positions` at `times` (seconds; the first is the moment the spring takes over). Nil
    /// when there are fewer than eight samples or the motion covers less than `minimumSpan`
    /// points: there is no spring to see.
    public init?(times: [Double], positions: [CGPoint], minimumSpan: Double = 1) {
        guard times.count == positions.count, times.count >= 8, let start = times.first else { return nil }
        let t = times.map { $0 - start }
        let xs = positions.map { Double($0.x) }, ys = positions.map { Double($0.y) }
        let last = (xs[xs.count - 1], ys[ys.count - 1])
        let moved = zip(xs, ys).map { hypot($0 - last.0, $1 - last.1) }.max() ?? 0
        guard moved >= minimumSpan else { return nil }
        let problem = Problem(t: t, x: xs, y: ys)
        // Above a quarter of the sampling rate an oscillation aliases: sampled at 60 Hz, a 60 Hz
        // spring looks like a plain exponential, and would "fit" any critically damped motion.
        let steps = zip(t.dropFirst(), t).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return nil }
        let frequencies = Self.frequencyRange.lowerBound...min(Self.frequencyRange.upperBound, 0.25 / steps[steps.count / 2])
        // Coarse grid, logarithmic in both.
        var best = (zeta: 1.0, frequency: 1.0, cost: Double.infinity)
        let zetaSteps = 40, frequencySteps = 48
        for i in 0...zetaSteps {
            let zeta = Self.logInterpolate(Self.dampingRange, Double(i) / Double(zetaSteps))
            for j in 0...frequencySteps {
                let frequency = Self.logInterpolate(frequencies, Double(j) / Double(frequencySteps))
                let cost = problem.cost(zeta: zeta, omega: 2 * .pi * frequency)
                if cost < best.cost { best = (zeta, frequency, cost) }
            }
        }
        // Pattern search in log ζ and log f, halving the step when no neighbour improves.
        var (logZeta, logFrequency) = (log(best.zeta), log(best.frequency))
        var step = log(Self.dampingRange.upperBound / Self.dampingRange.lowerBound) / Double(zetaSteps)
        var cost = best.cost
        var moves = 0
        while step > 1e-7, moves < 10_000 {
            moves += 1
            var improved = false
            for (dz, df) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
                let z = exp(logZeta + dz * step), f = exp(logFrequency + df * step)
                guard Self.dampingRange.contains(z), frequencies.contains(f) else { continue }
                let trial = problem.cost(zeta: z, omega: 2 * .pi * f)
                if trial < cost {
                    (cost, logZeta, logFrequency, improved) = (trial, log(z), log(f), true)
                    break
                }
            }
            if !improved { step /= 2 }
        }
        dampingRatio = exp(logZeta)
        frequency = exp(logFrequency)
        residual = (cost / Double(t.count)).squareRoot()
        span = moved
    }

    static func logInterpolate(_ range: ClosedRange<Double>, _ fraction: Double) -> Double {
        exp(log(range.lowerBound) + fraction * (log(range.upperBound) - log(range.lowerBound)))
    }

    /// The samples, and the squared residual of the best linear part for a given ζ and ω.
    private struct Problem {
        var t: [Double]
        var x: [Double]
        var y: [Double]

        /// Σ residual² over both axes when r, a and b take their least-squares values.
        func cost(zeta: Double, omega: Double) -> Double {
            // The normal equations' matrix is shared by both axes: basis (1, e·c, e·s).
            var m = [[Double]](repeating: [0, 0, 0], count: 3)
            var bx = [0.0, 0, 0], by = [0.0, 0, 0]
            for k in t.indices {
                let (b0, b1, b2) = Self.basis(t[k], zeta: zeta, omega: omega)
                let row = [b0, b1, b2]
                for i in 0..<3 {
                    for j in 0..<3 { m[i][j] += row[i] * row[j] }
                    bx[i] += row[i] * x[k]
                    by[i] += row[i] * y[k]
                }
            }
            guard let cx = Self.solve(m, bx), let cy = Self.solve(m, by) else { return .infinity }
            var sum = 0.0
            for k in t.indices {
                let (b0, b1, b2) = Self.basis(t[k], zeta: zeta, omega: omega)
                let ex = x[k] - (cx[0] * b0 + cx[1] * b1 + cx[2] * b2)
                let ey = y[k] - (cy[0] * b0 + cy[1] * b1 + cy[2] * b2)
                sum += ex * ex + ey * ey
            }
            return sum
        }

        static func basis(_ t: Double, zeta: Double, omega: Double) -> (Double, Double, Double) {
            let d = 1 - zeta * zeta
            if abs(d) < 1e-9 {
                let envelope = exp(-zeta * omega * t)
                return (1, envelope, envelope * t)
            }
            if d > 0 {
                let envelope = exp(-zeta * omega * t)
                let wd = omega * d.squareRoot()
                return (1, envelope * cos(wd * t), envelope * sin(wd * t) / wd)
            }
            let lambda = omega * (-d).squareRoot()
            // cosh and sinh times the envelope, as exponentials that cannot overflow.
            let slow = exp((lambda - zeta * omega) * t), fast = exp(-(lambda + zeta * omega) * t)
            return (1, (slow + fast) / 2, (slow - fast) / (2 * lambda))
        }

        /// Solves the 3×3 system by Gaussian elimination with partial pivoting; nil when singular.
        static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
            var a = matrix, b = rhs
            let scale = a.flatMap { $0 }.map(abs).max() ?? 0
            guard scale > 0 else { return nil }
            for column in 0..<3 {
                guard let pivot = (column..<3).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                      abs(a[pivot][column]) > scale * 1e-14 else { return nil }
                a.swapAt(column, pivot)
                b.swapAt(column, pivot)
                for row in (column + 1)..<3 {
                    let factor = a[row][column] / a[column][column]
                    for k in column..<3 { a[row][k] -= factor * a[column][k] }
                    b[row] -= factor * b[column]
                }
            }
            var solution = [0.0, 0, 0]
            for row in stride(from: 2, through: 0, by: -1) {
                var sum = b[row]
                for k in (row + 1)..<3 { sum -= a[row][k] * solution[k] }
                solution[row] = sum / a[row][row]
            }
            return solution
        }
    }
}
