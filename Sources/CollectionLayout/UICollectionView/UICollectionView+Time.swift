import Vocabulary
import Foundation

extension UICollectionView {
    /// Moves simulated time forward to `time` (the window's, when the collection view is in one):
    /// timers and gesture deadlines fire at their exact times, scrolling and controllers update on
    /// each 120 Hz display tick, and the layout's animators step up to every one of those moments
    /// and finally to `time`.
    public func advance(to time: TimeInterval) {
        if let window {
            window.advance(to: time)
        } else {
            clock.advance(to: time)
            SimulatedClock.withCurrent(clock) { layoutIfNeeded() }
        }
    }

    /// Advances to the touch's time, then delivers it to the gesture recognizers of the view under
    /// the finger and its superviews (this collection view's included) and to the highlight and
    /// selection tracking. `touch.location` is in the collection view's superview coordinates
    /// (the screen, for a full-screen collection view).
    public func send(_ touch: Touch) {
        if let window {
            var moved = touch
            moved.location = superview?.convert(touch.location, to: nil) ?? touch.location
            window.send(moved)
            return
        }
        clock.advance(to: touch.timestamp)
        SimulatedClock.withCurrent(clock) {
            if touch.phase == .began {
                let hit = hitTest(convert(touch.location, from: nil), with: nil) ?? self
                dispatcher.dispatch(touch, recognizers: hit.recognizersForTouch, tracker: hit.touchTracker ?? self, view: hit)
            } else {
                dispatcher.dispatch(touch, recognizers: [], tracker: nil)
            }
            layoutIfNeeded()
        }
    }

    /// Runs `action` at `time` of simulated time (at once if that has passed); actions due at the
    /// same time run in the order they were scheduled. Returns a token for `cancelTimer`.
    @discardableResult
    public func schedule(at time: TimeInterval, _ action: @escaping () -> Void) -> Int {
        clock.schedule(at: time, action)
    }

    public func cancelTimer(_ token: Int) {
        clock.cancel(token)
    }
}
