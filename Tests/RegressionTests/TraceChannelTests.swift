import Foundation
import Recording
@testable import Regression
import Testing

@Suite struct TraceChannelTests {
    static func rows(_ count: Int, frame: Int) -> [SceneTrace.Row] {
        (0..<count).map {
            SceneTrace.Row(frame: frame, time: Double(frame) / 60, id: String($0), section: 0, item: $0, x: 0, y: 0,
                           width: 1, height: 1, angle: 0, zIndex: 0, alpha: 1, hidden: false)
        }
    }

    /// A frame is let go as soon as it is taken: a check of a million items once held up to 80
    /// frames of rows (11 GB) because taken frames stayed in the queue until 64 had gone by.
    @Test func takenFramesAreLetGo() {
        let channel = TraceChannel(rowCapacity: 1000)
        for frame in 0..<3 { channel.send(Self.rows(10, frame: frame)) }
        #expect(channel.queuedFrames == 3)
        for frame in 0..<2 { #expect(channel.receive()?.first?.frame == frame) }
        #expect(channel.heldFrames == 1)
        #expect(channel.receive()?.count == 10)
        #expect(channel.heldFrames == 0)
        channel.finish()
        #expect(channel.receive() == nil)
    }

    /// The channel holds rows, not frames: a sender waits once the rows queued would pass the
    /// capacity, but a frame larger than the whole capacity still goes through an empty channel.
    @Test func sendersWaitForRoomCountedInRows() async {
        let channel = TraceChannel(rowCapacity: 25)
        channel.send(Self.rows(100, frame: 0))
        #expect(channel.queuedFrames == 1)
        let sent = Counter()
        let sender = Thread {
            channel.send(Self.rows(10, frame: 1))
            sent.add()
            channel.send(Self.rows(10, frame: 2))
            sent.add()
            channel.send(Self.rows(10, frame: 3))
            sent.add()
            channel.finish()
        }
        sender.start()
        usleep(50_000)
        #expect(sent.value == 0, "the channel is over its capacity: the sender waits")
        #expect(channel.receive()?.count == 100)
        while sent.value < 2 { usleep(1_000) }
        usleep(50_000)
        #expect(sent.value == 2, "20 rows queued, 10 more would pass 25: the third send waits")
        #expect(channel.queuedFrames == 2)
        var frames: [Int] = []
        while let rows = channel.receive() { frames.append(rows[0].frame) }
        #expect(frames == [1, 2, 3])
    }

    /// The next frame is made only once there is room for it, so that at most one frame waits
    /// beside the one the receiver is comparing.
    @Test func theNextFrameIsMadeOnlyWhenThereIsRoomForIt() {
        let channel = TraceChannel(rowCapacity: 150)
        channel.send(Self.rows(100, frame: 0))
        let made = Counter()
        let sender = Thread {
            channel.send {
                made.add()
                return Self.rows(100, frame: 1)
            }
            channel.finish()
        }
        sender.start()
        usleep(50_000)
        #expect(made.value == 0, "100 rows wait and the last frame had 100: the next is not made yet")
        #expect(channel.receive()?.first?.frame == 0)
        #expect(channel.receive()?.first?.frame == 1)
        #expect(made.value == 1)
        #expect(channel.receive() == nil)
    }

    /// `@unchecked`: `count` is touched only with `lock` held.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
