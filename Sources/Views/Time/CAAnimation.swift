import Vocabulary
import Foundation

/// Core Animation's clock: the current simulated time (`SimulatedClock.current`), so that
/// `beginTime = CACurrentMediaTime() + 0.5` starts an animation half a second from now.
@MainActor public func CACurrentMediaTime() -> CFTimeInterval { SimulatedClock.current.currentTime }

public typealias CFTimeInterval = Double

/// Core Animation's explicit animations, on the window's simulated clock: `CABasicAnimation`,
/// `CAKeyframeAnimation`, `CASpringAnimation` and `CAAnimationGroup`, added to a layer with
/// `add(_:forKey:)`. Timing follows Core Animation's model: `beginTime` (0: when added; otherwise
/// a time on `CACurrentMediaTime()`'s clock), `timeOffset`, `speed`, `duration` (0 means 0.25 s),
/// `repeatCount`/`repeatDuration`, `autoreverses` and `fillMode`. The model value never changes:
/// a frame shows the animated value while the animation is active (and, with a fill mode, before
/// or after), then the model value again once it is removed (`isRemovedOnCompletion`).
@preconcurrency @MainActor
open class CAAnimation {
    open var beginTime: CFTimeInterval = 0
    /// The length of one iteration; 0 means Core Animation's default of 0.25 s.
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    /// How many iterations (fractions count); 0 means one. `.infinity` repeats forever.
    open var repeatCount: Float = 0
    /// How long to repeat for, instead of a count; 0 means it is not used.
    open var repeatDuration: CFTimeInterval = 0
    /// Plays each iteration forwards then backwards.
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    /// Removed from the layer when it ends (the default), so the model value shows again.
    open var isRemovedOnCompletion = true
    /// Told when the animation starts and stops; held strongly, as Core Animation holds it.
    open var delegate: CAAnimationDelegate?

    public init() {}

    /// A copy, as a layer takes one when the animation is added.
    func copyAnimation() -> CAAnimation {
        let copy = CAAnimation()
        copyTiming(to: copy)
        return copy
    }

    func copyTiming(to copy: CAAnimation) {
        (copy.beginTime, copy.duration, copy.speed, copy.timeOffset) = (beginTime, duration, speed, timeOffset)
        (copy.repeatCount, copy.repeatDuration, copy.autoreverses, copy.fillMode) = (repeatCount, repeatDuration, autoreverses, fillMode)
        (copy.timingFunction, copy.isRemovedOnCompletion, copy.delegate) = (timingFunction, isRemovedOnCompletion, delegate)
    }

    /// One iteration's length, with Core Animation's default of 0.25 s for 0.
    var iterationDuration: CFTimeInterval { duration > 0 ? duration : 0.25 }

    /// How long the animation is active in its own time: its iterations, doubled when it
    /// autoreverses.
    var activeDuration: CFTimeInterval {
        let cycle = iterationDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        return cycle * Double(max(1, repeatCount))
    }

    /// Where in an iteration the animation is at `time` (seconds since it began, in parent time):
    /// the iteration time in seconds (0…duration), or nil when it has no effect at that time.
    func iterationTime(at time: CFTimeInterval) -> CFTimeInterval? {
        let local = time * Double(speed) + timeOffset
        let active = activeDuration
        let clamped: Double
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            clamped = 0
        } else if local >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            clamped = active
        } else {
            clamped = local
        }
        let d = iterationDuration
        let cycle = d * (autoreverses ? 2 : 1)
        var within = clamped.truncatingRemainder(dividingBy: cycle)
        // At the very end the last iteration is complete, not starting again.
        if clamped >= active, clamped > 0, within == 0 { within = cycle }
        if autoreverses, within > d { return cycle - within }
        return min(within, d)
    }

    /// The progress (0 at the start value, 1 at the end; springs overshoot) at iteration time `t`.
    func progress(atIterationTime t: CFTimeInterval) -> Double {
        (timingFunction ?? CAMediaTimingFunction(name: .linear)).value(at: t / iterationDuration)
    }
}

