import FrameIO
import Foundation
import DisplayList
import Recording
import Raster

/// A golden that cannot be used: missing where the record mode forbids recording it, or unreadable.
public struct GoldenError: Error, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Checks a scene, or any UI a `Recorder` plays, against its golden directory: its motion and
/// its pixels, side by side, in one play of the UI.
///
/// A golden directory holds what `springframes render` writes for some of the frames
/// (`frame_00000.png` …, every Nth frame and the last, with their `manifest.json`) and
/// `trace.csv`, the trace with repeated rows left out. Goldens are written as small PNGs.
///
/// ```swift
/// var check = GoldenCheck(scene: scene, font: try Font.named(), directory: URL(fileURLWithPath: "goldens/drag"))
/// check.record = .never
/// check.artifacts = URL(fileURLWithPath: "out/drag-diff")
/// let result = try check.run()
/// print(result.summary())
/// ```
@MainActor
public struct GoldenCheck {
    /// What is checked.
    public var recorder: Recorder
    /// Captions the sheet of failing frames.
    public var font: Font
    public var directory: URL
    public var record: RecordMode = .missing
    /// Golden frames are every Nth frame and the last; nil keeps the golden's spacing (every frame
    /// for a new golden).
    public var every: Int?
    public var checksFrames = true
    public var checksMotion = true
    public var frameTolerance = FrameTolerance()
    public var motionTolerance = MotionTolerance()
    /// Threads that draw, read and compare frames.
    public var workers: Int
    /// Where to write, per failing frame, the golden, the frame now, a diff image and a golden |
    /// now | diff strip; a sheet of the failing frames; and the report, as `report.txt` and as
    /// `report.html` to open in a browser. Nil writes none.
    public var artifacts: URL?
    /// Writes the report to `artifacts` when the check passes too.
    public var reportsWhenPassing = false
    /// How to record the golden again, as the report gives it: a command line, or the test
    /// command with `SPRINGFRAMES_RECORD`.
    public var rerecord: String?

    public static let traceFileName = "trace.csv"

    /// Checks what `recorder` records. A recorder of a UI instance can be checked once.
    /// `workers` defaults to as many as fit in memory (`WorkerBudget`), at most one per core.
    public init(recorder: Recorder, font: Font, directory: URL, workers: Int? = nil) {
        self.recorder = recorder
        self.font = font
        self.directory = directory
        self.workers = max(1, workers ?? Self.budget(recorder.canvas).workers)
    }

    static func budget(_ canvas: CanvasSettings) -> WorkerBudget {
        WorkerBudget(pixelsPerFrame: canvas.pixelWidth * canvas.pixelHeight, bytesPerPixel: WorkerBudget.checkBytesPerPixel)
    }

    /// The frames a golden with this spacing holds: 0, every, 2·every, … and the last.
    public static func frames(frameCount: Int, every: Int) -> [Int] {
        var frames = Array(stride(from: 0, to: frameCount, by: max(1, every)))
        if let last = frames.last, last != frameCount - 1 { frames.append(frameCount - 1) }
        return frames
    }

