import Foundation
import Recording

/// What a golden check found and what it recorded.
public struct GoldenCheckResult: Sendable {
    public struct FrameFailure: Sendable {
        public enum Reason: Equatable, Sendable {
            /// Beyond the pixel budget: pixels that differ, and those that differ only by anti-aliasing.
            case differs(differing: Int, antialiased: Int, total: Int)
            case sizeMismatch(String)
            /// The golden frame could not be decoded (recorded again under `--record failed`).
            case unreadable(String)
        }

        public var frame: Int
        /// Seconds.
        public var time: Double
        public var reason: Reason
        /// The diff image, the golden | now | diff strip, a copy of the golden frame and the frame
        /// now, when artifacts were written.
        public var diff: URL?
        public var strip: URL?
        public var golden: URL?
        public var now: URL?
    }

    public var scene: String
    public var directory: URL
    public var record: RecordMode
    public var frameCount: Int
    /// The golden's frame spacing.
    public var every: Int
    /// The size and scale of the frames checked.
    public var canvas: CanvasSettings?
    public var frameTolerance: FrameTolerance
    /// Frames compared with a golden frame (not recorded for the first time).
    public var framesCompared = 0
    public var failures: [FrameFailure] = []
    /// The motion comparison; nil when the trace was not compared (not checked, or recorded anew).
    public var motion: MotionComparison?
    /// Why every frame differs in size, when the golden and the scene do.
    public var sizeNote: String?
    public var recordedFrames: [Int] = []
    public var recordedTrace = false
    /// The sheet of failing frames and the report (text and page), when artifacts were written.
    public var sheet: URL?
    public var report: URL?
    public var page: URL?

    init(scene: String, directory: URL, record: RecordMode, frameCount: Int, every: Int, frameTolerance: FrameTolerance) {
        self.scene = scene
        self.directory = directory
        self.record = record
        self.frameCount = frameCount
        self.every = every
        self.frameTolerance = frameTolerance
    }

    public var recordedAnything: Bool { !recordedFrames.isEmpty || recordedTrace }

    /// Everything compared matches and nothing was recorded (a recorded golden is reviewed before
    /// a check may pass on it).
    public var passes: Bool { failures.isEmpty && (motion?.passes ?? true) && !recordedAnything }

    /// What happened, in words: the motion report, the failing frames with their strips, what was
    /// recorded and where the artifacts are.
    public func summary(limit: Int = 10) -> String {
        var lines: [String] = []
        if let motion { lines.append(motion.report(limit: limit)) }
        let spacing = every == 1 ? "every frame" : "every \(every)th frame and the last"
        if framesCompared > 0 || !failures.isEmpty {
            lines.append(failures.isEmpty
                ? "frames: \(framesCompared) compared (\(spacing) of \(frameCount)), all match"
                : "frames: \(failures.count) of \(framesCompared) compared differ (\(spacing) of \(frameCount); \(toleranceText))")
        }
        if let sizeNote, !failures.isEmpty { lines.append("  " + sizeNote) }
        for failure in failures.prefix(limit) {
            var line = "  frame \(failure.frame) (\(String(format: "%.3f", failure.time)) s): "
            switch failure.reason {
            case let .differs(differing, antialiased, total):
                line += "\(differing) px differ (\(String(format: "%.3f", 100 * Double(differing) / Double(max(1, total)))) %)"
                if antialiased > 0 { line += ", \(antialiased) more only by anti-aliasing" }
            case .sizeMismatch(let message):
                line += message
            case .unreadable(let message):
                line += "the golden frame cannot be read (\(message))"
            }
            if let strip = failure.strip { line += " → \(strip.path)" }
            lines.append(line)
        }
        if failures.count > limit { lines.append("  … and \(failures.count - limit) more frames") }
        if recordedAnything {
            var parts: [String] = []
            if !recordedFrames.isEmpty { parts.append(counted(recordedFrames.count, "golden frame")) }
            if recordedTrace { parts.append("the golden trace") }
            lines.append("recorded \(parts.joined(separator: " and ")) in \(directory.path) (record mode \(record.rawValue)): "
                         + "review and commit them; the check fails while it records")
        }
        if let sheet { lines.append("failing frames, golden over now over diff: \(sheet.path)") }
        if let page { lines.append("the report to open in a browser: \(page.path)") }
        if let report { lines.append("this report: \(report.path)") }
        return lines.joined(separator: "\n")
    }

    private var toleranceText: String {
        let budget: String
        switch frameTolerance.pixelBudget {
        case .count(let count): budget = "\(count) px"
        case .ratio(let ratio): budget = "\(JSONValue.format(ratio * 100)) %"
        }
        return "threshold \(JSONValue.format(frameTolerance.threshold)), budget \(budget)"
            + (frameTolerance.countsAntialiasing ? ", anti-aliasing counted" : "")
    }
}
