import Vocabulary
import Foundation

/// `UIView.animate`: property changes made in the block move from the old value to the new one
/// over simulated time, along one of UIKit's curves or a spring.
///
/// Animations are additive, as UIKit's have been since iOS 8: the model value changes at once
/// (reading `view.center` in the block's aftermath gives the new value), and each animation adds
/// the part of its change still to come, `(from − to)·(1 − progress(t))`, to what a frame shows.
/// A second animation of the same property started mid-flight therefore blends into the first
/// without a jump. `transform` animates its decomposition (translation, scale, rotation, shear),
/// so a rotation turns rather than shrinking through the middle. `alpha` and `backgroundColor`
/// are not additive, as in UIKit (their Core Animation animations are keyed by property): a new
/// animation of one replaces the one in flight and runs from the model value before the block,
/// so a reused cell that fades in again from `willDisplay` fades once, not twice.
///
/// Of the options, the curves are honoured; `.repeat` and `.autoreverse` are not (the animation
/// runs once, forwards), and say so in a debug build (`UIKitCompatibility`).
extension UIView {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: AnimationCurve {
            switch (rawValue >> 16) & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }

    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// Core Animation's control points for the curve (`CAMediaTimingFunction`).
        var controlPoints: (Double, Double, Double, Double) {
            switch self {
            case .easeInOut: return (0.42, 0, 0.58, 1)
            case .easeIn: return (0.42, 0, 1, 1)
            case .easeOut: return (0, 0, 0.58, 1)
            case .linear: return (0, 0, 1, 1)
            }
        }
    }

    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        warnAboutUnhonoured(options)
        run(AnimationTiming(duration: duration, delay: delay, progress: .curve(options.curve)), animations, completion)
    }

    private static func warnAboutUnhonoured(_ options: AnimationOptions) {
        if options.contains(.repeat) {
            UIKitCompatibility.notHonoured("UIView.AnimationOptions.repeat", "the animation runs once")
        }
        if options.contains(.autoreverse) {
            UIKitCompatibility.notHonoured("UIView.AnimationOptions.autoreverse", "the animation runs forwards only")
        }
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring: `dampingRatio` ζ (1: no overshoot) and `velocity`, the initial speed as a
    /// fraction of the whole change per second (1: would cover the distance in one second).
    /// See `SpringTiming` for the closed form and how `duration` chooses the stiffness.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = SpringTiming(duration: duration, dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity))
        warnAboutUnhonoured(options)
        run(AnimationTiming(duration: duration, delay: delay, progress: .spring(spring)), animations, completion)
    }

    /// iOS 17's spring by perceptual duration and bounce (see `SpringTiming.init(perceptualDuration:bounce:initialVelocity:)`):
    /// the animation runs until the spring settles (within 0.1 % of the change), which for
    /// bounce 0 is close to `duration`; the completion runs then.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
                              delay: TimeInterval = 0, options: AnimationOptions = [], animations: () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let spring = SpringTiming(perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(initialSpringVelocity))
        warnAboutUnhonoured(options)
        run(AnimationTiming(duration: spring.settlingDuration, delay: delay, progress: .spring(spring)), animations, completion)
    }

    /// Runs `actions` with animation turned off: changes take effect at once.
    public class func performWithoutAnimation(_ actions: () -> Void) {
        // Outside an animation block (a layout pass, usually) there is nothing to suspend.
        guard let previous = AnimationGroup.current else {
            actions()
            return
        }
        AnimationGroup.current = nil
        actions()
        AnimationGroup.current = previous
    }

    /// Whether changes made now are animated (inside an `animate` block).
    public class var areAnimationsEnabled: Bool { AnimationGroup.current != nil }

    static func run(_ timing: AnimationTiming, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        let clock = SimulatedClock.current
        let group = AnimationGroup(timing: timing, clock: clock, begin: clock.currentTime)
        let previous = AnimationGroup.current
        AnimationGroup.current = group
        animations()
        AnimationGroup.current = previous
        group.finishDeclaring(completion: completion)
    }

    // MARK: Recording and presenting

    /// Called by the animatable properties' setters. The values are only decomposed inside an
    /// animation block: outside one (every cell placed on every frame) a setter costs no more.
    func recordAnimation(_ property: AnimatedProperty, from oldValue: @autoclosure () -> [Double],
                         to newValue: @autoclosure () -> [Double]) {
        guard let group = AnimationGroup.current else { return }
        let (old, new) = (oldValue(), newValue())
        guard old != new else { return }
        let delta = zip(old, new).map { $0 - $1 }
        // A keyframe replaces no animation of its own block: its keyframes add up.
        if !property.isAdditive { animations.removeAll { $0.property == property && $0.group.family !== group.family } }
        animations.append(PropertyAnimation(property: property, delta: delta, group: group))
        group.add(self)
    }

    /// The value of `property` as a frame at `time` shows it: the model value plus what running
    /// animations still add.
    func presentationComponents(_ property: AnimatedProperty, model: [Double], at time: TimeInterval) -> [Double] {
        var value = model
        for animation in animations where animation.property == property {
            let remaining = 1 - animation.group.progress(at: time)
            guard remaining != 0 else { continue }
            for index in value.indices { value[index] += animation.delta[index] * remaining }
        }
        return value
    }

    /// Geometry and appearance as shown at `time`.
    func presentation(at time: TimeInterval) -> Presentation {
        guard !animations.isEmpty else {
            return Presentation(center: storedCenter, bounds: storedBounds, transform: storedTransform, alpha: Double(alpha),
                                backgroundColor: backgroundColor?.cgColor)
        }
        func animates(_ property: AnimatedProperty) -> Bool { animations.contains { $0.property == property } }
        var shown = Presentation(center: storedCenter, bounds: storedBounds, transform: storedTransform, alpha: Double(alpha),
                                 backgroundColor: backgroundColor?.cgColor)
        if animates(.center) {
            let v = presentationComponents(.center, model: storedCenter.animationComponents, at: time)
            shown.center = CGPoint(x: v[0], y: v[1])
        }
        if animates(.bounds) {
            let v = presentationComponents(.bounds, model: storedBounds.animationComponents, at: time)
            shown.bounds = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        if animates(.transform) {
            shown.transform = CGAffineTransform(animationComponents: presentationComponents(
                .transform, model: storedTransform.animationComponents, at: time))
        }
        if animates(.alpha) {
            shown.alpha = min(1, max(0, presentationComponents(.alpha, model: [Double(alpha)], at: time)[0]))
        }
        if animates(.backgroundColor) {
            let v = presentationComponents(.backgroundColor, model: backgroundColor.animationComponents, at: time)
            shown.backgroundColor = CGColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        }
        return shown
    }

    /// Centre (in the superview's bounds coordinates), bounds size, transform and alpha as shown
    /// at `time`, with running animations applied: what a trace reports.
    package func shownGeometry(at time: TimeInterval) -> (center: CGPoint, size: CGSize, transform: CGAffineTransform, alpha: Double) {
        let shown = presentation(at: time)
        return (shown.center, shown.bounds.size, shown.transform, shown.alpha)
    }

    /// Drops the animations of a finished group.
    func removeAnimations(of group: AnimationGroup) {
        animations.removeAll { $0.group === group }
    }

    /// The animations of `group` on this view.
    func animations(of group: AnimationGroup) -> [PropertyAnimation] {
        animations.filter { $0.group === group }
    }

    /// Sets a property's model value from its components, without animating.
    func setModelComponents(_ property: AnimatedProperty, _ v: [Double]) {
        UIView.performWithoutAnimation {
            switch property {
            case .center: center = CGPoint(x: v[0], y: v[1])
            case .bounds: bounds = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            case .transform: transform = CGAffineTransform(animationComponents: v)
            case .alpha: alpha = CGFloat(v[0])
            case .backgroundColor: backgroundColor = UIColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
            }
        }
    }

    /// A property's model value as components.
    func modelComponents(_ property: AnimatedProperty) -> [Double] {
        switch property {
        case .center: storedCenter.animationComponents
        case .bounds: storedBounds.animationComponents
        case .transform: storedTransform.animationComponents
        case .alpha: [Double(alpha)]
        case .backgroundColor: backgroundColor.animationComponents
        }
    }

    struct Presentation {
        var center: CGPoint
        var bounds: CGRect
        var transform: CGAffineTransform
        var alpha: Double
        var backgroundColor: CGColor?
    }
}

