import FrameIO
import Foundation
import Raster
@testable import Regression
import Scenes
import Recording
import TestSupport
import XCTest

/// A small scene for golden checks: one selected cell of six pressed, dragged down on its springs
/// and let go; 2.5 s at 60 fps (151 frames) on a 200×260 pt canvas.
enum GoldenScenes {
    static func drag(damping: Double = 0.6, scale: Int = 1, duration: Double = 2.5, name: String = "golden-drag") throws -> Scene {
        try Scene(data: Array("""
            { "name": "\(name)", "canvas": { "width": 200, "height": 260, "scale": \(scale) }, "duration": \(duration),
              "collection": { "items": 6, "layout": { "type": "flow", "itemSize": [50, 50], "sectionInset": [16, 16, 16, 16] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": \(damping) }, "selected": [0] },
              "touches": [ { "at": 0.1, "down": [41, 41] }, { "at": 0.7, "move": [41, 181], "duration": 0.3 }, { "at": 1.2, "up": true } ] }
            """.utf8), file: "golden-drag.json")
    }

    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

final class GoldenCheckTests: XCTestCase {
    @MainActor private func check(_ scene: Scene, _ directory: URL, _ mode: RecordMode, every: Int? = nil, artifacts: URL? = nil) throws -> GoldenCheck {
        var check = GoldenCheck(scene: scene, font: try Font.named(), directory: directory, workers: 2)
        check.record = mode
        check.every = every
        check.artifacts = artifacts
        return check
    }

    @MainActor private func manifest(_ directory: URL) throws -> FrameManifest {
        try FrameManifest.read(from: directory)
    }

    @MainActor private func frameFiles(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("frame_") }.sorted()
    }

    @MainActor func testTheGoldenFramesAreEveryNthAndTheLast() async {
        XCTAssertEqual(GoldenCheck.frames(frameCount: 121, every: 20), [0, 20, 40, 60, 80, 100, 120])
        XCTAssertEqual(GoldenCheck.frames(frameCount: 151, every: 50), [0, 50, 100, 150])
        XCTAssertEqual(GoldenCheck.frames(frameCount: 151, every: 40), [0, 40, 80, 120, 150])
        XCTAssertEqual(GoldenCheck.frames(frameCount: 3, every: 1), [0, 1, 2])
        XCTAssertEqual(GoldenCheck.frames(frameCount: 1, every: 10), [0])
    }

