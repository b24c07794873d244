import Vocabulary
import Foundation

/// What kind of timing a `UITimingCurveProvider` gives.
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// Where an animator stands.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive, active, stopped
}

/// Where an animation ends.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// A timing curve for `UIViewPropertyAnimator`: cubic or spring.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve: one of UIKit's four, or two control points.
@preconcurrency @MainActor
open class UICubicTimingParameters: UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint

    public init() {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = Self.points(of: .easeInOut)
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        (controlPoint1, controlPoint2) = Self.points(of: curve)
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = (point1, point2)
    }

    private static func points(of curve: UIView.AnimationCurve) -> (CGPoint, CGPoint) {
        let p = curve.controlPoints
        return (CGPoint(x: p.0, y: p.1), CGPoint(x: p.2, y: p.3))
    }

    open var timingCurveType: UITimingCurveType { .cubic }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    open var springTimingParameters: UISpringTimingParameters? { nil }

    var cubic: CubicTiming {
        CubicTiming((Double(controlPoint1.x), Double(controlPoint1.y), Double(controlPoint2.x), Double(controlPoint2.y)))
    }
}

/// A spring timing curve, in any of UIKit's three forms:
/// - `init(dampingRatio:initialVelocity:)`: the animator's duration sets the stiffness, as for
///   `UIView.animate(withDuration:…usingSpringWithDamping:…)` (see `SpringTiming`);
/// - `init(mass:stiffness:damping:initialVelocity:)`: a physical spring; the animator's duration
///   is ignored, and the animation lasts until the spring settles, as UIKit documents;
/// - iOS 17's `init(duration:bounce:initialVelocity:)`: a perceptual duration and a bounce
///   (`SpringTiming.init(perceptualDuration:bounce:initialVelocity:)`); the animator's duration is
///   ignored too.
///
/// `initialVelocity` is in fractions of the change per second; a property with one value uses
/// `dx`, and a point (`center`) uses `dx` and `dy`. Here one velocity drives every component of
/// a block, so it is `dx` when `dy` is 0 and the vector's length otherwise.
@preconcurrency @MainActor
open class UISpringTimingParameters: UITimingCurveProvider {
    public let initialVelocity: CGVector
    enum Form {
        case dampingRatio(CGFloat)
        case physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat)
        case perceptual(duration: TimeInterval, bounce: CGFloat)
    }
    let form: Form

    /// The system's spring: damping ratio 4.56 and no initial velocity, as Apple documents `init()`.
    public convenience init() { self.init(dampingRatio: 4.56, initialVelocity: CGVector(dx: 0, dy: 0)) }

    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        form = .dampingRatio(ratio)
        initialVelocity = velocity
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        form = .physical(mass: mass, stiffness: stiffness, damping: damping)
        initialVelocity = velocity
    }

    public convenience init(duration: TimeInterval, bounce: CGFloat) {
        self.init(duration: duration, bounce: bounce, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector) {
        form = .perceptual(duration: duration, bounce: bounce)
        initialVelocity = velocity
    }

    open var timingCurveType: UITimingCurveType { .spring }
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    open var springTimingParameters: UISpringTimingParameters? { self }

    var scalarVelocity: Double {
        let (dx, dy) = (Double(initialVelocity.dx), Double(initialVelocity.dy))
        return dy == 0 ? dx : (dx * dx + dy * dy).squareRoot()
    }

    /// The spring, for an animator of `duration`.
    func spring(duration: TimeInterval) -> SpringTiming {
        switch form {
        case .dampingRatio(let ratio):
            return SpringTiming(duration: duration, dampingRatio: Double(ratio), initialVelocity: scalarVelocity)
        case let .physical(mass, stiffness, damping):
            return SpringTiming(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: scalarVelocity)
        case let .perceptual(perceptual, bounce):
            return SpringTiming(perceptualDuration: perceptual, bounce: Double(bounce), initialVelocity: scalarVelocity)
        }
    }

    /// Whether the animator's duration is replaced by the spring's settling time.
    var ignoresAnimatorDuration: Bool {
        if case .dampingRatio = form { return false }
        return true
    }
}

