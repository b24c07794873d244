import Vocabulary
import Foundation
import Testing
@testable import Views

/// Every spring form a designer tunes on iOS, against the closed form of the damped oscillator
/// written out here: `UIView.animate(springDuration:bounce:)`, `UISpringTimingParameters` (damping
/// ratio, mass–stiffness–damping, duration–bounce) in a property animator, and `CASpringAnimation`.
@MainActor @Suite struct SpringFormsTests {
    /// The remaining fraction of a spring released from 1 with velocity −v₀ (v₀ in fractions of
    /// the change per second, towards the end).
    private func remaining(zeta: Double, omega: Double, velocity v: Double, at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - v) / wd * sin(wd * t))
        }
        if zeta == 1 { return exp(-omega * t) * (1 + (omega - v) * t) }
        let r1 = -omega * (zeta - (zeta * zeta - 1).squareRoot()), r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
        let a = (-v - r2) / (r1 - r2)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    @Test(arguments: [(0.5, 0.0, 0.0), (0.4, 0.3, 0.0), (0.8, -0.5, 0.0), (0.6, 0.5, 2.0)])
    func springDurationAndBounceMatchTheClosedForm(duration: Double, bounce: Double, velocity: Double) {
        let (window, view) = makeWindowWithView()
        var completedAt: TimeInterval?
        UIView.animate(springDuration: duration, bounce: CGFloat(bounce), initialSpringVelocity: CGFloat(velocity),
                       animations: { view.center = CGPoint(x: 250, y: 50) },
                       completion: { _ in completedAt = window.clock.currentTime })
        // WWDC23: stiffness (2π/duration)², damping ratio 1 − bounce (1/(1 + bounce) below 0).
        let omega = 2 * Double.pi / duration, zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        for step in 1...12 {
            let t = Double(step) * duration / 10
            let expected = 250 - 200 * remaining(zeta: zeta, omega: omega, velocity: velocity, at: t)
            if let done = completedAt, t >= done { break }
            #expect(abs(view.presentation(at: t).center.x - expected) < 1e-6)
        }
        window.advance(to: 10)
        let settle = SpringTiming(perceptualDuration: duration, bounce: bounce, initialVelocity: velocity).settlingDuration
        #expect(completedAt.map { abs($0 - settle) < 1e-9 } == true)
        // Settled: within 0.1 % of the change from then on, and not before.
        #expect(abs(remaining(zeta: zeta, omega: omega, velocity: velocity, at: settle)) <= 0.001 + 1e-9)
        #expect((1...50).allSatisfy { abs(remaining(zeta: zeta, omega: omega, velocity: velocity, at: settle + Double($0) * 0.01)) <= 0.001 })
        #expect(abs(remaining(zeta: zeta, omega: omega, velocity: velocity, at: settle - 1e-6)) > 0.001 - 1e-6)
    }

    @Test func physicalSpringParametersIgnoreTheAnimatorsDuration() {
        let (window, view) = makeWindowWithView()
        let parameters = UISpringTimingParameters(mass: 2, stiffness: 300, damping: 10, initialVelocity: CGVector(dx: 1, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 99, timingParameters: parameters)
        animator.addAnimations { view.center = CGPoint(x: 250, y: 50) }
        var finished: UIViewAnimatingPosition?
        animator.addCompletion { finished = $0 }
        animator.startAnimation()
        let omega = (300.0 / 2).squareRoot(), zeta = 10 / (2 * (300.0 * 2).squareRoot())
        for t in [0.05, 0.1, 0.25, 0.5, 0.9] {
            let expected = 250 - 200 * remaining(zeta: zeta, omega: omega, velocity: 1, at: t)
            #expect(abs(view.presentation(at: t).center.x - expected) < 1e-6)
        }
        let settle = SpringTiming(mass: 2, stiffness: 300, damping: 10, initialVelocity: 1).settlingDuration
        window.advance(to: settle - 0.01)
        #expect(finished == nil && animator.state == .active)
        window.advance(to: settle + 0.01)
        #expect(finished == .end && animator.state == .inactive && view.presentation(at: settle + 0.01).center.x == 250)
    }

    @Test func durationAndBounceParametersRunUntilTheSpringSettles() {
        let (window, view) = makeWindowWithView()
        let parameters = UISpringTimingParameters(duration: 0.4, bounce: 0.2, initialVelocity: CGVector(dx: 0.5, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 3, timingParameters: parameters)
        animator.addAnimations { view.center = CGPoint(x: 250, y: 50) }
        animator.startAnimation()
        let omega = 2 * Double.pi / 0.4, zeta = 0.8
        for t in [0.05, 0.15, 0.3, 0.45] {
            #expect(abs(view.presentation(at: t).center.x - (250 - 200 * remaining(zeta: zeta, omega: omega, velocity: 0.5, at: t))) < 1e-6)
        }
        let settle = SpringTiming(perceptualDuration: 0.4, bounce: 0.2, initialVelocity: 0.5).settlingDuration
        #expect(settle < 3)     // the animator's 3 s are ignored
        window.advance(to: settle + 0.01)
        #expect(animator.state == .inactive)
    }

    @Test func dampingRatioParametersUseTheAnimatorsDuration() {
        let (window, view) = makeWindowWithView()
        let animator = UIViewPropertyAnimator(duration: 0.8, dampingRatio: 0.5) { view.center = CGPoint(x: 250, y: 50) }
        animator.startAnimation()
        // As `animate(withDuration:…usingSpringWithDamping:)`: ω from ζω·T = ln 1000.
        let omega = log(1000.0) / 0.8 / 0.5
        for t in [0.1, 0.3, 0.6] {
            #expect(abs(view.presentation(at: t).center.x - (250 - 200 * remaining(zeta: 0.5, omega: omega, velocity: 0, at: t))) < 1e-6)
        }
        window.advance(to: 0.81)
        #expect(animator.state == .inactive)
    }

    @Test func caSpringAnimationRunsInItsOwnTimeAndIsCutAtItsDuration() {
        let (window, view) = makeWindowWithView()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 50
        spring.toValue = 250
        spring.mass = 1
        spring.stiffness = 200
        spring.damping = 8
        spring.initialVelocity = -1
        spring.duration = 0.7
        view.layer.add(spring, forKey: "slide")
        let omega = 200.0.squareRoot(), zeta = 8 / (2 * 200.0.squareRoot())
        for t in [0.05, 0.2, 0.4, 0.69] {
            let expected = 250 - 200 * remaining(zeta: zeta, omega: omega, velocity: -1, at: t)
            #expect(abs(view.layer.shownPosition(at: t).x - expected) < 1e-6)
        }
        // Cut off at `duration` and removed: the model value (50) shows again.
        window.advance(to: 0.71)
        #expect(view.layer.animationKeys() == nil && view.layer.shownPosition(at: 0.71).x == 50)
        #expect(abs(spring.settlingDuration - SpringTiming(mass: 1, stiffness: 200, damping: 8, initialVelocity: -1).settlingDuration) < 1e-12)
        let perceptual = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.25)
        #expect(abs(perceptual.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9 && abs(perceptual.bounce - 0.25) < 1e-12)
        #expect(abs(perceptual.perceptualDuration - 0.5) < 1e-12 && perceptual.duration == perceptual.settlingDuration)
    }
}

