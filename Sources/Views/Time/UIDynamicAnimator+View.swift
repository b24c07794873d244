import Dynamics
import Vocabulary
import Foundation

extension UIDynamicAnimator {
    /// The view the animator was made with (`init(referenceView:)`), while it exists; nil for
    /// an animator of reference bounds or of a collection view layout.
    public var referenceView: UIView? { referenceViewObject as? UIView }

    /// UIKit's initialiser: an animator whose boundaries are the view's bounds, moved by the
    /// simulated clock of the reference view's window. It steps whenever that window advances;
    /// `advance(by:)` still works for an animator used alone.
    ///
    /// On iOS an animator ticks with the display however early it was made, so code makes one in
    /// a view's `init(frame:)`, before the view is in any window. Such an animator starts on the
    /// current clock (`SimulatedClock.current`) and moves to the window's clock when its reference
    /// view joins a window, from that window's current time on.
    public convenience init(referenceView: UIView) {
        self.init(referenceBounds: referenceView.bounds)
        referenceViewObject = referenceView
        let driver = AnimatorDriver(animator: self, clock: referenceView.window?.clock ?? SimulatedClock.current)
        referenceView.referencingAnimators.removeAll { !$0.isAlive }
        referenceView.referencingAnimators.append(driver)
    }
}

/// Steps an animator along a clock; it lets go of the animator when the animator is gone.
@preconcurrency @MainActor
final class AnimatorDriver: ClockParticipant {
    private weak var animator: UIDynamicAnimator?
    private weak var clock: SimulatedClock?
    private var time: TimeInterval

    init(animator: UIDynamicAnimator, clock: SimulatedClock) {
        self.animator = animator
        self.clock = clock
        time = clock.currentTime
        clock.add(self, retained: true)
    }

    var isAlive: Bool { animator != nil }

    /// Moves the animator onto `newClock` (its reference view's window), stepping from that
    /// clock's current time.
    func follow(_ newClock: SimulatedClock) {
        guard newClock !== clock, isAlive else { return }
        clock?.remove(self)
        clock = newClock
        time = newClock.currentTime
        newClock.add(self, retained: true)
    }

    func step(to time: TimeInterval) {
        guard let animator, time > self.time else { return }
        animator.advance(by: time - self.time)
        self.time = time
    }
}