    /// Compares, records what the record mode says to record, writes the failure artifacts, and
    /// returns what happened. Throws `GoldenError` for a golden that is missing under `.never` or
    /// unreadable, `SceneError` for a golden trace that is not one, and I/O errors.
    public func run(progress: ((Int, Int) -> Void)? = nil) throws -> GoldenCheckResult {
        let manifestURL = directory.appendingPathComponent(FrameManifest.fileName)
        let traceURL = directory.appendingPathComponent(Self.traceFileName)
        let golden = checksFrames ? try readManifest(manifestURL) : nil
        if record == .never {
            try requireGoldens(missing: (checksFrames && golden == nil ? [manifestURL] : [])
                + (checksMotion && !FileManager.default.fileExists(atPath: traceURL.path) ? [traceURL] : []))
        }
        if let golden, record != .all { try requireMatch(golden, manifest: manifestURL) }
        let every = self.every ?? golden.map(Self.spacing) ?? 1
        var result = GoldenCheckResult(scene: recorder.name, directory: directory, record: record, frameCount: recorder.frameCount,
                                       every: every, frameTolerance: frameTolerance)
        result.canvas = recorder.canvas
        if let golden, record != .all, (golden.width, golden.height) != (recorder.canvas.pixelWidth, recorder.canvas.pixelHeight) {
            result.sizeNote = "the golden's frames are \(golden.width)×\(golden.height) px and the scene renders "
                + "\(recorder.canvas.pixelWidth)×\(recorder.canvas.pixelHeight) px: check at the scale the golden was recorded at "
                + "(--scale), or record it again (--record all)"
        }
        let artifacts = try self.artifacts.map { try FailureArtifacts(directory: $0, frameCount: recorder.frameCount) }
        // The motion check compares each frame's trace rows with the golden trace on its own
        // thread, as they arrive; the UI is played once, on this thread, and the frame check
        // hands each frame's rows over as it steps. (A UI is never played on another thread: its
        // views, like UIKit's, belong to the thread that plays them.)
        let player = try recorder.play()
        let motion = MotionHandOver()
        let channel = checksMotion ? TraceChannel() : nil
        if let channel {
            let check = motionCheck
            startThread {
                motion.outcome = Result {
                    do {
                        return try check.run(golden: traceURL, actual: channel)
                    } catch {
                        channel.abandon()
                        throw error
                    }
                }
                motion.done.signal()
            }
        } else {
            motion.done.signal()
        }
        var framesError: Error?
        do {
            if checksFrames {
                try checkFrames(player, trace: channel, golden: golden, every: every, artifacts: artifacts, into: &result, progress: progress)
            } else if let channel {
                for index in 0..<recorder.frameCount { channel.send { player.traceRows(frame: index) } }
            }
        } catch {
            framesError = error
        }
        channel?.finish()
        motion.done.wait()
        if let framesError { throw framesError }
        if let outcome = try motion.outcome?.get() {
            (result.motion, result.recordedTrace) = (outcome.comparison, outcome.recordedTrace)
        }
        if let artifacts, !result.passes || reportsWhenPassing {
            // The report is never cut short: every changed element and failing frame.
            result.page = try artifacts.writePage(HTMLReport(result: result, rerecord: rerecord, directory: artifacts.directory).html)
            result.report = try artifacts.writeReport(result.summary(limit: .max))
        }
        return result
    }

    private func requireGoldens(missing: [URL]) throws {
        guard !missing.isEmpty else { return }
        let exists = FileManager.default.fileExists(atPath: directory.path)
        var names = missing.prefix(3).map(\.lastPathComponent).joined(separator: ", ")
        if missing.count > 3 { names += " and \(missing.count - 3) more" }
        let what = exists ? "the golden is incomplete: it has no \(names)" : "there is no golden directory here"
        throw GoldenError(path: directory.path, message: what + "; the record mode is never, so nothing is recorded. Record the "
                          + "golden once (--record missing, or \(RecordMode.environmentVariable)=missing), review it and commit it")
    }

    /// A golden recorded for another scene, length, spacing or scale cannot be checked against,
    /// and recording into it in part would mix two goldens: only `--record all` replaces it.
    private func requireMatch(_ golden: FrameManifest, manifest url: URL) throws {
        var mismatches: [String] = []
        if golden.scene != recorder.name {
            mismatches.append("it was recorded for scene \"\(golden.scene)\", not \"\(recorder.name)\"")
        }
        if golden.frameCount != recorder.frameCount || golden.fps != recorder.fps {
            mismatches.append("it holds a sequence of \(golden.frameCount) frames at \(golden.fps) fps and the scene now has "
                              + "\(recorder.frameCount) at \(recorder.fps) fps")
        }
        if let every, golden.frames.count >= 2, Self.spacing(of: golden) != every {
            mismatches.append("its frames are every \(Self.spacing(of: golden)) frames, not every \(every) (leave out --every "
                              + "to keep the golden's spacing)")
        }
        if let scale = golden.scale, scale != recorder.canvas.scale {
            mismatches.append("it was drawn at scale \(scale) and the scene draws at \(recorder.canvas.scale) (check with --scale \(scale))")
        }
        guard !mismatches.isEmpty else { return }
        throw GoldenError(path: directory.path, message: "this golden does not match the scene: " + mismatches.joined(separator: "; ")
                          + ". Nothing was recorded or removed. If the change is intended, record the golden again with "
                          + "--record all, review it and commit it")
    }

