import Vocabulary
import Foundation

/// UIKit's control: a view that turns touches into events sent to targets, and shows
/// `isHighlighted` while a finger is on it.
///
/// A touch sequence goes as UIKit's does: `touchDown` and `beginTracking(_:with:)` when the finger
/// goes down; on every move `touchDragInside` or `touchDragOutside` (with `touchDragEnter` and
/// `touchDragExit` when it crosses) and `continueTracking(_:with:)` while that returns true; on
/// lift `endTracking(_:with:)` then `touchUpInside` (with `primaryActionTriggered`) or
/// `touchUpOutside`; when a gesture recognizer takes the touch, `cancelTracking(with:)` and
/// `touchCancel`. Subclasses override the four tracking methods, as on iOS, to follow a drag
/// (a slider's thumb, a switch's knob).
///
/// "Inside" is the control's bounds grown by ``touchInsideMargin`` (70 pt) on every side: UIKit
/// publishes no figure, and 70 pt is what a finger can stray on a device before a button stops
/// highlighting and a lift counts as `touchUpOutside` (measured by developers since iOS 4 and
/// unchanged through iOS 17).
open class UIControl: UIView, UITouchTracking {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsLayout() } } }
    open var isSelected = false { didSet { if isSelected != oldValue { setNeedsLayout() } } }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsLayout() } } }
    /// Whether the control follows the current touch (`beginTracking` returned true and every
    /// `continueTracking` since).
    open private(set) var isTracking = false
    /// Whether the current touch is within the control's bounds grown by ``touchInsideMargin``.
    open private(set) var isTouchInside = false

    /// How far outside its bounds a finger still counts as inside the control (points).
    public static let touchInsideMargin: CGFloat = 70

    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    private var handlers: [(events: Event, run: (UIControl) -> Void)] = []

    /// Adds a method of `target` (a method reference for the selector) to run on `controlEvents`.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for controlEvents: Event) {
        handlers.append((controlEvents, { [weak target] _ in if let target { action(target)() } }))
    }

    /// Adds a method of `target` taking the sender.
    open func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void,
                                                              for controlEvents: Event) {
        handlers.append((controlEvents, { [weak target] control in
            if let target, let sender = control as? Sender { action(target)(sender) }
        }))
    }

    /// iOS 14's closure actions.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        handlers.append((controlEvents, { _ in action.handler(action) }))
    }

    /// Runs the actions registered for any of `controlEvents`.
    open func sendActions(for controlEvents: Event) {
        for handler in handlers where !handler.events.intersection(controlEvents).isEmpty { handler.run(self) }
    }

    // MARK: Tracking (UIKit's API for subclasses)

    /// The finger went down on the control; return whether to follow it. The default returns true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The finger moved; return whether to keep following it. The default returns true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The finger lifted while the control followed it.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// The touch was taken by a gesture recognizer while the control followed it.
    open func cancelTracking(with event: UIEvent?) {}

    // MARK: Touches

    private func isInside(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -Self.touchInsideMargin, dy: -Self.touchInsideMargin).contains(convert(touch.location, from: nil))
    }

    /// The finger of the sequence being tracked, one object from touch-down to lift.
    private var trackedTouch: UITouch?

    private func tracked(_ touch: Touch) -> UITouch {
        guard let trackedTouch else {
            let new = UITouch(touch, view: self)
            trackedTouch = new
            return new
        }
        trackedTouch.update(with: touch)
        return trackedTouch
    }

    public func touchDidBegin(_ touch: Touch) {
        guard isEnabled else { return }
        trackedTouch = nil
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(tracked(touch), with: nil)
        sendActions(for: .touchDown)
    }

    public func touchDidMove(_ touch: Touch) {
        guard isTouchInside || isHighlighted || isTracking else { return }
        let wasInside = isTouchInside
        isTouchInside = isInside(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(tracked(touch), with: nil) }
        switch (wasInside, isTouchInside) {
        case (true, true): sendActions(for: .touchDragInside)
        case (true, false): sendActions(for: [.touchDragExit, .touchDragOutside])
        case (false, true): sendActions(for: [.touchDragEnter, .touchDragInside])
        case (false, false): sendActions(for: .touchDragOutside)
        }
    }

    public func touchDidFinish(_ touch: Touch) {
        guard isEnabled, isTouchInside || isHighlighted || isTracking else { return }
        guard touch.phase == .ended else { return cancelTouchTracking() }
        let inside = isInside(touch)
        isTouchInside = inside
        isHighlighted = false
        if isTracking { endTracking(tracked(touch), with: nil) }
        isTracking = false
        isTouchInside = false
        sendActions(for: inside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside)
    }

    public func cancelTouchTracking() {
        guard isTouchInside || isHighlighted || isTracking else { return }
        isHighlighted = false
        if isTracking { cancelTracking(with: nil) }
        isTracking = false
        isTouchInside = false
        sendActions(for: .touchCancel)
    }
}

/// An action run by a control (iOS 14).
@preconcurrency @MainActor
open class UIAction {
    public let title: String
    public let image: UIImage?
    package let handler: (UIAction) -> Void

    public init(title: String = "", image: UIImage? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.handler = handler
    }
}

/// The pre-Swift-3 name of a control's state, still written in ported code.
public typealias UIControlState = UIControl.State