    /// `missing` records a new golden and fails; the next run compares and passes.
    @MainActor func testMissingRecordsANewGoldenThenPasses() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self).appendingPathComponent("drag")
        let scene = try GoldenScenes.drag()
        let first = try check(scene, directory, .missing, every: 20).run()
        XCTAssertFalse(first.passes, "a recorded golden is reviewed before a check passes on it")
        XCTAssertEqual(first.recordedFrames, [0, 20, 40, 60, 80, 100, 120, 140, 150])
        XCTAssertTrue(first.recordedTrace)
        XCTAssertEqual(first.framesCompared, 0)
        XCTAssertNil(first.motion)
        XCTAssertTrue(first.summary().contains("recorded 9 golden frames and the golden trace in \(directory.path)"), first.summary())

        // What was recorded: the frames as PNGs that decode to the rendered pixels, each listed with
        // its checksum and pixel digest, and the trace with repeated rows left out.
        let golden = try manifest(directory)
        XCTAssertEqual(golden.frames.map(\.index), [0, 20, 40, 60, 80, 100, 120, 140, 150])
        XCTAssertEqual(try frameFiles(directory), golden.frames.map(\.file))
        let rendered = SceneRendering(scene: scene, font: try Font.named(), workers: 1).image(ofFrame: 60)
        let entry = golden.frames[3]
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(entry.file)))
        let decoded = try PNGCodec.decode(bytes)
        withExtendedLifetime((decoded, rendered)) { XCTAssertEqual(Array(decoded.pixels), Array(rendered.pixels)) }
        XCTAssertEqual(entry.sha256, SHA256.hex(of: bytes))
        XCTAssertEqual(entry.pixels, PixelDigest.hex(of: rendered))
        let traceText = try String(contentsOf: directory.appendingPathComponent("trace.csv"), encoding: .utf8)
        XCTAssertEqual(try SceneTrace(csv: traceText, scene: scene.name, file: "trace.csv").rows, SceneTrace(scene: scene).rows)

        let second = try check(scene, directory, .missing).run()
        XCTAssertTrue(second.passes, second.summary())
        XCTAssertEqual(second.every, 20, "the golden's spacing is kept")
        XCTAssertEqual(second.framesCompared, 9)
        XCTAssertEqual(second.recordedFrames, [])
        XCTAssertFalse(second.recordedTrace)
        XCTAssertEqual(try XCTUnwrap(second.motion).passes, true)
        XCTAssertEqual(second.summary(), "motion: matches the golden trace\nframes: 9 compared (every 20th frame and the last of 151), all match")
    }

    /// `missing` records only what is missing: one deleted frame comes back, the rest is untouched.
    @MainActor func testMissingRecordsOnlyTheMissingFrame() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 20).run()
        let before = try manifest(directory)
        try FileManager.default.removeItem(at: directory.appendingPathComponent(before.frames[2].file))
        let result = try check(scene, directory, .missing).run()
        XCTAssertFalse(result.passes)
        XCTAssertEqual(result.recordedFrames, [40])
        XCTAssertFalse(result.recordedTrace)
        XCTAssertEqual(result.framesCompared, 8)
        XCTAssertEqual(try manifest(directory), before, "the same bytes again")
        XCTAssertTrue(try check(scene, directory, .missing).run().passes)
    }

    /// `never` with no golden is an error that says what to do, and creates nothing.
    @MainActor func testNeverWithoutAGoldenDirectoryIsAClearError() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self).appendingPathComponent("goldens/drag")
        XCTAssertThrowsError(try check(try GoldenScenes.drag(), directory, .never).run()) { error in
            XCTAssertTrue(error is GoldenError, "\(error)")
            XCTAssertEqual("\(error)", "\(directory.path): there is no golden directory here; the record mode is never, so nothing "
                           + "is recorded. Record the golden once (--record missing, or SPRINGFRAMES_RECORD=missing), review it and commit it")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }

    @MainActor func testNeverWithAnIncompleteGoldenNamesWhatIsMissing() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 20).run()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("frame_00040.png"))
        XCTAssertThrowsError(try check(scene, directory, .never).run()) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(directory.path): the golden is incomplete: it has no frame_00040.png; "), "\(error)")
        }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("trace.csv"))
        XCTAssertThrowsError(try check(scene, directory, .never).run()) { error in
            XCTAssertTrue("\(error)".contains("it has no trace.csv; "), "\(error)")
        }
    }

    /// `never` compares and writes nothing, even when the motion changed.
    @MainActor func testNeverReportsADampingChangeAndWritesNothing() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        _ = try check(try GoldenScenes.drag(damping: 0.6), directory, .missing, every: 10).run()
        let before = try manifest(directory)
        let trace = try Data(contentsOf: directory.appendingPathComponent("trace.csv"))

        let result = try check(try GoldenScenes.drag(damping: 0.5), directory, .never).run()
        XCTAssertFalse(result.passes)
        XCTAssertFalse(result.recordedAnything)
        let motion = try XCTUnwrap(result.motion)
        XCTAssertFalse(motion.passes)
        let change = try XCTUnwrap(motion.changes.first { $0.item == 0 })
        XCTAssertGreaterThan(change.actual.overshoot, change.reference.overshoot)
        XCTAssertTrue(motion.report().contains("item 0: overshoot "), motion.report())
        XCTAssertFalse(result.failures.isEmpty)
        XCTAssertTrue(result.failures.allSatisfy { $0.frame > 42 }, "nothing differs before the drag at 0.7 s")
        XCTAssertEqual(try manifest(directory), before)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("trace.csv")), trace)
    }

    /// `failed` records again exactly the frames that fail, and the trace; the rest stay.
    @MainActor func testFailedRecordsOnlyWhatFailed() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        _ = try check(try GoldenScenes.drag(damping: 0.6), directory, .missing, every: 10).run()
        let before = try manifest(directory)
        let tuned = try GoldenScenes.drag(damping: 0.5)

        let result = try check(tuned, directory, .failed).run()
        XCTAssertFalse(result.passes)
        XCTAssertEqual(result.recordedFrames, result.failures.map(\.frame))
        XCTAssertTrue(result.recordedTrace)
        let after = try manifest(directory)
        XCTAssertEqual(after.frames.map(\.index), before.frames.map(\.index))
        for (old, new) in zip(before.frames, after.frames) {
            XCTAssertEqual(old == new, !result.recordedFrames.contains(old.index), "frame \(old.index)")
        }
        XCTAssertTrue(try check(tuned, directory, .failed).run().passes)
    }

    /// `all` records everything again and fails even when nothing changed; a new spacing removes
    /// the golden frames it no longer holds.
    @MainActor func testAllRecordsEverythingAgain() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 20).run()
        let result = try check(scene, directory, .all, every: 40).run()
        XCTAssertFalse(result.passes)
        XCTAssertEqual(result.recordedFrames, [0, 40, 80, 120, 150])
        XCTAssertTrue(result.recordedTrace)
        XCTAssertEqual(result.framesCompared, 0)
        XCTAssertEqual(try frameFiles(directory), ["frame_00000.png", "frame_00040.png", "frame_00080.png", "frame_00120.png", "frame_00150.png"])
        XCTAssertTrue(try check(scene, directory, .never).run().passes)
    }

    /// Failing frames leave a diff image and a strip each, a sheet of failing frames and the report;
    /// a later passing check removes them and nothing else.
    @MainActor func testFailingFramesLeaveDiffImagesStripsASheetAndTheReport() async throws {
        let root = try GoldenScenes.temporaryDirectory(self)
        let golden = root.appendingPathComponent("golden"), diff = root.appendingPathComponent("diff")
        _ = try check(try GoldenScenes.drag(damping: 0.6), golden, .missing, every: 10).run()
        try FileManager.default.createDirectory(at: diff, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: diff.appendingPathComponent("notes.txt"))

        let result = try check(try GoldenScenes.drag(damping: 0.5), golden, .never, artifacts: diff).run()
        let failure = try XCTUnwrap(result.failures.first)
        guard case let .differs(differing, _, total) = failure.reason else { return XCTFail("\(failure.reason)") }
        XCTAssertGreaterThan(differing, 0)
        XCTAssertEqual(total, 200 * 260)
        let name = String(format: "frame_%05d", failure.frame)
        XCTAssertEqual(failure.diff, diff.appendingPathComponent("\(name)-diff.png"))
        XCTAssertEqual(failure.strip, diff.appendingPathComponent("\(name)-strip.png"))
        let diffImage = try PNGCodec.read(contentsOf: try XCTUnwrap(failure.diff))
        XCTAssertEqual([diffImage.width, diffImage.height], [200, 260])
        XCTAssertEqual((0..<260).flatMap { y in (0..<200).map { x in diffImage.pixel(x: x, y: y) } }
            .filter { $0 == Color(rgb: 0xFF0000) }.count, differing, "one red pixel per differing pixel")
        let strip = try PNGCodec.read(contentsOf: try XCTUnwrap(failure.strip))
        XCTAssertEqual([strip.width, strip.height], [3 * 200 + 4 * 8, 260 + 2 * 8 + 20], "golden | now | diff under their labels")
        XCTAssertEqual(failure.golden, diff.appendingPathComponent("\(name)-golden.png"))
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(failure.golden)), try Data(contentsOf: golden.appendingPathComponent("\(name).png")),
                       "the golden frame as it was")
        let now = try PNGCodec.read(contentsOf: try XCTUnwrap(failure.now))
        XCTAssertEqual([now.width, now.height], [200, 260])
        XCTAssertEqual(now.pixel(x: 100, y: 5), Color.white)
        let sheet = try PNGCodec.read(contentsOf: try XCTUnwrap(result.sheet))
        XCTAssertEqual(sheet.height, 2 * 16 + 3 * (203 + 22) + 2 * 12, "three rows (golden, now, diff) of 156×203 px thumbnails")
        let reportFile = try XCTUnwrap(result.report)
        let report = try String(contentsOf: reportFile, encoding: .utf8)
        XCTAssertEqual(report + "this report: \(reportFile.path)\n", result.summary() + "\n")
        XCTAssertTrue(report.contains("→ \(diff.path)/\(name)-strip.png"), report)

        let passing = try check(try GoldenScenes.drag(damping: 0.6), golden, .never, artifacts: diff).run()
        XCTAssertTrue(passing.passes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: diff.path), ["notes.txt"])
    }

    /// Goldens recorded at one scale and checked at another: every frame fails with the sizes, no crash.
    /// A golden recorded before manifests kept their scale: a size mismatch is a failing frame.
    @MainActor func testASizeMismatchIsAFailureThatSaysSo() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        _ = try check(try GoldenScenes.drag(scale: 1), directory, .missing, every: 60).run()
        var old = try manifest(directory)
        old.scale = nil
        try JSONEncoder().encode(old).write(to: directory.appendingPathComponent("manifest.json"))
        var sized = try check(try GoldenScenes.drag(scale: 2), directory, .never)
        sized.checksMotion = false
        let result = try sized.run()
        XCTAssertEqual(result.failures.map(\.frame), [0, 60, 120, 150])
        XCTAssertEqual(result.failures.first?.reason,
                       .sizeMismatch("the frames differ in size: reference 200×260 px, actual 400×520 px"))
        XCTAssertTrue(result.summary().contains("\n  the golden's frames are 200×260 px and the scene renders 400×520 px: check at the "
                                                + "scale the golden was recorded at (--scale), or record it again (--record all)\n"),
                      result.summary())
    }

    /// The contents of a golden folder, byte for byte, to show that nothing changed.
    @MainActor private func snapshot(_ directory: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            contents[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return contents
    }

    @MainActor private func assertGoldenError(_ body: @autoclosure () throws -> GoldenCheckResult, contains parts: [String],
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue(error is GoldenError, "\(error)", file: file, line: line)
            for part in parts { XCTAssertTrue("\(error)".contains(part), "\(error) lacks \(part)", file: file, line: line) }
        }
    }

    /// A scene that got shorter, off the golden's spacing: an error, and not one golden frame is
    /// deleted or rewritten in any record mode but `all`.
    @MainActor func testAShorterSceneIsAnErrorAndNoGoldenFrameIsLost() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        _ = try check(try GoldenScenes.drag(), directory, .missing, every: 7).run()
        let before = try snapshot(directory)
        let shorter = try GoldenScenes.drag(duration: 2.0)
        for mode in [RecordMode.missing, .failed, .never] {
            assertGoldenError(try check(shorter, directory, mode).run(),
                              contains: ["a sequence of 151 frames at 60.0 fps and the scene now has 121", "--record all"])
            XCTAssertEqual(try snapshot(directory), before, "\(mode)")
        }
        let again = try check(shorter, directory, .all).run()
        XCTAssertEqual(again.recordedFrames, GoldenCheck.frames(frameCount: 121, every: 7))
    }

    @MainActor func testAGoldenOfAnotherSceneOrScaleOrSpacingIsAnError() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        _ = try check(try GoldenScenes.drag(), directory, .missing, every: 60).run()
        let before = try snapshot(directory)
        assertGoldenError(try check(try GoldenScenes.drag(name: "other"), directory, .missing).run(),
                          contains: [#"recorded for scene "golden-drag", not "other""#])
        assertGoldenError(try check(try GoldenScenes.drag(scale: 2), directory, .missing).run(),
                          contains: ["drawn at scale 1.0 and the scene draws at 2.0 (check with --scale 1.0)"])
        assertGoldenError(try check(try GoldenScenes.drag(), directory, .missing, every: 30).run(),
                          contains: ["its frames are every 60 frames, not every 30"])
        XCTAssertEqual(try snapshot(directory), before)
    }

    /// Manifest entries cannot lead the check out of the golden folder.
    @MainActor func testAManifestEntryOutsideTheGoldenFolderIsRejected() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 60).run()
        let original = try manifest(directory)
        for file in ["../outside.png", "/etc/passwd", "frame_00060.png/../../x.png"] {
            var edited = original
            edited.frames[1].file = file
            try JSONEncoder().encode(edited).write(to: directory.appendingPathComponent("manifest.json"))
            assertGoldenError(try check(scene, directory, .never).run(), contains: ["frames[1].file is \"\(file)\""])
        }
        // A frame file that is a symbolic link out of the folder.
        try JSONEncoder().encode(original).write(to: directory.appendingPathComponent("manifest.json"))
        let outside = directory.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).png")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("frame_00060.png"), to: outside)
        addTeardownBlock { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("frame_00060.png"))
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("frame_00060.png"), withDestinationURL: outside)
        assertGoldenError(try check(scene, directory, .never).run(), contains: ["frames[1].file is \"frame_00060.png\""])
    }

    /// A golden frame whose header claims a million pixels a side is a size mismatch, told from
    /// the header: nothing is allocated for it.
    @MainActor func testAGoldenFrameClaimingAHugeSizeIsASizeMismatch() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 60).run()
        // 57 bytes: a header for 1,000,000 × 1,000,000 RGBA, an empty IDAT, the end.
        let png = forgedPNGHeader(width: 1_000_000, height: 1_000_000)
        XCTAssertEqual(png.count, 57)
        try Data(png).write(to: directory.appendingPathComponent("frame_00060.png"))
        var never = try check(scene, directory, .never)
        never.checksMotion = false
        let result = try never.run()
        XCTAssertEqual(result.failures.map(\.frame), [60])
        XCTAssertEqual(result.failures.first?.reason,
                       .sizeMismatch("the frames differ in size: reference 1000000×1000000 px, actual 200×260 px"))
    }

    /// The advice for an unreadable golden frame works: --record failed records it again.
    @MainActor func testAnUnreadableGoldenFrameIsRecordedAgainUnderRecordFailed() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 60).run()
        try Data("not a png".utf8).write(to: directory.appendingPathComponent("frame_00060.png"))
        var failed = try check(scene, directory, .failed)
        failed.checksMotion = false
        let result = try failed.run()
        XCTAssertEqual(result.failures.map(\.frame), [60])
        guard case .unreadable? = result.failures.first?.reason else { return XCTFail("\(result.failures)") }
        XCTAssertEqual(result.recordedFrames, [60])
        XCTAssertTrue(try check(scene, directory, .never).run().passes)
    }

    /// A golden frame that is not a PNG is an error naming the file, not a crash or a pass.
    @MainActor func testACorruptGoldenFrameIsAnError() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 60).run()
        let file = directory.appendingPathComponent("frame_00060.png")
        try Data("not a png".utf8).write(to: file)
        XCTAssertThrowsError(try check(scene, directory, .never).run()) { error in
            XCTAssertTrue(error is GoldenError, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("\(file.path): cannot read this golden frame"), "\(error)")
        }
    }

    @MainActor func testACorruptGoldenManifestIsAnError() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self)
        let scene = try GoldenScenes.drag()
        _ = try check(scene, directory, .missing, every: 60).run()
        let manifest = directory.appendingPathComponent("manifest.json")
        try Data("{ \"frames\": 3 }".utf8).write(to: manifest)
        XCTAssertThrowsError(try check(scene, directory, .missing).run()) { error in
            XCTAssertTrue(error is GoldenError, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("\(manifest.path): this is not a readable frame manifest ("), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("); record the golden again with --record all"), "\(error)")
        }
    }

    @MainActor func testTheRecordModeComesFromTheArgumentThenTheEnvironment() async throws {
        XCTAssertEqual(try RecordMode.resolved(nil, environment: [:]), .missing)
        XCTAssertEqual(try RecordMode.resolved(nil, environment: ["SPRINGFRAMES_RECORD": ""]), .missing)
        XCTAssertEqual(try RecordMode.resolved(nil, environment: ["SPRINGFRAMES_RECORD": "never"]), .never)
        XCTAssertEqual(try RecordMode.resolved(nil, environment: ["SPRINGFRAMES_RECORD": "Failed"]), .failed)
        XCTAssertEqual(try RecordMode.resolved(.all, environment: ["SPRINGFRAMES_RECORD": "never"]), .all)
        XCTAssertThrowsError(try RecordMode.resolved(nil, environment: ["SPRINGFRAMES_RECORD": "yes"])) { error in
            XCTAssertEqual("\(error)", "SPRINGFRAMES_RECORD is \"yes\"; the record modes are missing, all, failed, never")
        }
    }
}
