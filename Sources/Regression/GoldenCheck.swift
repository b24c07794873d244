import FrameIO
import Foundation
import DisplayList
import Recording
import Raster

/// A golden that cannot be used: missing where the record mode forbids recording it, or unreadable.
public struct GoldenError: Error, CustomStringConvertible {
    /// The golden directory or file at fault.
    public var path: String
    /// What is wrong with it and what to do.
    public var message: String

    /// An error about the golden at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The path, then the message.
    public var description: String { "\(path): \(message)" }
}

/// Checks a scene, or any UI a `Recorder` plays, against its golden directory: its motion and
/// its pixels, side by side, in one play of the UI.
///
/// A golden directory holds what `springframes render` writes for some of the frames
/// (`frame_00000.png` …, every Nth frame and the last, with their `manifest.json`) and
/// `trace.csv`, the trace with repeated rows left out. Goldens are written as small PNGs.
/// What is checked is a list of ``GoldenStrategy`` values, ``strategies``: by default the frames
/// and the motion.
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
    /// The golden directory: frames, `manifest.json` and `trace.csv`.
    public var directory: URL
    /// Which goldens are recorded: see ``RecordMode``.
    public var record: RecordMode = .missing
    /// Golden frames are every Nth frame and the last; nil keeps the golden's spacing (every frame
    /// for a new golden).
    public var every: Int?
    /// What is captured and compared, each against its own golden files, in one play of the UI:
    /// by default ``GoldenStrategy/frames`` and ``GoldenStrategy/motion``.
    public var strategies: [GoldenStrategy] = GoldenStrategy.all
    /// Whether the frames are checked: whether ``strategies`` holds ``GoldenStrategy/frames``.
    /// Setting it adds or removes that strategy.
    public var checksFrames: Bool {
        get { strategies.contains(.frames) }
        set { include(.frames, newValue) }
    }
    /// Whether the motion is checked: whether ``strategies`` holds ``GoldenStrategy/motion``.
    /// Setting it adds or removes that strategy.
    public var checksMotion: Bool {
        get { strategies.contains(.motion) }
        set { include(.motion, newValue) }
    }
    /// How much a frame may differ from its golden frame and still match.
    public var frameTolerance = FrameTolerance()
    /// How far a traced element may move from the golden trace and still match.
    public var motionTolerance = MotionTolerance()
    /// The phases whose motion a failure describes on its own: by default the whole recording,
    /// each touch and the release after it (from the recorder's touch script) and a phase per
    /// mark (`Recorder.mark(_:at:)`, a scene's `marks`). Append a ``MotionPhase/span(_:from:to:)``
    /// to measure any other stretch.
    public var phases: [MotionPhase]
    /// The phase the report shows first (its plots and table, the whole recording a click away):
    /// nil picks the first response phase (a release or a mark) in which something changed,
    /// else the first phase that changed.
    public var focus: String?
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

    /// The golden trace's file name in the golden directory.
    public static let traceFileName = "trace.csv"

    /// Checks what `recorder` records. A recorder of a UI instance can be checked once.
    /// `workers` defaults to as many as fit in memory (`WorkerBudget`), at most one per core.
    public init(recorder: Recorder, font: Font, directory: URL, workers: Int? = nil) {
        self.recorder = recorder
        self.font = font
        self.directory = directory
        self.workers = max(1, workers ?? Self.budget(recorder.canvas).workers)
        phases = MotionPhase.phases(duration: recorder.duration, touches: recorder.touches, marks: recorder.marks)
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
        // Before any pass counts frames: a NaN or negative duration trapped in a range there.
        try recorder.validate()
        var listed: Set<GoldenStrategy> = []
        let passes = try strategies.filter { listed.insert($0).inserted }.map { try $0.makePass(self) }
        if record == .never { try requireGoldens(missing: passes.flatMap(\.missingGoldens)) }
        for pass in passes { try pass.requireMatch() }
        var result = GoldenCheckResult(scene: recorder.name, directory: directory, record: record, frameCount: recorder.frameCount,
                                       every: every ?? 1, frameTolerance: frameTolerance)
        result.canvas = recorder.canvas
        for pass in passes { pass.prepare(&result) }
        let artifacts = try self.artifacts.map { try FailureArtifacts(directory: $0, frameCount: recorder.frameCount) }
        // The UI is played once, on this thread, for every pass: the frames each needs, in order.
        // One pass may step it itself (the frames, to hand them to workers); the others take their
        // part in each frame it steps.
        let player = try recorder.play()
        for pass in passes { pass.start() }
        let played = Set(passes.flatMap(\.playedFrames)).sorted()
        let driver = passes.first { $0.playsFrames }
        let others = passes.filter { $0 !== driver }
        let step = { (index: Int) in for pass in others { pass.step(index, of: player) } }
        var playError: Error?
        do {
            if let driver {
                try driver.play(player, frames: played, step: step, artifacts: artifacts, into: &result, progress: progress)
            } else {
                for index in played { step(index) }
            }
        } catch {
            playError = error
        }
        for pass in passes { pass.finish() }
        if let playError { throw playError }
        for pass in passes { try pass.collect(into: &result) }
        if let artifacts, !result.passes || reportsWhenPassing {
            // The report is never cut short: every changed element and failing frame.
            var report = HTMLReport(result: result, rerecord: rerecord, directory: artifacts.directory)
            report.focus = focus
            result.page = try artifacts.writePage(report.html)
            result.report = try artifacts.writeReport(result.summary(limit: .max))
        }
        return result
    }

    /// Adds `strategy` where the built-in order puts it, or removes it.
    private mutating func include(_ strategy: GoldenStrategy, _ included: Bool) {
        guard included else {
            strategies.removeAll { $0 == strategy }
            return
        }
        guard !strategies.contains(strategy), let rank = GoldenStrategy.all.firstIndex(of: strategy) else { return }
        let position = strategies.firstIndex { GoldenStrategy.all.firstIndex(of: $0).map { $0 > rank } ?? false } ?? strategies.count
        strategies.insert(strategy, at: position)
    }

    /// Throws the `GoldenError` that names the missing golden files, if any are (under `.never`).
    func requireGoldens(missing: [URL]) throws {
        guard !missing.isEmpty else { return }
        let exists = FileManager.default.fileExists(atPath: directory.path)
        var names = missing.prefix(3).map(\.lastPathComponent).joined(separator: ", ")
        if missing.count > 3 { names += " and \(missing.count - 3) more" }
        let what = exists ? "the golden is incomplete: it has no \(names)" : "there is no golden directory here"
        throw GoldenError(path: directory.path, message: what + "; the record mode is never, so nothing is recorded. Record the "
                          + "golden once (--record missing, or \(RecordMode.environmentVariable)=missing), review it and commit it")
    }
}

func createDirectory(_ url: URL) throws {
    do {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
        throw FileWriteError(path: url.path, reason: "cannot create the directory (\(error.localizedDescription))")
    }
}
