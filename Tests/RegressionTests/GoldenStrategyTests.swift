import FrameIO
import Foundation
import Raster
@testable import Regression
import Scenes
import XCTest

final class GoldenStrategyTests: XCTestCase {
    @MainActor private func check(_ scene: Scene, _ directory: URL, _ mode: RecordMode,
                                  strategies: [GoldenStrategy] = GoldenStrategy.all) throws -> GoldenCheck {
        var check = GoldenCheck(scene: scene, font: try Font.named(), directory: directory, workers: 2)
        check.record = mode
        check.strategies = strategies
        return check
    }

    @MainActor private func files(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @MainActor func testStrategies_DefaultIsFramesThenMotion() async throws {
        let check = try check(try GoldenScenes.drag(), URL(fileURLWithPath: "/nonexistent"), .never)
        XCTAssertEqual(GoldenStrategy.all, [.frames, .motion])
        XCTAssertEqual(GoldenCheck(scene: try GoldenScenes.drag(), font: try Font.named(), directory: check.directory).strategies,
                       [.frames, .motion])
        XCTAssertTrue(check.checksFrames)
        XCTAssertTrue(check.checksMotion)
        XCTAssertEqual(GoldenStrategy.frames.name, "frames")
        XCTAssertEqual(GoldenStrategy.motion.description, "motion")
        XCTAssertNotEqual(GoldenStrategy.frames, GoldenStrategy.motion)
    }

    /// The two booleans are views of the list: clearing one leaves the other strategy alone, and
    /// setting one back puts its strategy where the default has it.
    @MainActor func testStrategies_TheBooleansAddAndRemoveStrategies() async throws {
        var check = try check(try GoldenScenes.drag(), URL(fileURLWithPath: "/nonexistent"), .never)
        check.checksFrames = false
        XCTAssertEqual(check.strategies, [.motion])
        XCTAssertFalse(check.checksFrames)
        XCTAssertTrue(check.checksMotion)
        check.checksFrames = true
        XCTAssertEqual(check.strategies, [.frames, .motion])
        check.checksMotion = false
        XCTAssertEqual(check.strategies, [.frames])
        check.checksFrames = false
        XCTAssertEqual(check.strategies, [])
        check.checksMotion = true
        check.checksFrames = true
        XCTAssertEqual(check.strategies, [.frames, .motion])
        check.strategies = [.motion, .frames]
        check.checksFrames = true
        XCTAssertEqual(check.strategies, [.motion, .frames], "a strategy already listed stays where it is")
    }

    /// Motion only: a new golden is the trace alone, and a damping change is reported as a motion
    /// difference against a golden that holds no frames at all.
    @MainActor func testMotionOnly_RecordsAndReadsNoFrameFiles() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self).appendingPathComponent("drag")
        let first = try check(try GoldenScenes.drag(damping: 0.6), directory, .missing, strategies: [.motion]).run()
        XCTAssertTrue(first.recordedTrace)
        XCTAssertEqual(first.recordedFrames, [])
        XCTAssertEqual(try files(directory), ["trace.csv"])
        XCTAssertEqual(first.summary(), "recorded the golden trace in \(directory.path) (record mode missing): "
                       + "review and commit them; the check fails while it records")

        // A manifest that cannot be read is not read: the frames are not checked.
        try Data("not a manifest".utf8).write(to: directory.appendingPathComponent(FrameManifest.fileName))
        let result = try check(try GoldenScenes.drag(damping: 0.5), directory, .never, strategies: [.motion]).run()
        XCTAssertFalse(result.passes)
        XCTAssertFalse(result.recordedAnything)
        XCTAssertEqual(result.framesCompared, 0)
        XCTAssertTrue(result.failures.isEmpty)
        let motion = try XCTUnwrap(result.motion)
        XCTAssertFalse(motion.passes)
        let change = try XCTUnwrap(motion.changes.first { $0.item == 0 })
        XCTAssertGreaterThan(change.actual.overshoot, change.reference.overshoot)
        XCTAssertEqual(result.summary(), motion.report(), "nothing about frames")
        XCTAssertTrue(result.summary().contains("item 0: overshoot "), result.summary())
        XCTAssertEqual(try files(directory), [FrameManifest.fileName, "trace.csv"])
    }

    /// Frames only: a golden without a trace is complete, even under `never`, and no trace is written.
    @MainActor func testFramesOnly_IgnoresAMissingTrace() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self).appendingPathComponent("drag")
        var recording = try check(try GoldenScenes.drag(), directory, .missing)
        recording.every = 50
        let first = try recording.run()
        XCTAssertEqual(first.recordedFrames, [0, 50, 100, 150])
        XCTAssertTrue(first.recordedTrace)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("trace.csv"))

        let result = try check(try GoldenScenes.drag(), directory, .never, strategies: [.frames]).run()
        XCTAssertTrue(result.passes, result.summary())
        XCTAssertNil(result.motion)
        XCTAssertFalse(result.recordedTrace)
        XCTAssertEqual(result.framesCompared, 4)
        XCTAssertEqual(result.summary(), "frames: 4 compared (every 50th frame and the last of 151), all match")
        XCTAssertFalse(try files(directory).contains("trace.csv"))

        // With the motion checked too, the missing trace is named under `never`.
        XCTAssertThrowsError(try check(try GoldenScenes.drag(), directory, .never).run()) { error in
            XCTAssertTrue("\(error)".contains("the golden is incomplete: it has no trace.csv"), "\(error)")
        }
    }

    /// A strategy listed twice is checked once.
    @MainActor func testStrategies_ARepeatedStrategyIsCheckedOnce() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self).appendingPathComponent("drag")
        _ = try check(try GoldenScenes.drag(), directory, .missing, strategies: [.motion]).run()
        let result = try check(try GoldenScenes.drag(), directory, .never, strategies: [.motion, .motion]).run()
        XCTAssertTrue(result.passes, result.summary())
        XCTAssertEqual(result.summary(), "motion: matches the golden trace")
    }

    /// No strategy: nothing is read, compared or recorded, and the check passes.
    @MainActor func testStrategies_NoneChecksNothing() async throws {
        let directory = try GoldenScenes.temporaryDirectory(self).appendingPathComponent("drag")
        let result = try check(try GoldenScenes.drag(), directory, .missing, strategies: []).run()
        XCTAssertTrue(result.passes)
        XCTAssertEqual(result.summary(), "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }
}
