import Dynamics
import Foundation

extension UIDynamicAnimator {
    /// UIKit's initialiser: an animator whose boundaries are the view's bounds, moved by the
    /// simulated clock of the window it is created under (`SimulatedClock.current`: the view's
    /// window, or the window being set up on this thread, as when made in `viewDidLoad`). It steps
    /// whenever that window advances; `advance(by:)` still works for an animator used alone.
    public convenience init(referenceView: UIView) {
        self.init(referenceBounds: referenceView.bounds)
        let clock = referenceView.window?.clock ?? SimulatedClock.current
        clock.add(AnimatorDriver(animator: self, start: clock.currentTime), retained: true)
    }
}

/// Steps an animator along a clock; it lets go of the animator when the animator is gone.
@preconcurrency @MainActor
final class AnimatorDriver: ClockParticipant {
    private weak var animator: UIDynamicAnimator?
    private var time: TimeInterval

    init(animator: UIDynamicAnimator, start: TimeInterval) {
        self.animator = animator
        time = start
    }

    var isAlive: Bool { animator != nil }

    func step(to time: TimeInterval) {
        guard let animator, time > self.time else { return }
        animator.advance(by: time - self.time)
        self.time = time
    }
}
