import Foundation
import Recording
import Raster

/// A check that did not pass: what differs, or what was recorded for review; its description is
/// what the assertions of `SpringframesTesting` report.
public struct RegressionFailure: Error, CustomStringConvertible {
    public var result: GoldenCheckResult

    public init(result: GoldenCheckResult) {
        self.result = result
    }

    /// One line naming what failed, for a test report's headline: the first element whose
    /// motion changed and how ("motion: item 10: overshoot 53.7 % → 14.1 %, …"), else the first
    /// differing frame, else what was recorded.
    public var headline: String {
        if let motion = result.motion, !motion.passes {
            if let change = motion.changes.first { return "\"\(result.scene)\" motion: " + MotionComparison.describe(change) }
            return "\"\(result.scene)\" " + (motion.report(limit: 0).split(separator: "\n").first.map(String.init) ?? "motion differs")
        }
        if let frame = result.failures.first {
            return "\"\(result.scene)\" frames: \(counted(result.failures.count, "frame")) differ, first frame \(frame.frame)"
        }
        return description.split(separator: "\n").first.map(String.init) ?? description
    }

    public var description: String {
        let what = result.recordedAnything && result.failures.isEmpty && (result.motion?.passes ?? true)
            ? "recorded a golden for \"\(result.scene)\"; review it, then run the test again"
            : "\"\(result.scene)\" does not match its golden"
        return "\(what) (\(result.directory.path))\n\(result.summary())"
    }
}

/// Where an assertion's golden and artifacts live, and the check that compares with them.
package struct GoldenAssertion {
    package static let artifactsVariable = "SPRINGFRAMES_ARTIFACTS"

    package var golden: URL
    package var artifacts: URL
    package var record: RecordMode

    package init(name: String, record: RecordMode?, snapshotDirectory: URL?, file: StaticString, function: String,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let testFile = URL(fileURLWithPath: "\(file)")
        let testName = testFile.deletingPathExtension().lastPathComponent
        let entry = "\(Self.sanitized(function)).\(Self.sanitized(name))"
        let snapshots = snapshotDirectory
            ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(testName)
        golden = snapshots.appendingPathComponent(entry)
        let artifactsRoot = environment[Self.artifactsVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("springframes-artifacts")
        artifacts = artifactsRoot.appendingPathComponent(testName).appendingPathComponent(entry)
        self.record = try RecordMode.resolved(record, environment: environment)
    }

    /// A test function's name without its parameter list (`testDrag()` → `testDrag`), and any
    /// character a file name should not hold replaced by `-`.
    package static func sanitized(_ name: String) -> String {
        let base = name.prefix { $0 != "(" }
        let allowed = base.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-" || scalar == "." ? Character(scalar) : "-"
        }
        let text = String(allowed)
        return text.isEmpty ? "test" : text
    }

    /// The check of what `recorder` records against this golden, artifacts going to `artifacts`.
    @MainActor package func check(_ recorder: Recorder) throws -> GoldenCheck {
        var check = GoldenCheck(recorder: recorder, font: try Font.named(), directory: golden)
        check.record = record
        check.artifacts = artifacts
        return check
    }
}
