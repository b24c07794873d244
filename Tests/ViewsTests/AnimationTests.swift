import Vocabulary
import Foundation
import Testing
@testable import Views

/// `UIView.animate` against independent solutions: the Bézier curves solved by bisection, the
/// spring integrated with fourth-order Runge–Kutta; and the main queue on simulated time.
@MainActor @Suite struct AnimationTests {
    @Test func linearCurveMovesInProportion() {
        let (window, view) = makeWindowWithView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center = CGPoint(x: 150, y: 50) })
        #expect(view.center == CGPoint(x: 150, y: 50))      // the model value changes at once
        for t in [0.0, 0.25, 0.5, 0.999] {
            window.advance(to: t)
            #expect(abs(view.presentation(at: t).center.x - (50 + 100 * t)) < 1e-9)
        }
    }

    @Test(arguments: [
        (UIView.AnimationOptions.curveEaseInOut, (0.42, 0.0, 0.58, 1.0)),
        (.curveEaseIn, (0.42, 0.0, 1.0, 1.0)),
        (.curveEaseOut, (0.0, 0.0, 0.58, 1.0)),
    ])
    func bezierCurvesMatchTheirDefinition(options: UIView.AnimationOptions, points: (Double, Double, Double, Double)) {
        let (_, view) = makeWindowWithView()
        UIView.animate(withDuration: 0.8, delay: 0, options: options, animations: { view.center = CGPoint(x: 350, y: 50) })
        for step in 1..<40 {
            let t = Double(step) * 0.02
            let expected = 50 + 300 * bezierProgress(points, at: t / 0.8)
            #expect(abs(view.presentation(at: t).center.x - expected) < 1e-6)
        }
    }

    @Test(arguments: [(0.5, 0.0), (1.0, 2.0), (2.0, -1.0), (0.15, 0.5)])
    func springMatchesTheIntegratedOscillator(damping: Double, velocity: Double) {
        let (_, view) = makeWindowWithView()
        let duration = 0.9
        UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: velocity,
                       options: [], animations: { view.center = CGPoint(x: 250, y: 50) })
        // x″ + 2ζωx′ + ω²x = 0 with ω chosen so the slowest decay reaches 1e-3 at `duration`.
        let slowest = damping <= 1 ? damping : damping - (damping * damping - 1).squareRoot()
        let omega = log(1000.0) / duration / slowest
        var state = (x: 1.0, v: -velocity)
        let h = 1e-5
        var t = 0.0
        for sample in 1...8 {
            let target = Double(sample) * 0.1
            while t < target - h / 2 {
                state = rungeKutta(state, h: h, zeta: damping, omega: omega)
                t += h
            }
            let expected = 250 - 200 * state.x
            #expect(abs(view.presentation(at: target).center.x - expected) < 1e-6)
        }
        #expect(view.presentation(at: duration).center.x == 250)
    }

    @Test func delayHoldsTheOldValueAndCompletionRunsAtTheEnd() {
        let (window, view) = makeWindowWithView()
        window.advance(to: 1)
        var finishedAt: Double?
        UIView.animate(withDuration: 0.5, delay: 0.25, options: .curveLinear, animations: { view.alpha = 0 }) { finished in
            #expect(finished)
            finishedAt = window.currentTime
        }
        #expect(view.presentation(at: 1.2).alpha == 1)
        #expect(abs(view.presentation(at: 1.5).alpha - 0.5) < 1e-12)
        window.advance(to: 1.7499)
        #expect(finishedAt == nil)
        window.advance(to: 2)
        #expect(finishedAt == 1.75)
        #expect(view.animations.isEmpty)
    }

    @Test func aSecondAlphaAnimationReplacesTheFirst() {
        let (window, view) = makeWindowWithView()
        view.alpha = 0
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
        window.advance(to: 0.5)
        // Mid-way, the view is set transparent again and fades in anew: one fade, from 0.
        view.alpha = 0
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
        #expect(view.presentation(at: 0.5).alpha == 0)
        #expect(abs(view.presentation(at: 0.75).alpha - 0.25) < 1e-12)
        #expect(view.presentation(at: 1.5).alpha == 1)
    }

    @Test func aSecondAnimationBlendsIntoTheFirst() {
        let (window, view) = makeWindowWithView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 })
        window.advance(to: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 250 })
        #expect(abs(view.presentation(at: 0.5).center.x - 100) < 1e-9)     // no jump
        // The first has finished adding; the second is half way: 250 + (150 − 250)·0.5.
        #expect(abs(view.presentation(at: 1.0).center.x - 200) < 1e-9)
    }

    @Test func transformAnimatesItsRotationNotItsMatrix() {
        let (_, view) = makeWindowWithView()
        UIView.animate(withDuration: 1) { view.transform = CGAffineTransform(rotationAngle: .pi / 2) }
        let halfway = view.presentation(at: 0.5).transform
        #expect(abs(atan2(halfway.b, halfway.a) - .pi / 4) < 1e-12)
        #expect(abs((halfway.a * halfway.a + halfway.b * halfway.b).squareRoot() - 1) < 1e-12)
    }

    @Test func backgroundColorAnimatesFromClear() {
        let (_, view) = makeWindowWithView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.backgroundColor = .red })
        let color = view.presentation(at: 0.5).backgroundColor
        #expect(color?.red == 0.5 && color?.alpha == 0.5)
    }

    @Test func aBlockThatAnimatesNothingCompletesOnTheNextTurn() {
        let (window, view) = makeWindowWithView()
        var done = false
        UIView.animate(withDuration: 2, animations: { view.center = view.center }, completion: { _ in done = true })
        #expect(!done)
        window.advance(to: 0)
        #expect(done)
    }

    @Test func mainQueueRunsAtSimulatedDeadlinesInOrder() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var log: [(String, Double)] = []
        SimulatedQueue.main.asyncAfter(deadline: .now() + 0.5) {
            log.append(("a", window.currentTime))
            SimulatedQueue.main.asyncAfter(deadline: .now() + 0.25) { log.append(("c", window.currentTime)) }
        }
        SimulatedQueue.main.asyncAfter(deadline: .now() + 0.5) { log.append(("b", window.currentTime)) }
        window.advance(to: 0.4999)
        #expect(log.isEmpty)
        window.advance(to: 1)
        #expect(log.map(\.0) == ["a", "b", "c"])
        #expect(log.map(\.1) == [0.5, 0.5, 0.75])
    }

    // MARK: Fixtures

    /// y at the s where x(s) = t, by bisection on the cubic's x.
    private func bezierProgress(_ p: (Double, Double, Double, Double), at t: Double) -> Double {
        func cubic(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if cubic(mid, p.0, p.2) < t { low = mid } else { high = mid }
        }
        return cubic((low + high) / 2, p.1, p.3)
    }

    private func rungeKutta(_ s: (x: Double, v: Double), h: Double, zeta: Double, omega: Double) -> (x: Double, v: Double) {
        func a(_ x: Double, _ v: Double) -> Double { -2 * zeta * omega * v - omega * omega * x }
        let k1 = (s.v, a(s.x, s.v))
        let k2 = (s.v + h / 2 * k1.1, a(s.x + h / 2 * k1.0, s.v + h / 2 * k1.1))
        let k3 = (s.v + h / 2 * k2.1, a(s.x + h / 2 * k2.0, s.v + h / 2 * k2.1))
        let k4 = (s.v + h * k3.1, a(s.x + h * k3.0, s.v + h * k3.1))
        return (s.x + h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0), s.v + h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1))
    }
}
