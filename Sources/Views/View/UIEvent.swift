import Foundation

/// The event a touch belongs to; headless touches carry everything themselves.
@preconcurrency @MainActor
open class UIEvent {
    public init() {}

    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll, hover, transform }
    public enum EventSubtype: Int, Sendable {
        case none = 0, motionShake = 1
        case remoteControlPlay = 100, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause,
             remoteControlNextTrack, remoteControlPreviousTrack, remoteControlBeginSeekingBackward,
             remoteControlEndSeekingBackward, remoteControlBeginSeekingForward, remoteControlEndSeekingForward
    }

    /// Headless events are touches.
    open var type: EventType { .touches }
    open var subtype: EventSubtype { .none }
    /// The touches of this event (one finger headless).
    open var allTouches: Set<UITouch>? { touches.isEmpty ? nil : touches }
    open func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }
    open func touches(for window: UIWindow) -> Set<UITouch>? { touches.filter { $0.window === window } }
    open var timestamp: TimeInterval { touches.first?.timestamp ?? 0 }

    package var touches: Set<UITouch> = []
}
