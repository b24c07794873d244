import Foundation
import Springframes
import Testing
import Vocabulary

/// Random layer trees, masks, Core Animation animations (random key paths, values, durations
/// including NaN, infinity and negative ones, groups, springs, keyframes) and property animators
/// with random parameters, recorded and traced: every case ends without a trap, and every traced
/// number is finite.
///
/// A fixed number of cases from a fixed seed, whatever the machine's speed (no wall-clock budget).
/// `SPRINGFRAMES_FUZZ_SEED` tries other cases and `SPRINGFRAMES_FUZZ_CASES` tries more.
@MainActor @Suite struct CoreAnimationFuzzTests {
    nonisolated static let seed = ProcessInfo.processInfo.environment["SPRINGFRAMES_FUZZ_SEED"].flatMap(UInt64.init) ?? 20261128
    nonisolated static let cases = ProcessInfo.processInfo.environment["SPRINGFRAMES_FUZZ_CASES"].flatMap(Int.init) ?? 24

    static let durations: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e-9, 0.05, 0.3, 1, 1e300, -0.0]
    static let numbers: [Double] = [0, 1, -1, 0.5, 2, 100, -100, 1e300, -1e300, 1e-300, 5e9, 3.4e38]
    static let keyPaths = ["position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width", "transform",
                           "transform.scale", "transform.rotation.z", "transform.translation.x", "opacity", "backgroundColor",
                           "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius", "shadowOffset", "zPosition",
                           "anchorPoint", "sublayerTransform", "strokeStart", "strokeEnd", "lineWidth", "lineDashPhase",
                           "fillColor", "strokeColor", "startPoint", "endPoint", "bogus", "", "position.z", "transform.scale.q"]

    private static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T { values[random.below(values.count)] }

    private static func number(_ random: inout SplitMix64) -> Double {
        random.below(3) == 0 ? pick(numbers, &random) : Double(random.below(2000)) / 10 - 50
    }

    /// A value of a random type: what an animation's from, to or by value might be given.
    private static func value(_ random: inout SplitMix64) -> Any? {
        switch random.below(9) {
        case 0: return nil
        case 1: return NSNumber(value: number(&random))
        case 2: return CGFloat(number(&random))
        case 3: return random.below(2) == 0 ? NSValue(point: CGPoint(x: number(&random), y: number(&random))) : CGPoint(x: number(&random), y: number(&random))
        case 4: return NSValue(rect: CGRect(x: number(&random), y: number(&random), width: number(&random), height: number(&random)))
        case 5: return CATransform3DMakeScale(CGFloat(number(&random)), CGFloat(number(&random)), 1)
        case 6: return UIColor(red: random.nextUnit(), green: random.nextUnit(), blue: random.nextUnit(), alpha: random.nextUnit()).cgColor
        case 7: return "not a value"
        default: return NSValue(size: CGSize(width: number(&random), height: number(&random)))
        }
    }

    private static func timing(_ animation: CAAnimation, _ random: inout SplitMix64) {
        animation.duration = pick(durations, &random)
        if random.below(3) == 0 { animation.beginTime = pick(durations, &random) }
        if random.below(4) == 0 { animation.speed = Float(pick([0, -1, 2, .nan, .infinity, 1e30] as [Double], &random)) }
        if random.below(4) == 0 { animation.timeOffset = pick(durations, &random) }
        if random.below(3) == 0 { animation.repeatCount = Float(pick([0, 1.5, 3, .infinity, .nan, -2] as [Double], &random)) }
        if random.below(5) == 0 { animation.repeatDuration = pick(durations, &random) }
        animation.autoreverses = random.below(3) == 0
        animation.fillMode = pick([.removed, .forwards, .backwards, .both], &random)
        animation.isRemovedOnCompletion = random.below(2) == 0
        if random.below(3) == 0 {
            animation.timingFunction = CAMediaTimingFunction(controlPoints: Float(number(&random)), Float(number(&random)),
                                                             Float(number(&random)), Float(number(&random)))
        }
    }

    private static func animation(_ random: inout SplitMix64, depth: Int = 0) -> CAAnimation {
        let keyPath = pick(keyPaths, &random)
        let made: CAAnimation
        switch random.below(depth < 2 ? 5 : 4) {
        case 0:
            let spring = CASpringAnimation(keyPath: keyPath)
            (spring.mass, spring.stiffness, spring.damping, spring.initialVelocity) =
                (CGFloat(number(&random)), CGFloat(number(&random)), CGFloat(number(&random)), CGFloat(number(&random)))
            (spring.fromValue, spring.toValue) = (value(&random), value(&random))
            made = spring
        case 1:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            keyframes.values = (0..<random.below(5)).compactMap { _ in value(&random) }
            if random.below(2) == 0 { keyframes.keyTimes = (0..<random.below(6)).map { _ in NSNumber(value: number(&random)) } }
            keyframes.calculationMode = pick([.linear, .discrete, .paced, .cubic, .cubicPaced], &random)
            if random.below(4) == 0 {
                let path = UIBezierPath()
                path.move(to: CGPoint(x: number(&random), y: number(&random)))
                path.addLine(to: CGPoint(x: number(&random), y: number(&random)))
                keyframes.path = path.cgPath
            }
            made = keyframes
        case 4:
            let group = CAAnimationGroup()
            group.animations = (0..<random.below(4)).map { _ in animation(&random, depth: depth + 1) }
            made = group
        default:
            let basic = CABasicAnimation(keyPath: keyPath)
            (basic.fromValue, basic.toValue, basic.byValue) = (value(&random), value(&random), random.below(3) == 0 ? value(&random) : nil)
            basic.isAdditive = random.below(4) == 0
            basic.isCumulative = random.below(4) == 0
            made = basic
        }
        timing(made, &random)
        return made
    }

    private static func layer(_ random: inout SplitMix64) -> CALayer {
        let layer: CALayer
        switch random.below(3) {
        case 0:
            let shape = CAShapeLayer()
            let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: number(&random), height: number(&random)),
                                    cornerRadius: CGFloat(number(&random)))
            shape.path = path.cgPath
            shape.strokeColor = UIColor.blue.cgColor
            shape.lineWidth = CGFloat(abs(number(&random)).truncatingRemainder(dividingBy: 20))
            if random.below(2) == 0 { shape.lineDashPattern = [NSNumber(value: random.nextUnit() * 4), NSNumber(value: random.nextUnit() * 4)] }
            layer = shape
        case 1:
            let gradient = CAGradientLayer()
            gradient.colors = [UIColor.red.cgColor, UIColor.green.cgColor]
            layer = gradient
        default:
            layer = CALayer()
        }
        layer.frame = CGRect(x: number(&random), y: number(&random), width: abs(number(&random)), height: abs(number(&random)))
        layer.backgroundColor = UIColor(red: random.nextUnit(), green: random.nextUnit(), blue: random.nextUnit(), alpha: random.nextUnit()).cgColor
        if random.below(3) == 0 { layer.cornerRadius = CGFloat(number(&random)) }
        if random.below(4) == 0 { layer.transform = CATransform3DMakeRotation(CGFloat(number(&random)), 0, 0, 1) }
        if random.below(5) == 0 { layer.transform = CATransform3DMakeScale(CGFloat(number(&random)), CGFloat(number(&random)), 1) }
        layer.masksToBounds = random.below(3) == 0
        if random.below(4) == 0 { (layer.shadowOpacity, layer.shadowRadius) = (Float(random.nextUnit()), CGFloat(random.nextUnit() * 10)) }
        return layer
    }

    /// One random window: a tree of views and layers, masks, animations and property animators.
    private static func window(_ random: inout SplitMix64) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        var layers = [window.layer]
        var views = [UIView]()
        for index in 0..<(1 + random.below(8)) {
            if random.below(2) == 0 {
                let view = UIView(frame: CGRect(x: number(&random), y: number(&random), width: abs(number(&random)), height: abs(number(&random))))
                view.accessibilityIdentifier = "view\(index)"
                view.backgroundColor = .red
                (views.last ?? window).addSubview(view)
                views.append(view)
                layers.append(view.layer)
            } else {
                let child = layer(&random)
                pick(layers, &random).addSublayer(child)
                layers.append(child)
            }
        }
        // Masks are fresh layers (with their own sublayers now and then), never one of the tree.
        for target in layers where random.below(4) == 0 {
            let mask = layer(&random)
            if random.below(2) == 0 { mask.addSublayer(layer(&random)) }
            target.mask = mask
        }
        for target in layers.dropFirst() where random.below(2) == 0 {
            for _ in 0..<(1 + random.below(3)) {
                target.add(animation(&random), forKey: random.below(3) == 0 ? nil : "k\(random.below(3))")
            }
        }
        for view in views where random.below(2) == 0 {
            let duration = pick(durations, &random)
            let animator: UIViewPropertyAnimator
            switch random.below(3) {
            case 0: animator = UIViewPropertyAnimator(duration: duration, curve: pick([.easeIn, .easeOut, .easeInOut, .linear], &random))
            case 1: animator = UIViewPropertyAnimator(duration: duration, dampingRatio: CGFloat(pick(numbers + [.nan], &random)))
            default:
                animator = UIViewPropertyAnimator(duration: duration, controlPoint1: CGPoint(x: number(&random), y: number(&random)),
                                                  controlPoint2: CGPoint(x: number(&random), y: number(&random)))
            }
            let (center, alpha, angle) = (CGPoint(x: number(&random), y: number(&random)), CGFloat(random.nextUnit()), CGFloat(number(&random)))
            animator.addAnimations { view.center = center; view.alpha = alpha; view.transform = CGAffineTransform(rotationAngle: angle) }
            if random.below(2) == 0 {
                animator.addAnimations({ view.bounds.size = CGSize(width: 10, height: 20) }, delayFactor: CGFloat(pick(numbers + [.nan], &random)))
            }
            let delay = random.below(2) == 0 ? 0 : pick(durations, &random)
            animator.startAnimation(afterDelay: delay)
            let action = random.below(5)
            switch action {
            case 0:
                animator.pauseAnimation()
                let fraction = CGFloat(pick(numbers + [.nan, 0.3], &random))
                animator.fractionComplete = fraction
            case 1: animator.isReversed = true
            case 2: animator.stopAnimation(random.below(2) == 0)
            case 3:
                animator.pauseAnimation()
                let factor = CGFloat(pick(numbers + [.nan], &random))
                animator.continueAnimation(withTimingParameters: nil, durationFactor: factor)
            default: break
            }
        }
        window.makeKeyAndVisible()
        return window
    }

    @Test func randomLayerTreesAnimationsAndAnimatorsRecordWithFiniteTraces() throws {
        var random = SplitMix64(seed: Self.seed)
        for index in 0..<Self.cases {
            let caseSeed = random.next()
            let recorder = Recorder(name: "fuzz\(index)", fps: 10, duration: 0.5, scale: 1, size: CGSize(width: 60, height: 60)) {
                var random = SplitMix64(seed: caseSeed)
                return Self.window(&random)
            }
            let trace = try recorder.trace()
            let context = "seed \(Self.seed), case \(index) (SPRINGFRAMES_FUZZ_SEED=\(Self.seed) SPRINGFRAMES_FUZZ_CASES=\(index + 1))"
            for row in trace.rows {
                let values = [row.x, row.y, row.width, row.height, row.scaleX, row.scaleY, row.angle, row.alpha, row.time]
                let finite = values.allSatisfy { $0.isFinite }
                #expect(finite, "\(context): \(row.id) frame \(row.frame): \(values)")
            }
            // Frames too: drawing every layer, mask and dash must not trap either.
            _ = try recorder.images(ofFrames: [0, 2, 5])
        }
    }
}
