import Foundation
import XCTest

/// `springframes check`: exit codes, record modes, reports and failure artifacts.
final class CheckCommandTests: XCTestCase {
    /// One selected cell pressed, dragged down on its springs and let go: 151 frames of 200×260 px.
    private func writeScene(damping: Double, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("drag-\(damping).json")
        try Data("""
            { "name": "drag", "canvas": { "width": 200, "height": 260, "scale": 1 }, "duration": 2.5,
              "collection": { "items": 6, "layout": { "type": "flow", "itemSize": [50, 50], "sectionInset": [16, 16, 16, 16] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": \(damping) }, "selected": [0] },
              "touches": [ { "at": 0.1, "down": [41, 41] }, { "at": 0.7, "move": [41, 181], "duration": 0.3 }, { "at": 1.2, "up": true } ] }
            """.utf8).write(to: url)
        return url.path
    }

    func testRecordsThenPassesThenFailsOnADampingChange() throws {
        let directory = try CLI.temporaryDirectory(self)
        let golden = directory.appendingPathComponent("goldens/drag").path
        let tuned = try writeScene(damping: 0.6, in: directory), detuned = try writeScene(damping: 0.5, in: directory)

        let record = try CLI.run(["check", tuned, "--golden", golden, "--every", "30"], in: directory)
        XCTAssertEqual(record.status, 1, record.stdout + record.stderr)
        XCTAssertTrue(record.stdout.contains("recorded 6 golden frames and the golden trace in \(golden) (record mode missing)"), record.stdout)
        XCTAssertTrue(record.stdout.contains("drag: check FAILED against \(golden)"), record.stdout)

        let pass = try CLI.run(["check", tuned, "--golden", golden], in: directory)
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.hasPrefix("motion: matches the golden trace\nframes: 6 compared (every 30th frame and the last of 151), all match\n"
                                            + "drag: check passed against \(golden) in "), pass.stdout)

        let fail = try CLI.run(["check", detuned, "--golden", golden], in: directory)
        XCTAssertEqual(fail.status, 1, fail.stdout + fail.stderr)
        XCTAssertTrue(fail.stdout.contains("  item 0: overshoot "), fail.stdout)
        XCTAssertTrue(fail.stdout.contains("drag: check FAILED"), fail.stdout)
        // Artifacts in the default place, each path printed, each file there.
        let diff = directory.appendingPathComponent("out/drag-diff").path
        let frameLines = fail.stdout.split(separator: "\n").filter { $0.hasPrefix("  frame ") }
        XCTAssertFalse(frameLines.isEmpty, fail.stdout)
        for line in frameLines {
            let path = String(line[line.range(of: " → ")!.upperBound...])
            XCTAssertTrue(path.hasPrefix(diff + "/frame_") && path.hasSuffix("-strip.png"), path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path.replacingOccurrences(of: "-strip", with: "-diff")), path)
        }
        XCTAssertTrue(fail.stdout.contains("failing frames, golden over now over diff: \(diff)/failures.png"), fail.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: diff + "/failures.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: diff + "/report.txt"))
        XCTAssertTrue(fail.stdout.contains("the report to open in a browser: \(diff)/report.html"), fail.stdout)
        let page = try String(contentsOfFile: diff + "/report.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<code>springframes check \(detuned) --golden \(golden) --record failed</code>"), page)

        // --report writes it for a passing check too; the record mode given is replaced in the command.
        let reported = try CLI.run(["check", tuned, "--golden", golden, "--record", "never", "--report", "--diff", "passing"], in: directory)
        XCTAssertEqual(reported.status, 0, reported.stdout + reported.stderr)
        let passing = try String(contentsOf: directory.appendingPathComponent("passing/report.html"), encoding: .utf8)
        XCTAssertTrue(passing.contains("<h1>&quot;drag&quot; matches its golden</h1>"), passing)

        // A lenient check: a budget of 10 % of the pixels lets these frames through, not the motion.
        let lenient = try CLI.run(["check", detuned, "--golden", golden, "--pixel-budget", "10%", "--diff", "d"], in: directory)
        XCTAssertEqual(lenient.status, 1)
        XCTAssertTrue(lenient.stdout.contains("frames: 6 compared (every 30th frame and the last of 151), all match"), lenient.stdout)
        let framesOnly = try CLI.run(["check", detuned, "--golden", golden, "--pixel-budget", "10%", "--only", "frames"], in: directory)
        XCTAssertEqual(framesOnly.status, 0, framesOnly.stdout)
    }

    /// A golden recorded at another scale than the scene's is checked at its own scale, as its
    /// spacing is: `--scale` is needed only to change it.
    func testAGoldensScaleIsKept() throws {
        let directory = try CLI.temporaryDirectory(self)
        let golden = directory.appendingPathComponent("goldens/drag").path
        let scene = try writeScene(damping: 0.6, in: directory)
        let record = try CLI.run(["check", scene, "--golden", golden, "--every", "50", "--scale", "2"], in: directory)
        XCTAssertEqual(record.status, 1, record.stdout + record.stderr)
        let pass = try CLI.run(["check", scene, "--golden", golden], in: directory)
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("all match"), pass.stdout)
        // Asked for another scale, the check says the sizes differ.
        let other = try CLI.run(["check", scene, "--golden", golden, "--scale", "1"], in: directory)
        XCTAssertNotEqual(other.status, 0, other.stdout)
    }

    func testNeverWithoutAGoldenIsBadInput() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(damping: 0.6, in: directory)
        let golden = directory.appendingPathComponent("missing").path
        for (arguments, environment) in [(["--record", "never"], [:]), ([], ["SPRINGFRAMES_RECORD": "never"])] {
            let result = try CLI.run(["check", scene, "--golden", golden] + arguments, in: directory, environment: environment)
            XCTAssertEqual(result.status, 2, "\(arguments) \(environment)")
            XCTAssertEqual(result.stderr, "error: \(golden): there is no golden directory here; the record mode is never, so nothing is "
                           + "recorded. Record the golden once (--record missing, or SPRINGFRAMES_RECORD=missing), review it and commit it\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))

        let bad = try CLI.run(["check", scene, "--golden", golden], in: directory, environment: ["SPRINGFRAMES_RECORD": "sometimes"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "error: SPRINGFRAMES_RECORD is \"sometimes\"; the record modes are missing, all, failed, never\n")
    }
}
