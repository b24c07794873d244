import Foundation
import Springframes
import Testing

/// A recorder given a frame rate or duration it cannot record throws `RecorderError`, from every
/// way to record: infinite, NaN or negative durations and NaN or negative frame rates trapped in
/// "Range requires lowerBound <= upperBound", and an absurd frame count tried to allocate 17 GB.
@MainActor @Suite struct RecorderParameterTests {
    nonisolated static let invalid: [(fps: Double, duration: Double, says: String)] = [
        (60, .infinity, "must be positive and finite"), (60, .nan, "must be positive and finite"), (60, -1, "must be positive and finite"),
        (.nan, 1, "must be positive and finite"), (-30, 1, "must be positive and finite"), (.infinity, 1, "must be positive and finite"),
        (1e9, 20, "makes 20000000001 frames; a recording has at most 10000000"),
    ]

    private func recorder(fps: Double, duration: Double) -> Recorder {
        Recorder(fps: fps, duration: duration, scale: 1, size: CGSize(width: 40, height: 40)) {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.backgroundColor = .red
            return view
        }
    }

    private func expectRecorderError(_ says: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no error")
        } catch let error as RecorderError {
            #expect(error.description.contains(says), "\(error)")
        } catch {
            Issue.record("another error: \(error)")
        }
    }

    @Test(arguments: invalid)
    func everyWayToRecordThrowsForAFrameRateOrDurationItCannotRecord(_ fps: Double, _ duration: Double, _ says: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-invalid-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = recorder(fps: fps, duration: duration)
        expectRecorderError(says) { try recorder.record(to: folder) }
        expectRecorderError(says) { _ = try recorder.trace() }
        expectRecorderError(says) { try recorder.streamTrace(format: .csv) { _ in } }
        expectRecorderError(says) { _ = try recorder.images(ofFrames: [0]) }
        expectRecorderError(says) {
            var check = GoldenCheck(recorder: recorder, font: try Font.named(), directory: folder.appendingPathComponent("golden"), workers: 1)
            check.artifacts = folder.appendingPathComponent("diff")
            _ = try check.run()
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("golden").path), "nothing recorded")
    }
}

/// `Recorder.record(to:video:)` names a broken `SPRINGFRAMES_FFMPEG` before drawing a frame. In a
/// child process, because the variable is read from the process environment.
@Suite struct RecorderBrokenFFmpegTests {
    @Test func recordingWithVideoNamesAFailingFFmpegVariableBeforeAnyFrame() async {
        await #expect(processExitsWith: .success) {
            setenv("SPRINGFRAMES_FFMPEG", "/bin/false", 1)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-ffmpeg-\(getpid())")
            let failedFirst = await MainActor.run { () -> Bool in
                let recorder = Recorder(fps: 10, duration: 0.5, scale: 1, size: CGSize(width: 40, height: 40)) { UIView() }
                do {
                    try recorder.record(to: folder, video: folder.appendingPathExtension("mp4"))
                    return false
                } catch {
                    return "\(error)".contains("SPRINGFRAMES_FFMPEG=/bin/false cannot be used")
                        && !FileManager.default.fileExists(atPath: folder.path)
                }
            }
            exit(failedFirst ? 0 : 1)
        }
    }
}
