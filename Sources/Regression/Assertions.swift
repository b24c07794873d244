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
    /// motion changed and how, in the first release or mark in which it changed when there is one
    /// ("motion, item 0, release (1.30–3.00 s): …, bounce 0.22 → 0.30, …"; else over the whole
    /// recording: "motion: item 10: overshoot 53.7 % → 14.1 %, …"), else the first
    /// differing frame, else what was recorded.
    public var headline: String {
        if let motion = result.motion, !motion.passes {
            if let change = motion.changes.first {
                // The phase that says most: the response (release, mark) that changed, if one did.
                if let phase = change.mostTellingPhase {
                    return "\"\(result.scene)\" motion, \(change.element), " + MotionComparison.describe(phase)
                }
                return "\"\(result.scene)\" motion: " + MotionComparison.describe(change)
            }
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
    /// `always` writes the report of a passing check too.
    package static let reportVariable = "SPRINGFRAMES_REPORT"

    package var golden: URL
    package var artifacts: URL
    package var record: RecordMode
    package var reportsWhenPassing: Bool

    /// The command that records this golden again.
    package var rerecord: String

    /// `environment` gives `SPRINGFRAMES_RECORD` and `SPRINGFRAMES_ARTIFACTS`. Artifacts go to
    /// `$SPRINGFRAMES_ARTIFACTS/<target>/<TestFile>/<test>.<name>`, else to the test package's
    /// `.build/springframes-artifacts/<target>/…` (the package being the nearest folder above the
    /// test file with a Package.swift), else to the temporary directory.
    package init(name: String, record: RecordMode?, snapshotDirectory: URL?, file: StaticString, function: String,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try self.init(name: name, record: record, snapshotDirectory: snapshotDirectory, testFile: URL(fileURLWithPath: "\(file)"),
                      function: function, environment: environment)
    }

    package init(name: String, record: RecordMode?, snapshotDirectory: URL?, testFile: URL, function: String,
                 environment: [String: String]) throws {
        let testName = testFile.deletingPathExtension().lastPathComponent
        let entry = "\(Self.sanitized(function)).\(Self.sanitized(name))"
        let snapshots = snapshotDirectory
            ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(testName)
        golden = snapshots.appendingPathComponent(entry)
        let package = Self.packageRoot(of: testFile)
        let target = package.flatMap { Self.target(of: testFile, in: $0) } ?? testFile.deletingLastPathComponent().lastPathComponent
        let artifactsRoot = environment[Self.artifactsVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? package?.appendingPathComponent(".build/springframes-artifacts")
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("springframes-artifacts")
        artifacts = artifactsRoot.appendingPathComponent(target).appendingPathComponent(testName).appendingPathComponent(entry)
        self.record = try RecordMode.resolved(record, environment: environment)
        reportsWhenPassing = environment[Self.reportVariable]?.lowercased() == "always"
        rerecord = "\(RecordMode.environmentVariable)=failed swift test --filter \(Self.sanitized(function))"
            + (package.map { " --package-path \(Self.shellQuoted($0.path))" } ?? "")
    }

    /// The nearest folder above `file` that holds a Package.swift.
    static func packageRoot(of file: URL) -> URL? {
        var folder = file.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The test target of a file in `package`: the folder under `Tests/` (or any first folder) that holds it.
    static func target(of file: URL, in package: URL) -> String? {
        let parts = file.standardizedFileURL.pathComponents, root = package.standardizedFileURL.pathComponents
        guard parts.count > root.count + 2, Array(parts.prefix(root.count)) == root else { return nil }
        return parts[root.count + 1]
    }

    /// `text` quoted for a POSIX shell when it needs to be.
    package static func shellQuoted(_ text: String) -> String {
        let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/._-=:,+@%"))
        guard text.isEmpty || text.unicodeScalars.contains(where: { !plain.contains($0) }) else { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
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
        check.rerecord = rerecord
        check.reportsWhenPassing = reportsWhenPassing
        return check
    }
}
