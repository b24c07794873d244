import Foundation
import FrameIO
import XCTest

/// The command line never loses what it did not write, and never traps on a failed write.
final class OutputSafetyCommandTests: XCTestCase {
    func testEmptyPathsAreErrorsNotTheCurrentFolder() throws {
        let directory = try CLI.temporaryDirectory(self)
        try Data("mine".utf8).write(to: directory.appendingPathComponent("frame_00000.png"))
        for arguments in [["render", "circle", "--out", ""], ["check", "circle", "--golden", ""], ["trace", "circle", "--out", ""],
                          ["sheet", "circle", "--out", ""]] {
            let result = try CLI.run(arguments, in: directory)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(arguments[2]) is an empty path"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("frame_00000.png")), Data("mine".utf8))
    }

    /// Runs the tool with standard output going to `handle`.
    private func run(_ arguments: [String], stdout handle: FileHandle) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.standardOutput = handle
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testAFullOrClosedStandardOutputIsAnErrorNotASignal() throws {
        if let full = FileHandle(forWritingAtPath: "/dev/full") {
            let result = try run(["trace", "circle", "--frames", "0-0"], stdout: full)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("cannot write standard output: \(String(cString: strerror(ENOSPC)))"), result.stderr)
            let validate = try run(["validate", "circle"], stdout: full)
            XCTAssertEqual(validate.status, 1, validate.stderr)
        }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try run(["trace", "circle", "--frames", "0-0"], stdout: pipe.fileHandleForWriting)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("standard output"), result.stderr)
    }

    func testARenderIntoAFolderAnotherRenderHoldsIsRefused() throws {
        let directory = try CLI.temporaryDirectory(self)
        let frames = directory.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let holder = open(frames.path, O_RDONLY)
        XCTAssertEqual(flock(holder, LOCK_EX | LOCK_NB), 0)
        defer { close(holder) }
        let result = try CLI.run(["render", "circle", "--scale", "1", "--frames", "0-1", "--out", "frames"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("another springframes run is writing into this folder"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames.path), [])
    }

    /// The names in a folder; none when it does not exist (yet).
    private static func names(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// Starts the tool in `directory`, waits (at most 60 s) until `ready` holds, sends `signal`,
    /// and returns the exit status (the signal's number if it ended by one) and standard error.
    private func interrupt(_ arguments: [String], in directory: URL, environment: [String: String] = [:], with signal: Int32,
                           when ready: () -> Bool) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, !ready() { usleep(1_000) }
        XCTAssertTrue(ready(), "what the test waits for never happened: \(arguments)")
        kill(process.processIdentifier, signal)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, message)
        return (process.terminationStatus, message)
    }

    /// Ctrl-C or SIGTERM in the middle of a render: the process exits with 128 + the signal,
    /// says so, and leaves no temporary file; the frames already in place are whole PNGs.
    func testAnInterruptedRenderLeavesNoPartialFiles() throws {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let directory = try CLI.temporaryDirectory(self).appendingPathComponent("signal\(number)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // Interrupted once the first frames are in place, while the others are being written.
            let frames = directory.appendingPathComponent("frames")
            let (exitStatus, message) = try interrupt(["render", "cluster-drag", "--scale", "3", "--out", "frames", "--jobs", "2"],
                                                      in: directory, with: number) {
                Self.names(in: frames).filter { $0.hasPrefix("frame_") }.count >= 3
            }
            XCTAssertEqual(exitStatus, status, message)
            XCTAssertTrue(message.contains("springframes: interrupted (\(number == SIGINT ? "SIGINT" : "SIGTERM")): stopped; removed"),
                          message)
            let left = try FileManager.default.contentsOfDirectory(atPath: frames.path)
            XCTAssertEqual(left.filter { $0.hasSuffix(".partial") }, [], "temporary files left behind")
            XCTAssertFalse(left.contains("manifest.json"), "an interrupted render does not claim to be complete")
            XCTAssertGreaterThanOrEqual(left.count, 3)
            for name in left {
                XCTAssertNoThrow(try PNGCodec.read(contentsOf: frames.appendingPathComponent(name)), name)
            }
        }
    }

    /// `check --record failed` stopped half-way leaves the golden as it was: its manifest still
    /// matches every frame beside it, and no temporary file is left. Frames were once replaced as
    /// they failed, under the old manifest.
    func testAnInterruptedRecordingOfFailedFramesLeavesTheGoldenWhole() throws {
        let directory = try CLI.temporaryDirectory(self)
        let golden = directory.appendingPathComponent("golden")
        let record = try CLI.run(["check", "circle", "--golden", "golden", "--scale", "1", "--only", "frames"], in: directory)
        XCTAssertEqual(record.status, 1, record.stderr)
        let manifestURL = golden.appendingPathComponent("manifest.json")
        let manifestBefore = try Data(contentsOf: manifestURL)
        // The same scene with grey cells turned blue: every frame fails.
        let written = try CLI.run(["examples", "--write", "."], in: directory)
        XCTAssertEqual(written.status, 0, written.stderr)
        let scene = directory.appendingPathComponent("circle.json")
        try Data(try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "#8E8E93", with: "#0000FF").utf8).write(to: scene)

        // Interrupted once some failing frames have been recorded (held back under temporary names).
        let (status, message) = try interrupt(["check", "circle.json", "--golden", "golden", "--scale", "1", "--only", "frames",
                                               "--record", "failed", "--jobs", "1"], in: directory, with: SIGTERM) {
            Self.names(in: golden).filter { $0.hasSuffix(".partial") }.count >= 3
        }
        XCTAssertEqual(status, 143, message)

        let left = try FileManager.default.contentsOfDirectory(atPath: golden.path)
        XCTAssertEqual(left.filter { $0.hasSuffix(".partial") }, [], "temporary files left behind")
        XCTAssertEqual(try Data(contentsOf: manifestURL), manifestBefore)
        let manifest = try FrameManifest.read(from: golden)
        XCTAssertEqual(manifest.frames.count, 193)
        for frame in manifest.frames {
            let bytes = try Data(contentsOf: golden.appendingPathComponent(frame.file))
            XCTAssertEqual(SHA256.hex(of: [UInt8](bytes)), frame.sha256, frame.file)
        }
        let again = try CLI.run(["check", "circle", "--golden", "golden", "--scale", "1", "--only", "frames"], in: directory)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
    }

    /// A check stopped while it compares motion leaves nothing in the temporary folder (it keeps
    /// the trace it plays there for the second pass).
    func testAnInterruptedCheckLeavesNothingInTheTemporaryFolder() throws {
        let directory = try CLI.temporaryDirectory(self)
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let record = try CLI.run(["check", "cluster-drag", "--golden", "golden", "--only", "motion"], in: directory)
        XCTAssertEqual(record.status, 1, record.stderr)

        let (status, message) = try interrupt(["check", "cluster-drag", "--golden", "golden", "--only", "motion"], in: directory,
                                              environment: ["TMPDIR": temporary.path], with: SIGINT) {
            !Self.names(in: temporary).isEmpty
        }
        XCTAssertEqual(status, 130, message)
        XCTAssertTrue(message.contains("springframes: interrupted (SIGINT)"), message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    /// A video that cannot be written (its folder cannot be made, or the path is a folder) fails
    /// at once, before any frame is rendered, not after all of them.
    func testAVideoThatCannotBeWrittenFailsBeforeAnyFrame() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw XCTSkip("ffmpeg is not installed") }
        let directory = try CLI.temporaryDirectory(self)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("taken.mp4"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("notes.txt"))
        for (video, expected) in [("notes.txt/demo.mp4", "cannot be made"), ("taken.mp4", "not a regular file")] {
            let result = try CLI.run(["render", "circle", "--scale", "1", "--out", "frames", "--video", video], in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path), "no frame was rendered")
        }
    }

    /// A video named like one of the frames (an APNG may end in .png) would replace that frame
    /// under a manifest that promises it: refused before anything is rendered.
    func testAVideoThatWouldReplaceAFrameIsRefused() throws {
        let directory = try CLI.temporaryDirectory(self)
        XCTAssertEqual(try CLI.run(["render", "circle", "--scale", "1", "--frames", "0-3", "--out", "frames"], in: directory).status, 0)
        let frame = directory.appendingPathComponent("frames/frame_00002.png")
        let before = try Data(contentsOf: frame)
        for video in ["frames/frame_00002.png", "frames/../frames/./frame_00001.png"] {
            let result = try CLI.run(["render", "circle", "--scale", "1", "--frames", "0-3", "--out", "frames", "--video", video],
                                     in: directory)
            XCTAssertNotEqual(result.status, 0, video)
            XCTAssertTrue(result.stderr.contains("is a file of the frames folder"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: frame), before)
    }

    func testARangeRenderWithVideoEncodesExactlyThatRange() throws {
        let ffprobe = "/usr/bin/ffprobe"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), FileManager.default.isExecutableFile(atPath: ffprobe) else {
            throw XCTSkip("ffmpeg is not installed")
        }
        let directory = try CLI.temporaryDirectory(self)
        XCTAssertEqual(try CLI.run(["render", "circle", "--scale", "1", "--frames", "0-40", "--out", "frames"], in: directory).status, 0)
        let result = try CLI.run(["render", "circle", "--scale", "1", "--frames", "10-19", "--out", "frames", "--video", "range.mp4"],
                                 in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: ffprobe)
        probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                           "-of", "csv=p=0", directory.appendingPathComponent("range.mp4").path]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "10")
    }

    /// A 60 fps GIF says it is made at 33.3 fps; a transparent background with .mp4 is a warning
    /// that names a format with alpha.
    func testVideoFormatsSayWhatTheyCannotHold() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw XCTSkip("ffmpeg is not installed") }
        let directory = try CLI.temporaryDirectory(self)
        let gif = try CLI.run(["render", "circle", "--scale", "1", "--frames", "0-5", "--out", "frames", "--video", "clip.gif"], in: directory)
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertTrue(gif.stdout.contains("assembling clip.gif with ffmpeg at 33.3 fps (a GIF's frame delays are whole hundredths"),
                      gif.stdout)
        let scene = directory.appendingPathComponent("clear.json")
        try Data("""
            { "canvas": { "width": 60, "height": 40, "scale": 1, "background": "#00000000" }, "duration": 0.05,
              "collection": { "items": 1, "layout": { "type": "flow", "itemSize": [20, 20] } } }
            """.utf8).write(to: scene)
        let mp4 = try CLI.run(["render", scene.path, "--out", "clear", "--video", "clear.mp4"], in: directory)
        XCTAssertEqual(mp4.status, 0, mp4.stderr)
        XCTAssertTrue(mp4.stderr.contains("warning: --video clear.mp4: the background is transparent and MP4 has no alpha channel"),
                      mp4.stderr)
        XCTAssertTrue(mp4.stderr.contains("use .apng"), mp4.stderr)
        let apng = try CLI.run(["render", scene.path, "--out", "clear", "--video", "clear.apng"], in: directory)
        XCTAssertEqual(apng.stderr, "")
    }
}

final class StreamingTraceCommandTests: XCTestCase {
    /// 100,000 items for 600 s at 240 fps: 14.4 billion rows. The trace streams, so its first
    /// rows arrive at once; it used to reserve every row first and abort.
    func testAHugeTraceStreamsItsFirstRowsAtOnce() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = directory.appendingPathComponent("huge.json")
        try Data("""
            { "name": "huge", "canvas": { "width": 390, "height": 844, "scale": 1 }, "fps": 240, "duration": 600,
              "collection": { "items": 100000, "layout": { "type": "flow", "itemSize": [40, 30] } } }
            """.utf8).write(to: scene)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["trace", scene.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        while text.count < 200_000, process.isRunning || text.isEmpty {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += chunk
        }
        process.terminate()
        process.waitUntilExit()
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 1000, "rows arrived before the scene finished")
        XCTAssertEqual(lines.first?.hasSuffix(",hidden,state"), true)
        XCTAssertTrue(lines[1].hasPrefix("0,0.0,cell,,0,0,0,"), String(lines[1]))
        // Stopped by the test, not by itself: SIGTERM is handled, and the exit status is 128 + 15.
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
    }
}
