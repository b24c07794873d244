import FrameIO
import Foundation
import Recording
import Vocabulary

extension GoldenStrategy {
    /// The motion: the trace (`trace.csv`, see `SceneTrace`) compared with the golden trace within
    /// ``GoldenCheck/motionTolerance``, a frame at a time as the UI is played, on a thread of its
    /// own; a difference is described per moving element (overshoot, settling time, peak speed,
    /// resting position), golden → now.
    public static let motion = GoldenStrategy(name: "motion", makePass: { try MotionPass(check: $0) }, describe: { result, limit in
        result.motion.map { [$0.report(limit: limit)] } ?? []
    })
}

/// The motion's part in a check: the rows of each frame played are handed over (`TraceChannel`) to
/// a thread that compares them with the golden trace, or records it, as they arrive. (A UI is never
/// played on another thread: its views, like UIKit's, belong to the thread that plays them.)
@MainActor
private final class MotionPass: GoldenPass {
    private let check: MotionCheck
    private let url: URL
    private let channel = TraceChannel()
    /// The motion thread's outcome, handed to the calling thread: set before `done` is signalled.
    private let outcome = LockBox<Result<MotionOutcome, Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(check: GoldenCheck) throws {
        self.check = MotionCheck(name: check.recorder.name, fps: check.recorder.fps, frameCount: check.recorder.frameCount,
                                 record: check.record, directory: check.directory, tolerance: check.motionTolerance,
                                 phases: check.phases)
        url = check.directory.appendingPathComponent(GoldenCheck.traceFileName)
        // Refused in every record mode: recording opens the file for writing, which blocks on a FIFO too.
        try GoldenFiles.requireRegularFileOrNothing(url, role: "golden trace")
        GoldenFiles.removeStalePartialFiles(of: url)
    }

    var missingGoldens: [URL] { FileManager.default.fileExists(atPath: url.path) ? [] : [url] }

    /// Every frame: the trace has a row per frame and element.
    var playedFrames: [Int] { Array(0..<check.frameCount) }

    func start() {
        let (check, url, channel, outcome, done) = (check, url, channel, outcome, done)
        let thread = Thread {
            let result = Result {
                do {
                    return try check.run(golden: url, actual: channel)
                } catch {
                    channel.abandon()
                    throw error
                }
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        // Room for deep stacks.
        thread.stackSize = 8 << 20
        thread.start()
    }

    func step(_ index: Int, of player: any RecordingPlayer) {
        channel.send { player.traceRows(frame: index) }
    }

    func finish() {
        channel.finish()
        done.wait()
    }

    func collect(into result: inout GoldenCheckResult) throws {
        if let outcome = try outcome.current?.get() {
            (result.motion, result.recordedTrace) = (outcome.comparison, outcome.recordedTrace)
        }
    }
}

/// What the motion check found: the comparison (none when the trace was recorded afresh) and
/// whether the golden trace was written.
private struct MotionOutcome {
    var comparison: MotionComparison?
    var recordedTrace: Bool
}

/// What the motion thread needs of the check: plain values, so that it shares nothing with the
/// thread that plays the UI.
private struct MotionCheck: Sendable {
    var name: String
    var fps: Double
    var frameCount: Int
    var record: RecordMode
    var directory: URL
    var tolerance: MotionTolerance
    var phases: [MotionPhase]

    /// Streams both traces: the rows the play hands over are compared (and, when recorded,
    /// written) a frame at a time, against the golden trace read a frame at a time. The actual
    /// trace is kept in a temporary file for the second pass that measures the motion of items
    /// that differ, and becomes the golden under `--record failed` when it differs.
    func run(golden url: URL, actual channel: TraceChannel) throws -> MotionOutcome {
        let frames = 0...(frameCount - 1)
        var encoder = SceneTrace.Encoder(format: .compactCSV, scene: name, fps: fps,
                                         frameCount: frameCount, frames: frames)
        guard record != .all, FileManager.default.fileExists(atPath: url.path) else {
            try createDirectory(directory)
            let file = try AtomicFile.Writer(url)
            try file.append(encoder.begin())
            while let rows = channel.receive() { try encoder.encode(frame: rows) { try file.append($0) } }
            try file.commit()
            return MotionOutcome(comparison: nil, recordedTrace: true)
        }
        // The golden opened for its version is the first pass's reader; the second pass opens it again.
        var opened: (frames: MotionComparison.Frames, version: Int)? = try goldenTrace(url)
        let project: ([SceneTrace.Row]) -> [SceneTrace.Row] = opened?.version == 1 ? { SceneTrace.formatOne($0) } : { $0 }
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("springframes-trace-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).csv")
        // Removed at the end, and by the interruption handler if the check is stopped.
        Interruption.remember(temporaryFile: temporary.path)
        defer {
            try? FileManager.default.removeItem(at: temporary)
            Interruption.forget(temporaryFile: temporary.path)
        }
        let kept = try AtomicFile.Writer(temporary)
        var firstPass = true
        let comparison = try MotionComparison.compare(reference: {
            defer { opened = nil }
            return try opened?.frames ?? goldenTrace(url).frames
        }, actual: {
            guard firstPass else {
                let frames = try Self.traceFile(temporary, fps: fps) {
                    FileWriteError(path: temporary.path, reason: "cannot read back the trace written during the check (\($0))")
                }.frames
                return { try frames().map(project) }
            }
            firstPass = false
            try kept.append(encoder.begin())
            var ended = false
            return {
                // Asked again after its end while the golden goes on (a golden from a longer recording).
                guard !ended else { return nil }
                guard let rows = channel.receive() else {
                    ended = true
                    try kept.commit()
                    return nil
                }
                try encoder.encode(frame: rows) { try kept.append($0) }
                return project(rows)
            }
        }, tolerance: tolerance, phases: phases)
        guard record == .failed, !comparison.passes else { return MotionOutcome(comparison: comparison, recordedTrace: false) }
        // Under --record failed the trace that differs becomes the golden (in format 3).
        let golden = try AtomicFile.Writer(url)
        let handle = try FileHandle(forReadingFrom: temporary)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { try golden.append([UInt8](chunk)) }
        try golden.commit()
        return MotionOutcome(comparison: comparison, recordedTrace: true)
    }

    /// The golden trace, read a frame at a time, and its format version.
    func goldenTrace(_ url: URL) throws -> (frames: MotionComparison.Frames, version: Int) {
        try Self.traceFile(url, fps: fps) { GoldenError(path: url.path, message: "cannot read the golden trace (\($0))") }
    }

    /// A trace file read a frame at a time; `unreadable` makes the error for a file that cannot be read.
    static func traceFile(_ url: URL, fps: Double,
                                  unreadable: @escaping (String) -> Error)
        throws -> (frames: MotionComparison.Frames, version: Int) {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch { throw unreadable(error.localizedDescription) }
        var frames = try SceneTrace.CSVFrames(file: url.path, fps: fps) {
            do {
                let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
                return chunk.isEmpty ? nil : [UInt8](chunk)
            } catch {
                throw unreadable(error.localizedDescription)
            }
        }
        return ({ try frames.next() }, frames.version)
    }
}
