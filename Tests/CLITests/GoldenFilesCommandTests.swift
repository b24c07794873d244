import Foundation
import XCTest

/// What `check` finds in a golden folder besides what it wrote: pipes, folders, leftovers of a
/// killed run, traces rewritten by git or an editor, traces of a longer recording.
final class GoldenFilesCommandTests: XCTestCase {
    /// A selected cell dragged down: 31 frames at 60 fps (61 with `duration` 1).
    private func writeScene(in directory: URL, name: String = "drag.json", duration: Double = 0.5) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data("""
            { "name": "drag", "canvas": { "width": 120, "height": 120, "scale": 1 }, "duration": \(duration),
              "collection": { "items": 2, "layout": { "type": "flow", "itemSize": [40, 40], "sectionInset": [10, 10, 10, 10] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": 0.6 }, "selected": [0] },
              "touches": [ { "at": 0.1, "down": [30, 30] }, { "at": 0.2, "move": [30, 90], "duration": 0.2 } ] }
            """.utf8).write(to: url)
        return url.path
    }

    /// A scene and its golden (frames 0 and 30 and the trace), recorded.
    private func recordedGolden() throws -> (directory: URL, scene: String, golden: URL) {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(in: directory)
        let golden = directory.appendingPathComponent("golden")
        let record = try CLI.run(["check", scene, "--golden", golden.path, "--every", "30"], in: directory)
        XCTAssertEqual(record.status, 1, record.stdout + record.stderr)
        return (directory, scene, golden)
    }

    private func replace(_ file: URL, withFIFO: Bool) throws {
        try FileManager.default.removeItem(at: file)
        if withFIFO {
            XCTAssertEqual(mkfifo(file.path, 0o644), 0)
        } else {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
    }

    static let recordModes = ["missing", "all", "failed", "never"]

    func testAFIFOGoldenTraceIsRefusedInEveryRecordModeNamingIt() throws {
        let (directory, scene, golden) = try recordedGolden()
        let trace = golden.appendingPathComponent("trace.csv")
        try replace(trace, withFIFO: true)
        for mode in Self.recordModes {
            let result = try CLI.run(["check", scene, "--golden", golden.path, "--record", mode], in: directory, hangGuard: 120)
            XCTAssertFalse(result.signaled, "--record \(mode) hung on the FIFO")
            XCTAssertEqual(result.status, 2, "--record \(mode): " + result.stdout + result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("error: \(trace.path): the golden trace is a FIFO (named pipe), not a regular file"),
                          "--record \(mode): " + result.stderr)
            XCTAssertTrue(result.stderr.contains("Remove it"), result.stderr)
        }
        var status = stat()
        XCTAssertEqual(lstat(trace.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO is left as it was")
    }

    func testAGoldenFrameOrManifestThatIsAFolderOrFIFOIsRefusedNamingIt() throws {
        let cases: [(file: String, fifo: Bool, says: String)] = [
            ("frame_00000.png", false, "the golden frame is a folder"),
            ("frame_00030.png", true, "the golden frame is a FIFO (named pipe)"),
            ("manifest.json", true, "the golden manifest is a FIFO (named pipe)"),
            ("manifest.json", false, "the golden manifest is a folder"),
        ]
        var checked = 0
        for (file, fifo, says) in cases {
            let (directory, scene, golden) = try recordedGolden()
            let url = golden.appendingPathComponent(file)
            try replace(url, withFIFO: fifo)
            for mode in Self.recordModes {
                let result = try CLI.run(["check", scene, "--golden", golden.path, "--record", mode], in: directory, hangGuard: 120)
                XCTAssertFalse(result.signaled, "\(file), --record \(mode) hung")
                XCTAssertEqual(result.status, 2, "\(file), --record \(mode): " + result.stdout + result.stderr)
                XCTAssertTrue(result.stderr.hasPrefix("error: \(url.path): \(says), not a regular file"), "--record \(mode): " + result.stderr)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 16)
    }

    func testAStaleTracePartialOfAKilledRunIsRemovedAndALiveOnesKept() throws {
        let (directory, scene, golden) = try recordedGolden()
        // A process that has ended: its pid names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = golden.appendingPathComponent(".trace.csv.\(ended.processIdentifier).partial")
        let live = golden.appendingPathComponent(".trace.csv.\(getpid()).partial")
        for url in [stale, live] { try Data("frame,time\n".utf8).write(to: url) }
        let result = try CLI.run(["check", scene, "--golden", golden.path], in: directory)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path), "the killed run's partial trace is still there")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "a running process's partial trace was removed")
    }

    func testAGoldenTraceWithCRLFLineEndsAndAByteOrderMarkIsRead() throws {
        let (directory, scene, golden) = try recordedGolden()
        let trace = golden.appendingPathComponent("trace.csv")
        let text = try String(contentsOf: trace, encoding: .utf8)
        for (name, rewritten) in [("CRLF", text.replacingOccurrences(of: "\n", with: "\r\n")),
                                  ("BOM", "\u{FEFF}" + text),
                                  ("BOM and CRLF", "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n"))] {
            try Data(rewritten.utf8).write(to: trace)
            let result = try CLI.run(["check", scene, "--golden", golden.path, "--record", "never"], in: directory)
            XCTAssertEqual(result.status, 0, "\(name): " + result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("motion: matches the golden trace\n"), "\(name): " + result.stdout)
        }
    }

    func testAGoldenTraceOfALongerRecordingNamesTheLengthAndRecordFailedRecordsItAgain() throws {
        let directory = try CLI.temporaryDirectory(self)
        let long = try writeScene(in: directory, name: "long.json", duration: 1)
        let scene = try writeScene(in: directory)
        let golden = directory.appendingPathComponent("golden").path
        let record = try CLI.run(["check", long, "--golden", golden, "--only", "motion"], in: directory)
        XCTAssertEqual(record.status, 1, record.stdout + record.stderr)
        let check = try CLI.run(["check", scene, "--golden", golden, "--only", "motion", "--record", "never"], in: directory)
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("motion: the traces do not line up: the reference has 61 frames and the actual trace 31 frames: "
                                             + "the recording is shorter than the golden's (its duration or frame rate changed); "
                                             + "if that is intended, record the golden trace again with --record failed\n"), check.stdout)
        let again = try CLI.run(["check", scene, "--golden", golden, "--only", "motion", "--record", "failed"], in: directory)
        XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("the golden trace"), again.stdout)
        let passes = try CLI.run(["check", scene, "--golden", golden, "--only", "motion", "--record", "never"], in: directory)
        XCTAssertEqual(passes.status, 0, passes.stdout + passes.stderr)
    }
}
