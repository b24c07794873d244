import Foundation
import Recording

/// Hands one frame's trace rows at a time from the thread that plays the UI to the thread that
/// compares them, holding at most `capacity` frames: the motion check runs alongside the frame
/// check on one play, in memory proportional to the items, not the frames.
/// `@unchecked`: every stored property is read and written only with `condition` locked.
final class TraceChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [[SceneTrace.Row]] = []
    private var head = 0
    private var finished = false
    private var abandoned = false
    let capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// Waits while the channel is full; does nothing once the receiver has abandoned it.
    func send(_ rows: [SceneTrace.Row]) {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - head >= capacity && !abandoned { condition.wait() }
        guard !abandoned else { return }
        queue.append(rows)
        condition.broadcast()
    }

    /// No more frames: `receive` returns nil once the queued ones are taken.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The receiver stops taking frames (it failed): senders no longer wait.
    func abandon() {
        condition.lock()
        abandoned = true
        queue = []
        head = 0
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame's rows; nil after `finish` and the last frame.
    func receive() -> [SceneTrace.Row]? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !finished { condition.wait() }
        guard head < queue.count else { return nil }
        let rows = queue[head]
        head += 1
        if head > 64 {
            queue.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return rows
    }
}
