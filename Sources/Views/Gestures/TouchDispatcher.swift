import Foundation

/// A view that follows touches itself, beside its gesture recognizers, as UIKit's collection view
/// tracks the cell under the finger to highlight and select it.
@preconcurrency @MainActor
public protocol UITouchTracking: AnyObject {
    /// The finger went down on this view or one of its descendants.
    func touchDidBegin(_ touch: Touch)
    /// The finger moved (after it went down on this view or one of its descendants).
    func touchDidMove(_ touch: Touch)
    /// The finger lifted (ended) or the sequence was cancelled.
    func touchDidFinish(_ touch: Touch)
    /// A gesture recognizer began: the touch no longer highlights or selects.
    func cancelTouchTracking()
}

extension UITouchTracking {
    /// Trackers that only care where a touch begins and ends ignore moves.
    public func touchDidMove(_ touch: Touch) {}
}

/// Delivers one finger's touches to the gesture recognizers that can see them, as UIKit does:
/// when the finger goes down, the enabled recognizers of the view under it and of every superview
/// whose delegates agree (`shouldReceive`) take part (innermost first); they all see the whole
/// sequence; the first to begin makes the others still possible fail, unless a delegate lets them
/// recognize together; one that must wait for others to fail is held until they do (see
/// `UIGestureRecognizer`). It also keeps the recognizers' deadlines (a long press's timer) on
/// the clock.
@preconcurrency @MainActor
public final class TouchDispatcher: ClockParticipant {
    private var recognizers: [UIGestureRecognizer] = []
    private weak var tracker: UITouchTracking?
    /// The finger of the current sequence, as responders and recognizers see it.
    package private(set) var currentTouch: UITouch?
    /// The view whose `touches…` methods hear the sequence, until a recognizer cancels them.
    private weak var touchedView: UIView?
    private let event = UIEvent()

    public init() {}

    /// Delivers `touch`. At `.began`, `recognizers` (innermost first), `tracker` and `view` (the
    /// view the finger is on) become the sequence's; later phases go to the same ones.
    public func dispatch(_ touch: Touch, recognizers candidates: [UIGestureRecognizer], tracker candidate: UITouchTracking?,
                         view: UIView? = nil) {
        if touch.phase == .began {
            for recognizer in recognizers { recognizer.finishSequence() }
            let uiTouch = UITouch(touch, view: view)
            currentTouch = uiTouch
            event.touches = [uiTouch]
            recognizers = candidates.filter {
                $0.isEnabled && ($0.delegate?.gestureRecognizer($0, shouldReceive: uiTouch) ?? true)
            }
            uiTouch.gestureRecognizers = recognizers
            tracker = candidate
            touchedView = view
            for recognizer in recognizers { recognizer.dispatcher = self }
            tracker?.touchDidBegin(touch)
            view?.touchesBegan([uiTouch], with: event)
        } else {
            currentTouch?.update(with: touch)
        }
        for recognizer in recognizers { recognizer.deliver(touch) }
        if touch.phase == .moved {
            tracker?.touchDidMove(touch)
            if let currentTouch { touchedView?.touchesMoved([currentTouch], with: event) }
        }
        if touch.phase == .ended || touch.phase == .cancelled {
            if let currentTouch, let view = touchedView {
                touchedView = nil
                if touch.phase == .ended {
                    view.touchesEnded([currentTouch], with: event)
                } else {
                    view.touchesCancelled([currentTouch], with: event)
                }
            }
            // The sequence is over: whatever still waits on a recognizer that never recognized
            // goes ahead, then every recognizer starts afresh.
            sequenceIsOver = true
            releaseWaitingRecognizers()
            sequenceIsOver = false
            tracker?.touchDidFinish(touch)
            for recognizer in recognizers { recognizer.finishSequence() }
        }
    }

    /// True while the last touch of a sequence is being settled.
    private var sequenceIsOver = false

    enum FailureRequirements {
        /// Nothing to wait for.
        case met
        /// A required recognizer may still recognize.
        case waiting
        /// A required recognizer recognized: this one fails.
        case violated
    }

    /// Where `recognizer` stands with the recognizers it must wait for in this sequence.
    func failureRequirementsOf(_ recognizer: UIGestureRecognizer) -> FailureRequirements {
        var result = FailureRequirements.met
        for other in recognizers where other !== recognizer && mustWait(recognizer, for: other) {
            switch other.state {
            case .began, .changed, .ended: return .violated
            case .possible: if !sequenceIsOver || !other.heldStates.isEmpty { result = .waiting }
            case .failed, .cancelled: break
            }
        }
        return result
    }

    private func mustWait(_ recognizer: UIGestureRecognizer, for other: UIGestureRecognizer) -> Bool {
        recognizer.requiredToFail.contains { $0 === other }
            || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    func recognizerDidFail(_ recognizer: UIGestureRecognizer) {
        releaseWaitingRecognizers()
    }

    /// Lets held recognizers go ahead (or fail) once what they wait for is settled.
    private func releaseWaitingRecognizers() {
        for recognizer in recognizers where !recognizer.heldStates.isEmpty {
            switch failureRequirementsOf(recognizer) {
            case .met: recognizer.releaseHeldStates()
            case .violated: recognizer.fail()
            case .waiting: break
            }
        }
    }

    func recognizerDidBegin(_ recognizer: UIGestureRecognizer) {
        tracker?.cancelTouchTracking()
        if recognizer.cancelsTouchesInView, let view = touchedView, let currentTouch {
            touchedView = nil
            view.touchesCancelled([currentTouch], with: event)
        }
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
