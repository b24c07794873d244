import Foundation
import Recording

/// What a golden check found and what it recorded.
public struct GoldenCheckResult: Sendable {
    /// A golden frame that the frame now does not match.
    public struct FrameFailure: Sendable {
        /// Why the frame fails.
        public enum Reason: Equatable, Sendable {
            /// Beyond the pixel budget: pixels that differ, and those that differ only by anti-aliasing.
            case differs(differing: Int, antialiased: Int, total: Int)
            case sizeMismatch(String)
            /// The golden frame could not be decoded (recorded again under `--record failed`).
            case unreadable(String)
        }

        /// The frame's number.
        public var frame: Int
        /// Seconds.
        public var time: Double
        /// Why it fails.
        public var reason: Reason
        /// The diff image, the golden | now | diff strip, a copy of the golden frame and the frame
        /// now, when artifacts were written.
        public var diff: URL?
        public var strip: URL?
        public var golden: URL?
        public var now: URL?
    }

    /// The name of the scene, or of the UI a recorder plays.
    public var scene: String
    /// The golden directory.
    public var directory: URL
    /// The record mode the check ran under.
    public var record: RecordMode
    /// The frames of the whole recording.
    public var frameCount: Int
    /// The golden's frame spacing.
    public var every: Int
    /// The size and scale of the frames checked.
    public var canvas: CanvasSettings?
    /// The tolerance frames were compared with.
    public var frameTolerance: FrameTolerance
    /// Frames compared with a golden frame (not recorded for the first time).
    public var framesCompared = 0
    /// The golden frames that do not match, in frame order.
    public var failures: [FrameFailure] = []
    /// The motion comparison; nil when the trace was not compared (not checked, or recorded anew).
    public var motion: MotionComparison?
    /// Why every frame differs in size, when the golden and the scene do.
    public var sizeNote: String?
    /// The golden frames written, by frame number.
    public var recordedFrames: [Int] = []
    /// Whether the golden trace was written.
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

    /// Whether any golden file was written.
    public var recordedAnything: Bool { !recordedFrames.isEmpty || recordedTrace }

    /// Everything compared matches and nothing was recorded (a recorded golden is reviewed before
    /// a check may pass on it).
    public var passes: Bool { failures.isEmpty && (motion?.passes ?? true) && !recordedAnything }

    /// What happened, in words: the motion report, the failing frames with their strips, what was
    /// recorded and where the artifacts are.
    public func summary(limit: Int = 10) -> String {
        var lines: [String] = []
        for strategy in GoldenStrategy.reportOrder { lines += strategy.describe(self, limit) }
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
}