/// A curve the animator runs along: progress (0…1, springs overshoot) at a time (seconds into
/// an animation lasting `length`).
struct AnimatorCurve {
    let length: TimeInterval
    private let evaluate: (TimeInterval) -> Double

    @MainActor init(_ provider: UITimingCurveProvider?, duration: TimeInterval) {
        // Negative, NaN and infinite durations alike: at once (an infinite one traced NaN).
        let duration = validAnimationSeconds(duration)
        if let spring = provider?.springTimingParameters {
            let timing = spring.spring(duration: duration)
            length = spring.ignoresAnimatorDuration ? timing.settlingDuration : max(0, duration)
            let end = length
            evaluate = { t in t >= end ? 1 : timing.progress(at: max(0, t)) }
        } else {
            let cubic = (provider?.cubicTimingParameters ?? UICubicTimingParameters()).cubic
            length = max(0, duration)
            let end = length
            evaluate = { t in end > 0 ? cubic.value(at: t / end) : 1 }
        }
    }

    func progress(at t: TimeInterval) -> Double { evaluate(t) }
}

/// UIKit's interruptible animator, on the window's simulated clock: animations added as blocks
/// (`init(duration:curve:animations:)`, `addAnimations`), started, paused, scrubbed with
/// `fractionComplete`, reversed with `isReversed`, continued with new timing, stopped, finished
/// at the end, the start or where it is, with completions told the position.
///
/// Its time runs in segments: a segment goes from one shown progress to another (the end, or
/// the start when reversed) along a window of a timing curve. Started, it runs the whole curve;
/// reversed mid-flight, it runs back along the part it covered; resumed after linear scrubbing
/// (`scrubsLinearly`, the default), it runs the rest of the curve from where the scrub left
/// the views, without a jump; `continueAnimation(withTimingParameters:durationFactor:)` runs the
/// rest along the new curve over `durationFactor` × `duration` (the rest of the duration when 0).
/// `fractionComplete` is the fraction of the curve's time covered.
///
/// Views change as with `UIView.animate`: the model values take the new values when the block
/// runs (at the start, or when the animator is paused or scrubbed first), and frames show the
/// part still to come. Finished at `.start`, the views return to their values before the blocks;
/// stopped, they keep what they showed.
@preconcurrency @MainActor
open class UIViewPropertyAnimator {
    public let duration: TimeInterval
    open private(set) var delay: TimeInterval = 0
    public let timingParameters: UITimingCurveProvider?
    open private(set) var state: UIViewAnimatingState = .inactive {
        // As on iOS, an active animator stays alive (UIKit holds it) until it ends.
        didSet { keptAlive = state == .inactive ? nil : self }
    }
    private var keptAlive: UIViewPropertyAnimator?
    open private(set) var isRunning = false
    open var isInterruptible = true
    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false
    /// Scrubbing moves the views linearly with `fractionComplete` (true), or along the curve.
    open var scrubsLinearly = true
    /// When true, reaching the end pauses instead of finishing.
    open var pausesOnCompletion = false