    /// The golden frame file a manifest entry names, which must be a frame file inside the
    /// golden folder (no `..`, no absolute path, no symbolic link that leads out of it).
    /// `folder` is the golden folder with its symbolic links resolved.
    private func goldenFile(_ entry: FrameManifest.Frame, at position: Int, manifest: URL, folder: String) throws -> URL {
        let url = directory.appendingPathComponent(entry.file)
        let inside = FrameManifest.isFrameFileName(entry.file)
            && url.resolvingSymlinksInPath().deletingLastPathComponent().path == folder
        guard inside else {
            throw GoldenError(path: manifest.path, message: "frames[\(position)].file is \"\(entry.file)\", which is not a frame file "
                              + "(frame_NNNNN.png) inside the golden folder; the manifest was edited or damaged. Nothing outside "
                              + "the folder is read: record the golden again with --record all")
        }
        return url
    }

    private func readManifest(_ url: URL) throws -> FrameManifest? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try FrameManifest.read(from: directory)
        } catch {
            throw GoldenError(path: url.path, message: "this is not a readable frame manifest (\(error)); record the golden again with --record all")
        }
    }

    /// The spacing of a golden's frames: the gap after its first frame.
    static func spacing(of manifest: FrameManifest) -> Int {
        let indices = manifest.frames.map(\.index).sorted()
        return indices.count >= 2 ? max(1, indices[1] - indices[0]) : 1
    }

    // MARK: Motion

    /// What the motion check found: the comparison (none when the trace was recorded afresh) and
    /// whether the golden trace was written.
    private struct MotionOutcome {
        var comparison: MotionComparison?
        var recordedTrace: Bool
    }

    /// The motion thread's outcome, handed to the calling thread through `done`: written before
    /// the signal, read after the wait.
    /// `@unchecked`: as said above, the semaphore orders the write before the read.
    private final class MotionHandOver: @unchecked Sendable {
        var outcome: Result<MotionOutcome, Error>?
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs `body` on a thread with room for deep stacks.
    private func startThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// What the motion thread needs of the check: plain values, so that it shares nothing with
    /// the thread that plays the UI.
    private var motionCheck: MotionCheck {
        MotionCheck(name: recorder.name, fps: recorder.fps, frameCount: recorder.frameCount, record: record, directory: directory,
                    tolerance: motionTolerance)
    }

    private struct MotionCheck: Sendable {
        var name: String
        var fps: Double
        var frameCount: Int
        var record: RecordMode
        var directory: URL
        var tolerance: MotionTolerance

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
                return {
                    guard let rows = channel.receive() else {
                        try kept.commit()
                        return nil
                    }
                    try encoder.encode(frame: rows) { try kept.append($0) }
                    return project(rows)
                }
            }, tolerance: tolerance)
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

    // MARK: Frames

    /// What a worker found for one frame.
    private struct FrameOutcome {
        var failure: GoldenCheckResult.FrameFailure?
        /// The frame as a golden PNG and the digest of its pixels, when it is to be recorded.
        var golden: [UInt8]?
        var pixels: String?
        var diff: [UInt8]?, strip: [UInt8]?, now: [UInt8]?
        /// Reference, actual and diff, small, for the sheet of failing frames.
        var thumbnails: [Canvas] = []
        var compared = false
    }

    /// Steps `player` through the frames, hands every frame's trace rows to `trace` (when the
    /// motion is checked), and compares (or records) the golden frames on the workers.
    private func checkFrames(_ player: any RecordingPlayer, trace: TraceChannel?, golden: FrameManifest?, every: Int,
                             artifacts: FailureArtifacts?, into result: inout GoldenCheckResult,
                             progress: ((Int, Int) -> Void)?) throws {
        let frames = Self.frames(frameCount: recorder.frameCount, every: every)
        let wanted = Set(frames)
        // Golden frames on disk, by frame number (none when everything is recorded again).
        var goldenFiles: [Int: (url: URL, entry: FrameManifest.Frame)] = [:]
        let manifestURL = directory.appendingPathComponent(FrameManifest.fileName)
        let folder = directory.resolvingSymlinksInPath().path
        for (position, frame) in (golden?.frames ?? []).enumerated() where wanted.contains(frame.index) {
            let url = try goldenFile(frame, at: position, manifest: manifestURL, folder: folder)
            if FileManager.default.fileExists(atPath: url.path) { goldenFiles[frame.index] = (url, frame) }
        }
        if record == .never {
            try requireGoldens(missing: frames.filter { goldenFiles[$0] == nil }.map {
                directory.appendingPathComponent(FrameSequenceWriter.fileName(forFrame: $0, frameCount: recorder.frameCount))
            })
        }
        if record == .all { goldenFiles = [:] }

        let canvas = recorder.canvas
        let drawer = recorder.drawer
        let pool = CanvasPool(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale)
        let tolerance = frameTolerance, record = self.record, fps = recorder.fps
        let labels = artifacts == nil ? nil : font
        let references = goldenFiles
        var writer: FrameSequenceWriter?
        var recorded: Set<Int> = []
        var sheet = FailureSheet(limit: FailureSheet.defaultLimit)
        var done = 0

        try FramePipeline(workers: workers).run(
            frames: trace == nil ? frames : Array(0..<recorder.frameCount),
            prepare: { index -> RecordedFrame? in
                trace?.send { player.traceRows(frame: index) }
                return wanted.contains(index) ? player.frame(index) : nil
            },
            render: { index, frame -> FrameOutcome? in
                guard let frame else { return nil }
                return try pool.withCanvas(background: canvas.background) { actual in
                    drawer.draw(frame, into: actual)
                    var outcome = FrameOutcome()
                    let pixels = PixelDigest.hex(of: actual)
                    if let reference = references[index] {
                        outcome.compared = true
                        // Byte for byte first: the golden file is the one recorded, from these very pixels.
                        if reference.entry.pixels == pixels, try Self.sha256(ofFile: reference.url) == reference.entry.sha256 {
                            return outcome
                        }
                        try pool.withCanvas(background: .clear) { spare in
                            let image: Canvas
                            do {
                                image = try PNGCodec.read(contentsOf: reference.url, scale: actual.scale, reusing: spare,
                                                          expecting: (actual.width, actual.height))
                            } catch let size as PNGSizeError where size.expected != nil {
                                // Told from the header, before a pixel is allocated for it.
                                let mismatch = FrameSizeMismatch(reference: (size.width, size.height), actual: (actual.width, actual.height))
                                outcome.failure = .init(frame: index, time: Double(index) / fps, reason: .sizeMismatch(mismatch.description))
                                return
                            } catch {
                                // Under --record failed an unreadable golden frame is a failing one, recorded again.
                                guard record == .failed else {
                                    throw GoldenError(path: reference.url.path, message: "cannot read this golden frame (\(error)); "
                                                      + "record it again with --record failed")
                                }
                                outcome.failure = .init(frame: index, time: Double(index) / fps, reason: .unreadable("\(error)"))
                                return
                            }
                            outcome.failure = try Self.compare(frame: index, time: Double(index) / fps, reference: image, actual: actual,
                                                               tolerance: tolerance, artifacts: labels, into: &outcome)
                        }
                        if outcome.failure != nil, labels != nil { outcome.now = try PNGCodec.encode(actual) }
                        if outcome.failure != nil && record == .failed {
                            outcome.golden = try PNGCodec.encodeSmallest(actual)
                            outcome.pixels = pixels
                        }
                    } else {
                        outcome.golden = try PNGCodec.encodeSmallest(actual)
                        outcome.pixels = pixels
                    }
                    return outcome
                }
            },
            write: { index, outcome in
                guard let outcome else { return }
                if outcome.compared { result.framesCompared += 1 }
                if var failure = outcome.failure {
                    if let artifacts {
                        // The golden frame as it is now, before --record failed replaces it.
                        var golden: [UInt8]?
                        if case .unreadable = failure.reason {} else { golden = try references[index].map { try Self.bytes(ofFile: $0.url) } }
                        (failure.diff, failure.strip, failure.golden, failure.now) = try artifacts.write(
                            frame: index, .init(diff: outcome.diff, strip: outcome.strip, golden: golden, now: outcome.now))
                        sheet.add(frame: index, failure: failure, thumbnails: outcome.thumbnails)
                    }
                    result.failures.append(failure)
                }
                if let png = outcome.golden {
                    if writer == nil {
                        writer = try FrameSequenceWriter(directory: directory, scene: recorder.name, width: canvas.pixelWidth,
                                                         height: canvas.pixelHeight, fps: recorder.fps, frameCount: recorder.frameCount,
                                                         scale: canvas.scale, keepsManifest: record != .all)
                    }
                    try writer?.write(frame: index, png: png, pixels: outcome.pixels)
                    recorded.insert(index)
                }
                done += 1
                progress?(done, frames.count)
            }
        )
        if let writer {
            for index in frames where !recorded.contains(index) {
                if let reference = references[index] { writer.keep(reference.entry) }
            }
            // Only a golden recorded again whole loses the frames it no longer lists.
            try writer.finish(removing: record == .all ? .unlisted : .none)
        }
        result.recordedFrames = recorded.sorted()
        if let artifacts, let canvas = sheet.draw(font: font) {
            result.sheet = try artifacts.writeSheet(canvas)
        }
    }

    nonisolated static func sha256(ofFile url: URL) throws -> String {
        SHA256.hex(of: try bytes(ofFile: url))
    }

    nonisolated static func bytes(ofFile url: URL) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw GoldenError(path: url.path, message: "cannot read this golden frame (\(error.localizedDescription))")
        }
    }

    /// Compares one frame; on a failure, fills in the artifacts when asked for, labelled in `artifacts`.
    nonisolated private static func compare(frame: Int, time: Double, reference: Canvas, actual: Canvas, tolerance: FrameTolerance,
                                artifacts: Font?, into outcome: inout FrameOutcome) throws -> GoldenCheckResult.FrameFailure? {
        let comparison: FrameComparison
        do {
            comparison = try FrameComparison.compare(reference: reference, actual: actual, tolerance: tolerance)
        } catch let mismatch as FrameSizeMismatch {
            if let font = artifacts {
                let blank = Canvas(pixelWidth: 1, pixelHeight: 1, background: .white)
                outcome.strip = try PNGCodec.encode(FrameComparison.strip(reference: reference, actual: actual, diff: blank, font: font))
            }
            return .init(frame: frame, time: time, reason: .sizeMismatch(mismatch.description))
        }
        guard !comparison.passes, let diff = comparison.diffImage else { return nil }
        if let font = artifacts {
            outcome.diff = try PNGCodec.encode(diff)
            outcome.strip = try PNGCodec.encode(FrameComparison.strip(reference: reference, actual: actual, diff: diff, font: font))
            outcome.thumbnails = [reference, actual, diff].map { FailureSheet.thumbnail(of: $0) }
        }
        return .init(frame: frame, time: time, reason: .differs(differing: comparison.differingPixels,
                                                                antialiased: comparison.antialiasedPixels,
                                                                total: comparison.totalPixels))
    }
}

func createDirectory(_ url: URL) throws {
    do {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
        throw FileWriteError(path: url.path, reason: "cannot create the directory (\(error.localizedDescription))")
    }
}