enum AnimatedProperty: Equatable {
    case center, bounds, transform, alpha, backgroundColor

    /// Whether animations of the property add up (geometry) or replace each other.
    var isAdditive: Bool {
        switch self {
        case .center, .bounds, .transform: true
        case .alpha, .backgroundColor: false
        }
    }
}

struct PropertyAnimation {
    var property: AnimatedProperty
    /// from − to, per component.
    var delta: [Double]
    var group: AnimationGroup
}

/// When an animation runs and how far along it is.
struct AnimationTiming {
    enum Progress {
        case curve(UIView.AnimationCurve)
        case spring(SpringTiming)
        /// All at once at the start (a discrete keyframe).
        case discrete
    }

    var duration: TimeInterval
    var delay: TimeInterval
    var progress: Progress

    /// A duration or delay that is negative, NaN or infinite counts as 0, as a negative one
    /// always has: the change shows at once (a NaN once never reached its values).
    init(duration: TimeInterval, delay: TimeInterval, progress: Progress) {
        self.duration = validAnimationSeconds(duration)
        self.delay = validAnimationSeconds(delay)
        self.progress = progress
    }

    /// Progress 0…1 (a spring overshoots past 1) at `elapsed` seconds after the animation was
    /// made; 0 during the delay, 1 from the end on.
    func progress(at elapsed: TimeInterval) -> Double {
        let t = elapsed - delay
        guard t > 0 else { return 0 }
        guard duration > 0, t < duration else { return 1 }
        switch progress {
        case .curve(let curve):
            return CubicTiming(curve.controlPoints).value(at: t / duration)
        case .spring(let spring):
            return spring.progress(at: t)
        case .discrete:
            return 1
        }
    }
}