    private let baseCurve: AnimatorCurve
    private var pendingBlocks: [(block: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var groups: [(group: AnimationGroup, window: (from: Double, to: Double))] = []
    /// Values saved when stopped without finishing yet: the model values before and after the blocks.
    private var stoppedEnds: [(view: UIView, property: AnimatedProperty, start: [Double], end: [Double])] = []

    // The current segment.
    private var segment = Segment(curve: nil, window: (0, 0), shown: (0, 1), fraction: (0, 1))
    /// Seconds covered in the segment when last set, and the clock time it was set at while running.
    private var covered: TimeInterval = 0
    private var runningSince: TimeInterval?
    private var endToken: Int?
    private var clock = SimulatedClock.current

    private struct Segment {
        /// The curve whose window it runs along (nil: the base curve).
        var curve: AnimatorCurve?
        /// The window of the curve's time: from, to (to < from when running back).
        var window: (Double, Double)
        /// The shown progress at its start and end.
        var shown: (Double, Double)
        /// `fractionComplete` at its start and end.
        var fraction: (Double, Double)
        var length: TimeInterval { abs(window.1 - window.0) }
    }

    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
        baseCurve = AnimatorCurve(parameters, duration: duration)
        segment = Segment(curve: nil, window: (0, baseCurve.length), shown: (0, 1), fraction: (0, 1))
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator that starts at once (after `delay`), with UIKit's curve from `options`.
    public class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                              options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                              completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Blocks and completions

    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds a block that starts `delayFactor` of the way through what is left of the animation.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        if state == .inactive {
            pendingBlocks.append((animation, delayFactor))
        } else {
            let now = currentFraction(at: clock.currentTime)
            let from = now + (1 - now) * Double(max(0, min(1, delayFactor)))
            runBlock(animation, window: (from, 1))
        }
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        activateIfNeeded()
        guard !isRunning else { return }
        self.delay = validAnimationSeconds(delay)
        isRunning = true
        runningSince = clock.currentTime + self.delay
        scheduleEnd()
    }

    open func pauseAnimation() {
        guard state != .stopped else { return }
        activateIfNeeded()
        guard isRunning else { return }
        covered = coveredTime(at: clock.currentTime)
        isRunning = false
        runningSince = nil
        cancelEnd()
    }

    /// The fraction of the curve's time covered (0…1). Setting it pauses a running animator and
    /// shows the views there (linearly unless `scrubsLinearly` is false).
    open var fractionComplete: CGFloat {
        get { CGFloat(state == .inactive ? 0 : currentFraction(at: clock.currentTime)) }
        set {
            guard state != .stopped else { return }
            activateIfNeeded()
            if isRunning { pauseAnimation() }
            let f = Double(max(0, min(1, newValue)))
            let shown = scrubsLinearly ? f : baseCurve.progress(at: f * baseCurve.length)
            // A segment of no length that holds the views at `shown`; resuming starts from there.
            segment = Segment(curve: nil, window: (f * baseCurve.length, f * baseCurve.length), shown: (shown, shown), fraction: (f, f))
            covered = 0
        }
    }

    /// Runs the animation backwards from where it is (it must not be stopped).
    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active else { return }
            let running = isRunning
            if running { pauseAnimation() }
            resumeSegment(curve: nil, length: nil)
            if running { startAnimation() }
        }
    }

    /// Resumes a paused animator with new timing for the rest: over `durationFactor` × `duration`
    /// (what is left of the duration when 0), along `parameters` (the animator's own when nil).
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active else { return }
        if isRunning { pauseAnimation() }
        let f = currentFraction(at: clock.currentTime)
        let remainingFraction = isReversed ? f : 1 - f
        let length = validAnimationSeconds(durationFactor > 0 ? Double(durationFactor) * duration : remainingFraction * duration)
        resumeSegment(curve: parameters.map { AnimatorCurve($0, duration: length) }, length: length)
        startAnimation()
    }

    /// Stops the animation. Without finishing, the views keep what they show now and the animator
    /// is inactive, with no completion; otherwise it is stopped, and `finishAnimation(at:)` ends it.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let time = clock.currentTime
        cancelEnd()
        stoppedEnds = []
        for (group, _) in groups {
            for view in group.animatedViews {
                for animation in view.animations(of: group) {
                    let end = view.modelComponents(animation.property)
                    let start = zip(end, animation.delta).map { $0 + $1 }
                    let shown = view.presentationComponents(animation.property, model: end, at: time)
                    stoppedEnds.append((view, animation.property, start, end))
                    view.removeAnimations(of: group)
                    view.setModelComponents(animation.property, shown)
                }
            }
        }
        groups = []
        isRunning = false
        runningSince = nil
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { stoppedEnds = [] }
    }

    /// Ends a stopped animator with the views at the end, the start, or where they are.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        for (view, property, start, end) in stoppedEnds {
            switch finalPosition {
            case .end: view.setModelComponents(property, end)
            case .start: view.setModelComponents(property, start)
            case .current: break
            }
        }
        stoppedEnds = []
        state = .inactive
        for completion in completions { completion(finalPosition) }
    }

    // MARK: Time

    private func activateIfNeeded() {
        guard state == .inactive else { return }
        state = .active
        clock = SimulatedClock.current
        let blocks = pendingBlocks
        pendingBlocks = []
        for (block, delayFactor) in blocks {
            runBlock(block, window: (Double(max(0, min(1, delayFactor))), 1))
        }
    }

    /// Runs a block into a group whose progress is the animator's, mapped onto `window` (the
    /// part of the animator's progress in which the block moves).
    private func runBlock(_ block: () -> Void, window: (from: Double, to: Double)) {
        let group = AnimationGroup(timing: AnimationTiming(duration: duration, delay: 0, progress: .curve(.linear)),
                                   clock: clock, begin: clock.currentTime)
        group.progressSource = { [weak self] time in
            guard let self else { return 1 }
            let p = self.shownProgress(at: time)
            guard window.from > 0 else { return p }
            return window.to > window.from ? min(1, max(0, (p - window.from) / (window.to - window.from))) : 1
        }
        let previous = AnimationGroup.current
        AnimationGroup.current = group
        block()
        AnimationGroup.current = previous
        group.finishDeclaring(completion: nil)
        if !group.animatedViews.isEmpty, group.clock !== clock, groups.isEmpty {
            clock = group.clock
        }
        groups.append((group, window))
    }

    /// Seconds covered in the current segment at `time`.
    private func coveredTime(at time: TimeInterval) -> TimeInterval {
        guard isRunning, let since = runningSince else { return covered }
        return min(segment.length, covered + max(0, time - since))
    }

    /// `fractionComplete` at `time`.
    private func currentFraction(at time: TimeInterval) -> Double {
        let length = segment.length
        let u = length > 0 ? coveredTime(at: time) / length : 1
        return segment.fraction.0 + (segment.fraction.1 - segment.fraction.0) * u
    }

    /// The progress the views show at `time`.
    func shownProgress(at time: TimeInterval) -> Double {
        let length = segment.length
        guard length > 0 else { return segment.shown.1 }
        let curve = segment.curve ?? baseCurve
        let (a, b) = segment.window
        let t = a + (b - a) * coveredTime(at: time) / length
        let (ca, cb) = (curve.progress(at: a), curve.progress(at: b))
        let c = cb != ca ? (curve.progress(at: t) - ca) / (cb - ca) : (t - a) / (b - a)
        return segment.shown.0 + (segment.shown.1 - segment.shown.0) * c
    }

    /// Starts a segment from what is shown now towards the end (or the start when reversed).
    private func resumeSegment(curve: AnimatorCurve?, length: TimeInterval?) {
        let time = clock.currentTime
        let shown = shownProgress(at: time), f = currentFraction(at: time)
        let target = isReversed ? 0.0 : 1.0
        if let curve, let length {
            segment = Segment(curve: curve, window: (0, length), shown: (shown, target), fraction: (f, target))
        } else {
            let base = baseCurve.length
            segment = Segment(curve: nil, window: (f * base, target * base), shown: (shown, target), fraction: (f, target))
        }
        covered = 0
    }

    private func scheduleEnd() {
        cancelEnd()
        // A scrubbed animator, or one turned round, sets out from where it is; a paused one goes
        // on along its segment.
        if segment.length == 0 || segment.fraction.1 != (isReversed ? 0 : 1) { resumeSegment(curve: nil, length: nil) }
        guard let since = runningSince else { return }
        let end = since + max(0, segment.length - covered)
        endToken = clock.schedule(at: end) { [weak self] in self?.reachedEnd() }
    }

    private func cancelEnd() {
        if let token = endToken { clock.cancel(token) }
        endToken = nil
    }

    private func reachedEnd() {
        endToken = nil
        guard state == .active, isRunning else { return }
        if pausesOnCompletion {
            covered = segment.length
            isRunning = false
            runningSince = nil
            return
        }
        let position: UIViewAnimatingPosition = isReversed ? .start : .end
        for (group, _) in groups {
            for view in group.animatedViews {
                let undo = view.animations(of: group)
                view.removeAnimations(of: group)
                if position == .start {
                    for animation in undo {
                        let end = view.modelComponents(animation.property)
                        view.setModelComponents(animation.property, zip(end, animation.delta).map { $0 + $1 })
                    }
                }
            }
        }
        groups = []
        isRunning = false
        runningSince = nil
        state = .inactive
        segment = Segment(curve: nil, window: (0, baseCurve.length), shown: (0, 1), fraction: (0, 1))
        covered = 0
        for completion in completions { completion(position) }
    }
}
