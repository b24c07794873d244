import Foundation

/// Renders and encodes frames on several threads and hands the results back in frame order.
///
/// The result of `render` is usually a frame's PNG bytes, but may be anything (a comparison with a
/// golden frame, say).
///
/// Three stages: `prepare` runs on the calling thread, frame after frame in order (it is where a
/// scene steps its physics, which is sequential by nature, and captures what to draw); `render`
/// runs on `workers` threads at once (rasterize and PNG-encode: independent per frame); `write`
/// runs on the calling thread in frame order. At most `capacity` frames are between `prepare` and
/// the end of `write`, so memory stays bounded however long the sequence is.
///
/// Output does not depend on the worker count: `render` must be a function of its frame alone,
/// and results are written in order whatever order they finish in.
///
/// ```swift
/// try FramePipeline(workers: 4).run(
///     frameCount: 120,
///     prepare: { index in player.frame(index) },                   // -> a view snapshot
///     render: { index, snapshot in try PNGCodec.encode(draw(snapshot)) },
///     write: { index, png in try writer.write(frame: index, png: png) }
/// )
/// ```
package struct FramePipeline {
    package var workers: Int
    /// Frames in flight at most (prepared and not yet written).
    package var capacity: Int

    /// `workers` defaults to the number of cores; `capacity` to twice the workers.
    package init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, capacity: Int? = nil) {
        self.workers = max(1, workers)
        self.capacity = max(1, capacity ?? 2 * self.workers)
    }

    package func run<Job: Sendable, Output: Sendable>(
        frames: [Int],
        prepare: (Int) throws -> Job,
        render: @escaping @Sendable (Int, Job) throws -> Output,
        write: (Int, Output) throws -> Void
    ) throws {
        let shared = SharedState<Job, Output>()
        let group = DispatchGroup()
        for _ in 0..<min(workers, max(1, frames.count)) {
            group.enter()
            let thread = Thread {
                shared.work(render)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer {
            shared.stop()
            group.wait()
        }

        var nextToPrepare = 0
        for (position, index) in frames.enumerated() {
            // Fill the window, then wait for the oldest frame.
            while nextToPrepare < frames.count && nextToPrepare - position < capacity {
                let frame = frames[nextToPrepare]
                let job = try prepare(frame)
                shared.submit(position: nextToPrepare, frame: frame, job: job)
                nextToPrepare += 1
            }
            let output = try shared.result(position: position).get()
            try write(index, output)
        }
    }

    /// Convenience for frames 0..<frameCount.
    package func run<Job: Sendable, Output: Sendable>(
        frameCount: Int,
        prepare: (Int) throws -> Job,
        render: @escaping @Sendable (Int, Job) throws -> Output,
        write: (Int, Output) throws -> Void
    ) throws {
        try run(frames: Array(0..<max(0, frameCount)), prepare: prepare, render: render, write: write)
    }
}

/// The queue of prepared jobs and the finished results, behind one condition variable.
/// `@unchecked`: every stored property is read and written only with `condition` locked.
private final class SharedState<Job: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(position: Int, frame: Int, job: Job)] = []
    private var queueHead = 0
    private var results: [Int: Result<Output, Error>] = [:]
    private var stopped = false

    func submit(position: Int, frame: Int, job: Job) {
        condition.lock()
        queue.append((position, frame, job))
        condition.broadcast()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the result for `position` is in, and takes it.
    func result(position: Int) -> Result<Output, Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[position] == nil { condition.wait() }
        return results.removeValue(forKey: position) ?? .failure(CancellationError())
    }

    /// A worker's loop: take the oldest job, render it, post the result; until stopped.
    func work(_ render: @Sendable (Int, Job) throws -> Output) {
        while true {
            condition.lock()
            while queueHead == queue.count && !stopped { condition.wait() }
            if stopped {     // finished, or the run failed: pending jobs are abandoned
                condition.unlock()
                return
            }
            let item = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            condition.unlock()

            let outcome = Result { try render(item.frame, item.job) }

            condition.lock()
            results[item.position] = outcome
            condition.broadcast()
            condition.unlock()
        }
    }
}
