import Vocabulary
import Foundation

/// Lets an object veto, combine and order gesture recognizers, as in UIKit. Every method is
/// optional.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked when a recognizer is about to leave `.possible`; false makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may be recognized together. By default a recognizer that begins makes every
    /// other recognizer still in `.possible` fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` waits for `otherGestureRecognizer` to fail before it
    /// recognizes (asked for each other recognizer of the touch, when it would recognize).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` waits for `gestureRecognizer` to fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asked when a finger goes down where the recognizer could see it; false keeps the whole
    /// touch sequence from it.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

/// UIKit's view of a finger: where and when it is, and the view it went down on. One object
/// follows a finger through its whole sequence, its phase, time and place updated as it moves,
/// as UIKit's does (so a set of touches kept from `touchesBegan` still holds it later).
@preconcurrency @MainActor
public final class UITouch: Hashable {
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited }
    public enum TouchType: Int, Sendable { case direct, indirect, pencil, indirectPointer }

    public private(set) var phase: Phase
    public private(set) var timestamp: TimeInterval
    /// The view the finger went down on (the hit-tested view).
    public private(set) weak var view: UIView?
    /// The window the touch happens in.
    public var window: UIWindow? { view?.window }
    /// Touch scripts tap once per touch sequence.
    public let tapCount = 1
    public let type = TouchType.direct
    /// A finger's contact radius as iOS reports a typical one (points), and its tolerance.
    public let majorRadius: CGFloat = 20, majorRadiusTolerance: CGFloat = 5
    /// Pressure is not simulated: 0, as on a device without 3D Touch.
    public let force: CGFloat = 0, maximumPossibleForce: CGFloat = 0
    /// The gesture recognizers receiving this touch.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    private var windowLocation: CGPoint
    private var previousWindowLocation: CGPoint

    public init(_ touch: Touch, view: UIView?) {
        phase = Phase(touch.phase)
        timestamp = touch.timestamp
        windowLocation = touch.location
        previousWindowLocation = touch.location
        self.view = view
    }

    /// The next sample of the same finger.
    package func update(with touch: Touch) {
        previousWindowLocation = windowLocation
        phase = Phase(touch.phase)
        timestamp = touch.timestamp
        windowLocation = touch.location
    }

    /// The position in `view`'s coordinates (the window's when nil).
    public func location(in view: UIView?) -> CGPoint {
        view?.convert(windowLocation, from: nil) ?? windowLocation
    }

    /// The position at the previous sample, in `view`'s coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        view?.convert(previousWindowLocation, from: nil) ?? previousWindowLocation
    }

    /// No coalesced or predicted samples headless: the touch's own position.
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UITouch.Phase {
    init(_ phase: Touch.Phase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}

/// The base of gesture recognizers, with UIKit's state machine, fed by touches and simulated time.
///
/// A continuous gesture (pan, long press) goes possible → began → changed… → ended or cancelled; a
/// discrete one (tap) goes possible → ended (`.recognized`); either may go to failed instead. The
/// handlers run on every transition to began, changed, ended and cancelled. Once the finger
/// lifts, the recognizer returns to `.possible`.
///
/// A recognizer that must wait for others to fail (`require(toFail:)`, or its delegate's
/// `shouldRequireFailureOf`, or theirs' `shouldBeRequiredToFailBy`) stays `.possible` while any
/// of them may still recognize: its transitions are held, and replayed in order (began,
/// changed…, ended) once they have all failed, or the finger lifted without them recognizing;
/// if one of them recognizes, it fails. Recognizers not seeing the touch count as failed.
///
/// There is no Objective-C runtime here, so an action is a method reference in place of a
/// `#selector` (the target is held weakly, as UIKit holds it), or a closure:
///
///     let longPress = UILongPressGestureRecognizer(target: self, action: ViewController.handleLongPress)
///     collectionView.addGestureRecognizer(longPress)
///
///     let tap = UITapGestureRecognizer { gesture in print(gesture.location(in: view)) }
@preconcurrency @MainActor
open class UIGestureRecognizer {
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's success.
        public static let recognized = State.ended

        public var description: String {
            ["possible", "began", "changed", "ended", "cancelled", "failed"][rawValue]
        }
    }

    public init(handler: ((UIGestureRecognizer) -> Void)? = nil) {
        if let handler { handlers.append(handler) }
    }

    /// `init(target:action:)` with a method reference for the selector: the method takes the
    /// recognizer (`ViewController.handlePan`, for `func handlePan(_ gesture: UIPanGestureRecognizer)`).
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// `init(target:action:)` with a method that takes no argument.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Adds a closure to run on every reported transition.
    open func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Adds a target and a method of it taking the recognizer; the target is held weakly.
    open func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        handlers.append { [weak target] recognizer in
            guard let target, let recognizer = recognizer as? Recognizer else { return }
            action(target)(recognizer)
        }
    }

    /// Adds a target and a method of it taking no argument; the target is held weakly.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        handlers.append { [weak target] _ in
            guard let target else { return }
            action(target)()
        }
    }

    open private(set) var state: State = .possible
    /// A disabled recognizer takes no touches; disabling one that is recognizing cancels it, as
    /// in UIKit.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, state == .began || state == .changed else { return }
            setState(.cancelled)
            isTouching = false
            finishSequence()
        }
    }
    open weak var delegate: UIGestureRecognizerDelegate?

    /// Whether recognizing cancels the touch in its view (`touchesCancelled`), as UIKit's default.
    open var cancelsTouchesInView = true
    /// UIKit holds `touchesBegan` back from the view until the recognizer fails. Not honoured:
    /// the view hears the touch at once; a debug build says so when this is set.
    open var delaysTouchesBegan = false {
        didSet {
            if delaysTouchesBegan {
                UIKitCompatibility.notHonoured("UIGestureRecognizer.delaysTouchesBegan", "the view hears touchesBegan at once")
            }
        }
    }
    /// UIKit holds `touchesEnded` back while the recognizer may still recognize. Not honoured:
    /// the view hears the lift when it happens; a debug build says so when this is cleared.
    open var delaysTouchesEnded = true {
        didSet {
            if !delaysTouchesEnded {
                UIKitCompatibility.notHonoured("UIGestureRecognizer.delaysTouchesEnded = false", "touchesEnded is never delayed here")
            }
        }
    }

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it recognizes.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self,
              !failureRequirements.contains(where: { $0.value === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(value: otherGestureRecognizer))
    }

    /// The recognizers `require(toFail:)` named (held weakly).
    var requiredToFail: [UIGestureRecognizer] { failureRequirements.compactMap(\.value) }
    private var failureRequirements: [WeakRecognizer] = []

    /// Transitions held while waiting for required recognizers to fail.
    var heldStates: [State] = []
    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?

    /// The current touch position: in `view`'s bounds coordinates (the content coordinates of a
    /// scroll view: bounds origin at `contentOffset`), or in the window when `view` is nil.
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return lastLocation }
        return view.convert(lastLocation, from: nil)
    }

    /// The number of fingers down (0 or 1: touch scripts have one finger).
    open var numberOfTouches: Int { isTouching ? 1 : 0 }

    // MARK: - For subclasses

    /// The latest touch position on the screen and its time.
    public private(set) var lastLocation: CGPoint = .zero
    public private(set) var lastTimestamp: TimeInterval = 0
    /// Where and when the finger went down.
    public private(set) var startLocation: CGPoint = .zero
    public private(set) var startTimestamp: TimeInterval = 0
    private var isTouching = false

    /// A time at which the recognizer wants `deadlineReached()` called (a long press's timer).
    open internal(set) var deadline: TimeInterval?

    open func touchBegan(_ touch: Touch) {}
    open func touchMoved(_ touch: Touch) {}
    open func touchEnded(_ touch: Touch) {}
    open func touchCancelled(_ touch: Touch) {
        if state == .began || state == .changed { setState(.cancelled) } else if state == .possible { setState(.failed) }
    }
    open func deadlineReached() {}
    /// Returns the recognizer to its initial state; subclasses clear their own state and call super.
    open func reset() {
        deadline = nil
    }

    /// Moves to `newState`, asking the delegate before the first recognized state and telling the
    /// handlers; beginning makes the other recognizers of the touch still in `.possible` fail.
    public func setState(_ newState: State) {
        if !heldStates.isEmpty {
            // Waiting: hold recognition, drop it on failure or cancellation.
            // A continuous recognizer still `.possible` asks to begin on every move: once held,
            // a move is a change.
            let next = newState == .began ? State.changed : newState
            if next == .failed || next == .cancelled {
                heldStates = []
                fail()
            } else if next != .changed || heldStates.last != .changed {
                heldStates.append(next)
            }
            return
        }
        if state == .possible && (newState == .began || newState == .ended), let dispatcher {
            switch dispatcher.failureRequirementsOf(self) {
            case .met:
                break
            case .waiting:
                heldStates = [newState]
                return
            case .violated:
                fail()
                return
            }
        }
        if state == .possible && (newState == .began || newState == .ended) {
            if let delegate, !delegate.gestureRecognizerShouldBegin(self) {
                state = .failed
                deadline = nil
                return
            }
            if let view, !view.gestureRecognizerShouldBegin(self) {
                state = .failed
                deadline = nil
                return
            }
            dispatcher?.recognizerDidBegin(self)
        }
        state = newState
        if newState == .failed || newState == .ended || newState == .cancelled { deadline = nil }
        if newState != .failed && newState != .possible {
            for handler in handlers { handler(self) }
        }
        if newState == .failed { dispatcher?.recognizerDidFail(self) }
    }

    /// Replays the held transitions: what was waiting has failed.
    func releaseHeldStates() {
        let held = heldStates
        heldStates = []
        for state in held { setState(state) }
    }

    // MARK: - Plumbing (called by the touch dispatcher)

    private var handlers: [(UIGestureRecognizer) -> Void] = []
    /// The dispatcher delivering the current touch sequence.
    weak var dispatcher: TouchDispatcher?

    func deliver(_ touch: Touch) {
        guard isEnabled else { return }
        lastLocation = touch.location
        lastTimestamp = touch.timestamp
        switch touch.phase {
        case .began:
            if state != .possible { finishSequence() }
            isTouching = true
            startLocation = touch.location
            startTimestamp = touch.timestamp
            touchBegan(touch)
        case .moved:
            guard isTouching, isActive else { return }
            touchMoved(touch)
        case .ended:
            guard isTouching else { return }
            if isActive { touchEnded(touch) }
            isTouching = false
        case .cancelled:
            guard isTouching else { return }
            if isActive { touchCancelled(touch) }
            isTouching = false
        }
    }

    /// Still able to take part: possible, began or changed.
    var isActive: Bool { state == .possible || state == .began || state == .changed }

    func fail() {
        guard state == .possible else { return }
        heldStates = []
        state = .failed
        deadline = nil
        dispatcher?.recognizerDidFail(self)
    }

    func fireDeadline(at time: TimeInterval) {
        deadline = nil
        lastTimestamp = time
        guard isActive else { return }
        deadlineReached()
    }

    /// Back to `.possible` once the finger has lifted and the sequence is settled.
    func finishSequence() {
        heldStates = []
        state = .possible
        reset()
    }
}

private struct WeakRecognizer {
    weak var value: UIGestureRecognizer?
}

/// Recognizers compare by identity, as NSObjects do (`if gestureRecognizer == panGesture`).
extension UIGestureRecognizer: Hashable {
    nonisolated public static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// NSObject's identity test: whether `object` is this recognizer.
    nonisolated public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}