/// The animations made by one `animate` call: they share timing and one completion.
@preconcurrency @MainActor
final class AnimationGroup {
    /// The `animate` block being declared, if any.
    static var current: AnimationGroup?

    let timing: AnimationTiming
    private(set) var clock: SimulatedClock
    private(set) var begin: TimeInterval
    private var views: [UIView] = []

    /// Where the progress comes from when something other than the clock drives it (a property
    /// animator, which can pause, scrub and reverse): the progress at a time on `clock`.
    var progressSource: ((TimeInterval) -> Double)?
    /// The block this one belongs to (a keyframe's `animateKeyframes` block); itself otherwise.
    weak var parent: AnimationGroup?
    var family: AnimationGroup { parent ?? self }

    init(timing: AnimationTiming, clock: SimulatedClock, begin: TimeInterval) {
        self.timing = timing
        self.clock = clock
        self.begin = begin
    }

    /// The progress shown at `time` on the clock.
    func progress(at time: TimeInterval) -> Double {
        progressSource?(time) ?? timing.progress(at: time - begin)
    }

    /// The views this block animated.
    var animatedViews: [UIView] { views }

    func add(_ view: UIView) {
        if views.isEmpty, let windowClock = view.window?.clock, windowClock !== clock {
            clock = windowClock
            begin = windowClock.currentTime
        }
        if !views.contains(where: { $0 === view }) { views.append(view) }
    }

    /// Keyframes adopted by this block: its completion waits for them, and their views count as
    /// animated by it.
    private var keyframes: [AnimationGroup] = []

    func adopt(_ keyframe: AnimationGroup) { keyframes.append(keyframe) }