/// A property animator started, paused, scrubbed, reversed, continued, stopped and finished.
@MainActor @Suite struct PropertyAnimatorTests {
    @Test func scrubbingIsLinearAndResumingGoesOnWithoutAJump() {
        let (window, view) = makeWindowWithView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center = CGPoint(x: 250, y: 50) }
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning && view.center.x == 250)
        animator.fractionComplete = 0.3
        #expect(abs(view.presentation(at: 0).center.x - (50 + 200 * 0.3)) < 1e-9)      // linear scrub
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.3
        let curve = CubicTiming((0.42, 0, 0.58, 1))
        #expect(abs(view.presentation(at: 0).center.x - (50 + 200 * curve.value(at: 0.3))) < 1e-9)
        animator.scrubsLinearly = true
        animator.fractionComplete = 0.3
        var position: UIViewAnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        // The rest of the curve (0.3…1 of its time, 0.7 s) from where the scrub left the view.
        let ca = curve.value(at: 0.3)
        for dt in [0.0, 0.2, 0.5, 0.69] {
            let c = (curve.value(at: 0.3 + dt) - ca) / (1 - ca)
            #expect(abs(view.presentation(at: dt).center.x - (110 + 140 * c)) < 1e-9)
            #expect(abs(Double(animator.fractionComplete) - 0.3) < 1e-12 || dt > 0)
        }
        window.advance(to: 0.35)
        #expect(abs(Double(animator.fractionComplete) - 0.65) < 1e-9)
        window.advance(to: 0.71)
        #expect(position == .end && view.presentation(at: 0.71).center.x == 250)
    }

    @Test func reversingRunsBackAndEndsAtTheStart() {
        let (window, view) = makeWindowWithView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 250, y: 50) }
        var position: UIViewAnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        window.advance(to: 0.4)
        #expect(abs(view.presentation(at: 0.4).center.x - 130) < 1e-9)
        animator.isReversed = true
        window.advance(to: 0.6)
        #expect(abs(view.presentation(at: 0.6).center.x - 90) < 1e-9)     // back 0.2 s of 1 s
        window.advance(to: 0.81)
        #expect(position == .start && view.center.x == 50 && view.presentation(at: 0.81).center.x == 50)
    }

    @Test func stoppingKeepsWhatIsShownAndFinishingChoosesThePosition() {
        let (window, view) = makeWindowWithView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 250, y: 50) }
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        window.advance(to: 0.25)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && abs(view.center.x - 100) < 1e-9 && view.presentation(at: 0.5).center.x == view.center.x)
        animator.finishAnimation(at: .start)
        #expect(view.center.x == 50 && positions == [.start] && animator.state == .inactive)

        let again = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 150, y: 50) }
        again.startAnimation()
        window.advance(to: 0.75)
        again.stopAnimation(true)
        #expect(again.state == .inactive && abs(view.center.x - 100) < 1e-9)       // halfway from 50 to 150
    }

    @Test func continuingWithNewTimingRunsTheRestOverTheNewDuration() {
        let (window, view) = makeWindowWithView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 250, y: 50) }
        animator.startAnimation()
        window.advance(to: 0.5)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
        // The other 100 pt over 2 s.
        window.advance(to: 1.5)
        #expect(abs(view.presentation(at: 1.5).center.x - 200) < 1e-9)
        window.advance(to: 2.51)
        #expect(animator.state == .inactive)
    }

    @Test func runningPropertyAnimatorStartsAfterItsDelay() {
        let (window, view) = makeWindowWithView()
        var done = false
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.25, options: .curveLinear,
                                                                      animations: { view.alpha = 0 }, completion: { _ in done = true })
        #expect(animator.isRunning)
        window.advance(to: 0.25)
        #expect(view.presentation(at: 0.25).alpha == 1)
        window.advance(to: 0.5)
        #expect(abs(view.presentation(at: 0.5).alpha - 0.5) < 1e-9)
        window.advance(to: 0.76)
        #expect(done)
    }
}

