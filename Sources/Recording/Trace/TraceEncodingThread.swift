import Foundation

/// Encodes trace frames on a thread of its own while the calling thread makes the next frame
/// (which comes from the UI, so it cannot move): with a million items, capturing a frame and
/// encoding one cost about the same, and two cores do both at once.
///
/// The caller sends a frame's rows and writes the text the thread hands back, on the calling
/// thread, in order. At most one frame waits beside the one being encoded, and at most
/// `textCapacity` bytes of text wait to be written (the encoder pauses until they are), so memory
/// stays bounded. The caller writes waiting text while it waits to send, so neither side can
/// wait for the other for ever.
/// `@unchecked`: every stored property but `encoder` is read and written only with `condition`
/// locked; `encoder` belongs to the encoding thread alone after `init`.
package final class TraceEncodingThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [[SceneTrace.Row]] = []
    private var texts: [String] = []
    private var textBytes = 0
    private var finished = false, stopped = false, done = false
    private var encoder: SceneTrace.Encoder
    package let textCapacity: Int

    /// About 8 MB of text waits at most.
    package static let defaultTextCapacity = 8 << 20

    package init(encoder: SceneTrace.Encoder, textCapacity: Int = TraceEncodingThread.defaultTextCapacity) {
        self.encoder = encoder
        self.textCapacity = textCapacity
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Hands over a frame's rows, waiting while a frame already waits, and writing the text
    /// that is ready meanwhile.
    package func send(_ rows: [SceneTrace.Row], writing write: (String) throws -> Void) rethrows {
        try drain(writing: write, until: { !$0.frames.isEmpty }, then: { $0.frames.append(rows) })
    }

    /// No more frames: writes the rest of the text, the encoder's end included, as it comes.
    package func finish(writing write: (String) throws -> Void) rethrows {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
        try drain(writing: write, until: { !$0.done }, then: { _ in })
    }

    /// Stops the thread early (the caller failed) and waits for it to end.
    package func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
    }

    /// Writes waiting text while `waiting` holds, then does `last` (all with the lock held,
    /// except the writes).
    private func drain(writing write: (String) throws -> Void, until waiting: (TraceEncodingThread) -> Bool,
                       then last: (TraceEncodingThread) -> Void) rethrows {
        condition.lock()
        while true {
            if !texts.isEmpty {
                let text = texts.removeFirst()
                textBytes -= text.utf8.count
                condition.broadcast()
                condition.unlock()
                try write(text)
                condition.lock()
                continue
            }
            guard waiting(self) else { break }
            condition.wait()
        }
        last(self)
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while let rows = nextFrame() {
            encoder.encode(frame: rows) { hand($0) }
        }
        hand(encoder.end())
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }

    private func nextFrame() -> [SceneTrace.Row]? {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && !finished && !stopped { condition.wait() }
        guard !stopped, !frames.isEmpty else { return nil }
        condition.broadcast()
        return frames.removeFirst()
    }

    /// Queues text for the caller, waiting while too much waits already.
    private func hand(_ text: String) {
        guard !text.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        while textBytes > 0 && textBytes + text.utf8.count > textCapacity && !stopped { condition.wait() }
        guard !stopped else { return }
        texts.append(text)
        textBytes += text.utf8.count
        condition.broadcast()
    }
}