    /// Schedules the end: the views drop these animations and the completion runs with true. A
    /// block that animated nothing completes on the next turn of the clock, as UIKit's does,
    /// unless it is `lasting` (a keyframes block, which lasts its duration).
    func finishDeclaring(completion: ((Bool) -> Void)?, lasting: Bool = false) {
        if lasting || keyframes.contains(where: { !$0.views.isEmpty }) {
            if let first = keyframes.first(where: { !$0.views.isEmpty }), views.isEmpty { (clock, begin) = (first.clock, first.begin) }
            clock.schedule(at: begin + timing.delay + max(0, timing.duration)) { [self] in
                for view in views { view.removeAnimations(of: self) }
                views = []
                completion?(true)
            }
            return
        }
        // A property animator ends its blocks itself.
        guard progressSource == nil else { return }
        let end = views.isEmpty ? clock.currentTime : begin + timing.delay + max(0, timing.duration)
        clock.schedule(at: end) { [self] in
            for view in views { view.removeAnimations(of: self) }
            views = []
            completion?(true)
        }
    }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` defines one:
/// the time fraction is x(s), the progress y(s); x(s) = t is solved for s by Newton's method
/// with bisection as the fallback, to 1e-12.
struct CubicTiming {
    let x1: Double, y1: Double, x2: Double, y2: Double

    init(_ points: (Double, Double, Double, Double)) {
        (x1, y1, x2, y2) = points
    }

    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        var s = t
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - t
            if abs(error) < 1e-12 { return bezier(s, y1, y2) }
            let d = slope(s, x1, x2)
            guard abs(d) > 1e-9 else { break }
            s -= error / d
        }
        var (low, high) = (0.0, 1.0)
        s = t
        for _ in 0..<100 {
            let x = bezier(s, x1, x2)
            if abs(x - t) < 1e-12 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return bezier(s, y1, y2)
    }
}

/// The spring of `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
///
/// The remaining fraction x = 1 − progress is a damped harmonic oscillator,
/// x″ + 2ζω x′ + ω² x = 0, x(0) = 1, x′(0) = −v₀, with the closed forms
/// - ζ < 1: x(t) = e^(−ζωt) [cos ω_d t + (ζω − v₀)/ω_d · sin ω_d t], ω_d = ω√(1 − ζ²)
/// - ζ = 1: x(t) = e^(−ωt) [1 + (ω − v₀) t]
/// - ζ > 1: x(t) = A e^(r₁t) + B e^(r₂t), r₁,₂ = −ω(ζ ∓ √(ζ² − 1)), A + B = 1, A r₁ + B r₂ = −v₀.
///
/// UIKit does not publish how `duration` sets the stiffness. We choose ω so that the motion's
/// slowest decay falls to 0.1 % of the change at `duration` (ζω·T = ln 1000; for ζ > 1 the slow
/// root decays that much), then the value lands exactly: a stiffer spring for a shorter duration,
/// as on a device, and a jump of at most 0.1 % of the change at the end. ζ is kept within
/// 0.01…10.
struct SpringTiming: Equatable {
    let zeta: Double
    let omega: Double
    let velocity: Double

    init(duration: TimeInterval, dampingRatio: Double, initialVelocity: Double) {
        zeta = min(10, max(0.01, dampingRatio.isFinite ? dampingRatio : 1))
        velocity = initialVelocity.isFinite ? initialVelocity : 0
        let decay = log(1000.0) / max(validAnimationSeconds(duration), 1e-6)
        // The slowest decay rate is ζω when ζ ≤ 1, ω(ζ − √(ζ² − 1)) when ζ > 1.
        omega = zeta <= 1 ? decay / zeta : decay / (zeta - (zeta * zeta - 1).squareRoot())
    }

    /// A spring of these ζ, ω and initial velocity (fractions of the change per second).
    init(zeta: Double, omega: Double, initialVelocity: Double) {
        self.zeta = max(0, zeta.isFinite ? zeta : 1)
        self.omega = omega.isFinite && omega > 0 ? omega : 1
        velocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// A physical spring, as `CASpringAnimation` and `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`
    /// take one: ω = √(k/m), ζ = c / (2√(k·m)).
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let m = mass > 0 ? mass : 1, k = stiffness > 0 ? stiffness : 100
        self.init(zeta: max(0, damping) / (2 * (k * m).squareRoot()), omega: (k / m).squareRoot(), initialVelocity: initialVelocity)
    }

    /// iOS 17's spring by perceptual duration and bounce (`UIView.animate(springDuration:bounce:…)`,
    /// `UISpringTimingParameters(duration:bounce:)`, `CASpringAnimation(perceptualDuration:bounce:)`),
    /// with the conversion Apple gives (WWDC23, "Animate with springs"): mass 1, stiffness
    /// (2π/duration)², damping 4π(1 − bounce)/duration for bounce ≥ 0 and 4π/(duration·(1 + bounce))
    /// below; so ω = 2π/duration and ζ = 1 − bounce, or 1/(1 + bounce) when bounce < 0. Bounce is
    /// kept within −0.99…1.
    init(perceptualDuration: Double, bounce: Double, initialVelocity: Double) {
        let duration = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let b = min(1, max(-0.99, bounce.isFinite ? bounce : 0))
        self.init(zeta: b >= 0 ? 1 - b : 1 / (1 + b), omega: 2 * .pi / duration, initialVelocity: initialVelocity)
    }

