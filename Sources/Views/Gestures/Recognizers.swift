import Vocabulary
import Foundation

/// Recognizes a single tap: the finger lifts within `allowableMovement` of where it went down and
/// before `maximumPressDuration`. A discrete gesture: it goes straight to `.recognized`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Only 1 is honoured: a touch script's fingers go down one touch sequence at a time, and a
    /// recognizer starts afresh with each, so double taps are not recognized. Other values are
    /// kept, recognize single taps, and warn in a debug build.
    open var numberOfTapsRequired = 1 {
        didSet {
            if numberOfTapsRequired != 1 {
                UIKitCompatibility.notHonoured("UITapGestureRecognizer.numberOfTapsRequired = \(numberOfTapsRequired)",
                                               "taps are recognized one touch sequence at a time; it recognizes single taps")
            }
        }
    }
    /// How far the finger may wander, in points (UIKit uses about 10 pt; the value is not public).
    open var allowableMovement: CGFloat = 10
    /// How long the finger may stay down (UIKit's limit is not public; 1.5 s feels like it).
    open var maximumPressDuration: TimeInterval = 1.5

    open override func touchMoved(_ touch: Touch) {
        if touch.location.distance(to: startLocation) > allowableMovement { setState(.failed) }
    }

    open override func touchEnded(_ touch: Touch) {
        guard state == .possible else { return }
        let quick = touch.timestamp - startTimestamp <= maximumPressDuration
        setState(quick && touch.location.distance(to: startLocation) <= allowableMovement ? .recognized : .failed)
    }
}

/// Recognizes a press held for `minimumPressDuration` without moving more than `allowableMovement`:
/// it begins when the time is up (even if the finger never moved), then reports every move as
/// changed and the lift as ended. Moving too far first, or lifting early, makes it fail.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Seconds the finger must stay down (UIKit's default 0.5).
    open var minimumPressDuration: TimeInterval = 0.5
    /// Points the finger may move before the press begins (UIKit's default 10).
    open var allowableMovement: CGFloat = 10
    /// Only 1 is honoured: touch scripts have one finger. Other values warn in a debug build.
    open var numberOfTouchesRequired = 1 {
        didSet {
            if numberOfTouchesRequired != 1 {
                UIKitCompatibility.notHonoured("UILongPressGestureRecognizer.numberOfTouchesRequired = \(numberOfTouchesRequired)",
                                               "touch scripts have one finger; it recognizes one-finger presses")
            }
        }
    }

    open override func touchBegan(_ touch: Touch) {
        deadline = touch.timestamp + minimumPressDuration
    }

    open override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible:
            if touch.location.distance(to: startLocation) > allowableMovement { setState(.failed) }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    open override func touchEnded(_ touch: Touch) {
        setState(state == .possible ? .failed : .ended)
    }

    open override func deadlineReached() {
        if state == .possible { setState(.began) }
    }
}

