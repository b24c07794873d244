import Foundation

/// A view that follows touches itself, beside its gesture recognizers, as UIKit's collection view
/// tracks the cell under the finger to highlight and select it.
@MainActor
public protocol UITouchTracking: AnyObject {
    /// The finger went down on this view or one of its descendants.
    func touchDidBegin(_ touch: Touch)
    /// The finger lifted (ended) or the sequence was cancelled.
    func touchDidFinish(_ touch: Touch)
    /// A gesture recognizer began: the touch no longer highlights or selects.
    func cancelTouchTracking()
}

/// Delivers one finger's touches to the gesture recognizers that can see them, as UIKit does:
/// when the finger goes down, the recognizers of the view under it and of every superview take
/// part (innermost first); they all see the whole sequence; the first to begin makes the others
/// still possible fail, unless a delegate lets them recognize together. It also keeps the
/// recognizers' deadlines (a long press's timer) on the clock.
@MainActor
public final class TouchDispatcher: ClockParticipant {
    private var recognizers: [UIGestureRecognizer] = []
    private weak var tracker: UITouchTracking?

    public init() {}

    /// Delivers `touch`. At `.began`, `recognizers` (innermost first) and `tracker` become the
    /// sequence's; later phases go to the same ones.
    public func dispatch(_ touch: Touch, recognizers candidates: [UIGestureRecognizer], tracker candidate: UITouchTracking?) {
        if touch.phase == .began {
            recognizers = candidates
            tracker = candidate
            for recognizer in recognizers { recognizer.dispatcher = self }
            tracker?.touchDidBegin(touch)
        }
        for recognizer in recognizers { recognizer.deliver(touch) }
        if touch.phase == .ended || touch.phase == .cancelled {
            tracker?.touchDidFinish(touch)
        }
    }

    func recognizerDidBegin(_ recognizer: UIGestureRecognizer) {
        tracker?.cancelTouchTracking()
        for other in recognizers where other !== recognizer && other.state == .possible {
            let together = recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) == true
                || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) == true
            if !together { other.fail() }
        }
    }

    public func nextDeadline() -> TimeInterval? {
        recognizers.compactMap(\.deadline).min()
    }

    public func fireDeadlines(at time: TimeInterval) {
        for recognizer in recognizers {
            if let deadline = recognizer.deadline, deadline <= time { recognizer.fireDeadline(at: time) }
        }
    }
}