/// Told when an animation starts and stops.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation of one property of a layer, named by its key path: `position`, `position.x`,
/// `bounds`, `bounds.size.width`, `transform`, `transform.scale`, `transform.rotation.z`,
/// `transform.translation.x`, `opacity`, `backgroundColor`, `cornerRadius`, `borderWidth`,
/// `shadowOpacity`, `shadowRadius`, `shadowOffset`, `strokeStart`, `strokeEnd`, `lineWidth`,
/// `fillColor`, `strokeColor`, `startPoint`, `endPoint`, `path` and `shadowPath` (paths with the
/// same elements interpolate element by element), `colors` and `locations` (lists of one length
/// interpolate item by item), `contents` (cross-faded) and more (see `LayerProperty`).
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    /// Adds the animated value to the model value instead of replacing it.
    open var isAdditive = false
    /// Each repeat starts where the last ended.
    open var isCumulative = false

    public override init() { super.init() }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyAnimation() -> CAAnimation {
        let copy = CAPropertyAnimation(keyPath: keyPath)
        copyProperty(to: copy)
        return copy
    }

    func copyProperty(to copy: CAPropertyAnimation) {
        copyTiming(to: copy)
        (copy.keyPath, copy.isAdditive, copy.isCumulative) = (keyPath, isAdditive, isCumulative)
    }

    /// The animated components at `time` (seconds since the animation began), given the model
    /// value's components; nil when the animation has no effect then. `shaped`: the property's
    /// values are `ShapedLayerValue`s, which interpolate only between values of one shape.
    func value(at time: CFTimeInterval, model: [Double], shaped: Bool = false) -> [Double]? { nil }
}

/// Interpolates between `fromValue`, `toValue` and `byValue` as Core Animation does: from–to,
/// from–(from + by), (to − by)–to, from–model, model–to, or model–(model + by).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    override func copyAnimation() -> CAAnimation {
        let copy = CABasicAnimation(keyPath: keyPath)
        copyBasic(to: copy)
        return copy
    }

    func copyBasic(to copy: CABasicAnimation) {
        copyProperty(to: copy)
        (copy.fromValue, copy.toValue, copy.byValue) = (fromValue, toValue, byValue)
    }

    /// The start and end components for this model value.
    func endpoints(model: [Double], shaped: Bool = false) -> (from: [Double], to: [Double]) {
        let count = model.count
        let from = fromValue.flatMap { LayerValue.components(of: $0, count: count, shaped: shaped) }
        let to = toValue.flatMap { LayerValue.components(of: $0, count: count, shaped: shaped) }
        // `byValue` adds, which a path or a list of stops cannot.
        let by = shaped ? nil : byValue.flatMap { LayerValue.components(of: $0, count: count) }
        let base = isAdditive ? [Double](repeating: 0, count: count) : model
        func plus(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + $1 } }
        func minus(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 - $1 } }
        switch (from, to, by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, plus(from, by))
        case let (nil, to?, by?): return (minus(to, by), to)
        case let (from?, nil, nil): return (from, base)
        case let (nil, to?, nil): return (base, to)
        case let (nil, nil, by?): return (base, plus(base, by))
        default: return (base, base)
        }
    }

    override func value(at time: CFTimeInterval, model: [Double], shaped: Bool = false) -> [Double]? {
        guard let t = iterationTime(at: time) else { return nil }
        let (from, to) = endpoints(model: model, shaped: shaped)
        let p = progress(atIterationTime: t)
        if shaped { return ShapedLayerValue.interpolate(from, to, p, keyPath: keyPath) }
        var value = zip(from, to).map { $0 + ($1 - $0) * p }
        if isCumulative, repeatCount > 1 {
            let iteration = completedCycles(at: time)
            value = zip(value, zip(from, to)).map { $0 + ($1.1 - $1.0) * iteration }
        }
        return value
    }
}

extension CAPropertyAnimation {
    /// How many whole repeat cycles have run at `time`: what `isCumulative` adds the change of
    /// one cycle for ("the value at the end of the previous repeat cycle, plus the value of the
    /// current repeat cycle", Apple's documentation of `isCumulative`).
    func completedCycles(at time: CFTimeInterval) -> Double {
        floor(max(0, time * Double(speed) + timeOffset) / (iterationDuration * (autoreverses ? 2 : 1)))
    }
}

