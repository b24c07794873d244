import Foundation
import Recording
import Raster
import Regression
import Scenes
import Testing
import Views
import XCTest

// Assertions for a user's own test suite, in XCTest or Swift Testing, in the style of
// swift-snapshot-testing: goldens live beside the test file in
// `__Snapshots__/<TestFile>/<test>.<name>/`, a failure is reported at the line of the assertion
// (through `Issue.record` in Swift Testing, `XCTFail` in XCTest) and the test goes on, so that one
// run records every missing golden of a test.
//
// The first run records the goldens and fails, so that a person reviews them before they are
// committed; later runs compare. Failure artifacts (diff images, reference | actual | diff
// strips, a sheet of the failing frames, the report) go to `$SPRINGFRAMES_ARTIFACTS`, else the
// temporary directory, under `<TestFile>/<test>.<name>/`; the report names them.
//
// ```swift
// @Test func photosSpringBack() throws {
//     let touches = TouchScript().down(at: 0.2, CGPoint(x: 200, y: 500))
//         .move(to: CGPoint(x: 200, y: 300), duration: 0.3).up()
//     let recorder = Recorder(duration: 2, scale: 1, touches: touches) { PhotosViewController() }
//     try assertRecording(of: recorder, named: "spring-back", every: 10)     // frames and motion, one play
// }
// ```
//
// Parameters shared by the assertions:
// - `named`: the golden's name within the test.
// - `record`: the record mode; nil takes `SPRINGFRAMES_RECORD`, else `.missing`.
// - `snapshotDirectory`: where the goldens go instead of `__Snapshots__/<TestFile>`.
// - `every`: golden frames are every Nth frame and the last (default: the golden's spacing, 1 for
//   a new golden).
//
// They throw only what is not a regression: a golden that is missing under `.never` or
// unreadable (`GoldenError`), a UI instance recorded twice (`RecorderError`), I/O errors.
//
// Under `swift test --parallel` each test checks its own golden folder, named after its file,
// function and `named`, and writes its artifacts to a folder of its own, so tests running at the
// same time (in one process or several) never share a file; under `--filter` only the goldens of
// the tests that run are read or recorded. The one clash left is a parameterized Swift Testing
// test (`@Test(arguments:)`), whose cases share a function name and run side by side: each case
// needs its own `named:` (say, `named: "drag-\(damping)"`), and a second case asking for a golden
// another case of the run already checked throws `GoldenError` rather than compare against it.

/// Checks the frames `recorder` records against golden frames (see the file's notes).
@MainActor public func assertFrames(of recorder: Recorder, named name: String = "frames", every: Int? = nil,
                         tolerance: FrameTolerance = FrameTolerance(), record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) throws {
    try check(recorder, name: name, record: record, snapshotDirectory: snapshotDirectory,
              at: FailureLocation(fileID: fileID, filePath: filePath, function: function, line: line, column: column)) { check in
        check.every = every
        check.frameTolerance = tolerance
        check.checksMotion = false
    }
}

/// Checks the motion (the trace) `recorder` records against a golden trace,
/// `__Snapshots__/<TestFile>/<test>.<name>/trace.csv`; a difference is reported as each moving
/// element's overshoot, settling time, peak speed, rest position and zoom, golden → now, and a
/// scroll view's resting offset (see the file's notes).
@MainActor public func assertTrace(of recorder: Recorder, named name: String = "trace", tolerance: MotionTolerance = MotionTolerance(),
                        record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                        line: UInt = #line, column: UInt = #column) throws {
    try check(recorder, name: name, record: record, snapshotDirectory: snapshotDirectory,
              at: FailureLocation(fileID: fileID, filePath: filePath, function: function, line: line, column: column)) { check in
        check.motionTolerance = tolerance
        check.checksFrames = false
    }
}

/// Checks frames and motion in one play of the UI, against one golden folder, and reports once:
/// a first run records both and fails once, listing them.
@MainActor public func assertRecording(of recorder: Recorder, named name: String = "recording", every: Int? = nil,
                            frameTolerance: FrameTolerance = FrameTolerance(), motionTolerance: MotionTolerance = MotionTolerance(),
                            record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                            fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                            line: UInt = #line, column: UInt = #column) throws {
    try check(recorder, name: name, record: record, snapshotDirectory: snapshotDirectory,
              at: FailureLocation(fileID: fileID, filePath: filePath, function: function, line: line, column: column)) { check in
        check.every = every
        check.frameTolerance = frameTolerance
        check.motionTolerance = motionTolerance
    }
}

// MARK: Scenes and views

/// `assertFrames` of a scene's recording.
@MainActor public func assertFrames(of scene: Scene, named name: String = "frames", every: Int? = nil,
                         tolerance: FrameTolerance = FrameTolerance(), record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) throws {
    try assertFrames(of: Recorder(scene: scene, font: try Font.named()), named: name, every: every, tolerance: tolerance,
                     record: record, snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath,
                     function: function, line: line, column: column)
}

/// `assertTrace` of a scene's recording.
@MainActor public func assertTrace(of scene: Scene, named name: String = "trace", tolerance: MotionTolerance = MotionTolerance(),
                        record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                        line: UInt = #line, column: UInt = #column) throws {
    try assertTrace(of: Recorder(scene: scene, font: try Font.named()), named: name, tolerance: tolerance, record: record,
                    snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath, function: function,
                    line: line, column: column)
}

