import Dynamics
import Foundation

extension UICollectionView {
    /// Moves simulated time forward to `time`: timers and gesture deadlines fire at their exact
    /// times, scrolling and controllers update on each 120 Hz display tick, and the layout's
    /// animators step up to every one of those moments and finally to `time`.
    public func advance(to time: TimeInterval) {
        guard time.isFinite, time > currentTime else { return }
        while true {
            let tickTime = Double(ticksDone + 1) * Self.displayTickInterval
            let timerTime = nextTimerTime()
            let next = min(time, tickTime, timerTime ?? .infinity)
            stepAnimators(to: next)
            currentTime = next
            if let timerTime, timerTime <= next { fireDueTimers() }
            if tickTime <= next {
                ticksDone += 1
                displayTick()
            }
            if next >= time { break }
        }
    }

    /// Advances to the touch's time, then delivers it to the gesture recognizers (in the order they
    /// were added) and to the highlight and selection tracking.
    public func send(_ touch: Touch) {
        advance(to: touch.timestamp)
        trackTouch(touch)
        for recognizer in gestureRecognizers { recognizer.deliver(touch) }
        finishTouchTracking(touch)
    }

    /// Runs `action` at `time` of simulated time (at once if that has passed); actions due at the
    /// same time run in the order they were scheduled. Returns a token for `cancelTimer`.
    @discardableResult
    public func schedule(at time: TimeInterval, _ action: @escaping () -> Void) -> Int {
        nextTimerSequence += 1
        timers.append(Timer(time: max(time, currentTime), sequence: nextTimerSequence, action: action))
        return nextTimerSequence
    }

    public func cancelTimer(_ token: Int) {
        timers.removeAll { $0.sequence == token }
    }

    private func nextTimerTime() -> TimeInterval? {
        var earliest = timers.map(\.time).min()
        for recognizer in gestureRecognizers {
            if let deadline = recognizer.deadline { earliest = min(earliest ?? deadline, deadline) }
        }
        return earliest
    }

    private func fireDueTimers() {
        // Gesture deadlines first (a long press begins), then timers in (time, sequence) order;
        // an action may schedule more, which run in a later pass if due.
        for recognizer in gestureRecognizers {
            if let deadline = recognizer.deadline, deadline <= currentTime { recognizer.fireDeadline(at: currentTime) }
        }
        while let index = timers.indices.filter({ timers[$0].time <= currentTime })
            .min(by: { (timers[$0].time, timers[$0].sequence) < (timers[$1].time, timers[$1].sequence) }) {
            let timer = timers.remove(at: index)
            timer.action()
        }
    }

    private func stepAnimators(to time: TimeInterval) {
        collectionViewLayout.advanceAnimators(to: time)
    }

    private func displayTick() {
        updateScrollAnimation()
        for interaction in interactions { interaction.collectionView(self, didTickAt: currentTime) }
        pruneMoveAnimations()
    }
}