/// A spring from `fromValue` to `toValue`: x″ + (damping/mass)·x′ + (stiffness/mass)·x = 0 in
/// the remaining fraction x, evaluated at the animation's own time in seconds (the spring does not
/// stretch to `duration`; as on iOS, set `duration = settlingDuration` to see it settle, or it is
/// cut off at `duration`). `initialVelocity` is in fractions of the change per second.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    /// iOS 17: whether a negative bounce may over-damp the spring (true).
    open var allowsOverdamping = true

    public override init() { super.init() }

    /// iOS 17: a spring by its perceptual duration and bounce, as `UISpringTimingParameters(duration:bounce:)`
    /// makes one (see `SpringTiming.init(perceptualDuration:bounce:)`); `duration` is set to the
    /// settling duration.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringTiming(perceptualDuration: perceptualDuration, bounce: Double(bounce), initialVelocity: 0)
        mass = 1
        stiffness = CGFloat(spring.omega * spring.omega)
        damping = CGFloat(2 * spring.zeta * spring.omega)
        duration = settlingDuration
    }

    /// The spring's duration for perception: 2π/√(stiffness/mass).
    open var perceptualDuration: CFTimeInterval { 2 * .pi / (Double(stiffness / mass)).squareRoot() }

    /// iOS 17: 1 − ζ for an under-damped spring, 1/ζ − 1 for an over-damped one.
    open var bounce: CGFloat {
        let zeta = spring.zeta
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// How long until the spring stays within 0.1 % of the change of its end (see
    /// `SpringTiming.settlingDuration`).
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    var spring: SpringTiming {
        SpringTiming(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
    }

    override func copyAnimation() -> CAAnimation {
        let copy = CASpringAnimation(keyPath: keyPath)
        copyBasic(to: copy)
        (copy.mass, copy.stiffness, copy.damping, copy.initialVelocity) = (mass, stiffness, damping, initialVelocity)
        copy.allowsOverdamping = allowsOverdamping
        return copy
    }

    override func progress(atIterationTime t: CFTimeInterval) -> Double {
        spring.progress(at: t)
    }
}

/// Values at key times: `values`, `keyTimes` (evenly spread when nil), `timingFunctions` (one per
/// segment), `calculationMode` `.linear`, `.discrete` or `.paced`; or a `path` that the point
/// value (`position`) follows.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// A path for a point property to follow (overrides `values`), at even speed along its length.
    open var path: CGPath?

    override func copyAnimation() -> CAAnimation {
        let copy = CAKeyframeAnimation(keyPath: keyPath)
        copyProperty(to: copy)
        (copy.values, copy.keyTimes, copy.timingFunctions, copy.calculationMode, copy.path) =
            (values, keyTimes, timingFunctions, calculationMode, path)
        return copy
    }

    /// The value at `time`; cumulative keyframes add, per completed cycle, the change from the
    /// first value to the last, as basic animations add theirs.
    override func value(at time: CFTimeInterval, model: [Double], shaped: Bool = false) -> [Double]? {
        guard let value = valueInCycle(at: time, model: model, shaped: shaped) else { return nil }
        guard !shaped, isCumulative, repeatCount > 1, path == nil,
              let frames = values?.compactMap({ LayerValue.components(of: $0, count: model.count) }),
              let first = frames.first, let last = frames.last else { return value }
        let cycles = completedCycles(at: time)
        return zip(value, zip(first, last)).map { $0 + ($1.1 - $1.0) * cycles }
    }

    private func valueInCycle(at time: CFTimeInterval, model: [Double], shaped: Bool) -> [Double]? {
        guard let t = iterationTime(at: time) else { return nil }
        let fraction = progress(atIterationTime: t)
        if let path, model.count == 2, !shaped {
            let polyline = path.path.trimmed(from: 0, to: max(0, min(1, fraction)))
            let end = polyline.elements.last.flatMap { element -> [Double]? in
                if case let .line(x, y) = element { return [x, y] }
                if case let .move(x, y) = element { return [x, y] }
                return nil
            }
            return end ?? model
        }
        let frames = (values ?? []).compactMap { LayerValue.components(of: $0, count: model.count, shaped: shaped) }
        guard let first = frames.first else { return nil }
        guard frames.count > 1 else { return first }
        var times = (keyTimes ?? []).map(\.doubleValue)
        if times.count != frames.count {
            if calculationMode == .paced {
                // Even speed: key times in proportion to the distance between values.
                var steps: [Double] = []
                for index in frames.indices.dropFirst() {
                    var squared = 0.0
                    for (a, b) in zip(frames[index - 1], frames[index]) { squared += (b - a) * (b - a) }
                    steps.append(squared.squareRoot())
                }
                let total = steps.reduce(0, +)
                var running = 0.0
                times = [0]
                for step in steps {
                    running += step
                    times.append(total > 0 ? running / total : 1)
                }
            } else {
                times = frames.indices.map { Double($0) / Double(frames.count - (calculationMode == .discrete ? 0 : 1)) }
            }
        }
        if calculationMode == .discrete {
            let index = times.lastIndex { $0 <= fraction } ?? 0
            return frames[min(index, frames.count - 1)]
        }
        guard fraction > times[0] else { return frames[0] }
        guard let upper = times.firstIndex(where: { $0 >= fraction }), upper > 0 else { return frames[frames.count - 1] }
        let lower = upper - 1
        let span = times[upper] - times[lower]
        var local = span > 0 ? (fraction - times[lower]) / span : 1
        if let functions = timingFunctions, lower < functions.count { local = functions[lower].value(at: local) }
        if shaped { return ShapedLayerValue.interpolate(frames[lower], frames[upper], local, keyPath: keyPath) }
        return zip(frames[lower], frames[upper]).map { $0 + ($1 - $0) * local }
    }
}