/// Recognizes a drag: it begins once the finger has moved `hysteresis` points, then reports every
/// move as changed and the lift as ended, with the translation since the finger went down and a
/// velocity estimated over the last 0.1 s of samples.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Only 1 is honoured: touch scripts have one finger. Other values warn in a debug build.
    open var minimumNumberOfTouches = 1 {
        didSet {
            if minimumNumberOfTouches != 1 {
                UIKitCompatibility.notHonoured("UIPanGestureRecognizer.minimumNumberOfTouches = \(minimumNumberOfTouches)",
                                               "touch scripts have one finger; it recognizes one-finger pans")
            }
        }
    }
    open var maximumNumberOfTouches = Int.max
    /// How far the finger moves before the pan begins (UIKit's is about 10 pt; not public).
    open var hysteresis: CGFloat = 10

    /// The finger's movement since it went down (less any `setTranslation`), in points. Touch
    /// positions are window positions; views here are not scaled or rotated as a whole, so the
    /// view changes nothing.
    open func translation(in view: UIView?) -> CGPoint {
        CGPoint(x: lastLocation.x - translationOrigin.x, y: lastLocation.y - translationOrigin.y)
    }

    /// Makes the current translation read `translation`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationOrigin = CGPoint(x: lastLocation.x - translation.x, y: lastLocation.y - translation.y)
    }

    /// Points per second, over the samples of the last `velocityWindow` seconds up to the latest
    /// touch. Zero when the finger has stayed still for that long.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last else { return .zero }
        guard let first = samples.first(where: { $0.time >= last.time - Self.velocityWindow - 1e-9 }),
              last.time - first.time > 1e-9 else { return .zero }
        let dt = last.time - first.time
        return CGPoint(x: (last.location.x - first.location.x) / dt, y: (last.location.y - first.location.y) / dt)
    }

    /// The span of touch samples that velocity looks at.
    public static let velocityWindow: TimeInterval = 0.1

    private var translationOrigin: CGPoint = .zero
    private var samples: [(time: TimeInterval, location: CGPoint)] = []

    private func record(_ touch: Touch) {
        samples.append((touch.timestamp, touch.location))
        let horizon = touch.timestamp - Self.velocityWindow - 1e-9
        if let keep = samples.firstIndex(where: { $0.time >= horizon }), keep > 0 {
            samples.removeFirst(keep)
        }
    }

    open override func touchBegan(_ touch: Touch) {
        translationOrigin = touch.location
        samples = []
        record(touch)
    }

    open override func touchMoved(_ touch: Touch) {
        record(touch)
        switch state {
        case .possible:
            if touch.location.distance(to: startLocation) >= hysteresis { setState(.began) }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    open override func touchEnded(_ touch: Touch) {
        record(touch)
        if state == .began || state == .changed { setState(.ended) } else { setState(.failed) }
    }
}

extension CGPoint {
    func distance(to other: CGPoint) -> CGFloat {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// Recognizes a swipe: the finger moves in one of `direction`'s directions far enough and fast
/// enough while staying close to the line. A discrete gesture: it recognizes during the move, as
/// UIKit's does, not at the lift.
///
/// Apple publishes no thresholds; these are our reading of iOS: the finger must cover
/// ``minimumDistance`` (50 pt) along the direction within ``maximumDuration`` (0.5 s) of
/// touching down, while straying at most half as far across it.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (right by default, as in UIKit).
    open var direction: Direction = .right
    /// Only 1 is honoured: touch scripts have one finger. Other values warn in a debug build.
    open var numberOfTouchesRequired = 1 {
        didSet {
            if numberOfTouchesRequired != 1 {
                UIKitCompatibility.notHonoured("UISwipeGestureRecognizer.numberOfTouchesRequired = \(numberOfTouchesRequired)",
                                               "touch scripts have one finger; it recognizes one-finger swipes")
            }
        }
    }
    public static let minimumDistance: CGFloat = 50
    public static let maximumDuration: TimeInterval = 0.5

    open override func touchMoved(_ touch: Touch) {
        guard state == .possible else { return }
        let dx = touch.location.x - startLocation.x, dy = touch.location.y - startLocation.y
        let candidates: [(Direction, along: CGFloat, across: CGFloat)] = [
            (.right, dx, abs(dy)), (.left, -dx, abs(dy)), (.down, dy, abs(dx)), (.up, -dy, abs(dx)),
        ]
        guard touch.timestamp - startTimestamp <= Self.maximumDuration else { return setState(.failed) }
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            if along >= Self.minimumDistance && across <= along / 2 { return setState(.recognized) }
        }
    }

    open override func touchEnded(_ touch: Touch) {
        if state == .possible { setState(.failed) }
    }
}

/// A pan that starts at an edge of the screen, as the back swipe does: it fails unless the
/// finger goes down within ``edgeWidth`` of one of `edges` (the window's edges here: each window
/// is its own screen). UIKit publishes no width; 20 pt is our reading of iOS's back swipe.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
    public static let edgeWidth: CGFloat = 20

    open override func touchBegan(_ touch: Touch) {
        super.touchBegan(touch)
        let screen = view?.window?.bounds ?? .zero
        let p = touch.location, w = Self.edgeWidth
        let near = (edges.contains(.left) && p.x - screen.minX <= w) || (edges.contains(.right) && screen.maxX - p.x <= w)
            || (edges.contains(.top) && p.y - screen.minY <= w) || (edges.contains(.bottom) && screen.maxY - p.y <= w)
        if !near { setState(.failed) }
    }
}

/// Two-finger pinches. Touch scripts have one finger, so a pinch never recognizes; declared so
/// that code using one compiles, and a debug build says so when one is made.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    open var scale: CGFloat = 1
    open var velocity: CGFloat { 0 }

    public override init(handler: ((UIGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler)
        UIKitCompatibility.notHonoured("UIPinchGestureRecognizer", "touch scripts have one finger; a pinch never recognizes")
    }
}

/// Two-finger rotations; like pinches, never recognized with one finger (a debug build says so).
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    open var rotation: CGFloat = 0
    open var velocity: CGFloat { 0 }

    public override init(handler: ((UIGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler)
        UIKitCompatibility.notHonoured("UIRotationGestureRecognizer", "touch scripts have one finger; a rotation never recognizes")
    }
}