/// `assertFrames` of a view (a window, or a view placed in a window of its size) played for
/// `duration` seconds under `touches`. The view is recorded once: check frames and motion of
/// one instance together with `assertRecording(of: Recorder(view:…))`.
@MainActor public func assertFrames(of view: UIView, touches: TouchScript = TouchScript(), duration: Double, fps: Double = 60,
                         scale: Double = 2, named name: String = "frames", every: Int? = nil,
                         tolerance: FrameTolerance = FrameTolerance(), record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) throws {
    try assertFrames(of: Recorder(view: view, name: name, fps: fps, duration: duration, scale: scale, touches: touches),
                     named: name, every: every, tolerance: tolerance, record: record, snapshotDirectory: snapshotDirectory,
                     fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// `assertFrames` of a view controller shown as the root of a window of `size`.
@MainActor public func assertFrames(of viewController: UIViewController, size: CGSize = UIScreen.main.bounds.size,
                         touches: TouchScript = TouchScript(), duration: Double, fps: Double = 60, scale: Double = 2,
                         named name: String = "frames", every: Int? = nil,
                         tolerance: FrameTolerance = FrameTolerance(), record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) throws {
    try assertFrames(of: Recorder(viewController: viewController, name: name, fps: fps, duration: duration, scale: scale,
                                  touches: touches, size: size),
                     named: name, every: every, tolerance: tolerance, record: record, snapshotDirectory: snapshotDirectory,
                     fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// `assertTrace` of a view (a window, or a view placed in a window of its size) played for
/// `duration` seconds under `touches`.
@MainActor public func assertTrace(of view: UIView, touches: TouchScript = TouchScript(), duration: Double, fps: Double = 60,
                        named name: String = "trace", tolerance: MotionTolerance = MotionTolerance(),
                        record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                        line: UInt = #line, column: UInt = #column) throws {
    try assertTrace(of: Recorder(view: view, name: name, fps: fps, duration: duration, touches: touches), named: name,
                    tolerance: tolerance, record: record, snapshotDirectory: snapshotDirectory, fileID: fileID,
                    filePath: filePath, function: function, line: line, column: column)
}

/// `assertTrace` of a view controller shown as the root of a window of `size`.
@MainActor public func assertTrace(of viewController: UIViewController, size: CGSize = UIScreen.main.bounds.size,
                        touches: TouchScript = TouchScript(), duration: Double, fps: Double = 60,
                        named name: String = "trace", tolerance: MotionTolerance = MotionTolerance(),
                        record: RecordMode? = nil, snapshotDirectory: URL? = nil,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                        line: UInt = #line, column: UInt = #column) throws {
    try assertTrace(of: Recorder(viewController: viewController, name: name, fps: fps, duration: duration, touches: touches,
                                 size: size),
                    named: name, tolerance: tolerance, record: record, snapshotDirectory: snapshotDirectory, fileID: fileID,
                    filePath: filePath, function: function, line: line, column: column)
}

// MARK: Reporting

/// Where an assertion was written: its failures are reported there.
package struct FailureLocation: Sendable {
    package var fileID: StaticString, filePath: StaticString
    package var function: String
    package var line: UInt, column: UInt
}

/// A failure's one-line headline, as the error Swift Testing shows first.
private struct Headline: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}

/// Reports assertion failures to the running test framework: Swift Testing when a Swift Testing
/// test is running, else XCTest.
package enum FailureReporter {
    /// Replaces the framework within `body` (this package's tests of the assertions use it).
    @TaskLocal package static var override: (@Sendable (RegressionFailure, FailureLocation) -> Void)?

    static func report(_ failure: RegressionFailure, at location: FailureLocation) {
        if let override {
            override(failure, location)
        } else if Test.current != nil {
            // Recorded as an error whose description is the headline, so the test report's first
            // line names what failed; the whole report follows as the comment.
            Issue.record(Headline(text: failure.headline), Comment(rawValue: failure.description),
                         sourceLocation: SourceLocation(fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                                                        line: Int(location.line), column: Int(location.column)))
        } else {
            XCTFail(failure.description, file: location.filePath, line: location.line)
        }
    }
}

@MainActor private func check(_ recorder: Recorder, name: String, record: RecordMode?, snapshotDirectory: URL?, at location: FailureLocation,
                   configure: (inout GoldenCheck) -> Void) throws {
    let assertion = try GoldenAssertion(name: name, record: record, snapshotDirectory: snapshotDirectory,
                                        file: location.filePath, function: location.function)
    try GoldenClaims.claim(assertion.golden, parameterized: Test.Case.current?.isParameterized ?? false)
    var check = try assertion.check(recorder)
    configure(&check)
    let result = try check.run()
    if !result.passes { FailureReporter.report(RegressionFailure(result: result), at: location) }
}

/// The goldens checked by cases of parameterized tests in this process: two cases may not share one.
package enum GoldenClaims {
    @MainActor private static var claimed: Set<String> = []

    /// Throws `GoldenError` when `golden` was already checked in this process by a case of a
    /// parameterized test and this check is one too; records it otherwise.
    @MainActor package static func claim(_ golden: URL, parameterized: Bool) throws {
        guard parameterized else { return }
        guard claimed.insert(golden.standardizedFileURL.path).inserted else {
            throw GoldenError(path: golden.path, message: "another case of this parameterized test already checked this golden in this "
                              + "run; the cases run side by side and would overwrite and compare against each other's golden: give "
                              + "each case a name of its own (named: \"drag-\\(argument)\")")
        }
    }
}
