import Foundation
import Recording

/// Hands one frame's trace rows at a time from the thread that plays the UI to the thread that
/// compares them, holding at most `rowCapacity` rows (and always at least one frame): the motion
/// check runs alongside the frame check on one play, in memory proportional to the items, not
/// the frames. A frame is released as soon as it is taken.
/// `@unchecked`: every stored property is read and written only with `condition` locked.
final class TraceChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [[SceneTrace.Row]] = []
    private var head = 0
    private var queuedRows = 0
    /// The size of the frame sent last, to wait for room for the next before making it.
    private var lastFrameRows = 0
    private var finished = false
    private var abandoned = false
    let rowCapacity: Int

    /// Rows waiting in the channel at most, unless one frame alone has more: about 40 MB.
    static let defaultRowCapacity = 1 << 18

    init(rowCapacity: Int = TraceChannel.defaultRowCapacity) {
        self.rowCapacity = max(1, rowCapacity)
    }

    /// The frames waiting to be taken.
    var queuedFrames: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count - head
    }

    /// The frames the channel's storage still holds, taken or not (for tests: taken frames are let go).
    var heldFrames: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }
    }

    /// Sends `rows` (see `send(_:)` taking a closure).
    func send(_ rows: [SceneTrace.Row]) {
        send { rows }
    }

    /// Waits while the channel is too full to take another frame as large as the last one (it
    /// takes a frame of any size when empty), then makes the frame and queues it. The frame is
    /// made after the wait, not before, so that no more than one frame waits beside the one the
    /// receiver holds. Does nothing once the receiver has abandoned the channel.
    func send(_ make: () -> [SceneTrace.Row]) {
        condition.lock()
        while head < queue.count && queuedRows + lastFrameRows > rowCapacity && !abandoned { condition.wait() }
        let abandoned = self.abandoned
        condition.unlock()
        guard !abandoned else { return }
        let rows = make()
        condition.lock()
        defer { condition.unlock() }
        while head < queue.count && queuedRows + rows.count > rowCapacity && !self.abandoned { condition.wait() }
        guard !self.abandoned else { return }
        queue.append(rows)
        queuedRows += rows.count
        lastFrameRows = rows.count
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
        queuedRows = 0
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame's rows; nil after `finish` and the last frame.
    func receive() -> [SceneTrace.Row]? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !finished { condition.wait() }
        guard head < queue.count else { return nil }
        // The slot lets go of the rows: the caller holds the only copy.
        let rows = queue[head]
        queue[head] = []
        head += 1
        queuedRows -= rows.count
        if head == queue.count || head > 64 {
            queue.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return rows
    }
}