/// Core Animation's explicit and implicit animations and the display link, on the clock.
@MainActor @Suite struct LayerAnimationTests {
    final class Recorder: CAAnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ anim: CAAnimation) { events.append("start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
    }

    @Test func basicAnimationTimingRepeatsAutoreversesAndFills() {
        let (window, view) = makeWindowWithView()
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.5
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = 2
        let delegate = Recorder()
        pulse.delegate = delegate
        view.layer.add(pulse, forKey: "pulse")
        func scale(_ t: Double) -> Double { Double(view.layer.shown(.transform, view.layer.transform, at: t).m11) }
        #expect(abs(scale(0.25) - 1.25) < 1e-12 && abs(scale(0.5) - 1.5) < 1e-12 && abs(scale(0.75) - 1.25) < 1e-12)
        #expect(abs(scale(1.25) - 1.25) < 1e-12)        // the second repeat
        window.advance(to: 2.01)
        #expect(delegate.events == ["start", "stop true"] && scale(2.01) == 1 && view.layer.animationKeys() == nil)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.2
        fade.duration = 0.2
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        fade.timingFunction = CAMediaTimingFunction(name: .easeIn)
        view.layer.add(fade, forKey: nil)
        let begin = window.clock.currentTime
        let eased = CubicTiming((0.42, 0, 1, 1)).value(at: 0.5)
        #expect(abs(Double(view.layer.shown(.opacity, 1, at: begin + 0.1)) - (1 - 0.8 * eased)) < 1e-6)   // 0.2 as a Float
        window.advance(to: begin + 1)
        #expect(abs(Double(view.layer.shown(.opacity, 1, at: begin + 1)) - 0.2) < 1e-6 && view.layer.animationKeys()?.count == 1)
    }

    @Test func keyframesGroupsAndStrokeEndDrawWhatTheyShow() {
        let (window, view) = makeWindowWithView()
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 10, -10, 0]
        shake.keyTimes = [0, 0.25, 0.75, 1]
        shake.duration = 0.4
        shake.isAdditive = true
        view.layer.add(shake, forKey: "shake")
        #expect(abs(view.layer.shownPosition(at: 0.1).x - 60) < 1e-9)          // 50 + 10 at a quarter
        #expect(abs(view.layer.shownPosition(at: 0.2).x - 50) < 1e-9)          // halfway from 10 to −10
        #expect(abs(view.layer.shownPosition(at: 0.3).x - 40) < 1e-9)

        let ring = CAShapeLayer()
        ring.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)).cgPath
        view.layer.addSublayer(ring)
        let group = CAAnimationGroup()
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        let widen = CABasicAnimation(keyPath: "lineWidth")
        widen.fromValue = 1
        widen.toValue = 5
        widen.beginTime = 0.5
        widen.duration = 0.5
        group.animations = [draw, widen]
        group.duration = 1
        draw.duration = 1
        ring.add(group, forKey: "draw")
        let begin = window.clock.currentTime
        #expect(abs(ring.shown(.strokeEnd, ring.strokeEnd, at: begin + 0.25) - 0.25) < 1e-12)
        #expect(ring.shown(.lineWidth, ring.lineWidth, at: begin + 0.25) == 1)
        #expect(abs(ring.shown(.lineWidth, ring.lineWidth, at: begin + 0.75) - 3) < 1e-12)
        #expect(ring.presentation()?.strokeEnd == 0 || begin == window.clock.currentTime)
    }

    @Test func aStandAloneLayerAnimatesImplicitlyOnceShown() {
        let (window, view) = makeWindowWithView()
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        view.layer.addSublayer(dot)
        dot.position = CGPoint(x: 50, y: 50)                // not shown yet: no animation
        #expect(dot.animationKeys() == nil)
        _ = window.snapshot(at: 0)
        var completed = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setCompletionBlock { completed = true }
        dot.position = CGPoint(x: 150, y: 50)
        CATransaction.commit()
        #expect(abs(dot.shownPosition(at: 0.25).x - 100) < 1e-9 && dot.position.x == 150)
        #expect(abs((dot.presentation()?.position.x ?? 0) - 50) < 1e-9)
        window.advance(to: 0.49)
        #expect(!completed)
        window.advance(to: 0.5)
        #expect(completed && dot.animationKeys() == nil)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        dot.opacity = 0
        CATransaction.commit()
        #expect(dot.animationKeys() == nil)
    }

    @Test func displayLinkFiresOnTheSimulatedFrames() {
        let (window, _) = makeWindowWithView()
        @MainActor final class Counter {
            var stamps: [CFTimeInterval] = []
            func step(_ link: CADisplayLink) { stamps.append(link.timestamp) }
        }
        let counter = Counter()
        let link = CADisplayLink(target: counter, selector: Counter.step)
        link.add(to: .main, forMode: .common)
        window.advance(to: 0.1)
        #expect(counter.stamps.count == 6 && abs(counter.stamps[0] - 1.0 / 60) < 1e-12 && abs(link.duration - 1.0 / 60) < 1e-12)
        link.preferredFramesPerSecond = 120
        window.advance(to: 0.2)
        #expect(counter.stamps.count == 18)
        link.invalidate()
        window.advance(to: 0.3)
        #expect(counter.stamps.count == 18)
    }
}