    /// How long until the remaining fraction stays within 0.001 (0.1 % of the change) for good:
    /// the last time |x(t)| exceeds it, found by bracketing with an upper bound of |x| that only
    /// falls, then sampling below it and bisecting. Capped at 1,000 s (an undamped spring never
    /// settles).
    var settlingDuration: Double {
        let threshold = 0.001, cap = 1000.0
        let (z, w, v) = (zeta, omega, velocity)
        func bound(_ t: Double) -> Double {
            if z < 1 {
                let wd = w * (1 - z * z).squareRoot()
                let amplitude = (1 + pow((z * w - v) / wd, 2)).squareRoot()
                return amplitude * exp(-z * w * t)
            }
            if z == 1 { return exp(-w * t) * (1 + abs(w - v) * t) }
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let a = (-v - r2) / (r1 - r2)
            return abs(a) * exp(r1 * t) + abs(1 - a) * exp(r2 * t)
        }
        guard z > 0 else { return cap }
        // The bound falls below the threshold by `upper`.
        var upper = 1.0 / (z * w)
        while bound(upper) > threshold, upper < cap { upper *= 2 }
        upper = min(upper, cap)
        // The last sample above the threshold, then bisection to its crossing.
        let samples = 4000
        var last: Int?
        for i in stride(from: samples, through: 0, by: -1) where abs(remaining(at: upper * Double(i) / Double(samples))) > threshold {
            last = i
            break
        }
        guard let last else { return 0 }
        var (low, high) = (upper * Double(last) / Double(samples), upper * Double(last + 1) / Double(samples))
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if abs(remaining(at: middle)) > threshold { low = middle } else { high = middle }
        }
        return high
    }

    /// The remaining fraction x(t).
    func remaining(at t: Double) -> Double {
        let (z, w, v) = (zeta, omega, velocity)
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (cos(wd * t) + (z * w - v) / wd * sin(wd * t))
        }
        if z == 1 {
            return exp(-w * t) * (1 + (w - v) * t)
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        // A + B = 1, A·r1 + B·r2 = −v.
        let a = (-v - r2) / (r1 - r2)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    func progress(at t: Double) -> Double { 1 - remaining(at: t) }
}

// MARK: Components

extension CGPoint {
    var animationComponents: [Double] { [Double(x), Double(y)] }
}

extension CGRect {
    var animationComponents: [Double] { [Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)] }
}

extension Optional where Wrapped == UIColor {
    /// Straight RGBA; no colour animates as transparent black.
    var animationComponents: [Double] {
        guard let color = self?.cgColor else { return [0, 0, 0, 0] }
        return [Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha)]
    }
}

extension CGAffineTransform {
    /// (tx, ty, scale x, scale y, rotation, shear): the matrix is a rotation by θ of
    /// [[sx, k], [0, sy]], so the x axis maps to sx·(cos θ, sin θ) and the y axis to
    /// k·(cos θ, sin θ) + sy·(−sin θ, cos θ).
    var animationComponents: [Double] {
        let (a, b, c, d) = (Double(self.a), Double(self.b), Double(self.c), Double(self.d))
        let sx = (a * a + b * b).squareRoot()
        let theta = sx == 0 ? 0 : atan2(b, a)
        let (cosine, sine) = (cos(theta), sin(theta))
        let shear = c * cosine + d * sine
        let sy = -c * sine + d * cosine
        return [Double(tx), Double(ty), sx, sy, theta, shear]
    }

    init(animationComponents v: [Double]) {
        let (tx, ty, sx, sy, theta, shear) = (v[0], v[1], v[2], v[3], v[4], v[5])
        let (cosine, sine) = (cos(theta), sin(theta))
        self.init(a: sx * cosine, b: sx * sine, c: shear * cosine - sy * sine, d: shear * sine + sy * cosine, tx: tx, ty: ty)
    }
}

/// `seconds` when it is a usable animation duration or delay (finite, not negative), else 0.
func validAnimationSeconds(_ seconds: TimeInterval) -> TimeInterval {
    seconds.isFinite && seconds > 0 ? seconds : 0
}