/// Animations run together on one timeline: each child's times are within the group's.
open class CAAnimationGroup: CAAnimation {
    /// The children. A group that would contain itself (directly or through groups inside it)
    /// stops the program with a message, as a sublayer cycle does: copying or playing it would
    /// never end.
    open var animations: [CAAnimation]? {
        willSet {
            for child in newValue ?? [] {
                precondition(!Self.contains(self, from: child), "CAAnimationGroup.animations: the group would contain itself "
                             + "(directly or through a group inside it); an animation group is a tree")
            }
        }
    }

    /// Whether `group` is `animation` or among the animations inside it.
    private static func contains(_ group: CAAnimationGroup, from animation: CAAnimation) -> Bool {
        var pending = [animation]
        var seen: Set<ObjectIdentifier> = []
        while let current = pending.popLast() {
            if current === group { return true }
            guard seen.insert(ObjectIdentifier(current)).inserted, let inner = current as? CAAnimationGroup else { continue }
            pending += inner.animations ?? []
        }
        return false
    }

    override func copyAnimation() -> CAAnimation {
        let copy = CAAnimationGroup()
        copyTiming(to: copy)
        copy.animations = animations?.map { $0.copyAnimation() }
        return copy
    }

    /// The children's property animations, with the time they see at the group's `time`.
    func children(at time: CFTimeInterval) -> [(CAPropertyAnimation, CFTimeInterval)] {
        guard let t = iterationTime(at: time) else { return [] }
        return (animations ?? []).flatMap { child -> [(CAPropertyAnimation, CFTimeInterval)] in
            let childTime = t - child.beginTime
            if let group = child as? CAAnimationGroup { return group.children(at: childTime) }
            if let property = child as? CAPropertyAnimation { return [(property, childTime)] }
            return []
        }
    }
}

public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = Self(rawValue: "removed")
    public static let forwards = Self(rawValue: "forwards")
    public static let backwards = Self(rawValue: "backwards")
    public static let both = Self(rawValue: "both")
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let discrete = Self(rawValue: "discrete")
    public static let paced = Self(rawValue: "paced")
    /// Drawn as `.linear`: the segments are straight between the values.
    public static let cubic = Self(rawValue: "cubic")
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Core Animation's timing curves: cubic Béziers from (0, 0) to (1, 1).
public final class CAMediaTimingFunction: Sendable {
    let curve: CubicTiming

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = CubicTiming((Double(c1x), Double(c1y), Double(c2x), Double(c2y)))
    }

    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point `index` (0…3) into `values` (x, y).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let points: [(Double, Double)] = [(0, 0), (curve.x1, curve.y1), (curve.x2, curve.y2), (1, 1)]
        let point = points[max(0, min(3, index))]
        values[0] = Float(point.0)
        values[1] = Float(point.1)
    }

    /// The progress at time fraction `t` (0…1).
    func value(at t: Double) -> Double { curve.value(at: t) }
}

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let easeIn = Self(rawValue: "easeIn")
    public static let easeOut = Self(rawValue: "easeOut")
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    public static let `default` = Self(rawValue: "default")
}
